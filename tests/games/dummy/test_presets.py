"""The ``seed`` preset of docs/rules/dummy.md: ``classic`` with the seed's literal sentence "no more than
2 lay-off cards per game" (rule 17, ``max_layoffs_per_game`` = 2); ``classic`` keeps lay-offs unlimited."""

from __future__ import annotations

import dataclasses

from samrap.engine.registry import GAMES, configure
from samrap.games.dummy.config import CLASSIC, PRESETS, SEED, DummyConfig, preset
from samrap.games.dummy.state import DummyState
from tests.games.dummy.builders import legal_of, position, rule_of


def test_rule_17_seed_preset_is_classic_with_two_lay_offs_per_game() -> None:
    changed = {
        f.name: getattr(SEED, f.name)
        for f in dataclasses.fields(DummyConfig)
        if getattr(SEED, f.name) != getattr(CLASSIC, f.name)
    }
    assert changed == {"max_layoffs_per_game": 2}
    assert CLASSIC.max_layoffs_per_game is None
    assert preset("Seed") is SEED and PRESETS["seed"] is SEED
    assert DummyConfig.from_string("dummy(preset=seed)") == SEED
    assert DummyConfig.from_string(SEED.to_string()) == SEED
    assert DummyConfig.from_string("dummy(preset=seed,players=2)") == dataclasses.replace(SEED, players=2)


def test_rule_17_seed_preset_refuses_a_third_lay_off_that_classic_allows() -> None:
    """Seat 0 has laid off two cards this game; under ``seed`` the third is refused citing rule 17."""

    def at(config: DummyConfig) -> DummyState:
        return position(
            ["7c Qc 2s", "2d3d4d"],
            row="Ad* 6s1",
            melds="8c9cTcJc@1",
            phase="play",
            born=[0, 1],
            layoffs=(2, 0),
            config=config,
        )

    assert legal_of(at(CLASSIC), "L") == {"L 7c>0", "L Qc>0"}
    seed = at(SEED)
    assert legal_of(seed, "L") == set()
    assert rule_of(seed, "L 7c>0") == 17


def test_seed_preset_is_registered_for_every_interface() -> None:
    """The registry (read by the CLI, the server's preset list and the web lobby) offers ``seed``."""
    assert list(GAMES["dummy"].presets) == ["classic", "seed", "modern"]
    assert configure("dummy:seed")[1] == SEED
    assert configure("dummy", preset="seed")[1] == SEED
