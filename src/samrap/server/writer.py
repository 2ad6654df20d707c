"""One database thread with group commit, so the event loop never blocks on a commit.

Why one thread: SQLite allows one writer at a time, and serialising writes in one place is
simpler and faster than letting threads fight over the lock. Why group commit: under load many
tables append at once; the thread takes every append waiting in its queue and commits them in a
single transaction, so the cost of a commit is shared (on PostgreSQL a commit is a round trip
and a WAL flush). Each caller still awaits *its own* append: nothing is broadcast before its
events are durable.

Other work (reads, chat, players) goes through :meth:`Writer.run`, on the same thread, so a
SQLite database is only ever touched by this thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from samrap.server.storage import Append, Storage

T = TypeVar("T")

#: The most appends committed in one transaction.
MAX_BATCH = 256


def now() -> float:
    """Wall-clock Unix time (stored with events; never used for ordering)."""
    return datetime.now(UTC).timestamp()


@dataclass(slots=True)
class _Job:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    append: Append | None = None
    call: Callable[[], Any] | None = None


class Writer:
    """Runs storage calls on a dedicated thread and hands results back to the event loop."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="samrap-db", daemon=True)
        self._thread.start()
        self.commits = 0
        self.appends = 0

    async def append(self, item: Append) -> None:
        """Commit ``item``; raises what the storage raised (e.g. ``StaleWrite``)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self._queue.put(_Job(loop, fut, append=item))
        await fut

    async def run(self, call: Callable[[], T]) -> T:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self._queue.put(_Job(loop, fut, call=call))
        result: T = await fut
        return result

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

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
        try:
            results: list[Exception | None] = self.storage.append(items, now())
        except Exception as e:  # the database is gone: every caller hears about it
            results = [e] * len(items)
        self.commits += 1
        self.appends += len(items)
        for job, err in zip(batch, results, strict=True):
            _resolve(job, None, err)

    def _finish_call(self, job: _Job) -> None:
        assert job.call is not None
        try:
            result = job.call()
        except Exception as e:
            _resolve(job, None, e)
            return
        _resolve(job, result, None)


def _resolve(job: _Job, result: Any, error: BaseException | None) -> None:
    def settle() -> None:
        if job.future.done():
            return
        if error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(result)

    with contextlib.suppress(RuntimeError):  # a closed loop (shutdown): nobody is waiting any more
        job.loop.call_soon_threadsafe(settle)
