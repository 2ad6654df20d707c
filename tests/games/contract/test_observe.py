"""Observation hygiene (DESIGN §7.9.4): views hide exactly the hidden cards, and resampling is consistent.

- Changing hidden cards (another seat's unknown cards, the stock order, the reshuffle seed) never
  changes a seat's view.
- ``observe(resample(observe(s, seat)), seat) == observe(s, seat)``, the resampled state is a whole
  pack (card conservation), and the seat's legal actions are the same in it when it is to move.
"""

from __future__ import annotations

import random

import pytest

from samrap.games.contract import ContractConfig, ContractGame, ContractState
from samrap.games.contract.cards import bits
from samrap.games.contract.notation import check_state
from tests.games.contract.sim import deal_states

CONFIGS = ["contract(players=3)", "contract()", "contract(preset=liverpool,players=5)", "contract(preset=pagat)"]


def swap_hidden(s: ContractState, rng: random.Random) -> ContractState | None:
    """``s`` with one seat's unknown hand card swapped for a stock card (None if nothing to swap)."""
    seats = [q for q in range(s.players) if s.hands[q] & ~s.known[q] & ~s.pending]
    if not seats or not s.stock:
        return None
    q = rng.choice(seats)
    card = rng.choice(bits(s.hands[q] & ~s.known[q] & ~s.pending))
    if card == s.deep:
        return None
    k = rng.randrange(len(s.stock))
    other = s.stock[k]
    hands = list(s.hands)
    hands[q] = (hands[q] & ~(1 << card)) | 1 << other
    stock = (*s.stock[:k], card, *s.stock[k + 1 :])
    return s._replace(hands=tuple(hands), stock=stock)


@pytest.mark.parametrize("config", CONFIGS)
def test_hidden_changes_do_not_change_other_views(config: str) -> None:
    game = ContractGame(ContractConfig.from_string(config))
    rng = random.Random(config)
    checked = 0
    for seed in range(3):
        for s in deal_states(config, seed):
            t = swap_hidden(s, rng)
            if t is None or game.is_terminal(s):  # at the end the hands are shown
                continue
            check_state(t)
            changed = next(q for q in range(s.players) if s.hands[q] != t.hands[q])
            for seat in range(s.players):
                if seat != changed:
                    assert game.observe(t, seat) == game.observe(s, seat)
            reseeded = s._replace(seed=s.seed + 1, stock=tuple(reversed(s.stock)))
            assert all(game.observe(reseeded, q) == game.observe(s, q) for q in range(s.players))
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("config", CONFIGS)
def test_resample_is_consistent_with_the_view(config: str) -> None:
    game = ContractGame(ContractConfig.from_string(config))
    rng = random.Random(config)
    for seed in range(2):
        for i, s in enumerate(deal_states(config, seed)):
            if i % 3:
                continue
            for seat in range(s.players):
                v = game.observe(s, seat)
                r = game.resample(v, rng)
                check_state(r)
                assert game.observe(r, seat) == v
                if game.current_player(s) == seat:
                    assert game.legal_actions(r) == game.legal_actions(s)


def test_views_show_no_hidden_card() -> None:
    """The view string names no card of another seat's unknown hand part or of the stock."""
    game = ContractGame(ContractConfig(players=3))
    pack = game.config.pack
    for s in deal_states("contract(players=3)", 9):
        if game.is_terminal(s):
            break
        for seat in range(3):
            text = game.observe(s, seat).to_string()
            fields = dict(f.split(":", 1) for f in text.split("|")[3:])
            shown = fields["hands"].split(",")
            for q in range(3):
                if q != seat:
                    assert shown[q].startswith("?")
            assert fields["stock"] == str(len(s.stock))
            assert "seed" not in fields
            assert pack.parse_mask(shown[seat]) == s.hands[seat]
