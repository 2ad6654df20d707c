"""The protocol documentation cannot drift from the code: the schema file is regenerated and
compared, and the prose names every message type, error code and REST route."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from fastapi.routing import APIRoute

from samrap.server import protocol_doc
from samrap.server.api import STATUS, router
from samrap.server.messages import CLIENT_MESSAGE, SERVER_MESSAGE, ErrorCode, Event

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_schema_file_is_current() -> None:
    assert (DOCS / "protocol.schema.json").read_text(encoding="utf-8") == protocol_doc.schema_text(), (
        "docs/protocol.schema.json is stale: run python -m samrap.server.protocol_doc"
    )


def test_check_mode_reports_a_stale_file(tmp_path: Path) -> None:
    stale = tmp_path / "schema.json"
    stale.write_text("{}", encoding="utf-8")
    assert protocol_doc.main(["--check", str(stale)]) == 1
    assert protocol_doc.main([str(stale)]) == 0
    assert protocol_doc.main(["--check", str(stale)]) == 0


def test_prose_names_every_message_error_and_route() -> None:
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    for adapter in (CLIENT_MESSAGE, SERVER_MESSAGE):
        schema = adapter.json_schema()
        for name in schema["discriminator"]["mapping"]:
            assert f"| `{name}` |" in text, f"message {name} is not documented"
    for code in ErrorCode:
        assert f"`{code.value}`" in text, f"error {code.value} is not documented"
    for kind in get_args(Event.model_fields["kind"].annotation):
        assert f"`{kind}`" in text, f"event {kind} is not documented"
    for route in router.routes:
        assert isinstance(route, APIRoute)
        path = route.path.split("{")[0].rstrip("/")
        assert path in text, f"route {route.path} is not documented"


def test_the_status_table_is_the_servers() -> None:
    """Every error code has one HTTP status, and the doc's table says which (issue 15.4)."""
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    table = text.split("### HTTP status of each error", 1)[1].split("\n\n#", 1)[0]
    documented = {}
    for line in table.splitlines():
        cells = [c.strip(" `") for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[1].isdigit():
            documented[cells[0]] = int(cells[1])
    assert documented == {code.value: status for code, status in STATUS.items()}
    assert set(STATUS) == set(ErrorCode)
