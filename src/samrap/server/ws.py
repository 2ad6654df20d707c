"""The table websocket ``/ws/tables/{code}``: parse each client message, hand it to the table.

Bad input never crashes the connection: a frame that is not JSON, not a protocol message, or
binary gets a typed ``malformed`` error and changes nothing; a frame over :data:`MAX_FRAME` gets
``malformed`` and the socket is closed (1009, too big). The first message must be ``hello``;
until then only ``ping`` is answered.

Limits per client address (``samrap.server.ratelimit``): connects are rate-limited and open
sockets capped; over either the client gets ``rate_limited`` or ``too_many_connections`` and the
socket closes (1013, try again later). A client that vanishes at any point (even before the
first answer) leaves no traceback: every send to a closed socket is expected, not an error.
"""

from __future__ import annotations

import contextlib
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from samrap.server import forward
from samrap.server.connection import Conn, ConnState
from samrap.server.manager import NotOwner, TableManager
from samrap.server.messages import CLIENT_MESSAGE, Act, Chat, ErrorCode, Hello, Mute, Ping, Pong, Sync
from samrap.server.ratelimit import RateLimiter
from samrap.server.runtime import TableRuntime, error_text
from samrap.server.table import TableError
from samrap.server.tokens import normalize_code

#: Largest client frame read, in characters (the longest legitimate message is far smaller).
MAX_FRAME = 16_384

router = APIRouter()


def _describe(e: ValidationError) -> str:
    first = e.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "message"
    return f"{where}: {first.get('msg', 'invalid')}"


async def refuse(ws: WebSocket, text: str, close_code: int) -> None:
    """Send one error and close; the client may already be gone (then nothing is said)."""
    with contextlib.suppress(Exception):
        await ws.send_text(text)
        await ws.close(close_code)


@router.websocket("/ws/tables/{code}")
async def table_socket(ws: WebSocket, code: str) -> None:
    limiter: RateLimiter = ws.app.state.limiter
    client = ws.client.host if ws.client is not None else "unknown"
    try:
        await ws.accept()
    except Exception:  # gone during the handshake
        return
    wait = limiter.take("connects", client, time.monotonic())
    if wait > 0:
        message = f"too many connections opened from this address; try again in {max(1, round(wait))} s"
        await refuse(ws, error_text(ErrorCode.RATE_LIMITED, message), 1013)
        return
    if not limiter.open_socket(client):
        message = "too many open connections from this address; close some tabs and try again"
        await refuse(ws, error_text(ErrorCode.TOO_MANY, message), 1013)
        return
    try:
        await _table_socket(ws, code)
    except WebSocketDisconnect:
        pass
    finally:
        limiter.close_socket(client)


async def _table_socket(ws: WebSocket, code: str) -> None:
    manager: TableManager = ws.app.state.manager
    canonical = normalize_code(code)
    if canonical is None:
        await refuse(ws, error_text(ErrorCode.UNKNOWN_TABLE, f"{code!r} is not a table code"), 4404)
        return
    try:
        rt = await manager.get(canonical)
    except TableError as e:
        await refuse(ws, error_text(e.code, e.message), 4404)
        return
    except NotOwner as e:
        if ws.headers.get(forward.FORWARDED):  # two nodes disagree about the owner: do not loop
            await refuse(ws, error_text(ErrorCode.NOT_OWNER, f"table {canonical} is moving between processes"), 1013)
            return
        await forward.relay_websocket(ws, e)
        return
    await serve_connection(ws, rt)


async def serve_connection(ws: WebSocket, rt: TableRuntime) -> None:
    async def close(code: int) -> None:
        with contextlib.suppress(Exception):
            await ws.close(code)

    conn = Conn(ws.send_text, close, ws.query_params.get("watch"))
    try:
        while conn.is_open:
            frame = await ws.receive()
            conn.read_at = time.perf_counter()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                conn.send(error_text(ErrorCode.MALFORMED, "send JSON text frames, not binary"))
                continue
            if len(text) > MAX_FRAME:
                conn.send(error_text(ErrorCode.MALFORMED, f"a message is at most {MAX_FRAME} characters"))
                await conn.close(1009)
                break
            try:
                msg = CLIENT_MESSAGE.validate_json(text)
            except ValidationError as e:
                conn.send(error_text(ErrorCode.MALFORMED, _describe(e), rt.table.version))
                continue
            await dispatch(rt, conn, msg)
    except (WebSocketDisconnect, RuntimeError):  # RuntimeError: a receive after the peer vanished
        pass
    finally:
        if conn.state is ConnState.JOINED or conn in rt.conns:
            await rt.goodbye(conn)
        else:
            await conn.shutdown()


async def dispatch(rt: TableRuntime, conn: Conn, msg: Hello | Act | Chat | Mute | Sync | Ping) -> None:
    if isinstance(msg, Ping):
        conn.send(Pong(ref=msg.ref).model_dump_json())
        return
    if isinstance(msg, Hello):
        if conn.state is ConnState.JOINED:
            conn.send(
                error_text(ErrorCode.BAD_STATE, "already joined; open a new connection to change seat", ref=msg.ref)
            )
            return
        await rt.hello(conn, msg)
        return
    if conn.state is not ConnState.JOINED:
        conn.send(error_text(ErrorCode.NOT_READY, "send hello first", ref=msg.ref))
        return
    match msg:
        case Act():
            await rt.act(conn, msg)
        case Chat():
            await rt.chat(conn, msg)
        case Mute():
            await rt.mute(conn, msg)
        case Sync():
            await rt.sync(conn)
