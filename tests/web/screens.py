"""Every screen of the web app, visited in turn, for the checks that must hold on each of them:
Thai only when Thai is chosen (``test_thai_screens.py``), axe-core, no console error and no
horizontal scroll (``test_a11y.py``).

:func:`walk` opens each screen and calls ``visit(name)`` while it shows. To reach the end of a
game quickly it plays the seat's moves through the page's own socket (``window.samrapTable``,
the test hook the table exposes), choosing like the play tests' player: the screens are the
subject here, the taps are tested by ``test_play.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tests.web.conftest import api, shot
from tests.web.driver import choose, open_options, state

#: Names the walk gives people, Thai so that a Latin word on a Thai screen is never a name.
HOST = "สมชาย"

Visit = Callable[[str], None]

#: The finished match each test server's walks replay and review (made once: a review takes time).
_REVIEWED: dict[str, str] = {}

SETTLE = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def _settle(page: Any) -> None:
    page.wait_for_load_state("networkidle")
    page.evaluate(SETTLE)


def finished_match(server: Any, game: str = "dummy(players=2,target=1)") -> str:
    """A match of two bots played to its end on the server; returns its archive id."""
    made = api(server, "POST", "/api/tables", {"game": game, "seats": [{"kind": "bot", "level": "random"}] * 2})
    code = made["table"]["code"]
    api(server, "POST", f"/api/tables/{code}/start", {"token": made["host_token"]})
    deadline = time.monotonic() + 60
    while api(server, "GET", f"/api/tables/{code}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' match did not finish"
        time.sleep(0.1)
    return f"{code}-1"


def reviewed(server: Any, match: str, seat: int = 0, within: float = 900) -> None:
    """Have the server review ``seat`` of ``match`` and wait until it is done, from here: the
    review page then shows the finished review. (The server's workers are shared with hints and
    other reviews, so it may first answer 503 busy; a page would log that as a console error.)

    ``within`` is long because this waits on CPU, not on a person: a review is several seconds of
    one worker's CPU, and beside two CPU burners and other work (load average 18 on 2 cores) one
    took over 180 s; on a quiet machine it takes a few seconds, so the wait costs nothing there."""
    import json
    import urllib.error

    deadline = time.monotonic() + within
    while True:
        assert time.monotonic() < deadline, f"the review of {match} did not finish"
        try:
            answer = api(server, "POST", f"/api/games/{match}/review", {"seat": seat})
        except urllib.error.HTTPError as e:
            if e.code != 503:
                raise
            time.sleep(1)
            continue
        except TimeoutError:  # a worker being started on a loaded machine: the review goes on
            continue
        while answer["status"] not in ("done", "failed"):
            assert time.monotonic() < deadline, f"the review of {match} did not finish"
            time.sleep(0.5)
            answer = api(server, "GET", f"/api/games/{match}/review?seat={seat}")
        assert answer["status"] == "done", json.dumps(answer)[:300]
        return


def play_to_game_over(page: Any, limit: int = 400) -> None:
    """Play this seat's moves until the end-of-game dialog shows."""
    for _ in range(limit):
        if page.locator("dialog[open]").count():
            return
        st = state(page)
        if st and st["mine"] and not st["sending"] and st["legal"]:
            action = choose(st["legal"], st["kind"])
            page.evaluate("([v, a]) => window.samrapTable.sock.act(v, a)", [st["v"], action])
            page.wait_for_function(
                "v => window.samrapTable.msg.v > v || document.querySelector('dialog[open]')", arg=st["v"]
            )
        else:
            page.wait_for_timeout(50)
    raise AssertionError("no end-of-game dialog")


WIDTHS = (360, 390, 768, 1366)
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


class ScreenChecks:
    """What must hold on every screen (issue 12.8): axe-core finds no violation, nothing is logged
    as a console error, and nothing scrolls sideways at 360, 390, 768 or 1366 px wide.

    ``visit`` is the walk's callback; ``assert_clean`` fails with every problem, by screen."""

    def __init__(self, page: Any, lang: str) -> None:
        from axe_playwright_python.sync_playwright import Axe

        self.page, self.lang, self.axe = page, lang, Axe()
        self.console: list[str] = []
        self.violations: dict[str, list[str]] = {}
        self.overflow: dict[str, dict[int, int]] = {}
        self.errors: dict[str, list[str]] = {}
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}") if m.type == "error" else None)

    def visit(self, name: str) -> None:
        page = self.page
        found = []
        for v in self.axe.run(page).response["violations"]:
            found.append(f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}")
        if found:
            self.violations[name] = found
            shot(page, f"axe-{self.lang}-{name}", full_page=True)
        size = page.viewport_size
        wide = {}
        for w in WIDTHS:
            page.set_viewport_size({"width": w, "height": 800})
            page.evaluate(SETTLE)
            extra = page.evaluate(OVERFLOW)
            if extra > 0:
                wide[w] = extra
        page.set_viewport_size(size)
        if wide:
            self.overflow[name] = wide
        if self.console:
            self.errors[name] = list(self.console)
            self.console.clear()

    def assert_clean(self) -> None:
        problems = [f"axe-core on {k}: {v}" for k, v in self.violations.items()]
        problems += [f"console errors on {k}: {v}" for k, v in self.errors.items()]
        problems += [f"sideways scroll on {k} (px past the width, by width): {v}" for k, v in self.overflow.items()]
        assert not problems, "\n".join(problems)


def walk(page: Any, server: Any, visit: Visit) -> list[str]:
    """Visit every screen; returns their names in order."""
    seen: list[str] = []

    def at(name: str) -> None:
        _settle(page)
        seen.append(name)
        visit(name)

    page.goto("/")
    page.wait_for_selector("#playnow")
    at("home")
    open_options(page)
    page.click("#play-more summary")
    at("home-options-dummy")
    page.select_option("#game", "contract")
    page.wait_for_selector("#play-more")
    page.click("#play-more summary")
    at("home-options-contract")
    page.click("#create-toggle")
    page.click("#table-more summary")
    at("home-create-table")

    content = (("#/rules/dummy", "rules-dummy"), ("#/rules/contract", "rules-contract"), ("#/glossary", "glossary"))
    for route, name in content:
        page.goto("/" + route)
        page.wait_for_selector("main")
        at(name)

    # lessons: each course's list, and the first lesson of Dummy on its table
    for game in ("dummy", "contract"):
        page.goto(f"/#/learn/{game}")
        page.wait_for_selector("ol.lessons li a")
        at(f"learn-{game}")
    page.click("ol.lessons li a")
    page.wait_for_selector(".lesson main.felt", timeout=30_000)
    at("lesson")

    # puzzles: each game's puzzle of the day, then the answer after a try
    for game in ("dummy", "contract"):
        page.goto(f"/#/puzzles/{game}/today")
        page.wait_for_selector(".puzzle main.felt", timeout=30_000)
        at(f"puzzle-{game}")
    page.click(".puzzle [data-move]")
    page.wait_for_selector("[data-answer]", timeout=60_000)
    at("puzzle-answer")

    # a table for friends: its lobby, with the share panel
    page.goto("/")
    page.click("#create-toggle")
    page.fill("#t-name", HOST)
    page.click("#create")
    page.wait_for_selector("[data-code]")
    at("table-lobby")

    # Contract Rummy against bots, in play
    page.goto("/")
    open_options(page)
    page.select_option("#game", "contract")
    page.select_option("#players", "3")
    page.fill("#name", HOST)
    page.click("#playnow")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    at("table-contract")

    # Thai Dummy against a bot: in play, then the end of the game
    page.goto("/")
    open_options(page)
    page.select_option("#game", "dummy")
    page.select_option("#players", "2")
    page.select_option("#target", "50")
    page.click("#playnow")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    at("table-dummy")
    # a hint, asked for as a player asks: the hint button on the seat's turn
    page.wait_for_function("() => window.samrapTable.myTurn && !window.samrapTable.sending")
    page.click('[data-act="hint"]')
    page.wait_for_selector(".hintline .say", timeout=60_000)  # the hint line (hint.js)
    at("table-dummy-hint")
    play_to_game_over(page)
    at("game-over")

    # one finished and reviewed match per test server: both languages' walks show the same one
    match = _REVIEWED.get(server.url)
    if match is None:
        match = _REVIEWED[server.url] = finished_match(server)
    page.goto(f"/#/replay/{match}")
    page.wait_for_selector("main")
    # the end-of-game dialog of the table left behind is not carried over to the replay
    assert not page.locator("dialog[open]").count(), "a dialog of the page before is still open"
    at("replay")

    # the review of that match for seat 0 (made first: the page then opens on the finished review)
    reviewed(server, match)
    page.goto(f"/#/review/{match}?seat=0")
    # the finished review's summary (#revsum): the replay's page, still there right after the
    # hash changes, and the review's loading state must not be what is checked
    page.wait_for_selector("#revsum", timeout=90_000)
    at("review")
    return seen
