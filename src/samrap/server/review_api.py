"""Game reviews over HTTP (issue 13): run in the hint workers' pool, stored with the archived match.

``POST /api/games/{id}/review`` ``{"seat": N}`` starts the review of seat N of an archived match
(or answers at once with the stored one); ``GET /api/games/{id}/review?seat=N`` reports it:
``{"status": "running", "done": k, "total": n}`` while it works, then ``{"status": "done",
"review": {...}}`` (:meth:`samrap.players.review.Review.as_dict`).

ลองใหม่ (try again, :mod:`samrap.learn.retry`): ``GET /api/games/{id}/retry?seat=N`` lists the
positions the stored review flagged (mistakes and blunders) as the seat saw them: the seat's view
string and its legal moves, never the answer. ``POST /api/games/{id}/retry`` ``{"seat", "key",
"try"}`` judges a try in the worker pool (a try that is neither the best nor the move played is
compared on simulated deals) and answers the verdict; the answer (best move, move played, reason)
comes with a right try or with ``"show": true``. Only finished matches are in the
archive, so a live game cannot be reviewed; ``POST /api/tables/{code}/review`` says so
(``bad_state``), since reviewing while the game is played would be a hint with hidden cards.

Why slices: the review is cut into short jobs of :data:`SLICE` decisions, each one submitted to
the same bounded :class:`~samrap.server.workers.WorkerPool` as hints (worker processes at a lower
priority, never the event loop). Between slices a hint can take a worker, so a review never makes
a table wait, and the page gets its progress from the slices done. A slice refused as ``Busy`` is
retried after the pool's ``retry_after``. Each slice sees the record, but the analysis inside it
only ever gets the reviewed seat's view (``samrap.players.review``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy import select

from samrap.server import schema
from samrap.server.api import error_response, manager_of
from samrap.server.messages import ErrorCode
from samrap.server.tokens import normalize_code
from samrap.server.workers import Busy, WorkerPool
from samrap.server.writer import now

log = logging.getLogger("samrap.server")

router = APIRouter()

#: Decisions per worker job (a few seconds of work).
SLICE = 6
#: Version of the stored review's shape (``Review.as_dict``'s ``version``).
REVIEW_VERSION = 1
#: At most this many reviews run at once in one process (each also takes a worker per slice).
MAX_RUNNING = 4


class ReviewRequest(BaseModel):
    seat: int = Field(ge=0, le=7)


class RetryTry(BaseModel):
    seat: int = Field(ge=0, le=7)
    key: str = Field(max_length=24, pattern=r"^[0-9]+:[0-9]+$")
    try_: str | None = Field(default=None, alias="try", max_length=200)
    show: bool = False


def retry_job(record_text: str, review_text: str, seat: int, key: str, text: str | None, show: bool) -> dict[str, Any]:
    """A worker job: the verdict on ``text`` at position ``key`` (and the answer when right or asked)."""
    from samrap.engine.record import loads_record
    from samrap.learn.retry import retry_positions

    positions = retry_positions(loads_record(record_text), seat, json.loads(review_text))
    p = next((p for p in positions if p.key == key), None)
    if p is None:
        return {"missing": True}
    verdict = None if text is None else p.judge(text)
    out: dict[str, Any] = {"key": key, "verdict": None if verdict is None else verdict.as_dict(), "answer": None}
    if show or (verdict is not None and verdict.ok):
        out["answer"] = {"th": p.answer("th"), "en": p.answer("en")}
    return out


def review_slice_job(record_text: str, seat: int, start: int, stop: int) -> list[dict[str, Any]]:
    """A worker job: decisions ``start..stop-1`` of the review of ``seat`` (plain dicts)."""
    from samrap.engine.record import loads_record
    from samrap.players.review import review_slice

    return review_slice(loads_record(record_text), seat, start, stop)


def count_job(record_text: str, seat: int) -> int:
    from samrap.engine.record import loads_record
    from samrap.players.review import count_steps

    return count_steps(loads_record(record_text), seat)[0]


def assemble_job(record_text: str, seat: int, decisions: list[dict[str, Any]]) -> dict[str, object]:
    from samrap.engine.record import loads_record
    from samrap.players.review import review_from_slices

    return review_from_slices(loads_record(record_text), seat, decisions)


@dataclass
class Running:
    """A review in progress in this process."""

    total: int
    done: int = 0
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)


def _running(request: Request) -> dict[tuple[str, int], Running]:
    state = request.app.state
    if not hasattr(state, "reviews_running"):
        state.reviews_running = {}
    runs: dict[tuple[str, int], Running] = state.reviews_running
    return runs


def _load_review(storage: Any, archive_id: str, seat: int) -> str | None:
    r = schema.reviews
    with storage.engine.connect() as conn:
        row = conn.execute(select(r.c.data).where(r.c.archive_id == archive_id, r.c.seat == seat)).first()
        return None if row is None else str(row.data)


def _save_review(storage: Any, archive_id: str, seat: int, data: str) -> None:
    r = schema.reviews
    with storage.engine.begin() as conn:
        conn.execute(r.delete().where(r.c.archive_id == archive_id, r.c.seat == seat))
        conn.execute(
            r.insert().values(archive_id=archive_id, seat=seat, version=REVIEW_VERSION, data=data, created_at=now())
        )


async def _submit(pool: WorkerPool, key: Any, owner: Any, fn: Any, *args: Any) -> Any:
    """``pool.submit``, retried while the pool is busy (a review waits; a hint never waits for it)."""
    while True:
        try:
            return await pool.submit(key, owner, fn, *args)
        except Busy as e:
            await asyncio.sleep(max(0.5, e.retry_after))


async def _review(request: Request, archive_id: str, seat: int, text: str, run: Running) -> None:
    pool: WorkerPool = request.app.state.workers
    m = manager_of(request)
    owner = ("review", archive_id, seat)
    decisions: list[dict[str, Any]] = []
    try:
        for start in range(0, run.total, SLICE):
            stop = min(run.total, start + SLICE)
            part = await _submit(
                pool, ("review", archive_id, seat, start), owner, review_slice_job, text, seat, start, stop
            )
            decisions.extend(part)
            run.done = len(decisions)
        review = await _submit(pool, ("review-all", archive_id, seat), owner, assemble_job, text, seat, decisions)
        data = json.dumps(review, ensure_ascii=False)
        await m.ctx.writer.run(lambda: _save_review(m.storage, archive_id, seat, data))
    except Exception as e:  # the page shows it; the next request starts again
        log.exception("review of %s seat %s failed", archive_id, seat)
        run.error = str(e) or type(e).__name__
    finally:
        if run.error is None:
            _running(request).pop((archive_id, seat), None)


def _status(run: Running) -> dict[str, object]:
    if run.error is not None:
        return {"status": "failed", "done": run.done, "total": run.total, "message": run.error}
    return {"status": "running", "done": run.done, "total": run.total}


async def _stored(request: Request, archive_id: str, seat: int) -> tuple[str | None, str | None]:
    """``(record text, stored review)`` of an archived match (``None`` when absent)."""
    m = manager_of(request)
    text = await m.ctx.writer.run(lambda: m.storage.record(archive_id))
    if text is None:
        return None, None
    data = await m.ctx.writer.run(lambda: _load_review(m.storage, archive_id, seat))
    return text, data


def _seat_problem(text: str, seat: int) -> str | None:
    players = json.loads(text).get("players", [])
    if not 0 <= seat < len(players):
        return f"seat must be 0 to {len(players) - 1}, not {seat}"
    return None


@router.get("/api/games/{game_id}/review")
async def get_review(request: Request, game_id: str, seat: Annotated[int, Query(ge=0, le=7)] = 0) -> Any:
    """The stored review of ``seat``, or the progress of one being made (``status: none`` if neither)."""
    if len(game_id) > 40:
        return error_response(ErrorCode.NOT_FOUND, "no such game")
    text, data = await _stored(request, game_id, seat)
    if text is None:
        return error_response(ErrorCode.NOT_FOUND, f"no archived game {game_id!r}")
    if data is not None:
        return {"status": "done", "review": json.loads(data)}
    run = _running(request).get((game_id, seat))
    return _status(run) if run is not None else {"status": "none"}


@router.post("/api/games/{game_id}/review")
async def start_review(request: Request, game_id: str, body: ReviewRequest) -> Any:
    """Start the review of ``body.seat`` of an archived (so finished) match; 202 while it runs."""
    if len(game_id) > 40:
        return error_response(ErrorCode.NOT_FOUND, "no such game")
    text, data = await _stored(request, game_id, body.seat)
    if text is None:
        return error_response(ErrorCode.NOT_FOUND, f"no archived game {game_id!r}")
    if (problem := _seat_problem(text, body.seat)) is not None:
        return error_response(ErrorCode.MALFORMED, problem)
    if data is not None:
        return {"status": "done", "review": json.loads(data)}
    runs = _running(request)
    key = (game_id, body.seat)
    run = runs.get(key)
    if run is not None and run.error is None:
        return JSONResponse(_status(run), status_code=202)
    if sum(1 for r in runs.values() if r.error is None) >= MAX_RUNNING:
        answer = error_response(ErrorCode.BUSY, "several reviews are being made; try again in a minute")
        answer.headers["Retry-After"] = "30"
        return answer
    pool: WorkerPool = request.app.state.workers
    try:
        # patient: a person asked, so the count waits for a worker (the server's first seconds,
        # while the workers warm up, included: issue 27.1) rather than answering busy at once
        total = await pool.submit(
            ("review-count", game_id, body.seat),
            ("review", game_id, body.seat),
            count_job,
            text,
            body.seat,
            patient=True,
        )
    except Busy as e:
        answer = error_response(ErrorCode.BUSY, e.message)
        answer.headers["Retry-After"] = str(max(1, round(e.retry_after)))
        return answer
    run = Running(total=total)
    runs[key] = run
    run.task = asyncio.create_task(_review(request, game_id, body.seat, text, run))
    return JSONResponse(_status(run), status_code=202)


@router.get("/api/games/{game_id}/retry")
async def retry_positions_of(request: Request, game_id: str, seat: Annotated[int, Query(ge=0, le=7)] = 0) -> Any:
    """The flagged positions of the stored review of ``seat``, from the seat's view (no answers)."""
    from samrap.engine.record import loads_record
    from samrap.learn.retry import retry_positions

    if len(game_id) > 40:
        return error_response(ErrorCode.NOT_FOUND, "no such game")
    text, data = await _stored(request, game_id, seat)
    if text is None:
        return error_response(ErrorCode.NOT_FOUND, f"no archived game {game_id!r}")
    if data is None:
        return error_response(ErrorCode.BAD_STATE, "this seat's game is not reviewed yet: review it first")
    positions = retry_positions(loads_record(text), seat, json.loads(data))
    return {"game": game_id, "seat": seat, "positions": [p.as_dict() for p in positions]}


@router.post("/api/games/{game_id}/retry")
async def retry_try(request: Request, game_id: str, body: RetryTry) -> Any:
    """Judge a try at one flagged position (in the worker pool); the answer with a right try or ``show``."""
    if len(game_id) > 40:
        return error_response(ErrorCode.NOT_FOUND, "no such game")
    text, data = await _stored(request, game_id, body.seat)
    if text is None:
        return error_response(ErrorCode.NOT_FOUND, f"no archived game {game_id!r}")
    if data is None:
        return error_response(ErrorCode.BAD_STATE, "this seat's game is not reviewed yet: review it first")
    pool: WorkerPool = request.app.state.workers
    try:
        answer = await pool.submit(
            ("retry", game_id, body.seat, body.key, body.try_, body.show),
            ("retry", game_id, body.seat),
            retry_job,
            text,
            data,
            body.seat,
            body.key,
            body.try_,
            body.show,
            patient=True,
        )
    except Busy as e:
        busy = error_response(ErrorCode.BUSY, e.message)
        busy.headers["Retry-After"] = str(max(1, round(e.retry_after)))
        return busy
    if answer.get("missing"):
        return error_response(ErrorCode.NOT_FOUND, f"no flagged position {body.key} in this review")
    return answer


@router.post("/api/tables/{code}/review")
async def refuse_live_review(request: Request, code: str) -> Any:
    """A game still being played is never reviewed: its review would show what the seat cannot see yet."""
    table = normalize_code(code)
    if table is None:
        return error_response(ErrorCode.NOT_FOUND, "no such table")
    return error_response(
        ErrorCode.BAD_STATE,
        "a game is reviewed once its match is over: open it from the archive (POST /api/games/{id}/review)",
    )
