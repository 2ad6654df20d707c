"""The table in Thai and English on a phone (360 x 740) and a desktop, with screenshots kept as
test artefacts (tests/web/artifacts/); docs/img/web-*.png are chosen from them by hand."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import DESKTOP, PHONE, shot
from tests.web.driver import play_until, start_bot_table

NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
THAI_FONT = """async () => {
  await document.fonts.ready;
  const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Thai');
  return faces.some((f) => f.status === 'loaded') && document.fonts.check('16px "Noto Sans Thai"', 'กองกลาง');
}"""


def _mid_game(page: Any) -> None:
    """Play until the row holds several cards and someone has put down a meld."""
    play_until(
        page,
        lambda s: s.get("mine") and page.locator(".rowcard").count() >= 5 and page.locator(".meld").count() > 0,
        60,
    )


def test_table_in_both_languages_on_phone_and_desktop(new_page: Any) -> None:
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = new_page("en", viewport)
        start_bot_table(page, "dummy", players=3, target=500)
        _mid_game(page)
        assert page.evaluate("() => document.documentElement.lang") == "en"
        assert "Discard row" in page.locator("#rowh").inner_text()
        assert page.evaluate(NO_OVERFLOW), f"the {name} table is wider than the screen"
        shot(page, f"table-{name}-en")

        page.click("#lang")  # switch to Thai
        page.wait_for_function("() => document.documentElement.lang === 'th'")
        # The page's language flips before the table re-renders (a bot's update may be drawing):
        # wait for the Thai heading rather than reading it at once.
        page.wait_for_function("() => (document.querySelector('#rowh')?.innerText ?? '').startsWith('กองกลาง')")
        assert page.locator("#rowh").inner_text().startswith("กองกลาง")
        assert page.evaluate(THAI_FONT), "Thai text is not drawn with the shipped Noto Sans Thai"
        assert page.evaluate(NO_OVERFLOW), f"the Thai {name} table is wider than the screen"
        shot(page, f"table-{name}-th")

        # cards keep their size whatever the phase (the stock is a button only while one may draw)
        assert page.locator(".stockline .pile").bounding_box()["width"] < 80
        page.keyboard.press("d")
        page.wait_for_function("() => window.samrapTable.view.phase === 'play'")
        assert page.locator(".stockline .pile").bounding_box()["width"] < 80
        assert page.evaluate(NO_OVERFLOW)

        # the choice is remembered: a reload comes back in Thai
        page.reload()
        page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
        assert page.evaluate("() => document.documentElement.lang") == "th"
        page.click("#lang")


def test_thai_browser_gets_thai_and_home_fits_a_phone(new_page: Any) -> None:
    page = new_page("th", PHONE)
    page.goto("/")
    page.wait_for_selector("#playnow")
    assert page.evaluate("() => document.documentElement.lang") == "th"
    assert page.locator("#playnow").inner_text() == "เล่นเลย"
    assert page.evaluate(THAI_FONT)
    assert page.evaluate(NO_OVERFLOW)
    shot(page, "home-phone-th")
    page.goto("/#/glossary")
    page.wait_for_selector("dl.gloss")
    for word in ("เกิด", "เก็บ", "ฝาก", "น็อค", "น็อคมืด", "ตกตึก", "โง่", "สเปโต", "หัว", "ตอง", "เรียง", "กองจั่ว", "กองกลาง"):
        assert page.locator("dl.gloss dt", has_text=word).count() >= 1, word
    shot(page, "glossary-phone-th")
    page.goto("/#/rules/contract")
    page.wait_for_selector(".rules h1")
    assert page.locator("h1").inner_text() == "กติกาคอนแทรครัมมี่"
    page.click("#lang")
    page.wait_for_function("() => document.querySelector('.rules h1')?.textContent === 'Rules of Contract Rummy'")
    assert page.evaluate(NO_OVERFLOW)
