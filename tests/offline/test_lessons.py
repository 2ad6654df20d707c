"""Offline lessons answer exactly as the server's lesson API does (the same JSON, step by step)."""

from __future__ import annotations

import asyncio

import pytest

from samrap.learn.lessons import COURSES, course
from samrap.offline.lessons import lesson_list, lesson_step
from samrap.offline.table import LocalError

learn_api = pytest.importorskip("samrap.server.learn_api")


@pytest.mark.parametrize("game", COURSES)
def test_every_lesson_matches_the_server_along_its_answers(game: str) -> None:
    assert lesson_list(game) == asyncio.run(learn_api.list_lessons(game))
    for lesson in course(game):
        moves: list[str] = []
        for step in lesson.steps:
            body = learn_api.LessonMoves(moves=moves)
            assert lesson_step(game, lesson.id, moves, None) == asyncio.run(
                learn_api.play_lesson(game, lesson.id, body)
            )
            moves.append(step.expect[0])
        done = lesson_step(game, lesson.id, moves, None)
        assert done["done"] is True and done["legal"] == []


def test_unknown_lessons_are_typed_errors() -> None:
    with pytest.raises(LocalError) as e:
        lesson_list("poker")
    assert e.value.code == "not_found"
    with pytest.raises(LocalError) as e:
        lesson_step("dummy", "no-such-lesson", [], None)
    assert e.value.code == "not_found"
    first = course("dummy")[0]
    with pytest.raises(LocalError) as e:
        lesson_step("dummy", first.id, ["nonsense"], None)
    assert e.value.code == "malformed"
