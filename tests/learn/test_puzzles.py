"""Puzzles (โจทย์, issue 26.5): the shipped data, judging by position, the ratings, the puzzle of the day."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any, cast

import pytest

from samrap.core.errors import IllegalActionError
from samrap.learn import mine
from samrap.learn.progress import Progress
from samrap.learn.puzzles import (
    GAMES,
    K_PUZZLE,
    K_SOLVER,
    THEMES,
    Puzzle,
    PuzzleError,
    elo,
    expected,
    find_puzzle,
    judge,
    next_puzzle,
    of_the_day,
    puzzle_file,
    puzzles,
    shown,
)

#: The issue's floor: at least this many puzzles shipped per game.
FLOOR = {"dummy": 200, "contract": 100}


@pytest.mark.parametrize("game", GAMES)
def test_enough_puzzles_are_shipped_with_unique_ids(game: str) -> None:
    ps = puzzles(game)
    assert len(ps) >= FLOOR[game]
    assert len({p.id for p in ps}) == len(ps)


@pytest.mark.parametrize("game", GAMES)
def test_every_puzzle_rebuilds_to_a_legal_position_whose_answers_are_legal(game: str) -> None:
    """The record prefix replays through the rules engine; the seat is to move; every accepted and
    compared move is legal there, and the accepted moves all reach the best move's position."""
    for p in puzzles(game):
        g, state = p.position()
        assert not g.is_terminal(state), p.id
        assert g.current_player(state) == p.seat, p.id
        legal = {g.action_text(a) for a in g.legal_moves(state)}
        assert len(legal) > 1, p.id
        assert p.best in p.accept and set(p.accept) <= legal and set(p.compared) <= legal, p.id
        best = g.apply(state, g.parse_action(p.best))
        assert all(g.apply(state, g.parse_action(t)) == best for t in p.accept), p.id
        assert p.theme in THEMES and 800 <= p.rating <= 2200, p.id
        assert p.why["th"] and p.why["en"], p.id


@pytest.mark.parametrize("game", GAMES)
def test_both_looks_agree_and_clear_the_thresholds(game: str) -> None:
    """The second look (independent deals, CONFIRM times as many) found the same best move (or one
    with the same effect), ahead of every other compared move by MIN_GAP and Z standard errors."""
    data: Any = puzzle_file(game)
    settings = data["settings"]
    for p in puzzles(game):
        g, state = p.position()
        first, second = cast(Any, p.looks)
        assert second["deals"] == settings["confirm"] * first["deals"], p.id
        after = g.apply(state, g.parse_action(p.best))
        for lk, z in zip((first, second), settings["z"][game], strict=True):
            assert g.apply(state, g.parse_action(lk["best"])) == after, p.id
            assert lk["gap"] >= settings["min_gap"][game], p.id
            assert lk["gap"] >= z * lk["se"] - 0.1, p.id  # figures stored to 0.1


@pytest.mark.parametrize("game", GAMES)
def test_the_yield_is_recorded_and_adds_up(game: str) -> None:
    y: Any = puzzle_file(game)["yield"]
    rejected = y["screened_out"] + y["rejected_first_look"] + y["rejected_second_look"]
    assert y["examined"] == rejected + y["kept"]
    assert y["kept"] == len(puzzles(game)) and y["rejected_second_look"] >= 0 and y["games"] > 0


def _worse(p: Puzzle) -> str:
    return next(t for t in p.compared if t not in p.accept)


@pytest.mark.parametrize("game", GAMES)
def test_judging_accepts_the_best_and_rejects_a_worse_move_and_names_a_broken_rule(game: str) -> None:
    p = puzzles(game)[0]
    right = judge(p, p.best)
    assert right.ok and right.kind == "best"
    wrong = judge(p, _worse(p))
    assert not wrong.ok and wrong.kind == "worse"
    g, state = p.position()
    bad = "X 2c" if game == "dummy" else "D"
    try:
        g.apply(state, g.parse_action(bad), p.seat)
        illegal = None
    except IllegalActionError:
        illegal = judge(p, bad)
    if illegal is not None:
        assert not illegal.ok and illegal.kind == "illegal" and ("rule" in illegal.en or "กติกา" in illegal.th)
    nonsense = judge(p, "hello")
    assert not nonsense.ok and nonsense.kind == "illegal" and "not a move" in nonsense.en


def test_judging_is_by_position_not_by_text() -> None:
    """A move written another way (a Dummy meld's cards in another order) reaching the same
    position is right: the judge compares positions."""
    for p in puzzles("dummy"):
        g, _ = p.position()
        action = g.parse_action(p.best)
        text = g.action_text(action)
        parts = text.split(" ")
        if len(parts) == 2 and len(parts[1]) >= 6 and ">" not in parts[1]:
            cards = [parts[1][k : k + 2] for k in range(0, len(parts[1]), 2)]
            other = f"{parts[0]} {''.join(reversed(cards))}"
            if other != text:
                v = judge(p, other)
                assert v.ok, (p.id, other)
                return
    pytest.skip("no shipped puzzle's best move has cards to reorder")


def test_shown_is_the_seat_view_only() -> None:
    p = puzzles("dummy")[0]
    g, state = p.position()
    s = shown(p)
    assert s["view"] == g.observe(state, p.seat).to_string()
    assert not {"seed", "moves", "best", "accept", "why"} & set(s)


def test_elo_update_math() -> None:
    assert expected(1500, 1500) == pytest.approx(0.5)
    assert expected(1900, 1500) == pytest.approx(1 / (1 + 10 ** (-1)))
    s, q = elo(1500, 1500, True)
    assert s == pytest.approx(1500 + K_SOLVER / 2) and q == pytest.approx(1500 - K_PUZZLE / 2)
    s, q = elo(1500, 1900, False)
    e = expected(1500, 1900)
    assert s == pytest.approx(1500 - K_SOLVER * e) and q == pytest.approx(1900 + K_PUZZLE * e)


def test_the_puzzle_of_the_day_is_stable_for_a_date_and_changes_with_it() -> None:
    day = dt.date(2026, 12, 6)
    assert of_the_day("dummy", day) == of_the_day("dummy", "2026-12-06")
    week = {of_the_day("dummy", day + dt.timedelta(days=k)).id for k in range(7)}
    assert len(week) > 1
    with pytest.raises(PuzzleError, match="not a date"):
        of_the_day("dummy", "6/12/2026")
    with pytest.raises(PuzzleError, match="no puzzles for"):
        of_the_day("poker", day)


def test_next_puzzle_is_the_untried_one_nearest_the_rating() -> None:
    ps = puzzles("contract")
    first = next_puzzle("contract", 1500, [])
    assert all(abs(first.rating - 1500) <= abs(p.rating - 1500) for p in ps)
    second = next_puzzle("contract", 1500, [first.id])
    assert second.id != first.id
    assert next_puzzle("contract", 1500, [p.id for p in ps]) in ps  # all tried: around again
    with pytest.raises(PuzzleError, match="no puzzle"):
        find_puzzle("contract", "nope")


def test_progress_keeps_the_ratings(tmp_path: Path) -> None:
    path = tmp_path / "learn.json"
    prog = Progress.load(path)
    assert prog.solver_rating("dummy", 1500.0) == 1500.0
    prog.rate("dummy", "d1", True, 1516.0, 1484.0)
    again = Progress.load(path)
    assert again.solver_rating("dummy", 1500.0) == 1516.0
    assert again.tried("dummy") == {"d1": True} and again.puzzle_ratings("dummy") == {"d1": 1484.0}
    path.write_text(json.dumps({"puzzles": {"dummy": {"rating": "x", "tried": {"a": 3}}}}))
    assert Progress.load(path).solver_rating("dummy", 1500.0) == 1500.0  # bad entries dropped


def test_the_miner_counts_what_it_examines_and_keeps_only_agreeing_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small run (few deals, one game): examined = screened out + rejected by each look + kept,
    and every kept position is rebuilt from its record prefix with both looks agreeing."""
    monkeypatch.setattr(mine, "SCREEN_DEALS", 3)
    monkeypatch.setattr(mine, "SCREEN_GAP", 0.0)
    monkeypatch.setattr(mine, "FIRST_DEALS", {"dummy": 4, "contract": 4})
    monkeypatch.setattr(mine, "MIN_GAP", {"dummy": 1.0, "contract": 1.0})
    monkeypatch.setattr(mine, "DUMMY_STOCK", 6)
    found, y = mine.mine("dummy", 2, 3, games=1, dummy_stock=6)
    assert y.examined == y.screened_out + y.first_rejected + y.second_rejected + y.kept
    assert y.kept == len(found) and y.games == 1
    for z in found:
        p: Any = z
        assert p["looks"][1]["deals"] == mine.CONFIRM * 4
        obj = {**p, "id": p["id"]}
        from samrap.learn.puzzles import _puzzle

        pz = _puzzle("dummy", obj, 0)
        g, state = pz.position()
        assert g.current_player(state) == pz.seat
    again, y2 = mine.mine("dummy", 2, 3, games=1, dummy_stock=6)
    assert again == found and y2.as_dict() | {"seconds": 0} == y.as_dict() | {"seconds": 0}  # seeded


def test_a_game_record_is_mined_into_puzzles_that_rebuild(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A person's reviewed game is a record: its positions are stored by the record's setup (deck
    order, starter, direction, totals) and rebuild exactly; ``--record`` writes them."""
    from samrap.engine.match import run_match
    from samrap.engine.record import make_record, write_record
    from samrap.engine.registry import resolve
    from samrap.learn.puzzles import _puzzle
    from samrap.players.levels import make_bot

    monkeypatch.setattr(mine, "SCREEN_DEALS", 3)
    monkeypatch.setattr(mine, "SCREEN_GAP", 0.0)
    monkeypatch.setattr(mine, "FIRST_DEALS", {"dummy": 3, "contract": 3})
    monkeypatch.setattr(mine, "MIN_GAP", {"dummy": 0.5, "contract": 0.5})
    monkeypatch.setattr(mine, "Z", {"dummy": (0.0, 0.0), "contract": (0.0, 0.0)})
    spec, cfg = resolve("dummy(players=2)")
    game = spec.make_game(cfg)
    match = run_match(spec, cfg, [make_bot("easy", game, "a"), make_bot("medium", game, "b")], 5, max_games=1)
    record = make_record(match, "2026-01-01T00:00:00Z")
    found, y = mine.mine_record(record, seat=1)
    assert found and y.kept == len(found) and y.games == 1
    for k, obj in enumerate(found):
        p = _puzzle("dummy", obj, k)
        assert p.deck and p.seat == 1
        g, state = p.position()
        assert g.current_player(state) == 1 and judge(p, p.best).ok
    path = tmp_path / "g.json"
    write_record(path, record)
    out = tmp_path / "p.json"
    assert mine.main(["--record", str(path), "--seat", "1", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["puzzles"] == found


def test_merging_runs_adds_their_yields() -> None:
    a = {
        "game": "dummy",
        "seed": 1,
        "settings": {"x": 1},
        "yield": {"examined": 3, "kept": 1},
        "puzzles": [{"id": "a"}],
    }
    b = {
        "game": "dummy",
        "seed": 2,
        "settings": {"x": 1},
        "yield": {"examined": 4, "kept": 1},
        "puzzles": [{"id": "b"}],
    }
    m: Any = mine.merge([a, b])
    assert m["yield"] == {"examined": 7, "kept": 2} and m["seeds"] == [1, 2] and len(m["puzzles"]) == 2
    assert m["settings"] == {"x": 1} and [r["yield"]["examined"] for r in m["runs"]] == [3, 4]
    c: Any = mine.merge([a, {**b, "settings": {"x": 2, "y": 1}}])
    assert c["settings"] == {} and c["runs"][1]["settings"] == {"x": 2, "y": 1}  # each run's own kept
    with pytest.raises(ValueError, match="one game"):
        mine.merge([a, {**b, "game": "contract"}])
