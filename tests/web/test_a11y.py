"""Accessibility: keyboard play, a name for every card and control, WCAG AA contrast, four colours."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import PHONE, shot
from tests.web.driver import play_until, start_bot_table, state
from tests.web.screens import ScreenChecks, walk

UNNAMED = """() => {
  const bad = [];
  const els = document.querySelectorAll('button, a[href], input, select, [role=img], [role=button]');
  for (const el of els) {
    if (el.closest('[aria-hidden=true]') || el.offsetParent === null && el.getClientRects().length === 0) continue;
    let name = el.getAttribute('aria-label') || '';
    if (!name && el.id) {
      const l = document.querySelector(`label[for="${el.id}"]`);
      if (l) name = l.textContent;
    }
    if (!name) name = el.textContent || el.getAttribute('title') || '';
    if (!name.trim()) bad.push(el.outerHTML.slice(0, 120));
  }
  return bad;
}"""

# WCAG 2.x contrast of every visible text against the first solid background behind it.
CONTRAST = """() => {
  const lin = (v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c) => {
    const [r, g, b] = c.match(/[\\d.]+/g).map(Number).slice(0, 3).map(lin);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const rgba = (c) => {
    const m = c.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const bg = (el) => {
    // composite the translucent layers behind the text over the first solid one
    const layers = [];
    let base = [255, 255, 255];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] >= 0.99) { base = c.slice(0, 3); break; }
      if (c[3] > 0) layers.push(c);
    }
    for (const [r, g, b, a] of layers.reverse()) {
      base = [r, g, b].map((v, i) => v * a + base[i] * (1 - a));
    }
    return `rgb(${base.map((v) => Math.round(v)).join(', ')})`;
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('svg, [disabled], .sr-only, option, noscript')) continue;
    if (!el.getClientRects().length) continue;
    const st = getComputedStyle(el);
    if (st.visibility === 'hidden' || Number(st.opacity) < 1) continue;
    const back = bg(el);
    const size = parseFloat(st.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
    const r = ratio(st.color, back);
    const text = n.textContent.trim().slice(0, 30);
    if (r < (large ? 3 : 4.5)) bad.push(`${r.toFixed(2)} "${text}" ${st.color} on ${back}`);
  }
  return bad;
}"""

SUITS = """() => {
  const lin = (v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c) => {
    const [r, g, b] = c.match(/[\\d.]+/g).map(Number).slice(0, 3).map(lin);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const out = {};
  for (const s of 'cdhs') {
    const el = document.createElement('span');
    el.className = 'su-' + s;
    document.body.appendChild(el);
    const c = getComputedStyle(el).color;
    out[s] = [c, 1.05 / (lum(c) + 0.05)];
    el.remove();
  }
  return out;
}"""


def test_keyboard_play_and_names(new_page: Any) -> None:
    page = new_page("en", PHONE)
    start_bot_table(page, "dummy", players=2, target=500)
    play_until(page, lambda s: s["mine"] and "D" in s["legal"], 30)
    before = state(page)
    assert before is not None
    assert page.evaluate(UNNAMED) == []

    page.keyboard.press("d")  # D draws
    page.wait_for_function("v => window.samrapTable.msg.v > v", arg=before["v"])
    drawn = state(page)
    assert drawn is not None and len(drawn["hand"]) == len(before["hand"]) + 1
    assert drawn["phase"] == "play"

    # Tab reaches the hand (one tab stop), the arrows move along it, Space selects, X discards.
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.hand')"):
            break
    else:
        raise AssertionError("Tab never reached the hand")
    page.keyboard.press("ArrowRight")
    face = page.evaluate("() => document.activeElement.dataset.face")
    name = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert face and name and " of " in name  # e.g. "7 of hearts"
    page.keyboard.press("Space")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
    page.keyboard.press("x")
    page.wait_for_function("v => window.samrapTable.msg.v > v", arg=drawn["v"])
    after = state(page)
    assert after is not None and len(after["hand"]) == len(drawn["hand"]) - 1
    assert face not in after["hand"]
    # the card went to the row (or a bot has already collected it: into a meld, or into its hand
    # with the row cards it took, where everyone saw it go)
    public = page.evaluate(
        "() => { const v = window.samrapTable.view; return [...v.row.map((r) => r.card),"
        " ...v.melds.flatMap((m) => m.cards.map((c) => c.card)), ...v.hands.flatMap((h) => h.known)]; }"
    )
    assert face in public

    # Alt+Arrow moves a card within the hand
    play_until(page, lambda s: s["mine"], 30)
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.hand')"):
            break
    first = page.evaluate("() => window.samrapTable.order[0]")
    page.keyboard.press("Alt+ArrowRight")
    assert page.evaluate("() => window.samrapTable.order[1]") == first
    assert page.evaluate("() => document.activeElement.dataset.card") == first
    assert page.evaluate(UNNAMED) == []


def test_contrast_passes_wcag_aa_in_both_decks(new_page: Any) -> None:
    page = new_page("th", PHONE)
    start_bot_table(page, "dummy", players=3)
    play_until(page, lambda s: s["mine"] and page.locator(".rowcard").count() >= 3, 30)
    problems = page.evaluate(CONTRAST)
    assert problems == [], problems
    suits = page.evaluate(SUITS)
    assert all(r >= 4.5 for _, r in suits.values()), suits
    assert suits["c"][0] == suits["s"][0]  # two colours by default
    page.click("#fourcolour")
    assert page.evaluate("() => document.documentElement.classList.contains('four-colour')")
    suits4 = page.evaluate(SUITS)
    assert len({c for c, _ in suits4.values()}) == 4, suits4
    assert all(r >= 4.5 for _, r in suits4.values()), suits4
    assert page.evaluate(CONTRAST) == []
    shot(page, "table-phone-th-four-colour")
    page.goto("/")
    assert page.evaluate(CONTRAST) == []
    page.reload()
    assert page.evaluate("() => document.documentElement.classList.contains('four-colour')")  # remembered


def test_every_english_screen_passes_axe_has_no_console_error_and_no_sideways_scroll(
    new_page: Any, server: Any
) -> None:
    """Issue 12.8: axe-core finds no violation on any screen; no screen logs a console error; none
    scrolls sideways at 360, 390, 768 or 1366 px. The Thai walk (test_thai_screens.py) makes the
    same checks in Thai, so each language is walked once."""
    page = new_page("en", PHONE)
    checks = ScreenChecks(page, "en")
    screens = walk(page, server, checks.visit)
    assert len(screens) >= 12
    checks.assert_clean()
