"""Worker processes driven from the event loop itself: no helper thread in the server.

Why not :class:`concurrent.futures.ProcessPoolExecutor`: it runs two helper threads in the
calling process (its manager thread and the call queue's feeder thread), and each needs the GIL
whenever a job starts or ends. On a machine whose cores are all busy, a thread that is handed the
GIL and then waits on the run queue holds the event loop up for that wait: with 8 clients asking
for hints beside 200 tables at load ~24, the tables' p99 rose 5-fold even when the job did no
work at all, and not at all when the pool was skipped (``docs/performance.md``, 15.6).

Here each worker is a ``spawn`` process joined to the server by one :func:`multiprocessing.Pipe`.
A job is written to the pipe from the loop (a few hundred bytes: the game, a view, the legal
moves); the answer is read when the loop sees the pipe readable (``add_reader``). A worker that
dies makes its pipe readable too (end of file): its job fails with :class:`WorkerDied` and the
worker is replaced. The caller (:class:`samrap.server.workers.WorkerPool`) never runs more jobs
than there are workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any


class WorkerDied(Exception):
    """The worker process ended while it held a job."""


def _serve(conn: Connection, init: Callable[..., None], init_args: tuple[object, ...]) -> None:
    """A worker's life: set itself up, then run each job it is sent and send back its outcome."""
    init(*init_args)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):  # the server closed its end
            return
        try:
            outcome: tuple[bool, object] = (True, fn(*args))
        except Exception as e:
            outcome = (False, e)
        try:
            conn.send(outcome)
        except Exception as e:  # an answer or error that does not pickle
            conn.send((False, RuntimeError(f"the job's outcome could not be sent back: {e}")))


class _Worker:
    def __init__(self, init: Callable[..., None], init_args: tuple[object, ...]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, init, init_args), daemon=True)
        self.process.start()
        child.close()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=5)


class ProcessWorkers:
    """``size`` worker processes; :meth:`run` one job on an idle one (the caller bounds them)."""

    def __init__(self, size: int, init: Callable[..., None], init_args: tuple[object, ...]) -> None:
        self.size = size
        self._init = init
        self._init_args = init_args
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []

    def _take(self) -> _Worker:
        if self._idle:
            return self._idle.pop()
        if len(self._all) >= self.size:
            raise RuntimeError("more jobs than workers")  # WorkerPool's semaphore prevents it
        worker = _Worker(self._init, self._init_args)
        self._all.append(worker)
        return worker

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker; raises what it raised, or :class:`WorkerDied`."""
        loop = asyncio.get_running_loop()
        worker = self._take()
        done: asyncio.Future[tuple[bool, Any]] = loop.create_future()

        def readable() -> None:
            loop.remove_reader(fd)
            if done.done():
                return
            try:
                done.set_result(worker.conn.recv())
            except (EOFError, OSError) as e:
                done.set_exception(WorkerDied(f"the worker process ended ({type(e).__name__})"))

        fd = worker.conn.fileno()
        try:
            worker.conn.send((fn, args))
            loop.add_reader(fd, readable)
            ok, value = await done
        except BaseException:
            with contextlib.suppress(Exception):
                loop.remove_reader(fd)
            self._drop(worker)  # its state is unknown (cancelled mid-job, or dead)
            raise
        self._idle.append(worker)
        if not ok:
            raise value
        return value

    def _drop(self, worker: _Worker) -> None:
        if worker in self._all:
            self._all.remove(worker)
        worker.close()

    def start(self) -> None:
        """Start every worker now (each imports the bots once in ``init``)."""
        while len(self._all) < self.size:
            worker = _Worker(self._init, self._init_args)
            self._all.append(worker)
            self._idle.append(worker)

    def close(self) -> None:
        for worker in self._all:
            worker.close()
        self._all.clear()
        self._idle.clear()
