"""The replay viewer: step through a finished match with every hand shown, download its record,
and check each game's shuffle commitment in the browser."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import PHONE, api, shot


@pytest.fixture(scope="module")
def finished_match(server: Any) -> str:
    """A bots-only Dummy match to 50 points, played out on the server; returns its archive id."""
    bots = [{"kind": "bot", "level": "easy"}] * 2
    body = {"game": "dummy", "config": "target=50", "seats": bots}
    created = api(server, "POST", "/api/tables", body)
    code = created["table"]["code"]
    api(server, "POST", f"/api/tables/{code}/start", {"token": created["host_token"]})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        games = api(server, "GET", f"/api/games?table={code}")["games"]
        if games:
            return str(games[0]["id"])
        time.sleep(0.1)
    raise AssertionError("the bots' match did not finish")


def test_step_through_a_finished_match(new_page: Any, server: Any, finished_match: str) -> None:
    record = api(server, "GET", f"/api/games/{finished_match}/record")
    page = new_page("en", PHONE)
    page.goto(f"/#/replay/{finished_match}")
    page.wait_for_selector(".replay-step")
    n = len(record["games"][0]["actions"])
    assert page.locator(".replay-step").inner_text().startswith(f"Move 0 of {n}")
    # every hand is shown at its seat, 11 cards each at the deal
    rows = page.locator(".pod .pod-hand")
    assert rows.count() == 2
    for i in range(2):
        assert rows.nth(i).locator(".cd").count() == 11
    # on a phone the board comes first and its controls right under it, both on the screen
    board = page.locator(".felt").bounding_box()
    controls = page.locator(".replay-controls").bounding_box()
    assert board and controls and board["y"] < controls["y"]
    assert controls["y"] + controls["height"] <= PHONE["height"]
    assert page.locator("text=dummy(").count() == 0  # no config string, the rules in words

    page.click('[data-step="next"]')
    first = record["games"][0]["actions"][0]
    said = page.locator(".replay-step").inner_text()
    words = {"D": "drew", "X": "discarded", "C": "collected", "M": "melded", "K": "knocked"}
    assert words[first["action"][0]] in said, said  # the move in words, not its action text
    assert f"({first['action']})" not in said
    page.keyboard.press("ArrowRight")
    assert page.locator(".replay-step").inner_text().startswith(f"Move 2 of {n}")
    page.keyboard.press("ArrowLeft")
    assert page.locator(".replay-step").inner_text().startswith(f"Move 1 of {n}")
    page.click('[data-step="last"]')
    assert page.locator(".replay-step").inner_text().startswith(f"Move {n} of {n}")
    ledger = page.locator("table.ledger").inner_text()
    assert "Game total" in ledger
    for q, score in enumerate(record["games"][0]["scores"]):
        assert page.locator(f'table.ledger [data-score="{q}"]').inner_text() == (
            f"+{score}" if score > 0 else str(score)
        )
    shot(page, "replay-phone-en", full_page=True)

    # the record downloads as the server archived it
    with page.expect_download() as info:
        page.click("#download")
    saved = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert saved == record

    # the shuffle commitment is checked in the page: sha256(deck text + "\n" + salt)
    page.click("#verify")
    page.wait_for_selector(".verdict")
    assert page.locator(".verdict").get_attribute("data-ok") == "true"
    assert "Verified" in page.locator(".verdict").inner_text()
    c = record["games"][0]["commitment"]
    text = " ".join(record["games"][0]["deck"]) + "\n" + c["salt"]
    assert hashlib.sha256(text.encode()).hexdigest() == c["sha256"]


def test_sha256_fallback_matches_hashlib(new_page: Any) -> None:
    """Pages served over plain http to another machine have no Web Crypto; the fallback must agree."""
    page = new_page()
    page.goto("/")
    samples = ["", "abc", "4h Ac 8s\n9f2c", "ดัมมี่ " * 40, "x" * 1000]
    got = page.evaluate(
        "async (xs) => { const r = await import('/static/js/replay.js');"
        " return xs.map((x) => r.sha256Fallback(new TextEncoder().encode(x))); }",
        samples,
    )
    assert got == [hashlib.sha256(s.encode()).hexdigest() for s in samples]


def test_unknown_replay_is_explained(new_page: Any) -> None:
    page = new_page("th")
    page.goto("/#/replay/NOPE-1")
    page.wait_for_selector("[role=alert]")
    assert "ไม่พบบันทึกนี้" in page.locator("[role=alert]").inner_text()
