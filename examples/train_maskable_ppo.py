"""Train a masked-action PPO agent on two-player Thai Dummy against the random bot, and plot its win rate.

Needs the env extra plus sb3-contrib, torch and matplotlib (not part of the test install)::

    pip install -e '.[env]' sb3-contrib matplotlib torch==2.13.0   # torch 2.13.0: the CPU wheel
    python examples/train_maskable_ppo.py --timesteps 200000 --out docs/img/ppo_dummy.png

The environment is ``samrap/Dummy-v0`` (one learner in a random seat, the other seat played by
``samrap.players.RandomPlayer``, reward +1 win / -1 loss / 0 tie); ``MaskablePPO`` reads the legal
actions from ``env.action_masks()``. Every ``--eval-every`` steps the current policy (sampling from
its masked distribution) plays ``--eval-games`` fixed-seed games against the random bot; the plot
shows that win rate over training next to the rolling win rate of the training episodes.
Everything is seeded (``--seed``); on a 2-core CPU the default run takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import time  # noqa: TID251 (an example script timing its own run)
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import samrap.env  # noqa: F401  (registers samrap/Dummy-v0)


def make_env(seed: int) -> gymnasium.Env[Any, Any]:
    env = gymnasium.make("samrap/Dummy-v0", players=2, opponents="random", seat=None, reward="win")
    env.reset(seed=seed)
    return env


def evaluate(model: Any, games: int, seed: int) -> float:
    """Win rate of ``model`` (sampling its masked policy) over ``games`` seeded games against random."""
    from sb3_contrib.common.maskable.utils import get_action_masks

    env = make_env(seed)
    wins = 0.0
    for k in range(games):
        obs, _ = env.reset(seed=seed + k)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=False)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += reward > 0
    return wins / games


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=120_000)
    parser.add_argument("--eval-every", type=int, default=20_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--out", type=Path, default=Path("docs/img/ppo_dummy.png"))
    parser.add_argument("--data", type=Path, default=None, help="also write the curve as JSON")
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    vec = DummyVecEnv([lambda k=k: make_env(args.seed * 1000 + k) for k in range(args.envs)])
    vec.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=256,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
        device="cpu",
    )

    eval_seed = 10_000_000 + args.seed
    curve: dict[str, list[float]] = {"eval_steps": [], "eval_win": [], "train_steps": [], "train_win": []}

    class Progress(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.results: list[float] = []
            self.next_eval = args.eval_every

        def _on_step(self) -> bool:
            for done, info, reward in zip(
                self.locals["dones"], self.locals["infos"], self.locals["rewards"], strict=True
            ):
                if done and "points" in info:
                    self.results.append(1.0 if reward > 0 else 0.0)
                    if len(self.results) % 50 == 0:
                        curve["train_steps"].append(float(self.num_timesteps))
                        curve["train_win"].append(float(np.mean(self.results[-200:])))
            if self.num_timesteps >= self.next_eval:
                self.next_eval += args.eval_every
                win = evaluate(self.model, args.eval_games, eval_seed)
                curve["eval_steps"].append(float(self.num_timesteps))
                curve["eval_win"].append(win)
                print(f"{self.num_timesteps:>8} steps  eval win rate {win:.3f}  ({time.perf_counter() - t0:.0f} s)")
            return True

    t0 = time.perf_counter()
    start = evaluate(model, args.eval_games, eval_seed)
    curve["eval_steps"].append(0.0)
    curve["eval_win"].append(start)
    print(f"{0:>8} steps  eval win rate {start:.3f}  (untrained)")
    model.learn(total_timesteps=args.timesteps, callback=Progress())
    seconds = time.perf_counter() - t0
    summary = {
        "timesteps": args.timesteps,
        "seconds": round(seconds, 1),
        "eval_games": args.eval_games,
        "first_eval_win": curve["eval_win"][0],
        "last_eval_win": curve["eval_win"][-1],
        "curve": curve,
    }
    print(f"win rate against random: {curve['eval_win'][0]:.3f} -> {curve['eval_win'][-1]:.3f} in {seconds:.0f} s")
    if args.data is not None:
        args.data.write_text(json.dumps(summary, indent=1))
    plot(curve, args.out, args.eval_games, seconds)
    return summary


def plot(curve: dict[str, list[float]], out: Path, games: int, seconds: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    if curve["train_steps"]:
        ax.plot(curve["train_steps"], curve["train_win"], color="0.6", lw=1, label="training episodes (last 200)")
    ax.plot(curve["eval_steps"], curve["eval_win"], "o-", color="C0", lw=2, label=f"evaluation ({games} seeded games)")
    ax.axhline(0.5, color="0.3", ls=":", lw=1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("environment steps (learner decisions)")
    ax.set_ylabel("win rate against the random bot")
    ax.set_title(f"MaskablePPO on samrap/Dummy-v0, 2 players ({seconds / 60:.0f} min on a CPU)")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)


if __name__ == "__main__":
    main()
