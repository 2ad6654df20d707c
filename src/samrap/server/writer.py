"""Database work with group commit, so that many tables' appends share one commit.

Why group commit: under load many tables append at once; every append waiting is committed in a
single transaction, so the cost of a commit is shared. Each caller still awaits *its own* append:
nothing is broadcast before its events are durable.

Two modes, chosen by the database:

* **PostgreSQL: one database thread.** A commit is a network round trip and a WAL flush
  (a millisecond or more); the event loop must not wait for it, so a dedicated thread runs every
  storage call and takes all waiting appends as one batch.
* **SQLite: inline, at the end of the loop's tick.** A WAL-mode commit without fsync costs tens of
  microseconds, less than handing work to a thread and back (and the GIL ping-pong that goes with
  it). Appends made during one pass of the event loop are collected and committed together by a
  callback scheduled with ``call_soon``. SQLite has one writer at a time anyway.

  A commit never checkpoints (``wal_autocheckpoint=0``): a background thread folds the WAL back
  into the database file every second with a PASSIVE checkpoint, which blocks no one, so the
  loop never pays for that write and its fsync.

Other work (reads, chat, players) goes through :meth:`Writer.run`, in the same place as the
appends.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar, cast

from samrap.server.stages import CLOCK
from samrap.server.storage import Append, Storage

T = TypeVar("T")

#: The most appends committed in one transaction.
MAX_BATCH = 256
#: How often the SQLite WAL is folded back into the database file (by a background thread).
CHECKPOINT_SECONDS = 1.0


def now() -> float:
    """Wall-clock Unix time (stored with events; never used for ordering)."""
    return datetime.now(UTC).timestamp()


@dataclass(slots=True)
class _Job:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[object]
    append: Append | None = None
    call: Callable[[], object] | None = None


class Writer:
    """Runs storage calls on a dedicated thread and hands results back to the event loop."""

    def __init__(self, storage: Storage, threaded: bool | None = None) -> None:
        self.storage = storage
        self.threaded = storage.dialect != "sqlite" if threaded is None else threaded
        self.commits = 0
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._pending: list[_Job] = []
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.threaded:
            self._thread = threading.Thread(target=self._work, name="samrap-db", daemon=True)
            self._thread.start()
        elif storage.dialect == "sqlite":
            self._checkpointer = threading.Thread(target=self._checkpoint, name="samrap-wal", daemon=True)
            self._checkpointer.start()

    async def append(self, item: Append) -> None:
        """Commit ``item``; raises what the storage raised (e.g. ``StaleWrite``)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[object] = loop.create_future()
        job = _Job(loop, fut, append=item)
        if self._thread is not None:
            self._queue.put(job)
        else:
            if not self._pending:
                loop.call_soon(self._flush)
            self._pending.append(job)
        await fut

    async def run(self, call: Callable[[], T]) -> T:
        if self._thread is None:
            return call()
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[object] = loop.create_future()
        self._queue.put(_Job(loop, fut, call=call))
        return cast(T, await fut)  # the future holds what ``call`` returned

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)

    def _checkpoint(self) -> None:
        """Every :data:`CHECKPOINT_SECONDS`, fold the SQLite WAL into the database file, off the loop."""
        while not self._stop.wait(CHECKPOINT_SECONDS):
            started = time.perf_counter()
            with contextlib.suppress(Exception):  # a busy database: the next round catches up
                self.storage.checkpoint()
            if CLOCK.enabled:
                done = time.perf_counter()
                CLOCK.checkpoints.add(done, done - started)

    def _flush(self) -> None:
        batch, self._pending = self._pending, []
        if batch:
            self._commit(batch)

    def _work(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            if job.call is not None:
                self._finish_call(job)
                continue
            batch = [job]
            while len(batch) < MAX_BATCH:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._commit(batch)
                    return
                if nxt.call is not None:
                    self._commit(batch)
                    batch = []
                    self._finish_call(nxt)
                    break
                batch.append(nxt)
            if batch:
                self._commit(batch)

    def _commit(self, batch: Sequence[_Job]) -> None:
        items = [j.append for j in batch if j.append is not None]
        started = time.perf_counter()
        try:
            results: list[Exception | None] = self.storage.append(items, now())
        except Exception as e:  # the database is gone: every caller hears about it
            results = [e] * len(items)
        if CLOCK.enabled:
            done = time.perf_counter()
            CLOCK.writer.add(done, done - started)
        self.commits += 1
        for job, err in zip(batch, results, strict=True):
            if self._thread is None:
                _settle(job, None, err)
            else:
                _resolve(job, None, err)

    def _finish_call(self, job: _Job) -> None:
        assert job.call is not None
        try:
            result = job.call()
        except Exception as e:
            _resolve(job, None, e)
            return
        _resolve(job, result, None)


def _settle(job: _Job, result: object, error: BaseException | None) -> None:
    if job.future.done():
        return
    if error is not None:
        job.future.set_exception(error)
    else:
        job.future.set_result(result)


def _resolve(job: _Job, result: object, error: BaseException | None) -> None:
    """Settle ``job`` from the database thread, on its event loop."""
    with contextlib.suppress(RuntimeError):  # a closed loop (shutdown): nobody is waiting any more
        job.loop.call_soon_threadsafe(_settle, job, result, error)
