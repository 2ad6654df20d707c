"""samrap.env.dummy_v0 passes PettingZoo's API and seed tests and plays real games."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from samrap.env import dummy_v0  # noqa: E402

#: What PettingZoo's api_test says about *every* dict observation ({"observation", "action_mask"},
#: its own classic envs' convention) unless the env's name is on its internal allow-list.
DICT_OBS_NOTES = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def _run_quietly(fn: object, *args: object, **kwargs: object) -> set[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn(*args, **kwargs)  # type: ignore[operator]
    return {str(w.message) for w in caught}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api_test(players: int) -> None:
    notes = _run_quietly(pettingzoo_test.api_test, dummy_v0.env(players=players), num_cycles=200)
    assert notes <= DICT_OBS_NOTES


def test_seed_test() -> None:
    notes = _run_quietly(pettingzoo_test.seed_test, lambda: dummy_v0.env(players=2, reward="score"), num_cycles=200)
    assert notes <= DICT_OBS_NOTES


def test_a_whole_game_ends_with_win_rewards() -> None:
    env = dummy_v0.env(players=3)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert obs is not None
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 10
    assert sorted(totals.values()) in ([-1.0, -1.0, 1.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 0.0])


def test_score_rewards_are_point_differences() -> None:
    raw = dummy_v0.raw_env(players=2, reward="score", score_scale=0.01)
    raw.reset(seed=9)
    while not all(raw.terminations.values()):
        raw.step(min(raw.legal_actions()))
    pts = raw.binding.points(raw.binding.game.returns(raw.game_state))
    assert pts != [0, 0]
    assert raw.rewards == {"player_0": 0.01 * (pts[0] - pts[1]), "player_1": 0.01 * (pts[1] - pts[0])}
    assert raw.infos == {"player_0": {"points": pts[0]}, "player_1": {"points": pts[1]}}
    raw.step(None)
    raw.step(None)
    assert raw.agents == []


def test_illegal_actions() -> None:
    raw = dummy_v0.raw_env(players=2)
    raw.reset(seed=1)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        raw.step(illegal)
    wrapped = dummy_v0.env(players=2, illegal_reward=-5.0)
    wrapped.reset(seed=1)
    offender = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert wrapped.rewards[offender] == -5.0
    assert all(wrapped.terminations.values())


def test_same_seed_same_game_and_options_reach_the_config() -> None:
    a = dummy_v0.raw_env("dummy(players=2)", ace_low=True)
    b = dummy_v0.raw_env(players=2, ace_low=True)
    assert a.binding.config == b.binding.config
    a.reset(seed=4)
    b.reset(seed=4)
    assert a.game_state == b.game_state
    a.reset()
    b.reset(seed=5)
    assert a.game_state != b.game_state
    shown = a.render()
    assert shown is not None and shown.startswith("dummy(ace_low=true,players=2)|")
    with pytest.raises(ValueError, match="reward"):
        dummy_v0.raw_env(reward="points")


def test_observations_are_fresh_arrays_that_later_steps_never_change() -> None:
    """A learner may keep (and write to) what observe() returns: the env never aliases it."""
    env = dummy_v0.env(players=2)
    env.reset(seed=4)
    rng = np.random.default_rng(1)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        again = env.observe(agent)
        assert obs is not None and again is not None
        assert np.array_equal(obs["action_mask"], again["action_mask"])
        assert np.array_equal(obs["observation"], again["observation"])
        for x in (*obs.values(), *again.values()):
            assert x.flags.writeable
        snapshot = {k: v.copy() for k, v in obs.items()}
        obs["action_mask"][:] = 0  # the learner scribbles on its copy
        obs["observation"][:] = -1.0
        third = env.observe(agent)
        assert np.array_equal(third["action_mask"], snapshot["action_mask"])
        assert np.array_equal(third["observation"], snapshot["observation"])
        other = env.observe(next(a for a in env.agents if a != agent))
        assert not other["action_mask"].any()
        kept.append((third, snapshot))
        legal = np.flatnonzero(snapshot["action_mask"])
        env.step(int(rng.choice(legal)))
    assert len(kept) > 20
    for obs, snapshot in kept:
        assert all(np.array_equal(obs[k], snapshot[k]) for k in snapshot)
