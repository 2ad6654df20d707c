"""``samrap learn GAME --puzzles`` (issue 26.5): a right answer is accepted and rated, a wrong one is
told the answer with its explanation, bad input gets an error in the player's language."""

from __future__ import annotations

import json
from pathlib import Path

from samrap.learn.puzzles import of_the_day, puzzles
from tests.cli.helpers import run


def test_a_right_answer_is_accepted_and_raises_the_rating(tmp_path: Path) -> None:
    prog = tmp_path / "learn.json"
    p = puzzles("dummy")[0]
    r = run("learn", "dummy", "--puzzle", p.id, "--progress", str(prog), input=f"{p.best}\n")
    assert r.exit_code == 0, r.stderr
    assert "Right." in r.stdout and "The answer:" in r.stdout and p.why["en"] in r.stdout
    data = json.loads(prog.read_text())["puzzles"]["dummy"]
    assert data["tried"] == {p.id: True} and data["rating"] > 1500


def test_a_wrong_answer_gets_the_answer_and_its_explanation_in_thai(tmp_path: Path) -> None:
    prog = tmp_path / "learn.json"
    p = puzzles("contract")[0]
    worse = next(t for t in p.compared if t not in p.accept)
    r = run("learn", "contract", "--puzzle", p.id, "--progress", str(prog), "--lang", "th", input=f"zz\n{worse}\n")
    assert r.exit_code == 0, r.stderr
    assert "ไม่ใช่การเดิน" in r.stdout  # bad input: a clear error in Thai, then asked again
    assert "ยังไม่ใช่" in r.stdout and "คำตอบ:" in r.stdout and p.why["th"] in r.stdout
    assert json.loads(prog.read_text())["puzzles"]["contract"]["rating"] < 1500


def test_a_listed_number_is_accepted_as_in_samrap_play(tmp_path: Path) -> None:
    p = puzzles("dummy")[0]
    g, state = p.position()
    texts = [g.action_text(a) for a in g.legal_moves(state)]
    k = texts.index(p.best) + 1
    r = run("learn", "dummy", "--puzzle", p.id, "--progress", str(tmp_path / "p.json"), input=f"?\n{k}\n")
    assert r.exit_code == 0, r.stderr
    assert f"{k:>3}) {p.best}" in r.stdout and "Right." in r.stdout


def test_the_puzzle_of_the_day_and_the_next_puzzles(tmp_path: Path) -> None:
    prog = tmp_path / "learn.json"
    r = run("learn", "dummy", "--today", "--progress", str(prog), input="q\n")
    assert r.exit_code == 0 and "Puzzle of the day" in r.stdout and of_the_day("dummy").id in r.stdout
    many = run("learn", "dummy", "--puzzles", "--progress", str(prog), input="1\n1\nq\n")
    assert many.stdout.count("Your puzzle rating:") == 2  # one puzzle after another until q


def test_puzzle_errors(tmp_path: Path) -> None:
    r = run("learn", "dummy", "--puzzle", "nope", "--progress", str(tmp_path / "p.json"), "--lang", "th")
    assert r.exit_code == 2 and "ไม่มีโจทย์" in r.stderr
    both = run("learn", "dummy", "--puzzle", "x", "--today", "--progress", str(tmp_path / "p.json"))
    assert both.exit_code == 2 and "choose one" in both.stderr
