"""The protocol documentation cannot drift from the code: the schema file is regenerated and
compared, and the prose names every message type, error code and REST route."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from fastapi.routing import APIRoute

from samrap.server import protocol_doc
from samrap.server.api import router
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
