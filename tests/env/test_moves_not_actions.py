"""Rule 22: the environments number the legal *moves*, so their action ids keep their meaning.

The codecs rank a Contract go-down among the state's legal go-downs (``docs/env.md``); read off
the game's ``legal_actions``, which will soon choose a go-down a meld at a time, every go-down id
would change meaning under a trained policy. The PettingZoo, Gymnasium and OpenSpiel
environments, their opponents and both codecs must read ``legal_moves`` (``tests/legal_spy.py``
says why only a spy on the call can tell today).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from samrap.env import contract_v0, dummy_v0
from samrap.env.codec_contract import ContractCodec
from samrap.env.codec_dummy import DummyCodec
from samrap.env.gym import SamrapGymEnv
from samrap.games.contract.actions import GoDown
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.game import ContractGame
from samrap.games.dummy import DummyConfig, DummyGame, Knock
from tests.env.helpers import random_states
from tests.legal_spy import staged, watch_legal_actions


@pytest.mark.parametrize("module", [contract_v0, dummy_v0])
def test_rule22_pettingzoo_masks_and_steps_are_the_legal_moves(module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    callers = watch_legal_actions(monkeypatch)
    raw = module.raw_env(players=3)
    raw.reset(seed=3)
    rng = np.random.default_rng(3)
    while not all(raw.terminations.values()):
        assert raw.observe(raw.agent_selection)["action_mask"].sum() == len(raw.legal_actions())
        raw.step(int(rng.choice(list(raw.legal_actions()))))
    assert callers == []


def test_rule22_gymnasium_learner_and_opponents_get_the_legal_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    callers = watch_legal_actions(monkeypatch)
    env = SamrapGymEnv("contract", players=3, opponents="medium", seat=1, max_turns=80)
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    terminated = truncated = False
    while not (terminated or truncated):
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert callers == []


def test_rule22_openspiel_legal_actions_are_the_legal_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import samrap.openspiel  # noqa: F401  (registers the games)

    callers = watch_legal_actions(monkeypatch)
    game = pyspiel.load_game("python_samrap_contract(players=3,max_turns=40)")
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions = [a for a, _ in state.chance_outcomes()]
            state.apply_action(actions[rng.randint(len(actions))])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert callers == []


def test_rule22_the_codecs_rank_go_downs_and_knocks_among_the_legal_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    contract = ContractGame(ContractConfig(players=3))
    dummy = DummyGame(DummyConfig(players=2))
    codecs: list[tuple[Any, Any, type]] = [
        (contract, ContractCodec(contract.config), GoDown),
        (dummy, DummyCodec(dummy.config), Knock),
    ]
    callers = watch_legal_actions(monkeypatch)
    for game, codec, ranked in codecs:
        seen = 0
        for s in random_states(game, range(6)):
            legal = game.legal_moves(s)
            if not any(isinstance(a, ranked) for a in legal):
                continue  # encode and decode read the state's own list only for these
            seen += 1
            for i, a in codec.legal_map(s, legal).items():
                assert codec.encode(s, a) == i
                assert codec.decode(s, i) == a
        assert seen > 0, f"no {ranked.__name__} came up: pick other seeds"
    assert callers == []


def test_rule22_a_go_down_under_way_gets_go_down_ids_for_its_whole_completions() -> None:
    """A state part-way into a go-down (``staging``, reached by stepping ``legal_actions``): its
    legal moves, the whole go-downs that complete it, are numbered and decoded like any others."""
    game = ContractGame(ContractConfig(players=3))
    codec = ContractCodec(game.config)
    states = staged(game, 2)
    assert len(states) > 10
    for s in states:
        legal = game.legal_moves(s)
        ids = codec.legal_map(s, legal)
        assert len(ids) == len(legal) and all(isinstance(a, GoDown) for a in ids.values())
        for i, a in ids.items():
            assert codec.encode(s, a) == i
            assert codec.decode(s, i) == a
