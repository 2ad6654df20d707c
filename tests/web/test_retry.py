"""ลองใหม่ in the browser: from a review, each mistake asked again from the seat's view; progress kept."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.web.conftest import PHONE, api, shot


@pytest.fixture(scope="module")
def reviewed(server: Any) -> tuple[str, list[Any]]:
    """An archived bots' match with a stored review of seat 1 that flags known positions."""
    from samrap.engine.record import loads_record
    from samrap.learn.retry import retry_positions
    from samrap.server.review_api import _save_review
    from tests.learn.test_retry import fake_review

    bots = [{"kind": "bot", "level": "easy"}] * 2
    created = api(server, "POST", "/api/tables", {"game": "dummy", "config": "target=50", "seats": bots})
    code = created["table"]["code"]
    api(server, "POST", f"/api/tables/{code}/start", {"token": created["host_token"]})
    deadline = time.monotonic() + 90
    archive_id = None
    while archive_id is None and time.monotonic() < deadline:
        games = api(server, "GET", f"/api/games?table={code}")["games"]
        archive_id = str(games[0]["id"]) if games else None
        time.sleep(0.1)
    assert archive_id is not None, "the bots' match did not finish"
    record = loads_record(json.dumps(api(server, "GET", f"/api/games/{archive_id}/record")))
    review = _full(fake_review(record, 1))
    storage = server.server.config.app.state.manager.storage
    _save_review(storage, archive_id, 1, json.dumps(review, ensure_ascii=False))
    return archive_id, retry_positions(record, 1, review)


def _full(review: dict[str, Any]) -> dict[str, Any]:
    """The made-up review in the stored shape the review page draws (words, figures, summary)."""
    labels = {k: 0 for k in ("good", "inaccuracy", "mistake", "blunder")}
    for d in review["decisions"]:
        labels[d["label"]] += 1
        d.update(kind="discard", loss=0.0 if d["label"] == "good" else 60.0, sure_loss=0.0, worth_se=0.0)
        d.update(win_played=None, win_best=None, second_look=0)
        d.update(played_words={"th": d["played"], "en": d["played"]}, best_words={"th": d["best"], "en": d["best"]})
    n = len(review["decisions"])
    lost = {k: 0.0 for k in ("discard", "collect", "knock", "go_down")}
    review["summary"] = {"accuracy": 100.0 * labels["good"] / n, "decisions": n, "labels": labels, "lost_by_kind": lost}
    return review


def test_retry_asks_a_mistake_again_from_the_seats_view_and_remembers_it(
    new_page: Any, reviewed: tuple[str, list[Any]]
) -> None:
    archive_id, positions = reviewed
    first = positions[0]
    page = new_page("th", PHONE)
    page.goto(f"/#/review/{archive_id}?seat=1")
    page.wait_for_selector('[data-retry="start"]', timeout=60_000)
    assert page.locator('[data-retry="start"]').inner_text() == "ลองใหม่"
    page.click('[data-retry="start"]')
    page.wait_for_selector(f'[data-move="{first.played}"]')
    assert "ตำแหน่งที่ 1 จาก" in page.locator(".retry .page").inner_text()
    # the seat's view only: its own hand face up, every other hand face down; no answer before a try
    assert page.locator(".pod-hand").count() == 1
    assert page.locator(".pod-hand .mc").count() == bin(first.view.hand).count("1")  # Dummy: a card mask
    assert page.locator("[data-answer]").count() == 0
    assert page.locator(".lesson-moves button").count() == len(first.legal)

    page.click(f'[data-move="{first.played}"]')
    wrong = page.wait_for_selector('[data-feedback="wrong"]', timeout=60_000)
    assert "นี่คือการเดินที่คุณเดินในเกม" in wrong.inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360  # no sideways scroll
    shot(page, "retry-phone-th")  # the question, after a try that is the game's own move
    page.click(f'[data-move="{first.best}"]')
    right = page.wait_for_selector('[data-feedback="right"]', timeout=60_000)
    assert "ถูกต้อง" in right.inner_text()
    answer = page.locator("[data-answer]").inner_text()
    assert answer.startswith("การเดินที่ดีที่สุดที่พบ")
    assert page.locator('[data-found="yes"]').count() == 1
    found = json.loads(page.evaluate("() => localStorage.getItem('samrap.retry')"))
    assert found == {f"{archive_id}:1": [first.key]}
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, width  # no sideways scroll at 360 px

    # a new visit starts with the first position not yet found; "show the answer" reveals it
    page.reload()
    page.wait_for_selector('[data-retry="start"]', timeout=60_000)
    page.click('[data-retry="start"]')
    page.wait_for_selector(".lesson-moves button")
    assert "ตำแหน่งที่ 2 จาก" in page.locator(".retry .page").inner_text()
    page.click('[data-retry="show"]')
    shown = page.wait_for_selector("[data-answer]", timeout=60_000)
    assert "การเดินที่ดีที่สุดที่พบ" in shown.inner_text()
    assert page.locator('[data-found="yes"]').count() == 0  # shown is not found
    page.click('[data-retry="back"]')
    page.wait_for_selector(".review-move")
    # and in English
    page.click("#lang")
    page.wait_for_selector('[data-retry="start"]')
    assert page.locator('[data-retry="start"]').inner_text() == "Try again"
    page.click('[data-retry="start"]')
    page.wait_for_selector(".lesson-moves button")
    assert "In the game you went wrong here" in page.locator(".dock").inner_text()
