"""Lessons with no server (issue 25): the answers of ``GET /api/lessons/{game}`` and
``POST /api/lessons/{game}/{id}`` (``server/learn_api.py``), built here in pure Python so that the
offline worker gives the "Learn to play" pages the same JSON. A lesson is data plus the rules
engine, and both are in the offline pack."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from samrap.learn.lessons import BOT_LEVEL, COURSES, LessonError, LessonRun, Words, course, find_lesson
from samrap.offline.table import LocalError


def _words(w: Words | None) -> dict[str, str] | None:
    return None if w is None else {"th": w.th, "en": w.en}


def lesson_list(game: str) -> dict[str, Any]:
    """The course of ``game``, as the server lists it."""
    if game not in COURSES:
        raise LocalError("not_found", f"no course for {game!r}")
    return {"game": game, "lessons": [lesson.as_dict() for lesson in course(game)]}


def lesson_step(game: str, lesson_id: str, moves: Sequence[str], attempt: str | None) -> dict[str, Any]:
    """The lesson after ``moves`` (each the right answer of its step), then ``attempt`` tried."""
    if game not in COURSES:
        raise LocalError("not_found", f"no course for {game!r}")
    try:
        lesson = find_lesson(game, lesson_id)
    except LessonError as e:
        raise LocalError("not_found", str(e)) from None
    run = LessonRun(lesson)
    for k, text in enumerate(moves):
        if run.done or not run.try_move(text).ok:
            raise LocalError("malformed", f"move {k + 1} ({text!r}) is not the answer of step {k + 1}")
    feedback: dict[str, Any] | None = None
    if attempt is not None:
        fb = run.try_move(attempt)
        feedback = {"ok": fb.ok, "message": _words(fb.message), "rule": fb.rule}
    step = None if run.done else run.current
    return {
        "id": lesson.id,
        "game": game,
        "title": _words(lesson.title),
        "intro": _words(lesson.intro),
        "seat": lesson.learner,
        "players": run.game.players,
        "bot_level": BOT_LEVEL,
        "step": run.step,
        "steps": len(lesson.steps),
        "done": run.done,
        "view": run.view().to_string(),
        "legal": [] if run.done else [run.game.action_text(a) for a in run.game.legal_moves(run.state)],
        "prompt": None if step is None else _words(step.prompt),
        "feedback": feedback,
    }
