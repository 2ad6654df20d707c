"""Request bodies with a size cap and a deadline, and no answer without a typed body (issue 27).

Why an ASGI middleware of our own rather than a route's check: FastAPI reads and parses a JSON
body whole before a route runs, so a 256 MiB POST once took the server from 86 to 1,603 MiB before
it was refused; and a request that declared ``Content-Length: 10000000`` and sent nothing held its
connection (and a task) forever. Here, before any route runs:

* a declared ``Content-Length`` over :data:`MAX_BODY` is refused at once with 413 ``too_large``,
  without reading a byte of it;
* a body sent without a length (chunked) is counted as it arrives and refused with 413 as soon as
  it passes the cap, so no more than the cap is ever held;
* the whole body must arrive within :data:`BODY_SECONDS` of the first read: a slow or missing body
  is answered 408 ``timeout``. Only the reads of the body are timed; the wait for a client's
  disconnect after it (streamed answers) is not.

These refusals carry ``Connection: close``: the client may still be sending, and the connection
is not worth reading to its end.

Every exception no route handled is answered here too, as 500 ``internal`` with the protocol's
typed body, inside :class:`samrap.server.headers.SecurityHeaders` so that it carries the security
headers (Starlette's own last-resort handler sits outside every middleware and answers plain text
without them); the traceback goes to the log, never to the client. Websocket frames are not bodies:
their cap is the transport's ``ws_max_size`` and the protocol's 16 KiB per message (``ws.py``).
"""

from __future__ import annotations

import asyncio
import logging

from samrap.server.guard import refuse
from samrap.server.headers import ASGIApp, Message, Receive, Scope, Send
from samrap.server.messages import ErrorCode

log = logging.getLogger("samrap.server")

#: The largest request body accepted, in bytes. The largest real body (a table with eight seats
#: and every setting) is under 2 KiB; 64 KiB leaves room and still bounds what a request can hold.
MAX_BODY = 64 * 1024
#: Seconds a request's whole body may take to arrive, from the first time the app reads it.
BODY_SECONDS = 10.0


def declared_length(scope: Scope) -> int | None:
    """The request's ``Content-Length`` (``None`` when absent; h11 refuses a malformed one)."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class Limits:
    """The body cap and deadline, and the typed 500 (module docstring)."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY, body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cap = self.max_body
        declared = declared_length(scope)
        if declared is not None and declared > cap:
            await refuse(send, 413, ErrorCode.TOO_LARGE, too_large(cap), close=True)
            return
        loop = asyncio.get_running_loop()
        deadline: float | None = None
        received = 0
        body_done = False
        started = False
        refused = False

        async def refuse_body(status: int, code: ErrorCode, message: str) -> Message:
            """Answer the refusal now and tell the app the client left: FastAPI turns any error
            raised while it reads a body into its own 400, so the answer cannot wait for one."""
            nonlocal refused, body_done
            refused = body_done = True
            if not started:
                await refuse(send, status, code, message, close=True)
            return {"type": "http.disconnect"}

        async def limited_receive() -> Message:
            nonlocal deadline, received, body_done
            if body_done:  # the body is in: what follows is a disconnect, however long it takes
                return await receive()
            if deadline is None:
                deadline = loop.time() + self.body_seconds
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                text = f"the request body did not arrive whole within {self.body_seconds:g} s"
                return await refuse_body(408, ErrorCode.TIMEOUT, text)
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > cap:
                    return await refuse_body(413, ErrorCode.TOO_LARGE, too_large(cap))
                body_done = not message.get("more_body", False)
            else:
                body_done = True
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if refused:  # the app's own answer to the "disconnect" goes nowhere
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except Exception:
            if refused:  # the app failed on the body it never got: the refusal is the answer
                return
            log.exception("%s %s: unhandled error", scope.get("method"), scope.get("path"))
            if started:  # the status line is out: nothing better than cutting the answer short
                raise
            await refuse(send, 500, ErrorCode.INTERNAL, "the server failed on this request; it was logged")


def too_large(cap: int) -> str:
    return f"a request body is at most {cap // 1024} KiB"
