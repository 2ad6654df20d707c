"""Refused requests: each gets its typed error and changes nothing (DESIGN §7.8)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from samrap.engine.registry import get_spec
from samrap.engine.rulebooks import rulebook_for
from tests.server.conftest import create, hello, join, recv, recv_until


@pytest.fixture
def two_seats(client: TestClient) -> Iterator[tuple[list[WebSocketTestSession], list[dict[str, Any]], list[str]]]:
    """A started two-person table with both seats connected; yields sockets, first views, tokens."""
    t = create(client, game="dummy(players=2)")
    code = t["table"]["code"]
    tokens = [join(client, code, "A")["token"], join(client, code, "B")["token"]]
    with client.websocket_connect(f"/ws/tables/{code}") as a, client.websocket_connect(f"/ws/tables/{code}") as b:
        hello(a, tokens[0])
        hello(b, tokens[1])
        assert client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]}).status_code == 200
        views = [recv_until(a, "view"), recv_until(b, "view")]
        yield [a, b], views, tokens


def error_of(ws: WebSocketTestSession) -> dict[str, Any]:
    msg = recv_until(ws, "error")
    err: dict[str, Any] = msg["error"]
    err["v"] = msg.get("v")
    return err


def assert_unchanged(ws: WebSocketTestSession, view: dict[str, Any]) -> None:
    ws.send_text(json.dumps({"t": "sync"}))
    now = recv_until(ws, "view")
    assert (now["v"], now["view"], now["legal"]) == (view["v"], view["view"], view["legal"])


def test_stale_version(two_seats: Any) -> None:
    sockets, views, _ = two_seats
    mover = views[0]["to_move"]
    ws, view = sockets[mover], views[mover]
    ws.send_text(json.dumps({"t": "act", "v": view["v"] - 1, "action": view["legal"][0]}))
    err = error_of(ws)
    assert err["code"] == "stale_version" and err["v"] == view["v"]
    assert_unchanged(ws, view)


def test_action_for_another_seat(two_seats: Any) -> None:
    sockets, views, _ = two_seats
    mover = views[0]["to_move"]
    other = 1 - mover
    assert views[other]["legal"] == []
    sockets[other].send_text(json.dumps({"t": "act", "v": views[other]["v"], "action": "D"}))
    assert error_of(sockets[other])["code"] == "not_your_turn"
    assert_unchanged(sockets[mover], views[mover])


def test_illegal_action_names_the_rule(two_seats: Any) -> None:
    sockets, views, _ = two_seats
    mover = views[0]["to_move"]
    ws, view = sockets[mover], views[mover]
    ws.send_text(json.dumps({"t": "act", "v": view["v"], "action": "K 2c"}))  # knocking before drawing
    err = error_of(ws)
    assert err["code"] == "illegal_action" and err["rule"] is not None, err
    # The rule's own words in both languages, as the rules page of this table's preset writes them.
    book = rulebook_for("dummy", None, {"players": "2"})
    texts = {str(r.number): (r.text("th"), r.text("en")) for r in book.rules() if r.number is not None}
    texts.update(get_spec("dummy").cited_rules)  # the precise rules
    th, en = texts[str(err["rule"])]
    assert err["rule_text"] == {"th": th, "en": en}, err
    assert th and en and th != en
    assert_unchanged(ws, view)


@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        "[]",
        "{}",
        '{"t": "act"}',
        '{"t": "act", "v": "x", "action": "D"}',
        '{"t": "act", "v": -1, "action": "D"}',
        '{"t": "act", "v": 1, "action": "D", "extra": 1}',
        '{"t": "teleport"}',
        '{"t": "act", "v": 1, "action": "jump"}',
        '{"t": "chat", "text": 5}',
    ],  # a frame over the limit is malformed and closes the socket: tests/server/test_edges.py
)
def test_malformed_messages(two_seats: Any, frame: str) -> None:
    sockets, views, _ = two_seats
    mover = views[0]["to_move"]
    ws = sockets[mover]
    if '"action": "jump"' in frame:
        frame = frame.replace('"v": 1', f'"v": {views[mover]["v"]}')
    ws.send_text(frame)
    assert error_of(ws)["code"] == "malformed"
    assert_unchanged(ws, views[mover])


def test_binary_frame_is_malformed(two_seats: Any) -> None:
    sockets, views, _ = two_seats
    sockets[0].send_bytes(b"\x00\x01")
    assert error_of(sockets[0])["code"] == "malformed"
    assert_unchanged(sockets[0], views[0])


def test_hello_first_and_tokens_act_only_for_their_seat(client: TestClient) -> None:
    t = create(client, game="dummy(players=2)")
    code = t["table"]["code"]
    a = join(client, code, "A")
    other = create(client, game="dummy(players=2)")
    foreign = join(client, other["table"]["code"], "X")["token"]
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        ws.send_text(json.dumps({"t": "act", "v": 1, "action": "D"}))
        assert recv(ws)["error"]["code"] == "not_ready"
        ws.send_text(json.dumps({"t": "hello", "token": foreign}))
        assert recv(ws)["error"]["code"] == "unauthorized"
        ws.send_text(json.dumps({"t": "hello", "token": t["host_token"]}))  # the host token holds no seat
        assert recv(ws)["error"]["code"] == "unauthorized"
        ws.send_text(json.dumps({"t": "hello", "protocol": 99, "token": a["token"]}))
        assert recv(ws)["error"]["code"] == "protocol_version"
        view = hello(ws, a["token"])
        assert view["seat"] == 0
        ws.send_text(json.dumps({"t": "hello", "token": a["token"]}))
        assert recv(ws)["error"]["code"] == "bad_state"
        ws.send_text(json.dumps({"t": "ping", "ref": "r1"}))
        assert recv(ws) == {"t": "pong", "ref": "r1"}


def test_unknown_table_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/ZZZZZZ") as ws:
        assert recv(ws)["error"]["code"] == "unknown_table"
