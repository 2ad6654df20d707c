"""Fuzzed client messages never crash the server: each gets a schema-valid answer or none, and the
connection, the table and the server keep working afterwards.

Every test here runs on SQLite and, when ``SAMRAP_TEST_DATABASE_URL`` is set (``.ci/run`` sets
it), on PostgreSQL too: some bad input (a NUL byte) only breaks there."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from samrap.server.app import create_app
from samrap.server.messages import SERVER_MESSAGE
from tests.server.conftest import create, hello, join, make_settings, postgres_client, recv_until


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, db_path: Path) -> Iterator[TestClient]:
    """A server on SQLite, and on PostgreSQL when it is configured. Server exceptions are not
    re-raised into the test: what counts is the answer a client would get (a 500 fails)."""
    if request.param == "sqlite":
        with TestClient(create_app(make_settings(db_path)), raise_server_exceptions=False) as c:
            yield c
        return
    with postgres_client() as c:
        yield c


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(["D", "X Qs", "K 2c", "C0 7h8h9h", "-", "L 5h>0", "M 2c3c4c", "", "🃏"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
messages = st.one_of(
    st.fixed_dictionaries(
        {"t": st.sampled_from(["act", "chat", "mute", "sync", "ping", "hello", "nonsense", ""])},
        optional={
            "v": values,
            "action": values,
            "text": values,
            "seat": values,
            "muted": values,
            "ref": values,
            "token": values,
            "protocol": values,
        },
    ).map(json.dumps),
    values.map(json.dumps),
    st.text(max_size=200),
)


def _drain_until_pong(ws: Any, ref: str) -> list[dict[str, Any]]:
    seen = []
    for _ in range(200):
        raw = ws.receive_text()
        SERVER_MESSAGE.validate_json(raw)  # whatever the server says is a protocol message
        msg = json.loads(raw)
        seen.append(msg)
        if msg["t"] == "pong" and msg.get("ref") == ref:
            return seen
    raise AssertionError("no pong")


def test_fuzzed_messages_never_crash_the_server(client: TestClient) -> None:
    t = create(client, game="dummy(players=2)")
    code = t["table"]["code"]
    a, b = join(client, code, "A"), join(client, code, "B")
    with client.websocket_connect(f"/ws/tables/{code}") as wa, client.websocket_connect(f"/ws/tables/{code}") as wb:
        hello(wa, a["token"])
        hello(wb, b["token"])
        client.post(f"/api/tables/{code}/start", json={"token": a["token"]})
        counter = iter(range(10**9))

        @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
        @given(frame=messages, as_bytes=st.booleans())
        def fuzz(frame: str, as_bytes: bool) -> None:
            ref = f"fuzz-{next(counter)}"
            if as_bytes:
                wa.send_bytes(frame.encode())
            else:
                wa.send_text(frame)
            wa.send_text(json.dumps({"t": "ping", "ref": ref}))
            _drain_until_pong(wa, ref)

        fuzz()
        wb.send_text(json.dumps({"t": "ping", "ref": "alive"}))
        assert recv_until(wb, "pong")["ref"] == "alive"
        wa.send_text(json.dumps({"t": "sync"}))
        view = recv_until(wa, "view")
        assert view["view"] is not None
    assert client.get("/healthz").json()["ok"] is True
    info = client.get(f"/api/tables/{code}").json()
    assert info["status"] == "playing"


def test_fuzzed_rest_bodies_get_typed_errors(client: TestClient) -> None:
    paths = ["/api/tables", "/api/players", "/api/tables/ABCDEF/join", "/api/tables/ABCDEF/start"]
    code = create(client)["table"]["code"]
    paths += [f"/api/tables/{code}/join", f"/api/tables/{code}/bots", f"/api/tables/{code}/start"]

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body=values)
    def fuzz(body: Any) -> None:
        for path in paths:
            r = client.post(path, json=body)
            assert r.status_code < 500, (path, body, r.text)
            if r.status_code >= 400:
                assert "code" in r.json(), r.text

    fuzz()
    assert client.get("/healthz").status_code == 200


#: Query parameters and path pieces: NUL and other control bytes, surrogates, long and odd text.
pieces = st.one_of(
    st.text(max_size=30),
    st.text(alphabet=st.characters(max_codepoint=0x1F), max_size=5),
    st.sampled_from(["\x00", "AB\x00CD", "%00", "ABCDEF", "../..", "' OR 1=1 --", "\u202e", "🃏" * 10]),
)


def test_fuzzed_paths_and_queries_get_typed_answers(client: TestClient) -> None:
    code = create(client, public=True)["table"]["code"]
    gets = [
        "/api/leaderboard?game={}",
        "/api/games?table={}",
        "/api/games/{}/record",
        "/api/games/{}/replay",
        "/api/tables/{}",
        "/api/tables?status={}",
        "/t/{}",
        f"/api/tables/{code}?x={{}}",
    ]

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(piece=pieces)
    def fuzz(piece: str) -> None:
        quoted = quote(piece.encode("utf-8", "surrogatepass"), safe="")
        for template in gets:
            r = client.get(template.format(quoted), headers={"accept": "application/json"})
            assert r.status_code < 500, (template, piece, r.status_code, r.text)
            if r.status_code >= 400:
                assert set(r.json()) == {"code", "message", "rule", "rule_text"}, (template, r.text)

    fuzz()
    assert client.get("/healthz").status_code == 200


def test_fuzzed_byte_bodies_get_typed_errors(client: TestClient) -> None:
    code = create(client)["table"]["code"]
    paths = ["/api/tables", "/api/players", f"/api/tables/{code}/join", f"/api/tables/{code}/hint"]

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body=st.binary(max_size=60) | st.sampled_from([b'{"name": "\xff"}', b'{"name": "\x00"}', b"\xef\xbb\xbf{}"]))
    def fuzz(body: bytes) -> None:
        for path in paths:
            r = client.post(path, content=body, headers={"content-type": "application/json"})
            assert r.status_code < 500, (path, body, r.text)
            if r.status_code >= 400:
                assert set(r.json()) == {"code", "message", "rule", "rule_text"}, (path, body, r.text)

    fuzz()
