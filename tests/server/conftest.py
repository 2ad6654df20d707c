"""Shared fixtures: an in-process server on a fresh SQLite file, and helpers to drive it."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from samrap.engine.match import run_match
from samrap.engine.record import dumps_record, make_record
from samrap.engine.registry import resolve
from samrap.players.levels import make_bot
from samrap.server import schema
from samrap.server.app import create_app
from samrap.server.settings import ServerSettings, sqlite_url
from samrap.server.storage import Storage
from tests.server.live import PG_ENV, pg_schema


def make_settings(db: Path, **kw: Any) -> ServerSettings:
    kw.setdefault("bot_delay_scale", 0.0)
    return ServerSettings(database_url=sqlite_url(db), node="test-node", **kw)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "samrap.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(make_settings(db_path))) as c:
        yield c


@contextmanager
def postgres_client() -> Iterator[TestClient]:
    """A server on a fresh PostgreSQL schema (the test is skipped when ``SAMRAP_TEST_DATABASE_URL``
    is not set). Server exceptions are not re-raised into the test: what counts is the answer a
    client would get (a 500 fails)."""
    pg_url = os.environ.get(PG_ENV)
    if not pg_url:
        pytest.skip(f"{PG_ENV} is not set")
    with pg_schema(pg_url) as url:
        settings = ServerSettings(database_url=url, node="test-node", bot_delay_scale=0.0)
        with TestClient(create_app(settings), raise_server_exceptions=False) as c:
            yield c


@pytest.fixture
def fast_client(db_path: Path) -> Iterator[TestClient]:
    """Timers and grace periods scaled down 1000 times (a 30 s timer fires after 30 ms)."""
    with TestClient(create_app(make_settings(db_path, time_scale=0.001))) as c:
        yield c


@pytest.fixture
def thread_client(db_path: Path) -> Iterator[TestClient]:
    """Workers on a thread of this process (``hint_workers=0``), so a test's small budget or its
    monkeypatched review reaches them."""
    with TestClient(create_app(make_settings(db_path, hint_workers=0))) as c:
        yield c


def storage_of(client: TestClient) -> Storage:
    """The storage of the server behind an in-process client."""
    storage: Storage = client.app.state.manager.storage  # type: ignore[attr-defined]
    return storage


def finished_match() -> tuple[str, str]:
    """(config, record text) of a finished two-player Dummy match, easy against heuristic, seed 5."""
    spec, cfg = resolve("dummy(players=2)")
    game = spec.make_game(cfg)
    match = run_match(spec, cfg, [make_bot("easy", game, "A"), make_bot("heuristic", game, "B")], 5, max_games=1)
    return match.config, dumps_record(make_record(match, "2026-01-01T00:00:00Z"))


def archive(engine: sa.Engine, archive_id: str, config: str, record: str) -> None:
    """A finished match in the archive, as the server stores one at a match's end (its table code
    is the id's part before the dash): what reviews, retries and the hint warm-up read."""
    with engine.begin() as conn:
        conn.execute(
            schema.archive.insert().values(
                id=archive_id,
                table_code=archive_id.split("-")[0],
                match=0,
                game="dummy",
                config=config,
                players='["A", "B"]',
                totals="[0, 0]",
                winners="[]",
                rated=False,
                finished_at=time.time(),
                record=record,
            )
        )


def stand_in_table(client: TestClient) -> dict[str, Any]:
    """A two-player Dummy table to one point (public, host "Gone" against a random bot) whose host
    never connects: after the grace period (one second, a millisecond under ``fast_client``) a
    random stand-in plays the host's seat. Returns the creation's answer."""
    return create(
        client,
        game="dummy(players=2,target=1)",
        host_name="Gone",
        public=True,
        seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
        settings={"grace_seconds": 1, "standin_level": "random", "bot_delay_ms": 0},
    )


def play_to_match_over(client: TestClient, code: str, host_token: str) -> dict[str, Any]:
    """Start the table and watch it as a spectator until the match is over; returns that view."""
    with client.websocket_connect(f"/ws/tables/{code}") as spectator:
        hello(spectator)
        client.post(f"/api/tables/{code}/start", json={"token": host_token})
        return recv_until(spectator, "view", lambda m: any(e["kind"] == "match_over" for e in m["events"]))


def person_to_move(
    client: TestClient, game: str = "dummy(players=2,target=50)"
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A casual table with a person in seat 0 and random bots, started, the person to move:
    (the creation's answer, the person's view with its legal moves)."""
    bots = [{"kind": "bot", "level": "random"}] * (2 if game.startswith("contract") else 1)
    t = create(client, game=game, host_name="A", seats=[{"kind": "human"}, *bots])
    code = t["table"]["code"]
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        ws.send_text(json.dumps({"t": "hello", "token": t["token"]}))
        client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
        view = recv_until(ws, "view", lambda m: bool(m["legal"]))
    return t, view


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def join(client: TestClient, code: str, name: str, **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/tables/{code}/join", json={"name": name, **body})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def recv(ws: WebSocketTestSession) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(ws.receive_text())
    return msg


def recv_until(ws: WebSocketTestSession, t: str, pred: Any = None, limit: int = 500) -> dict[str, Any]:
    """The next message of type ``t`` (satisfying ``pred``), skipping others."""
    for _ in range(limit):
        msg = recv(ws)
        if msg["t"] == t and (pred is None or pred(msg)):
            return msg
    raise AssertionError(f"no {t} message in {limit}")


def hello(ws: WebSocketTestSession, token: str | None = None, v: int | None = None) -> dict[str, Any]:
    """Say hello; returns the first view (after welcome and table)."""
    ws.send_text(json.dumps({"t": "hello", "token": token, "v": v}))
    welcome = recv(ws)
    assert welcome["t"] == "welcome", welcome
    assert recv(ws)["t"] == "table"
    view = recv(ws)
    assert view["t"] == "view", view
    return view
