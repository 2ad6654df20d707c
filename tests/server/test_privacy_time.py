"""Privacy in time (issue 27.3), on a real ``samrap serve`` process, SQLite and PostgreSQL.

A private table's chat was written for the people invited to it: when the table goes public,
newcomers (people who sit down afterwards, and spectators) see only what was written since;
people seated before keep the whole history. And the spectator key and the seat tokens never
reach a log line, uvicorn's access and handshake lines included.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from samrap.server.chat import history_floor
from samrap.server.logfilter import redact
from tests.server.live import PG_ENV, LiveServer, live_server, pg_schema, recv

PG_URL = os.environ.get(PG_ENV)
needs_pg = pytest.mark.skipif(not PG_URL, reason=f"{PG_ENV} is not set")


def test_history_floor() -> None:
    created_private = [(1, False)]
    assert history_floor(created_private, None, 5) is None  # still private: only the invited get in
    went_public = [(1, False), (6, True)]
    assert history_floor(went_public, 3, 9) is None  # seated before: everything
    assert history_floor(went_public, 7, 9) == 6  # sat down after: from going public on
    assert history_floor(went_public, None, 9) == 6  # a spectator arrives now
    assert history_floor([(1, True)], None, 9) is None  # public from the start: nothing was private
    again_private = [(1, False), (6, True), (8, False)]
    assert history_floor(again_private, 7, 9) == 6  # joined in the public window
    assert history_floor(again_private, 9, 9) is None  # joined while private again: invited
    assert history_floor(again_private, None, 9) is None  # a key holder while private


def test_redact_keeps_everything_but_the_secret() -> None:
    line = '127.0.0.1:5 - "WebSocket /ws/tables/ABC?watch=k3y&lang=th" [accepted]'
    assert redact(line) == '127.0.0.1:5 - "WebSocket /ws/tables/ABC?watch=***&lang=th" [accepted]'
    assert redact("GET /api/x?seat=1&token=t0k HTTP/1.1") == "GET /api/x?seat=1&token=*** HTTP/1.1"
    assert redact("GET /api/tables HTTP/1.1") == "GET /api/tables HTTP/1.1"


async def chat_seen(server: LiveServer, code: str, token: str | None, watch: str | None = None) -> list[str]:
    """The chat lines a client receives on arriving (history), in order."""
    url = f"{server.ws}/ws/tables/{code}" + (f"?watch={watch}" if watch else "")
    async with connect(url) as ws:
        await ws.send(json.dumps({"t": "hello", "token": token}))
        await ws.send(json.dumps({"t": "ping"}))  # everything sent on arrival comes before its pong
        lines: list[str] = []
        while True:
            msg = await recv(ws)
            assert msg["t"] != "error", msg
            if msg["t"] == "pong":
                return lines
            if msg["t"] == "chat":
                lines.append(msg["text"])


async def say(server: LiveServer, code: str, token: str, text: str) -> None:
    async with connect(f"{server.ws}/ws/tables/{code}") as ws:
        await ws.send(json.dumps({"t": "hello", "token": token}))
        await ws.send(json.dumps({"t": "chat", "text": text, "ref": "c"}))
        while True:
            msg = await recv(ws)
            assert msg["t"] != "error", msg
            if msg["t"] == "ack" and msg.get("ref") == "c":
                return


def scenario(server: LiveServer) -> dict[str, Any]:
    created = server.post("/api/tables", {"game": "dummy", "host_name": "Ann", "seats": [{"kind": "human"}] * 3})
    code, key = created["table"]["code"], created["spectator_key"]
    ann = created["token"]
    bob = server.post(f"/api/tables/{code}/join", {"name": "Bob"})["token"]
    asyncio.run(say(server, code, ann, "while private"))
    # The invited spectator reads it while the table is private.
    assert asyncio.run(chat_seen(server, code, None, watch=key)) == ["while private"]
    server.post(f"/api/tables/{code}/visibility", {"token": created["host_token"], "public": True})
    asyncio.run(say(server, code, bob, "once public"))
    cid = server.post(f"/api/tables/{code}/join", {"name": "Cid"})["token"]
    seen = {
        "ann": asyncio.run(chat_seen(server, code, ann)),
        "bob": asyncio.run(chat_seen(server, code, bob)),
        "cid": asyncio.run(chat_seen(server, code, cid)),
        "spectator": asyncio.run(chat_seen(server, code, None)),
        "key holder": asyncio.run(chat_seen(server, code, None, watch=key)),
    }
    # A share-link page load and an API call carrying the secrets in the query string.
    httpx.get(f"{server.url}/t/{code}?watch={key}", timeout=10)
    httpx.get(f"{server.url}/api/tables/{code}?token={ann}", timeout=10)
    return {"seen": seen, "secrets": [key, ann, bob, cid, created["host_token"]], "code": code}


def check(result: dict[str, Any], log: Path) -> None:
    seen = result["seen"]
    assert seen["ann"] == ["while private", "once public"]  # seated before: keeps it all
    assert seen["bob"] == ["while private", "once public"]
    assert seen["cid"] == ["once public"]  # sat down after going public
    assert seen["spectator"] == ["once public"]
    assert seen["key holder"] == ["once public"]
    text = log.read_text(encoding="utf-8", errors="replace")
    assert f"/ws/tables/{result['code']}" in text  # the handshakes were logged ...
    assert "watch=***" in text  # ... with the key blanked out
    for secret in result["secrets"]:
        assert secret not in text


def test_going_public_hides_earlier_chat_from_newcomers_sqlite(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with live_server(str(tmp_path / "samrap.db"), log=log, log_level="info") as server:
        result = scenario(server)
    check(result, log)


@needs_pg
def test_going_public_hides_earlier_chat_from_newcomers_postgresql(tmp_path: Path) -> None:
    assert PG_URL is not None
    log = tmp_path / "server.log"
    with pg_schema(PG_URL) as url, live_server(url, log=log, log_level="info") as server:
        result = scenario(server)
    check(result, log)
