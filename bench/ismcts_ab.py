"""A/B of ISMCTS versions head to head on duplicate 2-player Dummy deals (issue 24.2).

Each change to the search is measured against the version before it: both play the same deals
from both seats (``engine.tournament.make_tasks``), with the same iteration budget, and the
figure is the new version's share of the games (ties half) with its 95% Wilson interval and the
paired per-deal mean with its standard error. Variants:

* ``base``: the search as it was (random expansion order, every legal move at the root);
* ``pf``: ``policy_first``: the heuristic's move expanded first at every node, so a collect's
  follow-ups are first played the way the heuristic plays them;
* ``pf+def``: ``pf`` and the near-knock defence at the root (``players.defence``).

    python -m bench.ismcts_ab --a pf --b base --deals 40 --iters 150 --preset classic
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from samrap.engine.match import run_match
from samrap.engine.registry import resolve
from samrap.engine.tournament import make_tasks, wilson
from samrap.players.budget import Budget
from samrap.players.defence import near_knock_defence
from samrap.players.heuristic.dummy import DummyHeuristic
from samrap.players.ismcts import ISMCTSPlayer, Outcome, bot_rollout


def _variant(name: str, iters: int) -> Callable[[Any], Any]:
    def build(game: Any) -> Any:
        rollout = bot_rollout(game, DummyHeuristic(endgame=False))
        return ISMCTSPlayer(
            game,
            rollout,
            Budget(iterations=iters),
            outcome=Outcome(margin_weight=0.3, scale=100.0),
            name=name,
            policy_first=name != "base",
            root_filter=near_knock_defence if name.endswith("+def") else None,
        )

    return build


VARIANTS = ("base", "pf", "pf+def", "base+def")


def play(task: tuple[str, int, int, tuple[str, ...], int, int]) -> dict[str, Any]:
    """One game of the task ``(config, deal, rotation, seats, iterations, match seed)``."""
    config, deal, rot, seats, iters, seed = task
    spec, cfg = resolve(config)
    game = spec.make_game(cfg)
    bots = [_variant(v, iters)(game) for v in seats]
    match = run_match(spec, cfg, bots, seed, max_games=1)
    return {"deal": deal, "rot": rot, "seats": list(seats), "scores": list(match.games[0].scores)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ismcts_ab")
    ap.add_argument("--a", choices=VARIANTS, required=True, help="the new version")
    ap.add_argument("--b", choices=VARIANTS, required=True, help="the version before")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--iters", type=int, default=150)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rows", default="", help="append one JSON line per game to this file")
    args = ap.parse_args(argv)
    config = f"dummy(players=2,preset={args.preset})"
    tasks = [
        (config, t.deal, t.rotation, t.seats, args.iters, t.seed)
        for t in make_tasks(config, (args.a, args.b), args.deals, args.seed, 1)
    ]
    loads = [os.getloadavg()[0]]
    start = time.perf_counter()
    rows = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for k, row in enumerate(pool.map(play, tasks), 1):
            rows.append(row)
            loads.append(os.getloadavg()[0])
            if args.rows:
                with open(args.rows, "a") as f:
                    f.write(json.dumps({**row, "a": args.a, "b": args.b, "iters": args.iters}) + "\n")
            print(f"{k}/{len(tasks)} games, load {loads[-1]:.1f}", file=sys.stderr, flush=True)
    wins = 0.0
    per_deal: dict[int, list[float]] = {}
    for r in rows:
        q = r["seats"].index(args.a)
        s = r["scores"]
        w = 1.0 if s[q] > s[1 - q] else 0.5 if s[q] == s[1 - q] else 0.0
        wins += w
        per_deal.setdefault(r["deal"], []).append(w)
    lo, hi = wilson(wins, len(rows))
    means = [statistics.fmean(v) for v in per_deal.values()]
    se = statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else math.nan
    print(
        json.dumps(
            {
                "a": args.a,
                "b": args.b,
                "preset": args.preset,
                "iters": args.iters,
                "seed": args.seed,
                "games": len(rows),
                "a_wins": wins,
                "a_rate": round(wins / len(rows), 4),
                "wilson95": [round(lo, 4), round(hi, 4)],
                "paired_se": round(se, 4),
                "load_min_max": [round(min(loads), 2), round(max(loads), 2)],
                "wall_s": round(time.perf_counter() - start, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
