"""``samrap serve``: bad options are usage errors (exit 2, one line, no traceback) before anything starts."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.cli.helpers import run


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--port", "0"), "--port must be between 1 and 65535"),
        (("--bot-delay", "-1"), "--bot-delay cannot be negative"),
        (("--rate-limits", "tables=x"), "--rate-limits: 'tables=x'"),
        (("--rate-limits", "speed=3/60"), "KIND in tables, players, joins, hints"),
    ],
)
def test_bad_options_are_usage_errors(args: tuple[str, ...], message: str) -> None:
    result = run("serve", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def test_a_bad_rate_limits_variable_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A malformed ``$SAMRAP_RATE_LIMITS`` is reported as the variable, not as a crash."""
    monkeypatch.setenv("SAMRAP_RATE_LIMITS", "bogus")
    result = run("serve")
    assert result.exit_code == 2 and "$SAMRAP_RATE_LIMITS: 'bogus'" in result.stderr


def _one_line_error(args: tuple[str, ...], says: str) -> None:
    result = run("serve", *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("samrap: error: ") and result.stderr.count("\n") == 1
    assert says in result.stderr and "Traceback" not in result.output
    assert "samrap server on" not in result.stdout  # nothing claims to have started


def test_an_unreachable_postgresql_is_one_line() -> None:
    _one_line_error(("--db", "postgresql+psycopg://nobody@127.0.0.1:1/none"), "--db: cannot open the database")


def test_a_database_file_in_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    _one_line_error(("--db", str(tmp_path / "no" / "such" / "s.db")), "there is no folder")


def test_a_busy_port_is_one_line_before_anything_starts(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        _one_line_error(("--port", str(port), "--db", str(tmp_path / "s.db")), "the port is in use")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--port", "0"), "--port ต้องอยู่ระหว่าง 1 ถึง 65535"),
        (("--bot-delay", "-1"), "--bot-delay ติดลบไม่ได้"),
        (("--loop", "trio"), "--loop ต้องเป็น auto, asyncio หรือ uvloop"),
        (("--rate-limits", "tables=x"), "--rate-limits: ค่าจำกัดจำนวนคำขอไม่ถูกต้อง (tables=x)"),
        (("--db", "/no/such/dir/s.db"), "--db /no/such/dir/s.db: ไม่มีโฟลเดอร์ /no/such/dir"),
        (("--db", "postgresql+psycopg://nobody@127.0.0.1:1/none"), "--db: เปิดฐานข้อมูล"),
    ],
)
def test_thai_errors_name_the_option(args: tuple[str, ...], says: str) -> None:
    from tests.cli.test_thai import latin_words

    result = run("serve", "--lang", "th", *args)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("samrap: ผิดพลาด: ") and says in result.stderr, result.stderr
    typed = tuple(a for a in args if not a.startswith("--"))
    shown = tuple(t.split("@")[-1] for t in typed)  # the URL without its user
    assert latin_words(result.stderr, paths=(*typed, *shown, "/no/such/dir")) == []


def test_a_busy_port_is_one_thai_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("serve", "--lang", "th", "--port", str(port), "--db", str(tmp_path / "s.db"))
    assert result.exit_code == 2 and "มีโปรแกรมอื่นใช้พอร์ตนี้อยู่" in result.stderr


def test_the_thai_start_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The line ``samrap serve`` prints before uvicorn starts, in Thai (uvicorn's own log stays its own)."""
    import uvicorn

    from tests.cli.test_thai import latin_words

    def started(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        for sock in sockets:  # instead of serving: the socket samrap bound is closed again
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", started)
    # uvicorn's Config sets up its log handlers on the sys.stderr of the moment, here the
    # CliRunner's stream, which is closed when the command returns: later log lines of other
    # tests would then write to a closed file (it broke the whole run, "lost sys.stderr").
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    db = tmp_path / "s.db"
    result = run("serve", "--lang", "th", "--port", str(port), "--db", str(db), "--node", "n1")
    assert result.exit_code == 0, result.output
    assert f"เซิร์ฟเวอร์ samrap เปิดที่ http://127.0.0.1:{port}  ฐานข้อมูล" in result.stdout
    url = result.stdout.split()[3]
    assert latin_words(result.stdout, names=("n1",), paths=(url, f"sqlite:///{db}", str(db))) == []
