"""Honest lists (issue 12.7): a match that stand-in bots finished says so in its record and in the
archive list; one played to the end by its people does not."""

from __future__ import annotations

from fastapi.testclient import TestClient

from samrap.engine.record import loads_record
from tests.server.conftest import create, play_to_match_over, stand_in_table


def test_a_match_finished_by_a_stand_in_says_so(fast_client: TestClient) -> None:
    client = fast_client
    # The host never connects: after the grace period a stand-in plays the seat to the end.
    t = stand_in_table(client)
    code = t["table"]["code"]
    play_to_match_over(client, code, t["host_token"])
    text = client.get(f"/api/games/{code}-1/record").text
    assert loads_record(text).metadata == {"stand_ins": [0]}
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[f"{code}-1"]["finished_by_stand_ins"] is True


def test_a_match_of_bots_and_no_stand_in_is_an_ordinary_one(client: TestClient) -> None:
    # Every seat a bot from the start (a bot table's bots are not stand-ins): nothing to say.
    t = create(
        client,
        game="dummy(players=2,target=1)",
        public=True,
        seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
        settings={"bot_delay_ms": 0},
    )
    code = t["table"]["code"]
    play_to_match_over(client, code, t["host_token"])
    record = loads_record(client.get(f"/api/games/{code}-1/record").text)
    assert record.metadata == {}
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[f"{code}-1"]["finished_by_stand_ins"] is False
