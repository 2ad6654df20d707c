"""REST: the lobby (create, join, bots, start, rematch, leave), players, leaderboard, archive.

Errors are :class:`samrap.server.messages.ErrorBody` JSON with an HTTP status by kind (404
unknown, 403 bad token, 409 conflict, 422 bad input, 429 rate, 503 owner unreachable). Creating
tables and players, joining and hints are limited per client address (``samrap.server.ratelimit``):
over the limit they answer 429 ``rate_limited`` with a ``Retry-After`` header. A request
for a table that another server process owns is forwarded to that process
(``samrap.server.forward``), so any process can be asked about any table.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response

from samrap.server import forward, matchmaking
from samrap.server.chat import ChatRejected, clean_name
from samrap.server.manager import NotOwner, TableManager
from samrap.server.messages import (
    ArchivedMatch,
    ArchiveList,
    CreateTableRequest,
    CreateTableResponse,
    ErrorBody,
    ErrorCode,
    Health,
    HintItem,
    HintRequest,
    HintResponse,
    HostRequest,
    JoinRequest,
    JoinResponse,
    Leaderboard,
    Lobby,
    PlayerRequest,
    PlayerResponse,
    QuickRequest,
    RatingRow,
    RuleWords,
    TableInfo,
    TableList,
    TableSummary,
    VisibilityRequest,
)
from samrap.server.ratelimit import Kind, RateLimiter
from samrap.server.runtime import TableRuntime
from samrap.server.stages import CLOCK
from samrap.server.table import TableError
from samrap.server.tokens import new_id, new_token, normalize_code, token_hash
from samrap.server.workers import Busy, WorkerPool
from samrap.server.writer import now

#: The HTTP status of every error code (``docs/protocol.md`` lists the same table; a test compares).
STATUS: dict[ErrorCode, int] = {
    ErrorCode.MALFORMED: 422,
    ErrorCode.PROTOCOL: 400,
    ErrorCode.NOT_READY: 409,
    ErrorCode.UNAUTHORIZED: 403,
    ErrorCode.SPECTATOR: 403,
    ErrorCode.STALE: 409,
    ErrorCode.NOT_YOUR_TURN: 409,
    ErrorCode.ILLEGAL: 422,
    ErrorCode.NOT_PLAYING: 409,
    ErrorCode.UNKNOWN_TABLE: 404,
    ErrorCode.SEAT_TAKEN: 409,
    ErrorCode.NO_SEAT: 409,
    ErrorCode.BAD_STATE: 409,
    ErrorCode.BAD_CONFIG: 422,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.CHAT_REJECTED: 422,
    ErrorCode.NOT_OWNER: 503,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.NOT_HOST: 403,
    ErrorCode.SPECTATE_KEY_REQUIRED: 403,
    ErrorCode.BUSY: 503,
    ErrorCode.TOO_MANY: 429,
    ErrorCode.TOO_LARGE: 413,
    ErrorCode.TIMEOUT: 408,
    ErrorCode.INTERNAL: 500,
}

router = APIRouter()
#: What a table route's work gives back (its answer model), beside the error responses.
T = TypeVar("T")


def error_response(
    code: ErrorCode, message: str, rule: int | str | None = None, rule_text: RuleWords | None = None
) -> JSONResponse:
    body = ErrorBody(code=code, message=message, rule=rule, rule_text=rule_text)
    return JSONResponse(body.model_dump(mode="json"), status_code=STATUS[code])


#: What each limited kind of request is called in a refusal.
LIMITED = {
    "tables": "table creations",
    "players": "player creations",
    "joins": "joins",
    "hints": "hints",
}


def rate_limited(request: Request, kind: Kind) -> JSONResponse | None:
    """``None`` if the client may make this request now (it is counted), else the 429 answer.

    Checked before anything else, so a refused request writes nothing.
    """
    limiter: RateLimiter = request.app.state.limiter
    client = request.client.host if request.client is not None else "unknown"
    wait = limiter.take(kind, client, time.monotonic())
    if wait <= 0:
        return None
    seconds = max(1, math.ceil(wait))
    answer = error_response(
        ErrorCode.RATE_LIMITED, f"too many {LIMITED[kind]} from this address; try again in {seconds} s"
    )
    answer.headers["Retry-After"] = str(seconds)
    return answer


def display_name(text: str) -> str:
    """A cleaned display name, or ``malformed`` (blank, too long, markup characters)."""
    try:
        return clean_name(text)
    except ChatRejected as e:
        raise TableError(ErrorCode.MALFORMED, str(e)) from None


def manager_of(request: Request) -> TableManager:
    m: TableManager = request.app.state.manager
    return m


async def _with_table(
    request: Request, code: str, body: bytes | None, work: Callable[[TableRuntime], Awaitable[T]]
) -> T | Response:
    """Run ``work`` on the live table ``code``, forwarding to its owner if another process has it."""
    canonical = normalize_code(code)
    if canonical is None:
        return error_response(ErrorCode.UNKNOWN_TABLE, f"{code!r} is not a table code")
    try:
        rt = await manager_of(request).get(canonical)
        return await work(rt)
    except TableError as e:
        return error_response(e.code, e.message, e.rule, e.rule_text)
    except NotOwner as e:
        return await forward.forward_http(request, e, body)


@router.get("/healthz", response_model=Health)
async def healthz(request: Request) -> Health:
    m = manager_of(request)
    return Health(ok=True, node=m.ctx.node, tables=len(m.tables), database=m.storage.dialect)


@router.post("/api/tables", response_model=CreateTableResponse, status_code=201)
async def create_table(request: Request, body: CreateTableRequest) -> CreateTableResponse | Response:
    if refused := rate_limited(request, "tables"):
        return refused
    try:
        rt, host_token, seat, token = await manager_of(request).create(body)
    except TableError as e:
        return error_response(e.code, e.message, e.rule, e.rule_text)
    key = rt.table.created.spectator_key or ""
    return CreateTableResponse(table=rt.info(), host_token=host_token, seat=seat, token=token, spectator_key=key)


@router.get("/api/tables", response_model=TableList)
async def list_tables(
    request: Request,
    status: Annotated[str | None, Query(pattern="^(lobby|playing|finished)$")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> TableList:
    m = manager_of(request)
    rows = await m.ctx.writer.run(lambda: m.storage.list_tables(status, limit))
    base = m.ctx.base_url
    return TableList(
        tables=[
            TableSummary(
                code=r["code"],
                link=f"{base}/t/{r['code']}",
                game=r["game"],
                config=r["config"],
                status=r["status"],
                version=r["version"],
                rated=bool(r["rated"]),
            )
            for r in rows
        ]
    )


@router.get("/api/debug/stages", include_in_schema=False)
async def debug_stages(request: Request, since: float = 0.0) -> Any:
    """Stage timings for the load benchmark (``samrap.server.stages``); 404 unless timing is on."""
    if not CLOCK.enabled:
        return error_response(ErrorCode.NOT_FOUND, "stage timing is off (SAMRAP_STAGE_TIMING=1)")
    return CLOCK.report(since)


@router.get("/api/tables/{code}", response_model=TableInfo)
async def get_table(request: Request, code: str) -> TableInfo | Response:
    async def work(rt: TableRuntime) -> TableInfo:
        async with rt.lock:
            return rt.info()

    return await _with_table(request, code, None, work)


@router.post("/api/tables/{code}/join", response_model=JoinResponse)
async def join_table(request: Request, code: str, body: JoinRequest) -> JoinResponse | Response:
    if refused := rate_limited(request, "joins"):
        return refused
    raw = await request.body()

    async def work(rt: TableRuntime) -> JoinResponse:
        player_id = await manager_of(request).player_id(body.player_token)
        if body.player_token is not None and player_id is None:
            raise TableError(ErrorCode.UNAUTHORIZED, "unknown player token")
        seat, token = await rt.join(display_name(body.name), body.seat, player_id, avatar=body.avatar)
        await matchmaking.maybe_start(rt)
        return JoinResponse(seat=seat, token=token, table=rt.info())

    return await _with_table(request, code, raw, work)


@router.get("/api/lobby", response_model=Lobby)
async def lobby(request: Request) -> Lobby:
    """The public tables to sit at or watch, from storage (so every process lists every table):
    their seats, host and watchers as each table's owner last wrote them (``matchmaking``)."""
    m = manager_of(request)
    return await m.ctx.writer.run(lambda: matchmaking.lobby_rows(m))


@router.post("/api/quick", response_model=JoinResponse)
async def quick_match(request: Request, body: QuickRequest) -> JoinResponse | Response:
    """A seat at the open quick-match table of ``game``, or at a new public one that waits for
    strangers; answered like a join. Callers at the same moment land at the same table."""
    if refused := rate_limited(request, "joins"):
        return refused
    m = manager_of(request)
    try:
        config = matchmaking.quick_config(body.game)
        name = display_name(body.name)
        player_id = await m.player_id(body.player_token)
        if body.player_token is not None and player_id is None:
            raise TableError(ErrorCode.UNAUTHORIZED, "unknown player token")
        return await matchmaking.quick_seat(m, config, name, player_id, body.player_token, body.avatar)
    except TableError as e:
        return error_response(e.code, e.message, e.rule, e.rule_text)


@router.post("/api/tables/{code}/quick-bots", response_model=TableInfo)
async def quick_bots(request: Request, code: str, body: HostRequest) -> TableInfo | Response:
    """At a quick-match table still waiting, any seated player may fill the empty seats with
    bots (after waiting a while, the player's choice); the match then starts."""
    raw = await request.body()

    async def work(rt: TableRuntime) -> TableInfo:
        who = rt.authorize(body.token)
        if not isinstance(who, int):
            raise TableError(ErrorCode.NO_SEAT, "ask with a seat token")
        if not rt.table.settings.quick:
            raise TableError(ErrorCode.NOT_HOST, "only the host fills seats at a table not opened by quick match")
        await rt.commit(lambda: rt.table.plan_bots(body.level or "easy"))
        await matchmaking.maybe_start(rt)
        return rt.info()

    return await _with_table(request, code, raw, work)


def _host_route(name: str, act: Callable[[TableRuntime, HostRequest], Awaitable[None]]) -> None:
    async def route(request: Request, code: str, body: HostRequest) -> TableInfo | Response:
        raw = await request.body()

        async def work(rt: TableRuntime) -> TableInfo:
            await act(rt, body)
            return rt.info()

        return await _with_table(request, code, raw, work)

    route.__name__ = f"{name}_table"
    router.post(f"/api/tables/{{code}}/{name}", response_model=TableInfo)(route)


_host_route("bots", lambda rt, b: rt.fill_bots(b.token, b.level or "easy"))
_host_route("start", lambda rt, b: rt.start_match(b.token))
_host_route("rematch", lambda rt, b: rt.rematch(b.token))
_host_route("leave", lambda rt, b: rt.leave(b.token))


@router.post("/api/tables/{code}/visibility", response_model=TableInfo)
async def table_visibility(request: Request, code: str, body: VisibilityRequest) -> TableInfo | Response:
    """The host makes the table public (in the lobby, open to watch) or private (``not_host``
    for anyone else). Going private drops the spectators who came without the key."""
    raw = await request.body()

    async def work(rt: TableRuntime) -> TableInfo:
        await rt.set_visibility(body.token, body.public)
        return rt.info()

    return await _with_table(request, code, raw, work)


@router.post("/api/players", response_model=PlayerResponse, status_code=201)
async def create_player(request: Request, body: PlayerRequest) -> PlayerResponse | Response:
    if refused := rate_limited(request, "players"):
        return refused
    try:
        name = display_name(body.name)
    except TableError as e:
        return error_response(e.code, e.message)
    m = manager_of(request)
    token, player_id = new_token(), new_id("p")
    await m.ctx.writer.run(lambda: m.storage.create_player(player_id, name, token_hash(token), now()))
    return PlayerResponse(id=player_id, name=name, token=token)


@router.get("/api/players/me", response_model=PlayerResponse)
async def who_am_i(
    request: Request, x_player_token: Annotated[str, Header(max_length=100)]
) -> PlayerResponse | Response:
    m = manager_of(request)
    found = await m.ctx.writer.run(lambda: m.storage.player_by_token(token_hash(x_player_token)))
    if found is None:
        return error_response(ErrorCode.UNAUTHORIZED, "unknown player token")
    return PlayerResponse(id=found[0], name=found[1])


@router.get("/api/leaderboard", response_model=Leaderboard)
async def leaderboard(
    request: Request,
    game: Annotated[str, Query(max_length=32)] = "dummy",
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> Leaderboard:
    m = manager_of(request)
    rows = await m.ctx.writer.run(lambda: m.storage.leaderboard(game, limit))
    return Leaderboard(
        game=game,
        rows=[
            RatingRow(
                rank=k + 1,
                name=r["name"],
                player=r["id"],
                rating=round(float(r["ordinal"]), 3),
                mu=round(float(r["mu"]), 3),
                sigma=round(float(r["sigma"]), 3),
                matches=int(r["matches"]),
            )
            for k, r in enumerate(rows)
        ],
    )


@router.get("/api/games", response_model=ArchiveList)
async def list_games(
    request: Request,
    table: Annotated[str | None, Query(max_length=16)] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> ArchiveList:
    m = manager_of(request)
    code = normalize_code(table) if table is not None else None
    if table is not None and code is None:  # not a table code: no table has games under it
        return ArchiveList(games=[])
    rows = await m.ctx.writer.run(lambda: m.storage.list_archive(code, limit))

    return ArchiveList(
        games=[
            ArchivedMatch(
                id=r["id"],
                table=r["table_code"],
                match=r["match"] + 1,
                game=r["game"],
                config=r["config"],
                players=json.loads(r["players"]),
                totals=json.loads(r["totals"]),
                winners=json.loads(r["winners"]),
                rated=bool(r["rated"]),
                finished_at=datetime.fromtimestamp(r["finished_at"], UTC).isoformat().replace("+00:00", "Z"),
                finished_by_stand_ins=bool(r["finished_by_stand_ins"]),
            )
            for r in rows
        ]
    )


async def _daily_closed(m: TableManager, game_id: str) -> JSONResponse | None:
    """A daily deal's record reveals the day's deck order: closed until the (UTC) day is over."""
    from samrap.server import daily

    day = await m.ctx.writer.run(lambda: m.storage.daily_day(game_id))
    if day is None or daily.is_over(day):
        return None
    return error_response(ErrorCode.BAD_STATE, "a daily deal's record opens once its day (UTC) is over")


@router.get("/api/games/{game_id}/record")
async def game_record(request: Request, game_id: str) -> Response:
    """The archived match as a game record (``docs/records.md``): deck orders and salts revealed."""
    m = manager_of(request)
    if len(game_id) > 40:
        return error_response(ErrorCode.NOT_FOUND, "no such game")
    if (closed := await _daily_closed(m, game_id)) is not None:
        return closed
    text = await m.ctx.writer.run(lambda: m.storage.record(game_id))
    if text is None:
        return error_response(ErrorCode.NOT_FOUND, f"no archived game {game_id!r}")
    return Response(text, media_type="application/json")


@router.get("/api/games/{game_id}/replay")
async def game_replay(request: Request, game_id: str) -> Any:
    """Every position of an archived match, all hands shown (the web app's replay viewer)."""
    import asyncio

    from samrap.server.replay import replay_states

    m = manager_of(request)
    if len(game_id) > 40:
        return error_response(ErrorCode.NOT_FOUND, "no such game")
    if (closed := await _daily_closed(m, game_id)) is not None:
        return closed
    text = await m.ctx.writer.run(lambda: m.storage.record(game_id))
    if text is None:
        return error_response(ErrorCode.NOT_FOUND, f"no archived game {game_id!r}")
    return await asyncio.to_thread(replay_states, text)


@router.post("/api/tables/{code}/hint", response_model=HintResponse)
async def table_hint(request: Request, code: str, body: HintRequest) -> HintResponse | Response:
    """The bots' ranked suggestions for the seat to move, from that seat's view only.

    Hints are a help at casual tables: a rated table refuses them (``bad_state``), and only the
    seat to move may ask (``not_your_turn``). The search sees the seat's observation, never the
    state, so a hint can reveal nothing the seat could not know.

    Two depths for people (issue 27.4): ``quick`` answers at once with the heuristic's ranking
    (a thread of this process, like the bots' own moves) and queues the deeper look in the worker
    pool; ``deep`` waits for that look (never refused for want of a worker; ``busy`` only after
    :data:`~samrap.server.hints.DEEP_WAIT` seconds, to be asked again). ``full``, the default of
    older clients, is the deeper look or ``busy`` (503 with ``Retry-After``) when no worker can
    start it within its budget. The deeper look runs in the worker pool
    (``samrap.server.workers``): never on the event loop, at most one per seat at a time, cached
    per (table, version, seat, language).
    """
    from samrap.server.hints import DEEP_WAIT, hint_job, quick_hints

    if refused := rate_limited(request, "hints"):
        return refused
    raw = await request.body()
    pool: WorkerPool = request.app.state.workers

    async def work(rt: TableRuntime) -> HintResponse | Response:
        who = rt.authorize(body.token)
        if not isinstance(who, int):
            raise TableError(ErrorCode.NO_SEAT, "the host token holds no seat: ask with a seat token")
        table = rt.table
        if table.settings.rated:
            raise TableError(ErrorCode.BAD_STATE, "no hints at a rated table")
        if table.to_move() != who:
            raise TableError(ErrorCode.NOT_YOUR_TURN, "hints are for the seat to move")
        version = table.version
        key = (rt.code, version, who, body.lang)
        if (hit := pool.cached(key)) is not None:
            return HintResponse(hints=[HintItem(**h) for h in hit], depth="deep", version=version)
        game, view = table.game, table.view(who)
        if table.spec.slow_moves:
            legal = await asyncio.to_thread(game.legal_moves, table.state)
        else:
            legal = game.legal_moves(table.state)
        if body.depth == "full":
            hit = await pool.submit(key, (rt.code, who), hint_job, game, view, legal, version, body.lang)
            return HintResponse(hints=[HintItem(**h) for h in hit], depth="deep", version=version)

        def wanted() -> bool:  # the deeper look is of use while the position stands
            return rt.table.version == version

        args = (game, view, legal, version, body.lang)
        if body.depth == "quick":
            pool.prefetch(key, (rt.code, who), hint_job, *args, wanted=wanted)
            quick = await asyncio.to_thread(quick_hints, *args)
            return HintResponse(hints=[HintItem(**h) for h in quick], depth="quick", version=version)
        hit = await pool.submit(key, (rt.code, who), hint_job, *args, patient=True, wanted=wanted, wait=DEEP_WAIT)
        return HintResponse(hints=[HintItem(**h) for h in hit], depth="deep", version=version)

    try:
        return await _with_table(request, code, raw, work)
    except Busy as e:
        answer = error_response(ErrorCode.BUSY, e.message)
        answer.headers["Retry-After"] = str(max(1, math.ceil(e.retry_after)))
        return answer
