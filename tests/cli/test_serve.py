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
