"""The daily deal in the browser (issue 26.6), on a phone in Thai: from the home page's entry to
the day's table, played to its end, then the results on the same cards (rank, best, spread)."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import PHONE, shot
from tests.web.screens import play_to_game_over

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def test_daily_deal_from_home_to_results_at_360_in_thai(new_page: Any) -> None:
    page = new_page("th", PHONE)
    page.goto("/")
    link = page.wait_for_selector("#daily-link")
    assert "ดีลวันนี้" in link.inner_text()
    assert "ดีลประจำวัน" in page.inner_text('[data-section="daily"] h2')
    link.click()
    page.wait_for_selector('[data-play="dummy"]')
    assert page.inner_text('[data-play="dummy"]') == "เล่นดีลวันนี้"
    assert page.locator('[data-daily="contract"]').count() == 1
    assert "เล่นจบแล้วจะเห็นแต้มของทุกคน" in page.inner_text('[data-daily="dummy"]')
    assert page.evaluate(OVERFLOW) <= 0

    page.click('[data-play="dummy"]')
    page.wait_for_url("**/#/t/*", timeout=20_000)
    page.wait_for_function("() => window.samrapTable && window.samrapTable.msg", timeout=30_000)
    play_to_game_over(page)
    dialog = page.wait_for_selector("dialog[open]")
    assert dialog.query_selector("[data-rematch]") is None  # one game a day: no rematch
    dialog.query_selector("[data-daily-results]").click()

    box = page.wait_for_selector('[data-results="dummy"]', timeout=20_000)
    text = box.inner_text()
    assert "คุณได้อันดับ 1 จาก 1 คน" in text
    assert "แต้มดีที่สุด" in text and "แต้มของทุกคน" in text
    assert page.inner_text('[data-play="dummy"]') == "เล่นอีกครั้ง (ไม่นับผล)"
    assert page.evaluate(OVERFLOW) <= 0
    shot(page, "web-daily-phone-th", full_page=True)
