"""The quick answers for a joker taken by exchange still to place (``jokerduty``) against the
plain search: every lay-off or exchange it passes must leave a turn that can end, and every one
it rejects one that cannot (rule 30, checked by ``lookahead.is_finishable`` on the built
successor), and the down player's listing that uses them must equal the plain one (every table
move applied and checked), in deals with runs above all.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.actions import ContractAction, Exchange, LayOff
from samrap.games.contract.cards import JOKER
from samrap.games.contract.contracts import LAST_DEAL
from samrap.games.contract.jokerduty import JokerDuty
from samrap.games.contract.lookahead import is_finishable
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import ContractState, Phase
from samrap.games.contract.transitions import apply_unchecked
from samrap.games.contract.turn import play_actions
from samrap.games.contract.turnmoves import table_moves
from tests.games.contract.sim import deal_states

CONFIGS = ("contract(players=4)", "contract(players=3)", "contract(jokers=8,players=3)", "contract(preset=pagat)")


def _down_positions(config: str, deal: int, deals: int, seed: int) -> Iterator[ContractState]:
    """After-draw positions of a player who is down, from uniformly random play of ``deal``
    (the benchmark's way: deep pick-ups and exchanges come up often)."""
    game = ContractGame(ContractConfig.from_string(config))
    rng = random.Random(seed)
    for _ in range(deals):
        s = game.new_game(seed=rng.getrandbits(32), deal_number=deal)
        while s.phase is not Phase.OVER:
            if s.phase is Phase.PLAY and s.down >> s.current & 1 and s.deal != LAST_DEAL:
                yield s
            s = apply_unchecked(s, rng.choice(legal_actions(s)))


def _eager_positions(config: str, seeds: range) -> Iterator[ContractState]:
    for seed in seeds:
        for s in deal_states(config, seed):
            if s.phase is Phase.PLAY and s.down >> s.current & 1 and s.deal != LAST_DEAL:
                yield s


def _quick(s: ContractState, a: ContractAction) -> bool | None:
    """What the listing's quick test says of ``a`` (``None``: its precondition does not hold)."""
    pack = s.config.pack
    hand = s.hands[s.current]
    pending = s.pending & hand
    deep_held = s.deep >= 0 and hand >> s.deep & 1
    if isinstance(a, LayOff):
        if (
            pending.bit_count() == 1
            and deep_held
            and pack.faces[s.deep] != JOKER
            and not a.joker
            and a.face != pack.faces[s.deep]
        ):
            return JokerDuty(s, hand).after_layoff(s.melds, a.target, a.face)
        return None
    if isinstance(a, Exchange) and not pending:  # (a "yes" or nothing shown)
        return JokerDuty(s, hand).after_exchange(a.face, hand & pack.face_masks[a.face]) or None
    return None


def _check(positions: Iterator[ContractState]) -> tuple[int, int]:
    """Every quick answer ("yes", or "no" where one is given) is the search's; the listing equals
    the plain one. (positions, quick yeses)"""
    n = yes = 0
    for s in positions:
        n += 1
        moves = list(table_moves(s))
        for a in moves:
            quick = _quick(s, a)
            if quick is not None:
                yes += quick
                assert is_finishable(apply_unchecked(s, a)) == quick, (s.to_string(), a)
        plain = [a for a in moves if is_finishable(apply_unchecked(s, a))]
        listed = [a for a in play_actions(s) if isinstance(a, LayOff | Exchange)]
        assert listed == [a for a in plain if isinstance(a, LayOff | Exchange)], s.to_string()
    return n, yes


@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_every_quick_yes_is_a_turn_that_can_end_in_random_deals_with_runs(deal: int) -> None:
    """Uniformly random 4-player deals (the benchmark's): the plan is found often, never wrongly."""
    n, yes = _check(_down_positions(CONFIGS[0], deal, 25, deal))
    assert n > 200 and yes > 20, (n, yes)


@pytest.mark.parametrize("config", CONFIGS[1:])
def test_every_quick_yes_is_a_turn_that_can_end_under_other_rules(config: str) -> None:
    """Eager seeded deals (more exchanges, more jokers, the pagat preset), every deal number."""
    n, yes = _check(_eager_positions(config, range(40)))
    assert n > 100 and yes > 0, (n, yes)
