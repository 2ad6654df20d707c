"""The tables this process serves, and the leases that say it may serve them.

Why leases: several server processes can share one PostgreSQL database (``docs/deployment.md``),
and a table must have exactly one authoritative copy in memory. A table's row carries its owner
(a node id) and ``lease_until``; a process serves a table only after winning the lease with one
conditional UPDATE, renews its leases every third of their lifetime, and drops any table whose
lease it lost. A request for a table owned by another live process raises :class:`NotOwner` with
that process's URL, and the API forwards the request there. The log's primary key fences the
rare stale owner: its append fails instead of forking the table.

Tables are loaded lazily from their logs on first use, and at startup every unfinished table
this node may own is resumed (so bots and stand-ins carry on after a crash).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from samrap.server.chat import ChatRejected, clean_name
from samrap.server.events import DailySetup
from samrap.server.messages import CreateTableRequest, ErrorCode
from samrap.server.runtime import ServerContext, TableRuntime
from samrap.server.storage import Storage
from samrap.server.table import Table, TableError, plan_create, restore
from samrap.server.tokens import new_code, new_spectator_key, new_token, token_hash
from samrap.server.writer import now

log = logging.getLogger("samrap.server")

#: Finished tables nobody is watching are unloaded after this long (they reload on demand).
IDLE_UNLOAD_SECONDS = 600.0


class NotOwner(Exception):
    """Another live process owns the table; ``url`` is where it serves it (if known)."""

    def __init__(self, code: str, url: str | None) -> None:
        super().__init__(f"table {code} is served by {url or 'another process'}")
        self.code = code
        self.url = url


class TableManager:
    def __init__(self, ctx: ServerContext, lease_ttl: float = 15.0) -> None:
        self.ctx = ctx
        self.lease_ttl = lease_ttl
        self.tables: dict[str, TableRuntime] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._idle_since: dict[str, float] = {}
        self._renewer: asyncio.Task[None] | None = None

    @property
    def storage(self) -> Storage:
        return self.ctx.storage

    async def start(self) -> None:
        """Resume every table in play this node may own, then keep the leases fresh."""
        resumed = await self.adopt()
        if resumed:
            log.info("resumed %d tables", resumed)
        self._renewer = asyncio.create_task(self._renew_forever())

    async def adopt(self) -> int:
        """Load the tables in play that this node owns or that nobody owns any more (a process
        died and its leases ran out): this is how play carries on after a crash or a failover."""
        codes = await self.ctx.writer.run(lambda: self.storage.resumable(self.ctx.node, now()))
        adopted = 0
        for code in codes:
            if code in self.tables:
                continue
            try:
                await self.get(code)
                adopted += 1
            except (NotOwner, TableError):
                continue
            except Exception:
                log.exception("table %s could not be resumed", code)
        return adopted

    async def close(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        codes = list(self.tables)
        for rt in self.tables.values():
            rt.close()
        self.tables.clear()
        with contextlib.suppress(Exception):
            await self.ctx.writer.run(lambda: self.storage.release(self.ctx.node, codes))

    async def create(
        self, request: CreateTableRequest, daily: DailySetup | None = None
    ) -> tuple[TableRuntime, str, int | None, str | None]:
        """A new table owned by this node: the runtime, the host token, and the host's seat and
        seat token when ``host_name`` was given (that seat holds host rights). The spectator key
        is ``rt.table.created.spectator_key``. Raises :class:`TableError`."""
        player_id = await self.player_id(request.player_token)
        if request.player_token is not None and player_id is None:
            raise TableError(ErrorCode.UNAUTHORIZED, "unknown player token")
        host_name = None
        if request.host_name is not None:
            try:
                host_name = clean_name(request.host_name)
            except ChatRejected as e:
                raise TableError(ErrorCode.MALFORMED, str(e)) from None
        host_token = new_token()
        created = plan_create(request, token_hash(host_token), new_spectator_key())
        if daily is not None:  # a daily-deal table (``samrap.server.daily``)
            created = created.model_copy(update={"daily": daily})
        for _ in range(20):
            code = new_code()
            ok = await self.ctx.writer.run(
                lambda code=code: self.storage.create_table(  # type: ignore[misc]
                    code, created, self.ctx.node, self.ctx.forward_url, now(), self.lease_ttl
                )
            )
            if ok:
                break
        else:
            raise TableError(ErrorCode.BAD_STATE, "could not find a free table code")
        rt = self._register(Table(code, created), set())
        seat = token = None
        if host_name is not None:
            seat, token = await rt.join(host_name, None, player_id, host=True, avatar=request.host_avatar)
        return rt, host_token, seat, token

    async def get(self, code: str) -> TableRuntime:
        """The live table ``code``, loading it from its log if this node can own it.

        Raises:
            TableError: ``unknown_table``.
            NotOwner: another live process holds its lease.
        """
        rt = self.tables.get(code)
        if rt is not None and not rt.closed:
            return rt
        lock = self._locks.setdefault(code, asyncio.Lock())
        async with lock:
            rt = self.tables.get(code)
            if rt is not None and not rt.closed:
                return rt
            exists = await self.ctx.writer.run(lambda: self.storage.table_exists(code))
            if not exists:
                raise TableError(ErrorCode.UNKNOWN_TABLE, f"no table {code}")
            ok, url = await self.ctx.writer.run(
                lambda: self.storage.claim(code, self.ctx.node, self.ctx.forward_url, now(), self.lease_ttl)
            )
            if not ok:
                raise NotOwner(code, url)
            events = await self.ctx.writer.run(lambda: self.storage.load_log(code))
            mutes = await self.ctx.writer.run(lambda: self.storage.mutes(code))
            return self._register(restore(code, events), mutes)

    def _register(self, table: Table, mutes: set[tuple[int, int]]) -> TableRuntime:
        rt = TableRuntime(table, self.ctx, mutes)
        rt.on_lost = self._forget
        self.tables[table.code] = rt
        rt.start()
        return rt

    def _forget(self, code: str) -> None:
        rt = self.tables.pop(code, None)
        if rt is not None:
            rt.close()

    async def player_id(self, player_token: str | None) -> str | None:
        if player_token is None:
            return None
        found = await self.ctx.writer.run(lambda: self.storage.player_by_token(token_hash(player_token)))
        return None if found is None else found[0]

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.lease_ttl / 3)
            try:
                await self.renew()
                await self.adopt()
            except Exception:
                log.exception("lease renewal failed")

    async def renew(self) -> None:
        """Extend this node's leases; drop tables it lost and unload idle finished ones."""
        codes = list(self.tables)
        owned = await self.ctx.writer.run(lambda: self.storage.renew(self.ctx.node, codes, now(), self.lease_ttl))
        for code in codes:
            if code not in owned:
                log.warning("table %s: lease lost", code)
                self._forget(code)
        t = now()
        idle = []
        for code, rt in list(self.tables.items()):
            if rt.table.status == "playing" or rt.conns:
                self._idle_since.pop(code, None)
                continue
            since = self._idle_since.setdefault(code, t)
            if t - since > IDLE_UNLOAD_SECONDS:
                idle.append(code)
        for code in idle:
            self._idle_since.pop(code, None)
            self._forget(code)
        if idle:
            await self.ctx.writer.run(lambda: self.storage.release(self.ctx.node, idle))
