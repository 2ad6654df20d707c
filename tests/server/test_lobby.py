"""The REST lobby: create, share, join, bots, start, a whole match over websockets, rematch, archive."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from samrap.engine.fairness import verify_commitments
from samrap.engine.record import loads_record, replay_record
from samrap.server.messages import SERVER_MESSAGE
from tests.server.conftest import create, hello, join, recv, recv_until


def play_match(sockets: list[WebSocketTestSession], first_views: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    """Play random legal actions on every human socket until the match ends; returns the match_over event.

    Every commit sends each connection exactly one view, so the sockets are read in lock step.
    """
    rng = random.Random(seed)
    views = list(first_views)
    for _ in range(5000):
        for v in views:
            for e in v["events"]:
                if e["kind"] == "match_over":
                    return dict(e)
        mover = views[0].get("to_move")
        movers = [k for k, v in enumerate(views) if v["legal"]]
        if movers:
            k = movers[0]
            legal = views[k]["legal"]
            sockets[k].send_text(json.dumps({"t": "act", "v": views[k]["v"], "action": rng.choice(legal)}))
        assert movers or mover is not None or views[0]["view"] is None
        views = [recv_until(ws, "view") for ws in sockets]
    raise AssertionError("the match did not end")


def test_health(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200
    body = r.json()
    assert body["ok"] is True and body["database"] == "sqlite" and body["protocol"] == 1


def test_placeholder_page_and_share_link(client: TestClient) -> None:
    t = create(client)
    code = t["table"]["code"]
    assert t["table"]["link"].endswith(f"/t/{code}")
    assert "samrap" in client.get("/").text
    assert client.get(f"/t/{code}").status_code == 200


def test_create_join_fill_start_play_archive_rematch(client: TestClient) -> None:
    t = create(client, game="dummy(players=3,target=50)", host_name="Alice")
    code, host = t["table"]["code"], t["host_token"]
    assert t["seat"] == 0 and len(t["token"]) >= 40
    bob = join(client, code.lower(), "Bob")  # codes are read aloud and typed: case does not matter
    assert bob["seat"] == 1
    r = client.post(f"/api/tables/{code}/start", json={"token": host})
    assert r.status_code == 409 and r.json()["code"] == "bad_state"  # seat 2 is empty
    r = client.post(f"/api/tables/{code}/bots", json={"token": bob["token"], "level": "random"})
    assert r.status_code == 403 and r.json()["code"] == "not_host"  # a guest cannot fill seats
    r = client.post(f"/api/tables/{code}/bots", json={"token": t["token"], "level": "random"})
    assert r.status_code == 200
    assert [s["kind"] for s in r.json()["seats"]] == ["human", "human", "bot"]
    with client.websocket_connect(f"/ws/tables/{code}") as a, client.websocket_connect(f"/ws/tables/{code}") as b:
        hello(a, t["token"])
        hello(b, bob["token"])
        info = client.get(f"/api/tables/{code}").json()
        assert [s["connected"] for s in info["seats"]] == [True, True, True]
        assert client.post(f"/api/tables/{code}/start", json={"token": host}).status_code == 200
        first = [recv_until(a, "view"), recv_until(b, "view")]
        deal = next(e for e in first[0]["events"] if e["kind"] == "deal")
        assert len(deal["commitment"]) == 64
        over = play_match([a, b], first, seed=1)
        record_id = over["record"]
        assert record_id == f"{code}-1"
        r = client.post(f"/api/tables/{code}/rematch", json={"token": t["token"]})
        assert r.status_code == 200 and r.json()["match"] == 2 and r.json()["status"] == "playing"
        assert [s["name"] for s in r.json()["seats"]] == ["Alice", "Bob", "bot:random"]
    record_text = client.get(f"/api/games/{record_id}/record").text
    record = loads_record(record_text)
    assert replay_record(record).problem is None
    checks = verify_commitments(record)
    assert checks and all(c.ok for c in checks)
    assert record.match.players == ("Alice", "Bob", "bot:random")
    listed = client.get("/api/games", params={"table": code}).json()["games"]
    assert [g["id"] for g in listed] == [record_id]


def test_every_server_message_matches_the_schema(client: TestClient) -> None:
    t = create(
        client,
        game="dummy(players=2,target=50)",
        host_name="A",
        seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
    )
    code = t["table"]["code"]
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        ws.send_text(json.dumps({"t": "hello", "token": t["token"]}))
        client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
        rng = random.Random(3)
        for _ in range(300):
            raw = ws.receive_text()
            msg = SERVER_MESSAGE.validate_json(raw)
            data = json.loads(raw)
            if msg.t == "view" and data["legal"]:
                ws.send_text(json.dumps({"t": "act", "v": data["v"], "action": rng.choice(data["legal"])}))
            if msg.t == "view" and any(e["kind"] == "match_over" for e in data["events"]):
                break


def test_lobby_errors_are_typed(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "chess"})
    assert r.status_code == 422 and r.json()["code"] == "bad_config"
    r = client.post("/api/tables", json={"game": "dummy", "config": "players=9"})
    assert r.status_code == 422 and r.json()["code"] == "bad_config"
    r = client.post("/api/tables", json={"game": "dummy", "sneaky": 1})
    assert r.status_code == 422 and r.json()["code"] == "malformed"
    r = client.post(
        "/api/tables", json={"game": "dummy(players=2)", "seats": [{"kind": "bot"}, {}], "settings": {"rated": True}}
    )
    assert r.status_code == 422 and "rated" in r.json()["message"]
    r = client.post("/api/tables", json={"settings": {"turn_timer": 45}})
    assert r.status_code == 422
    assert client.get("/api/tables/ZZZZZZ").json()["code"] == "unknown_table"
    assert client.get("/api/tables/not-a-code!").status_code == 404
    t = create(client, game="dummy(players=2)")
    code = t["table"]["code"]
    join(client, code, "A")
    join(client, code, "B")
    r = client.post(f"/api/tables/{code}/join", json={"name": "C"})
    assert r.status_code == 409 and r.json()["code"] == "no_seat"
    r = client.post(f"/api/tables/{code}/start", json={"token": "guess"})
    assert r.status_code == 403 and r.json()["code"] == "unauthorized"
    r = client.post(f"/api/tables/{code}/join", json={"name": "   "})
    assert r.status_code in (409, 422)
    assert client.get("/api/games/nope/record").status_code == 404


def test_lobby_lists_open_tables(client: TestClient) -> None:
    t = create(client, game="dummy:modern", public=True)
    rows = client.get("/api/tables", params={"status": "lobby"}).json()["tables"]
    assert t["table"]["code"] in [r["code"] for r in rows]
    assert rows[0]["config"].startswith("dummy(")


def test_spectator_hello_sees_no_hand(client: TestClient) -> None:
    t = create(client, game="dummy(players=2)", public=True)
    code = t["table"]["code"]
    join(client, code, "A")
    join(client, code, "B")
    client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        view = hello(ws)
        assert view.get("seat") is None and view["legal"] == []
        hands = view["view"].split("|hands:")[1].split("|")[0].split(",")
        assert hands == ["?11", "?11"] or sorted(hands) == ["?11", "?12"], hands
        ws.send_text(json.dumps({"t": "act", "v": view["v"], "action": "D"}))
        err = recv(ws)
        assert err["t"] == "error" and err["error"]["code"] == "spectator"


def test_display_names_are_cleaned_and_markup_is_refused(client: TestClient) -> None:
    t = create(client, game="dummy(players=2)")
    code = t["table"]["code"]
    assert join(client, code, "  Nok \t Ploy\x07 ")["table"]["seats"][0]["name"] == "Nok Ploy"
    for bad in ("<b>x</b>", "a&b", "'quote", "\x00\x01"):
        r = client.post(f"/api/tables/{code}/join", json={"name": bad})
        assert r.status_code == 422 and r.json()["code"] == "malformed", bad
    r = client.post("/api/tables", json={"host_name": "<script>"})
    assert r.status_code == 422
    r = client.post("/api/players", json={"name": "x>y"})
    assert r.status_code == 422
