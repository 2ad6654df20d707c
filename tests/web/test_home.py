"""The home page (issue 12.4, 14.5): one tap plays against bots with the last choices, which a
summary line says in words and opens; every preset of both games and each option under "more";
Contract Rummy from 3 to 8 players; an option changed there is the table's rule."""

from __future__ import annotations

from typing import Any

from samrap.engine.registry import GAMES
from tests.web.conftest import PHONE, api
from tests.web.driver import open_options


def _table_config(page: Any, server: Any) -> dict[str, Any]:
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    code = page.evaluate("() => window.samrapTable.code")
    info: dict[str, Any] = api(server, "GET", f"/api/tables/{code}")
    return info


def test_one_tap_plays_again_with_the_last_choices(new_page: Any, server: Any) -> None:
    page = new_page("en", PHONE)
    page.goto("/")
    page.wait_for_selector("#playnow")
    assert page.locator("#play-options").is_hidden()  # the options wait behind the summary line
    assert page.get_attribute("#options-toggle", "aria-expanded") == "false"
    open_options(page)
    assert page.locator("#play-options").is_visible()
    page.select_option("#game", "contract")
    page.select_option("#preset", "pagat")
    page.select_option("#players", "5")
    page.select_option("#level", "medium")
    page.fill("#name", "Ann")
    page.click("#playnow")
    first = _table_config(page, server)
    assert first["game"] == "contract" and len(first["seats"]) == 5
    assert first["seats"][0]["name"] == "Ann" and {s["level"] for s in first["seats"][1:]} == {"medium"}

    # back home: the summary line says the choices in words; one tap on Play now plays them again
    page.goto("/")
    page.wait_for_function("() => !!document.querySelector('#options-toggle')?.innerText.includes('Book rules')")
    summary = page.locator("#options-toggle").inner_text()
    for words in ("Contract Rummy", "Book rules", "5 players", "Medium bots"):
        assert words in summary, summary
    assert "contract(" not in summary and "players=" not in summary
    page.click("#playnow")
    again = _table_config(page, server)
    assert again["game"] == "contract" and len(again["seats"]) == 5 and again["config"] == first["config"]
    assert again["code"] != first["code"]


def test_every_preset_and_player_count_is_offered(new_page: Any) -> None:
    page = new_page("th", PHONE)
    page.goto("/")
    open_options(page)
    for name, spec in GAMES.items():
        page.select_option("#game", name)
        page.wait_for_function(f"() => document.querySelector('#game')?.value === '{name}'")
        presets = page.eval_on_selector_all("#preset option", "els => els.map((e) => e.value)")
        assert presets == list(spec.presets)
        labels = page.eval_on_selector_all("#preset option", "els => els.map((e) => e.textContent)")
        assert all(label and label not in spec.presets for label in labels), labels  # words, not ids
        players = page.eval_on_selector_all("#players option", "els => els.map((e) => Number(e.value))")
        assert players == ([2, 3, 4] if name == "dummy" else [3, 4, 5, 6, 7, 8])


def test_an_option_under_more_is_the_tables_rule(new_page: Any, server: Any) -> None:
    page = new_page("en", PHONE)
    page.goto("/")
    open_options(page)
    page.select_option("#game", "dummy")
    page.select_option("#preset", "modern")
    page.click("#play-more summary")
    page.check("#play-opt-ace_low")
    page.fill("#play-opt-head_bonus", "100")
    page.locator("#play-opt-head_bonus").blur()
    page.wait_for_function("() => !!document.querySelector('#play-more summary')?.innerText.includes('2 changed')")
    assert "2 options changed" in page.locator("#options-toggle").inner_text()
    page.click("#playnow")
    info = _table_config(page, server)
    spec = GAMES["dummy"]
    config = spec.parse_config(info["config"], spec.default_config)
    assert config.ace_low is True and config.head_bonus == 100
    assert config.colour_knock is True  # the rest of the modern preset stays
    # the Create table form keeps its own settings: none of this reached it
    page.goto("/")
    page.click("#create-toggle")
    page.click("#table-more summary")
    assert not page.is_checked("#table-opt-ace_low")


def test_a_match_finished_by_stand_ins_says_so_in_the_list_and_the_replay(new_page: Any, server: Any) -> None:
    """Issue 12.7: its person never came back, a stand-in bot played the seat to the end."""
    import time

    body = {
        "game": "dummy(players=2,target=1)",
        "host_name": "Gone",
        "public": True,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        "settings": {"grace_seconds": 1, "standin_level": "random", "bot_delay_ms": 0},
    }
    made = api(server, "POST", "/api/tables", body)
    code = made["table"]["code"]
    api(server, "POST", f"/api/tables/{code}/start", {"token": made["host_token"]})
    deadline = time.monotonic() + 60
    while api(server, "GET", f"/api/tables/{code}")["status"] != "finished":
        assert time.monotonic() < deadline, "the stand-in did not finish the match"
        time.sleep(0.2)
    page = new_page("en", PHONE)
    page.goto("/")
    item = page.locator(".archive li", has_text="Gone").first
    item.wait_for()
    assert "finished by stand-in bots" in item.inner_text()
    assert "dummy(" not in item.inner_text()  # the config in words, never the string
    item.locator("a").click()
    page.wait_for_selector("[data-standins]")
    assert page.locator("[data-standins]").inner_text() == "A stand-in bot played on for Gone after they left."


def test_the_level_picker_says_what_each_level_is(new_page: Any) -> None:
    """Issue 24.6: under the level picker, one line in the page's language says what the level is."""
    for lang, words in (
        ("th", {"easy": "เล่นพลาดบ้าง", "medium": "รอบคอบ", "hard": "คิดล่วงหน้า", "expert": "สี่เท่า"}),
        ("en", {"easy": "mistakes", "medium": "careful", "hard": "simulated finishes", "expert": "four times"}),
    ):
        page = new_page(lang, PHONE)
        page.goto("/")
        open_options(page)
        assert page.get_attribute("#level", "aria-describedby") == "level-about"
        for level, word in words.items():
            page.select_option("#level", level)
            page.wait_for_function(
                "w => document.querySelector('#level-about')?.textContent.includes(w)", arg=word, timeout=15000
            )
