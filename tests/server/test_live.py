"""Real servers on loopback: a whole match over real websockets, kill -9 and restart, PostgreSQL,
and two server processes sharing one database."""

from __future__ import annotations

import asyncio
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from websockets.asyncio.client import connect

from samrap.cli.main import app
from samrap.engine.fairness import verify_commitments
from samrap.engine.record import loads_record, replay_record
from samrap.server.settings import sqlite_url
from tests.server.live import PG_ENV, LiveServer, live_server, pg_schema, play_seat, recv, recv_view

PG_URL = os.environ.get(PG_ENV)
needs_pg = pytest.mark.skipif(not PG_URL, reason=f"{PG_ENV} is not set")


def two_seat_table(server: LiveServer, **body: Any) -> tuple[str, list[str], str]:
    t = server.post("/api/tables", {"game": "dummy(players=2,target=1)", "public": True, **body})
    code = t["table"]["code"]
    tokens = [server.post(f"/api/tables/{code}/join", {"name": n})["token"] for n in ("Somchai", "Malee")]
    return code, tokens, t["host_token"]


async def play_whole_match(ws_url: str, code: str, tokens: list[str], seed: int) -> dict[str, Any]:
    async with connect(f"{ws_url}/ws/tables/{code}") as spectator:
        await spectator.send(json.dumps({"t": "hello"}))
        assert (await recv(spectator))["t"] == "welcome"
        seats = [play_seat(ws_url, code, tok, random.Random(seed + k)) for k, tok in enumerate(tokens)]
        last = await asyncio.gather(*seats)
        while True:  # the spectator saw the same end
            view = await recv_view(spectator)
            if any(e["kind"] == "match_over" for e in view.get("events", [])):
                assert view.get("seat") is None and view["legal"] == []
                break
    over = next(e for e in last[0]["events"] if e["kind"] == "match_over")
    return dict(over)


def check_record(server: LiveServer, record_id: str, tmp_path: Path) -> None:
    text = server.get(f"/api/games/{record_id}/record").text
    record = loads_record(text)
    assert replay_record(record).problem is None
    assert all(c.ok for c in verify_commitments(record))
    path = tmp_path / f"{record_id}.json"
    path.write_text(text, encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(app, ["replay", "--verify", str(path)])
    assert done.exit_code == 0, done.output
    assert "fair" in done.stdout
    tampered = json.loads(text)
    salt = tampered["games"][0]["commitment"]["salt"]
    tampered["games"][0]["commitment"]["salt"] = ("0" if salt[0] != "0" else "1") + salt[1:]
    path.write_text(json.dumps(tampered), encoding="utf-8")
    done = runner.invoke(app, ["replay", "--verify", str(path)])
    assert done.exit_code == 1 and "MISMATCH" in done.stdout  # a changed salt no longer opens the commitment


def test_match_over_real_websockets(tmp_path: Path) -> None:
    with live_server(sqlite_url(tmp_path / "live.db")) as server:
        code, tokens, host = two_seat_table(server)
        server.post(f"/api/tables/{code}/start", {"token": host})
        over = asyncio.run(play_whole_match(server.ws, code, tokens, seed=11))
        check_record(server, over["record"], tmp_path)
        health = server.get("/healthz").json()
        assert health["ok"] and health["database"] == "sqlite"


async def lockstep(
    ws_url: str, code: str, tokens: list[str], actions: int, since: int | None = None
) -> list[dict[str, Any]]:
    """Play ``actions`` random actions with both seats connected, reading every view; the last views."""
    rng = random.Random(5)
    async with connect(f"{ws_url}/ws/tables/{code}") as a, connect(f"{ws_url}/ws/tables/{code}") as b:
        sockets = [a, b]
        for ws, tok in zip(sockets, tokens, strict=True):
            await ws.send(json.dumps({"t": "hello", "token": tok, "v": since}))
        views = [await recv_view(a), await recv_view(b)]
        for _ in range(actions):
            if any(e["kind"] == "match_over" for e in views[0].get("events", [])):
                break
            k = views[0]["to_move"]
            await sockets[k].send(json.dumps({"t": "act", "v": views[k]["v"], "action": rng.choice(views[k]["legal"])}))
            views = [await recv_view(a), await recv_view(b)]
        return views


def test_kill_and_restart_resumes_every_table(tmp_path: Path) -> None:
    db = sqlite_url(tmp_path / "crash.db")
    server = LiveServer(db, log=tmp_path / "server.log").start()
    try:
        code, tokens, host = two_seat_table(server)
        server.post(f"/api/tables/{code}/start", {"token": host})
        before = asyncio.run(lockstep(server.ws, code, tokens, actions=25))
        bots = server.post(
            "/api/tables",
            {
                "game": "dummy(players=2,target=1)",
                "seats": [{"kind": "bot", "level": "random"}] * 2,
                "settings": {"bot_delay_ms": 30},
                "public": True,
            },
        )
        bot_code = bots["table"]["code"]
        server.post(f"/api/tables/{bot_code}/start", {"token": bots["host_token"]})
        bot_version = server.get(f"/api/tables/{bot_code}").json()["version"]
        server.kill()  # kill -9: no shutdown handler runs
        server = LiveServer(db, port=server.port, log=tmp_path / "server.log").start()
        info = server.get(f"/api/tables/{code}").json()
        assert info["version"] == before[0]["v"] and info["status"] == "playing"
        after = asyncio.run(lockstep(server.ws, code, tokens, actions=0, since=before[0]["v"]))
        for k in range(2):
            assert (after[k]["v"], after[k]["view"], after[k]["legal"]) == (
                before[k]["v"],
                before[k]["view"],
                before[k]["legal"],
            )
            assert after[k]["events"] == []  # nothing happened in between
        over = asyncio.run(play_whole_match(server.ws, code, tokens, seed=3))
        check_record(server, over["record"], tmp_path)
        resumed = asyncio.run(wait_for_match_over(server.ws, bot_code))  # the bots carried on by themselves
        assert resumed >= bot_version
    finally:
        server.stop()


async def wait_for_match_over(ws_url: str, code: str) -> int:
    async with connect(f"{ws_url}/ws/tables/{code}") as ws:
        await ws.send(json.dumps({"t": "hello"}))
        while True:
            view = await recv_view(ws)
            if any(e["kind"] == "match_over" for e in view.get("events", [])) or view["view"].split("|")[1] == "over":
                return int(view["v"])


@needs_pg
def test_postgresql(tmp_path: Path) -> None:
    assert PG_URL is not None
    with pg_schema(PG_URL) as url, live_server(url) as server:
        assert server.get("/healthz").json()["database"] == "postgresql"
        code, tokens, host = two_seat_table(server)
        server.post(f"/api/tables/{code}/start", {"token": host})
        over = asyncio.run(play_whole_match(server.ws, code, tokens, seed=21))
        check_record(server, over["record"], tmp_path)


def test_two_processes_share_one_database(tmp_path: Path) -> None:
    """A table created on process A is joined, watched and played through process B."""
    if PG_URL:
        schema = pg_schema(PG_URL)
        db = schema.__enter__()
    else:
        schema = None
        db = sqlite_url(tmp_path / "shared.db")
    try:
        with live_server(db, node="node-a") as a, live_server(db, node="node-b") as b:
            t = a.post("/api/tables", {"game": "dummy(players=2,target=1)", "host_name": "OnA"})
            code = t["table"]["code"]
            joined = b.post(f"/api/tables/{code}/join", {"name": "ViaB"})  # forwarded to the owner
            assert joined["seat"] == 1
            assert b.get(f"/api/tables/{code}").json()["seats"][1]["name"] == "ViaB"
            b.post(f"/api/tables/{code}/start", {"token": t["token"]})
            assert a.get("/healthz").json()["tables"] == 1 and b.get("/healthz").json()["tables"] == 0

            async def play() -> list[dict[str, Any]]:
                return list(
                    await asyncio.gather(
                        play_seat(a.ws, code, t["token"], random.Random(1)),
                        play_seat(b.ws, code, joined["token"], random.Random(2)),  # relayed to A
                    )
                )

            ends = asyncio.run(play())
            records = {next(e["record"] for e in v["events"] if e["kind"] == "match_over") for v in ends}
            assert records == {f"{code}-1"}
            assert b.get(f"/api/games/{code}-1/record").status_code == 200  # the archive is shared
    finally:
        if schema is not None:
            schema.__exit__(None, None, None)
