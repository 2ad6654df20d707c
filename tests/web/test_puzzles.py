"""Puzzles in the browser (issue 26.5): the puzzle of the day in Thai at 360 px, with no English
word and no axe-core violation; a right try is judged, answered and rated, the rating kept."""

from __future__ import annotations

from typing import Any

from samrap.learn.puzzles import of_the_day
from tests.web.conftest import PHONE, shot
from tests.web.test_thai_screens import TEXTS, latin_words


def test_the_puzzle_of_the_day_in_thai_at_360px_is_answered_and_rated(new_page: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    page = new_page("th", PHONE)
    page.goto("/")
    link = page.wait_for_selector('[data-section="learn"] a#puzzles-dummy')  # beside the lessons (หัดเล่น)
    assert link.inner_text() == "โจทย์ดัมมี่" and link.get_attribute("href") == "#/puzzles/dummy"
    day = page.evaluate("() => new Date().toISOString().slice(0, 10)")
    p = of_the_day("dummy", day)
    page.goto("/#/puzzles/dummy/today")
    page.wait_for_selector(f'[data-puzzle="{p.id}"] main.felt', timeout=30_000)
    assert "โจทย์ประจำวัน" in page.inner_text("h1") and "ระดับของคุณ: 1500" in page.inner_text("#puzzle-rating")
    assert latin_words(page.evaluate(TEXTS), set()) == []
    violations = [v["id"] for v in Axe().run(page).response["violations"]]
    assert violations == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    shot(page, "puzzle-th-360")
    page.click(f'.puzzle [data-move="{p.best}"]')
    page.wait_for_selector('[data-feedback="right"]', timeout=60_000)
    answer = page.inner_text("[data-answer]")
    assert answer.startswith("คำตอบ:") and p.why["th"] in answer
    assert latin_words(page.evaluate(TEXTS), set()) == []
    rating = int(page.get_attribute("[data-rating]", "data-rating") or 0)
    assert rating > 1500
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('samrap.puzzles.dummy') || 'null')")
    assert stored is not None and stored["tried"] == {p.id: True}
    page.click("#puzzle-next")
    page.wait_for_function(
        "(id) => { const el = document.querySelector('[data-puzzle]'); return el && el.dataset.puzzle !== id; }",
        arg=p.id,
    )
