"""Every preset and option is reachable from the server (issue 14.5, its server side): a table can be
made under each preset of both games (the ones ``GET /api/presets`` lists, Dummy's ``seed`` too), with
options on top, and Contract Rummy from 3 to 8 players."""

from __future__ import annotations

from fastapi.testclient import TestClient

from samrap.engine.registry import GAMES
from tests.server.conftest import create


def test_a_table_under_every_listed_preset(client: TestClient) -> None:
    listed = {g["name"]: [p["name"] for p in g["presets"]] for g in client.get("/api/presets").json()["games"]}
    assert listed == {name: list(spec.presets) for name, spec in GAMES.items()}
    assert "seed" in listed["dummy"]
    for game, presets in listed.items():
        for preset in presets:
            table = create(client, game=game, preset=preset)["table"]
            assert table["game"] == game and table["status"] == "lobby", (game, preset)
    seeded = create(client, game="dummy", preset="seed", config="target=300")["table"]
    info = client.get(f"/api/tables/{seeded['code']}").json()
    assert "max_layoffs_per_game=2" in info["config"] and "target=300" in info["config"]


def test_contract_tables_from_3_to_8_players(client: TestClient) -> None:
    for n in range(3, 9):
        table = create(client, game="contract", seats=[{"kind": "human"}] * n)["table"]
        info = client.get(f"/api/tables/{table['code']}").json()
        assert len(info["seats"]) == n
