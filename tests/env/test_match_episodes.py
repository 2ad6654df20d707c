"""episode="match": a whole match per episode, rewarded on the match totals (DESIGN §7.8)."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from samrap.env import contract_v0, dummy_v0
from samrap.env.aec import SamrapAEC
from samrap.env.gym import SamrapGymEnv
from samrap.games.dummy import DummyConfig
from samrap.games.dummy import match as dummy_match


def _play_aec(raw: SamrapAEC, seed: int) -> list[Any]:
    """Random legal play until every agent is done; returns each finished game's last state."""
    finished: list[Any] = []
    spec = raw.binding.spec
    deal_next = spec.next_deal

    def recording(game: Any, s: Any, deck_seed: int) -> Any:
        finished.append(s)
        return deal_next(game, s, deck_seed)

    # The match flow is the registry entry's (Binding.next_game calls spec.next_deal).
    raw.binding = dataclasses.replace(raw.binding, spec=dataclasses.replace(spec, next_deal=recording))
    raw.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not (all(raw.terminations.values()) or all(raw.truncations.values())):
        raw.step(int(rng.choice(list(raw.legal_actions()))))
    return finished


def test_a_dummy_match_runs_to_the_target() -> None:
    raw = dummy_v0.raw_env(players=2, target=400, episode="match", reward="score")
    finished = _play_aec(raw, 4)
    last = finished[-1]
    totals = raw.binding.match_totals(last)
    config = raw.binding.config
    assert isinstance(config, DummyConfig) and dummy_match.is_match_over(config, totals)
    assert raw.games_played == len(finished) >= 2
    # each game starts from the totals of the games before it
    running: tuple[int, ...] = (0, 0)
    for s in finished:
        assert s.scores == running
        running = raw.binding.match_totals(s)
    assert raw.rewards == {"player_0": totals[0] - totals[1], "player_1": totals[1] - totals[0]}
    assert raw.infos["player_0"] == {"points": totals[0], "games": len(finished)}
    assert all(raw.terminations.values()) and not any(raw.truncations.values())


def test_max_games_truncates_a_match() -> None:
    raw = dummy_v0.raw_env(players=3, target=5000, episode="match", max_games=2)
    finished = _play_aec(raw, 1)
    assert len(finished) == 2
    assert all(raw.truncations.values()) and not any(raw.terminations.values())
    totals = raw.binding.match_totals(finished[-1])
    best = max(totals)
    assert [raw.rewards[f"player_{q}"] for q in range(3)] == [
        (1.0 if totals.count(best) == 1 else 0.0) if t == best else -1.0 for t in totals
    ]


def test_a_contract_match_is_seven_deals_in_the_gym_env() -> None:
    env = SamrapGymEnv("contract", players=3, episode="match", reward="score", max_turns=12, seat=1)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    deals = set()
    while True:
        deals.add(env.game_state.deal)
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            break
    assert terminated and not truncated
    assert info["games"] == 7 and env.game_state.deal == 7
    assert deals <= set(range(1, 8)) and len(deals) >= 5  # a deal may pass without the learner acting
    penalties = env.binding.match_totals(env.game_state)
    assert reward == pytest.approx((penalties[0] + penalties[2]) / 2 - penalties[1])


def test_bad_episode_option() -> None:
    with pytest.raises(ValueError, match="episode"):
        dummy_v0.raw_env(episode="season")
    with pytest.raises(ValueError, match="episode"):
        SamrapGymEnv("dummy", episode="season")
    assert contract_v0.raw_env(players=3, episode="match").episode == "match"


def test_pettingzoo_api_holds_across_the_games_of_a_match() -> None:
    import warnings

    from pettingzoo.test import api_test, seed_test

    from tests.env.test_pettingzoo_dummy import DICT_OBS_NOTES

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(dummy_v0.env(players=2, target=200, episode="match"), num_cycles=400)
        seed_test(lambda: dummy_v0.env(players=3, target=200, episode="match"), num_cycles=300)
    assert {str(w.message) for w in caught} <= DICT_OBS_NOTES
