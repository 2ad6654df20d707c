"""Quick match and the lobby (issue 23.1-23.3): one table for callers at the same moment, in one
process and across two processes sharing SQLite or PostgreSQL; the lobby lists public tables
from storage; a phrases-only table refuses free chat."""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, get_args

import httpx
import pytest
from fastapi.testclient import TestClient

from samrap.server.app import create_app
from samrap.server.chat import PHRASES, REACTIONS, is_quick
from samrap.server.messages import AvatarId
from samrap.server.settings import sqlite_url
from tests.server.conftest import create, hello, join, make_settings, recv_until
from tests.server.live import PG_ENV, live_server, pg_schema

PG_URL = os.environ.get(PG_ENV)
AVATARS = list(get_args(AvatarId))


def quick(
    client: Any, name: str, game: str = "dummy(players=4,target=50)", avatar: str | None = None
) -> dict[str, Any]:
    body = {"game": game, "name": name} | ({"avatar": avatar} if avatar else {})
    r = client.post("/api/quick", json=body)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_quick_match_seats_callers_at_one_table_that_starts_when_full(client: TestClient) -> None:
    a = quick(client, "A")
    code = a["table"]["code"]
    assert a["seat"] == 0 and a["table"]["public"] and a["table"]["settings"]["quick"]
    assert a["table"]["status"] == "lobby" and a["table"]["host_seat"] == 0
    b, c = quick(client, "B"), quick(client, "C")
    assert {b["table"]["code"], c["table"]["code"]} == {code}
    d = quick(client, "D")
    assert d["table"]["code"] == code and d["seat"] == 3
    info = client.get(f"/api/tables/{code}").json()
    assert info["status"] == "playing" and [s["name"] for s in info["seats"]] == ["A", "B", "C", "D"]
    e = quick(client, "E")  # the full table is not offered again: a new one opens
    assert e["table"]["code"] != code and e["seat"] == 0
    other = quick(client, "F", game="dummy(players=2,target=50)")  # another config, another table
    assert other["table"]["code"] not in (code, e["table"]["code"])


def test_concurrent_quick_callers_fill_tables_in_turn(client: TestClient) -> None:
    """Eight callers at once for a four-seat game: two full tables, never a third half-empty one."""
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda k: quick(client, f"P{k}"), range(8)))
    codes = {a["table"]["code"] for a in answers}
    assert len(codes) == 2
    for code in codes:
        seats = [a["seat"] for a in answers if a["table"]["code"] == code]
        assert sorted(seats) == [0, 1, 2, 3]
        assert client.get(f"/api/tables/{code}").json()["status"] == "playing"


def test_quick_match_errors_are_typed(client: TestClient) -> None:
    r = client.post("/api/quick", json={"game": "dummy(players=9)", "name": "A"})
    assert r.status_code == 422 and r.json()["code"] == "bad_config" and "players" in r.json()["message"]
    r = client.post("/api/quick", json={"game": "dummy(plyers=2)", "name": "A"})
    assert r.status_code == 422 and r.json()["code"] == "bad_config" and "plyers" in r.json()["message"]
    r = client.post("/api/quick", json={"game": "chess", "name": "A"})
    assert r.status_code == 422 and r.json()["code"] == "bad_config"
    r = client.post("/api/quick", json={"game": "dummy", "name": "<b>"})
    assert r.status_code == 422 and r.json()["code"] == "malformed"
    r = client.post("/api/quick", json={"game": "dummy"})
    assert r.status_code == 422 and r.json()["code"] == "malformed"


def test_quick_match_keeps_the_drawn_avatar_picked(client: TestClient) -> None:
    """Issue 23.2/23.6: the avatar picked below the name sits down with the person at a quick
    match as at a join (the opener's and a joiner's), and one not in the set is refused."""
    a = quick(client, "A", avatar="tiger")
    b = quick(client, "B", avatar="lotus")
    c = quick(client, "C")
    code = a["table"]["code"]
    assert {b["table"]["code"], c["table"]["code"]} == {code}
    seats = client.get(f"/api/tables/{code}").json()["seats"]
    assert [s.get("avatar") for s in seats[:3]] == ["tiger", "lotus", None]
    r = client.post("/api/quick", json={"game": "dummy(players=4,target=50)", "name": "D", "avatar": "dragon"})
    assert r.status_code == 422 and r.json()["code"] == "malformed" and "avatar" in r.json()["message"]
    assert [s["kind"] for s in client.get(f"/api/tables/{code}").json()["seats"]] == ["human"] * 3 + ["open"]


def test_a_waiting_player_fills_a_quick_table_with_bots(client: TestClient) -> None:
    a = quick(client, "A")
    b = quick(client, "B")
    code = a["table"]["code"]
    r = client.post(f"/api/tables/{code}/quick-bots", json={"token": b["token"], "level": "random"})
    assert r.status_code == 200, r.text
    info = r.json()
    assert info["status"] == "playing" and [s["kind"] for s in info["seats"]] == ["human", "human", "bot", "bot"]
    # at an ordinary table only the host fills seats
    t = create(client, game="dummy(players=3)", host_name="H")
    g = join(client, t["table"]["code"], "G")
    r = client.post(f"/api/tables/{t['table']['code']}/quick-bots", json={"token": g["token"]})
    assert r.status_code == 403 and r.json()["code"] == "not_host"


def test_the_lobby_lists_public_tables_with_seats_host_and_watchers(client: TestClient) -> None:
    assert client.get("/api/lobby").json() == {"tables": []}
    t = create(client, game="dummy(players=3,target=50)", host_name="Host", public=True)
    code = t["table"]["code"]
    create(client, game="dummy(players=2)", host_name="Hidden")  # private: never listed
    join(client, code, "Guest")
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        hello(ws)  # a watcher
        rows = client.get("/api/lobby").json()["tables"]
        assert [r["code"] for r in rows] == [code]
        row = rows[0]
        assert row["host"] == "Host" and row["open"] == 1 and row["watchers"] == 1 and row["status"] == "lobby"
        assert [s["kind"] for s in row["seats"]] == ["human", "human", "open"]
        assert [s["name"] for s in row["seats"]] == ["Host", "Guest", ""]
        assert "token" not in json.dumps(row)
    r = client.post(f"/api/tables/{code}/visibility", json={"token": t["token"], "public": False})
    assert r.status_code == 200
    assert client.get("/api/lobby").json()["tables"] == []


def test_a_phrases_only_table_refuses_free_chat(client: TestClient) -> None:
    t = create(
        client,
        game="dummy(players=2)",
        host_name="A",
        public=True,
        settings={"chat": "phrases"},
    )
    code = t["table"]["code"]
    assert t["table"]["settings"]["chat"] == "phrases"
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        hello(ws, t["token"])
        ws.send_text(json.dumps({"t": "chat", "text": "hello there", "ref": "x"}))
        err = recv_until(ws, "error")
        assert err["error"]["code"] == "chat_rejected" and "phrases" in err["error"]["message"]
        ws.send_text(json.dumps({"t": "chat", "text": ":gg:", "ref": "y"}))
        line = recv_until(ws, "chat")
        assert line["text"] == ":gg:"
        ws.send_text(json.dumps({"t": "chat", "text": "👍", "ref": "z"}))
        assert recv_until(ws, "chat")["text"] == "👍"


def test_quick_phrases_are_what_the_check_lets_through() -> None:
    assert all(is_quick(f":{k}:") for k in PHRASES) and all(is_quick(e) for e in REACTIONS)
    assert not is_quick(":nope:") and not is_quick("gg") and not is_quick("👍👍")


def _two_nodes_race(db: str) -> None:
    """Two processes on one database, eight callers split between them at once: two full tables."""
    with live_server(db, node="node-a") as a, live_server(db, node="node-b") as b:

        def call(k: int) -> dict[str, Any]:
            server = a if k % 2 else b
            body = {"game": "dummy(players=4,target=50)", "name": f"P{k}", "avatar": AVATARS[k]}
            r = httpx.post(server.url + "/api/quick", json=body, timeout=30)
            assert r.status_code == 200, r.text
            data: dict[str, Any] = r.json()
            return data

        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(call, range(8)))
        codes = {x["table"]["code"] for x in answers}
        assert len(codes) == 2, codes
        for code in codes:
            assert sorted(x["seat"] for x in answers if x["table"]["code"] == code) == [0, 1, 2, 3]
            info = a.get(f"/api/tables/{code}").json()
            assert info["status"] == "playing"
            # the avatar came along, also when the seat was taken by a join forwarded to the owner
            assert all(s["avatar"] == AVATARS[int(s["name"][1:])] for s in info["seats"])
        listed = {r["code"]: r for r in b.get("/api/lobby").json()["tables"]}  # any process lists any table
        assert set(listed) == codes and all(listed[c]["open"] == 0 for c in codes)


def test_quick_match_across_two_processes_on_sqlite(tmp_path: Path) -> None:
    _two_nodes_race(sqlite_url(tmp_path / "shared.db"))


@pytest.mark.skipif(not PG_URL, reason=f"set {PG_ENV} to a PostgreSQL URL")
def test_quick_match_across_two_processes_on_postgresql() -> None:
    assert PG_URL is not None
    with pg_schema(PG_URL) as url:
        _two_nodes_race(url)


def test_a_stranger_gone_from_a_quick_wait_frees_the_seat(db_path: Path) -> None:
    """Whoever leaves a quick-match wait (closes the page) is not kept seated: after the grace
    period the seat is open again, so the next caller does not wait with a ghost."""
    # grace 60 s scaled to 3 s: long enough that a loaded machine still connects within it (at
    # 0.001, 60 ms, the seat was freed before the socket opened), short enough to wait out here
    with TestClient(create_app(make_settings(db_path, time_scale=0.05))) as c:
        a = quick(c, "Gone", game="dummy(players=3)")
        code = a["table"]["code"]
        with c.websocket_connect(f"/ws/tables/{code}") as ws:
            hello(ws, a["token"])  # seen once, then the page is closed
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if c.get(f"/api/tables/{code}").json()["seats"][0]["kind"] == "open":
                break
            time.sleep(0.1)
        assert c.get(f"/api/tables/{code}").json()["seats"][0]["kind"] == "open"
        b = quick(c, "Next", game="dummy(players=3)")
        assert b["table"]["code"] == code and b["seat"] == 0
