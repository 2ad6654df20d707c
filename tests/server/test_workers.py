"""The worker pool behind hints (issue 15.6): off the event loop, bounded, one job per seat,
cached, and ``busy`` when a job cannot start within its budget."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from contextlib import closing
from typing import Any

import pytest
from fastapi.testclient import TestClient

from samrap.server.procpool import WorkerDied
from samrap.server.workers import WORKER_NICE, Busy, Stale, WorkerPool
from tests.server.conftest import person_to_move

CALLS: list[int] = []
#: How long a test waits for a worker process. The workers run at a lower CPU priority (nice +2 by default),
#: so beside CPU burners a spawn and the bots' import can take a minute of wall time; the server's
#: own 15 s is for people, not for these checks of what runs where.
SLOW_START = 180.0


def pid_job(x: int) -> tuple[int, int]:
    return os.getpid(), x


def nice_job() -> int:
    return os.nice(0)


def slow_job(seconds: float, x: int) -> int:
    time.sleep(seconds)
    CALLS.append(x)  # only visible when the job runs in this process (workers=0)
    return x


def test_jobs_run_in_another_process_at_lower_priority() -> None:
    async def main() -> tuple[int, int]:
        with closing(WorkerPool(workers=1, timeout=SLOW_START)) as pool:
            await pool.start()
            pid, x = await pool.submit("k", "owner", pid_job, 7)
            return pid, x

    pid, x = asyncio.run(main())
    assert x == 7 and pid != os.getpid()  # not this interpreter: it cannot hold our event loop's GIL


@pytest.mark.parametrize("nice", [WORKER_NICE, 7])
def test_workers_run_at_the_pools_nice_increment(nice: int) -> None:
    async def main() -> int:
        with closing(WorkerPool(workers=1, timeout=SLOW_START, nice=nice)) as pool:
            await pool.start()
            return int(await pool.submit("k", "owner", nice_job))

    own = os.nice(0)
    assert asyncio.run(main()) == min(19, own + nice)


@pytest.mark.parametrize("nice", [-1, 20])
def test_a_nice_increment_outside_0_to_19_is_refused(nice: int) -> None:
    with pytest.raises(ValueError, match="nice must be 0 to 19"):
        WorkerPool(workers=1, nice=nice)


def die_job() -> None:
    os._exit(3)


def test_the_pool_adds_no_thread_to_the_server() -> None:
    """Jobs start and end from the event loop: no helper thread that would need the GIL (a
    ``concurrent.futures`` process pool runs two, and under CPU starvation each wake-up of theirs
    held the loop up; ``docs/performance.md``, 15.6)."""

    async def main() -> tuple[int, int]:
        before = threading.active_count()
        with closing(WorkerPool(workers=1, timeout=SLOW_START)) as pool:
            await pool.start()
            await pool.submit("k", "owner", pid_job, 1)
            await pool.submit("k2", "owner", pid_job, 2)
            return before, threading.active_count()

    before, during = asyncio.run(main())
    assert during == before


def test_a_worker_that_dies_mid_job_fails_that_job_and_is_replaced() -> None:
    async def main() -> None:
        with closing(WorkerPool(workers=1, timeout=SLOW_START)) as pool:
            first, _ = await pool.submit("a", "o", pid_job, 1)
            with pytest.raises(WorkerDied):  # tried twice (a new worker for the retry), then reported
                await pool.submit("die", "o", die_job)
            assert pool.stats["failed"] == 1
            second, x = await pool.submit("b", "o", pid_job, 2)
            assert x == 2 and second != first  # a new process took its place

    asyncio.run(main())


def test_a_job_that_cannot_start_in_budget_is_busy_and_answers_are_cached() -> None:
    CALLS.clear()

    async def main() -> None:
        with closing(WorkerPool(workers=0, start_within=0.05)) as pool:  # one thread: one job at a time
            slow = asyncio.create_task(pool.submit(("t", 1, 0), ("t", 0), slow_job, 0.4, 1))
            await asyncio.sleep(0.05)
            with pytest.raises(Busy) as busy:  # another seat: no worker free within 50 ms
                await pool.submit(("t", 1, 1), ("t", 1), slow_job, 0.0, 2)
            assert busy.value.retry_after >= 1
            with pytest.raises(Busy):  # the same seat, another position: one in flight per seat
                await pool.submit(("t", 2, 0), ("t", 0), slow_job, 0.0, 3)
            joined = await pool.submit(("t", 1, 0), ("t", 0), slow_job, 0.4, 1)  # the same position: joins
            assert joined == 1 and await slow == 1
            again = await pool.submit(("t", 1, 0), ("t", 0), slow_job, 0.4, 1)  # cached: nothing runs
            assert again == 1
            assert pool.stats["done"] == 1 and pool.stats["joined"] == 1 and pool.stats["cached"] == 1
            assert await pool.submit(("t", 1, 1), ("t", 1), slow_job, 0.0, 2) == 2  # free again

    asyncio.run(main())
    assert CALLS == [1, 2]


def test_a_failed_job_reports_its_error_and_frees_the_worker() -> None:
    async def main() -> None:
        with closing(WorkerPool(workers=0, start_within=0.2)) as pool:
            with pytest.raises(ValueError):
                await pool.submit("bad", "o", int, "not a number")
            assert await pool.submit("good", "o", int, "12") == 12

    asyncio.run(main())


def test_a_job_asked_while_the_workers_warm_up_waits_for_one() -> None:
    """Issue 27.1: the warm-up's own jobs took the workers beside the slots, so a job asked in the
    first second found a slot but no worker (``RuntimeError: more jobs than workers``, a 500)."""

    async def main() -> tuple[int, int]:
        with closing(WorkerPool(workers=1, start_within=SLOW_START, timeout=SLOW_START)) as pool:
            warm = asyncio.create_task(pool.start())
            await asyncio.sleep(0.05)  # the warm-up has taken the worker and waits for its import
            assert not warm.done()
            pid, x = await pool.submit("k", "owner", pid_job, 5)
            await warm
            return pid, x

    pid, x = asyncio.run(main())
    assert x == 5 and pid != os.getpid()


def test_a_job_asked_during_warm_up_past_its_budget_is_busy_not_an_error() -> None:
    async def main() -> None:
        with closing(WorkerPool(workers=1, start_within=0.01, timeout=SLOW_START)) as pool:
            warm = asyncio.create_task(pool.start())
            await asyncio.sleep(0.05)
            if not warm.done():  # on a fast machine the worker may already be up: then it just answers
                with pytest.raises(Busy):
                    await pool.submit("k", "owner", pid_job, 5)
            await warm
            assert (await pool.submit("k2", "owner", pid_job, 6))[1] == 6

    asyncio.run(main())


def test_a_patient_job_queues_instead_of_being_busy() -> None:
    """The deeper look of a person's hint (issue 27.4) waits for the worker another seat holds."""
    CALLS.clear()

    async def main() -> None:
        with closing(WorkerPool(workers=0, start_within=0.01)) as pool:
            first = asyncio.create_task(pool.submit("a", "seat 0", slow_job, 0.3, 1))
            await asyncio.sleep(0.05)
            with pytest.raises(Busy):  # an impatient job still gets busy
                await pool.submit("b", "seat 1", slow_job, 0.0, 2)
            assert await pool.submit("b", "seat 1", slow_job, 0.0, 2, patient=True) == 2
            assert await first == 1

    asyncio.run(main())
    assert CALLS == [1, 2]


def test_a_queued_job_gives_way_to_its_owners_newer_one_and_an_unwanted_one_never_runs() -> None:
    CALLS.clear()

    async def main() -> None:
        with closing(WorkerPool(workers=0)) as pool:
            holder = asyncio.create_task(pool.submit("a", "seat 0", slow_job, 0.3, 1))
            await asyncio.sleep(0.05)
            old = asyncio.create_task(pool.submit(("t", 1), "seat 1", slow_job, 0.0, 10, patient=True))
            await asyncio.sleep(0.01)
            new = await pool.submit(("t", 2), "seat 1", slow_job, 0.0, 11, patient=True)
            assert new == 11
            with pytest.raises(Stale):  # the person moved on: the older position is not searched
                await old
            with pytest.raises(Stale):
                await pool.submit(("t", 3), "seat 1", slow_job, 0.0, 12, patient=True, wanted=lambda: False)
            await holder
            assert pool.stats["stale"] == 2

    asyncio.run(main())
    assert CALLS == [1, 11]


def test_a_caller_stops_waiting_after_its_wait_and_the_answer_is_cached_for_the_next_ask() -> None:
    async def main() -> None:
        with closing(WorkerPool(workers=0)) as pool:
            with pytest.raises(Busy):
                await pool.submit("k", "o", slow_job, 0.3, 4, patient=True, wait=0.05)
            assert await pool.submit("k", "o", slow_job, 0.3, 4, patient=True, wait=5) == 4  # joins
            pool.prefetch("k2", "o", slow_job, 0.0, 5)
            await asyncio.sleep(0.3)
            assert pool.cached("k2") == 5

    asyncio.run(main())


def test_a_caller_joined_to_a_job_refused_a_slot_is_told_busy_not_cancelled() -> None:
    """Two asks for the same position while every worker is taken: the first is refused a slot,
    and the one that joined it used to get ``CancelledError`` (an HTTP 500 at warm-up)."""

    async def main() -> None:
        with closing(WorkerPool(workers=0, start_within=0.1)) as pool:
            holder = asyncio.create_task(pool.submit("a", "seat 0", slow_job, 0.5, 1))
            await asyncio.sleep(0.05)
            first = asyncio.create_task(pool.submit("b", "seat 1", slow_job, 0.0, 2))
            await asyncio.sleep(0.01)
            joined = asyncio.create_task(pool.submit("b", "seat 1", slow_job, 0.0, 2))
            for task in (first, joined):
                with pytest.raises(Busy):
                    await task
            assert await holder == 1
            assert await pool.submit("b", "seat 1", slow_job, 0.0, 2) == 2  # nothing left stuck

    asyncio.run(main())


class _BusyPool:
    def cached(self, key: Any) -> None:
        return None

    async def submit(self, *args: Any) -> Any:
        raise Busy("every worker is busy", 2.0)


def test_the_hint_route_answers_busy_with_retry_after(client: TestClient) -> None:
    t, _ = person_to_move(client, "dummy(players=2)")
    code = t["table"]["code"]
    client.app.state.workers = _BusyPool()  # type: ignore[attr-defined]
    r = client.post(f"/api/tables/{code}/hint", json={"token": t["token"]})
    assert r.status_code == 503 and r.json()["code"] == "busy" and r.headers["retry-after"] == "2"


def test_hints_are_cached_per_table_version_and_seat(client: TestClient) -> None:
    t, _ = person_to_move(client, "dummy(players=2)")
    code = t["table"]["code"]
    pool: WorkerPool = client.app.state.workers  # type: ignore[attr-defined]
    first = client.post(f"/api/tables/{code}/hint", json={"token": t["token"]})
    second = client.post(f"/api/tables/{code}/hint", json={"token": t["token"]})
    assert first.status_code == second.status_code == 200 and first.json() == second.json()
    assert pool.stats["done"] == 1 and pool.stats["cached"] == 1
    thai = client.post(f"/api/tables/{code}/hint", json={"token": t["token"], "lang": "th"})
    assert thai.status_code == 200 and pool.stats["done"] == 2  # another language is another answer


PARENT = """
import asyncio, os, sys, time
from samrap.server.workers import WorkerPool

async def main() -> None:
    pool = WorkerPool(workers=1, timeout=180.0)
    await pool.start()
    pid = await pool.submit("k", "owner", os.getpid)
    print(pid, flush=True)
    time.sleep(60)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:  # a zombie waiting for its new parent counts as gone
        return f.read().rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_a_worker_ends_when_its_server_is_killed() -> None:
    """``kill -9`` of the server leaves no hint worker behind (it used to live on, idle, forever)."""
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        assert worker != parent.pid and alive(worker)
    finally:
        parent.kill()
        parent.wait()
        if parent.stdout is not None:
            parent.stdout.close()
    deadline = time.monotonic() + SLOW_START  # the worker runs at a lower priority
    while alive(worker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not alive(worker), f"worker {worker} outlived its server"
