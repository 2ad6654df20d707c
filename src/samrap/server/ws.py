"""The table websocket ``/ws/tables/{code}``: parse each client message, hand it to the table.

Bad input never crashes the connection: a frame that is not JSON, not a protocol message, too
big, or binary gets a typed ``malformed`` error and changes nothing. The first message must be
``hello``; until then only ``ping`` is answered.
"""

from __future__ import annotations

import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from samrap.server import forward
from samrap.server.connection import Conn, ConnState
from samrap.server.manager import NotOwner, TableManager
from samrap.server.messages import CLIENT_MESSAGE, Act, Chat, ErrorCode, Hello, Mute, Ping, Pong, Sync
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


@router.websocket("/ws/tables/{code}")
async def table_socket(ws: WebSocket, code: str) -> None:
    await ws.accept()
    manager: TableManager = ws.app.state.manager
    canonical = normalize_code(code)
    if canonical is None:
        await ws.send_text(error_text(ErrorCode.UNKNOWN_TABLE, f"{code!r} is not a table code"))
        await ws.close(4404)
        return
    try:
        rt = await manager.get(canonical)
    except TableError as e:
        await ws.send_text(error_text(e.code, e.message))
        await ws.close(4404)
        return
    except NotOwner as e:
        if ws.headers.get(forward.FORWARDED):  # two nodes disagree about the owner: do not loop
            await ws.send_text(error_text(ErrorCode.NOT_OWNER, f"table {canonical} is moving between processes"))
            await ws.close(1013)
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
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:
                conn.send(error_text(ErrorCode.MALFORMED, "send JSON text frames, not binary"))
                continue
            if len(text) > MAX_FRAME:
                conn.send(error_text(ErrorCode.MALFORMED, f"a message is at most {MAX_FRAME} characters"))
                continue
            try:
                msg = CLIENT_MESSAGE.validate_json(text)
            except ValidationError as e:
                conn.send(error_text(ErrorCode.MALFORMED, _describe(e), rt.table.version))
                continue
            await dispatch(rt, conn, msg)
    except WebSocketDisconnect:
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
