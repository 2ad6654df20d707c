"""Do the review's labels mean something? Review games between the ``hard`` and ``easy`` bots.

Plays ``--games`` seeded two-player games (half with ``hard`` in seat 0, half with it in seat 1),
reviews both seats of every game with the review's fixed seed, and prints for each bot the
decisions reviewed, the labels, the mistakes (mistake + blunder) per decision and the blunder
share, with 95% Wilson intervals. Issue 13 asks: easy at least twice hard's mistakes per
decision, and hard's moves blunders in under 2% of its decisions.

    .venv/bin/python bench/review_labels.py --games 20 --seed 1
    .venv/bin/python bench/review_labels.py --games 10 --seed 1 --records /tmp/games --rows rows1.jsonl
    .venv/bin/python bench/review_labels.py --from-rows rows1.jsonl rows2.jsonl     # pooled figures
    .venv/bin/python bench/review_labels.py --game contract --games 4 --seed 1
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from pathlib import Path
from typing import Any

from samrap.engine.match import single_games
from samrap.engine.record import Record, make_record, read_record, write_record
from samrap.engine.registry import get_spec
from samrap.engine.tournament import wilson
from samrap.players.levels import make_bot
from samrap.players.review import LABELS, ROUNDS, review_record


def _game(spec: Any, config: Any, game: Any, names: list[str], seed: int, folder: str) -> Record:
    """The seeded game of ``names`` (read back from ``folder`` when it was played before)."""
    path = Path(folder) / f"{spec.name}-{'-'.join(names)}-{seed}.json" if folder else None
    if path is not None and path.exists():
        return read_record(path)
    seats = [make_bot(n, game, f"{n}-{q}") for q, n in enumerate(names)]
    record = make_record(next(iter(single_games(spec, config, seats, seed, 1))))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_record(path, record)
    return record


def ratio_ci(k_num: int, n_num: int, k_den: int, n_den: int, z: float = 1.96) -> tuple[float, float] | None:
    """The 95% interval of ``(k_num / n_num) / (k_den / n_den)`` (Katz's log method), or ``None``.

    It treats decisions as independent; decisions of one game are not quite, so read it as a guide.
    """
    if not (k_num and k_den and n_num and n_den):
        return None
    r = (k_num / n_num) / (k_den / n_den)
    se = math.sqrt(1 / k_num - 1 / n_num + 1 / k_den - 1 / n_den)
    return r * math.exp(-z * se), r * math.exp(z * se)


def summary(labels: dict[str, Counter[str]]) -> dict[str, Any]:
    """Per bot: decisions, labels, mistakes (mistake + blunder) and blunders per decision with
    their intervals; and easy's mistakes per decision over hard's, with its interval."""
    out: dict[str, Any] = {}
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
    ch, ce = labels["hard"], labels["easy"]
    ci = ratio_ci(ce["mistake"] + ce["blunder"], sum(ce.values()), ch["mistake"] + ch["blunder"], sum(ch.values()))
    out["ratio_ci95"] = None if ci is None else [round(x, 2) for x in ci]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="dummy")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--start", type=int, default=0, help="the first game's number (games start to start+games-1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=0, help="simulated deals per decision (0: the review's default)")
    ap.add_argument("--confirm", type=int, default=-1, help="deals a second-look round (-1: default)")
    ap.add_argument("--rounds", type=int, default=ROUNDS, help="most rounds of the second look (1: before issue 24.5)")
    ap.add_argument("--rows", default="", help="write every reviewed decision (JSON lines) to this file")
    ap.add_argument(
        "--records",
        default="",
        help="a folder for the played games: a game already there is read back instead of played again "
        "(the same seed gives the same game; the bots are slow, the review is what is measured)",
    )
    ap.add_argument("--play-only", action="store_true", help="play (and store with --records) but do not review")
    ap.add_argument("--from-rows", nargs="*", default=None, help="only pool the decisions of these --rows files")
    args = ap.parse_args()
    labels: dict[str, Counter[str]] = {"hard": Counter(), "easy": Counter()}
    if args.from_rows is not None:
        seen: set[tuple[Any, ...]] = set()
        for name in args.from_rows:
            for line in Path(name).read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                key = (row.get("seed"), row["match"], row["bot"], row["game"], row["number"])
                if key not in seen:  # a game reviewed twice counts once
                    seen.add(key)
                    labels[row["bot"]][row["label"]] += 1
        print(json.dumps({"files": args.from_rows, **summary(labels)}, indent=1))
        return
    spec = get_spec(args.game)
    config = spec.parse_config(f"{args.game}(players={args.players})", spec.default_config)
    game = spec.make_game(config)
    start = time.perf_counter()
    review_seconds = 0.0
    for k in range(args.start, args.start + args.games):
        hard_seat = k % 2
        names = ["easy"] * args.players
        names[hard_seat] = "hard"
        record = _game(spec, config, game, names, args.seed * 1000 + k, args.records)
        if args.play_only:
            continue
        for q in range(args.players):
            t = time.perf_counter()
            confirm = None if args.confirm < 0 else args.confirm
            r = review_record(
                record, q, seed=0, deals=args.deals or None, games=[0], confirm=confirm, rounds=args.rounds
            )
            review_seconds += time.perf_counter() - t
            labels[names[q]].update(d.label for d in r.decisions)
            if args.rows:
                with open(args.rows, "a", encoding="utf-8") as f:
                    for d in r.decisions:
                        row = {"bot": names[q], "seed": args.seed, "match": k, "rounds": args.rounds, **d.as_dict()}
                        f.write(json.dumps(row, ensure_ascii=False) + "\n")
    out = summary(labels)
    out["seconds"] = round(time.perf_counter() - start, 1)
    out["review_seconds"] = round(review_seconds, 1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
