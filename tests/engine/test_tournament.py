"""Tournaments: duplicate deals with rotated seats, Wilson intervals, ratings, worker-independence."""

from __future__ import annotations

import pytest

from samrap.engine.tournament import make_tasks, play_unit, run_tournament, wilson, win_shares
from samrap.players.levels import make_bot

GAME = "dummy(players=2)"


def test_every_bot_plays_every_deal_from_every_seat() -> None:
    tasks = make_tasks("dummy(players=3)", ["a", "b", "c"], deals=2, seed=5, hands=1)
    assert len(tasks) == 6
    for d in range(2):
        rot = [t for t in tasks if t.deal == d]
        assert len({t.seed for t in rot}) == 1  # one deal, three line-ups
        for q in range(3):
            assert {t.seats[q] for t in rot} == {"a", "b", "c"}
    assert tasks[0].seed != tasks[3].seed
    assert make_tasks("dummy(players=3)", ["a", "b", "c"], 2, 5, 1) == tasks


def test_rotations_replay_the_same_deck_orders() -> None:
    tasks = make_tasks(GAME, ["heuristic", "random"], deals=1, seed=3, hands=1)
    units = [play_unit(t, make_bot) for t in tasks]
    assert units[0].match.games[0].deck == units[1].match.games[0].deck
    assert units[0].match.players == ("heuristic", "random")
    assert units[1].match.players == ("random", "heuristic")


def test_wilson_interval() -> None:
    lo, hi = wilson(90, 100)
    assert lo == pytest.approx(0.8256, abs=1e-3) and hi == pytest.approx(0.9448, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_win_shares() -> None:
    assert win_shares([10, 30, 30], False) == (0.0, 0.5, 0.5)
    assert win_shares([10, 30, 5], True) == (0.0, 0.0, 1.0)


def test_report_and_ratings() -> None:
    report = run_tournament(GAME, ["heuristic", "random"], 6, 11, make_bot, hands=1)
    assert len(report.units) == 12
    h, r = report.bots
    assert (h.name, r.name) == ("heuristic", "random")
    assert h.entries == r.entries == 12
    assert h.wins + r.wins == pytest.approx(12)
    assert h.win_rate > r.win_rate
    lo, hi = h.ci
    assert lo <= h.win_rate <= hi
    assert h.rating_mu is not None and r.rating_mu is not None and h.rating_mu > r.rating_mu
    assert h.decisions > 0 and h.mean_decision_ms > 0
    d = report.as_dict()
    bots = d["bots"]
    assert isinstance(bots, list)
    assert d["units"] == 12 and bots[0]["bot"] == "heuristic"


def test_same_seed_same_results_whatever_the_workers() -> None:
    seats = ["easy", "random"]  # both draw on their seat's generator
    one = run_tournament(GAME, seats, 2, 7, make_bot, hands=1, workers=1)
    two = run_tournament(GAME, seats, 2, 7, make_bot, hands=1, workers=2)
    assert [(u.deal, u.rotation, u.totals) for u in one.units] == [(u.deal, u.rotation, u.totals) for u in two.units]
    assert [u.match.games for u in one.units] == [u.match.games for u in two.units]
    assert [b.wins for b in one.bots] == [b.wins for b in two.bots]


def test_search_bots_report_iterations() -> None:
    report = run_tournament(GAME, ["ismcts:iters=3", "random"], 1, 2, make_bot, hands=1)
    ismcts = report.bots[0]
    assert ismcts.iterations > 0 and ismcts.iterations % 3 == 0
    assert ismcts.iterations_per_second is not None and ismcts.iterations_per_cpu_second is not None


def test_bad_line_ups() -> None:
    with pytest.raises(ValueError, match="seats"):
        run_tournament(GAME, ["heuristic"], 1, 0, make_bot)
    with pytest.raises(ValueError, match="deal"):
        run_tournament(GAME, ["heuristic", "random"], 0, 0, make_bot)


def test_ray_backend_gives_the_local_results() -> None:
    """``--backend ray`` on a local Ray runtime plays the same units as the process pool."""
    pytest.importorskip("ray")
    seats = ["heuristic", "random"]
    local = run_tournament(GAME, seats, 2, 4, make_bot, hands=1)
    remote = run_tournament(GAME, seats, 2, 4, make_bot, hands=1, backend="ray")
    assert [u.totals for u in remote.units] == [u.totals for u in local.units]
