"""Lessons over HTTP for the web app's "Learn to play" pages (issue 13.1). Stateless.

``GET /api/lessons/{game}`` lists a course. ``POST /api/lessons/{game}/{id}`` with the moves the
learner got right so far (``moves``) and optionally the move to try now (``try``) replays the
lesson through the rules engine (:class:`samrap.learn.lessons.LessonRun`) and answers with the
learner's view (a view position string, as the table gets), the legal moves, the step's prompt and
the feedback on the tried move (the explanation names the rule). Nothing is kept on the server:
the browser holds the moves and the progress (its local storage), so a reload resumes the lesson.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from samrap.learn.lessons import BOT_LEVEL, COURSES, LessonError, LessonRun, Words, course, find_lesson
from samrap.server.api import error_response
from samrap.server.messages import ErrorCode

router = APIRouter()


class LessonMoves(BaseModel):
    moves: list[str] = Field(default_factory=list, max_length=40)
    try_: str | None = Field(default=None, alias="try", max_length=200)


def _words(w: Words | None) -> dict[str, str] | None:
    return None if w is None else {"th": w.th, "en": w.en}


@router.get("/api/lessons/{game}")
async def list_lessons(game: str) -> Any:
    if game not in COURSES:
        return error_response(ErrorCode.NOT_FOUND, f"no course for {game!r}")
    return {"game": game, "lessons": [lesson.as_dict() for lesson in course(game)]}


@router.post("/api/lessons/{game}/{lesson_id}")
async def play_lesson(game: str, lesson_id: str, body: LessonMoves) -> Any:
    """The lesson after ``moves`` (each must be the right answer of its step), then ``try``."""
    if game not in COURSES:
        return error_response(ErrorCode.NOT_FOUND, f"no course for {game!r}")
    try:
        lesson = find_lesson(game, lesson_id)
    except LessonError as e:
        return error_response(ErrorCode.NOT_FOUND, str(e))
    run = LessonRun(lesson)
    for k, text in enumerate(body.moves):
        if run.done or not run.try_move(text).ok:
            return error_response(ErrorCode.MALFORMED, f"move {k + 1} ({text!r}) is not the answer of step {k + 1}")
    feedback: dict[str, Any] | None = None
    if body.try_ is not None:
        fb = run.try_move(body.try_)
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
