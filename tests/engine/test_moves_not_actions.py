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
from samrap.engine.record import make_record, replay_record
from samrap.engine.registry import resolve
from samrap.games.contract.actions import GoDown, GoDownMeld
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


class _MeldAtATime:
    """A random player that, offered go-downs, answers the first meld of one (``G+ <meld>``, as a
    person may type it) and notes every list it is offered while that go-down is under way."""

    name = "meld-at-a-time"
    ignores_view = True

    def __init__(self) -> None:
        self.under_way: list[tuple[Any, Sequence[Any]]] = []
        self.meld: Any = None

    def choose(self, view: object, legal: Sequence[Any], rng: Random) -> Any:
        if self.meld is not None:  # the step was applied: the whole go-downs that finish it are offered
            self.under_way.append((self.meld, legal))
            self.meld = None
            return legal[rng.randrange(len(legal))]
        go_downs = [a for a in legal if isinstance(a, GoDown)]
        if go_downs and len(go_downs[0].melds) > 1:
            self.meld = go_downs[0].melds[0]
            return GoDownMeld(self.meld)
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


def test_rule22_a_go_down_chosen_a_meld_at_a_time_is_offered_its_whole_completions() -> None:
    """A player's ``G+`` step goes through the checked ``apply`` (it is no listed move); the runner
    then offers the seat the whole go-downs that complete it, and the record replays."""
    spec, cfg = resolve("contract(players=3)")
    player = _MeldAtATime()
    result = run_match(spec, cfg, [player] * 3, 5, max_games=1)
    assert player.under_way
    for meld, legal in player.under_way:
        assert legal and all(isinstance(a, GoDown) and a.melds[0] == meld for a in legal)
    assert any(text.startswith("G+ ") for _, text in result.games[0].actions)
    assert replay_record(make_record(result, "2026-01-01T00:00:00Z")).problem is None
