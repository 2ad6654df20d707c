"""``GET /api/presets``: the lobby's list of every game's presets and options, from the registry."""

from __future__ import annotations

import dataclasses

from fastapi.testclient import TestClient

from samrap.engine.registry import GAMES
from samrap.server.presets import NOT_OPTIONS
from tests.server.conftest import create


def test_every_preset_and_option_of_every_game_is_listed(client: TestClient) -> None:
    body = client.get("/api/presets").json()
    games = {g["name"]: g for g in body["games"]}
    assert set(games) == set(GAMES)
    for name, spec in GAMES.items():
        g = games[name]
        assert [p["name"] for p in g["presets"]] == list(spec.presets)
        assert g["default_preset"] == spec.default_preset
        fields = {f.name for f in dataclasses.fields(spec.config_class)} - NOT_OPTIONS
        assert {o["name"] for o in g["options"]} == fields
        for p in g["presets"]:
            config = spec.presets[p["name"]]
            assert p["values"] == {k: getattr(config, k) for k in fields}
    # rule 1 of each game: Dummy 2-4 players, Contract 3-8 (issue 14.5: the lobby stopped at 6)
    assert games["dummy"]["players"] == [2, 3, 4]
    assert games["contract"]["players"] == [3, 4, 5, 6, 7, 8]
    pickup = next(o for o in games["contract"]["options"] if o["name"] == "pickup")
    assert pickup["kind"] == "choice" and set(pickup["choices"]) == {"deep", "top"}


def test_options_changed_from_a_preset_make_that_table(client: TestClient) -> None:
    """What the lobby sends (the preset, then each changed option) is the config the table plays."""
    made = create(
        client,
        game="contract",
        preset="pagat",
        config="pickup=deep,max_buys=1",
        seats=[{"kind": "human"}] + [{"kind": "bot"}] * 7,
        host_name="Ann",
    )
    spec = GAMES["contract"]
    config = spec.parse_config(f"contract({made['table']['config'].split('(', 1)[1]}", spec.default_config)
    want = dataclasses.replace(spec.presets["pagat"], players=8, pickup="deep", max_buys=1)
    assert config == want
