"""Chat (escaping, limits, mutes) and ratings (rated tables only, leaderboard)."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient

from samrap.server import chat
from samrap.server.messages import MAX_CHAT
from tests.server.conftest import create, hello, join, recv, recv_until
from tests.server.test_lobby import play_match


def test_clean_escapes_and_keeps_emoji() -> None:
    assert chat.clean("  hi <b>you</b> & 'me' 🃏🎉 ") == "hi &lt;b&gt;you&lt;/b&gt; &amp; &#x27;me&#x27; 🃏🎉"
    assert chat.clean("line\nbreak\x07") == "line break"
    for bad in ("", "   ", "\x00\x01", "x" * (MAX_CHAT + 1)):
        try:
            chat.clean(bad)
        except chat.ChatRejected:
            continue
        raise AssertionError(f"{bad!r} was accepted")


def test_rate_limit_refills() -> None:
    limit = chat.RateLimit(at=0.0)
    assert all(limit.allow(0.0) for _ in range(chat.BURST))
    assert not limit.allow(0.0)
    assert limit.allow(chat.REFILL_SECONDS)


def test_chat_reaches_the_table_escaped_and_mutes_work(client: TestClient) -> None:
    t = create(client, game="dummy(players=3)")
    code = t["table"]["code"]
    seats = [join(client, code, name) for name in ("A", "B", "C")]
    with (
        client.websocket_connect(f"/ws/tables/{code}") as a,
        client.websocket_connect(f"/ws/tables/{code}") as b,
        client.websocket_connect(f"/ws/tables/{code}?watch={t['spectator_key']}") as spectator,
    ):
        hello(a, seats[0]["token"])
        hello(b, seats[1]["token"])
        hello(spectator)
        a.send_text(json.dumps({"t": "chat", "text": "<script>x</script> สวัสดี 👋", "ref": "c1"}))
        line = recv_until(b, "chat")
        assert line["text"] == "&lt;script&gt;x&lt;/script&gt; สวัสดี 👋" and line["seat"] == 0 and line["name"] == "A"
        assert recv_until(spectator, "chat")["id"] == line["id"]
        assert recv_until(a, "ack")["ref"] == "c1"
        b.send_text(json.dumps({"t": "mute", "seat": 0, "ref": "m1"}))
        assert recv_until(b, "ack")["ref"] == "m1"
        a.send_text(json.dumps({"t": "chat", "text": "muted?"}))
        assert recv_until(spectator, "chat")["text"] == "muted?"
        b.send_text(json.dumps({"t": "ping", "ref": "p"}))
        assert recv_until(b, "pong")["ref"] == "p"  # b got no chat line before its pong
        spectator.send_text(json.dumps({"t": "chat", "text": "hi"}))
        assert recv_until(spectator, "error")["error"]["code"] == "spectator"
        a.send_text(json.dumps({"t": "chat", "text": "x" * (MAX_CHAT + 1)}))
        assert recv_until(a, "error")["error"]["code"] == "chat_rejected"
        codes = []
        for k in range(chat.BURST + 1):
            a.send_text(json.dumps({"t": "chat", "text": f"spam {k}", "ref": f"s{k}"}))
        for _ in range(3 * (chat.BURST + 1)):
            msg = recv(a)
            if msg["t"] == "error":
                codes.append(msg["error"]["code"])
                break
        assert codes == ["rate_limited"]

    def history(token: str | None) -> list[str]:
        with client.websocket_connect(f"/ws/tables/{code}?watch={t['spectator_key']}") as ws:
            ws.send_text(json.dumps({"t": "hello", "token": token}))
            ws.send_text(json.dumps({"t": "ping", "ref": "end"}))
            lines = []
            while (msg := recv(ws))["t"] != "pong":
                if msg["t"] == "chat":
                    lines.append(msg["text"])
            return lines

    everything = history(None)
    assert everything[0].startswith("&lt;script") and "muted?" in everything
    assert history(seats[1]["token"]) == []  # every line was seat 0's, and b's mute is kept
    assert history(seats[2]["token"]) == everything


def test_rated_match_updates_the_leaderboard(client: TestClient) -> None:
    players = [client.post("/api/players", json={"name": n}).json() for n in ("Nok", "Ploy")]
    assert all(len(p["token"]) >= 40 for p in players)
    me = client.get("/api/players/me", headers={"X-Player-Token": players[0]["token"]}).json()
    assert me == {"id": players[0]["id"], "name": "Nok", "token": None}
    t = create(client, game="dummy(players=2,target=50)", settings={"rated": True})
    code = t["table"]["code"]
    r = client.post(f"/api/tables/{code}/join", json={"name": "guest"})
    assert r.status_code == 403  # a rated seat needs a player identity
    r = client.post(f"/api/tables/{code}/bots", json={"token": t["host_token"]})
    assert r.status_code == 409
    seats = [join(client, code, p["name"], player_token=p["token"]) for p in players]
    with client.websocket_connect(f"/ws/tables/{code}") as a, client.websocket_connect(f"/ws/tables/{code}") as b:
        hello(a, seats[0]["token"])
        hello(b, seats[1]["token"])
        client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
        over = play_match([a, b], [recv_until(a, "view"), recv_until(b, "view")], seed=random.Random(5).randrange(99))
    board = client.get("/api/leaderboard", params={"game": "dummy"}).json()["rows"]
    assert len(board) == 2 and all(r["matches"] == 1 for r in board)
    winner = players[over["winners"][0]]["name"]
    assert board[0]["name"] == winner and board[0]["rating"] > board[1]["rating"]


def test_casual_and_bot_tables_are_not_rated(client: TestClient) -> None:
    p = client.post("/api/players", json={"name": "Solo"}).json()
    t = create(
        client,
        game="dummy(players=2,target=1)",
        host_name="Solo",
        player_token=p["token"],
        seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
        settings={"bot_delay_ms": 0},
    )
    code = t["table"]["code"]
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        first = hello(ws, t["token"])
        client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
        play_match([ws], [recv_until(ws, "view")] if first else [], seed=2)
    assert client.get("/api/leaderboard").json()["rows"] == []
