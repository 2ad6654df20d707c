"""The lobby's lines and quick match with strangers (issue 23.1, 23.2).

Why the lobby reads a summary from the database: several server processes may share one
database (``docs/deployment.md``) and each holds only its own tables in memory. The owner of a
public table writes a small JSON summary (seats, host name, watchers) into the table's row
whenever its seats or watchers change (:func:`publish`), so any process lists every public table
from storage alone.

Why quick match claims a row: callers that tap at the same moment must land at one table, never
two half-empty ones. Within a process a lock per game config serialises them; across processes
the open quick table of a config is a row of ``samrap_quick`` keyed by the config, and inserting
that key is the claim only one process can win (a primary key, on SQLite and PostgreSQL alike).
Seats themselves are taken by the table's owner through its log, which already serialises joins.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import weakref
from typing import TYPE_CHECKING, Any

import httpx

from samrap.core.errors import ConfigError
from samrap.engine.registry import configure
from samrap.server.messages import (
    AvatarId,
    CreateTableRequest,
    ErrorBody,
    ErrorCode,
    JoinResponse,
    Lobby,
    LobbySeat,
    LobbyTable,
    TableSettings,
)
from samrap.server.table import TableError, restore
from samrap.server.writer import now

if TYPE_CHECKING:
    from samrap.server.manager import NotOwner, TableManager
    from samrap.server.runtime import TableRuntime

log = logging.getLogger("samrap.server")

#: How many public tables the lobby lists at most.
LOBBY_LIMIT = 40

#: Background writes of summaries, kept referenced until done.
_pending: set[asyncio.Task[None]] = set()
#: The summary text last written per table, so an unchanged one is not written again.
_written: dict[str, str] = {}


def summary_of(rt: TableRuntime) -> dict[str, Any]:
    """What the lobby shows of a live table: no tokens, no player ids, nothing of the cards."""
    table = rt.table
    host = rt.host_seat()
    seats = [
        {"kind": s.kind, **({"name": s.name} if s.kind == "human" else {}), **({"level": s.level} if s.level else {})}
        for s in table.seats
    ]
    watchers = sum(1 for c in rt.conns if c.seat is None and c.is_open)
    return {
        "seats": seats,
        "host": table.seats[host].name if host is not None and table.seats[host].kind == "human" else None,
        "watchers": watchers,
        "quick": table.settings.quick,
        "chat": table.settings.chat,
    }


def publish(rt: TableRuntime) -> None:
    """Write the lobby summary of a public table if it changed (seats, host, watchers).

    Called whenever the runtime tells its connections about the table; the write runs in the
    background through the database writer, so no request waits on it."""
    if not rt.table.public or rt.closed:
        return
    text = json.dumps(summary_of(rt), ensure_ascii=False, separators=(",", ":"))
    code = rt.code
    if _written.get(code) == text:
        return
    _written[code] = text
    if len(_written) > 10_000:  # forget the oldest tables' texts (a rewrite is harmless)
        for old in list(_written)[:5_000]:
            del _written[old]

    async def write() -> None:
        try:
            await rt.ctx.writer.run(lambda: rt.ctx.storage.set_summary(code, text))
        except Exception:
            _written.pop(code, None)
            log.exception("table %s: lobby summary not stored", code)

    task = asyncio.get_running_loop().create_task(write())
    _pending.add(task)
    task.add_done_callback(_pending.discard)


def _seats_from_log(manager: TableManager, code: str) -> dict[str, Any] | None:
    """A summary rebuilt from the log, for a public table whose owner has written none yet."""
    try:
        table = restore(code, manager.storage.load_log(code))
    except Exception:
        return None
    host = table.host_seat()
    return {
        "seats": [{"kind": s.kind, "name": s.name if s.kind == "human" else "", "level": s.level} for s in table.seats],
        "host": table.seats[host].name if host is not None else None,
        "watchers": 0,
        "quick": table.settings.quick,
        "chat": table.settings.chat,
    }


def lobby_rows(manager: TableManager) -> Lobby:
    """The lobby from storage (runs in the writer's thread): tables with open seats first (to
    sit), then those in play (to watch); finished tables only while a seat waits for a rematch."""
    out: list[LobbyTable] = []
    for r in manager.storage.lobby(LOBBY_LIMIT * 2):
        summary = json.loads(r["summary"]) if r["summary"] else None
        if summary is None and r["status"] == "lobby":
            summary = _seats_from_log(manager, r["code"])
        if summary is None:
            continue
        seats = [LobbySeat(kind=s["kind"], name=s.get("name") or "", level=s.get("level")) for s in summary["seats"]]
        open_seats = sum(1 for s in seats if s.kind == "open")
        humans = sum(1 for s in seats if s.kind == "human")
        if r["status"] == "finished" and not (open_seats and humans):
            continue
        if r["status"] == "lobby" and not humans:
            continue  # nobody to play with: everyone left (or nobody sat down yet)
        out.append(
            LobbyTable(
                code=r["code"],
                game=r["game"],
                config=r["config"],
                status=r["status"],
                seats=seats,
                open=open_seats,
                host=summary.get("host"),
                watchers=int(summary.get("watchers", 0)),
                quick=bool(summary.get("quick", False)),
                chat=summary.get("chat", "free"),
            )
        )
    out.sort(key=lambda t: (t.status == "playing", t.open == 0))
    return Lobby(tables=out[:LOBBY_LIMIT])


def quick_config(game: str) -> str:
    """The canonical config string quick match groups callers by.

    Raises:
        TableError: ``bad_config``, naming what does not parse (an unknown game, preset or option).
    """
    try:
        spec, config = configure(game)
        spec.make_game(config)
    except ConfigError as e:
        raise TableError(ErrorCode.BAD_CONFIG, str(e)) from None
    return spec.config_string(config)


#: One lock per config in each server of this process (the row claim covers other processes).
#: Kept per manager: a lock belongs to one event loop, and tests run several servers in turn.
_locks: weakref.WeakKeyDictionary[TableManager, dict[str, asyncio.Lock]] = weakref.WeakKeyDictionary()


async def maybe_start(rt: TableRuntime) -> None:
    """A quick-match table starts as soon as its last seat is taken."""
    table = rt.table
    if table.settings.quick and table.status == "lobby" and all(s.kind != "open" for s in table.seats):
        try:
            await rt.commit(lambda: [rt.table.plan_start()])
        except TableError as e:  # someone else started it meanwhile
            log.info("table %s: quick start skipped (%s)", rt.code, e.message)


async def _answer(rt: TableRuntime, seat: int, token: str) -> JoinResponse:
    async with rt.lock:
        return JoinResponse(seat=seat, token=token, table=rt.info())


async def _join_remote(
    e: NotOwner, name: str, player_token: str | None, avatar: AvatarId | None = None
) -> JoinResponse | None:
    """Join the open quick table at the process that owns it (an ordinary join, forwarded).

    ``None`` when that table has no seat left, is gone or its owner cannot be reached: the caller
    then stops offering it. Why not forward the whole quick request: the owner might itself find
    a newer table elsewhere, and a forwarded request may not be forwarded again."""
    from samrap.server.forward import FORWARDED  # the runtime imports this module: no cycle at load

    if e.url is None:
        return None
    body: dict[str, Any] = {"name": name}
    if player_token is not None:
        body["player_token"] = player_token
    if avatar is not None:
        body["avatar"] = avatar
    try:
        async with httpx.AsyncClient(timeout=10) as client:
            answer = await client.post(
                e.url.rstrip("/") + f"/api/tables/{e.code}/join", json=body, headers={FORWARDED: "1"}
            )
    except httpx.HTTPError:
        return None
    if answer.status_code == 200:
        return JoinResponse.model_validate_json(answer.content)
    try:
        error = ErrorBody.model_validate_json(answer.content)
    except ValueError:
        return None
    if error.code in (ErrorCode.NO_SEAT, ErrorCode.SEAT_TAKEN, ErrorCode.UNKNOWN_TABLE, ErrorCode.NOT_OWNER):
        return None
    raise TableError(error.code, error.message, error.rule, error.rule_text)


async def quick_seat(
    manager: TableManager,
    config: str,
    name: str,
    player_id: str | None,
    player_token: str | None = None,
    avatar: AvatarId | None = None,
) -> JoinResponse:
    """Seat ``name`` (with the drawn ``avatar`` picked, if any) at the open quick-match table of
    ``config``, or open one; answered like a join. Raises :class:`TableError`. When the open
    table is served by another process, the seat is taken there by an ordinary join
    (:func:`_join_remote`)."""
    from samrap.server.manager import NotOwner  # the runtime imports this module: no cycle at load

    lock = _locks.setdefault(manager, {}).setdefault(config, asyncio.Lock())
    storage = manager.storage

    async def release(code: str) -> None:
        await manager.ctx.writer.run(lambda: storage.quick_release(config, code))

    async with lock:
        for _ in range(6):
            code = await manager.ctx.writer.run(lambda: storage.quick_table(config))
            if code is None:
                rt, host_token, _, _ = await manager.create(
                    CreateTableRequest(game=config, public=False, settings=TableSettings(quick=True))
                )
                seat, token = await rt.join(name, None, player_id, host=True, avatar=avatar)
                won = await manager.ctx.writer.run(functools.partial(storage.quick_claim, config, rt.code, now()))
                if won:
                    await rt.set_visibility(host_token, True)
                    return await _answer(rt, seat, token)
                # another process opened one at the same moment: leave this one unlisted, join theirs
                await rt.leave(token)
                continue
            try:
                rt = await manager.get(code)
            except TableError:
                await release(code)
                continue
            except NotOwner as e:
                joined = await _join_remote(e, name, player_token, avatar)
                if joined is None:  # full, started or gone: not open any more
                    await release(code)
                    continue
                return joined
            if rt.table.status != "lobby" or all(s.kind != "open" for s in rt.table.seats):
                await release(code)
                continue
            try:
                seat, token = await rt.join(name, None, player_id, avatar=avatar)
            except TableError as e:
                if e.code not in (ErrorCode.NO_SEAT, ErrorCode.SEAT_TAKEN):
                    raise
                await release(code)
                continue
            if all(s.kind != "open" for s in rt.table.seats):
                await release(code)
                await maybe_start(rt)
            return await _answer(rt, seat, token)
    raise TableError(ErrorCode.BAD_STATE, "no quick-match table could be opened; try again")
