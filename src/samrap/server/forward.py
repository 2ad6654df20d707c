"""Requests for a table that another server process owns are passed on to that process.

Why forward rather than redirect: a browser's websocket cannot follow a redirect, and a client
should not need to know how many processes there are. The owner's URL comes from the table's
lease row. A load balancer that routes ``/ws/tables/{code}`` and ``/api/tables/{code}`` by code
(``docs/deployment.md``) makes forwarding rare; this keeps any process correct without one.
"""

from __future__ import annotations

import asyncio
import contextlib

import httpx
from fastapi import Request, WebSocket
from fastapi.responses import JSONResponse, Response
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from samrap.server.manager import NotOwner
from samrap.server.messages import ErrorBody, ErrorCode

#: Marks a forwarded request, so two processes that disagree about an owner cannot ping-pong.
FORWARDED = "x-samrap-forwarded"


def _unavailable(e: NotOwner) -> JSONResponse:
    body = ErrorBody(code=ErrorCode.NOT_OWNER, message=f"table {e.code} is served by a process that cannot be reached")
    return JSONResponse(body.model_dump(mode="json"), status_code=503)


async def forward_http(request: Request, e: NotOwner, body: bytes | None) -> Response:
    """Replay ``request`` against the owning process and return its answer."""
    if e.url is None or request.headers.get(FORWARDED):
        return _unavailable(e)
    url = e.url.rstrip("/") + request.url.path
    headers = {k: v for k, v in request.headers.items() if k.lower() in ("content-type", "x-player-token")}
    headers[FORWARDED] = "1"
    try:
        async with httpx.AsyncClient(timeout=10) as client:
            answer = await client.request(
                request.method, url, params=dict(request.query_params), content=body or b"", headers=headers
            )
    except httpx.HTTPError:
        return _unavailable(e)
    return Response(answer.content, status_code=answer.status_code, media_type=answer.headers.get("content-type"))


async def relay_websocket(ws: WebSocket, e: NotOwner) -> None:
    """Pump frames between the client and the owner's websocket for the same table."""
    if e.url is None:
        await ws.close(1013)
        return
    target = e.url.replace("http://", "ws://", 1).replace("https://", "wss://", 1).rstrip("/") + f"/ws/tables/{e.code}"
    if ws.url.query:  # the spectator key (?watch=KEY) goes along
        target += f"?{ws.url.query}"
    try:
        upstream = await connect(target, additional_headers={FORWARDED: "1"}, max_size=2**20)
    except (OSError, ConnectionClosed, TimeoutError):
        await ws.close(1013)
        return

    async def client_to_owner() -> None:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is not None:
                await upstream.send(text)

    async def owner_to_client() -> None:
        async for message in upstream:
            await ws.send_text(message if isinstance(message, str) else message.decode())

    tasks = [asyncio.create_task(client_to_owner()), asyncio.create_task(owner_to_client())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        await upstream.close()
        with contextlib.suppress(Exception):
            await ws.close()
