"""Puzzles over HTTP (issue 26.5): the seat's view only, judged on the server, Elo returned on a first try."""

from __future__ import annotations

from fastapi.testclient import TestClient

from samrap.learn.puzzles import of_the_day, puzzles


def test_the_puzzle_of_the_day_shows_the_seat_view_only(client: TestClient) -> None:
    d = client.get("/api/puzzles/dummy/today", params={"day": "2026-12-06"}).json()
    p = of_the_day("dummy", "2026-12-06")
    assert d["id"] == p.id and d["day"] == "2026-12-06" and d["legal"] and d["view"]
    assert not {"seed", "moves", "best", "accept", "why"} & set(d)  # nothing the seat could not see
    assert client.get("/api/puzzles/poker/today").status_code == 404
    assert client.get("/api/puzzles/dummy/today", params={"day": "soon"}).status_code == 404


def test_next_skips_the_tried_puzzles(client: TestClient) -> None:
    first = client.get("/api/puzzles/contract/next", params={"rating": 1500}).json()
    second = client.get("/api/puzzles/contract/next", params={"rating": 1500, "tried": first["id"]}).json()
    assert first["id"] != second["id"]
    assert client.get(f"/api/puzzles/contract/{first['id']}").json() == first


def test_a_try_is_judged_on_the_server_and_rates_a_first_try(client: TestClient) -> None:
    p = puzzles("dummy")[0]
    right = client.post(f"/api/puzzles/dummy/{p.id}", json={"try": p.best, "solver": 1500, "first": True}).json()
    assert right["verdict"]["ok"] is True and right["best"] == p.best and right["answer"]["th"]
    assert right["ratings"]["solver"] > 1500 and right["ratings"]["puzzle"] < p.rating
    worse = next(t for t in p.compared if t not in p.accept)
    wrong = client.post(f"/api/puzzles/dummy/{p.id}", json={"try": worse, "solver": 1500, "first": True}).json()
    assert wrong["verdict"]["ok"] is False and wrong["ratings"]["solver"] < 1500
    again = client.post(f"/api/puzzles/dummy/{p.id}", json={"try": p.best, "first": False}).json()
    assert "ratings" not in again
    bad = client.post(f"/api/puzzles/dummy/{p.id}", json={"try": "nonsense"}).json()
    assert bad["verdict"]["kind"] == "illegal" and "answer" not in bad  # no answer given away
    assert client.post("/api/puzzles/dummy/nope", json={"try": "D"}).status_code == 404
