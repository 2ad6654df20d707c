"""The screens of people at the table (issue 23), walked for the checks of every screen (axe-core,
console errors, sideways scroll: ``tests/web/test_people.py``) and for the screenshots in
docs/img (``scripts/people_screenshots.py``): the lobby on the home page, the quick-match wait,
and a table in play with the chat open and a bubble at the speaker's seat."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.web.conftest import api

#: Set up once per test server: a waiting public table and a public table in play with chat.
_SCENES: dict[str, dict[str, Any]] = {}


def say(server: Any, code: str, token: str, text: str) -> None:
    """Say one chat line at a table as a seat (a websocket of its own, closed after the ack)."""
    from websockets.sync.client import connect

    with connect(server.url.replace("http://", "ws://") + f"/ws/tables/{code}") as ws:
        ws.send(json.dumps({"t": "hello", "token": token, "protocol": 1}))
        for _ in range(200):  # welcome, table, view, the history
            msg = json.loads(ws.recv(timeout=30))
            if msg["t"] == "view":
                break
        ws.send(json.dumps({"t": "chat", "text": text, "ref": "s"}))
        for _ in range(200):
            msg = json.loads(ws.recv(timeout=30))
            if msg["t"] in ("ack", "error") and msg.get("ref") == "s":
                assert msg["t"] == "ack", msg
                return


def scenes(server: Any) -> dict[str, Any]:
    """The tables the walk shows (made once per server)."""
    found = _SCENES.get(server.url)
    if found is not None:
        return found
    waiting = api(
        server, "POST", "/api/tables", {"game": "dummy(players=3,target=100)", "host_name": "Lek", "public": True}
    )
    body = {"game": "dummy(players=2,target=500)", "host_name": "Nok", "public": True}
    playing = api(server, "POST", "/api/tables", body)
    code = playing["table"]["code"]
    fon = api(server, "POST", f"/api/tables/{code}/join", {"name": "Fon"})
    api(server, "POST", f"/api/tables/{code}/start", {"token": playing["token"]})
    say(server, code, fon["token"], ":hi:")
    say(server, code, playing["token"], "สู้ๆ นะ · good luck")
    found = _SCENES[server.url] = {
        "waiting": waiting["table"]["code"],
        "playing": code,
        "host": playing["token"],
        "guest": fon["token"],
    }
    return found


def people_walk(page: Any, server: Any, visit: Callable[[str], None]) -> list[str]:
    """Visit the lobby, a quick-match wait and the chat at a table; returns the screens' names."""
    s = scenes(server)
    seen: list[str] = []

    def at(name: str) -> None:
        page.evaluate("() => document.fonts.ready")
        seen.append(name)
        visit(name)

    page.goto("/")
    page.wait_for_selector(f'.lobby-row[data-table="{s["waiting"]}"]')
    page.locator("#lobby").scroll_into_view_if_needed()
    at("lobby")

    page.goto("/")
    page.wait_for_selector("#quickmatch")
    page.click("#quickmatch")
    page.wait_for_selector("#quick-wait .quick-clock")
    at("quick-wait")
    # leave the seat, so that the next walk on this server waits alone at the same table
    mine = page.evaluate("() => { const t = window.samrapTable; return [t.code, t.token]; }")
    api(server, "POST", f"/api/tables/{mine[0]}/leave", {"token": mine[1]})

    # the table in play as Nok (seat 0), the chat open, a line from Fon just arrived
    code = s["playing"]
    page.goto("/")
    seat = {"token": s["host"], "seat": 0, "at": 1}
    page.evaluate("([c, v]) => localStorage.setItem('samrap.seats', JSON.stringify({[c]: v}))", [code, seat])
    page.goto(f"/#/t/{code}")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view && window.samrapTable.chat")
    page.click("#chat-toggle")
    page.wait_for_selector("#chat-panel:not([hidden]) .chat-line")
    say(server, code, s["guest"], "👍")
    page.wait_for_selector('.seat-area[data-seat="1"] .chat-bubble')
    at("chat")
    page.click(".chat-close")
    return seen
