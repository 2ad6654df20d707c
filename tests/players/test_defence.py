"""The near-knock defence: discards leave the search's root only when an opponent may knock next."""

from __future__ import annotations

from random import Random

import pytest

from samrap.core.rng import make_rng
from samrap.games.dummy import DummyConfig, DummyGame, DummyState
from samrap.games.dummy.actions import Discard, Knock, LayOff, Meld
from samrap.games.dummy.rules import legal_moves
from samrap.players.budget import Budget
from samrap.players.defence import THREAT_CARDS, near_knock_defence, threatened
from samrap.players.heuristic.dummy import DummyHeuristic
from samrap.players.ismcts import ISMCTSPlayer, bot_rollout
from tests.games.dummy.builders import position

GAME = DummyGame(DummyConfig(players=2))


def _threat(opponent: str = "2d3h", mine: str = "7h8h9h5c5d5sKd2s", phase: str = "play") -> DummyState:
    return position([mine, opponent], row="Qh* 9d1", melds="TcJcQc@0", phase=phase, born=[0])


def test_a_short_opponent_takes_the_discards_out() -> None:
    s = _threat()
    view, legal = GAME.observe(s, 0), legal_moves(s)
    assert threatened(view) and any(isinstance(a, Discard) for a in legal)
    kept = near_knock_defence(view, legal)
    assert kept and all(a in legal for a in kept)
    assert not any(isinstance(a, Discard) for a in kept)
    assert any(isinstance(a, Meld) for a in kept)
    assert all(isinstance(a, Meld | LayOff | Knock) for a in kept)


def test_no_threat_or_no_safe_put_down_leaves_the_moves_alone() -> None:
    far = _threat(opponent="2d3h4s6c7c8sJd")  # seven cards: no knock next turn
    view, legal = GAME.observe(far, 0), legal_moves(far)
    assert THREAT_CARDS < 7 and not threatened(view)
    assert list(near_knock_defence(view, legal)) == list(legal)
    # A put-down that leaves one card would force a knock: that is not a safe defence.
    tight = _threat(mine="7h8h9hKd")
    view, legal = GAME.observe(tight, 0), legal_moves(tight)
    assert list(near_knock_defence(view, legal)) == list(legal)


def test_the_search_with_the_filter_never_discards_under_threat() -> None:
    s = _threat()
    view, legal = GAME.observe(s, 0), legal_moves(s)
    bot = ISMCTSPlayer(
        GAME, bot_rollout(GAME, DummyHeuristic(endgame=False)), Budget(iterations=20), root_filter=near_knock_defence
    )
    for seed in range(3):
        assert not isinstance(bot.choose(view, legal, Random(seed)), Discard)
    bad = ISMCTSPlayer(GAME, budget=Budget(iterations=5), root_filter=lambda v, moves: [])
    with pytest.raises(ValueError, match="root filter"):
        bad.choose(view, legal, Random(0))
    # analyse still ranks every legal move (hints show the discards too).
    assert len(bot.analyse(view, legal, Random(0))) == len(legal)


def test_the_defended_search_decides_from_the_view_only() -> None:
    s = _threat()
    view = GAME.observe(s, 0)
    twin = next(
        t for k in range(50) if (t := GAME.resample(view, make_rng(f"defence-twin:{k}"))).hands[1] != s.hands[1]
    )
    assert GAME.observe(twin, 0) == view
    bot = ISMCTSPlayer(
        GAME,
        bot_rollout(GAME, DummyHeuristic(endgame=False)),
        Budget(iterations=12),
        policy_first=True,
        root_filter=near_knock_defence,
    )
    picks = [bot.choose(GAME.observe(x, 0), legal_moves(x), Random(3)) for x in (s, twin)]
    assert picks[0] == picks[1] and picks[0] in legal_moves(s)
