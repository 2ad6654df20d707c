"""The listing of a down player's table moves with no open duty (``turn._free_table_actions``,
built without the ``table_moves`` generator), and with the deep card the only duty
(``turn._deep_table_actions``), against the general loop and the plain path: every move ``table_moves``
lists, applied and checked by ``lookahead.is_finishable`` (rule 30), in deals 2, 3, 5, 6 and
other rule sets, so that a wrong spare test or a move out of order fails here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.contracts import LAST_DEAL
from samrap.games.contract.lookahead import discardable, is_finishable
from samrap.games.contract.melds import RUN, _ext, pos_face, shape
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import ContractState, Phase
from samrap.games.contract.transitions import apply_unchecked
from samrap.games.contract.turn import _deep_table_actions, _free_table_actions, _table_actions
from samrap.games.contract.turnmoves import table_moves

#: (pagat is left out: its random deals seldom reach a down player with no open duty)
CONFIGS = ("contract(players=4)", "contract(players=3)", "contract(jokers=8,players=3)")


def _free_positions(config: str, deal: int, deals: int, seed: int) -> Iterator[tuple[ContractState, int]]:
    """After-draw positions of a down player with no open duty (the shortcut's precondition),
    from uniformly random play of ``deal``."""
    game = ContractGame(ContractConfig.from_string(config))
    rng = random.Random(seed)
    for _ in range(deals):
        s = game.new_game(seed=rng.getrandbits(32), deal_number=deal)
        while s.phase is not Phase.OVER:
            if (
                s.phase is Phase.PLAY
                and s.down >> s.current & 1
                and s.deal != LAST_DEAL
                and not s.config.melds_after_down
            ):
                free = discardable(s)
                if free:
                    yield s, free
            s = apply_unchecked(s, rng.choice(legal_actions(s)))


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_free_listing_is_the_plain_one(config: str, deal: int) -> None:
    seen = 0
    for s, free in _free_positions(config, deal, 25, 1000 * deal + len(config)):
        plain = [a for a in table_moves(s) if is_finishable(apply_unchecked(s, a))]
        assert _free_table_actions(s, free) == plain
        seen += 1
    assert seen > 10


def _deep_positions(config: str, deal: int, deals: int, seed: int) -> Iterator[ContractState]:
    """After-draw positions of a down player holding the deep card as the turn's only duty (no
    exchanged joker pending), from uniformly random play of ``deal``."""
    game = ContractGame(ContractConfig.from_string(config))
    rng = random.Random(seed)
    for _ in range(deals):
        s = game.new_game(seed=rng.getrandbits(32), deal_number=deal)
        while s.phase is not Phase.OVER:
            hand = s.hands[s.current]
            if (
                s.phase is Phase.PLAY
                and s.down >> s.current & 1
                and s.deal != LAST_DEAL
                and not s.config.melds_after_down
                and s.deep >= 0
                and hand >> s.deep & 1
                and not s.pending & hand
            ):
                yield s
            s = apply_unchecked(s, rng.choice(legal_actions(s)))


@pytest.mark.parametrize("config", [*CONFIGS, "contract(preset=pagat,players=3,pickup=deep)"])
@pytest.mark.parametrize("deal", [2, 3, 5, 6])
def test_deep_card_listing_is_the_general_loops_and_the_plain_one(config: str, deal: int) -> None:
    """Rules 12, 24 and 30: with the deep card the only duty, the direct loop lists what the
    general loop of ``_table_actions`` lists, and what applying and searching every move keeps."""
    seen = kept = 0
    for s in _deep_positions(config, deal, 25, 1000 * deal + len(config) + 7):
        got = _deep_table_actions(s, s.hands[s.current])
        assert got == _table_actions(s, 0, direct=False), s.to_string()
        assert got == [a for a in table_moves(s) if is_finishable(apply_unchecked(s, a))], s.to_string()
        seen += 1
        kept += len(got)
    assert seen > 10 and kept > 5, (seen, kept)


def test_run_open_faces_from_the_table_equal_the_shape_definition() -> None:
    """``melds._ext`` reads a run's open faces from a table built at import (``RUN_EXT``); its
    twin is the definition: the faces that, added to the run's faces, still make a run (rule 14,
    the ace high or low but not both)."""
    for suit in range(4):
        for lo in range(14):
            for hi in range(lo + 2, min(lo + 13, 14)):  # runs of 3 to 13 cards
                faces = 0
                for p in range(lo, hi + 1):
                    faces |= 1 << pos_face(suit, p)
                if faces.bit_count() != hi - lo + 1:  # (positions 0 and 13 are both the ace)
                    continue
                sh = shape(faces)
                assert sh is not None and sh[0] == RUN
                want = 0
                for f in range(13 * suit, 13 * suit + 13):
                    if not faces >> f & 1:
                        grown = shape(faces | 1 << f)
                        if grown is not None and grown[0] == RUN:
                            want |= 1 << f
                assert _ext(RUN, suit, sh[2], sh[3], faces) == want, (suit, lo, hi)


def test_a_run_grown_by_with_card_equals_the_meld_made_afresh() -> None:
    """``melds.with_card`` finds a run's new end by position (``13 * suit + hi`` for the face
    above) and its open faces from ``RUN_EXT``: every run of 3 to 12 cards grown by each face
    that extends it equals the meld made afresh from the grown faces (``shape``, ``make_meld``)."""
    from samrap.games.contract.melds import make_meld, with_card

    grown_runs = 0
    for suit in range(4):
        for lo in range(14):
            for hi in range(lo + 2, min(lo + 12, 14)):
                faces = 0
                for p in range(lo, hi + 1):
                    faces |= 1 << pos_face(suit, p)
                if faces.bit_count() != hi - lo + 1:
                    continue
                sh = shape(faces)
                assert sh is not None
                m = make_meld(1, sh, faces, 0b111, ())
                for f in range(13 * suit, 13 * suit + 13):
                    grown = shape(faces | 1 << f) if not faces >> f & 1 else None
                    if grown is None or grown[0] != RUN:
                        continue
                    assert with_card(m, f, 5, False) == make_meld(1, grown, faces | 1 << f, 0b100111, ()), (lo, hi, f)
                    grown_runs += 1
    assert grown_runs > 300
