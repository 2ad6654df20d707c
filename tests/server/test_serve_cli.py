"""``samrap serve``: options and their errors (the running server is tested in test_live.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from samrap.cli.main import app
from samrap.server.settings import ServerSettings, default_database_path


def test_help_lists_the_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--public-url", "--node", "--forwarded-allow-ips", "--hint-workers"):
        assert option in result.stdout


@pytest.mark.parametrize(
    "args",
    [["--port", "0"], ["--port", "70000"], ["--bot-delay", "-1"], ["--loop", "trio"], ["--hint-workers", "-1"]],
)
def test_bad_options_exit_2(args: list[str]) -> None:
    result = CliRunner().invoke(app, ["serve", *args])
    assert result.exit_code == 2


def test_default_database_lives_in_the_data_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database_path() == tmp_path / "samrap" / "samrap.db"


def test_base_url_and_node() -> None:
    s = ServerSettings(database_url="sqlite://", host="0.0.0.0", port=9000)
    assert s.base_url == "http://127.0.0.1:9000" and s.node_id.endswith(":9000")
    assert ServerSettings(database_url="sqlite://", public_url="https://x.org/").base_url == "https://x.org"


def test_node_url_is_where_other_nodes_forward() -> None:
    shared = ServerSettings(database_url="sqlite://", public_url="https://cards.example.org")
    assert shared.forward_url == "https://cards.example.org"
    behind = ServerSettings(database_url="sqlite://", public_url="https://x.org", node_url="http://10.0.0.5:8001/")
    assert behind.base_url == "https://x.org" and behind.forward_url == "http://10.0.0.5:8001"
