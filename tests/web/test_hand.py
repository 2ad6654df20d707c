"""The hand: sort by suit or by rank, drag a card to a new place (mouse or touch pointer), and a
custom order that survives the next draw."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import PHONE
from tests.web.driver import play_until, start_bot_table, state

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def _faces(page: Any) -> list[str]:
    return list(page.locator(".hand .card").evaluate_all("els => els.map((e) => e.dataset.face)"))


def test_sort_and_drag_the_hand(new_page: Any) -> None:
    page = new_page("en", PHONE)
    start_bot_table(page, "dummy", players=2)
    play_until(page, lambda s: s["mine"] and "D" in s["legal"], 30)

    page.click('[data-sort="rank"]')
    faces = _faces(page)
    assert [RANKS.index(f[0]) for f in faces] == sorted(RANKS.index(f[0]) for f in faces)
    assert page.locator('[data-sort="rank"]').get_attribute("aria-pressed") == "true"
    page.click('[data-sort="suit"]')
    faces = _faces(page)
    assert faces == sorted(faces, key=lambda f: (SUITS.index(f[1]), RANKS.index(f[0])))

    # drag the first card onto the left half of the fourth: it lands just before it
    cards = page.locator(".hand .card")
    first, fourth = cards.nth(0), cards.nth(3)
    a, b = first.bounding_box(), fourth.bounding_box()
    assert a and b
    page.mouse.move(a["x"] + 10, a["y"] + 30)
    page.mouse.down()
    for k in range(1, 9):  # a few moves, as a hand would
        page.mouse.move(a["x"] + 10 + (b["x"] + 8 - a["x"] - 10) * k / 8, a["y"] + 30)
    page.mouse.up()
    moved = _faces(page)
    assert moved == [*faces[1:3], faces[0], *faces[3:]], (faces, moved)
    assert not page.locator('.hand [aria-pressed="true"]').count()  # a drag is not a tap
    assert page.locator('[data-sort="suit"]').get_attribute("aria-pressed") == "false"

    # the custom order is kept after drawing: the new card joins at the right end
    before = state(page)
    assert before is not None
    page.keyboard.press("d")
    page.wait_for_function("v => window.samrapTable.msg.v > v", arg=before["v"])
    after = _faces(page)
    assert after[: len(moved)] == moved and len(after) == len(moved) + 1
