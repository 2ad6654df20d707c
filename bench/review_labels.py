"""Do the review's labels mean something? Review games between the ``hard`` and ``easy`` bots.

Plays ``--games`` seeded two-player games (half with ``hard`` in seat 0, half with it in seat 1),
reviews both seats of every game with the review's fixed seed, and prints for each bot the
decisions reviewed, the labels, the mistakes (mistake + blunder) per decision and the blunder
share, with 95% Wilson intervals. Issue 13 asks: easy at least twice hard's mistakes per
decision, and hard's moves blunders in under 2% of its decisions.

    .venv/bin/python bench/review_labels.py --games 20 --seed 1
    .venv/bin/python bench/review_labels.py --game contract --games 4 --seed 1
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter

from samrap.engine.match import single_games
from samrap.engine.record import make_record
from samrap.engine.registry import get_spec
from samrap.players.levels import make_bot
from samrap.players.review import LABELS, review_record


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="dummy")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=0, help="simulated deals per decision (0: the review's default)")
    ap.add_argument("--rows", default="", help="write every reviewed decision (JSON lines) to this file")
    args = ap.parse_args()
    spec = get_spec(args.game)
    config = spec.parse_config(f"{args.game}(players={args.players})", spec.default_config)
    game = spec.make_game(config)
    labels: dict[str, Counter[str]] = {"hard": Counter(), "easy": Counter()}
    start = time.perf_counter()
    review_seconds = 0.0
    for k in range(args.games):
        hard_seat = k % 2
        names = ["easy"] * args.players
        names[hard_seat] = "hard"
        seats = [make_bot(n, game, f"{n}-{q}") for q, n in enumerate(names)]
        result = next(iter(single_games(spec, config, seats, args.seed * 1000 + k, 1)))
        record = make_record(result)
        for q in range(args.players):
            t = time.perf_counter()
            r = review_record(record, q, seed=0, deals=args.deals or None, games=[0])
            review_seconds += time.perf_counter() - t
            labels[names[q]].update(d.label for d in r.decisions)
            if args.rows:
                with open(args.rows, "a", encoding="utf-8") as f:
                    for d in r.decisions:
                        f.write(json.dumps({"bot": names[q], "match": k, **d.as_dict()}, ensure_ascii=False) + "\n")
    out = {}
    for bot, c in labels.items():
        n = sum(c.values())
        mistakes = c["mistake"] + c["blunder"]
        out[bot] = {
            "decisions": n,
            "labels": {lab: c[lab] for lab in LABELS},
            "mistakes_per_decision": round(mistakes / n, 4) if n else 0.0,
            "mistakes_ci95": [round(x, 4) for x in wilson(mistakes, n)],
            "blunder_share": round(c["blunder"] / n, 4) if n else 0.0,
            "blunder_ci95": [round(x, 4) for x in wilson(c["blunder"], n)],
        }
    h, e = out["hard"]["mistakes_per_decision"], out["easy"]["mistakes_per_decision"]
    out["ratio_easy_to_hard"] = round(e / h, 2) if h else None
    out["seconds"] = round(time.perf_counter() - start, 1)
    out["review_seconds"] = round(review_seconds, 1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
