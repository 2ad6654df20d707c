"""The web rules page shows the rules of the chosen preset and options (``#/rules/GAME?preset=P&key=v``),
in words from the server's rule book, in Thai and English, each rule with its number (issue 14.4)."""

from __future__ import annotations

from typing import Any

from tests.cli.test_thai import latin_words
from tests.web.conftest import PHONE, shot

NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
RULE_SAYS = (
    "([n, words]) => [...document.querySelectorAll(`li[data-rule='${n}']`)]"
    ".some((li) => li.textContent.includes(words))"
)


def test_rules_page_follows_the_preset_and_options(new_page: Any) -> None:
    page = new_page("en", PHONE)
    page.goto("/#/rules/dummy?preset=modern")
    page.wait_for_selector("[data-section=house] li")
    house = page.locator("[data-section=house]").inner_text()
    assert "ปี้หัว" in house and "loses 50" in house and "House rule" in house
    assert page.locator("li[data-rule='17']").count() == 1
    assert "Modern" in page.locator(".rules-chosen").inner_text()
    assert page.evaluate(NO_OVERFLOW)
    page.goto("/#/rules/dummy?preset=seed&target=300")
    page.wait_for_selector("li[data-rule='29']")
    page.wait_for_function(RULE_SAYS, arg=["29", "300"])
    assert "at most 2 cards per game" in page.locator("li[data-rule='17']").inner_text()
    assert page.locator("[data-section=house]").count() == 0
    page.goto("/#/rules/contract?preset=pagat")
    page.wait_for_function(RULE_SAYS, arg=["9", "4 or more"])
    shot(page, "rules-contract-pagat-phone")


def test_rules_page_in_thai_has_no_latin_word_but_card_texts(new_page: Any) -> None:
    page = new_page("th", PHONE)
    page.goto("/#/rules/contract?preset=liverpool")
    page.wait_for_selector("[data-section=buying] li")
    text = page.locator(".rules-body").inner_text()
    assert "ซื้อได้ไม่เกิน 3 ครั้งต่อคนต่อรอบ" in text and "ข้อ 7" in text
    assert latin_words(text) == []
    assert page.evaluate(NO_OVERFLOW)
    page.goto("/#/rules/dummy?preset=nope")
    page.wait_for_selector(".rules-body .error")


def test_a_tables_config_string_links_to_its_rules(new_page: Any) -> None:
    page = new_page("en", PHONE)
    page.goto("/#/glossary")
    page.wait_for_selector("dl.gloss")
    href = page.evaluate(
        "async () => (await import('/static/js/content.js')).rulesHref("
        "'dummy(colour_knock=true,discard_full_penalty=50,discard_layoff_penalty=50,head_bonus=50,head_penalty=50,"
        "ngo_dark_penalty=100,speto_knock=true,speto_layoff_penalty=50)')"
    )
    assert href.startswith("#/rules/dummy?colour_knock=true&")
    page.goto("/" + href)
    page.wait_for_selector("[data-section=house] li")
    page.wait_for_function("() => !!document.querySelector('.rules-chosen')?.textContent.startsWith('Modern')")
    assert page.evaluate("async () => (await import('/static/js/content.js')).rulesHref('contract()')") == (
        "#/rules/contract"
    )


def test_the_rules_page_subtitle_names_the_player_count_in_words(new_page: Any) -> None:
    """Issue 26.8: "จำนวนผู้เล่น: 2", never the config field "players: 2"."""
    page = new_page("th", PHONE)
    page.goto("/#/rules/dummy?preset=classic&players=2")
    page.wait_for_selector(".rules-chosen")
    chosen = page.locator(".rules-chosen").inner_text()
    assert "จำนวนผู้เล่น: 2" in chosen and "players" not in chosen
    assert latin_words(chosen) == []
