"""Lessons (issue 13.1): every lesson's expected moves play through the rules engine."""

from __future__ import annotations

import re

import pytest

from samrap.learn.lessons import COURSES, LessonError, LessonRun, course, find_lesson, rule_words

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
    expected = {run.after_move(t) for t in step.expect}
    wrong = next(a for a in run.game.legal_moves(run.state) if run.game.apply(run.state, a) not in expected)
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


@pytest.mark.parametrize("game", COURSES)
def test_every_text_is_in_both_languages_and_thai_has_no_latin_words(game: str) -> None:
    for lesson in course(game):
        texts = [lesson.title, lesson.intro]
        for s in lesson.steps:
            texts += [s.prompt, s.why] + ([s.well] if s.well else [])
        for w in texts:
            assert w.en and w.th
            assert not re.search("[A-Za-z]", CARDS.sub("", w.th)), (lesson.id, w.th)


def test_the_dummy_course_covers_the_issue_topics() -> None:
    ids = {lesson.id for lesson in course("dummy")}
    assert {"draw-discard", "collect-born", "head", "lay-off", "speto", "knock", "dark-knock", "fall", "ngo"} <= ids
    assert any(lesson.config.endswith("preset=modern)") for lesson in course("dummy"))


def test_the_contract_course_covers_the_issue_topics() -> None:
    ids = {lesson.id for lesson in course("contract")}
    assert {
        "contract-sets",
        "contract-runs",
        "lay-off",
        "deep-pickup",
        "jokers",
        "joker-exchange",
        "buying",
        "deal-7",
    } <= ids


def test_unknown_course_is_refused() -> None:
    with pytest.raises(LessonError, match="no course"):
        course("poker")
