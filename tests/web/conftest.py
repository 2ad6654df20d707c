"""Browser tests of the web app: a real samrap server in a thread, driven by Playwright in Chromium.

How a browser is found (docs/web.md): ``SAMRAP_CHROMIUM`` if set, else the first of
``/usr/bin/chromium``, ``/usr/bin/chromium-browser``, ``/usr/bin/google-chrome`` and
``chromium``/``chromium-browser``/``google-chrome`` on ``PATH``. Playwright never downloads a
browser here (no ``playwright install``): it drives that executable. Without the ``playwright``
package or without a browser every test in this folder is skipped with the reason.

Screenshots are written to ``tests/web/artifacts/`` (gitignored).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ARTIFACTS = Path(__file__).parent / "artifacts"
CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
NAMES = ("chromium", "chromium-browser", "google-chrome")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


def find_chromium() -> str | None:
    env = os.environ.get("SAMRAP_CHROMIUM")
    if env:
        return env if Path(env).exists() else None
    for path in CANDIDATES:
        if Path(path).exists():
            return path
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    reason = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reason = "the playwright package is not installed (pip install playwright); see docs/web.md"
    try:
        import uvicorn  # noqa: F401

        import samrap.server.app  # noqa: F401
    except ImportError as e:
        reason = reason or f"the server's dependencies are not installed ({e.name}): pip install -e '.[server]'"
    if reason is None and find_chromium() is None:
        reason = "no Chromium found (apt-get install chromium, or set SAMRAP_CHROMIUM); see docs/web.md"
    if reason is None:
        return
    for item in items:
        if here in Path(str(item.fspath)).parents and "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.skip(reason=reason))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """A samrap server (SQLite in a temporary folder, bots without delay) on a free local port."""

    def __init__(self, db: Path) -> None:
        import uvicorn

        from samrap.server.app import create_app
        from samrap.server.settings import ServerSettings, sqlite_url

        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        settings = ServerSettings(database_url=sqlite_url(db), port=self.port, bot_delay_scale=0.0)
        config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=self.port, log_level="warning", ws="auto")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="samrap-web-test-server", daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the samrap server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with pytest.MonkeyPatch.context() as mp:
        _seeded_server(mp)
        live = LiveServer(tmp_path_factory.mktemp("web") / "samrap.db")
        live.start()
        yield live
        live.stop()


def _seeded_server(mp: pytest.MonkeyPatch) -> None:
    """The test server deals and seeds its bots from one seeded generator instead of the secret
    one a real server uses, so that a run of these tests plays the same games every time and a
    failure can be reproduced (two CI runs failed on one deal in many). ``SAMRAP_WEB_SEED`` picks
    another sequence of deals, to explore."""
    import random

    import samrap.server.runtime
    import samrap.server.table
    from samrap.engine.match import SEED_BITS

    rng = random.Random(int(os.environ.get("SAMRAP_WEB_SEED", "1")))
    mp.setattr(samrap.server.table, "_secret_seed", lambda: rng.getrandbits(SEED_BITS))
    mp.setattr(samrap.server.runtime, "randbits", rng.getrandbits)


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """One Chromium for the tests of this folder, stopped when they are done.

    Package scope, not session: while ``sync_playwright()`` is open, Playwright's sync API marks
    its event loop as the running loop of the main thread between calls (``wait_for_future`` in
    ``playwright/_impl/_greenlets.py``), so any later test in the same process that runs an event
    loop of its own (the external-bot client's ``run_until_complete``) failed with "Cannot run the
    event loop while another loop is running". Closing Playwright with the last web test clears
    the mark; ``pytest_runtest_setup`` in ``tests/conftest.py`` fails any later test that finds a
    running loop left behind.
    """
    from playwright.sync_api import sync_playwright

    path = find_chromium()
    assert path is not None
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser: Any, server: LiveServer) -> Iterator[Any]:
    """A factory of pages in fresh contexts: ``new_page(lang="th", viewport=PHONE)``.

    Every page records its uncaught script errors in ``page.errors``; the test fails if any occur.
    """
    contexts: list[Any] = []
    pages: list[Any] = []

    def make(lang: str = "en", viewport: dict[str, int] | None = None) -> Any:
        ctx = browser.new_context(
            viewport=viewport or {"width": 412, "height": 900},
            locale="th-TH" if lang == "th" else "en-US",
            base_url=server.url,
            reduced_motion="reduce",  # the app then drops its card animations: clicks need no settling
        )
        ctx.set_default_timeout(15_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        pages.append(page)
        return page

    yield make
    errors = [e for p in pages for e in p.errors]
    for ctx in contexts:
        ctx.close()
    assert not errors, f"script errors in the page: {errors}"


def api(server: LiveServer, method: str, path: str, body: Any = None) -> Any:
    """A REST call to the test server (standard library only); returns the decoded JSON body."""
    import json
    import urllib.request

    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(server.url + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read().decode() or "null")


def shot(page: Any, name: str, full_page: bool = False) -> Path:
    """Save a screenshot as a test artefact: what the screen shows, or the whole page."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
