"""Illegal choices are explained, never silently ignored; the turn timer is shown and counts down."""

from __future__ import annotations

import json
from typing import Any

from tests.web.conftest import PHONE, api, shot
from tests.web.driver import play_until, start_bot_table, state


def test_an_illegal_meld_is_explained_with_its_rule(new_page: Any) -> None:
    page = new_page("en", PHONE)
    start_bot_table(page, "dummy", players=2)
    # our first turn: draw, then (not yet born, rule 15) try to meld three cards from hand
    play_until(page, lambda s: s["mine"] and "D" in s["legal"], 30)
    page.click('[data-act="draw"]')
    page.wait_for_function("() => window.samrapTable.view.phase === 'play'")
    st = state(page)
    assert st is not None
    assert not page.evaluate("() => window.samrapTable.view.born[0]")  # nobody is born before collecting
    cards = page.locator(".hand .card")
    for i in range(3):
        cards.nth(i).click()
    page.click('[data-act="meld"]')
    alert = page.locator(".msg.error[role=alert]")
    alert.wait_for()
    text = alert.inner_text()
    assert "not born" in text and "rule 15" in text, text
    # the rule's own words (the server's rule_text, from this table's rule book), then the reason
    assert "(rule 15): A player who is not born may not meld from hand or lay off, except by knocking." in text
    now = state(page)
    assert now is not None and now["v"] == st["v"]  # nothing was played
    shot(page, "illegal-meld-phone-en")

    # the page's own checks say what is missing before asking the server
    page.evaluate("() => window.samrapTable.clearSel()")
    cards.nth(0).click()
    cards.nth(1).click()
    page.click('[data-act="discard"]')
    assert page.locator(".msg.error").inner_text() == "Select exactly one card."

    # in Thai the explanation is framed in Thai and names the rule number
    page.click("#lang")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    page.evaluate("() => window.samrapTable.clearSel()")
    for i in range(3):
        page.locator(".hand .card").nth(i).click()
    page.click('[data-act="meld"]')
    page.wait_for_function("() => /กติกาข้อ 15/.test(document.querySelector('.msg.error')?.textContent || '')")
    text = page.locator(".msg.error").inner_text()
    assert text == "ทำไม่ได้ (กติกาข้อ 15): ผู้ที่ยังไม่เกิดลงชุดจากมือหรือฝากไม่ได้ เว้นแต่น็อค", text
    assert "not born" not in text  # a Thai page does not mix in the server's English reason


def test_turn_timer_is_shown_with_a_countdown_ring(new_page: Any, server: Any) -> None:
    body = {
        "game": "dummy",
        "seats": [{"kind": "human"}, {"kind": "bot"}],
        "host_name": "Timed",
        "settings": {"turn_timer": 30},
    }
    created = api(server, "POST", "/api/tables", body)
    code = created["table"]["code"]
    seat = {code: {"token": created["token"], "seat": created["seat"], "host": created["host_token"], "at": 1}}
    api(server, "POST", f"/api/tables/{code}/start", {"token": created["host_token"]})
    page = new_page("en", PHONE)
    page.add_init_script(f"localStorage.setItem('samrap.seats', {json.dumps(json.dumps(seat))})")
    page.goto(f"/t/{code}")
    play_until(page, lambda s: s["mine"], 30)
    timer = page.locator(".timer")
    page.wait_for_function("() => /s left/.test(document.querySelector('.timer')?.textContent ?? '')")
    first = int(timer.inner_text().split()[0])
    assert 0 < first <= 30
    ring = page.locator(".pod.turn .avatar.timed")
    assert ring.count() == 1  # the countdown ring is around the avatar of the seat to move (this one)
    assert page.locator(".pod.turn").get_attribute("data-pod") == "0"
    share = float(ring.evaluate("el => getComputedStyle(el).getPropertyValue('--left')"))
    assert 0 < share <= 1
    page.wait_for_timeout(1600)
    assert int(timer.inner_text().split()[0]) < first
    assert float(ring.evaluate("el => getComputedStyle(el).getPropertyValue('--left')")) < share  # it shrinks
