"""Environment steps per second: samrap's PettingZoo envs next to PettingZoo's and RLCard's Gin Rummy.

Every environment is driven the same way, by a uniformly random agent that reads the legal
actions the environment offers (the action mask, or RLCard's ``legal_actions``), for a fixed time
budget, playing whole games back to back from a seeded start. A *step* is one ``env.step`` with an
action (PettingZoo's dead-agent ``step(None)`` calls at the end of a game are not counted); the
PettingZoo loop also calls ``env.last()`` before every step, so observations and masks are built
as a learner would need them.

Measured in one run:

* ``samrap dummy_v0`` (2 players) and ``samrap contract_v0`` (3 players), PettingZoo 1.25+ in
  this venv;
* ``pettingzoo gin_rummy_v4`` from PettingZoo 1.26.1, which needs ``pettingzoo[classic]==1.26.1``
  and conflicts with a newer PettingZoo, so it runs in its own venv (``--pz126-python``, default
  ``/tmp/pz126/bin/python``; create it with
  ``python -m venv /tmp/pz126 && /tmp/pz126/bin/pip install 'pettingzoo[classic]==1.26.1'``),
  as a subprocess of this script (``--child``);
* ``rlcard gin-rummy`` (RLCard 1.2.0, the bench extra) in this venv.

The time budget is CPU time of the measuring process (``time.process_time``). On a shared machine
the figures move with the load, so the measurement is repeated in ``--rounds`` rounds, each
measuring every environment once in turn, and the table shows each environment's best round
(its least disturbed one) and the median; the ratios use the best rounds.

Usage::

    python bench/env_steps.py --seconds 5 --rounds 5   # prints a Markdown table and the ratios
    python bench/env_steps.py --json out.json          # also writes the figures
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

#: Targets from the issue: samrap's Dummy env against the two Gin Rummy peers.
TARGET_VS_PETTINGZOO = 5.0
TARGET_VS_RLCARD = 2.0


def _legal_ids(mask: Any) -> Any:
    """The ids a 0/1 action mask allows.

    A one-byte mask is read as booleans: numpy's ``nonzero`` on a bool array takes about 0.7 us
    for a 2,428-entry mask against 3.3 us on the same bytes as int8 (and 5.1 us for
    ``np.flatnonzero``), which is the random agent's cost, not the environment's. The same code
    drives every PettingZoo environment here.
    """
    flat = mask.reshape(-1)
    return (flat.view(np.bool_) if flat.dtype.itemsize == 1 else flat != 0).nonzero()[0]


def pettingzoo_loop(env: Any, seconds: float, seed: int) -> dict[str, float]:
    """Random legal play in an AEC env for ``seconds`` (whole games only); steps and games per second."""
    rng = random.Random(seed)
    steps = games = 0
    start = time.process_time()
    deadline = start + seconds
    game_seed = seed
    while True:
        env.reset(seed=game_seed)
        game_seed += 1
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
            legal = _legal_ids(mask)
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
            del agent
        games += 1
        if time.process_time() >= deadline:
            break
    used = time.process_time() - start
    return {"steps": steps, "games": games, "seconds": used, "steps_per_s": steps / used, "games_per_s": games / used}


def rlcard_loop(seconds: float, seed: int) -> dict[str, float]:
    """Random legal play in RLCard's gin-rummy env (``env.step`` with raw legal action ids)."""
    import rlcard  # type: ignore[import-untyped]

    env = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    steps = games = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
        if time.process_time() >= deadline:
            break
    used = time.process_time() - start
    return {"steps": steps, "games": games, "seconds": used, "steps_per_s": steps / used, "games_per_s": games / used}


def child(name: str, seconds: float, seed: int) -> None:
    """Measure one peer env in this interpreter and print JSON (run under the PettingZoo 1.26.1 venv)."""
    import pettingzoo  # type: ignore[import-untyped]

    if name != "gin_rummy_v4":
        raise SystemExit(f"unknown child env {name!r}")
    from pettingzoo.classic import gin_rummy_v4  # type: ignore[import-untyped]

    result = pettingzoo_loop(gin_rummy_v4.env(), seconds, seed)
    result["version"] = pettingzoo.__version__
    print(json.dumps(result))


def measure(seconds: float, seed: int, pz126_python: str, rounds: int) -> dict[str, dict[str, Any]]:
    """Every environment once per round; per environment the best round plus every round's steps/s."""
    runs = [measure_once(seconds, seed + r, pz126_python) for r in range(rounds)]
    out: dict[str, dict[str, Any]] = {}
    for name in runs[0]:
        rates = [run[name]["steps_per_s"] for run in runs]
        best = max(runs, key=lambda run: run[name]["steps_per_s"])[name]
        out[name] = {**best, "rounds": rates, "median_steps_per_s": sorted(rates)[len(rates) // 2]}
    return out


def measure_once(seconds: float, seed: int, pz126_python: str) -> dict[str, dict[str, Any]]:
    import pettingzoo
    import rlcard

    from samrap.env import contract_v0, dummy_v0

    out: dict[str, dict[str, Any]] = {}
    out["samrap dummy_v0 (2 players)"] = pettingzoo_loop(dummy_v0.env(players=2), seconds, seed)
    out["samrap dummy_v0 (2 players)"]["version"] = f"pettingzoo {pettingzoo.__version__}"
    out["samrap contract_v0 (3 players)"] = pettingzoo_loop(contract_v0.env(players=3), seconds, seed)
    out["samrap contract_v0 (3 players)"]["version"] = f"pettingzoo {pettingzoo.__version__}"
    proc = subprocess.run(
        [pz126_python, __file__, "--child", "gin_rummy_v4", "--seconds", str(seconds), "--seed", str(seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    gin = json.loads(proc.stdout.strip().splitlines()[-1])
    gin["version"] = f"pettingzoo {gin['version']}"
    out["pettingzoo gin_rummy_v4"] = gin
    out["rlcard gin-rummy"] = rlcard_loop(seconds, seed)
    out["rlcard gin-rummy"]["version"] = f"rlcard {rlcard.__version__}"
    return out


def report(results: dict[str, dict[str, Any]]) -> str:
    lines = [
        "| environment | version | steps/s (best round) | median | games/s | steps | CPU s |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, r in results.items():
        lines.append(
            f"| {name} | {r['version']} | {r['steps_per_s']:,.0f} | {r.get('median_steps_per_s', 0):,.0f} | "
            f"{r['games_per_s']:.2f} | {r['steps']:,} | {r['seconds']:.1f} |"
        )
    pz = results["pettingzoo gin_rummy_v4"]["steps_per_s"]
    rl = results["rlcard gin-rummy"]["steps_per_s"]
    lines.append("")
    for name in ("samrap dummy_v0 (2 players)", "samrap contract_v0 (3 players)"):
        ours = results[name]["steps_per_s"]
        lines.append(
            f"- {name}: {ours / pz:.1f}x PettingZoo gin_rummy_v4 (target {TARGET_VS_PETTINGZOO:g}x), "
            f"{ours / rl:.1f}x RLCard gin-rummy (target {TARGET_VS_RLCARD:g}x)"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per environment and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pz126-python", default="/tmp/pz126/bin/python")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.seconds, args.seed)
        return
    results = measure(args.seconds, args.seed, args.pz126_python, args.rounds)
    print(
        f"{args.rounds} rounds of {args.seconds:g} CPU s per environment; Python {platform.python_version()}; "
        f"{platform.machine()}"
    )
    print(report(results))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    main()
