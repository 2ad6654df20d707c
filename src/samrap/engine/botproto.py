"""The samrap bot protocol (RBP): a line protocol over stdin/stdout for bots in any language.

Like UCI for chess engines: the engine (samrap) writes one command per line to the bot's standard
input, the bot answers on its standard output. Text is UTF-8; lines end with ``\\n``; a bot may
write anything to stderr. The full description, with a session, is ``docs/protocol-bot.md``.

Engine to bot::

    rbp 1                                  start; the bot answers "id name ..." lines then "rbpok"
    isready                                the bot answers "readyok" when it can take commands
    newgame <config> seat <n>              a game under <config> (e.g. dummy(players=2)) as seat n
    obs <view position string>             what the seat sees now (complete; no history needed)
    legal <action>;<action>;...            the legal moves (a go-down whole), in the game's action text
    go [iters <n>] [movetime <ms>] [seed <k>]   choose now: answer "action <text>"
    gameover <score>,<score>,...           the game ended with these scores (informational)
    quit                                   the bot exits

Bot to engine::

    id name <name>          (and optionally id author <text>) during the handshake
    rbpok                   end of the handshake
    readyok                 answer to isready
    info <text>             any time: free text, e.g. "info iters 1200 value 0.61"
    action <text>           answer to go: one of the legal moves' texts

This module holds the parser and writer of both directions, an async client (:class:`BotClient`)
over a :class:`Transport` (a subprocess's pipes, or :class:`MockTransport` of scripted lines in
tests) and a synchronous wrapper (:class:`SyncBotClient`).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias, TypeVar

from samrap.core.errors import SamrapError

T = TypeVar("T")

VERSION = 1
SEPARATOR = ";"


class BotProtocolError(SamrapError):
    """A bot broke the protocol: a malformed or unexpected line, an action that is not legal, a timeout."""


# ---------------------------------------------------------------------------------------------
# Commands (engine -> bot)


@dataclass(frozen=True, slots=True)
class Hello:
    version: int = VERSION


@dataclass(frozen=True, slots=True)
class IsReady:
    pass


@dataclass(frozen=True, slots=True)
class NewGame:
    config: str
    seat: int


@dataclass(frozen=True, slots=True)
class Obs:
    view: str


@dataclass(frozen=True, slots=True)
class Legal:
    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Go:
    iterations: int | None = None
    movetime_ms: int | None = None
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class GameOver:
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Quit:
    pass


Command: TypeAlias = Hello | IsReady | NewGame | Obs | Legal | Go | GameOver | Quit


def write_command(c: Command) -> str:
    """One command as its line (without the newline)."""
    match c:
        case Hello(version=v):
            return f"rbp {v}"
        case IsReady():
            return "isready"
        case NewGame(config=cfg, seat=seat):
            return f"newgame {cfg} seat {seat}"
        case Obs(view=view):
            return f"obs {view}"
        case Legal(actions=actions):
            for a in actions:
                if SEPARATOR in a or "\n" in a:
                    raise ValueError(f"an action text may not hold {SEPARATOR!r} or a newline: {a!r}")
            return "legal " + SEPARATOR.join(actions)
        case Go(iterations=it, movetime_ms=ms, seed=seed):
            parts = ["go"]
            if it is not None:
                parts += ["iters", str(it)]
            if ms is not None:
                parts += ["movetime", str(ms)]
            if seed is not None:
                parts += ["seed", str(seed)]
            return " ".join(parts)
        case GameOver(scores=scores):
            return "gameover " + ",".join(str(s) for s in scores)
        case Quit():
            return "quit"
    raise TypeError(f"not a command: {c!r}")


def _int(text: str, line: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BotProtocolError(f"expected a whole number, got {text!r} in {line!r}") from None


def parse_command(line: str) -> Command:
    """Parse one engine line (what a bot reads).

    Raises:
        BotProtocolError: the line is not a command.
    """
    text = line.rstrip("\r\n")
    head, _, rest = text.partition(" ")
    match head:
        case "rbp":
            return Hello(_int(rest.strip(), text))
        case "isready":
            return IsReady()
        case "newgame":
            cfg, sep, seat = rest.rpartition(" seat ")
            if not sep:
                raise BotProtocolError(f"expected 'newgame <config> seat <n>', got {text!r}")
            return NewGame(cfg.strip(), _int(seat.strip(), text))
        case "obs":
            return Obs(rest)
        case "legal":
            return Legal(tuple(a for a in rest.split(SEPARATOR)) if rest else ())
        case "go":
            toks = rest.split()
            if len(toks) % 2:
                raise BotProtocolError(f"expected 'go [iters N] [movetime MS] [seed K]', got {text!r}")
            values: dict[str, int] = {}
            for k in range(0, len(toks), 2):
                if toks[k] not in ("iters", "movetime", "seed"):
                    raise BotProtocolError(f"unknown go option {toks[k]!r} in {text!r}")
                values[toks[k]] = _int(toks[k + 1], text)
            return Go(values.get("iters"), values.get("movetime"), values.get("seed"))
        case "gameover":
            return GameOver(tuple(_int(x, text) for x in rest.split(",") if x))
        case "quit":
            return Quit()
    raise BotProtocolError(f"unknown command {text!r}")


# ---------------------------------------------------------------------------------------------
# Replies (bot -> engine)


@dataclass(frozen=True, slots=True)
class Id:
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class HelloOk:
    pass


@dataclass(frozen=True, slots=True)
class ReadyOk:
    pass


@dataclass(frozen=True, slots=True)
class Info:
    text: str


@dataclass(frozen=True, slots=True)
class ActionReply:
    text: str


Reply: TypeAlias = Id | HelloOk | ReadyOk | Info | ActionReply


def write_reply(r: Reply) -> str:
    """One reply as its line (without the newline)."""
    match r:
        case Id(key=k, value=v):
            return f"id {k} {v}"
        case HelloOk():
            return "rbpok"
        case ReadyOk():
            return "readyok"
        case Info(text=t):
            return f"info {t}"
        case ActionReply(text=t):
            return f"action {t}"
    raise TypeError(f"not a reply: {r!r}")


def parse_reply(line: str) -> Reply:
    """Parse one bot line (what the engine reads).

    Raises:
        BotProtocolError: the line is not a reply.
    """
    text = line.rstrip("\r\n")
    head, _, rest = text.partition(" ")
    match head:
        case "id":
            key, _, value = rest.partition(" ")
            if not key:
                raise BotProtocolError(f"expected 'id <key> <value>', got {text!r}")
            return Id(key, value)
        case "rbpok":
            return HelloOk()
        case "readyok":
            return ReadyOk()
        case "info":
            return Info(rest)
        case "action":
            if not rest.strip():
                raise BotProtocolError("an action line needs the action text")
            return ActionReply(rest.strip())
    raise BotProtocolError(f"unknown reply {text!r}")


# ---------------------------------------------------------------------------------------------
# Transports and the async client


class Transport(Protocol):
    """Line I/O with a bot: ``send`` one line, ``receive`` the next (``None`` at end of output)."""

    async def send(self, line: str) -> None: ...

    async def receive(self) -> str | None: ...

    async def close(self) -> None: ...


class SubprocessTransport:
    """A bot program's stdin and stdout."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls, command: Sequence[str]) -> SubprocessTransport:
        try:
            process = await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
            )
        except OSError as e:
            raise BotProtocolError(f"cannot start bot {' '.join(command)!r}: {e.strerror or e}") from None
        return cls(process)

    async def send(self, line: str) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line.encode() + b"\n")
            await self.process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            raise BotProtocolError(f"the bot exited (while sending {line[:40]!r})") from None

    async def receive(self) -> str | None:
        assert self.process.stdout is not None
        data = await self.process.stdout.readline()
        if not data:
            return None
        return data.decode("utf-8", "replace").rstrip("\r\n")

    async def close(self) -> None:
        p = self.process
        if p.returncode is None:
            try:
                if p.stdin is not None and not p.stdin.is_closing():
                    p.stdin.close()
                await asyncio.wait_for(p.wait(), 2.0)
            except (TimeoutError, BrokenPipeError, ConnectionResetError):
                p.kill()
                await p.wait()


@dataclass
class MockTransport:
    """A scripted bot for tests: ``expect(line, *replies)`` in order; a surprise line fails.

    Like python-chess's ``MockTransport``: each line the client sends must be the next expected
    one, and the canned replies are then queued for the client to read.
    """

    script: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    _queue: list[str] = field(default_factory=list)
    closed: bool = False

    def expect(self, line: str, *replies: str) -> None:
        self.script.append((line, replies))

    async def send(self, line: str) -> None:
        self.sent.append(line)
        if not self.script:
            raise AssertionError(f"unexpected line sent to the mock bot: {line!r}")
        expected, replies = self.script.pop(0)
        if line != expected:
            raise AssertionError(f"mock bot expected {expected!r}, got {line!r}")
        self._queue.extend(replies)

    async def receive(self) -> str | None:
        return self._queue.pop(0) if self._queue else None

    async def close(self) -> None:
        self.closed = True

    def assert_done(self) -> None:
        if self.script:
            raise AssertionError(f"expected lines never sent: {[s for s, _ in self.script]}")


class BotClient:
    """The engine side of the protocol, over any :class:`Transport`."""

    def __init__(self, transport: Transport, timeout: float = 30.0) -> None:
        self.transport = transport
        self.timeout = timeout
        self.ids: dict[str, str] = {}
        self.info: list[str] = []

    @property
    def name(self) -> str | None:
        return self.ids.get("name")

    async def _send(self, c: Command) -> None:
        await self.transport.send(write_command(c))

    async def _read(self, timeout: float) -> Reply:
        try:
            line = await asyncio.wait_for(self.transport.receive(), timeout)
        except TimeoutError:
            raise BotProtocolError(f"the bot did not answer within {timeout:g} s") from None
        if line is None:
            raise BotProtocolError("the bot closed its output")
        return parse_reply(line)

    async def handshake(self) -> dict[str, str]:
        """``rbp 1``; collect ``id`` lines until ``rbpok``. Returns the ids (``name``...)."""
        await self._send(Hello())
        while True:
            r = await self._read(self.timeout)
            match r:
                case Id(key=k, value=v):
                    self.ids[k] = v
                case HelloOk():
                    return self.ids
                case Info(text=t):
                    self.info.append(t)
                case _:
                    raise BotProtocolError(f"unexpected {write_reply(r)!r} during the handshake")

    async def is_ready(self) -> None:
        await self._send(IsReady())
        while True:
            r = await self._read(self.timeout)
            if isinstance(r, ReadyOk):
                return
            if not isinstance(r, Info):
                raise BotProtocolError(f"expected readyok, got {write_reply(r)!r}")
            self.info.append(r.text)

    async def new_game(self, config: str, seat: int) -> None:
        await self._send(NewGame(config, seat))

    async def choose(self, view: str, legal: Sequence[str], go: Go) -> str:
        """Send the view, the legal actions and ``go``; the action text the bot answers.

        Raises:
            BotProtocolError: the bot answered something else, an action not in ``legal``, or
                nothing in time (the move time plus the client's timeout).
        """
        await self._send(Obs(view))
        await self._send(Legal(tuple(legal)))
        await self._send(go)
        limit = self.timeout + (go.movetime_ms or 0) / 1000
        while True:
            r = await self._read(limit)
            match r:
                case Info(text=t):
                    self.info.append(t)
                case ActionReply(text=t):
                    if t not in legal:
                        raise BotProtocolError(f"the bot chose {t!r}, which is not one of the legal actions")
                    return t
                case _:
                    raise BotProtocolError(f"expected an action, got {write_reply(r)!r}")

    async def game_over(self, scores: Sequence[int]) -> None:
        await self._send(GameOver(tuple(scores)))

    async def quit(self) -> None:
        with contextlib.suppress(BotProtocolError):
            await self._send(Quit())
        await self.transport.close()


class _LoopThread:
    """An event loop of its own, run in a daemon thread.

    Why a thread: ``loop.run_until_complete`` in the caller's thread fails when that thread
    already runs a loop (a Jupyter notebook, an async server calling a blocking helper).
    python-chess's ``SimpleEngine`` runs its engine's loop beside the caller the same way.
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="samrap-bot-client", daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[object, object, T]) -> T:
        """Run ``coro`` on the thread's loop and wait for its result (its exception re-raised here)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    @property
    def closed(self) -> bool:
        return self.loop.is_closed()

    def close(self) -> None:
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()


class SyncBotClient:
    """A blocking wrapper of :class:`BotClient` whose event loop runs in a thread of its own
    (python-chess's ``SimpleEngine``), so it works whether or not the caller runs a loop."""

    def __init__(self, client: BotClient, runner: _LoopThread) -> None:
        self.client = client
        self._runner = runner

    @classmethod
    def popen(cls, command: Sequence[str], timeout: float = 30.0) -> SyncBotClient:
        """Start a bot program and do the handshake."""
        runner = _LoopThread()
        transport: SubprocessTransport | None = None
        try:
            transport = runner.run(SubprocessTransport.start(command))
            client = BotClient(transport, timeout)
            runner.run(client.handshake())
        except BaseException:
            if transport is not None:  # a bot that started but failed its handshake: stop it, close its pipes
                with contextlib.suppress(Exception):
                    runner.run(transport.close())
            runner.close()
            raise
        return cls(client, runner)

    @classmethod
    def over(cls, transport: Transport, timeout: float = 30.0, handshake: bool = True) -> SyncBotClient:
        """Wrap an existing transport (a :class:`MockTransport` in tests)."""
        runner = _LoopThread()
        client = BotClient(transport, timeout)
        if handshake:
            try:
                runner.run(client.handshake())
            except BaseException:
                runner.close()
                raise
        return cls(client, runner)

    @property
    def name(self) -> str | None:
        return self.client.name

    def is_ready(self) -> None:
        self._runner.run(self.client.is_ready())

    def new_game(self, config: str, seat: int) -> None:
        self._runner.run(self.client.new_game(config, seat))

    def choose(self, view: str, legal: Sequence[str], go: Go) -> str:
        return self._runner.run(self.client.choose(view, legal, go))

    def game_over(self, scores: Sequence[int]) -> None:
        self._runner.run(self.client.game_over(scores))

    def close(self) -> None:
        if self._runner.closed:
            return
        try:
            self._runner.run(self.client.quit())
        finally:
            self._runner.close()
