"""Security headers on every HTTP answer: the Content-Security-Policy and its companions.

Why: seat and player tokens live in the browser's localStorage, so a script injected into the page
(a chat line or a name that slipped an escape, a compromised CDN) could carry them off. The policy
lets the page run only scripts, styles, fonts, images and sounds from this server's own origin,
with no inline script, no inline style attribute, no ``eval``, and connect only back to this
origin (REST and the table websocket). ``frame-ancestors 'none'`` (with ``X-Frame-Options: DENY``
for old browsers) stops another site from framing the table to trick clicks; ``nosniff`` stops a
browser from running a JSON answer as a script; ``Referrer-Policy: no-referrer`` keeps a share link
(``?watch=KEY``) from leaking to any link target.

A plain ASGI middleware rather than Starlette's ``BaseHTTPMiddleware``: it only adds headers to the
``http.response.start`` message, so it costs a few microseconds and never buffers a body.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The policy: only this origin, for everything; nothing inline; no plugins; no framing.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        # 'wasm-unsafe-eval' lets the offline engine compile its WebAssembly (Pyodide, issue 25);
        # it allows no eval of script text.
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "img-src 'self'",
        "font-src 'self'",
        "media-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response of ``app`` (websockets are untouched)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)
