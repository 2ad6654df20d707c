"""Lessons (issue 13.1): every lesson's expected moves play through the rules engine."""

from __future__ import annotations

import re

import pytest

from samrap.learn.lessons import COURSES, LessonRun, course, find_lesson, rule_words

#: Card texts, the only Latin letters a Thai text may hold.
CARDS = re.compile(r"(?:(?:[2-9TJQKA]|10)[cdhs♣♦♥♠])+|\*")

LESSONS = [(game, lesson.id) for game in COURSES for lesson in course(game)]


@pytest.mark.parametrize(("game", "lesson_id"), LESSONS)
def test_every_expected_move_is_legal_and_finishes_the_lesson(game: str, lesson_id: str) -> None:
    """A rules change that breaks a lesson fails here: each step's moves go through the checked apply."""
    lesson = find_lesson(game, lesson_id)
    for k in range(len(lesson.steps)):
        run = LessonRun(lesson)
        for _ in lesson.steps[:k]:
            assert run.try_move(_first_legal(run)).ok
        legal = run.game.legal_moves(run.state)
        assert run.game.current_player(run.state) == lesson.learner
        assert len(legal) > 1, f"{lesson_id} step {k + 1}: a forced move teaches nothing"
        choices = [t for t in lesson.steps[k].expect if run.is_legal(t)]
        assert choices, f"{lesson_id} step {k + 1}: no expected move is legal"
        for choice in choices:
            again = LessonRun(lesson)
            for _ in lesson.steps[:k]:
                again.try_move(_first_legal(again))
            fb = again.try_move(choice)
            assert fb.ok, (lesson_id, k, choice, fb.message.en)
    run = LessonRun(lesson)
    for _ in lesson.steps:
        run.try_move(_first_legal(run))
    assert run.done and run.mistakes == 0


def _first_legal(run: LessonRun) -> str:
    """The first of the current step's expected moves that is legal here (some steps accept a few)."""
    return next(t for t in run.current.expect if run.is_legal(t))


@pytest.mark.parametrize(("game", "lesson_id"), LESSONS)
def test_a_wrong_move_is_explained_with_its_rule_and_can_be_retried(game: str, lesson_id: str) -> None:
    lesson = find_lesson(game, lesson_id)
    run = LessonRun(lesson)
    step = run.current
    wrong = next(a for a in run.game.legal_moves(run.state) if run.judge(run.game.apply(run.state, a)) is None)
    fb = run.try_move(run.game.action_text(wrong))
    assert not fb.ok and fb.rule == step.rule
    assert rule_words(step.rule, "en") in fb.message.en and step.why.en in fb.message.en
    assert rule_words(step.rule, "th") in fb.message.th
    assert run.step == 0 and run.mistakes == 1
    assert run.try_move(_first_legal(run)).ok


def test_an_illegal_move_gets_the_engines_rule() -> None:
    run = LessonRun(course("dummy")[0])
    fb = run.try_move("X Ah")  # not in hand, and a draw comes first
    assert not fb.ok and fb.rule is not None and f"rule {fb.rule}" in fb.message.en


def test_an_illegal_move_gets_the_rules_own_text_in_thai() -> None:
    """Not only "กติกาข้อ 30": the rule's words, from the rule book (or the decided rules it cites)."""
    run = LessonRun(find_lesson("dummy", "dark-knock"))
    fb = run.try_move("X Ks")  # a draw or collect comes first (rule 30, a decided rule the page keeps apart)
    assert fb.message.th.startswith("การเดินนี้ผิดกติกาข้อ 30: ") and "จั่วหรือเก็บ" in fb.message.th
    run.try_move("C0 7h8h9h")
    fb = run.try_move("K 6s 2d3d4d5d 6c6d6h Ks")  # Ks alone is no meld
    assert fb.rule == 10 and "เรียง คือไพ่ดอกเดียวกัน" in fb.message.th


def _at_step(game: str, lesson_id: str, k: int) -> LessonRun:
    run = LessonRun(find_lesson(game, lesson_id))
    for _ in range(k):
        assert run.try_move(_first_legal(run)).ok
    return run


@pytest.mark.parametrize(
    "move",
    ["K Ks 6c6d6h6s 2d3d4d5d", "K Ks 2d3d4d5d6d 6c6h6s", "K Ks 2d3d4d5d 6c6d6s 6h>0", "K Ks 2d3d4d5d 6c6d6h6s"],
)
def test_every_knock_as_good_as_the_answer_is_right(move: str) -> None:
    """The same knock written with the sixes split otherwise ends the game with the same scores."""
    run = _at_step("dummy", "dark-knock", 1)
    if not run.is_legal(move):
        pytest.skip(f"{move} is not legal here")
    fb = run.try_move(move)
    assert fb.ok and run.done and run.mistakes == 0, fb.message.en


def test_a_go_down_that_can_lay_off_the_rest_at_once_is_right() -> None:
    run = _at_step("contract", "contract-runs", 1)
    fb = run.try_move("G 4h5h6h 9sTsJs")
    assert fb.ok and run.done
    assert "7♥" in fb.message.th and "ชุดที่ 1" in fb.message.th and "meld 1" in fb.message.en


def test_a_worse_move_is_still_wrong() -> None:
    """As good is judged on the position: discarding instead of knocking lets the other player play on."""
    run = _at_step("dummy", "dark-knock", 1)
    fb = run.try_move("X Ks")
    assert not fb.ok and run.mistakes == 1
    fb = run.try_move("M 6c6d6h6s")  # a meld, then the same dark knock at once: as good
    assert fb.ok and run.done and "K♠" in fb.message.th


def test_the_cli_takes_the_numbers_play_lists() -> None:
    from samrap.cli.learn import numbered

    run = _at_step("dummy", "draw-discard", 0)
    listing = numbered(run, run.game.legal_moves(run.state), "th")
    assert listing.splitlines()[0].startswith("  1) ") and "ทิ้ง" in listing


def test_the_look_ahead_is_bounded() -> None:
    """Collecting twenty row cards opens thousands of melds: the judge gives up (not as good) instead."""
    run = LessonRun(find_lesson("dummy", "stock-out"))
    after = run.after_move("C1 2c2d2s")
    assert after is not None and run.judge(after) is None
    assert run.judge(run.after_move(run.current.expect[0])) is not None
