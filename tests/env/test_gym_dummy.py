"""samrap/Dummy-v0: one learner against named bots, checked by Gymnasium's env checker."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import samrap.env  # noqa: E402,F401  (registers the ids)
from samrap.env.gym import SamrapGymEnv  # noqa: E402


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2},
        {"players": 3, "opponents": "heuristic", "seat": None, "reward": "score", "score_scale": 0.01},
        {"players": 4, "preset": "modern", "seat": 2},
    ],
)
def test_check_env(kwargs: dict[str, object]) -> None:
    env = gymnasium.make("samrap/Dummy-v0", **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def _play(env: SamrapGymEnv, seed: int) -> tuple[float, int, dict[str, object]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        assert np.array_equal(info["action_mask"], env.action_masks().astype(np.int8))
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert obs in env.observation_space
        if terminated or truncated:
            return float(reward), steps, info


def test_episodes_end_with_a_win_or_loss_and_are_seeded() -> None:
    env = SamrapGymEnv("dummy", players=2, opponents="random")
    results = [_play(env, seed) for seed in range(6)]
    assert {r for r, _, _ in results} <= {-1.0, 0.0, 1.0}
    assert all("points" in info for _, _, info in results)
    again = [_play(SamrapGymEnv("dummy", players=2), seed) for seed in range(6)]
    assert [(r, n) for r, n, _ in again] == [(r, n) for r, n, _ in results]


def test_score_reward_is_the_learner_points_minus_the_others_mean() -> None:
    env = SamrapGymEnv("dummy", players=3, reward="score", seat=1)
    reward, _, info = _play(env, 2)
    pts = info["points"]
    assert isinstance(pts, list)
    assert reward == pytest.approx(pts[1] - (pts[0] + pts[2]) / 2)


def test_illegal_action_ends_the_episode() -> None:
    env = SamrapGymEnv("dummy", players=2, illegal_reward=-3.0)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-3.0, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_random_seat_and_bad_options() -> None:
    env = SamrapGymEnv("dummy", players=4, seat=None)
    seats = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
    assert len(seats) > 1
    with pytest.raises(ValueError, match="seat"):
        SamrapGymEnv("dummy", players=2, seat=2)
    with pytest.raises(ValueError, match="opponents"):
        SamrapGymEnv("dummy", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        SamrapGymEnv("dummy", players=2, opponents="grandmaster")
    with pytest.raises(ValueError, match="unknown game"):
        SamrapGymEnv("poker")


def test_reset_skips_a_deal_the_bots_end_before_the_learner_moves() -> None:
    # Seed 7930: seat 0 knocks on its first turn, before seat 2 (the learner) ever moves.
    # The first deal from this seed is over before the learner moves; reset deals again.
    env = SamrapGymEnv("dummy", players=4, preset="modern", seat=2)
    _, info = env.reset(seed=7931)
    assert info["skipped_deals"] == 0
    _, info = env.reset(seed=7930)
    assert info["skipped_deals"] == 1
    assert env.binding.game.current_player(env.game_state) == 2
    assert not env.binding.game.is_terminal(env.game_state)
    assert info["action_mask"].any()
    again = SamrapGymEnv("dummy", players=4, preset="modern", seat=2)
    _, info2 = again.reset(seed=7930)
    assert again.deal_seed == env.deal_seed and info2["skipped_deals"] == 1
