"""Offline puzzles answer exactly as the server's puzzle API does (the same JSON)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from samrap.learn.puzzles import GAMES, puzzles
from samrap.offline.puzzles import puzzle_call
from samrap.offline.table import LocalError
from samrap.server import puzzles_api


@pytest.mark.parametrize("game", GAMES)
def test_offline_puzzles_match_the_server(game: str) -> None:
    assert puzzle_call({"game": game, "what": "today", "day": "2026-12-06"}) == asyncio.run(
        puzzles_api.puzzle_today(game, "2026-12-06")
    )
    nxt = puzzle_call({"game": game, "what": "next", "rating": 1600, "tried": []})
    assert nxt == asyncio.run(puzzles_api.puzzle_next(game, 1600.0, ""))
    p = puzzles(game)[0]
    body = {"try": p.best, "solver": 1500, "rating": None, "first": True}
    local: Any = puzzle_call({"game": game, "what": "try", "id": p.id, "body": body})
    served = asyncio.run(puzzles_api.puzzle_try(game, p.id, puzzles_api.PuzzleTry.model_validate(body)))
    assert local == served and local["verdict"]["ok"] is True


def test_offline_puzzle_errors_are_local_errors() -> None:
    with pytest.raises(LocalError):
        puzzle_call({"game": "dummy", "what": "get", "id": "nope"})
    with pytest.raises(LocalError):
        puzzle_call({"game": "poker", "what": "today"})
