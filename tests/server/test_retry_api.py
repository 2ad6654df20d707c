"""ลองใหม่ over HTTP: the flagged positions from the seat's view, tries judged in the worker pool."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from samrap.engine.record import dumps_record
from samrap.learn.retry import retry_positions
from samrap.server import review_api
from tests.learn.test_retry import fake_review
from tests.players.test_review import _record, _swap_hidden
from tests.server.conftest import archive, storage_of

SEAT = 1
CONFIG = "dummy(players=2,preset=modern)"


def test_retry_lists_flagged_positions_without_answers_and_judges_tries(thread_client: TestClient) -> None:
    client = thread_client
    record = _record(CONFIG, ("heuristic", "easy"), 21)
    review = fake_review(record, SEAT)
    archive(storage_of(client).engine, "RTRY-1", CONFIG, dumps_record(record))
    not_yet = client.get("/api/games/RTRY-1/retry", params={"seat": SEAT})
    assert not_yet.status_code == 409 and not_yet.json()["code"] == "bad_state"
    storage = storage_of(client)
    review_api._save_review(storage, "RTRY-1", SEAT, json.dumps(review))

    got = client.get("/api/games/RTRY-1/retry", params={"seat": SEAT}).json()
    positions = got["positions"]
    expected = retry_positions(record, SEAT, review)
    assert [p["key"] for p in positions] == [p.key for p in expected] and positions
    assert set(positions[0]) == {"key", "game", "number", "label", "seat", "view", "legal"}  # no best, no played
    # the same positions whatever the cards the seat never saw
    other = _swap_hidden(record, SEAT)
    archive(storage_of(client).engine, "RTRY-2", CONFIG, dumps_record(other))
    review_api._save_review(storage, "RTRY-2", SEAT, json.dumps(review))
    assert client.get("/api/games/RTRY-2/retry", params={"seat": SEAT}).json()["positions"] == positions

    p = expected[0]
    played = client.post("/api/games/RTRY-1/retry", json={"seat": SEAT, "key": p.key, "try": p.played}).json()
    assert played["verdict"]["ok"] is False and played["verdict"]["kind"] == "played" and played["answer"] is None
    best = client.post("/api/games/RTRY-1/retry", json={"seat": SEAT, "key": p.key, "try": p.best}).json()
    assert best["verdict"]["ok"] is True and best["answer"]["th"].startswith("การเดินที่ดีที่สุดที่พบ")
    illegal = client.post("/api/games/RTRY-1/retry", json={"seat": SEAT, "key": p.key, "try": "K 2c"}).json()
    assert illegal["verdict"]["kind"] == "illegal" and "กติกาข้อ" in illegal["verdict"]["message"]["th"]
    shown = client.post("/api/games/RTRY-1/retry", json={"seat": SEAT, "key": p.key, "show": True}).json()
    assert shown["verdict"] is None and shown["answer"]["en"].startswith("Best move found")
    missing = client.post("/api/games/RTRY-1/retry", json={"seat": SEAT, "key": "0:9999", "try": "D"})
    assert missing.status_code == 404
    bad = client.post("/api/games/RTRY-1/retry", json={"seat": SEAT, "key": "x", "try": "D"})
    assert bad.status_code == 422
