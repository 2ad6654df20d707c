"""``samrap export-static`` (issue 25): the written folder, served by a plain static file server,
plays against bots in the browser, and the friends' table button says it needs a samrap server."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from samrap.offline.export import export_static
from samrap.offline.pack import pack_status
from tests.web.conftest import PHONE, _free_port

PACK = pack_status()
needs_pack = pytest.mark.skipif(
    not PACK.present, reason=f"no Pyodide core in {PACK.folder} (run scripts/install, which fetches it from npm)"
)
SLOW = 180_000


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def static_site(tmp_path: Path) -> Iterator[str]:
    export_static(tmp_path / "site")
    port = _free_port()
    handler = functools.partial(_Quiet, directory=str(tmp_path / "site"))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=10)


def window_note(page: Any) -> str:
    """The dock's message: a note, or the hint line (static/js/hint.js) once a hint is shown."""
    note = page.evaluate(f"() => {NOTE_JS}")
    return str(note or "")


NOTE_JS = (
    "(window.samrapTable.note && window.samrapTable.note.text)"
    " || (document.querySelector('.dock .hintline .say') || {}).textContent"
)


@needs_pack
def test_a_static_copy_plays_bots_in_the_browser(browser: Any, static_site: str) -> None:
    ctx = browser.new_context(viewport=PHONE, base_url=static_site, locale="en-US", reduced_motion="reduce")
    ctx.set_default_timeout(SLOW)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script("window.samrapOfflineDelay = 0")
        page.goto("/")
        page.wait_for_selector("#offline-download")
        assert "need a samrap server" in page.inner_text("#offline-box") or "without a server" in page.inner_text(
            "#offline-box"
        )
        page.click("#offline-download")
        page.wait_for_function("() => document.getElementById('offline-download').hidden")
        # friends' tables need a server: the form says so instead of failing on a missing API
        page.click("#create-toggle")
        page.click("#create")
        page.wait_for_function("() => /samrap server/.test(document.querySelector('#create-options .msg').textContent)")
        page.click("#playnow")
        page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
        assert str(page.evaluate("() => window.samrapTable.code")).startswith("OFF")
        # the Hint button asks the worker: the best move is named and its cards are lit
        page.wait_for_function("() => window.samrapTable.myTurn")
        page.click('[data-act="hint"]')
        page.wait_for_function("() => window.samrapTable.hintAction !== null")
        page.wait_for_function(f"() => !!({NOTE_JS})")  # the line is drawn on the next redraw
        assert window_note(page)
        # a reload carries on: the table is rebuilt in the worker from the log kept in IndexedDB
        before = page.evaluate("() => [window.samrapTable.code, window.samrapTable.msg.view]")
        page.reload()
        page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
        assert page.evaluate("() => [window.samrapTable.code, window.samrapTable.msg.view]") == before
    finally:
        ctx.close()
    assert not errors, errors


@needs_pack
def test_a_static_copy_answers_puzzles_in_the_browser(browser: Any, static_site: str) -> None:
    """With no server, the puzzle pages are answered by the worker's Python (offline/puzzles.py)."""
    from samrap.learn.puzzles import of_the_day

    ctx = browser.new_context(viewport=PHONE, base_url=static_site, locale="en-US", reduced_motion="reduce")
    ctx.set_default_timeout(SLOW)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("/")
        page.wait_for_selector("#offline-download")
        page.click("#offline-download")
        page.wait_for_function("() => document.getElementById('offline-download').hidden")
        day = page.evaluate("() => new Date().toISOString().slice(0, 10)")
        p = of_the_day("contract", day)
        page.goto("/#/puzzles/contract/today")
        page.wait_for_selector(f'[data-puzzle="{p.id}"] main.felt')
        page.click(f'.puzzle [data-move="{p.best}"]')
        page.wait_for_selector('[data-feedback="right"]')
        assert p.why["en"] in page.inner_text("[data-answer]")
    finally:
        ctx.close()
    assert not errors, errors
