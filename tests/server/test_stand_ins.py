"""Honest lists (issue 12.7): a match that stand-in bots finished says so in its record and in the
archive list; one played to the end by its people does not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from samrap.engine.record import loads_record
from samrap.server.app import create_app
from tests.server.conftest import create, hello, make_settings, recv_until


@pytest.fixture
def fast_client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(make_settings(db_path, time_scale=0.001))) as c:
        yield c


def _match_over(client: TestClient, code: str, token: str) -> None:
    with client.websocket_connect(f"/ws/tables/{code}") as spectator:
        hello(spectator)
        client.post(f"/api/tables/{code}/start", json={"token": token})
        recv_until(spectator, "view", lambda m: any(e["kind"] == "match_over" for e in m["events"]))


def test_a_match_finished_by_a_stand_in_says_so(fast_client: TestClient) -> None:
    client = fast_client
    # The host never connects: after the grace period a stand-in plays the seat to the end.
    t = create(
        client,
        game="dummy(players=2,target=1)",
        host_name="Gone",
        public=True,
        seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
        settings={"grace_seconds": 1, "standin_level": "random", "bot_delay_ms": 0},
    )
    code = t["table"]["code"]
    _match_over(client, code, t["host_token"])
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
    _match_over(client, code, t["host_token"])
    record = loads_record(client.get(f"/api/games/{code}-1/record").text)
    assert record.metadata == {}
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[f"{code}-1"]["finished_by_stand_ins"] is False
