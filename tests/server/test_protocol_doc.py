"""The protocol documentation cannot drift from the code: the schema file is regenerated and
compared, and the prose names every message type, error code and REST route."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette.routing import Mount, Route

from samrap.server import protocol_doc
from samrap.server.api import STATUS, router
from samrap.server.app import create_app
from samrap.server.messages import CLIENT_MESSAGE, SERVER_MESSAGE, ErrorCode, Event
from samrap.server.settings import ServerSettings

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
    for route, full in _walk(router.routes):
        assert isinstance(route, APIRoute)
        path = full.split("{")[0].rstrip("/")
        assert path in text, f"route {full} is not documented"


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


def _shape(path: str) -> str:
    """``/api/games/{game_id}/record`` -> ``/api/games/{}/record`` (the doc names parameters its own way)."""
    return re.sub(r"\{[^}]*\}", "{}", path.split("?")[0])


def documented_routes(text: str) -> set[tuple[str, str]]:
    """(method, path shape) of every ``METHOD /path`` in the first cell of the REST table's rows."""
    table = text.split("## REST", 1)[1].split("**Rate limits.**", 1)[0]
    found = set()
    for line in table.splitlines():
        if not line.startswith("| `"):
            continue
        first = line.split("|")[1]
        for method, path in re.findall(r"`(GET|POST|PUT|PATCH|DELETE) ([^`\s]+)`", first):
            found.add((method, _shape(path)))
    return found


def _walk(routes: list[Any], prefix: str = "") -> Iterator[tuple[Any, str]]:
    """Every route with its full path, into included routers (FastAPI 0.165 keeps them apart)."""
    for route in routes:
        context = getattr(route, "include_context", None)
        if context is not None:
            yield from _walk(route.original_router.routes, prefix + context.prefix)
        else:
            yield route, prefix + getattr(route, "path", "")


def served_routes() -> set[tuple[str, str]]:
    """(method, path shape) of every HTTP route of the whole app (all routers, pages, static files)."""
    app = create_app(ServerSettings(database_url="sqlite://"))
    found = set()
    for route, path in _walk(app.routes):
        if isinstance(route, APIWebSocketRoute):
            continue
        if isinstance(route, Mount):
            found.add(("GET", _shape(path + "/{file}")))
        else:  # an APIRoute, or Starlette's own (the OpenAPI schema)
            assert isinstance(route, APIRoute | Route), f"a route of an unexpected kind: {route!r}"
            found |= {(m, _shape(path)) for m in (route.methods or set()) - {"HEAD"}}
    return found


def test_the_rest_table_names_every_route_and_no_other() -> None:
    """Each HTTP route the server answers (review and lesson routes too, the OpenAPI schema) has
    its row, and each row a route."""
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    served = served_routes()
    documented = documented_routes(text)
    assert served - documented == set(), "routes the protocol doc does not list"
    assert documented - served == set(), "rows of the protocol doc that no route serves"
    assert "`/ws/tables/{code}`" in text


def test_every_declared_success_status_is_documented() -> None:
    """A route whose success is not 200 (a creation's 201) says so in its row."""
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.split("## REST", 1)[1].split("**Rate limits.**", 1)[0].splitlines():
        for method, path in re.findall(r"`(GET|POST) ([^`\s]+)`", line.split("|")[1] if line.startswith("|") else ""):
            rows[(method, _shape(path))] = line
    app = create_app(ServerSettings(database_url="sqlite://"))
    for route, path in _walk(app.routes):
        if isinstance(route, APIRoute) and route.status_code not in (None, 200):
            for method in route.methods or ():
                assert str(route.status_code) in rows[(method, _shape(path))], path
