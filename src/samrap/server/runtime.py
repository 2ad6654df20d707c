"""A live table: the authoritative :class:`Table` plus its connections, bots, timers and chat.

Every change goes through :meth:`TableRuntime.commit`, under the table's lock:

1. *plan*: the table checks the request and returns the log events (or a typed error; nothing
   changes);
2. *apply* them to the in-memory table;
3. *append* them to the database and wait for the commit (if that fails, the table is rebuilt
   from the log and the request fails: memory never runs ahead of the log for long, and nobody
   has seen the change);
4. *broadcast*: each connection gets a message built from its own seat's view.

Bots and stand-ins for dropped people are scheduled after each change, and act through the same
``commit`` with the version they looked at, so a bot that thought too long is simply stale.

For a game whose spec sets ``slow_moves`` (Contract Rummy, where listing or checking moves can take
seconds in rare positions), the plan step, the mover's legal-action list and the bots' and timer's
listings run in a worker thread: the event loop serves every table of the process and must not
wait for one of them (``tests/server/test_slow_moves.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from secrets import randbits
from typing import Any

from samrap.core.rng import make_rng
from samrap.engine.protocol import AnyAgent
from samrap.server import bots, chat, matchmaking
from samrap.server.connection import Conn
from samrap.server.events import AnyEvent, BotSeated, Dealt, Joined, Left, Visibility
from samrap.server.messages import (
    PROTOCOL_VERSION,
    Ack,
    Act,
    AvatarId,
    BotLevel,
    Chat,
    ChatMsg,
    ErrorBody,
    ErrorCode,
    ErrorMsg,
    Event,
    Hello,
    Mute,
    RuleWords,
    TableInfo,
    TableMsg,
    Welcome,
)
from samrap.server.stages import CLOCK
from samrap.server.storage import Append, StaleWrite, Storage
from samrap.server.table import Table, TableError, restore
from samrap.server.tokens import new_token, token_hash, token_matches
from samrap.server.views import events_json, events_since, latest_events_json, table_info, view_message
from samrap.server.writer import Writer, now

log = logging.getLogger("samrap.server")

#: Chat lines replayed to a connection when it joins.
CHAT_HISTORY = 50


@dataclass(slots=True)
class ServerContext:
    """What every table shares: the database writer and how this server is reached."""

    writer: Writer
    base_url: str
    node: str
    bot_delay_scale: float = 1.0
    #: Multiplies turn timers and grace periods (tests shrink them; 1 in production).
    time_scale: float = 1.0
    #: Spectators one table admits at once (``RateLimits.spectators``; ``None``: no cap).
    spectator_cap: int | None = None
    #: Where the other nodes reach this one (table leases' ``owner_url``); ``None``: ``base_url``.
    node_url: str | None = None

    @property
    def forward_url(self) -> str:
        """The address written into this node's leases, which other nodes forward requests to."""
        return self.node_url or self.base_url

    @property
    def storage(self) -> Storage:
        return self.writer.storage


def error_text(
    code: ErrorCode,
    message: str,
    v: int | None = None,
    rule: int | str | None = None,
    ref: str | None = None,
    rule_text: RuleWords | None = None,
) -> str:
    body = ErrorBody(code=code, message=message, rule=rule, rule_text=rule_text)
    return ErrorMsg(error=body, v=v, ref=ref).model_dump_json()


class TableRuntime:
    """One table in play on this process. See the module docstring."""

    def __init__(self, table: Table, ctx: ServerContext, mutes: set[tuple[int, int]]) -> None:
        self.table = table
        self.ctx = ctx
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.mutes = mutes
        self.standins: set[int] = set()
        self.closed = False
        self.on_lost: Callable[[str], None] | None = None
        daily = table.created.daily  # the daily deal's bots answer the same moves the same way
        self._rng = make_rng(f"daily-bots:{daily.seed}" if daily is not None else randbits(64))
        self._bots: dict[tuple[int, str], AnyAgent] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_v = -1
        self._timer_task: asyncio.Task[None] | None = None
        self._timer_v = -1
        self.deadline: float | None = None
        self._grace: dict[int, asyncio.Task[None]] = {}
        self._limits: dict[int, chat.RateLimit] = {}

    @property
    def code(self) -> str:
        return self.table.code

    def start(self) -> None:
        """Begin life on this process: absent people get their grace period, bots resume."""
        for q in self.table.human_seats():
            self._start_grace(q)
        self._schedule()

    # -----------------------------------------------------------------------------------------
    # The one way to change a table

    async def commit(self, plan: Callable[[], Sequence[AnyEvent]], read_at: float | None = None) -> list[Event]:
        """Plan, apply, persist, broadcast (module docstring). Raises :class:`TableError`.

        ``read_at``: when the request's frame was read, for the stage timing (``stages``)."""
        timing = CLOCK.enabled
        entered = time.perf_counter() if timing else 0.0
        async with self.lock:
            locked = time.perf_counter() if timing else 0.0
            if self.closed:
                raise TableError(ErrorCode.NOT_OWNER, "this table moved to another server process; reconnect")
            slow = self.table.spec.slow_moves
            events = list(await asyncio.to_thread(plan) if slow else plan())
            if not events:
                return []
            planned = time.perf_counter() if timing else 0.0
            first = self.table.version + 1
            public: list[Event] = []
            finished = None
            for e in events:
                public.extend(self.table.apply(e))
                finished = self.table.finished or finished
            applied = time.perf_counter() if timing else 0.0
            public_now = self.table.public if any(isinstance(e, Visibility) for e in events) else None
            try:
                await self.ctx.writer.append(Append(self.code, first, events, self.table.status, finished, public_now))
            except StaleWrite:
                log.warning("table %s: lost to another process", self.code)
                await self._lose()
                raise TableError(ErrorCode.NOT_OWNER, "this table moved to another server process; reconnect") from None
            except Exception as e:
                log.exception("table %s: could not store version %d", self.code, first)
                try:
                    log_events = await self.ctx.writer.run(lambda: self.ctx.storage.load_log(self.code))
                    self.table = restore(self.code, log_events)
                except Exception:  # the database is unreachable: reload the table when it is back
                    await self._lose()
                raise TableError(
                    ErrorCode.BAD_STATE, f"the server could not store this change ({type(e).__name__})"
                ) from None
            stored = time.perf_counter() if timing else 0.0
            if slow and self.table.to_move() is not None:
                # The views below carry the mover's legal actions: list them off the event loop.
                await asyncio.to_thread(self.table.legal_texts)
            self._schedule()
            self._broadcast(public)
            if timing:
                times = (read_at, entered, locked, planned, applied, stored, time.perf_counter())
                CLOCK.commits.append((self.code, self.table.version, *times))
            if any(
                isinstance(e, Joined | Left | BotSeated | Visibility) or (isinstance(e, Dealt) and e.game == 0)
                for e in events
            ):
                self._broadcast_table()
            if public_now is False:
                await self._drop_uninvited()
            return public

    async def _lose(self) -> None:
        self.closed = True
        self._cancel_tasks()
        for conn in list(self.conns):
            await conn.shutdown()
        if self.on_lost is not None:
            self.on_lost(self.code)

    def close(self) -> None:
        self.closed = True
        self._cancel_tasks()

    def _cancel_tasks(self) -> None:
        for task in (self._bot_task, self._timer_task, *self._grace.values()):
            if task is not None:
                task.cancel()
        self._grace.clear()

    # -----------------------------------------------------------------------------------------
    # Lobby (REST)

    def authorize(self, token: str) -> int | str:
        """``"host"`` or the seat that ``token`` acts for. Raises ``unauthorized``."""
        if token_matches(token, self.table.created.host_hash):
            return "host"
        seat = self.seat_for(token)
        if seat is None:
            raise TableError(ErrorCode.UNAUTHORIZED, "this token does not act at this table")
        return seat

    def seat_for(self, token: str) -> int | None:
        for q, s in enumerate(self.table.seats):
            if s.kind == "human" and token_matches(token, s.token_hash):
                return q
        return None

    def authorize_host(self, token: str) -> int | str:
        """Like :meth:`authorize`, but only for the host token or the host seat (``not_host``)."""
        who = self.authorize(token)
        if who != "host" and who != self.host_seat():
            raise TableError(ErrorCode.NOT_HOST, "only the host can do this (the host seat is in the table info)")
        return who

    def host_seat(self) -> int | None:
        return self.table.host_seat(self.standins)

    async def join(
        self, name: str, seat: int | None, player_id: str | None, host: bool = False, avatar: AvatarId | None = None
    ) -> tuple[int, str]:
        token = new_token()
        h = token_hash(token)
        [joined] = await self.commit(lambda: [self.table.plan_join(name, seat, h, player_id, host, avatar)])
        assert joined.seat is not None
        self._start_grace(joined.seat)
        return joined.seat, token

    async def leave(self, token: str) -> None:
        who = self.authorize(token)
        if not isinstance(who, int):
            raise TableError(ErrorCode.NO_SEAT, "the host token holds no seat")
        await self.commit(lambda: [self.table.plan_leave(who)])
        self._cancel_grace(who)
        self.standins.discard(who)

    async def fill_bots(self, token: str, level: BotLevel) -> None:
        self.authorize_host(token)
        await self.commit(lambda: self.table.plan_bots(level))

    async def start_match(self, token: str) -> None:
        self.authorize_host(token)
        await self.commit(lambda: [self.table.plan_start()])

    async def rematch(self, token: str) -> None:
        self.authorize_host(token)
        await self.commit(lambda: [self.table.plan_rematch()])

    async def set_visibility(self, token: str, public: bool) -> None:
        self.authorize_host(token)
        await self.commit(lambda: self.table.plan_visibility(public))

    async def _drop_uninvited(self) -> None:
        """The table became private: spectators who came without the key stop watching."""
        for conn in list(self.conns):
            if conn.seat is None and not self.table.spectator_allowed(conn.watch):
                conn.send(error_text(ErrorCode.SPECTATE_KEY_REQUIRED, "this table is private now"))
                self.conns.discard(conn)
                await conn.close(4403)
        self._broadcast_table()

    def info(self) -> TableInfo:
        connected = {c.seat for c in self.conns if c.seat is not None and c.is_open}
        spectators = sum(1 for c in self.conns if c.seat is None and c.is_open)
        return table_info(self.table, self.ctx.base_url, connected, self.standins, spectators, self.host_seat())

    # -----------------------------------------------------------------------------------------
    # Connections (websocket)

    async def hello(self, conn: Conn, msg: Hello) -> None:
        """Admit ``conn`` as its token's seat (or as a spectator) and bring it up to date."""
        if msg.protocol != PROTOCOL_VERSION:
            conn.send(error_text(ErrorCode.PROTOCOL, f"this server speaks protocol {PROTOCOL_VERSION}", ref=msg.ref))
            return
        seat = None
        if msg.token is not None:
            seat = self.seat_for(msg.token)
            if seat is None:
                conn.send(error_text(ErrorCode.UNAUTHORIZED, "this token holds no seat at this table", ref=msg.ref))
                return
        elif not self.table.spectator_allowed(conn.watch):
            conn.send(
                error_text(
                    ErrorCode.SPECTATE_KEY_REQUIRED,
                    "this table is private: watch it with its share link (?watch=KEY)",
                    ref=msg.ref,
                )
            )
            return
        cap = self.ctx.spectator_cap
        if seat is None and cap is not None and sum(1 for c in self.conns if c.seat is None) >= cap:
            conn.send(error_text(ErrorCode.TOO_MANY, f"this table has {cap} spectators already", ref=msg.ref))
            await conn.close(1013)
            return
        t = self.table
        floor = chat.history_floor(t.visibility_log, None if seat is None else t.seats[seat].since, t.version)
        history = await self.ctx.writer.run(lambda: self.ctx.storage.recent_chat(self.code, CHAT_HISTORY, floor))
        async with self.lock:
            conn.join(seat)
            self.conns.add(conn)
            if seat is not None:
                self._cancel_grace(seat)
                self.standins.discard(seat)
            t = self.table
            conn.send(Welcome(table=self.code, seat=seat, v=t.version).model_dump_json())
            conn.send(TableMsg(table=self.info()).model_dump_json())
            since = msg.v if msg.v is not None and msg.v <= t.version else 0
            events, truncated = events_since(t, since)
            conn.send(view_message(t, seat, events, self.deadline, truncated))
            conn.last_v = t.version
            for line in history:
                if seat is None or (seat, line["seat"]) not in self.mutes:
                    conn.send(
                        ChatMsg(
                            id=line["id"],
                            seat=line["seat"],
                            name=line["name"],
                            text=line["text"],
                            at=line["at"],
                            history=True,
                        ).model_dump_json()
                    )
            self._broadcast_table(exclude=conn)
            self._schedule()

    async def goodbye(self, conn: Conn) -> None:
        async with self.lock:
            self.conns.discard(conn)
            seat = conn.seat
            if seat is not None and not any(c.seat == seat and c.is_open for c in self.conns):
                self._start_grace(seat)
            self._broadcast_table()
        await conn.shutdown()

    async def sync(self, conn: Conn) -> None:
        async with self.lock:
            conn.send(view_message(self.table, conn.seat, [], self.deadline))
            conn.last_v = self.table.version

    async def act(self, conn: Conn, msg: Act) -> None:
        seat = conn.seat
        if seat is None:
            conn.send(error_text(ErrorCode.SPECTATOR, "spectators cannot act", self.table.version, ref=msg.ref))
            return
        try:
            await self.commit(lambda: self.table.plan_act(seat, msg.v, msg.action.strip(), "player"), conn.read_at)
        except TableError as e:
            conn.send(error_text(e.code, e.message, self.table.version, e.rule, msg.ref, e.rule_text))

    async def chat(self, conn: Conn, msg: Chat) -> None:
        seat = conn.seat
        if seat is None:
            conn.send(error_text(ErrorCode.SPECTATOR, "spectators cannot chat", ref=msg.ref))
            return
        try:
            text = chat.clean(msg.text)
        except chat.ChatRejected as e:
            conn.send(error_text(ErrorCode.CHAT_REJECTED, str(e), ref=msg.ref))
            return
        if self.table.settings.chat == "phrases" and not chat.is_quick(text):
            conn.send(error_text(ErrorCode.CHAT_REJECTED, chat.PHRASES_ONLY, ref=msg.ref))
            return
        at = now()
        if not self._limits.setdefault(seat, chat.RateLimit(at=at)).allow(at):
            conn.send(error_text(ErrorCode.RATE_LIMITED, "too many messages; wait a moment", ref=msg.ref))
            return
        name = self.table.seats[seat].name
        line_id = await self.ctx.writer.run(lambda: self.ctx.storage.add_chat(self.code, seat, name, text, at))
        out = ChatMsg(id=line_id, seat=seat, name=name, text=text, at=at).model_dump_json()
        for c in list(self.conns):
            if c.seat is None or (c.seat, seat) not in self.mutes:
                c.send(out)
        conn.send(Ack(ref=msg.ref).model_dump_json())

    async def mute(self, conn: Conn, msg: Mute) -> None:
        seat = conn.seat
        if seat is None:
            conn.send(error_text(ErrorCode.SPECTATOR, "spectators cannot mute", ref=msg.ref))
            return
        if not 0 <= msg.seat < self.table.players or msg.seat == seat:
            conn.send(error_text(ErrorCode.NO_SEAT, f"no other seat {msg.seat} to mute", ref=msg.ref))
            return
        await self.ctx.writer.run(lambda: self.ctx.storage.set_mute(self.code, seat, msg.seat, msg.muted))
        if msg.muted:
            self.mutes.add((seat, msg.seat))
        else:
            self.mutes.discard((seat, msg.seat))
        conn.send(Ack(ref=msg.ref).model_dump_json())

    # -----------------------------------------------------------------------------------------
    # Broadcasting

    def _broadcast(self, public: list[Event]) -> None:
        cache: dict[int | None, str] = {}
        events = (
            latest_events_json(self.table, len(public)) if len(public) <= len(self.table.tail) else events_json(public)
        )
        for conn in list(self.conns):
            if not conn.is_open:
                continue
            text = cache.get(conn.seat)
            if text is None:
                text = cache[conn.seat] = view_message(self.table, conn.seat, events, self.deadline)
            conn.send(text)
            conn.last_v = self.table.version

    def _broadcast_table(self, exclude: Conn | None = None) -> None:
        matchmaking.publish(self)  # the lobby's line of a public table (seats, watchers)
        text = TableMsg(table=self.info()).model_dump_json()
        for conn in list(self.conns):
            if conn is not exclude and conn.is_open:
                conn.send(text)

    # -----------------------------------------------------------------------------------------
    # Bots, stand-ins, the turn timer

    def _schedule(self) -> None:
        """After a change: start the bot or the timer for the decision the table now waits for."""
        t = self.table
        v = t.version
        mover = t.to_move()
        if self._timer_task is not None and self._timer_v != v:
            self._timer_task.cancel()
            self._timer_task = None
            self.deadline = None
        if mover is None or self.closed:
            return
        seat = t.seats[mover]
        by = "bot" if seat.kind == "bot" else "standin" if mover in self.standins else None
        if by is not None:
            if self._bot_v != v or self._bot_task is None or self._bot_task.done():
                self._bot_v = v
                self._bot_task = asyncio.create_task(self._bot_turn(v, mover, by))
            return
        timer = t.settings.turn_timer * self.ctx.time_scale
        if timer and self._timer_v != v:
            self._timer_v = v
            self.deadline = now() + timer
            self._timer_task = asyncio.create_task(self._timer(v, mover, timer))

    def _bot_for(self, seat: int, level: str) -> AnyAgent:
        key = (seat, level)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = bots.make_seat_bot(self.table.game, level)
        return bot

    async def _bot_turn(self, v: int, seat: int, by: str) -> None:
        t = self.table
        delay = t.settings.bot_delay_ms / 1000 * self.ctx.bot_delay_scale
        if delay > 0:
            await asyncio.sleep(delay)
        if t.version != v or (by == "standin" and seat not in self.standins):
            return
        level = t.seats[seat].level if by == "bot" else t.settings.standin_level
        bot = self._bot_for(seat, level or "random")
        view = t.view(seat)
        if t.spec.slow_moves:
            legal = await asyncio.to_thread(t.game.legal_moves, t.state)
        else:
            legal = t.game.legal_moves(t.state)
        if (level or "random") in bots.FAST_LEVELS:
            action = bots.choose(bot, view, legal, self._rng)
        else:
            thinking = time.perf_counter()
            action = await asyncio.to_thread(bots.choose, bot, view, legal, self._rng)
            if CLOCK.enabled:
                done = time.perf_counter()
                CLOCK.bots.add(done, done - thinking)
        text = t.game.action_text(action)

        def plan() -> Sequence[AnyEvent]:
            if by == "standin" and seat not in self.standins:
                return []  # the person came back while the stand-in was thinking
            return self.table.plan_act(seat, v, text, by)

        with contextlib.suppress(TableError):  # stale: someone else moved first
            await self.commit(plan)

    async def _timer(self, v: int, seat: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        t = self.table
        if t.version != v:
            return

        def safe() -> list[Any]:
            allowed = set(bots.safe_texts(t.legal_texts()))
            return [a for a in t.game.legal_moves(t.state) if t.game.action_text(a) in allowed]

        legal = await asyncio.to_thread(safe) if t.spec.slow_moves else safe()
        bot = self._bot_for(seat, t.settings.standin_level)
        action = bots.choose(bot, t.view(seat), legal, self._rng)
        text = t.game.action_text(action)
        with contextlib.suppress(TableError):
            await self.commit(lambda: self.table.plan_act(seat, v, text, "timer"))

    def _start_grace(self, seat: int) -> None:
        self._cancel_grace(seat)
        self._grace[seat] = asyncio.create_task(self._grace_period(seat))

    def _cancel_grace(self, seat: int) -> None:
        task = self._grace.pop(seat, None)
        if task is not None:
            task.cancel()

    async def _grace_period(self, seat: int) -> None:
        await asyncio.sleep(self.table.settings.grace_seconds * self.ctx.time_scale)
        if any(c.seat == seat and c.is_open for c in self.conns) or self.table.seats[seat].kind != "human":
            return
        self._grace.pop(seat, None)
        if self.table.settings.quick and self.table.status == "lobby":
            # a stranger who went away from a quick-match wait: the seat goes back to the queue
            with contextlib.suppress(TableError):
                await self.commit(lambda: [self.table.plan_leave(seat)])
            return
        self.standins.add(seat)
        self._broadcast_table()
        self._schedule()
