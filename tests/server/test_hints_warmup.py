"""Hints and reviews asked the moment a real server has started (issue 27.1): never a 500.

The server starts its worker processes beside the tables; they import the bots for a second or
more. A hint or review asked in that time used to fail with ``RuntimeError: more jobs than
workers`` (HTTP 500, plain text, the connection dropped): the warm-up's own jobs held the workers
outside the pool's slots. Now such a job waits for the first worker that is ready, or is told a
typed ``busy`` with ``Retry-After``. Both databases, a real ``samrap serve`` process each time.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from samrap.server.settings import sqlite_url
from samrap.server.storage import Storage
from tests.server.conftest import archive, finished_match
from tests.server.live import PG_ENV, live_server, pg_schema, recv_view

PG_URL = os.environ.get(PG_ENV)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "warm.db")
    elif not PG_URL:
        pytest.skip(f"{PG_ENV} is not set")
    else:
        with pg_schema(PG_URL) as url:
            yield url


def _typed(r: httpx.Response) -> dict[str, Any]:
    """Every answer is the protocol's: 200, or a typed ``busy`` with ``Retry-After``; never a 500."""
    assert r.status_code in (200, 202, 503), (r.status_code, r.text)
    data: dict[str, Any] = r.json()
    if r.status_code == 503:
        assert data["code"] == "busy" and int(r.headers["retry-after"]) >= 1, data
    return data


async def _hints_at_once(base: str) -> list[httpx.Response]:
    """A table, started, and every kind of hint asked together as soon as the person is to move."""
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
        t = (await http.post("/api/tables", json={"game": "dummy(players=2)", "host_name": "A", "seats": seats})).json()
        code, token = t["table"]["code"], t["token"]
        async with connect(f"{ws_base}/ws/tables/{code}") as ws:
            await ws.send(json.dumps({"t": "hello", "token": token}))
            await http.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
            view = await recv_view(ws)
            while not view["legal"]:
                view = await recv_view(ws)
            asks = [{"token": token, "lang": "th", "depth": d} for d in ("full", "quick", "deep", "full")]
            return list(await asyncio.gather(*(http.post(f"/api/tables/{code}/hint", json=a) for a in asks)))


def test_hints_asked_while_the_workers_warm_up_are_answered_or_busy(db: str) -> None:
    with live_server(db) as server:
        answers = asyncio.run(_hints_at_once(server.url))
    _, quick, deep, _ = (_typed(r) for r in answers)
    assert quick["depth"] in ("quick", "deep") and quick["hints"]  # a person's first answer: at once
    assert deep["depth"] == "deep" and deep["hints"]  # the deeper look waits for a worker, never busy
    for r in answers:
        assert r.headers.get("x-content-type-options") == "nosniff"


def test_a_review_asked_while_the_workers_warm_up_starts_or_is_busy(db: str) -> None:
    storage = Storage(db)  # the match is in the archive before the server starts
    try:
        storage.migrate()
        archive(storage.engine, "WARM-1", *finished_match())
    finally:
        storage.close()
    with live_server(db) as server:
        first = _typed(httpx.post(server.url + "/api/games/WARM-1/review", json={"seat": 0}, timeout=60))
        second = _typed(httpx.post(server.url + "/api/games/WARM-1/review", json={"seat": 1}, timeout=60))
        assert {first.get("status"), second.get("status")} <= {"running", "done", None}
