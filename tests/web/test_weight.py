"""The page is light and private: the first load of a table stays under 300 KB transferred, and
no request leaves the server's own origin (no CDN, no font service, no tracker)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from tests.web.conftest import api

BUDGET = 300 * 1024


class Traffic:
    """Every request of a page and the bytes its responses took (headers + body), plus websocket frames."""

    def __init__(self, page: Any) -> None:
        self.urls: list[str] = []
        self.sizes: dict[str, int] = {}
        self.frames = 0
        page.on("request", lambda r: self.urls.append(r.url))
        page.on("requestfinished", self._finished)
        page.on("websocket", self._socket)

    def _finished(self, request: Any) -> None:
        sizes = request.sizes()
        self.sizes[request.url] = sizes["responseBodySize"] + sizes["responseHeadersSize"]

    def _socket(self, ws: Any) -> None:
        self.urls.append(ws.url)
        ws.on("framereceived", lambda payload: self._frame(payload))

    def _frame(self, payload: Any) -> None:
        self.frames += len(payload if isinstance(payload, bytes) else str(payload).encode())

    @property
    def total(self) -> int:
        return sum(self.sizes.values()) + self.frames


def _same_origin(url: str, origin: str) -> bool:
    if url.startswith("data:") or url.startswith("blob:"):
        return True
    a, b = urlsplit(url), urlsplit(origin)
    return a.hostname == b.hostname and a.port == b.port and a.scheme in ("http", "ws")


def test_first_load_of_a_table_is_light_and_same_origin(new_page: Any, server: Any) -> None:
    # A table made by someone else; this browser opens its shared watch link cold (empty cache).
    body = {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot"}], "host_name": "host"}
    created = api(server, "POST", "/api/tables", body)
    code = created["table"]["code"]
    started = api(server, "POST", f"/api/tables/{code}/start", {"token": created["host_token"]})
    assert started["status"] == "playing"

    page = new_page("th")
    traffic = Traffic(page)
    page.goto(f"/t/{code}?watch={created['spectator_key']}")  # a private table's watch link
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    page.wait_for_load_state("networkidle")
    assert page.locator(".rowcard").count() >= 1
    assert traffic.total < BUDGET, f"first load took {traffic.total} bytes: {traffic.sizes}"
    assert traffic.total > 20_000  # the measurement really saw the scripts and the font
    assert any(u.endswith(".woff2") for u in traffic.sizes), "the Thai font was not loaded"
    foreign = [u for u in traffic.urls if not _same_origin(u, server.url)]
    assert not foreign, f"requests left the origin: {foreign}"
    print(f"table page first load: {traffic.total} bytes in {len(traffic.sizes)} responses")


def test_home_and_a_game_stay_same_origin(new_page: Any, server: Any) -> None:
    from tests.web.driver import start_bot_table

    page = new_page("en")
    traffic = Traffic(page)
    start_bot_table(page, "dummy", players=2)
    page.goto("/#/rules/dummy")
    page.goto("/#/glossary")
    page.wait_for_load_state("networkidle")
    foreign = [u for u in traffic.urls if not _same_origin(u, server.url)]
    assert not foreign, f"requests left the origin: {foreign}"
    assert traffic.total < BUDGET


def test_first_online_visit_of_the_home_page_stays_under_150_kb(new_page: Any, server: Any) -> None:
    """The offline pack (issue 25) is never part of a first visit: only its small manifest."""
    page = new_page("th")
    traffic = Traffic(page)
    page.goto("/")
    page.wait_for_selector("#offline-box")
    page.wait_for_load_state("networkidle")
    assert traffic.total < 150 * 1024, f"first visit took {traffic.total} bytes: {traffic.sizes}"
    assert not [u for u in traffic.urls if "/offline/pyodide/" in u or "/offline/samrap-" in u]
    print(f"home page first visit: {traffic.total} bytes in {len(traffic.sizes)} responses")
