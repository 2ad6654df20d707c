"""The collector tuning: survivors of a full collection are frozen, everything is unfrozen now and
then, and the thresholds are put back when the server stops."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from samrap.server.collector import THRESHOLDS, CollectorTuning


@pytest.fixture
def clean_gc() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_survivors_of_a_full_collection_are_frozen_and_unfrozen_later(clean_gc: None) -> None:
    gc.unfreeze()
    tuning = CollectorTuning(unfreeze_seconds=600)
    gc.callbacks.append(tuning._on_collection)
    try:
        assert tuning.tick(10.0, 0.0) == 0.0 and gc.get_freeze_count() == 0  # no full collection yet
        gc.collect(1)
        assert tuning.tick(11.0, 0.0) == 0.0 and gc.get_freeze_count() == 0  # a young one does not count
        keep = [[k] for k in range(1000)]  # noqa: F841 (kept alive through the collection)
        gc.collect()
        assert tuning.full_collections == 1
        assert tuning.tick(12.0, 0.0) == 0.0
        assert gc.get_freeze_count() > 1000 and tuning.freezes == 1
        assert tuning.tick(13.0, 0.0) == 0.0 and tuning.freezes == 1  # once per full collection
        assert tuning.tick(600.0, 0.0) == 600.0  # the interval is up: everything back to the collector
        assert gc.get_freeze_count() == 0
    finally:
        gc.callbacks.remove(tuning._on_collection)


def test_thresholds_are_set_while_running_and_restored(clean_gc: None) -> None:
    async def run() -> None:
        before = gc.get_threshold()
        tuning = CollectorTuning()
        tuning.start()
        assert gc.get_threshold() == THRESHOLDS
        assert tuning._on_collection in gc.callbacks
        await tuning.close()
        assert gc.get_threshold() == before
        assert tuning._on_collection not in gc.callbacks

    asyncio.run(run())
