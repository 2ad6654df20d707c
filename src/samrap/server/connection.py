"""One client connection: an explicit state machine and a bounded outbox.

Why an outbox: a table broadcasts to all its connections after each action; if one client reads
slowly, awaiting its socket would stall the table for everyone. Instead each connection has a
queue drained by its own sender task, and a client that falls :data:`OUTBOX_LIMIT` messages
behind is disconnected (it reconnects and resynchronises from its version, losing nothing).

States (like Starlette's ``WebSocketState``, but for the protocol): ``CONNECTING`` until a valid
``hello``, then ``JOINED`` (as a seat or a spectator), then ``CLOSED``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine
from enum import Enum
from typing import Any

#: Messages a connection may have waiting before it is cut off as too slow.
OUTBOX_LIMIT = 1024


class ConnState(Enum):
    CONNECTING = "connecting"
    JOINED = "joined"
    CLOSED = "closed"


class Conn:
    """A websocket client as the table sees it; ``send_text`` is the transport's send."""

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        close: Callable[[int], Coroutine[Any, Any, None]],
        watch: str | None = None,
    ) -> None:
        self.state = ConnState.CONNECTING
        self.seat: int | None = None
        #: The spectator key from the connect URL (``?watch=KEY``), for private tables.
        self.watch = watch
        #: When the last frame was read (``time.perf_counter``; for ``samrap.server.stages``).
        self.read_at = 0.0
        self.last_v = 0
        self._send_text = send_text
        self._close = close
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_LIMIT)
        self._sender = asyncio.create_task(self._drain())
        self._closer: asyncio.Task[None] | None = None

    @property
    def is_open(self) -> bool:
        return self.state is not ConnState.CLOSED

    def join(self, seat: int | None) -> None:
        self.seat = seat
        self.state = ConnState.JOINED

    def send(self, text: str) -> None:
        """Queue ``text``; a client too far behind is closed (code 1013, try again later)."""
        if self.state is ConnState.CLOSED:
            return
        try:
            self._outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.state = ConnState.CLOSED
            self._closer = asyncio.create_task(self._close(1013))

    async def _drain(self) -> None:
        while True:
            text = await self._outbox.get()
            if text is None:
                return
            try:
                await self._send_text(text)
            except Exception:  # the peer is gone; the receive loop notices and cleans up
                self.state = ConnState.CLOSED
                return

    async def close(self, code: int) -> None:
        """Close the socket after what is queued has been written (``code``: the close code)."""
        await self.shutdown()
        await self._close(code)

    async def shutdown(self) -> None:
        """Stop the sender after what is queued has been written."""
        self.state = ConnState.CLOSED
        with contextlib.suppress(asyncio.QueueFull):
            self._outbox.put_nowait(None)
        try:
            await asyncio.wait_for(self._sender, timeout=2)
        except (TimeoutError, asyncio.CancelledError):
            self._sender.cancel()
