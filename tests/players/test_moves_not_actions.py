"""Rule 22: the bots choose, search, play out, hint and review on the legal *moves*.

A Contract go-down is one move (rule 22); the game's ``legal_actions`` will soon choose it a meld
at a time. Every bot, playouts included, must keep reading ``legal_moves`` so that a seeded bot
plays the same moves as before the split (``tests/legal_spy.py`` says why only a spy can tell).
"""

from __future__ import annotations

import random
from random import Random
from typing import Any

import pytest

from samrap.engine.match import run_match
from samrap.engine.record import make_record
from samrap.engine.registry import resolve
from samrap.games.contract.actions import GoDown
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.game import ContractGame
from samrap.learn.lessons import LessonRun, course
from samrap.players.budget import Budget
from samrap.players.heuristic.contract import cutoff_scores
from samrap.players.hint import hint_record, rank_moves
from samrap.players.ismcts import ISMCTSPlayer
from samrap.players.levels import make_bot
from samrap.players.review import count_steps, steps
from tests.legal_spy import staged, watch_legal_actions

GAME = ContractGame(ContractConfig(players=3))


def _decisions(seed: int, want: int) -> list[Any]:
    """States of a seeded random deal where the mover has a choice; one with a go-down (rule 22) first."""
    rng = random.Random(seed)
    s = GAME.new_game(seed=seed)
    go_down: list[Any] = []
    other: list[Any] = []
    while not GAME.is_terminal(s):
        legal = GAME.legal_moves(s)
        if len(legal) > 1:
            (go_down if any(isinstance(a, GoDown) for a in legal) else other).append(s)
        s = GAME.apply_unchecked(s, legal[rng.randrange(len(legal))])
    assert go_down, "no go-down came up in this deal: pick another seed"
    return [go_down[0], *other[:: max(1, len(other) // want)][:want]]


def _contract_bots() -> list[Any]:
    # The plain ISMCTS (random playouts cut short) and the focused search the ismcts level builds.
    plain = ISMCTSPlayer(GAME, budget=Budget(iterations=6), playout_limit=30, cutoff=cutoff_scores)
    return [make_bot(b, GAME) for b in ("random", "easy", "medium", "ismcts:iters=6")] + [plain]


def test_rule22_contract_bots_choose_and_search_on_the_legal_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    callers = watch_legal_actions(monkeypatch)
    bots = _contract_bots()
    for k, s in enumerate(_decisions(3, 4)):
        seat = GAME.current_player(s)
        view, legal = GAME.observe(s, seat), GAME.legal_moves(s)
        for bot in bots:
            assert bot.choose(view, legal, Random(k)) in legal
            if hasattr(bot, "analyse"):
                assert {e.action for e in bot.analyse(view, legal, Random(k), Budget(iterations=6))} <= set(legal)
        hints = rank_moves(GAME, view, legal, None, Random(k), Budget(iterations=6))
        assert {h.action for h in hints} == set(legal)
    assert callers == []


def test_rule22_dummy_search_and_end_game_check_play_out_on_the_legal_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    callers = watch_legal_actions(monkeypatch)
    spec, cfg = resolve("dummy(players=2)")
    game = spec.make_game(cfg)
    # medium reads Dummy's end-game check (its own playouts); ismcts plays out with the heuristic.
    run_match(spec, cfg, [make_bot("medium", game), make_bot("ismcts:iters=8", game)], 4, max_games=1)
    assert callers == []


def test_rule22_review_and_record_hints_list_the_legal_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    spec, cfg = resolve("contract(players=3)")
    game = spec.make_game(cfg)
    record = make_record(run_match(spec, cfg, [make_bot("medium", game)] * 3, 8, max_games=1), "2026-01-01T00:00:00Z")
    callers = watch_legal_actions(monkeypatch)
    decisions = list(steps(record, 0))
    assert decisions and all(d.played in d.legal for d in decisions)
    assert count_steps(record, 0)[0] == len(decisions)
    number = next(k for k, (who, _) in enumerate(record.match.games[0].actions) if who == 1 and k > 3)
    pos, hints = hint_record(record, number, bot="heuristic")
    assert {h.text for h in hints} == {game.action_text(a) for a in pos.legal}
    assert callers == []


@pytest.mark.parametrize("game", ["contract", "dummy"])
def test_rule22_lessons_script_the_bots_on_the_legal_moves(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    callers = watch_legal_actions(monkeypatch)
    for lesson in course(game):
        run = LessonRun(lesson)  # the "bot" lines of its opening script
        while not run.done:  # and of the replies after each right move
            assert run.try_move(run.current.expect[0]).ok, (lesson.id, run.step)
    assert callers == []


@pytest.mark.parametrize("config", ["contract(players=3)", "contract(preset=liverpool)"])
def test_rule22_a_go_down_under_way_is_finished_by_every_bot_with_a_whole_go_down(config: str) -> None:
    """A state reached by stepping ``legal_actions`` part-way into a go-down (``staging``): its
    legal moves are the whole go-downs that complete it, and every bot and hint takes one."""
    game = ContractGame(ContractConfig.from_string(config))
    states = staged(game, 1)
    assert len(states) > 10
    bots = [make_bot(b, game) for b in ("random", "easy", "medium", "ismcts:iters=6")]
    bots.append(ISMCTSPlayer(game, budget=Budget(iterations=6), playout_limit=30, cutoff=cutoff_scores))
    for k, s in enumerate(states[:: len(states) // 5]):
        seat = game.current_player(s)
        view, legal = game.observe(s, seat), game.legal_moves(s)
        assert view.staging == s.staging
        assert legal and all(isinstance(a, GoDown) and a.melds[: len(s.staging)] == s.staging for a in legal)
        for bot in bots:
            a = bot.choose(view, legal, Random(k))
            assert a in legal and not game.apply(s, a, seat).staging
        assert {h.action for h in rank_moves(game, view, legal, None, Random(k), Budget(iterations=6))} == set(legal)
