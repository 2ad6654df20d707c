"""The collector tuning: everything tracked is frozen every fraction of a second (so no collection
walks more than what was made since), everything is unfrozen and collected once per interval (so
reference cycles are still freed), and the thresholds are put back when the server stops."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from samrap.server.collector import THRESHOLDS, CollectorTuning


@pytest.fixture
def clean_gc() -> Iterator[None]:
    before = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def tracked() -> int:
    """Objects a full collection would walk now (the frozen ones are not among them)."""
    return sum(len(gc.get_objects(generation=g)) for g in range(3))


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_a_tick_leaves_no_object_for_a_collection_to_walk(clean_gc: None) -> None:
    tuning = CollectorTuning(unfreeze_seconds=600)
    keep = [[k] for k in range(5000)]
    assert tracked() >= 5000
    assert tuning.tick(1.0, 0.0) == 0.0
    assert tracked() < 10  # what this test made since, not the 5000 lists
    assert gc.get_freeze_count() >= 5000 and tuning.freezes == 1
    assert gc.get_count()[0] == 0  # the young generation starts counting again
    del keep


def test_a_frozen_object_is_still_freed_by_reference_counting(clean_gc: None) -> None:
    tuning = CollectorTuning(unfreeze_seconds=600)
    lone = Node()
    ref = weakref.ref(lone)
    tuning.tick(1.0, 0.0)
    del lone
    assert ref() is None


def test_a_frozen_cycle_waits_for_the_interval_then_is_collected(clean_gc: None) -> None:
    tuning = CollectorTuning(unfreeze_seconds=600)
    a, b = Node(), Node()
    a.other, b.other = b, a
    ref = weakref.ref(a)
    tuning.tick(1.0, 0.0)
    del a, b
    gc.collect()
    assert ref() is not None  # frozen: no collection looks at it
    assert tuning.tick(300.0, 0.0) == 0.0 and ref() is not None
    assert tuning.tick(600.0, 0.0) == 600.0  # the interval is up: unfrozen, collected, frozen again
    assert ref() is None
    assert tuning.full_passes == 1 and tuning.last_collected >= 2
    assert tracked() < 10


def test_thresholds_are_set_while_running_and_restored(clean_gc: None) -> None:
    async def run() -> None:
        before = gc.get_threshold()
        tuning = CollectorTuning(freeze_seconds=0.01)
        tuning.start()
        assert gc.get_threshold() == THRESHOLDS
        await asyncio.sleep(0.1)
        assert tuning.freezes >= 2  # the task freezes on its own
        await tuning.close()
        assert gc.get_threshold() == before

    asyncio.run(run())
