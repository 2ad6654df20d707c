"""The ladder bench at a tiny size: its figures, its file and its resume (issue 24.1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import ladder


def test_pairs_parse_both_spellings_and_refuse_others() -> None:
    assert ladder.parse_pair("hard>medium") == ("hard", "medium")
    assert ladder.parse_pair("expert-hard") == ("expert", "hard")
    for bad in ("hard", "hard>hard", "alphago>random", "hard,medium"):
        with pytest.raises(ValueError):
            ladder.parse_pair(bad)
    assert ladder.PAIRS == ("easy>random", "medium>easy", "hard>medium", "expert>hard")
    # the learned bot is measured against the ladder, never part of its default pairs (24.4)
    assert ladder.parse_pair("learned-medium") == ("learned", "medium")
    assert not any("learned" in p for p in ladder.PAIRS)


def test_units_are_duplicate_deals_with_every_seat_rotated() -> None:
    dummy = ladder.units_for("dummy-classic", "medium-easy", 3, seed=5)
    assert len(dummy) == 6
    for d in range(3):
        pair = [u for u in dummy if u.deal == d]
        assert {u.match_seed for u in pair} == {pair[0].match_seed}  # the same cards twice
        assert sorted(u.lineup for u in pair) == [("easy", "medium"), ("medium", "easy")]
    contract = ladder.units_for("contract-pagat", "hard>medium", 2, seed=5, contract_hands=2)
    assert len(contract) == 8 and all(u.hands == 2 for u in contract)
    assert sorted(u.lineup.index("hard") for u in contract if u.deal == 0) == [0, 1, 2, 3]
    assert all(u.lineup.count("medium") == 3 for u in contract)


def test_margins_wins_and_percentiles() -> None:
    row = {"strong_seat": 1, "scores": [[30, 10, 50, 20], [0, 20, 40, 30]]}
    # deal 1: others 100/3 - 10; deal 2: others 70/3 - 20
    assert ladder.unit_margin(row) == pytest.approx(((100 / 3 - 10) + (70 / 3 - 20)) / 2)
    assert ladder.unit_win(row, lower_is_better=True) == 0.5  # totals 30, 30, 90, 50: seats 0 and 1 tie
    assert ladder.unit_win({"strong_seat": 1, "scores": [[30, 10, 50, 20]]}, lower_is_better=True) == 1.0
    assert ladder.unit_win({"strong_seat": 0, "scores": [[100, 100]]}, lower_is_better=False) == 0.5
    assert ladder.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.5) == 3.0
    assert ladder.percentile([0.0, 10.0], 0.95) == pytest.approx(9.5)


def test_a_tiny_ladder_writes_its_figures_and_resumes(tmp_path: Path) -> None:
    out, units = tmp_path / "ladder.json", tmp_path / "units.jsonl"
    args = ["--deals", "1", "--suites", "dummy-classic,contract-seed", "--pairs", "easy-random", "--quiet"]
    args += ["--out", str(out), "--units", str(units)]
    assert ladder.main(args) == 0
    data = json.loads(out.read_text())
    assert data["command"].startswith("python -m bench.ladder --deals 1")
    dummy, contract = data["pairs"]
    assert dummy["suite"] == "dummy-classic" and dummy["games"] == 2 and dummy["seeds"] == [2026]
    assert 0 <= dummy["ci95"][0] <= dummy["win_rate"] <= dummy["ci95"][1] <= 1
    assert contract["units"] == 4 and contract["duplicate_deals"] == 1
    assert contract["se"] is None  # one duplicate deal has no spread
    assert {"easy", "random"} <= set(data["timing"]["dummy-classic"])
    easy = data["timing"]["dummy-classic"]["easy"]
    assert easy["decisions"] > 0 and easy["cpu_decisions"] == easy["decisions"]
    assert data["machine"]["cpus"] >= 1
    lines = units.read_text().splitlines()
    assert len(lines) == 6
    # An interrupted run: a torn last line is skipped and its unit played again; the rest are kept.
    units.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20])
    assert ladder.main(args) == 0
    again = units.read_text().splitlines()
    assert len(ladder.read_units(units)) == 6 and sum(1 for x in again if x.endswith("}")) == 6
    assert json.loads(out.read_text())["pairs"][0]["games"] == 2
    # --compact rewrites the file (one line per unit) and --no-play plays nothing more.
    assert ladder.main([*args, "--compact", "--no-play"]) == 0
    assert len(units.read_text().splitlines()) == 6
    assert json.loads(out.read_text())["pairs"][1]["units"] == 4


def test_fast_decisions_are_counted_not_listed() -> None:
    row = ladder.compact({"ms": {"easy": [0.2, 3.5, 0.0]}, "cpu_ms": {"easy": [0.1, 3.0, 0.0]}})
    assert row["ms"] == {"easy": [3.5]} and row["ms_under_1"] == {"easy": 2}
    assert row["cpu_ms"] == {"easy": [3.0]} and row["cpu_ms_under_1"] == {"easy": 2}
    t = ladder.timing([{**row, "suite": "dummy-classic"}])["dummy-classic"]["easy"]
    assert t["decisions"] == 3 and t["median_ms"] == 1.0 and t["p95_ms"] > 3


def test_the_learned_bot_is_measured_and_timed_against_medium(tmp_path: Path) -> None:
    """A level outside the ladder (24.4) plays its duplicate deals and gets its decision times."""
    out, units = tmp_path / "learned.json", tmp_path / "units.jsonl"
    args = ["--deals", "1", "--suites", "dummy-classic", "--pairs", "learned-medium", "--quiet"]
    assert ladder.main([*args, "--out", str(out), "--units", str(units)]) == 0
    data = json.loads(out.read_text())
    assert data["pairs"][0]["pair"] == "learned>medium" and data["pairs"][0]["games"] == 2
    assert data["timing"]["dummy-classic"]["learned"]["decisions"] > 0


def test_contract_deal_numbers_play_the_matchs_own_deal_alone() -> None:
    assert ladder.parse_numbers("2-7") == (2, 3, 4, 5, 6, 7)
    assert ladder.parse_numbers("3, 5") == (3, 5) and ladder.parse_numbers("") == ()
    for bad in ("0", "6-8", "x", "5-3"):
        with pytest.raises(ValueError):
            ladder.parse_numbers(bad)
    units = ladder.units_for("contract-pagat", "hard>medium", 3, seed=5, contract_deals=(2, 6))
    assert [u.deal_number for u in units if u.rotation == 0] == [2, 6, 2]
    assert len({u.key for u in units}) == 12 and all(u.hands == 1 for u in units)
    assert units[0].key.endswith("|d2") and "|d" not in ladder.units_for("contract-seed", "easy>random", 1, 5)[0].key
    assert ladder.units_for("dummy-classic", "hard>medium", 1, 5, contract_deals=(3,))[0].deal_number == 0
    # Deal k alone is the match's deal k: the same cards and starter (medium ignores the totals).
    from samrap.engine.match import run_match
    from samrap.engine.registry import resolve
    from samrap.players.levels import make_bot

    spec, cfg = resolve("contract(preset=pagat)")
    game = spec.make_game(cfg)
    bots = [make_bot("medium", game, f"m{q}") for q in range(4)]
    match = run_match(spec, cfg, bots, 12345, max_games=3)
    for k in (1, 3):
        assert ladder.play_one_deal(spec, cfg, bots, 12345, k) == match.games[k - 1].scores


def test_the_share_of_searches_cut_short_and_untimed_keeps_the_action_cap() -> None:
    rows = [
        {"suite": "dummy-classic", "ms": {"hard": [5.0, 6.0]}, "iters": {"hard": [150, 120]}, "cut": {"hard": 1}},
        {"suite": "dummy-classic", "ms": {"hard": [5.0, 6.0]}, "iters": {"hard": [150, 150]}, "cut": {"hard": 0}},
        {"suite": "dummy-classic", "ms": {"hard": [7.0]}, "iters": {"hard": [150]}},  # before the count
    ]
    assert ladder.timing(rows)["dummy-classic"]["hard"]["cut_share"] == 0.25
    from samrap.games.dummy import DummyConfig, DummyGame
    from samrap.players.budget import Budget
    from samrap.players.levels import LEVELS

    hard = ladder._bot("hard", DummyGame(DummyConfig(players=2)), "hard-0", untimed=True)
    budget = LEVELS["hard"].budget
    assert budget is not None and budget.seconds is not None  # the level has a clock cut ...
    assert hard.budget == Budget(iterations=budget.iterations, actions=budget.actions)  # ... untimed drops it
    assert hard.budget.is_deterministic
    # an action cap is work, not time: untimed keeps it (a researcher's ``ismcts:...,actions=N``)
    assert Budget(iterations=9, seconds=1.0, actions=500).untimed == Budget(iterations=9, actions=500)
