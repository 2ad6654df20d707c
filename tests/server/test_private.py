"""Private tables and host rights (issue 15.1, 15.2; ``docs/protocol.md#private-tables``).

A table is private unless made public: not in the lobby, and watched only with its spectator key,
so its chat reaches only its seats and the spectators the host let in. Only the host seat (the
creator, or once the creator has left or stayed away past the grace period, the longest-seated
person) may fill seats with bots, start, rematch or change the visibility.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from fastapi.testclient import TestClient

from samrap.server.storage import Storage
from samrap.server.table import restore
from tests.server.conftest import create, hello, join, recv, recv_until


def lobby(client: TestClient) -> list[str]:
    return [r["code"] for r in client.get("/api/tables").json()["tables"]]


def spectate(client: TestClient, code: str, key: str | None = None) -> dict[str, object]:
    """The first answer to a spectator's hello (``welcome`` or ``error``)."""
    url = f"/ws/tables/{code}" + (f"?watch={key}" if key is not None else "")
    with client.websocket_connect(url) as ws:
        ws.send_text(json.dumps({"t": "hello"}))
        msg = recv(ws)
    return msg


def test_tables_are_private_by_default_and_the_host_can_make_them_public(client: TestClient) -> None:
    t = create(client, host_name="Nok")
    code, key = t["table"]["code"], t["spectator_key"]
    assert len(key) >= 20 and t["table"]["public"] is False and t["table"]["host_seat"] == 0
    assert code not in lobby(client)
    guest = join(client, code, "Stranger")
    r = client.post(f"/api/tables/{code}/visibility", json={"token": guest["token"], "public": True})
    assert r.status_code == 403 and r.json()["code"] == "not_host"
    assert code not in lobby(client)
    r = client.post(f"/api/tables/{code}/visibility", json={"token": t["token"], "public": True})
    assert r.status_code == 200 and r.json()["public"] is True
    assert code in lobby(client)
    assert spectate(client, code)["t"] == "welcome"
    r = client.post(f"/api/tables/{code}/visibility", json={"token": t["host_token"], "public": False})
    assert r.status_code == 200 and r.json()["public"] is False
    assert code not in lobby(client)


def test_watching_a_private_table_needs_its_key(client: TestClient) -> None:
    t = create(client, host_name="Nok")
    code, key = t["table"]["code"], t["spectator_key"]
    refused = spectate(client, code)
    assert refused["t"] == "error" and refused["error"]["code"] == "spectate_key_required"  # type: ignore[index]
    wrong = spectate(client, code, key[:-1] + ("A" if key[-1] != "A" else "B"))
    assert wrong["t"] == "error" and wrong["error"]["code"] == "spectate_key_required"  # type: ignore[index]
    assert spectate(client, code, key)["t"] == "welcome"
    # a seat token is enough for its seat
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        assert hello(ws, t["token"])["seat"] == 0


def test_private_chat_reaches_seats_and_invited_spectators_only(client: TestClient) -> None:
    t = create(client, game="dummy(players=2)", host_name="Nok")
    code, key = t["table"]["code"], t["spectator_key"]
    b = join(client, code, "Ploy")
    with client.websocket_connect(f"/ws/tables/{code}") as wa, client.websocket_connect(f"/ws/tables/{code}") as wb:
        hello(wa, t["token"])
        hello(wb, b["token"])
        wa.send_text(json.dumps({"t": "chat", "text": "secret plan", "ref": "c"}))
        assert recv_until(wb, "chat")["text"] == "secret plan"
        # a stranger who knows only the code reads no history and gets no lines
        with client.websocket_connect(f"/ws/tables/{code}") as stranger:
            stranger.send_text(json.dumps({"t": "hello"}))
            first = recv(stranger)
            assert first["t"] == "error" and first["error"]["code"] == "spectate_key_required"
            wa.send_text(json.dumps({"t": "chat", "text": "second"}))
            stranger.send_text(json.dumps({"t": "ping", "ref": "p"}))
            assert recv(stranger) == {"t": "pong", "ref": "p"}  # no chat line came before the pong
        with client.websocket_connect(f"/ws/tables/{code}?watch={key}") as friend:
            hello(friend)
            assert recv_until(friend, "chat")["text"] == "secret plan"  # the history, for the invited


def test_going_private_drops_spectators_without_the_key(client: TestClient) -> None:
    t = create(client, host_name="Nok", public=True)
    code, key = t["table"]["code"], t["spectator_key"]
    with (
        client.websocket_connect(f"/ws/tables/{code}") as open_watcher,
        client.websocket_connect(f"/ws/tables/{code}?watch={key}") as friend,
    ):
        hello(open_watcher)
        hello(friend)
        r = client.post(f"/api/tables/{code}/visibility", json={"token": t["token"], "public": False})
        assert r.status_code == 200 and r.json()["spectators"] == 1
        assert recv_until(open_watcher, "error")["error"]["code"] == "spectate_key_required"
        friend.send_text(json.dumps({"t": "ping", "ref": "still"}))
        assert recv_until(friend, "pong")["ref"] == "still"


def test_only_the_host_seat_fills_starts_and_rematches(client: TestClient) -> None:
    t = create(client, game="dummy(players=3,target=1)", host_name="Nok")
    code = t["table"]["code"]
    guest = join(client, code, "Stranger")
    for route in ("bots", "start", "rematch"):
        r = client.post(f"/api/tables/{code}/{route}", json={"token": guest["token"], "level": "random"})
        assert r.status_code == 403 and r.json()["code"] == "not_host", route
    assert [s["kind"] for s in client.get(f"/api/tables/{code}").json()["seats"]] == ["human", "human", "open"]
    r = client.post(f"/api/tables/{code}/bots", json={"token": t["token"], "level": "random"})
    assert r.status_code == 200
    r = client.post(f"/api/tables/{code}/start", json={"token": t["token"]})
    assert r.status_code == 200 and r.json()["status"] == "playing"


def test_host_rights_pass_to_the_longest_seated_when_the_host_leaves(client: TestClient) -> None:
    t = create(client, game="dummy(players=4)", host_name="Nok")
    code = t["table"]["code"]
    first, second = join(client, code, "Ploy"), join(client, code, "Lek")
    assert client.post(f"/api/tables/{code}/leave", json={"token": t["token"]}).status_code == 200
    info = client.get(f"/api/tables/{code}").json()
    assert info["host_seat"] == first["seat"]
    r = client.post(f"/api/tables/{code}/bots", json={"token": second["token"], "level": "random"})
    assert r.json()["code"] == "not_host"
    r = client.post(f"/api/tables/{code}/bots", json={"token": first["token"], "level": "random"})
    assert r.status_code == 200
    # whoever sits down in the host's old seat later is not the host
    assert client.get(f"/api/tables/{code}").json()["host_seat"] == first["seat"]


def test_a_host_table_without_a_seat_keeps_the_host_token(client: TestClient) -> None:
    """Created over the API without ``host_name``: the host token acts, and the first to sit holds
    the host seat (the creator is not seated, as if they had left)."""
    t = create(client, game="dummy(players=2)")
    code = t["table"]["code"]
    a, b = join(client, code, "A"), join(client, code, "B")
    assert client.get(f"/api/tables/{code}").json()["host_seat"] == a["seat"]
    assert client.post(f"/api/tables/{code}/start", json={"token": b["token"]}).json()["code"] == "not_host"
    assert client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]}).status_code == 200


def test_host_rights_pass_on_while_the_host_is_away(fast_client: TestClient) -> None:
    client = fast_client
    t = create(client, game="dummy(players=3)", host_name="Nok", settings={"grace_seconds": 10})
    code = t["table"]["code"]
    guest = join(client, code, "Ploy")
    with client.websocket_connect(f"/ws/tables/{code}") as wg:
        hello(wg, guest["token"])
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{code}").json()["host_seat"] != guest["seat"]:  # 10 ms of grace
            assert time.monotonic() < deadline, "the host's grace period never ran out"
            time.sleep(0.02)
        with client.websocket_connect(f"/ws/tables/{code}") as wh:
            hello(wh, t["token"])  # the host is back: the rights come back
            assert client.get(f"/api/tables/{code}").json()["host_seat"] == 0


def test_visibility_and_host_survive_a_restart(client: TestClient, db_path: Path) -> None:
    t = create(client, host_name="Nok")
    code = t["table"]["code"]
    join(client, code, "Ploy")
    client.post(f"/api/tables/{code}/visibility", json={"token": t["token"], "public": True})
    storage = Storage(f"sqlite:///{db_path}")
    try:
        table = restore(code, storage.load_log(code))
    finally:
        storage.close()
    assert table.public is True and table.host_seat() == 0
    assert table.spectator_allowed(None) and table.created.spectator_key == t["spectator_key"]


def test_the_archive_lists_private_games_only_by_their_table(client: TestClient) -> None:
    private = create(client, game="dummy(players=2,target=1)", seats=[{"kind": "bot", "level": "random"}] * 2)
    code = private["table"]["code"]
    client.post(f"/api/tables/{code}/start", json={"token": private["host_token"]})
    deadline = time.monotonic() + 60
    while not client.get("/api/games", params={"table": code}).json()["games"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    assert code not in [g["table"] for g in client.get("/api/games").json()["games"]]
    client.post(f"/api/tables/{code}/visibility", json={"token": private["host_token"], "public": True})
    assert code in [g["table"] for g in client.get("/api/games").json()["games"]]
    assert client.get("/api/games", params={"table": "NOPE"}).json()["games"] == []
