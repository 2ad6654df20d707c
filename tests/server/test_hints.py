"""Table hints: the bots' ranked suggestions for the seat to move, at casual tables only."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.server.conftest import person_to_move

NOTATION = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def test_the_seat_to_move_gets_every_legal_move_ranked_and_others_are_refused(client: TestClient) -> None:
    t, view = person_to_move(client)
    code = t["table"]["code"]
    r = client.post(f"/api/tables/{code}/hint", json={"token": t["token"], "lang": "th"})
    assert r.status_code == 200, r.text
    hints = r.json()["hints"]
    assert sorted(h["action"] for h in hints) == sorted(view["legal"])
    assert [h["rank"] for h in hints] == list(range(1, len(hints) + 1))
    assert all(h["reason"] for h in hints)
    # The host token holds no seat; a made-up token acts for nobody.
    assert client.post(f"/api/tables/{code}/hint", json={"token": t["host_token"]}).json()["code"] == "no_seat"
    assert client.post(f"/api/tables/{code}/hint", json={"token": "x" * 20}).status_code == 403
    assert client.post(f"/api/tables/{code}/hint", json={}).status_code == 422


def test_a_quick_hint_then_the_deep_one_each_in_the_players_words(client: TestClient) -> None:
    """Issue 27.4: ``quick`` answers with the heuristic's ranking and queues the deeper look;
    ``deep`` answers with the compared finishes; each move has its words and a short why."""
    for game in ("dummy(players=2,target=50)", "contract"):
        t, view = person_to_move(client, game)
        code, token = t["table"]["code"], t["token"]
        quick = client.post(f"/api/tables/{code}/hint", json={"token": token, "lang": "th", "depth": "quick"})
        assert quick.status_code == 200, quick.text
        q = quick.json()
        assert q["depth"] in ("quick", "deep") and q["version"] == view["v"]
        assert sorted(h["action"] for h in q["hints"]) == sorted(view["legal"])
        for h in q["hints"]:  # words and cards as the table shows them, never the notation ("X Th")
            assert h["move"] and h["move"] != h["action"] and not NOTATION.search(h["move"]), h
        deep = client.post(f"/api/tables/{code}/hint", json={"token": token, "lang": "th", "depth": "deep"})
        assert deep.status_code == 200, deep.text
        d = deep.json()
        assert d["depth"] == "deep" and d["version"] == view["v"]
        assert sorted(h["action"] for h in d["hints"]) == sorted(view["legal"])
        assert d["hints"][0]["move"] and d["hints"][0]["reason"]
        # the deep answer is cached: asking for the quick one now gives it at once
        again = client.post(f"/api/tables/{code}/hint", json={"token": token, "lang": "th", "depth": "quick"})
        assert again.json()["depth"] == "deep" and again.json()["hints"] == d["hints"]
        for h in q["hints"] + d["hints"]:
            assert "-0 " not in h["reason"] + " " and "+0 " not in h["reason"] + " ", h["reason"]


def test_an_older_client_without_depth_gets_the_deep_answer(client: TestClient) -> None:
    t, view = person_to_move(client)
    code, token = t["table"]["code"], t["token"]
    r = client.post(f"/api/tables/{code}/hint", json={"token": token})
    assert r.status_code == 200, r.text
    assert r.json()["depth"] == "deep" and len(r.json()["hints"]) == len(view["legal"])
    bad = client.post(f"/api/tables/{code}/hint", json={"token": token, "depth": "deeper"})
    assert bad.status_code == 422 and bad.json()["code"] == "malformed"
