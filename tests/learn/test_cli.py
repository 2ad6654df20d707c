"""``samrap learn`` and ``samrap review`` in the terminal."""

from __future__ import annotations

import json
from pathlib import Path

from samrap.engine.match import run_match
from samrap.engine.record import make_record, write_record
from samrap.engine.registry import resolve
from samrap.learn.lessons import course
from samrap.players.levels import make_bot
from tests.cli.helpers import run


def test_learn_explains_a_wrong_move_then_remembers_the_finished_lesson(tmp_path: Path) -> None:
    prog = tmp_path / "learn.json"
    first = course("dummy")[0]
    r = run("learn", "dummy", "--progress", str(prog), input=f"X 4s\n{first.steps[0].expect[0]}\nq\n")
    assert r.exit_code == 0, r.stderr
    assert f"rule {first.steps[0].rule}" in r.stdout and "Try again" in r.stdout
    assert json.loads(prog.read_text())["done"]["dummy"] == {first.id: 1}
    again = run("learn", "dummy", "--progress", str(prog), input="q\n")
    assert f"Lesson 2 of {len(course('dummy'))}" in again.stdout
    listed = run("learn", "dummy", "--progress", str(prog), "--list", "--lang", "th")
    assert "เสร็จแล้ว" in listed.stdout and "ยังไม่ได้เรียน" in listed.stdout


def test_learn_refuses_an_unknown_course(tmp_path: Path) -> None:
    r = run("learn", "poker", "--progress", str(tmp_path / "p.json"))
    assert r.exit_code == 2 and "no course" in r.stderr


def test_review_prints_the_summary_in_thai_and_json(tmp_path: Path) -> None:
    spec, cfg = resolve("dummy(players=2)")
    game = spec.make_game(cfg)
    match = run_match(spec, cfg, [make_bot("easy", game, "a"), make_bot("heuristic", game, "b")], 3, max_games=1)
    path = tmp_path / "g.json"
    write_record(path, make_record(match, "2026-01-01T00:00:00Z"))
    th = run("review", str(path), "--seat", "0", "--lang", "th", "--deals", "3", "--show", "all")
    assert th.exit_code == 0, th.stderr
    assert "ความแม่นยำ" in th.stdout and "การทิ้ง" in th.stdout
    js = run("review", str(path), "--seat", "1", "--deals", "3", "--json")
    d = json.loads(js.stdout)
    assert d["seat"] == 1 and d["decisions"] and {"accuracy", "lost_by_kind"} <= set(d["summary"])
    bad = run("review", str(path), "--seat", "5")
    assert bad.exit_code == 2 and "seat must be" in bad.stderr
