"""Shared fixtures: an in-process server on a fresh SQLite file, and helpers to drive it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from samrap.server.app import create_app
from samrap.server.settings import ServerSettings, sqlite_url


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
