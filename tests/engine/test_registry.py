"""The registry turns names, presets and config strings into games, and loads games lazily."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from samrap.core.errors import ConfigError
from samrap.engine import registry
from samrap.engine.match import run_match
from samrap.engine.protocol import Game
from samrap.engine.record import dumps_record, loads_record, make_record, parse_record, record_to_dict, verify_record
from samrap.engine.registry import GAMES, configure, find_game, get_spec, resolve
from samrap.games.dummy import CLASSIC, MODERN, DummyConfig, DummyGame
from samrap.players import RandomPlayer


def test_dummy_is_registered_with_config_class_presets_and_factory() -> None:
    spec = GAMES["dummy"]
    assert spec.config_class is DummyConfig
    assert set(spec.presets) == {"classic", "seed", "modern"}
    assert spec.default_config == CLASSIC
    game = spec.make_game(DummyConfig(players=2))
    assert isinstance(game, DummyGame)
    assert game.players == 2


def test_dummy_game_satisfies_the_game_protocol() -> None:
    assert isinstance(DummyGame(), Game)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dummy", "dummy()"),
        ("dummy(players=3)", "dummy(players=3)"),
        (" dummy ( players = 3 , ace_low = true ) ", "dummy(ace_low=true,players=3)"),
        ("dummy(preset=modern,players=2)", None),
        ("modern", None),
        ("dummy:modern", None),
        ("classic", "dummy()"),
    ],
)
def test_find_game_accepts_names_config_strings_and_presets(text: str, expected: str | None) -> None:
    game = find_game(text)
    assert game.name == "dummy"
    if expected is not None:
        assert game.config.to_string() == expected


def test_presets_resolve_to_the_preset_configs() -> None:
    assert resolve("modern")[1] == MODERN
    assert resolve("dummy:modern")[1] == MODERN
    assert resolve("dummy(preset=modern,players=2)")[1] == DummyConfig.from_string("dummy(players=2)", MODERN)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("chess", "game"),
        ("dummy:bogus", "preset"),
        ("dummy(players=7)", "players"),
        ("dummy(colour=red)", "colour"),
        ("dummy(players=three)", "players"),
        ("dummy(", "config"),
    ],
)
def test_bad_text_is_a_config_error_naming_the_field(text: str, field: str) -> None:
    with pytest.raises(ConfigError) as e:
        find_game(text)
    assert e.value.field == field


def test_get_spec_lists_the_known_games() -> None:
    with pytest.raises(ConfigError, match="known: dummy"):
        get_spec("poker")


def test_configure_applies_preset_then_string_fields_then_options_then_players() -> None:
    _, config = configure("dummy(ace_low=true)", preset="modern", options="target=50", players=3)
    assert config == DummyConfig.from_string("dummy(ace_low=true,players=3,target=50)", MODERN)
    _, config = configure("dummy", options="dummy(target=60)")
    assert config.target == 60


def test_configure_rejects_options_for_another_game() -> None:
    with pytest.raises(ConfigError, match="not for dummy"):
        configure("dummy", options="contract(players=4)")


def test_games_are_loaded_on_first_use_only() -> None:
    calls: list[str] = []

    def loader() -> registry.GameSpec:
        calls.append("dummy")
        return GAMES["dummy"]

    lazy = registry._Registry({"dummy": loader})
    assert list(lazy) == ["dummy"] and len(lazy) == 1
    assert calls == []
    assert lazy["dummy"] is lazy["dummy"]
    assert calls == ["dummy"]


def test_ledger_item_names_in_both_languages() -> None:
    spec = GAMES["dummy"]
    assert spec.item_name("fall", "th") == "ตกตึก"
    assert spec.item_name("fall", "en") == "fall off the building"
    assert spec.item_name("no_such_code") == "no_such_code"


# ---------------------------------------------------------------------------------------------
# Contract Rummy plugs in with one registry line: its loader adapts its facade (dealer and deal
# number instead of starter and direction, physical card texts) and everything else just works.


def test_contract_resolves_with_its_presets() -> None:
    spec, config = resolve("contract")
    assert spec.name == "contract" and config == spec.presets["seed"]
    assert find_game("contract(players=3)").players == 3
    assert resolve("liverpool")[0] is spec


def test_a_contract_deal_runs_records_and_replays() -> None:
    spec, config = resolve("contract(players=3)")
    result = run_match(spec, config, [RandomPlayer(f"r{q}") for q in range(3)], 2, max_games=1)
    g = result.games[0]
    assert len(g.deck) == config.pack_size and g.actions
    record = make_record(result, "2025-01-31T14:05:00Z")
    text = dumps_record(record)
    assert loads_record(text) == record
    assert verify_record(record) is None
    schema = json.loads((Path(__file__).parents[2] / "docs" / "records.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(text), schema, cls=jsonschema.Draft202012Validator)
    doc = copy.deepcopy(record_to_dict(record))
    doc["games"][0]["scores"][0] += 1
    problem = verify_record(parse_record(doc))
    assert problem is not None and problem.rule == 20


def test_both_games_are_listed() -> None:
    assert set(GAMES) == {"dummy", "contract"}
