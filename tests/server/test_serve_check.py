"""``samrap serve --check`` (issue 27.6): each misconfiguration named in plain words, in English
and Thai, with exit status 1 for problems; and the live probes through a real server."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine
from typer.testing import Result

from samrap.cli.serve_check import behind_proxy
from samrap.server.migrate import alembic_config
from samrap.server.settings import sqlite_url
from tests.cli.helpers import run
from tests.cli.test_thai import latin_words
from tests.server.live import free_port, live_server


def check(*args: str) -> Result:
    return run("serve", "--check", *args)


def lines_of(result: Result, level: str) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.startswith(level)]


def migrated(db: Path, revision: str) -> Path:
    engine = create_engine(sqlite_url(db))
    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    engine.dispose()
    return db


def test_a_fresh_local_setup_passes(tmp_path: Path) -> None:
    result = check("--db", str(tmp_path / "s.db"))
    assert result.exit_code == 0, result.stdout
    assert "the database is empty" in result.stdout
    assert "0 problem(s), 0 warning(s)" in result.stdout


def head_revision() -> str:
    """The newest migration's revision, so the test holds as migrations are added."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def test_migrations_pending_and_current(tmp_path: Path) -> None:
    head = head_revision()
    before = f"{int(head) - 1:04d}"
    db = migrated(tmp_path / "s.db", before)
    result = check("--db", str(db))
    assert result.exit_code == 0  # a warning: the next start migrates
    (warning,) = lines_of(result, "warning")
    assert f"1 migration(s) pending ({head})" in warning and "back up" in warning
    migrated(db, "head")
    assert f"schema is up to date ({head})" in check("--db", str(db)).stdout


def test_a_database_from_a_newer_samrap_is_a_problem(tmp_path: Path) -> None:
    db = migrated(tmp_path / "s.db", "head")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
    result = check("--db", str(db))
    assert result.exit_code == 1
    (problem,) = lines_of(result, "problem")
    assert "revision 0099" in problem and "newer samrap" in problem


def test_an_unreachable_database_is_a_problem() -> None:
    port = free_port()
    result = check("--db", f"postgresql+psycopg://someone:secret@127.0.0.1:{port}/samrap")
    assert result.exit_code == 1
    (problem,) = lines_of(result, "problem")
    assert "database" in problem and "secret" not in result.stdout  # never print a password


def test_public_url_problems(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    wildcard = check("--db", db, "--host", "0.0.0.0")
    assert wildcard.exit_code == 1 and "no --public-url" in wildcard.stdout
    bad = check("--db", db, "--public-url", "games.example.org")
    assert bad.exit_code == 1 and "is not an http:// or https:// address" in bad.stdout
    query = check("--db", db, "--public-url", "https://games.example.org/?x=1")
    assert query.exit_code == 1 and "query" in query.stdout


def test_proxy_header_problems(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    port = str(free_port())  # nothing answers there: the live probe only warns
    untrusted = check("--db", db, "--port", port, "--public-url", f"http://127.0.0.1:{free_port()}")
    assert untrusted.exit_code == 0
    assert any("--forwarded-allow-ips is empty" in w for w in lines_of(untrusted, "warning"))
    star = check("--db", db, "--host", "0.0.0.0", "--public-url", "https://x.example", "--forwarded-allow-ips", "*")
    assert star.exit_code == 1
    assert any("'*'" in p for p in lines_of(star, "problem"))
    assert any("skip the proxy" in w for w in lines_of(star, "warning"))
    plain = check("--db", db, "--public-url", "http://games.example.org", "--forwarded-allow-ips", "127.0.0.1")
    assert any("plain http" in w for w in lines_of(plain, "warning"))


def test_behind_proxy() -> None:
    assert not behind_proxy("127.0.0.1", 8000, None)
    assert not behind_proxy("127.0.0.1", 8000, "http://localhost:8000")
    assert behind_proxy("127.0.0.1", 8000, "https://games.example.org")
    assert behind_proxy("127.0.0.1", 8001, "http://127.0.0.1:8080")


def test_thai_lines_hold_no_english(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    # Addresses and a path are kept as they are, and the names of programs, headers and error kinds:
    kept: tuple[str, ...] = (sqlite_url(Path(db)), "http://x.example/healthz", "http://x.example", "docs/deployment.md")
    kept += ("http://127.0.0.1:8000",)
    words = {"nginx", "https", "X-Forwarded-For", "Upgrade", "Connection", "ConnectError"}
    for args in (("--host", "0.0.0.0"), ("--public-url", "http://x.example", "--forwarded-allow-ips", "*")):
        english = check("--db", db, "--host", "0.0.0.0", *args)
        thai = run("serve", "--check", "--lang", "th", "--db", db, "--host", "0.0.0.0", *args)
        assert thai.exit_code == english.exit_code == 1
        assert len(thai.stdout.splitlines()) == len(english.stdout.splitlines())
        bad = [w for w in latin_words(thai.stdout, names=kept) if w.strip("()") not in words]
        assert bad == [], thai.stdout


@pytest.fixture
def no_websockets() -> Iterator[str]:
    """A "proxy" that answers its health check but refuses every websocket upgrade."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            ok = self.path == "/healthz"
            body = b'{"status":"ok"}' if ok else b"no upgrade here"
            self.send_response(200 if ok else 400)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_live_probes_through_a_real_server(tmp_path: Path, no_websockets: str) -> None:
    db = tmp_path / "s.db"
    with live_server(str(db)) as server:
        good = check("--db", str(db), "--port", str(server.port), "--public-url", server.url)
    assert good.exit_code == 0, good.stdout
    assert f"{server.url} answers" in good.stdout and "websockets pass through" in good.stdout
    refused = check("--db", str(db), "--public-url", no_websockets, "--forwarded-allow-ips", "127.0.0.1")
    assert refused.exit_code == 1
    (problem,) = lines_of(refused, "problem")
    assert "websocket upgrade" in problem and "(400)" in problem


def test_node_url(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    good = check("--db", db, "--node-url", "http://10.0.0.5:8001", "--public-url", "https://x.example")
    assert any("forward to http://10.0.0.5:8001" in line for line in lines_of(good, "ok"))
    bad = check("--db", db, "--node-url", "10.0.0.5:8001")
    assert bad.exit_code == 1 and "--node-url 10.0.0.5:8001" in bad.stdout


def test_nodes_behind_a_balancer_forward_to_their_node_url(tmp_path: Path) -> None:
    """Share links carry the balancer's --public-url; the leases carry --node-url, where the other
    node forwards a request for a table it does not own."""
    db = sqlite_url(tmp_path / "shared.db")
    public = "https://cards.example.org"
    port_a = free_port()
    a_args = ("--public-url", public, "--node-url", f"http://127.0.0.1:{port_a}")
    with (
        live_server(db, node="node-a", port=port_a, extra=a_args) as a,
        live_server(db, node="node-b", extra=("--public-url", public)) as b,
    ):
        created = a.post("/api/tables", {"game": "dummy", "host_name": "OnA"})
        code = created["table"]["code"]
        assert created["table"]["link"] == f"{public}/t/{code}"
        joined = b.post(f"/api/tables/{code}/join", {"name": "ViaB"})  # forwarded to A's node URL
        assert joined["seat"] == 1
        assert a.get("/healthz").json()["tables"] == 1 and b.get("/healthz").json()["tables"] == 0
