"""The ContractGame facade (DESIGN §7.3) and the seeded deal."""

from __future__ import annotations

import random

import pytest

from samrap.games.contract import (
    MAX_GAME_LENGTH,
    SEED,
    TERMINAL,
    ContractConfig,
    ContractGame,
    ContractState,
    ContractView,
)
from samrap.games.contract.actions import DRAW, Draw
from samrap.games.contract.game import max_game_length
from samrap.games.contract.state import Phase


def test_facade_names() -> None:
    g = ContractGame()
    assert g.name == "contract" and g.config == SEED and g.players == 4
    assert MAX_GAME_LENGTH == max_game_length(SEED) == 1000 * 5 + 2 * 106 == g.max_game_length
    s = g.new_game(seed=5)
    assert g.current_player(s) == s.current and not g.is_terminal(s)
    assert g.legal_actions(s)[0] == DRAW and g.parse_action("D") == Draw() and g.action_text(DRAW) == "D"
    assert g.state_from_string(s.to_string()) == s
    v = g.observe(s, 2)
    assert isinstance(v, ContractView) and g.view_from_string(v.to_string()) == v
    assert hash(v) == hash(g.observe(g.new_game(seed=5), 2)) and hash(s) == hash(g.new_game(seed=5))
    assert isinstance(g.resample(v, random.Random(1)), ContractState)
    assert g.returns(s) == (0, 0, 0, 0) and g.ledger(s) == ()
    over = s._replace(phase=Phase.OVER)
    assert g.current_player(over) == TERMINAL


def test_new_game_from_seed_or_deck() -> None:
    g = ContractGame(ContractConfig(players=3))
    a, b = g.new_game(seed=7), g.new_game(seed=7)
    assert a == b and g.new_game(seed=8) != a
    deck = g.deal_order(7)
    assert sorted(deck) == list(range(106))
    c = g.new_game(deck=deck, dealer=a.dealer)
    assert c.hands == a.hands and c.stock == a.stock and c.seed != a.seed  # the deck alone gives its own seed
    assert g.new_game(deck=deck, dealer=0) == g.new_game(deck=deck, dealer=0)
    d = g.new_game(seed=7, deck=deck, dealer=a.dealer)
    assert d == a
    e = g.new_game(seed=7, dealer=2, deal_number=5, scores=[3, 4, 5])
    assert e.dealer == 2 and e.current == 0 and e.deal == 5 and e.scores == (3, 4, 5)
    assert all(h.bit_count() == 12 for h in e.hands)
    with pytest.raises(ValueError):
        g.new_game()


def test_random_play_always_ends_within_the_bound() -> None:
    """A few whole deals of uniform random play per preset end well inside ``max_game_length``."""
    for cfg in ("contract(players=3)", "contract(preset=pagat)", "contract(preset=liverpool,players=5)"):
        g = ContractGame(ContractConfig.from_string(cfg))
        rng = random.Random(cfg)
        for seed in range(2):
            s = g.new_game(seed=seed, deal_number=rng.randint(1, 7))
            n = 0
            while not g.is_terminal(s):
                s = g.apply_unchecked(s, rng.choice(g.legal_actions(s)))
                n += 1
            assert n < g.max_game_length / 2
