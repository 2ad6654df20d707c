"""Keep CPython's cycle collector from stopping every table at once.

Why: any collection walks every container object in the generations it collects, and while it
runs no table moves. With 500 tables and 1000 websockets the process holds some 300 000 container
objects (each connection alone is a stack of coroutines, futures, queues and frames), and nearly
all of them are freed by reference counting (what the collector is for, reference cycles, is a
few objects a second).

The first tuning (2026-11-29) froze the survivors of each full collection and collected the
youngest generation every 10 000 allocations instead of 700. That removed the full passes from
the measured windows, but it left a worse pause: the collector's counter is allocations *minus
deallocations*, so it advanced slowly while the youngest generation filled with everything made
since the last pass that was still alive (each connection's pending receive, its futures and
handles: ~40 000 objects in 6 s at 500 tables), and each young pass walked all of them: 45-50 ms
of CPU, 110-250 ms of wall time when other processes held the cores (measured with
``SAMRAP_STAGE_TIMING=1``, ``gc_pause_by_generation`` in ``bench/server_load.py``'s report).
That pause was what the slowest 1 % of actions waited for.

So now every :data:`FREEZE_SECONDS` everything the collector tracks is frozen (:func:`gc.freeze`,
constant time: it moves the generation lists into the permanent one). A collection then walks at
most what was made in the last fraction of a second and is still alive: a pause of a few
milliseconds at most, and with the young threshold at :data:`THRESHOLDS` most intervals see none.
Frozen objects are still freed by reference counting the moment they are no longer used; only a
reference cycle among them waits. For those, every :data:`UNFREEZE_SECONDS` everything is
unfrozen and collected once, from the event loop (one long pass per interval; the rate of cyclic
garbage it finds is reported as :attr:`CollectorTuning.last_collected`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time

#: How often everything tracked is frozen (so a collection never walks more than this much).
FREEZE_SECONDS = 0.25
#: How often frozen objects are handed back to the collector for one full look.
UNFREEZE_SECONDS = 600.0
#: ``gc.set_threshold`` while the server runs (CPython's default is 700, 10, 10).
THRESHOLDS = (10_000, 10, 10)


class CollectorTuning:
    """Freezes what the collector tracks every :data:`FREEZE_SECONDS` (see the module docstring)."""

    def __init__(
        self,
        unfreeze_seconds: float = UNFREEZE_SECONDS,
        thresholds: tuple[int, int, int] = THRESHOLDS,
        freeze_seconds: float = FREEZE_SECONDS,
    ) -> None:
        self.unfreeze_seconds = unfreeze_seconds
        self.freeze_seconds = freeze_seconds
        self.thresholds = thresholds
        self._saved: tuple[int, int, int] | None = None
        self.freezes = 0
        self.full_passes = 0
        #: Objects the last full pass freed (cyclic garbage gathered over one unfreeze interval).
        self.last_collected = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Install the thresholds and start the freezing task (on the running loop)."""
        self._saved = gc.get_threshold()
        gc.set_threshold(*self.thresholds)
        gc.freeze()
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        """Put the collector back as it was (thresholds; frozen objects stay frozen)."""
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def tick(self, now: float, last_unfreeze: float) -> float:
        """One check: freeze, or when the interval is up unfreeze and collect everything once.
        Returns the time of the last unfreeze."""
        if now - last_unfreeze >= self.unfreeze_seconds:
            gc.unfreeze()
            self.last_collected = gc.collect()  # its pause is in the stage clock's generation 2
            self.full_passes += 1
            gc.freeze()
            return now
        gc.freeze()
        self.freezes += 1
        return last_unfreeze

    async def _run(self) -> None:
        last_unfreeze = time.monotonic()
        while True:
            await asyncio.sleep(self.freeze_seconds)
            last_unfreeze = self.tick(time.monotonic(), last_unfreeze)
