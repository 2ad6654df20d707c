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
    assert "(กติกาข้อ 18, 1, 2, 5, 11)" in listed.stdout  # each lesson names the rules it teaches


def test_learn_names_the_lesson_bots_as_the_web_learn_page(tmp_path: Path) -> None:
    """Issue 23.6: the other seats of a lesson are the heuristic (level medium), so the terminal
    calls them medium's people, as the web's learn page does, never "bot 1"."""
    from samrap.learn.lessons import BOT_LEVEL
    from samrap.players.levels import LEVEL_PEOPLE, LEVELS

    assert LEVELS[BOT_LEVEL].bot == "heuristic" and LEVELS[BOT_LEVEL].noise == 0  # what play_script plays
    (th, en) = LEVEL_PEOPLE[BOT_LEVEL][0]
    for lang, name in (("th", th), ("en", en)):
        r = run("learn", "dummy", "--progress", str(tmp_path / "p.json"), "--lang", lang, input="q\n")
        assert r.exit_code == 0, r.stderr
        assert name in r.stdout and "bot 1" not in r.stdout and "บอท 1" not in r.stdout


def test_learn_refuses_an_unknown_course(tmp_path: Path) -> None:
    r = run("learn", "poker", "--progress", str(tmp_path / "p.json"))
    assert r.exit_code == 2 and "no course" in r.stderr


def test_review_prints_the_summary_in_thai_and_json(tmp_path: Path) -> None:
    path = _easy_game(tmp_path)
    th = run("review", str(path), "--seat", "0", "--lang", "th", "--deals", "3", "--show", "all")
    assert th.exit_code == 0, th.stderr
    assert "ความแม่นยำ" in th.stdout and "การทิ้ง" in th.stdout
    js = run("review", str(path), "--seat", "1", "--deals", "3", "--json")
    d = json.loads(js.stdout)
    assert d["seat"] == 1 and d["decisions"] and {"accuracy", "lost_by_kind"} <= set(d["summary"])
    bad = run("review", str(path), "--seat", "5")
    assert bad.exit_code == 2 and "seat must be" in bad.stderr


def _easy_game(tmp_path: Path) -> Path:
    spec, cfg = resolve("dummy(players=2)")
    game = spec.make_game(cfg)
    match = run_match(spec, cfg, [make_bot("easy", game, "a"), make_bot("heuristic", game, "b")], 3, max_games=1)
    path = tmp_path / "g.json"
    write_record(path, make_record(match, "2026-01-01T00:00:00Z"))
    return path


def test_review_second_look_sets_the_fresh_deals_of_every_doubted_move(tmp_path: Path) -> None:
    """``--second-look N`` is the count of fresh deals of each round a doubted move is judged again
    on (0: none), at most 4 rounds while its label is in doubt (issue 24.5)."""
    path = _easy_game(tmp_path)
    looks = {}
    for n in ("0", "-1", "4"):
        r = run("review", str(path), "--seat", "0", "--deals", "3", "--second-look", n, "--json")
        assert r.exit_code == 0, r.stderr
        looks[n] = [d["second_look"] for d in json.loads(r.stdout)["decisions"]]
    assert set(looks["0"]) == {0}
    # the default: rounds of twice --deals, on the moves the first look doubts
    assert {0} < set(looks["-1"]) <= {0, 6, 12, 18, 24}
    assert {0} < set(looks["4"]) <= {0, 4, 8, 12, 16}


def test_review_errors_are_in_the_chosen_language(tmp_path: Path) -> None:
    path = _easy_game(tmp_path)
    for args, en, th in (
        (["--seat", "5"], "seat must be 0 to 1, not 5", "ที่นั่งต้องเป็น 0 ถึง 1 ไม่ใช่ 5"),
        (["--game", "3"], "game 3 does not exist", "ไม่มีเกมที่ 3"),
        (["--second-look", "1"], "--second-look must be", "ไม่ดูซ้ำ"),
        (["--show", "some"], "--show must be", "ทุกการตัดสินใจ"),
    ):
        r_en = run("review", str(path), *args)
        r_th = run("review", str(path), *args, "--lang", "th")
        assert r_en.exit_code == r_th.exit_code == 2
        assert en in r_en.stderr and r_en.stderr.startswith("samrap: error: ")
        assert th in r_th.stderr and r_th.stderr.startswith("samrap: ผิดพลาด: ")
    missing = run("review", str(tmp_path / "none.json"), "--lang", "th")
    assert missing.exit_code == 2 and "อ่านไฟล์" in missing.stderr


def test_learn_and_hint_refusals_are_in_the_chosen_language(tmp_path: Path) -> None:
    r = run("learn", "poker", "--progress", str(tmp_path / "p.json"), "--lang", "th")
    assert r.exit_code == 2 and "ไม่มีบทเรียนของ 'poker'" in r.stderr and "no course" not in r.stderr
    path = _easy_game(tmp_path)
    h = run("hint", str(path), "--at", "3", "--bot", "random", "--lang", "th")
    assert h.exit_code == 2 and "บอทที่จัดอันดับการเดินได้" in h.stderr


def test_learn_accepts_the_move_numbers_play_accepts(tmp_path: Path) -> None:
    """``2`` is the second move ``?`` lists (the numbering of ``samrap play``); a number past the list is refused."""
    from samrap.learn.lessons import LessonRun

    first = course("dummy")[0]
    run0 = LessonRun(first)
    texts = [run0.game.action_text(a) for a in run0.game.legal_moves(run0.state)]
    k = texts.index(first.steps[0].expect[0]) + 1
    r = run("learn", "dummy", "--progress", str(tmp_path / "p.json"), "--lang", "th", input=f"99\n{k}\nq\n")
    assert r.exit_code == 0, r.stderr
    assert "ไม่มีการเดินหมายเลข 99" in r.stdout and "จบบทเรียน" in r.stdout


def test_review_refuses_an_unfinished_record_as_replay_does(tmp_path: Path) -> None:
    """A record cut short is invalid for ``samrap replay``; ``samrap review`` says the same and stops."""
    path = _easy_game(tmp_path)
    data = json.loads(path.read_text())
    data["games"][0]["actions"] = data["games"][0]["actions"][:5]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data))
    replayed = run("replay", str(cut))
    assert replayed.exit_code == 1
    r = run("review", str(cut), "--seat", "0", "--deals", "2")
    assert r.exit_code == 1 and replayed.stderr.strip() in r.stderr
    th = run("review", str(cut), "--seat", "0", "--deals", "2", "--lang", "th")
    assert th.exit_code == 1 and "ไม่ถูกต้อง" in th.stderr
