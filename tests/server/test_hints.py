"""Table hints: the bots' ranked suggestions for the seat to move, at casual tables only."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.server.conftest import create, recv_until


def test_the_seat_to_move_gets_every_legal_move_ranked_and_others_are_refused(client: TestClient) -> None:
    t = create(
        client,
        game="dummy(players=2,target=50)",
        host_name="A",
        seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}],
    )
    code = t["table"]["code"]
    with client.websocket_connect(f"/ws/tables/{code}") as ws:
        ws.send_text(json.dumps({"t": "hello", "token": t["token"]}))
        client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
        view = recv_until(ws, "view", lambda m: bool(m["legal"]))
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
