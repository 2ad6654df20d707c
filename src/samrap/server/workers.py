"""A bounded pool of worker processes for slow, optional work: table hints now, game reviews next.

Why processes: a hint is a search of a second or so of pure-Python CPU. On a thread it holds the
GIL against the event loop that serves every table of the process, so a few people asking for
hints made every table's moves slower (issue 15.6: 8 hint clients tripled the action latency of
200 tables). In a worker process it cannot touch the loop; the workers also run at a lower CPU
priority (``nice`` +2 by default, ``samrap serve --hint-nice``), so on a busy machine the tables'
own work comes first. The processes are
driven from the event loop itself (``samrap.server.procpool``), not by ``concurrent.futures``,
whose two helper threads in the server needed the GIL at every job's start and end.

The contract, for every caller (``submit``):

* **bounded**: at most ``workers`` jobs run at once; nothing queues without limit;
* **time budget**: a job that cannot *start* within ``start_within`` seconds is refused with
  :class:`Busy` (the API answers 503 ``busy`` with ``Retry-After``), and a caller stops waiting
  after ``timeout`` seconds (the job finishes in the background and its answer is still cached);
* **one in flight per owner**: ``owner`` (for hints: the table and seat) may have one job at a
  time; a second request with the same ``key`` waits for the first one's answer, one with a
  different key is :class:`Busy`;
* **patient jobs for people** (``submit(..., patient=True)``, the deeper look of a person's hint,
  issue 27.4): queued for a worker instead of refused, the owner's older queued job dropped when
  a newer one comes (:class:`Stale`), and one no longer ``wanted`` (the position moved on) never
  takes a worker;
* **cached**: an answer is kept under its ``key`` (for hints: table, version, seat, language), so
  asking again for the same position costs nothing. The cache is a bounded LRU.

Jobs are plain picklable functions and arguments (they run in another interpreter): pass the
game, the seat's view and the legal actions, never the full state, so a job can reveal nothing the
seat could not know. ``samrap.server.hints.hint_job`` is the first; a review job (helper H) uses
the same ``submit``.

``workers=0`` runs jobs on a thread in this process instead (tests, and machines where processes
cannot be started); the same admission rules apply.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from samrap.server.procpool import ProcessWorkers, WorkerDied

log = logging.getLogger("samrap.server")

#: How much lower the workers' CPU priority is than the server's (``nice`` increment). At 2 a
#: busy worker gets about two thirds of a normal process's CPU share when both want one core: the
#: server's event loop, mostly asleep, still wakes first, while a person's deeper look is not
#: starved by other programs on the machine (at 10 it got a tenth, and with two busy programs
#: beside it the deeper look's p95 was 7 s; docs/performance.md, issue 27.4).
WORKER_NICE = 2
#: Answers kept (a hint answer is a few kilobytes).
CACHE_SIZE = 2048


class Busy(Exception):
    """The job could not start within its budget (or its owner has one in flight)."""

    def __init__(self, message: str, retry_after: float = 1.0) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


class Stale(Busy):
    """A queued job dropped before it ran: its owner asked for another key, or it was no longer wanted."""


@dataclass(eq=False)
class _Job:
    """A job in flight for one owner: queued (``started`` false) or running in a worker."""

    key: Hashable
    future: asyncio.Future[object]
    wanted: Callable[[], bool] | None = None
    started: bool = False


def default_workers() -> int:
    """One worker per core but one (the event loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


#: How often a worker checks that the server that started it is still alive.
PARENT_CHECK_SECONDS = 1.0


def _exit_with(parent: int) -> None:
    """End this worker once ``parent`` is gone (then it is adopted: the parent pid changes).

    Why: a server killed outright (``kill -9``, the OOM killer) cannot shut its pool down, and a
    spawned worker waiting for its next job never notices: it lived on, one per server start
    (found beside the kill-and-restart test, still running 15 minutes later)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _init_worker(nice: int, parent: int | None = None) -> None:
    """Runs once in each worker: follow the server out, lower the priority, load the bots."""
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), name="samrap-parent-check", daemon=True).start()
    with contextlib.suppress(OSError, AttributeError):
        os.nice(nice)
    import samrap.players.hint  # noqa: F401  (the import is the warm-up)


class WorkerPool:
    """See the module docstring. Create it in the app's lifespan; :meth:`close` at shutdown."""

    def __init__(
        self,
        workers: int | None = None,
        start_within: float = 1.0,
        timeout: float = 15.0,
        cache_size: int = CACHE_SIZE,
        nice: int = WORKER_NICE,
    ) -> None:
        if not 0 <= nice <= 19:
            raise ValueError(f"nice must be 0 to 19, not {nice}")
        self.workers = default_workers() if workers is None else workers
        self.nice = nice
        self.start_within = start_within
        self.timeout = timeout
        self._slots = asyncio.Semaphore(max(1, self.workers))
        self._executor: Executor | None = None  # workers=0: a thread
        self._procs: ProcessWorkers | None = None
        self._inflight: dict[Hashable, _Job] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._cache: OrderedDict[Hashable, object] = OrderedDict()
        self._cache_size = cache_size
        #: Counters for ``/healthz``-style reports and the benchmark.
        self.stats = {"done": 0, "cached": 0, "busy": 0, "joined": 0, "failed": 0, "queued": 0, "stale": 0}

    def _make_executor(self) -> Executor:
        return ThreadPoolExecutor(1, thread_name_prefix="samrap-worker")

    def _make_procs(self) -> ProcessWorkers:
        # spawn, not fork: the server has threads (the database writer, uvicorn's), and a forked
        # child of a threaded process can inherit a held lock; driven from the loop, no helper
        # threads (samrap.server.procpool)
        return ProcessWorkers(self.workers, _init_worker, (self.nice, os.getpid()))

    async def _call(self, fn: Callable[..., object], args: tuple[object, ...]) -> object:
        if self.workers == 0:
            if self._executor is None:
                self._executor = self._make_executor()
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
        if self._procs is None:
            self._procs = self._make_procs()
        try:
            return await self._procs.run(fn, *args)
        except WorkerDied:
            log.warning("a worker process died; starting a new one")
            return await self._procs.run(fn, *args)

    async def start(self) -> None:
        """Start the workers now (each imports the bots once), so the first job pays nothing.

        Each warm-up job holds a slot like any other job. Why: they used to take the workers
        beside the slots, so a hint or review asked in the first second after start found a free
        slot but no idle worker and failed with ``more jobs than workers`` (an HTTP 500, issue
        27.1). Now a job asked during warm-up waits for the first worker that is ready, within
        its budget like any other (``busy`` past it)."""
        if self.workers == 0:
            self._executor = self._make_executor()
            return
        self._procs = self._procs or self._make_procs()
        self._procs.start()
        # the quick hints run in this process (samrap.server.hints.quick_hints): load their
        # modules now, at start (tens of milliseconds), not at the first person's hint; here,
        # not on a thread, so that the pool itself adds no thread to the server
        importlib.import_module("samrap.players.hint")
        await asyncio.gather(*(self._warm_one(self._procs) for _ in range(self.workers)))

    async def _warm_one(self, procs: ProcessWorkers) -> None:
        """One trivial job in a slot: returns once a worker has imported the bots and waits."""
        await self._slots.acquire()
        try:
            await procs.run(os.getpid)
        except WorkerDied:
            log.warning("a worker process died while starting; the next job starts a new one")
        finally:
            self._slots.release()

    def close(self) -> None:
        """Stop the workers: a running job (a second or so) is cut short, queued ones dropped."""
        for task in list(self._tasks):
            task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        if self._procs is not None:
            self._procs.close()
            self._procs = None

    def cached(self, key: Hashable) -> Any | None:
        """The answer kept under ``key`` (counted as a cache hit), or ``None``."""
        if key in self._cache:
            self._cache.move_to_end(key)
            self.stats["cached"] += 1
            return self._cache[key]
        return None

    def _remember(self, key: Hashable, value: object) -> None:
        self._cache[key] = value
        self._cache.move_to_end(key)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def submit(
        self,
        key: Hashable,
        owner: Hashable,
        fn: Callable[..., object],
        *args: object,
        patient: bool = False,
        wanted: Callable[[], bool] | None = None,
        wait: float | None = None,
    ) -> Any:
        """The answer of ``fn(*args)`` (run in a worker), cached under ``key``.

        ``patient`` is for a job a person waits for (the deeper look of a hint, issue 27.4): it is
        never refused for want of a worker, it queues (up to ``timeout``) instead of giving up
        after ``start_within``, and when ``owner`` already has a job for another key, an older one
        still queued is dropped (the person moved on) and a running one is waited for.
        ``wanted`` (checked when the job's turn comes) says whether its answer is still of use;
        one that is not never takes a worker. ``wait`` bounds this caller's wait (default
        ``timeout``); the job goes on, and its answer is cached, for the next ask.

        Raises:
            Busy: no worker free within ``start_within`` seconds, ``owner`` already waits for a
                job with another key (both unless ``patient``), or the answer took longer than
                ``wait``; :class:`Stale` when the job was dropped as no longer wanted.
            Exception: whatever ``fn`` raised.
        """
        hit = self.cached(key)
        if hit is not None:
            return hit
        loop = asyncio.get_running_loop()
        while (running := self._inflight.get(owner)) is not None:
            if running.key == key:
                self.stats["joined"] += 1
                return await self._wait(running.future, wait)
            if not patient:
                self.stats["busy"] += 1
                raise Busy("the previous request of this seat is still being worked out", 1.0)
            if not running.started:
                self._drop(owner, running)
            else:  # its worker cannot be taken back: wait for it, then queue behind it
                await asyncio.wait([running.future], timeout=self.timeout)
                if self._inflight.get(owner) is running:
                    self.stats["busy"] += 1
                    raise Busy("the previous request of this seat is still being worked out", 1.0)
            if (hit := self.cached(key)) is not None:
                return hit
        future: asyncio.Future[object] = loop.create_future()
        # the answer may come after every waiter gave up: its error is then retrieved here
        future.add_done_callback(lambda f: None if f.cancelled() else f.exception())
        job = _Job(key, future, wanted)
        self._inflight[owner] = job
        if patient:
            self.stats["queued"] += 1
            task = asyncio.create_task(self._queue_then_run(job, owner, fn, args))
        else:
            try:
                await self._admit()
            except Busy as busy:
                self._inflight.pop(owner, None)
                # callers that joined this job while it waited for a slot are told busy too (a
                # cancelled future raised CancelledError in them: an HTTP 500, found at warm-up)
                future.set_exception(busy)
                raise
            except asyncio.CancelledError:  # the asker went away while it waited for a slot
                self._inflight.pop(owner, None)
                future.set_exception(Busy("the request that started this job was cancelled; ask again", 1.0))
                raise
            job.started = True
            task = asyncio.create_task(self._run(key, owner, future, fn, args))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(lambda t: t.exception() if not t.cancelled() else None)
        return await self._wait(future, wait)

    def prefetch(
        self,
        key: Hashable,
        owner: Hashable,
        fn: Callable[..., object],
        *args: object,
        wanted: Callable[[], bool] | None = None,
    ) -> None:
        """Queue a patient job nobody waits for yet (its answer is cached for the ask that follows)."""
        if key in self._cache:
            return

        async def run() -> None:
            with contextlib.suppress(Exception):
                await self.submit(key, owner, fn, *args, patient=True, wanted=wanted, wait=self.timeout)

        task = asyncio.create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _drop(self, owner: Hashable, job: _Job) -> None:
        """A queued job no longer wanted: its waiters get :class:`Stale`, its turn passes unused."""
        self.stats["stale"] += 1
        if self._inflight.get(owner) is job:
            del self._inflight[owner]
        if not job.future.done():
            job.future.set_exception(Stale("the position changed before this answer was worked out", 1.0))

    async def _queue_then_run(
        self, job: _Job, owner: Hashable, fn: Callable[..., object], args: tuple[object, ...]
    ) -> None:
        """A patient job: wait for a slot (up to ``timeout``), then run it unless it went stale."""
        try:
            await asyncio.wait_for(self._slots.acquire(), self.timeout)
        except TimeoutError:
            self.stats["busy"] += 1
            if self._inflight.get(owner) is job:
                del self._inflight[owner]
            if not job.future.done():
                job.future.set_exception(Busy(f"no worker was free for {self.timeout:g} s; try again", 2.0))
            return
        if job.future.done():  # dropped while it queued
            self._slots.release()
            return
        if job.wanted is not None and not job.wanted():
            self._slots.release()
            self._drop(owner, job)
            return
        job.started = True
        await self._run(job.key, owner, job.future, fn, args)

    async def _admit(self) -> None:
        started = time.monotonic()
        try:
            await asyncio.wait_for(self._slots.acquire(), self.start_within)
        except TimeoutError:
            self.stats["busy"] += 1
            waited = time.monotonic() - started
            raise Busy(f"every worker is busy (waited {waited:.1f} s); try again in a moment", 2.0) from None

    async def _run(
        self,
        key: Hashable,
        owner: Hashable,
        future: asyncio.Future[object],
        fn: Callable[..., object],
        args: tuple[object, ...],
    ) -> None:
        """Run the job holding a slot; the slot is freed only when the job has really ended."""
        try:
            value = await self._call(fn, args)
            self._remember(key, value)
            self.stats["done"] += 1
            if not future.done():
                future.set_result(value)
        except Exception as e:
            self.stats["failed"] += 1
            if not future.done():
                future.set_exception(e)
        finally:
            self._slots.release()
            running = self._inflight.get(owner)
            if running is not None and running.future is future:
                del self._inflight[owner]

    async def _wait(self, future: asyncio.Future[object], wait: float | None = None) -> object:
        limit = self.timeout if wait is None else wait
        try:
            return await asyncio.wait_for(asyncio.shield(future), limit)
        except TimeoutError:
            self.stats["busy"] += 1
            raise Busy(f"the answer took longer than {limit:g} s; it will be ready shortly", 1.0) from None
