"""Faces at the table (faces.js, issue 23.6): each bot level's own people with Thai and English
names and drawn faces, the same on the table, in the ledger and in a replay; a person's drawn
avatar picked on the home page, remembered, sent with the name and shown at the seat; initials
that never make an odd Thai letter ("ผู้")."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import PHONE, api
from tests.web.driver import open_bot_table, open_options, play_until

FACES = "async (args) => { const f = await import('/static/js/faces.js'); return f.seatNames(args); }"


def test_bot_levels_have_their_own_people(new_page: Any, server: Any) -> None:
    page = new_page("en")
    page.goto("/")
    seats = ["Ann", "bot:easy", "bot:hard", "bot:hard", "bot:expert"]
    assert page.evaluate(FACES, seats) == ["Ann", "Nong Mali", "Hia Suea", "Je Hong", "Sian Chang"]
    # a table's seat infos name them the same as the archive's "bot:LEVEL" names
    infos = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "hard"}]
    infos += [{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "expert"}]
    assert page.evaluate(FACES, infos) == ["Ann", "Nong Mali", "Hia Suea", "Je Hong", "Sian Chang"]
    drawn = page.evaluate(
        "async (s) => (await import('/static/js/faces.js')).seatSVGs(s).map((x) => x && x.slice(0, 4))", seats
    )
    assert drawn == [None, "<svg", "<svg", "<svg", "<svg"]
    th = new_page("th")
    th.goto("/")
    assert th.evaluate(FACES, seats) == ["Ann", "น้องมะลิ", "เฮียเสือ", "เจ๊หงส์", "เซียนช้าง"]


def test_thai_initials_take_the_first_consonant(new_page: Any, server: Any) -> None:
    page = new_page("th")
    page.goto("/")
    got = page.evaluate(
        "async (names) => { const f = await import('/static/js/felt.js'); return names.map(f.initials); }",
        ["ผู้เล่น", "เก่ง", "ไก่", "สมชาย ใจดี", "Somchai Jaidee", "Player 2", "", "ฤดี"],
    )
    assert got == ["ผ", "ก", "ก", "สจ", "SJ", "P", "?", "ฤ"]


def test_bots_are_named_and_drawn_on_the_table_and_in_the_ledger(new_page: Any, server: Any) -> None:
    page = new_page("th", PHONE)
    open_bot_table(page, server, "dummy", "", players=3, name="ผู้เล่น")
    play_until(page, lambda s: s["mine"], 60)
    names = page.locator(".pod .nm").all_inner_texts()
    assert any(n.startswith("น้องมะลิ") for n in names) and any(n.startswith("น้องข้าวปั้น") for n in names), names
    assert page.locator('.pod[data-pod="1"] .avatar.drawn svg').count() == 1
    assert page.locator('.pod[data-pod="2"] .avatar.drawn svg').count() == 1
    assert page.locator('.pod[data-pod="0"] .avatar').inner_text() == "ผ"  # no picture picked: the initial
    # the ledger at the end of a game names them the same
    page.evaluate(
        "() => { const t = window.samrapTable; const v = t.msg.v;"
        " const ledger = [0, 1, 2].map((q) => ({seat: q, item: 'hand', points: -5 * q, detail: ''}));"
        " const over = {v, kind: 'game_over', game: 0, scores: [0, -5, -10], totals: [0, -5, -10], ledger};"
        " t.onView({...t.msg, events: [over]}); }"
    )
    ledger = page.locator("dialog[open] table.ledger")
    ledger.wait_for()
    text = ledger.inner_text()
    assert "น้องมะลิ" in text and "น้องข้าวปั้น" in text and "บอท" not in text


def test_a_person_picks_a_drawn_avatar_that_the_table_shows(new_page: Any, server: Any) -> None:
    page = new_page("en", PHONE)
    page.goto("/")
    open_options(page)
    picker = page.locator("#avatar")
    assert picker.locator("input[type=radio]").count() == 8
    picker.locator("label[title='Tiger']").click()
    page.wait_for_function("() => localStorage.getItem('samrap.avatar') === '\"tiger\"'")
    page.fill("#name", "Somchai")
    page.click("#playnow")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    code = page.evaluate("() => window.samrapTable.code")
    assert api(server, "GET", f"/api/tables/{code}")["seats"][0]["avatar"] == "tiger"
    assert page.locator('.pod[data-pod="0"] .avatar.drawn svg').count() == 1
    # remembered: the home page has it checked again
    page.goto("/")
    open_options(page)
    assert page.locator("#avatar input[value=tiger]").is_checked()


def test_quick_match_keeps_the_avatar_picked(new_page: Any, server: Any) -> None:
    """Issue 23.2/23.6: quick match sends the drawn avatar picked below the name, as the table
    creation and a join do, so strangers see it at the seat."""
    page = new_page("th", PHONE)
    page.goto("/")
    open_options(page)
    page.select_option("#players", "3")
    page.locator("#avatar label:has(input[value=bird])").click()
    page.wait_for_function("() => localStorage.getItem('samrap.avatar') === '\"bird\"'")
    page.fill("#name", "นก")
    page.click("#quickmatch")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.info")
    code = page.evaluate("() => window.samrapTable.code")
    info = api(server, "GET", f"/api/tables/{code}")
    assert info["settings"]["quick"] and info["seats"][0]["name"] == "นก"
    assert info["seats"][0]["avatar"] == "bird"


def test_the_lobby_names_bot_seats_as_the_table_does(new_page: Any, server: Any) -> None:
    """Issue 23.6: a public table's bot seats in the home page's lobby are their level's people,
    with the level, as the table names them ("เฮียเสือ (ยาก)"), not "บอท (ยาก)"."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "hard"}, {"kind": "human"}]
    body = {"game": "dummy(players=3,target=100)", "host_name": "เล็ก", "public": True, "seats": seats}
    code = api(server, "POST", "/api/tables", body)["table"]["code"]
    page = new_page("th", PHONE)
    page.goto("/")
    row = page.locator(f'.lobby-row[data-table="{code}"]')
    row.wait_for(timeout=60_000)
    assert row.locator(".chip.bot").all_inner_texts() == ["เฮียเสือ (ยาก)"]
