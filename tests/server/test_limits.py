"""Request limits and the typed 500 (issue 27.1-2), on a real ``samrap serve`` process.

Raw sockets, because the cases are what an HTTP client library will not send: a declared length
with no body, a chunked body that never ends, a body that stops half way.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from samrap.server.headers import SECURITY_HEADERS
from samrap.server.limits import BODY_SECONDS, MAX_BODY
from samrap.server.ws import MAX_FRAME
from tests.server.live import PG_ENV, LiveServer, live_server, pg_schema

PG_URL = os.environ.get(PG_ENV)
needs_pg = pytest.mark.skipif(not PG_URL, reason=f"{PG_ENV} is not set")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("limits") / "samrap.db"
    with live_server(str(db)) as s:
        yield s


def request_head(server: LiveServer, path: str, headers: dict[str, str]) -> bytes:
    lines = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{server.port}", "Content-Type: application/json"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def read_answer(sock: socket.socket, timeout: float = 30.0) -> tuple[int, dict[str, str], dict[str, Any], bool]:
    """Status, headers, JSON body, and whether the server then closed the connection."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed before an answer: {data!r}"
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in header_lines)}
    length = int(headers["content-length"])
    while len(rest) < length:
        chunk = sock.recv(65536)
        assert chunk, "closed in the middle of the answer"
        rest += chunk
    body = json.loads(rest[:length])
    closed = False
    try:
        closed = sock.recv(1) == b""
    except (ConnectionResetError, TimeoutError):
        closed = True
    return int(status_line.split()[1]), headers, body, closed


def assert_secured(headers: dict[str, str]) -> None:
    for name, value in SECURITY_HEADERS:
        assert headers.get(name.decode()) == value.decode(), name


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_a_small_body_still_works(server: LiveServer) -> None:
    r = httpx.post(server.url + "/api/tables", json={"game": "dummy", "host_name": "Ann"}, timeout=10)
    assert r.status_code == 201, r.text


def test_declared_length_over_the_cap_is_refused_unread(server: LiveServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request_head(server, "/api/tables", {"Content-Length": "10000000"}))
        status, headers, body, closed = read_answer(sock)
    assert status == 413
    assert body["code"] == "too_large" and "64 KiB" in body["message"]
    assert headers["connection"] == "close" and closed
    assert_secured(headers)


def test_chunked_body_over_the_cap_is_refused_while_it_arrives(server: LiveServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request_head(server, "/api/players", {"Transfer-Encoding": "chunked"}))
        chunk = b" " * 8192
        sent = 0
        try:
            while sent <= 4 * MAX_BODY:  # the server stops it long before: it closes at the cap
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        status, headers, body, closed = read_answer(sock)
    assert status == 413 and body["code"] == "too_large"
    assert closed
    assert_secured(headers)


def test_missing_body_times_out(server: LiveServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request_head(server, "/api/players", {"Content-Length": "1000"}) + b'{"name": ')
        started = time.monotonic()
        status, headers, body, closed = read_answer(sock, timeout=BODY_SECONDS + 30)
    assert status == 408 and body["code"] == "timeout"
    assert time.monotonic() - started >= BODY_SECONDS - 1  # not before its time
    assert closed
    assert_secured(headers)


def test_memory_stays_flat_under_big_bodies(server: LiveServer) -> None:
    """A modest version of the 256 MiB probe: 32 MiB declared and 32 MiB chunked, four times."""
    assert server.proc is not None
    pid = server.proc.pid
    before = rss_kib(pid)
    for _ in range(4):
        for headers in ({"Content-Length": str(32 << 20)}, {"Transfer-Encoding": "chunked"}):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
                sock.sendall(request_head(server, "/api/tables", headers))
                block = b"x" * (1 << 20)
                framed = block if "Content-Length" in headers else b"%x\r\n%s\r\n" % (len(block), block)
                try:
                    for _ in range(32):
                        sock.sendall(framed)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # refused and closed: the point
                status, _, body, _ = read_answer(sock)
                assert status == 413 and body["code"] == "too_large"
    grown = rss_kib(pid) - before
    assert grown < 16 * 1024, f"the server grew by {grown} KiB"


def break_archive_sqlite(db: Path) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE samrap_archive")


def check_typed_500(server: LiveServer) -> None:
    r = httpx.get(server.url + "/api/games", timeout=10)
    assert r.status_code == 500
    assert r.json()["code"] == "internal"
    assert "samrap_archive" not in r.text  # no detail of the failure reaches the client
    assert_secured({k.lower(): v for k, v in r.headers.items()})
    # The process lives on and answers the next request.
    assert server.get("/healthz").status_code == 200


def test_an_unhandled_error_is_a_typed_500_sqlite(tmp_path: Path) -> None:
    db = tmp_path / "samrap.db"
    log = tmp_path / "server.log"
    with live_server(str(db), log=log) as server:
        assert server.get("/api/games").status_code == 200
        break_archive_sqlite(db)
        check_typed_500(server)
    assert "unhandled error" in log.read_text()  # the traceback went to the log instead


@needs_pg
def test_an_unhandled_error_is_a_typed_500_postgresql(tmp_path: Path) -> None:
    import sqlalchemy as sa

    assert PG_URL is not None
    with pg_schema(PG_URL) as url, live_server(url) as server:
        assert server.get("/api/games").status_code == 200
        engine = sa.create_engine(url)
        with engine.begin() as conn:
            conn.execute(sa.text("DROP TABLE samrap_archive"))
        engine.dispose()
        check_typed_500(server)


def test_websocket_frames_keep_their_cap(server: LiveServer) -> None:
    """The body cap is for HTTP bodies; a websocket message over 16 KiB is still refused by its own."""
    created = server.post("/api/tables", {"game": "dummy", "host_name": "Ann"})

    async def go() -> tuple[dict[str, Any], int | None]:
        async with connect(f"{server.ws}/ws/tables/{created['table']['code']}") as ws:
            await ws.send(json.dumps({"t": "chat", "text": "x" * (MAX_FRAME + 1)}))
            answer = json.loads(await asyncio.wait_for(ws.recv(), 20))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 20)
            return answer, ws.close_code

    answer, close_code = asyncio.run(go())
    assert answer["t"] == "error" and answer["error"]["code"] == "malformed"
    assert close_code == 1009
