"""The table drawn from chosen positions (made by playing the engine, ``positions.py``): a late
game on a small phone, the spetos marked, and a selection dragged onto a row card to collect.

The page is a live table (a person and a bot) on whose socket handler the chosen view is put, as
if the server had sent it; moves the page would send are caught instead (the server's game is
not the one shown), so these tests check what the page draws and which action text it chooses.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.driver import _drag_to, open_bot_table, play_until
from tests.web.positions import dummy_position, late_dummy, show_view

SMALL = {"width": 360, "height": 640}

CATCH_SENT = "() => { const t = window.samrapTable; window.__sent = []; t.send = (text) => window.__sent.push(text); }"


def _table(new_page: Any, server: Any, lang: str = "en", viewport: dict[str, int] | None = None) -> Any:
    page = new_page(lang, viewport or SMALL)
    open_bot_table(page, server, "dummy", "", players=2)
    play_until(page, lambda s: s["mine"], 30)
    return page


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    return dict(box)


@pytest.mark.parametrize("seed", [2, 8])
def test_late_game_on_a_small_phone_the_dock_covers_no_seat_or_meld(new_page: Any, server: Any, seed: int) -> None:
    page = _table(new_page, server)
    view, legal = late_dummy(seed)
    show_view(page, view, legal)
    felt = _box(page, ".felt.seated")
    dock = _box(page, ".dock")
    assert felt["y"] + felt["height"] <= dock["y"] + 1, "the felt runs under the dock"
    assert dock["y"] + dock["height"] <= SMALL["height"] + 1, "the dock is not all on the screen"
    # every own meld and the own plate can be brought into view, and then nothing covers it
    for sel in [".pos-me .pod", *[f'.pos-me .meld[data-meld="{i}"]' for i in range(30)]]:
        el = page.locator(sel)
        if not el.count():
            continue
        el.scroll_into_view_if_needed()
        box = _box(page, sel)
        assert box["y"] + box["height"] <= _box(page, ".dock")["y"] + 1, f"{sel} is under the dock"
        hit = page.evaluate(
            "([s, x, y]) => document.querySelector(s).contains(document.elementFromPoint(x, y))",
            [sel, box["x"] + min(8, box["width"] / 2), box["y"] + box["height"] / 2],
        )
        assert hit, f"something is drawn over {sel}"
    # the hand is whole on the screen
    hand = _box(page, ".hand")
    assert hand["y"] >= dock["y"] and hand["y"] + hand["height"] <= SMALL["height"] + 1


@pytest.mark.parametrize("lang,word", [("en", "speto"), ("th", "สเปโต")])
def test_spetos_are_marked_in_the_hand_the_row_and_the_melds(new_page: Any, server: Any, lang: str, word: str) -> None:
    # seed 8, late: the row holds Q♠ and 2♣, seat 0's melds none of them; seed 2: 2♣ in the hand
    page = _table(new_page, server, lang, {"width": 1366, "height": 900})
    view, legal = late_dummy(8)
    show_view(page, view, legal)
    marked = page.locator(".rowcard .cd-speto")
    assert marked.count() == 2  # Q♠ and 2♣ of the row, and no other card
    names = page.locator(".rowcard .card").evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    spoken = [n for n in names if word in n]
    assert len(spoken) == 2, names
    faces = page.locator(".rowcard").evaluate_all(
        "els => els.filter((e) => e.querySelector('.cd-speto')).map((e) => e.dataset.k)"
    )
    assert sorted(faces) == ["2c", "Qs"]
    assert page.locator(".rowcard .cd-speto").first.is_visible()

    view, legal = late_dummy(2)
    show_view(page, view, legal)
    card = page.locator('.hand [data-face="2c"]')
    assert card.locator(".cd-speto").count() == 1 and card.locator(".cd-speto").is_visible()
    assert word in (card.get_attribute("aria-label") or "")
    assert page.locator(".hand .cd-speto").count() == 1  # 2♣ only: no other card of the hand is one
    assert word not in (page.locator('.hand [data-face="3c"]').get_attribute("aria-label") or "")

    # a meld with a speto says so too (seed 4, late: 2♣ in seat 0's meld of twos)
    view, legal = late_dummy(4)
    show_view(page, view, legal)
    twos = page.locator(".meld", has=page.locator(".cd-speto"))
    assert twos.count() >= 1
    assert word in (twos.first.get_attribute("aria-label") or "")


def test_a_selection_dragged_onto_a_row_card_collects_it_as_a_tap_does(new_page: Any, server: Any) -> None:
    # seed 2, seat 0's first draw: 5♥ 6♥ in the hand and 7♥ in the row (index 2): "C2 5h6h7h"
    page = _table(new_page, server, "en", {"width": 1366, "height": 900})
    view, legal = dummy_position(2, lambda v, lg: "C2 5h6h7h" in lg)
    show_view(page, view, legal)
    page.evaluate(CATCH_SENT)
    page.click('.hand [data-face="5h"]')
    page.click('.hand [data-face="6h"]')
    _drag_to(page, "6h", '[data-drop="row:2"]')
    assert page.evaluate("() => window.__sent") == ["C2 5h6h7h"]
    # the same selection and a tap on the row card choose the same collect
    page.keyboard.press("Escape")  # the selection cleared first
    assert not page.locator('.hand [aria-pressed="true"]').count()
    page.evaluate(CATCH_SENT)
    page.click('.hand [data-face="5h"]')
    page.click('.hand [data-face="6h"]')
    page.click('.rowcard [data-row="2"]')
    assert page.evaluate("() => window.__sent") == ["C2 5h6h7h"]


def test_a_row_card_dragged_onto_a_table_meld_collects_onto_it(new_page: Any, server: Any) -> None:
    # collect_to_layoff (rules 12, 40), seed 4, seat 0's draw: Qh (row index 0) goes on meld 7,
    # 7h8h9hThJh, as "C0 >7"; dropped anywhere else it collects nothing
    page = _table(new_page, server, "en", {"width": 1366, "height": 900})
    view, legal = dummy_position(4, lambda v, lg: "C0 >7" in lg, "dummy(players=2,collect_to_layoff=true)")
    show_view(page, view, legal)
    page.evaluate(CATCH_SENT)
    assert page.locator('[data-drop="onto:7"]').count() == 1  # the meld the row card can go on
    assert page.locator('[data-drop="onto:0"]').count() == 0  # a meld it cannot extend is no target
    _drag_to(page, "", '[data-drop="onto:7"]', source='.rowcard [data-row="0"]')
    assert page.evaluate("() => window.__sent") == ["C0 >7"]
