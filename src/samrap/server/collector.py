"""Keep CPython's cycle collector from stopping every table at once.

Why: a full (generation 2) collection walks every container object the process holds. With
500 tables and 1000 websockets that is some 200 000 objects (each connection alone is a stack
of coroutines, queues and frames), and a full pass costs up to ~150 ms of CPU, during which
no table moves: it was what the slowest 1% of actions waited for in the load benchmark. Nearly
all of those objects live as long as their table or connection, and almost none of them end up
in reference cycles (what the collector is for): the full passes found a few dozen objects.

So after each full collection, the survivors (the live, long-lived objects) are moved out of the
collector's generations with :func:`gc.freeze`; later collections walk only what was made
since. Objects that are frozen are still freed by reference counting; only a reference cycle
among them would wait. For those, every :data:`UNFREEZE_SECONDS` everything is unfrozen so that
the next full collection looks at it all once (one long pass per interval instead of one every
few seconds).

The youngest generation is also collected less often (:data:`THRESHOLDS`: every 10 000
allocations instead of 700): each action allocates a few hundred short-lived containers that
reference counting frees anyway, and at the default the collector ran some 40 times a second
under load and promoted the per-action objects still in flight to the older generations, which
is what made the full passes come round every few seconds. In the 500-table benchmark this cut
the collector's CPU by half and left no full pass in a 20-second window (``docs/performance.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from typing import Any

#: How often frozen objects are handed back to the collector for one full look.
UNFREEZE_SECONDS = 600.0
#: How soon after a full collection its survivors are frozen.
CHECK_SECONDS = 1.0
#: ``gc.set_threshold`` while the server runs (CPython's default is 700, 10, 10).
THRESHOLDS = (10_000, 10, 10)


class CollectorTuning:
    """Freezes the survivors of each full collection (see the module docstring)."""

    def __init__(
        self, unfreeze_seconds: float = UNFREEZE_SECONDS, thresholds: tuple[int, int, int] = THRESHOLDS
    ) -> None:
        self.unfreeze_seconds = unfreeze_seconds
        self.thresholds = thresholds
        self._saved: tuple[int, int, int] | None = None
        self.full_collections = 0
        self.freezes = 0
        self._collected = False
        self._task: asyncio.Task[None] | None = None

    def _on_collection(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info.get("generation") == 2:
            self.full_collections += 1
            self._collected = True

    def start(self) -> None:
        """Install the thresholds and the callback, and start the freezing task (on the running loop)."""
        self._saved = gc.get_threshold()
        gc.set_threshold(*self.thresholds)
        gc.callbacks.append(self._on_collection)
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        """Put the collector back as it was (thresholds; frozen objects stay frozen)."""
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_collection)
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def tick(self, now: float, last_unfreeze: float) -> float:
        """One check: freeze after a full collection, unfreeze when the interval is up.
        Returns the time of the last unfreeze."""
        if now - last_unfreeze >= self.unfreeze_seconds:
            gc.unfreeze()
            self._collected = False
            return now
        if self._collected:
            self._collected = False
            gc.freeze()
            self.freezes += 1
        return last_unfreeze

    async def _run(self) -> None:
        last_unfreeze = time.monotonic()
        while True:
            await asyncio.sleep(CHECK_SECONDS)
            last_unfreeze = self.tick(time.monotonic(), last_unfreeze)
