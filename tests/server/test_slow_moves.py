"""Contract Rummy's legal-action listing can be slow in rare positions (``docs/performance.md``,
"Known slow positions"), so for games whose spec says ``slow_moves`` the server lists and checks
moves in a worker thread: its event loop, which serves every table of the process, never does it.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from samrap.engine.registry import get_spec
from samrap.games.contract.game import ContractGame
from samrap.server.runtime import ServerContext, TableRuntime
from samrap.server.table import Table
from tests.server.test_leaks import StubWriter, begin, random_bots


def test_only_contract_is_marked_slow() -> None:
    assert get_spec("contract").slow_moves
    assert not get_spec("dummy").slow_moves


class Watcher:
    """A connection that ends the test after the first deal; it reads the legal list it is sent."""

    def __init__(self, rt: TableRuntime, seat: int, done: asyncio.Event) -> None:
        self.rt, self.seat, self.done = rt, seat, done
        self.is_open = True
        self.last_v = 0
        self.legal_seen = 0

    def send(self, text: str) -> None:
        if '"legal":["' in text:
            self.legal_seen += 1
        if '"kind":"game_over"' in text:
            self.done.set()


def test_contract_moves_are_listed_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    loop_threads: set[int] = set()
    calls = {"loop": 0, "worker": 0}
    original = ContractGame.legal_moves

    def watched(self: ContractGame, state: Any) -> Any:
        calls["loop" if threading.get_ident() in loop_threads else "worker"] += 1
        return original(self, state)

    monkeypatch.setattr(ContractGame, "legal_moves", watched)
    created = random_bots("contract", "contract(players=3)", 3)

    async def run() -> list[Watcher]:
        loop_threads.add(threading.get_ident())
        ctx = ServerContext(StubWriter(), "http://test", "slow-test")  # type: ignore[arg-type]
        rt = TableRuntime(Table("SLOWMV", created), ctx, set())
        done = asyncio.Event()
        watchers = [Watcher(rt, q, done) for q in range(3)]
        rt.conns.update(watchers)  # type: ignore[arg-type]
        await rt.commit(begin(rt.table))
        await asyncio.wait_for(done.wait(), timeout=60)
        rt.close()
        return watchers

    watchers = asyncio.run(run())
    assert calls["worker"] > 50, calls  # a whole deal of bot moves was listed ...
    assert calls["loop"] == 0, calls  # ... none of it on the event loop
    assert all(w.legal_seen > 0 for w in watchers)  # and the movers were sent their legal moves
