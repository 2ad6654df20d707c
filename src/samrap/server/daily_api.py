"""The daily deal over HTTP (issue 26.6; the deal itself is :mod:`samrap.server.daily`).

``GET /api/daily`` lists today's games (UTC day) with today's and tomorrow's commitments and
yesterday's revealed seeds; ``GET /api/daily/{day}`` one day's (seed and salt only once it is
over). ``POST /api/daily/{key}/play`` opens a private table: the caller at seat 0, the game's bots
in the others, dealt from the day's seed; answered like a join. ``GET
/api/daily/{day}/{key}/results`` shows how everyone scored on those cards: to a player who has
finished that day's game (named by ``X-Player-Token`` or ``X-Daily-Device``), or to anyone once the
day is over. Only display names and scores are shown, never ids or tokens.

Whose result counts: a player's first finished game of the day (per game), by their player
identity when they give a player token, else by the browser's own random key (``device``, kept in
its storage). Replays are allowed and played the same way, but not counted; a game without
either is played and not counted.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections import Counter
from typing import Annotated

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

from samrap.server import daily
from samrap.server.api import display_name, error_response, manager_of, rate_limited
from samrap.server.daily_messages import (
    DailyBucket,
    DailyDay,
    DailyGameDay,
    DailyIndex,
    DailyPlayRequest,
    DailyPlayResponse,
    DailyResults,
    DailyRow,
)
from samrap.server.events import DailySetup
from samrap.server.messages import CreateTableRequest, ErrorCode, SeatRequest, TableSettings
from samrap.server.table import TableError

router = APIRouter()

#: Best results listed by name.
BEST = 10


def _games(request: Request) -> tuple[daily.DailyGame, ...]:
    state = request.app.state
    games: tuple[daily.DailyGame, ...] | None = getattr(state, "daily_games", None)
    if games is None:
        games = daily.games_from_env()
        state.daily_games = games
    return games


async def _secret(request: Request) -> bytes:
    """The deployment's daily key: ``$SAMRAP_DAILY_SECRET``, else the one kept in the database."""
    import os

    state = request.app.state
    found: bytes | None = getattr(state, "daily_secret", None)
    if found is None:
        env = os.environ.get("SAMRAP_DAILY_SECRET")
        if env:
            found = env.encode()
        else:
            m = manager_of(request)
            fresh = secrets.token_hex(32)
            found = (await m.ctx.writer.run(lambda: m.storage.daily_secret(fresh))).encode()
        state.daily_secret = found
    return found


def _day(secret: bytes, games: tuple[daily.DailyGame, ...], day: str) -> DailyDay:
    from samrap.engine.fairness import deck_text
    from samrap.engine.registry import get_spec

    over = daily.is_over(day)
    out = []
    for g in games:
        d = daily.deal(secret, day, g)
        row = DailyGameDay(
            key=g.key,
            game=g.game,
            config=g.config,
            level=g.level,
            players=g.players,
            commitment=d.commitment().sha256,
        )
        if over:
            spec = get_spec(g.game)
            config = spec.parse_config(g.config, spec.default_config)
            deck = [int(c) for c in spec.make_game(config).deal_order(d.seed)]
            row = row.model_copy(update={"seed": d.seed, "salt": d.salt, "deck": deck_text(spec, config, deck)})
        out.append(row)
    return DailyDay(day=day, over=over, games=out)


@router.get("/api/daily", response_model=DailyIndex)
async def daily_index(request: Request) -> DailyIndex:
    secret, games = await _secret(request), _games(request)
    today = daily.today()
    end = dt.datetime.combine(daily.parse_day(today) + dt.timedelta(days=1), dt.time(), dt.UTC)
    return DailyIndex(
        today=_day(secret, games, today),
        tomorrow=_day(secret, games, daily.shift(today, 1)),
        yesterday=_day(secret, games, daily.shift(today, -1)),
        next_at=end.isoformat().replace("+00:00", "Z"),
    )


@router.get("/api/daily/{day}", response_model=DailyDay)
async def daily_day(request: Request, day: str) -> DailyDay | JSONResponse:
    """One day's deals: commitments up to tomorrow, seeds and salts of days that are over."""
    try:
        if daily.parse_day(day) > daily.parse_day(daily.shift(daily.today(), 1)):
            return error_response(ErrorCode.NOT_FOUND, "commitments are published for today and tomorrow only")
    except daily.DailyError as e:
        return error_response(ErrorCode.MALFORMED, str(e))
    return _day(await _secret(request), _games(request), day)


async def _player(request: Request, token: str | None, device: str | None) -> tuple[str | None, str | None]:
    """The caller's player id (``unauthorized`` for an unknown token) and result key."""
    m = manager_of(request)
    player_id = await m.player_id(token)
    if token is not None and player_id is None:
        raise TableError(ErrorCode.UNAUTHORIZED, "unknown player token")
    return player_id, daily.player_key(player_id, device)


def _game(request: Request, key: str) -> daily.DailyGame:
    for g in _games(request):
        if g.key == key:
            return g
    raise TableError(ErrorCode.NOT_FOUND, f"no daily game {key!r}")


@router.post("/api/daily/{key}/play", response_model=DailyPlayResponse)
async def daily_play(request: Request, key: str, body: DailyPlayRequest) -> DailyPlayResponse | JSONResponse:
    if refused := rate_limited(request, "tables"):
        return refused
    m = manager_of(request)
    try:
        game = _game(request, key)
        name = display_name(body.name)
        _, who = await _player(request, body.player_token, body.device)
        day = daily.today()
        d = daily.deal(await _secret(request), day, game)
        counted = await m.ctx.writer.run(lambda: m.storage.daily_results(day, key))
        counts = who is not None and all(r.key != who for r in counted)
        seats = [SeatRequest(kind="human")] + [SeatRequest(kind="bot", level=game.level)] * (game.players - 1)
        req = CreateTableRequest(
            game=game.config,
            seats=seats,
            settings=TableSettings(),
            host_name=name,
            host_avatar=body.avatar,
            player_token=body.player_token,
        )
        setup = DailySetup(day=day, key=key, seed=d.seed, salt=d.salt, player=who if counts else None, name=name)
        rt, _, seat, token = await m.create(req, daily=setup)
        assert seat is not None and token is not None
        await rt.commit(lambda: [rt.table.plan_start()])
        async with rt.lock:
            info = rt.info()
    except TableError as e:
        return error_response(e.code, e.message, e.rule)
    return DailyPlayResponse(seat=seat, token=token, table=info, day=day, key=key, counts=counts)


@router.get("/api/daily/{day}/{key}/results", response_model=DailyResults)
async def daily_results(
    request: Request,
    day: str,
    key: str,
    x_player_token: Annotated[str | None, Header(max_length=100)] = None,
    x_daily_device: Annotated[str | None, Header(max_length=100)] = None,
) -> DailyResults | JSONResponse:
    m = manager_of(request)
    try:
        game = _game(request, key)
        over = daily.is_over(day)
        _, who = await _player(request, x_player_token, x_daily_device)
    except daily.DailyError as e:
        return error_response(ErrorCode.MALFORMED, str(e))
    except TableError as e:
        return error_response(e.code, e.message, e.rule)
    rows = await m.ctx.writer.run(lambda: m.storage.daily_results(day, key))
    ranked = daily.ranking(rows, game.lower_is_better)
    mine = next((r for r in ranked if who is not None and r.key == who), None)
    if mine is None and not over:
        return error_response(ErrorCode.BAD_STATE, "finish today's deal to see how others scored on it")
    counts = Counter(r.score for r in ranked)
    return DailyResults(
        day=day,
        key=key,
        lower_is_better=game.lower_is_better,
        count=len(ranked),
        you=None if mine is None else DailyRow(rank=mine.rank, name=mine.name, score=mine.score),
        best=[DailyRow(rank=r.rank, name=r.name, score=r.score) for r in ranked[:BEST]],
        distribution=[DailyBucket(score=s, count=c) for s, c in sorted(counts.items())],
    )
