"""The big moments at the table (moments.js, issue 23.5): which moments the page reads from the
events and views it receives, the banner it shows for them (before the scores), the sound that is
on by default with a remembered mute.

``findMoments`` is checked in the page itself on made-up views and events (it is a pure function);
the banner on a live table whose socket handler is given a knock's events, as the server sends
them (a knock ``act`` and the ``game_over`` with its ledger)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import DESKTOP, PHONE, shot
from tests.web.driver import open_bot_table, play_until

FIND = """async ([prev, view, events, same]) => {
  const m = await import('/static/js/moments.js');
  return m.findMoments(prev, view, events, same).map((x) => [x.kind, x.seat, x.card || null, x.seats || null]);
}"""


def _dummy(row: list[tuple[str, int]], items: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"game": "dummy", "row": [{"card": c, "by": b} for c, b in row], "head": "5s", "items": items or []}


def _find(page: Any, prev: Any, view: Any, events: list[dict[str, Any]], same: bool = True) -> list[Any]:
    found: list[Any] = page.evaluate(FIND, [prev, view, events, same])
    return found


def _ledger(*items: tuple[int, str, int]) -> list[dict[str, Any]]:
    return [{"seat": q, "item": code, "points": p, "detail": ""} for q, code, p in items]


def test_moments_are_read_from_events_and_views(new_page: Any, server: Any) -> None:
    page = new_page("en")
    page.goto("/")
    d = _dummy([("5s", -1)])
    # a dark knock by seat 1 that also is a colour knock; seat 0 fell and fed it
    over = {
        "kind": "game_over",
        "ledger": _ledger(
            (1, "knock_card", 50), (1, "dark_knock", 50), (1, "colour_knock", 50), (0, "fall", -40), (0, "ngo", -50)
        ),
    }
    got = _find(page, d, d, [{"kind": "act", "seat": 1, "action": "K Qs 7h8h9h"}, over])
    assert got == [["dark", 1, None, None], ["colour", 1, None, None], ["fall", 0, None, [0]], ["ngo", 0, None, None]]
    # a plain knock: no ledger mark but the knock card
    plain = {"kind": "game_over", "ledger": _ledger((0, "knock_card", 50), (0, "table", 30))}
    assert _find(page, d, d, [{"kind": "act", "seat": 0, "action": "K 3c"}, plain]) == [["knock", 0, None, None]]
    # a collect that takes the head (and the speto discarded after it) from the row; ปี้หัว accrued
    prev = _dummy([("5s", -1), ("Qs", 0), ("9h", 0)])
    now = _dummy([], [{"seat": 0, "item": "head_penalty", "points": -50, "detail": "5s"}])
    got = _find(page, prev, now, [{"kind": "act", "seat": 1, "action": "C0 5s6s7s"}])
    assert got == [["headPenalty", 0, None, None], ["head", 1, "5s", None], ["spetoCollect", 1, "Qs", None]]
    # a discard or a draw is no moment; a new game's row is not a collect
    assert (
        _find(
            page,
            prev,
            _dummy([("5s", -1), ("Qs", 0), ("9h", 0), ("3d", 1)]),
            [{"kind": "act", "seat": 1, "action": "X 3d"}],
        )
        == []
    )
    assert _find(page, prev, _dummy([("4c", -1)]), [{"kind": "act", "seat": 1, "action": "C2 9h9d9c"}], False) == []
    # Contract Rummy: a buy, a go-down, going out
    c = {"game": "contract"}
    events: list[dict[str, Any]] = [
        {"kind": "act", "seat": 2, "action": "C"},
        {"kind": "act", "seat": 0, "action": "G 7c7d7h 9s9d9c"},
        {"kind": "game_over", "ledger": _ledger((0, "out", 0), (1, "pips", 25))},
    ]
    assert _find(page, c, c, events) == [["out", 0, None, None], ["godown", 0, None, None], ["buy", 2, None, None]]
    # a pick-up, a meld or a discard is none
    assert (
        _find(page, c, c, [{"kind": "act", "seat": 1, "action": "P"}, {"kind": "act", "seat": 1, "action": "X 4h"}])
        == []
    )


HOLD = "async (ms) => { (await import('/static/js/moments.js')).timing.ms = ms; }"

KNOCK = """([seat, ledger]) => {
  const t = window.samrapTable;
  const v = t.msg.v;
  const events = [{v, kind: 'act', seat, action: 'K Qs'},
                  {v, kind: 'game_over', game: 0, scores: [0, 0], totals: [0, 0], ledger}];
  t.onView({...t.msg, events});
}"""


def _knock(page: Any, lang: str) -> None:
    ledger = _ledger((1, "knock_card", 50), (1, "dark_knock", 50), (0, "fall", -40), (0, "ngo", -50))
    page.evaluate(KNOCK, [1, ledger])


@pytest.mark.parametrize(
    ("lang", "size", "title", "words"),
    [
        ("th", "phone", "น็อคมืด!", ["ตกตึก", "โง่"]),
        ("en", "phone", "Dark knock! · น็อคมืด", ["ตกตึก", "(โง่)"]),
        ("th", "desktop", "น็อคมืด!", ["ตกตึก", "โง่"]),
        ("en", "desktop", "Dark knock! · น็อคมืด", ["ตกตึก", "(โง่)"]),
    ],
)
def test_a_knock_shows_its_banner_over_the_scores(
    new_page: Any, server: Any, lang: str, size: str, title: str, words: list[str]
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    page = new_page(lang, viewport)
    open_bot_table(page, server, "dummy", "", players=2, name="สมชาย" if lang == "th" else "Somchai")
    play_until(page, lambda s: s["mine"], 30)
    page.evaluate(HOLD, 120_000)  # the checks below may take seconds on a busy machine
    _knock(page, lang)
    # the scores open at once (a player may close them and play on) and the banner is over them
    page.wait_for_selector("dialog[open] [data-over]")
    banner = page.locator("dialog[open] .moment")
    banner.wait_for(state="visible")
    assert banner.get_attribute("data-moment") == "dark"
    assert banner.get_attribute("role") == "status"
    assert page.locator(".moment .mo-title").inner_text() == title
    lines = page.locator(".moment .mo-lines li").all_inner_texts()
    assert len(lines) == 3 and all(any(w in line for line in lines) for w in words), lines
    # the banner fits the screen, widens nothing and nothing is drawn over it
    box = banner.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    on_top = page.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y).closest('.moment')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert on_top, "the banner is under something"
    shot(page, f"web-moment-{size}-{lang}")
    # a tap closes it; the scores stay
    banner.click()
    page.wait_for_selector(".moment", state="detached")
    assert page.locator("dialog[open] [data-over]").count() == 1


def test_a_moment_in_play_shows_over_the_table(new_page: Any, server: Any) -> None:
    """A collected head with its ปี้หัว: one banner over the table (no dialog), a tap closes it."""
    page = new_page("th", PHONE)
    open_bot_table(page, server, "dummy", "", players=2, name="สมชาย")
    play_until(page, lambda s: s["mine"], 30)
    page.evaluate(HOLD, 120_000)
    page.evaluate(
        "async () => { const m = await import('/static/js/moments.js'); const t = window.samrapTable;"
        " const head = [{kind: 'head', seat: 1, card: '5s'}, {kind: 'headPenalty', seat: 0, points: -50}];"
        " m.showMoments(head, t.names, 0); }"
    )
    banner = page.locator(".moment")
    banner.wait_for(state="visible")
    assert page.locator(".moment .mo-title").inner_text() == "เก็บหัว!"
    assert page.locator(".moment .mo-lines li").all_inner_texts()[1] == "คุณ ปี้หัว เสีย 50 แต้ม"
    assert not page.locator("dialog[open]").count()
    shot(page, "web-moment-head-phone-th")
    banner.click()
    page.wait_for_selector(".moment", state="detached")
    # and a banner goes by itself
    page.evaluate(HOLD, 300)
    page.evaluate(
        "async () => (await import('/static/js/moments.js')).showMoments([{kind: 'buy', seat: 1}], ['A', 'B'], 0)"
    )
    page.wait_for_selector(".moment", state="detached", timeout=15_000)


def test_sound_is_on_by_default_and_the_mute_is_remembered(new_page: Any, server: Any) -> None:
    page = new_page("en", PHONE)
    sounds: list[str] = []
    page.on("request", lambda r: sounds.append(r.url) if "/sounds/" in r.url else None)
    open_bot_table(page, server, "dummy", "", players=2)
    first = play_until(page, lambda s: s["mine"], 30)
    toggle = page.locator("#sound")
    assert toggle.get_attribute("aria-pressed") == "true"  # on without asking
    assert toggle.is_visible()
    # a turn that comes back to this seat (after the bot's) rings, nobody having turned sound on
    play_until(page, lambda s: s["mine"] and s["phase"] == "draw" and s["v"] > first["v"] + 2, 60)
    for _ in range(100):
        if any(u.endswith("/static/sounds/turn.wav") for u in sounds):
            break
        page.wait_for_timeout(100)
    assert any(u.endswith("/static/sounds/turn.wav") for u in sounds), sounds
    assert all("/static/sounds/" in u and u.startswith(server.url) for u in sounds)  # self-hosted
    # moments are sounded by notes made in code: nothing more is fetched
    assert page.evaluate("async () => (await import('/static/js/moments.js')).playMomentSound('out')") is True
    toggle.click()
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    page.wait_for_function("() => localStorage.getItem('samrap.sound') === 'false'")
    page.reload()
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    # muted: a moment makes no sound
    assert page.evaluate("async () => (await import('/static/js/moments.js')).playMomentSound('out')") is False


def test_reduced_motion_tones_the_banner_down(browser: Any, server: Any) -> None:
    names = {}
    for motion in ("no-preference", "reduce"):
        ctx = browser.new_context(viewport=PHONE, base_url=server.url, reduced_motion=motion)
        try:
            page = ctx.new_page()
            page.goto("/")
            page.evaluate(
                "async () => { const c = await import('/static/js/css.js'); await c.needCss('table');"
                " const m = await import('/static/js/moments.js'); m.showMoments([{kind: 'out', seat: 0}], ['A'], 1); }"
            )
            page.locator(".moment").wait_for(state="visible")
            names[motion] = page.evaluate("() => getComputedStyle(document.querySelector('.moment')).animationName")
        finally:
            ctx.close()
    assert names == {"no-preference": "moment-in", "reduce": "moment-fade"}, json.dumps(names)


def test_axe_finds_nothing_with_a_banner_in_play_or_over_the_scores(new_page: Any, server: Any) -> None:
    """A banner that stays for the check (axe takes seconds on a busy machine)."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    page = new_page("th", PHONE)
    open_bot_table(page, server, "dummy", "", players=2, name="สมชาย")
    play_until(page, lambda s: s["mine"], 30)
    show = (
        "async (kind) => { const m = await import('/static/js/moments.js'); const t = window.samrapTable;"
        " m.clearMoments(); m.showMoments([{kind, seat: 1, card: 'Qs'}], t.names, 0, 120000); }"
    )
    page.evaluate(show, "spetoCollect")
    page.locator(".moment").wait_for(state="visible")
    found = [v["id"] for v in axe.run(page).response["violations"]]
    assert page.locator(".moment").count() == 1 and found == [], found
    _knock(page, "th")
    page.wait_for_selector("dialog[open] [data-over]")
    page.evaluate(show, "dark")
    page.locator("dialog[open] .moment").wait_for(state="visible")
    found = [v["id"] for v in axe.run(page).response["violations"]]
    assert page.locator("dialog[open] .moment").count() == 1 and found == [], found
