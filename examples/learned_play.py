"""Games of ``dummy_v0`` for examples/train_learned.py: labelled games, the learner against
``medium`` (greedy or sampled), the duplicate-deal evaluation, and games with branch rollouts."""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from samrap.core.rng import Random
from samrap.env import dummy_v0
from samrap.players.learned import Net
from samrap.players.levels import make_bot

CONFIG = "dummy(players=2)"

# ----------------------------------------------------------------------------------------------
# Games in the environment


def play_game(
    seed: int, net: Net | None, learner_seat: int | None, label: bool, temp: float = 0.0, sample_seed: int = 0
) -> dict[str, Any]:
    """One game of ``dummy_v0`` (deal from ``seed``); seat ``learner_seat`` is played by ``net``
    (greedy, or sampled from its softmax at ``temp`` > 0), every other seat by ``medium``.

    With ``label``, every decision with a choice records (observation, legal ids, ``medium``'s id
    from the seat's view) in ``obs``, ``legal``, ``y``; the learner's own sampled decisions go to
    ``my_obs``, ``my_legal``, ``my_act``. ``reward`` is the learner's (+1 / 0 / -1).
    """
    env = dummy_v0.raw_env(CONFIG)
    env.reset(seed=seed)
    game = env.binding.game
    medium = make_bot("medium", game)
    rng = Random(seed)
    g = np.random.default_rng(sample_seed)
    out: dict[str, Any] = {k: [] for k in ("obs", "legal", "y", "my_obs", "my_legal", "my_act")}
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        o, r, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = float(r)  # the game's reward, read as each agent leaves
            env.step(None)
            continue
        assert o is not None
        ids = np.flatnonzero(o["action_mask"])
        seat = int(agent.rsplit("_", 1)[1])
        if len(ids) == 1:
            env.step(int(ids[0]))
            continue
        teach: int | None = None
        if label or seat != learner_seat:
            s = env.game_state
            legal_map = env.legal_actions()
            choice = medium.choose(game.observe(s, seat), game.legal_moves(s), rng)
            teach = next((i for i, a in legal_map.items() if a == choice), None)
        if label and teach is not None:
            out["obs"].append(o["observation"].astype(np.float16))
            out["legal"].append(ids.astype(np.int16))
            out["y"].append(teach)
        act = teach
        if seat == learner_seat:
            assert net is not None
            s = net.scores(o["observation"], ids)
            if temp > 0:
                z = np.exp((s - s.max()) / temp)
                act = int(ids[int(g.choice(len(ids), p=z / z.sum()))])
                out["my_obs"].append(o["observation"].astype(np.float16))
                out["my_legal"].append(ids.astype(np.int16))
                out["my_act"].append(act)
            else:
                act = int(ids[int(np.argmax(s))])
        env.step(act if act is not None else int(ids[0]))
    out["reward"] = final[f"player_{learner_seat}"] if learner_seat is not None else 0.0
    return out


def _job(args: tuple[int, list[tuple[np.ndarray, np.ndarray]] | None, int | None, bool, float, int]) -> dict[str, Any]:
    seed, layers, seat, label, temp, sample_seed = args
    net = Net(tuple(layers), {}) if layers is not None else None
    return play_game(seed, net, seat, label, temp, sample_seed)


def run_games(jobs: list[Any], pool: ProcessPoolExecutor | None) -> list[dict[str, Any]]:
    if pool is None:
        return [_job(j) for j in jobs]
    return list(pool.map(_job, jobs, chunksize=max(1, len(jobs) // 32)))


def wilson(wins: float, n: int) -> tuple[float, float]:
    p, z = wins / n, 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def evaluate(
    layers: list[tuple[np.ndarray, np.ndarray]], deals: int, seed: int, pool: ProcessPoolExecutor | None
) -> dict[str, float]:
    """Win share of the greedy policy against ``medium`` over ``deals`` duplicate deals (ties half)
    and its 95% Wilson interval."""
    jobs = [(seed + k, layers, q, False, 0.0, 0) for k in range(deals) for q in (0, 1)]
    rewards = [r["reward"] for r in run_games(jobs, pool)]
    wins = sum(1.0 if r > 0 else 0.5 if r == 0 else 0.0 for r in rewards)
    low, high = wilson(wins, len(rewards))
    return {"games": len(rewards), "win_share": wins / len(rewards), "low": low, "high": high}


# ----------------------------------------------------------------------------------------------
# Branch rollouts: which of two moves wins this deal?


def _medium_move(env: Any, medium: Any, seat: int, rng: Random) -> int:
    s = env.game_state
    choice = medium.choose(env.binding.game.observe(s, seat), env.binding.game.legal_moves(s), rng)
    return next(i for i, a in env.legal_actions().items() if a == choice)


def _finish(env: Any, net: Net, seat: int, rng: Random, hist: list[int] | None = None) -> float:
    """Play ``env`` to its end, ``net`` greedy in ``seat``, ``medium`` (with ``rng``) elsewhere;
    the reward of ``seat``. ``hist`` collects the ids played."""
    medium = make_bot("medium", env.binding.game)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        o, r, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = float(r)
            env.step(None)
            continue
        ids = np.flatnonzero(o["action_mask"])
        q = int(agent.rsplit("_", 1)[1])
        if len(ids) == 1:
            a = int(ids[0])
        elif q == seat:
            a = int(ids[int(np.argmax(net.scores(o["observation"], ids)))])
        else:
            a = _medium_move(env, medium, q, rng)
        if hist is not None:
            hist.append(a)
        env.step(a)
    return final[f"player_{seat}"]


def branch_game(seed: int, net: Net, seat: int, p_branch: float, sample_seed: int, temp: float = 1.0) -> dict[str, Any]:
    """One game of ``net`` (greedy, in ``seat``) against ``medium`` in ``dummy_v0``, with branches.

    At each of the learner's decisions with a choice, with probability ``p_branch``, another move
    is tried: ``medium``'s move from the seat's view when it differs (half the time), else one
    sampled from the network's softmax at ``temp`` without its first choice. The branch replays
    the game's moves into a fresh environment (same deal, so the same stock), plays the other move
    and finishes the game the same way (``net`` greedy, ``medium`` with its generator as it was
    at the branch). Both finishes share everything but that one move, so when their rewards
    differ, the move that won is the label, weighted by the difference ÷ 2. What the branch
    finish knows of hidden cards only decides the label; the network is trained on the seat's
    observation, as always.
    """
    g = np.random.default_rng(sample_seed)
    env = dummy_v0.raw_env(CONFIG)
    env.reset(seed=seed)
    medium = make_bot("medium", env.binding.game)
    rng = Random(seed)
    hist: list[int] = []
    points: list[tuple[int, np.ndarray, np.ndarray, int, int, Any]] = []
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        o, r, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = float(r)
            env.step(None)
            continue
        ids = np.flatnonzero(o["action_mask"])
        q = int(agent.rsplit("_", 1)[1])
        if len(ids) == 1:
            a = int(ids[0])
        elif q != seat:
            a = _medium_move(env, medium, q, rng)
        else:
            s = net.scores(o["observation"], ids)
            a = int(ids[int(np.argmax(s))])
            if g.random() < p_branch:
                label_rng = Random(0)
                label_rng.setstate(rng.getstate())  # asking medium must not move the game's generator
                other = _medium_move(env, medium, q, label_rng)
                if other == a or g.random() < 0.5:
                    z = np.exp((s - s.max()) / temp)
                    z[ids == a] = 0.0
                    other = int(ids[int(g.choice(len(ids), p=z / z.sum()))]) if z.sum() > 0 else a
                if other != a:
                    points.append(
                        (len(hist), o["observation"].astype(np.float16), ids.astype(np.int16), a, other, rng.getstate())
                    )
        hist.append(a)
        env.step(a)
    reward = final[f"player_{seat}"]
    out: dict[str, Any] = {"obs": [], "legal": [], "y": [], "w": [], "reward": reward, "branches": len(points)}
    for at, obs, ids, first, other, state in points:
        env = dummy_v0.raw_env(CONFIG)
        env.reset(seed=seed)
        for a in hist[:at]:
            env.step(a)
        env.step(other)
        rng = Random(0)
        rng.setstate(state)
        diff = _finish(env, net, seat, rng) - reward
        if diff:
            out["obs"].append(obs)
            out["legal"].append(ids)
            out["y"].append(other if diff > 0 else first)
            out["w"].append(abs(diff) / 2.0)
    return out


def _branch_job(args: tuple[int, list[tuple[np.ndarray, np.ndarray]], int, float, int]) -> dict[str, Any]:
    seed, layers, seat, p_branch, sample_seed = args
    return branch_game(seed, Net(tuple(layers), {}), seat, p_branch, sample_seed)
