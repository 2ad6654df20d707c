"""Where an action's time goes, stage by stage, for the load benchmark (issue 15.8).

Off unless the server runs with ``SAMRAP_STAGE_TIMING=1`` (``ServerSettings.stage_timing``); then
every commit records, on one monotonic clock (``time.perf_counter``, which on Linux is the same
``CLOCK_MONOTONIC`` in every process, so the benchmark can line the server's stamps up with its
own), when its websocket frame was read, when the commit started, got the table's lock, finished
planning, applying, storing (the writer's queue and the database commit) and broadcasting.
Besides, it samples:

* **event-loop lag**: how late a 5 ms sleep wakes up. A late wake-up is time every action waits
  before its frame is even read: the process was not given the CPU (other work on the machine),
  or something held the GIL (a bot thread, the collector);
* **the writer**: how long each group commit took, and how many appends it carried;
* **SQLite WAL checkpoints**: how long each took on its thread;
* **bot threads**: the time bots spent choosing a move on worker threads;
* **the cycle collector**: each pause, by generation.

``GET /api/debug/stages`` returns it all (404 when timing is off); ``bench/server_load.py``
fetches it after each phase and splits each measured action's latency into these stages.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections import deque
from typing import Any

#: Commits remembered (a few minutes of a 500-table run).
COMMITS_KEPT = 400_000
#: How often the loop's lag is sampled.
LAG_PERIOD = 0.005


class Series:
    """Count, total and maximum of one kind of duration, plus the recent values."""

    __slots__ = ("count", "max", "recent", "total")

    def __init__(self, keep: int = 100_000) -> None:
        self.count = 0
        self.total = 0.0
        self.max = 0.0
        self.recent: deque[tuple[float, float]] = deque(maxlen=keep)  # (at, seconds)

    def add(self, at: float, seconds: float) -> None:
        self.count += 1
        self.total += seconds
        self.max = max(self.max, seconds)
        self.recent.append((at, seconds))

    def report(self, since: float) -> dict[str, object]:
        values = sorted(s for at, s in self.recent if at >= since)
        if not values:
            return {"count": 0}
        return {
            "count": len(values),
            "total_s": round(sum(values), 4),
            "mean_ms": round(1000 * sum(values) / len(values), 3),
            "p99_ms": round(1000 * values[min(len(values) - 1, int(0.99 * len(values)))], 3),
            "max_ms": round(1000 * values[-1], 3),
        }


class StageClock:
    """The recorder (one per process; a no-op unless :attr:`enabled`)."""

    def __init__(self) -> None:
        self.enabled = False
        #: (code, version, read, entered, locked, planned, applied, stored, broadcast)
        self.commits: deque[tuple[Any, ...]] = deque(maxlen=COMMITS_KEPT)
        self.lag = Series()
        self.writer = Series()
        self.checkpoints = Series()
        self.bots = Series()
        self.gc = Series()
        #: the same pauses split by the generation collected (0, 1, 2)
        self.gc_by_generation = (Series(), Series(), Series())
        #: the CPU time of those pauses (wall time minus this is time the process waited for a core)
        self.gc_cpu = Series()
        self._gc_start = 0.0
        self._gc_cpu_start = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Begin sampling the loop (call from the running loop) and timing the collector."""
        self.enabled = True
        self._task = asyncio.create_task(self._sample_lag())
        gc.callbacks.append(self._on_gc)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        self.enabled = False

    async def _sample_lag(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(LAG_PERIOD)
            end = time.perf_counter()
            self.lag.add(end, max(0.0, end - start - LAG_PERIOD))

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
            self._gc_cpu_start = time.thread_time()
        else:
            end = time.perf_counter()
            self.gc_cpu.add(end, time.thread_time() - self._gc_cpu_start)
            generation = info["generation"]
            self.gc.add(end, end - self._gc_start)
            self.gc_by_generation[generation].add(end, end - self._gc_start)

    def report(self, since: float = 0.0) -> dict[str, object]:
        commits = [c for c in self.commits if c[3] >= since]
        return {
            "now": time.perf_counter(),
            "commits": [[c[0], c[1], *(round(x, 6) if x is not None else None for x in c[2:])] for c in commits],
            "fields": ["code", "v", "read", "entered", "locked", "planned", "applied", "stored", "broadcast"],
            "loop_lag": self.lag.report(since),
            "writer_commit": self.writer.report(since),
            "wal_checkpoint": self.checkpoints.report(since),
            "bot_thread": self.bots.report(since),
            "gc_pause": self.gc.report(since),
            "gc_cpu": self.gc_cpu.report(since),
            "gc_pause_by_generation": [g.report(since) for g in self.gc_by_generation],
            "gc_stats": {"generations": gc.get_stats(), "frozen": gc.get_freeze_count()},
        }


#: The process's recorder.
CLOCK = StageClock()
