"""Rule 22: a table serves, hints, times out and lets its bots play the legal *moves*.

People type a Contract go-down whole and records write it so (rule 22); the game's
``legal_actions`` will soon choose it a meld at a time. The legal list a table sends, the list
its bots, stand-ins and turn timer choose from, the hint request's list and a lesson's list must
all come from ``legal_moves`` (``tests/legal_spy.py`` says why only a spy on the call can tell).
"""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient

from samrap.games.contract.actions import GoDownMeld
from samrap.games.contract.state import ContractState
from samrap.server.table import Table
from samrap.server.views import view_message
from tests.legal_spy import watch_legal_actions
from tests.server.conftest import create, hello, recv_until
from tests.server.test_leaks import begin, random_bots

SEATS = [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "medium"}]


@pytest.mark.parametrize("game", ["contract(players=3)", "dummy(players=3)"])  # Contract's listing is threaded
def test_rule22_a_table_lists_hints_and_plays_the_legal_moves(
    game: str, fast_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = fast_client
    callers = watch_legal_actions(monkeypatch)
    t = create(client, game=game, host_name="A", seats=SEATS, settings={"bot_delay_ms": 0})
    code = t["table"]["code"]
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        hello(ws, t["token"])
        client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
        for _ in range(3):  # the person moves, the bots answer, the table sends the next list
            view = recv_until(ws, "view", lambda m: bool(m["legal"]) and m["to_move"] == 0)
            r = client.post(f"/api/tables/{code}/hint", json={"token": t["token"], "lang": "en"})
            assert r.status_code == 200, r.text
            assert sorted(h["action"] for h in r.json()["hints"]) == sorted(view["legal"])
            ws.send_text(json.dumps({"t": "act", "v": view["v"], "action": view["legal"][0]}))
    assert callers == []


def test_rule22_the_turn_timer_plays_one_of_the_legal_moves(
    fast_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = fast_client
    callers = watch_legal_actions(monkeypatch)
    settings = {"turn_timer": 30, "grace_seconds": 600, "bot_delay_ms": 0}
    t = create(client, game="contract(players=3)", host_name="Slow", seats=SEATS, settings=settings)
    code = t["table"]["code"]
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        hello(ws, t["token"])
        client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
        timed = recv_until(ws, "view", lambda m: any(e.get("by") == "timer" for e in m["events"]))
    assert any(e["kind"] == "act" and e["seat"] == 0 for e in timed["events"])
    assert callers == []


def test_rule22_a_lesson_lists_the_legal_moves(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    callers = watch_legal_actions(monkeypatch)
    first = client.get("/api/lessons/contract").json()["lessons"][0]
    start = client.post(f"/api/lessons/contract/{first['id']}", json={"moves": []}).json()
    assert start["legal"]
    assert callers == []


def test_rule22_a_go_down_posted_a_meld_at_a_time_is_served_its_whole_completions() -> None:
    """A ``G+`` step a person posts is a checked move like any other; while its go-down is under
    way the table's legal texts (and each seat's view message) are the whole go-downs finishing it."""
    created = random_bots("contract", "contract(players=3)", 3)
    table = Table("STAGED", created)
    for event in begin(table)():
        table.apply(event)
    game, rng = table.game, random.Random(4)
    for _ in range(2000):
        seat = table.to_move()
        assert seat is not None, "the deal ended before anyone could go down: pick another seed"
        steps = [a for a in game.legal_actions(table.state) if isinstance(a, GoDownMeld)]
        text = game.action_text(steps[0]) if steps else rng.choice(table.legal_texts())
        for event in table.plan_act(seat, table.version, text):
            table.apply(event)
        if steps:
            break
    state = table.state
    assert isinstance(state, ContractState) and seat is not None and table.to_move() == seat
    staging = state.staging
    assert staging
    texts = table.legal_texts()
    assert texts == [game.action_text(a) for a in game.legal_moves(table.state)]
    assert texts and all(t.startswith(f"G {staging[0].text()}") for t in texts)
    for q in (*range(3), None):
        legal = json.loads(view_message(table, q, []))["legal"]
        assert legal == (texts if q == seat else [])
    for event in table.plan_act(seat, table.version, texts[0]):
        table.apply(event)
    assert isinstance(table.state, ContractState) and not table.state.staging
