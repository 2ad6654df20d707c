"""The server's edge: requests refused before any route runs, each with the protocol's typed error.

* A NUL byte (``%00``) anywhere in the path or the query string is ``malformed`` (422). Why here:
  PostgreSQL cannot store or compare a string holding NUL, so the driver raises on the first query
  that carries one (``/api/leaderboard?game=%00``, ``/api/games/%00/record``), which would be an
  HTTP 500 with a traceback; refusing it at the edge covers every route, present and future.
* GETs of ``/api/...`` (the ones that query the database) are rate-limited per client address
  (the ``gets`` bucket of :class:`samrap.server.ratelimit.RateLimits`): over it, 429
  ``rate_limited`` with ``Retry-After``. Static files and the app's pages are not counted.

A plain ASGI middleware: it looks at the scope only, and answers a refusal itself.
"""

from __future__ import annotations

import json
import math
import time
from urllib.parse import unquote_to_bytes

from samrap.server.headers import ASGIApp, Receive, Scope, Send
from samrap.server.messages import ErrorBody, ErrorCode
from samrap.server.ratelimit import RateLimiter


def has_nul(scope: Scope) -> bool:
    """Whether the request's path or query string holds a NUL byte (raw or percent-encoded)."""
    if "\x00" in scope.get("path", ""):  # what the routes see
        return True
    raw: bytes = scope.get("raw_path") or b""
    query: bytes = scope.get("query_string", b"")
    return b"\x00" in unquote_to_bytes(raw) or b"\x00" in unquote_to_bytes(query.replace(b"+", b" "))


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


async def refuse(
    send: Send, status: int, code: ErrorCode, message: str, retry_after: int | None = None, close: bool = False
) -> None:
    """Answer with the typed error body; ``close``: end the connection after it (a body left unread)."""
    body = json.dumps(ErrorBody(code=code, message=message).model_dump(mode="json")).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """Refuses NUL bytes in paths and queries, and GETs over the per-address rate."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            if has_nul(scope):
                await refuse(send, 422, ErrorCode.MALFORMED, "a path or query parameter holds a NUL byte")
                return
            if scope.get("method") == "GET" and scope.get("path", "").startswith("/api/"):
                wait = self.limiter.take("gets", client_of(scope), time.monotonic())
                if wait > 0:
                    seconds = max(1, math.ceil(wait))
                    message = f"too many requests from this address; try again in {seconds} s"
                    await refuse(send, 429, ErrorCode.RATE_LIMITED, message, seconds)
                    return
        await self.app(scope, receive, send)
