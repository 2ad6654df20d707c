"""People drop out: reconnect and resync from a version; stand-in bots after the grace period; the turn timer."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.server.conftest import create, hello, join, play_to_match_over, recv_until, stand_in_table


def test_reconnect_resyncs_from_its_version(client: TestClient) -> None:
    t = create(client, game="dummy(players=2)")
    code = t["table"]["code"]
    a, b = join(client, code, "A"), join(client, code, "B")
    with client.websocket_connect(f"/ws/tables/{code}") as wa:
        hello(wa, a["token"])
        client.post(f"/api/tables/{code}/start", json={"token": a["token"]})
        with client.websocket_connect(f"/ws/tables/{code}") as wb:
            hello(wb, b["token"])
        seen = recv_until(wa, "view")
        last_b = seen["v"]  # b's connection closed here, at this version
        for _ in range(6):
            view = seen
            mover = view["to_move"]
            if mover != 0:
                break
            wa.send_text(json.dumps({"t": "act", "v": view["v"], "action": view["legal"][0]}))
            seen = recv_until(wa, "view")
    with client.websocket_connect(f"/ws/tables/{code}") as wb:
        wb.send_text(json.dumps({"t": "hello", "token": b["token"], "v": last_b}))
        again = recv_until(wb, "view")
    assert again["seat"] == 1
    assert [e["v"] for e in again["events"]] == list(range(last_b + 1, again["v"] + 1))
    assert again["truncated"] is False
    info = client.get(f"/api/tables/{code}").json()
    assert info["version"] == again["v"]


def test_stand_in_plays_after_the_grace_period_until_the_person_returns(fast_client: TestClient) -> None:
    client = fast_client
    t = stand_in_table(client)
    code = t["table"]["code"]
    over = play_to_match_over(client, code, t["host_token"])
    assert over["v"] > 10
    record = client.get(f"/api/games/{code}-1/record").json()
    assert record["players"][0] == "Gone"
    info = client.get(f"/api/tables/{code}").json()
    assert info["seats"][0]["standin"] is True
    with client.websocket_connect(f"/ws/tables/{code}") as back:
        hello(back, t["token"])
        info = client.get(f"/api/tables/{code}").json()
        assert info["seats"][0]["standin"] is False and info["seats"][0]["connected"] is True


def test_turn_timer_plays_a_safe_move(fast_client: TestClient) -> None:
    client = fast_client
    t = create(client, game="dummy(players=2)", host_name="Slow", settings={"turn_timer": 30, "grace_seconds": 600})
    code = t["table"]["code"]
    other = join(client, code, "Other")
    with client.websocket_connect(f"/ws/tables/{code}") as a, client.websocket_connect(f"/ws/tables/{code}") as b:
        hello(a, t["token"])
        hello(b, other["token"])
        client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
        first = recv_until(a, "view")
        assert first["deadline"] is not None
        timed = recv_until(a, "view", lambda m: any(e.get("by") == "timer" for e in m["events"]))
        acts = [e for e in timed["events"] if e["kind"] == "act"]
        assert acts[0]["action"] == "D"  # drawing is the safe move at the start of a turn
