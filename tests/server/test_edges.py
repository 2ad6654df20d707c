"""The server's edges (issue 15.3-15.5): security headers, bad input typed on every path, the
client address, and the per-address limits on GETs and websockets."""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from samrap.server.app import create_app
from samrap.server.headers import CONTENT_SECURITY_POLICY
from samrap.server.ratelimit import Rate, RateLimits
from samrap.server.ws import MAX_FRAME
from tests.server.conftest import create, hello, join, make_settings, postgres_client, recv

# ---------------------------------------------------------------------------------------------
# 15.3 security headers


def assert_secured(r: Any, what: str = "") -> None:
    assert "content-security-policy" in r.headers, what
    csp = r.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    # 'wasm-unsafe-eval' (compiling the offline engine's WebAssembly, issue 25) is the one exception
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp.replace("'wasm-unsafe-eval'", "")
    assert "http" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["referrer-policy"] in ("no-referrer", "same-origin")


def test_every_kind_of_answer_carries_the_security_headers(client: TestClient) -> None:
    code = create(client)["table"]["code"]
    answers = {
        "html": client.get("/"),
        "share link": client.get(f"/t/{code}"),
        "js": client.get("/static/js/app.js"),
        "css": client.get("/static/style.css"),
        "json": client.get(f"/api/tables/{code}"),
        "health": client.get("/healthz"),
        "error": client.get("/api/tables/ZZZZZZ"),
        "no route": client.get("/nothing/here"),
        "refused body": client.post("/api/tables", json={"sneaky": 1}),
    }
    for what, r in answers.items():
        assert_secured(r, what)
    assert answers["js"].status_code == 200 and "javascript" in answers["js"].headers["content-type"]
    assert answers["html"].headers["content-security-policy"] == CONTENT_SECURITY_POLICY


def test_the_web_app_markup_has_nothing_the_policy_would_block() -> None:
    """No inline script, handler or style attribute in index.html (the browser test in
    ``tests/web/test_csp.py`` checks the running app)."""
    from samrap.server.settings import STATIC_DIR

    html = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
    lowered = html.lower()
    assert " style=" not in lowered and " onclick=" not in lowered and " onload=" not in lowered
    for chunk in lowered.split("<script")[1:]:
        head, _, rest = chunk.partition(">")
        assert "src=" in head and rest.lstrip().startswith("</script"), "an inline script in index.html"


# ---------------------------------------------------------------------------------------------
# 15.4 bad input, every path typed

NUL_PATHS = [
    "/api/leaderboard?game=%00",
    "/api/games/%00/record",
    "/api/games/%00/replay",
    "/api/games?table=AB%00CD",
    "/api/tables/%00",
    "/api/tables?status=lobby%00",
    "/t/%00",
]


def assert_typed(r: Any, code: str, status: int) -> None:
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"code", "message", "rule", "rule_text"} and body["code"] == code, body
    assert body["rule_text"] is None, body


def check_nul_paths(client: TestClient) -> None:
    for path in NUL_PATHS:
        assert_typed(client.get(path), "malformed", 422)
    r = client.get("/api/players/me", headers={"x-player-token": "abc"})
    assert_typed(r, "unauthorized", 403)


def test_a_server_without_its_web_app_answers_the_app_files_typed(tmp_path: Path) -> None:
    """No static folder: the pages, the service worker and the manifest are a typed 404, not
    FastAPI's ``{"detail": ...}``; and FastAPI's /docs pages (scripts from a CDN) are not served."""
    settings = make_settings(tmp_path / "db.sqlite", static_dir=tmp_path / "no-app")
    with TestClient(create_app(settings)) as c:
        for path in ("/", "/sw.js", "/manifest.webmanifest", "/docs", "/redoc"):
            assert_typed(c.get(path), "not_found", 404)
        assert c.get("/openapi.json").status_code == 200


def test_nul_bytes_in_paths_and_queries_are_malformed(client: TestClient) -> None:
    check_nul_paths(client)


@pytest.fixture
def pg_client() -> Iterator[TestClient]:
    with postgres_client() as c:
        yield c


def test_nul_bytes_on_postgresql_are_malformed_not_500(pg_client: TestClient) -> None:
    check_nul_paths(pg_client)
    # a NUL inside a JSON body never reaches the database either
    r = pg_client.post("/api/tables", json={"game": "dummy\u0000", "host_name": "A"})
    assert r.status_code in (422,) and r.json()["code"] in ("bad_config", "malformed")
    r = pg_client.post("/api/players", json={"name": "A\u0000B"})
    assert r.status_code == 201 and r.json()["name"] == "AB"  # control characters are dropped from names


def test_a_body_that_is_not_utf8_gets_the_typed_error(client: TestClient) -> None:
    code = create(client)["table"]["code"]
    for path in ("/api/tables", "/api/players", f"/api/tables/{code}/join", f"/api/tables/{code}/start"):
        r = client.post(path, content=b'{"name": "\xff\xfe"}', headers={"content-type": "application/json"})
        assert_typed(r, "malformed", 422)
    assert_typed(client.get("/no/such/route"), "not_found", 404)
    r = client.delete("/api/tables")
    assert r.status_code == 405 and r.json()["code"] == "malformed"


def test_games_of_a_table_that_is_not_a_code_are_none(client: TestClient) -> None:
    assert client.get("/api/games", params={"table": "NOPE"}).json()["games"] == []


def test_an_oversize_frame_gets_malformed_before_the_close(client: TestClient) -> None:
    t = create(client, host_name="A")
    code = t["table"]["code"]
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        hello(ws, t["token"])
        ws.send_text(json.dumps({"t": "chat", "text": "x" * (MAX_FRAME + 1)}))
        err = recv(ws)
        assert err["t"] == "error" and err["error"]["code"] == "malformed" and str(MAX_FRAME) in err["error"]["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 1009


def test_the_hint_statuses_are_the_documented_ones(client: TestClient) -> None:
    t = create(client, game="dummy(players=2)", host_name="A")
    code = t["table"]["code"]
    b = join(client, code, "B")
    client.post(f"/api/tables/{code}/start", json={"token": t["token"]})
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        view = hello(ws, t["token"])
    waiting = b if view["to_move"] == 0 else t
    r = client.post(f"/api/tables/{code}/hint", json={"token": waiting["token"]})
    assert_typed(r, "not_your_turn", 409)


# ---------------------------------------------------------------------------------------------
# 15.5 client address and limits


def test_x_forwarded_for_is_ignored_unless_the_proxy_is_named(db_path: Path, tmp_path: Path) -> None:
    limits = RateLimits(tables=Rate(2, 60))
    with TestClient(create_app(make_settings(db_path, rate_limits=limits))) as c:
        made = [c.post("/api/tables", json={}, headers={"x-forwarded-for": f"10.0.0.{k}"}) for k in range(4)]
        assert [r.status_code for r in made] == [201, 201, 429, 429]  # forged headers share one bucket
    trusted = make_settings(tmp_path / "p.db", rate_limits=limits, forwarded_allow_ips=("testclient",))
    with TestClient(create_app(trusted)) as c:
        made = [c.post("/api/tables", json={}, headers={"x-forwarded-for": f"10.0.0.{k}"}) for k in range(4)]
        assert [r.status_code for r in made] == [201] * 4  # one bucket per client the proxy names
        # uvicorn takes the last untrusted entry: a client's own header in front changes nothing
        made = [c.post("/api/tables", json={}, headers={"x-forwarded-for": f"1.2.3.{k}, 10.9.9.9"}) for k in range(3)]
        assert [r.status_code for r in made] == [201, 201, 429]


def test_gets_are_rate_limited_per_address(db_path: Path) -> None:
    with TestClient(create_app(make_settings(db_path, rate_limits=RateLimits(gets=Rate(5, 60))))) as c:
        answers = [c.get("/api/leaderboard") for _ in range(6)]
        assert [r.status_code for r in answers[:5]] == [200] * 5
        assert_typed(answers[5], "rate_limited", 429)
        assert int(answers[5].headers["retry-after"]) >= 1
        assert c.post("/api/players", json={"name": "Ann"}).status_code == 201  # other kinds are apart
        assert c.get("/static/style.css").status_code == 200  # static files are not counted


def test_websockets_are_capped_per_address(db_path: Path) -> None:
    with TestClient(create_app(make_settings(db_path, rate_limits=RateLimits(sockets=3)))) as c:
        t = create(c, host_name="A", public=True)
        code = t["table"]["code"]
        opened = [c.websocket_connect(f"/ws/tables/{code}") for _ in range(3)]
        sockets = [o.__enter__() for o in opened]
        try:
            for ws in sockets:
                hello(ws)
            with c.websocket_connect(f"/ws/tables/{code}") as extra:
                err = recv(extra)
                assert err["error"]["code"] == "too_many_connections"
                with pytest.raises(WebSocketDisconnect) as closed:
                    extra.receive_text()
                assert closed.value.code == 1013
        finally:
            for o in opened:
                o.__exit__(None, None, None)
        with c.websocket_connect(f"/ws/tables/{code}") as again:  # closed sockets free their places
            assert hello(again)["t"] == "view"


def test_spectators_are_capped_per_table(db_path: Path) -> None:
    with TestClient(create_app(make_settings(db_path, rate_limits=RateLimits(spectators=2)))) as c:
        t = create(c, host_name="A", public=True)
        code = t["table"]["code"]
        with c.websocket_connect(f"/ws/tables/{code}") as s1, c.websocket_connect(f"/ws/tables/{code}") as s2:
            hello(s1)
            hello(s2)
            with c.websocket_connect(f"/ws/tables/{code}") as s3:
                s3.send_text(json.dumps({"t": "hello"}))
                assert recv(s3)["error"]["code"] == "too_many_connections"
            with c.websocket_connect(f"/ws/tables/{code}") as seat:  # seats are never refused
                assert hello(seat, t["token"])["seat"] == 0


def test_websocket_connects_are_rate_limited(db_path: Path) -> None:
    with TestClient(create_app(make_settings(db_path, rate_limits=RateLimits(connects=Rate(2, 60))))) as c:
        code = create(c, public=True)["table"]["code"]
        for _ in range(2):
            with c.websocket_connect(f"/ws/tables/{code}") as ws:
                assert hello(ws)["t"] == "view"
        with c.websocket_connect(f"/ws/tables/{code}") as ws:
            err = recv(ws)
            assert err["error"]["code"] == "rate_limited" and "try again" in err["error"]["message"]


def test_limits_parse_the_caps() -> None:
    got = RateLimits.parse("sockets=5,spectators=off,gets=100/10")
    assert got.sockets == 5 and got.spectators is None and got.gets == Rate(100, 10)
    with pytest.raises(ValueError, match="sockets"):
        RateLimits.parse("sockets=lots")
    off = RateLimits.off()
    assert off.sockets is None and off.connects is None and off.gets is None


def _raw_websocket(port: int, path: str) -> Any:
    """A websocket opened by hand, to send what no well-behaved client library would."""
    import base64
    import socket

    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    assert b" 101 " in answer.split(b"\r\n")[0], answer
    return sock


def _frame(opcode: int, payload: bytes) -> bytes:
    mask = os.urandom(4)
    masked = bytes(b ^ mask[k % 4] for k, b in enumerate(payload))
    assert len(payload) < 126
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked


def test_clients_that_vanish_or_send_invalid_utf8_leave_no_traceback(tmp_path: Path) -> None:
    from tests.server.live import live_server

    log = tmp_path / "server.log"
    with live_server(f"sqlite:///{tmp_path / 'edge.db'}", log=log) as server:
        t = server.post("/api/tables", {"host_name": "A"})
        code = t["table"]["code"]
        for path in ("/ws/tables/ZZZZZZ", "/ws/tables/nonsense!", f"/ws/tables/{code}"):
            for _ in range(5):  # connect and drop at once, before the server's first word
                _raw_websocket(server.port, path).close()
        sock = _raw_websocket(server.port, f"/ws/tables/{code}")
        sock.sendall(_frame(0x1, b'{"t": "ping", "ref": "\xff\xfe"}'))  # a text frame that is not UTF-8
        sock.settimeout(5)
        with pytest.raises(OSError):
            while sock.recv(4096):  # the server closes (1007); nothing else
                pass
            raise ConnectionResetError
        sock.close()
        with_token = _raw_websocket(server.port, f"/ws/tables/{code}")
        with_token.sendall(_frame(0x1, json.dumps({"t": "hello", "token": t["token"]}).encode()))
        with_token.close()  # gone while the server answers
        assert server.get("/healthz").status_code == 200
        import time

        time.sleep(0.5)
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text and "Exception" not in text, text[-3000:]


def test_stage_timing_is_off_unless_asked_and_records_each_commit(db_path: Path, tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(db_path))) as c:
        assert_typed(c.get("/api/debug/stages"), "not_found", 404)
    with TestClient(create_app(make_settings(tmp_path / "t.db", stage_timing=True))) as c:
        t = create(c, game="dummy(players=2)", host_name="A")
        code = t["table"]["code"]
        b = join(c, code, "B")
        c.post(f"/api/tables/{code}/start", json={"token": t["token"]})
        with c.websocket_connect(f"/ws/tables/{code}") as wa, c.websocket_connect(f"/ws/tables/{code}") as wb:
            views = [hello(wa, t["token"]), hello(wb, b["token"])]
            k = 0 if views[0]["legal"] else 1
            (wa, wb)[k].send_text(json.dumps({"t": "act", "v": views[k]["v"], "action": views[k]["legal"][0]}))
            while (msg := recv((wa, wb)[k]))["t"] != "view":
                pass
            report = c.get("/api/debug/stages").json()
        acted = [row for row in report["commits"] if row[0] == code and row[1] == msg["v"]]
        assert len(acted) == 1
        stamps = dict(zip(report["fields"], acted[0], strict=True))
        order = ["read", "entered", "locked", "planned", "applied", "stored", "broadcast"]
        assert all(stamps[a] <= stamps[b] for a, b in itertools.pairwise(order))
        assert report["loop_lag"]["count"] > 0 and report["writer_commit"]["count"] > 0


def test_samrap_serve_believes_no_forwarded_header_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real server (uvicorn as ``samrap serve`` runs it): uvicorn by itself trusts
    ``X-Forwarded-For`` from 127.0.0.1, so forged headers from a local client each got a fresh
    bucket (issue 15.5: 60 of 60 table creations passed)."""
    import httpx

    from tests.server.live import live_server

    monkeypatch.setenv("SAMRAP_RATE_LIMITS", "tables=2/60")
    with live_server(f"sqlite:///{tmp_path / 'xff.db'}") as server:
        codes = [
            httpx.post(f"{server.url}/api/tables", json={}, headers={"x-forwarded-for": f"10.1.1.{k}"}).status_code
            for k in range(4)
        ]
    assert codes == [201, 201, 429, 429]
