"""Puzzles (โจทย์) over HTTP for the web app's puzzle page (issue 26.5). Stateless.

``GET /api/puzzles/{game}/today`` (the puzzle of the UTC day), ``GET /api/puzzles/{game}/next?rating=R&tried=ID,ID``
(the untried puzzle nearest the solver's rating) and ``GET /api/puzzles/{game}/{id}`` answer with the
seat's view only (a view position string, as the table gets), the legal moves, the theme and the
puzzle's rating. ``POST /api/puzzles/{game}/{id}`` with ``try`` (a move) judges it on the server by
position (:func:`samrap.learn.puzzles.judge`) and, after a legal try, gives the answer and its
explanation; with ``first`` it also returns the new Elo ratings from the ``solver`` and ``rating``
the browser sent. The browser keeps the ratings and what was tried (its local storage); the offline
worker answers the same calls with the same functions (``offline/puzzles.py``).
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from samrap.learn.puzzles import PuzzleError, find_puzzle, next_json, shown, today_json, try_json
from samrap.server.api import error_response
from samrap.server.messages import ErrorCode

router = APIRouter()


class PuzzleTry(BaseModel):
    try_: str = Field(alias="try", max_length=200)
    solver: float = Field(default=1500.0, ge=0, le=4000)
    rating: float | None = Field(default=None, ge=0, le=4000)
    first: bool = False


@router.get("/api/puzzles/{game}/today", response_model=None)
async def puzzle_today(game: str, day: str | None = None) -> object:
    try:
        return today_json(game, day)
    except PuzzleError as e:
        return error_response(ErrorCode.NOT_FOUND, str(e))


@router.get("/api/puzzles/{game}/next", response_model=None)
async def puzzle_next(game: str, rating: float = 1500.0, tried: str = "") -> object:
    if len(tried) > 20000:
        return error_response(ErrorCode.MALFORMED, "tried: too long")
    try:
        return next_json(game, rating, [t for t in tried.split(",") if t])
    except PuzzleError as e:
        return error_response(ErrorCode.NOT_FOUND, str(e))


@router.get("/api/puzzles/{game}/{puzzle_id}", response_model=None)
async def puzzle_get(game: str, puzzle_id: str) -> object:
    try:
        return shown(find_puzzle(game, puzzle_id))
    except PuzzleError as e:
        return error_response(ErrorCode.NOT_FOUND, str(e))


@router.post("/api/puzzles/{game}/{puzzle_id}", response_model=None)
async def puzzle_try(game: str, puzzle_id: str, body: PuzzleTry) -> object:
    """Judge a try (a move outside those compared is simulated: off the event loop)."""
    try:
        return await run_in_threadpool(try_json, game, puzzle_id, body.try_, body.solver, body.rating, body.first)
    except PuzzleError as e:
        return error_response(ErrorCode.NOT_FOUND, str(e))
