"""Playing through the web app as a person would: taps on the cards and buttons the page shows.

The page exposes its table controller as ``window.samrapTable`` (what the server sent this seat:
the parsed view and the legal action texts). A test reads the legal list only to *choose* a move,
like a person reading the screen; the move itself is always made by clicking the UI.
"""

from __future__ import annotations

import time
from typing import Any

STATE = """() => {
  const t = window.samrapTable;
  if (!t || !t.view) return null;
  return {mine: !!t.myTurn, legal: t.legal, v: t.msg.v, game: t.msg.game, note: t.note, phase: t.view.phase,
          text: t.msg.view, dialog: !!document.querySelector('dialog[open] [data-continue]'),
          winner: !!document.querySelector('dialog[open] .winner'),
          over: t.view.over, hand: t.order.map((id) => t.faceOf.get(id)), sending: t.sending, seat: t.seat,
          kind: t.view.game, deal: t.view.deal || 0};
}"""


def state(page: Any) -> dict[str, Any] | None:
    found: dict[str, Any] | None = page.evaluate(STATE)
    return found


def open_options(page: Any) -> None:
    """Open the home page's play options (one tap on the summary line under "Play now")."""
    page.wait_for_selector("#options-toggle")
    if page.get_attribute("#options-toggle", "aria-expanded") != "true":
        page.click("#options-toggle")


def start_bot_table(
    page: Any, game: str = "dummy", players: int = 2, target: int | None = None, preset: str | None = None
) -> str:
    """From the home page: choose the game and press "Play now"; returns the table code."""
    page.goto("/")
    open_options(page)
    page.select_option("#game", game)
    if preset:
        page.select_option("#preset", preset)
    page.select_option("#players", str(players))
    if target is not None:
        page.select_option("#target", str(target))
    page.click("#playnow")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    return str(page.evaluate("() => window.samrapTable.code"))


def open_bot_table(
    page: Any,
    server: Any,
    game: str = "dummy",
    config: str = "",
    players: int = 2,
    level: str = "easy",
    name: str = "Player",
    url: str | None = None,
) -> str:
    """Create a table of one person (seat 0, this page) and bots by the REST API, start it and open
    it, as a shared link would; returns the table code. Quicker than the home page's form and
    independent of it; ``url`` lets a script use a server that is not the test fixture's."""
    import json
    import urllib.request

    base = url or server.url

    def call(path: str, body: Any) -> Any:
        req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
        req.add_header("content-type", "application/json")
        with urllib.request.urlopen(req, timeout=10) as res:
            return json.loads(res.read().decode())

    seats = [{"kind": "human"}] + [{"kind": "bot", "level": level}] * (players - 1)
    created = call("/api/tables", {"game": game, "config": config, "seats": seats, "host_name": name})
    code = str(created["table"]["code"])
    seat = {code: {"token": created["token"], "seat": created["seat"], "host": created["host_token"], "at": 1}}
    call(f"/api/tables/{code}/start", {"token": created["host_token"]})
    page.add_init_script(f"localStorage.setItem('samrap.seats', {json.dumps(json.dumps(seat))})")
    page.goto(f"{base}/t/{code}")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    return code


def dismiss_game_over(page: Any) -> bool:
    """Close an end-of-game dialog if one is open; True if one was."""
    dlg = page.locator("dialog[open] [data-continue]")
    if dlg.count():
        dlg.click()
        return True
    return False


def _cards(text: str) -> list[str]:
    out, i = [], 0
    while i < len(text):
        if text[i] == "*":
            out.append(text[i : i + 3])
            i += 3
        else:
            out.append(text[i : i + 2])
            i += 2
    return out


def _select(page: Any, faces: list[str]) -> None:
    """Tap hand cards with these faces (a joker as ``*``), one card per face. (The app clears the
    selection after every accepted move, so nothing is selected before.)"""
    used: dict[str, int] = {}
    for f in faces:
        face = "*" if f.startswith("*") else f
        k = used.get(face, 0)
        page.locator(f'.hand [data-face="{face}"]').nth(k).click()
        used[face] = k + 1


def choose(legal: list[str], kind: str) -> str:
    """A reasonable move for a test player: collect or go down when possible, else draw, meld,
    discard; knock or pass only when nothing else is allowed."""

    def first(prefix: str) -> str | None:
        return next((a for a in legal if a.startswith(prefix)), None)

    if kind == "dummy":
        for prefix in ("C", "D", "M ", "X ", "K ", "-"):
            a = first(prefix)
            if a:
                return a
    else:
        for prefix in ("G ", "L ", "C", "-", "P", "D", "X "):
            a = first(prefix)
            if a and not (prefix == "P" and a != "P"):
                return a
        a = first("P")
        if a:
            return a
    return legal[0]


def bot_choice(st: dict[str, Any]) -> str:
    """The move the game's medium bot would make from this seat's view (a stronger test player,
    so a Contract Rummy deal ends in reasonable time). Only the seat's own view is used."""
    import random

    from samrap.players.levels import make_bot

    if st["kind"] == "contract":
        from samrap.games.contract.config import ContractConfig
        from samrap.games.contract.game import ContractGame

        game: Any = ContractGame(ContractConfig.from_string(st["text"].split("|")[0]))
    else:
        from samrap.engine.registry import GAMES

        spec = GAMES["dummy"]
        game = spec.make_game(spec.parse_config(st["text"].split("|")[0], spec.default_config))
    if st["kind"] == "contract":
        view = game.view_from_string(st["text"])
    else:
        from samrap.games.dummy.notation import view_from_string

        view = view_from_string(st["text"])
    legal = [game.parse_action(t) for t in st["legal"]]
    bot = make_bot("medium", game)
    action = bot.choose(view, legal, random.Random(st["v"]))
    return str(game.action_text(action))


def play(page: Any, action: str, kind: str) -> None:
    """Make ``action`` through the UI."""
    head = action.split()[0]
    if action == "D":
        page.keyboard.press("d")  # the keyboard shortcut: one input event, no pointer to aim
    elif action == "-":
        page.click('[data-act="pass"]')
    elif kind == "dummy" and head.startswith("C"):
        v = page.evaluate("() => window.samrapTable.msg.v")
        page.click(f'[data-row="{head[1:]}"]')
        _pick_in_dialog(page, action, v)
    elif kind == "dummy" and head == "M":
        _select(page, _cards(action.split()[1]))
        page.click('[data-act="meld"]')
    elif head == "X":
        _select(page, [action.split()[1]])
        page.keyboard.press("x")
    elif head == "K":
        _select(page, [action.split()[1]])
        page.click('[data-act="knock"]')
        page.click(f'dialog[open] [data-action="{action}"]')
        page.click("dialog[open] [data-confirm]")
    elif head == "C":
        page.click('[data-act="claim"]')
    elif head == "P":
        if action == "P":
            page.click('[data-act="take"]')
        else:
            page.click(f'[data-depth="{head[1:]}"]')
            page.click(f'dialog[open] [data-action="{action}"]')
    elif head == "G":
        faces = [c for tok in action.split()[1:] for c in _cards(tok)]
        _select(page, faces)
        page.click('[data-act="godown"]')
        dlg = page.locator(f'dialog[open] [data-action="{action}"]')
        if dlg.count():
            dlg.click()
    elif head in ("L", "E"):
        card, target = action.split()[1].split(">")
        _select(page, [card])
        page.click(f'[data-meld="{target}"]')
        dlg = page.locator(f'dialog[open] [data-action="{action}"]')
        if dlg.count():
            dlg.click()
    else:
        raise AssertionError(f"the test player has no way to play {action!r}")


def _pick_in_dialog(page: Any, action: str, v: int) -> None:
    """A tap that has one legal move acts at once; with several, a dialog asks which: pick ``action``."""
    page.wait_for_function(
        "v => { const t = window.samrapTable; return document.querySelector('dialog[open]') || t.sending"
        " || t.msg.v > v || (t.note && t.note.error); }",
        arg=v,
        polling="raf",
    )
    if page.locator("dialog[open]").count():
        option = page.locator(f'dialog[open] [data-action="{action}"]')
        try:
            option.wait_for(timeout=5000)
        except Exception as e:  # say what the dialog offered instead, for the next time it happens
            offered = page.evaluate(
                "() => [...document.querySelectorAll('dialog[open]')].map((d) =>"
                " [d.innerText.slice(0, 200), [...d.querySelectorAll('[data-action]')].map((b) => b.dataset.action)])"
            )
            legal = page.evaluate("() => (window.samrapTable.legal || []).slice(0, 40)")
            raise AssertionError(f"no {action!r} in the open dialog: {offered}; legal now: {legal}") from e
        option.click()


WAKE = """v => {
  const t = window.samrapTable;
  return document.querySelector('dialog[open]') || (t && t.view && t.msg.v !== v && t.myTurn && !t.sending)
    || (t && t.note && t.note.error);
}"""


def play_until(page: Any, done: Any, limit: float = 60.0, chooser: Any = None, player: Any = None) -> dict[str, Any]:
    """Play this seat's turns until ``done(state)`` is true; closes end-of-game dialogs on the way.

    Returns the last state. Fails on a move the server refused (a UI that sends a wrong action
    text) or when nothing happens for 10 seconds.
    """
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, "the game did not finish in time"
        st = state(page)
        if st is not None and done(st):
            return st
        if st is not None and st["dialog"]:
            dismiss_game_over(page)
            continue
        if st is None or not st["mine"] or st["sending"]:
            # wait (without polling from here) for our turn, a new game, or an end-of-game dialog
            page.wait_for_function(WAKE, arg=st["v"] if st else -1, timeout=10_000, polling="raf")
            continue
        note = st["note"]
        assert not (note and note.get("error")), f"the server refused a move: {note}"
        action = chooser(st) if chooser else choose(st["legal"], st["kind"])
        (player or play)(page, action, st["kind"])
        page.wait_for_function(
            "v => { const t = window.samrapTable; return (t.msg && t.msg.v > v) || (t.note && t.note.error)"
            " || document.querySelector('dialog[open]'); }",
            arg=st["v"],
            polling="raf",
        )


# ---------- playing on the table itself: taps on cards and targets, or drags ----------


def _lit(page: Any, selector: str) -> Any:
    """The element a move needs, which must be lit (a legal target) and visible."""
    el = page.locator(selector)
    assert el.count() == 1, f"no lit target {selector!r}"
    assert el.is_visible(), f"{selector!r} is not on the screen"
    return el


def _drag_to(page: Any, face: str, target: str, source: str | None = None) -> None:
    """Drag the hand card ``face`` (or the element ``source``) with the mouse onto the drop target
    ``target`` (a selector) that lights up once the drag starts."""
    card = page.locator(source or f'.hand [data-face="{face}"]').first
    box = card.bounding_box()
    assert box is not None
    x, y = box["x"] + min(10, box["width"] / 2), box["y"] + 20
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 6, y - 12, steps=2)
    page.mouse.move(x + 10, y - 30, steps=3)  # the drag has started: the targets are lit
    to = page.locator(target).first
    page.wait_for_function("s => !!document.querySelector(s)", arg=target)
    tb = to.bounding_box()
    assert tb is not None, f"no drop target {target!r} during the drag"
    page.mouse.move(tb["x"] + tb["width"] / 2, tb["y"] + tb["height"] / 2, steps=6)
    page.mouse.up()


def table_play(page: Any, action: str, kind: str, drag: bool = False) -> None:
    """Make ``action`` on the table as a touch player does: tap the stock, tap a row card, select
    cards and tap the lit target (the discard spot, a meld, the new-meld spot); with ``drag`` the
    card is dragged onto that target instead. Only a knock, a buy and a pass use buttons."""
    head = action.split()[0]
    v = page.evaluate("() => window.samrapTable.msg.v")
    if action == "D":
        if drag:
            _drag_to(page, "", '[data-drop="hand"]', source="button[data-stock].lit")
        else:
            _lit(page, "button[data-stock]").click()
    elif action == "-":
        page.click('[data-act="pass"]')
    elif kind == "dummy" and head.startswith("C"):
        index = head[1:]
        rest = action.split()[1]
        if not rest.startswith(">"):
            hand = page.evaluate("() => window.samrapTable.view.hand")
            _select(page, [c for c in _cards(rest) if c in hand])
        row = f'.rowcard.can [data-row="{index}"]'
        _lit(page, row)
        if drag:
            _drag_to(page, "", '[data-drop="hand"]', source=row)
        else:
            page.click(row)
        _pick_in_dialog(page, action, v)
    elif head == "M" or head == "G":
        faces = [c for tok in action.split()[1:] for c in _cards(tok)]
        _select(page, faces)
        _lit(page, '[data-drop="newmeld"]')
        if drag:
            _drag_to(page, "*" if faces[0].startswith("*") else faces[0], '[data-drop="newmeld"]')
        else:
            page.click('[data-drop="newmeld"]')
        _pick_in_dialog(page, action, v)
    elif head == "X":
        face = action.split()[1]
        if drag:
            _drag_to(page, face, 'button[data-drop="discard"]')
        else:
            _select(page, [face])
            _lit(page, 'button[data-drop="discard"]').click()
    elif head in ("L", "E"):
        card, target = action.split()[1].split(">")
        face = "*" if card.startswith("*") else card
        if drag:
            _drag_to(page, face, f'[data-drop="meld:{target}"]')
        else:
            _select(page, [card])
            _lit(page, f'.meld.target[data-meld="{target}"]').click()
        _pick_in_dialog(page, action, v)
    elif head == "K":
        _select(page, [action.split()[1]])
        page.click('[data-act="knock"]')
        page.click(f'dialog[open] [data-action="{action}"]')
        page.click("dialog[open] [data-confirm]")
    elif head == "C":
        page.click('[data-act="claim"]')
    elif head == "P":
        depth = head[1:] or "0"
        _lit(page, f'.rowcard.can [data-depth="{depth}"]').click()
        _pick_in_dialog(page, action, v)
    else:
        raise AssertionError(f"the test player has no way to play {action!r}")
