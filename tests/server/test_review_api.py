"""Game reviews over HTTP (issue 13.4, 13.6): archived matches only, run in the worker pool, stored."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from samrap.server import review_api
from tests.server.conftest import archive, create, finished_match, storage_of


def test_a_review_runs_in_slices_reports_progress_and_is_stored(
    thread_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = thread_client
    monkeypatch.setattr(review_api, "SLICE", 5)
    monkeypatch.setattr("samrap.players.review.review_deals", lambda game: 2)
    archive(storage_of(client).engine, "REVW-1", *finished_match())
    assert client.get("/api/games/REVW-1/review", params={"seat": 1}).json() == {"status": "none"}
    first = client.post("/api/games/REVW-1/review", json={"seat": 1})
    assert first.status_code in (200, 202), first.text
    for _ in range(1200):
        got = client.get("/api/games/REVW-1/review", params={"seat": 1}).json()
        if got["status"] == "done":
            break
        assert got["status"] == "running" and 0 <= got["done"] <= got["total"]
        time.sleep(0.05)
    review = got["review"]
    assert review["seat"] == 1 and review["decisions"] and review["summary"]["decisions"] == len(review["decisions"])
    again = client.post("/api/games/REVW-1/review", json={"seat": 1})  # stored: answered at once
    assert again.status_code == 200 and again.json()["review"] == review


def test_unknown_game_bad_seat_and_live_table_are_refused(client: TestClient) -> None:
    assert client.post("/api/games/NOPE-1/review", json={"seat": 0}).status_code == 404
    archive(storage_of(client).engine, "REVW-2", *finished_match())
    bad = client.post("/api/games/REVW-2/review", json={"seat": 3})
    assert bad.status_code == 422 and "seat must be 0 to 1" in bad.json()["message"]
    t = create(client, game="dummy(players=2)")
    live = client.post(f"/api/tables/{t['table']['code']}/review", json={"seat": 0})
    assert live.status_code == 409 and live.json()["code"] == "bad_state"


def test_a_lesson_is_played_over_http_without_server_state(client: TestClient) -> None:
    listed = client.get("/api/lessons/dummy").json()
    first = listed["lessons"][0]
    assert first["id"] == "draw-discard" and first["title"]["th"]
    start = client.post(f"/api/lessons/dummy/{first['id']}", json={"moves": []}).json()
    assert start["step"] == 0 and start["legal"] and start["prompt"]["en"] and start["view"]
    wrong = client.post(f"/api/lessons/dummy/{first['id']}", json={"moves": [], "try": "X 4s"}).json()
    assert wrong["feedback"]["ok"] is False and wrong["feedback"]["rule"] == 18 and wrong["step"] == 0
    right = client.post(f"/api/lessons/dummy/{first['id']}", json={"moves": [], "try": "X Ks"}).json()
    assert right["feedback"]["ok"] is True and right["done"] is True
    assert client.post(f"/api/lessons/dummy/{first['id']}", json={"moves": ["X 4s"]}).status_code == 422
    assert client.get("/api/lessons/poker").status_code == 404
