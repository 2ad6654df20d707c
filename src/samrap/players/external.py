"""A player that is another program, speaking the bot protocol (``engine.botproto``) on its pipes.

The program is started on the first decision (``rbp 1`` handshake, then ``newgame <config> seat
<n>``). For every decision it is sent the seat's view as a position string (``obs``), the legal
moves as text (``legal``: the ``legal_moves`` the match runner offers) and ``go`` with the budget
and a seed drawn from the generator the match gives this seat, so a deterministic program plays
the same game for the same match seed.
It answers ``action <text>``, which must be one of the legal texts. ``close()`` sends ``quit``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from random import Random
from typing import Any

from samrap.engine.botproto import BotProtocolError, Go, SyncBotClient
from samrap.engine.protocol import ViewLike
from samrap.engine.registry import AnyGame
from samrap.players.budget import Budget


class ExternalPlayer:
    """Seats a bot program (``command``: its argv) at a table of ``game``.

    Args:
        command: the program and its arguments, e.g. ``["python", "examples/external_bot.py"]``.
        game: the game facade (for the config string and action texts).
        name: the name in records (default: the name the bot gives in its handshake).
        budget: sent with every ``go`` (iterations and/or move time).
        timeout: seconds to wait for any answer, on top of the move time.
    """

    def __init__(
        self,
        command: Sequence[str],
        game: AnyGame,
        name: str | None = None,
        budget: Budget | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.command = list(command)
        self.game = game
        self.budget = budget
        self.timeout = timeout
        self._name = name
        self._client: SyncBotClient | None = None
        self._seat: int | None = None

    @property
    def name(self) -> str:
        if self._name is not None:
            return self._name
        return (self._client.name if self._client is not None else None) or "external"

    def _connect(self, seat: int) -> SyncBotClient:
        if self._client is None:
            self._client = SyncBotClient.popen(self.command, self.timeout)
        if self._seat != seat:
            self._client.new_game(self.game.config.to_string(), seat)
            self._seat = seat
        return self._client

    def choose(self, view: ViewLike, legal: Sequence[object], rng: Random, budget: Budget | None = None) -> Any:
        seat = int(view.seat)
        client = self._connect(seat)
        texts = [self.game.action_text(a) for a in legal]
        b = budget or self.budget
        go = Go(
            iterations=b.iterations if b is not None else None,
            movetime_ms=round(b.seconds * 1000) if b is not None and b.seconds is not None else None,
            seed=rng.getrandbits(32),
        )
        text = client.choose(view.to_string(), texts, go)
        try:
            return legal[texts.index(text)]
        except ValueError:  # pragma: no cover - BotClient.choose already checked
            raise BotProtocolError(f"the bot chose {text!r}, not a legal action") from None

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
            self._seat = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # best effort at interpreter exit
            self.close()
