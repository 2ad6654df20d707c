"""Rule 22: the match runner offers players the legal *moves* (a Contract go-down whole).

Contract's ``legal_actions`` will soon choose a go-down a meld at a time (short lists, for
stepping the rules); records, people and seeded bots work in moves, so the runner must hand them
``legal_moves`` (``tests/legal_spy.py`` says why only a spy on the call can tell today).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

import pytest

from samrap.engine.match import run_match
from samrap.engine.registry import resolve
from samrap.games.contract.actions import GoDown
from samrap.players.levels import make_bot
from tests.legal_spy import watch_legal_actions


class _Offered:
    """A random player that counts the whole go-downs (rule 22) it is offered."""

    name = "offered"
    ignores_view = True

    def __init__(self) -> None:
        self.go_downs = 0

    def choose(self, view: object, legal: Sequence[Any], rng: Random) -> Any:
        self.go_downs += sum(isinstance(a, GoDown) for a in legal)
        return legal[rng.randrange(len(legal))]


def test_the_spy_notes_a_consumer_that_lists_actions_and_not_one_that_lists_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The spy the consumer tests rely on sees a call made from outside the game packages."""
    callers = watch_legal_actions(monkeypatch)
    for text in ("contract(players=3)", "dummy(players=2)"):
        spec, cfg = resolve(text)
        game = spec.make_game(cfg)
        s = game.new_game(seed=1)  # type: ignore[attr-defined]
        game.legal_moves(s)
        assert callers == []
        game.legal_actions(s)
        assert len(callers) == 1 and callers.pop().startswith(f"{__name__}.")


def test_rule22_the_match_runner_offers_every_seat_the_legal_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    callers = watch_legal_actions(monkeypatch)
    spec, cfg = resolve("contract(players=3)")
    game = spec.make_game(cfg)
    offered = _Offered()
    result = run_match(spec, cfg, [offered, make_bot("medium", game), offered], 5, max_games=1)
    assert callers == []
    assert offered.go_downs > 0  # whole go-downs were on the lists: moves, as records write them
    assert any(text.startswith("G ") for _, text in result.games[0].actions)
