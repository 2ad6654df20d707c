"""Where a search level leaves the heuristic: its move beside ``medium``'s, by kind, in Thai Dummy.

A diagnostic for issue 24.2 (docs/bots.md, "Where hard leaves medium"): on positions of ``medium``
playing itself (2 players, seeded deals), a share ``--share`` of the decisions with a choice is
also put to ``--level`` (``hard`` by default, untimed, so the load changes nothing), from the same
seat's view. Each asked decision is counted by the kind of ``medium``'s move and the kind of the
level's (a lay-off kept back for a discard, a collect declined for a draw, ...), and how often the
two are the very same move. The counts say where the search's strength over ``medium`` can lie;
they do not say which of the two moves is better (``bench.ladder`` does that on whole games).

    python -m bench.deviations --preset classic --games 60 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

from bench.ladder import SUITES, _bot
from samrap.engine.registry import resolve
from samrap.games.dummy.game import DummyGame
from samrap.players.budget import Budget


def game_counts(args: tuple[str, int, str, float, int | None]) -> dict[str, Any]:
    """One game of ``medium`` against itself (deal ``seed``); the asked decisions' kind pairs."""
    preset, seed, level, share, iterations = args
    spec, cfg = resolve(SUITES[f"dummy-{preset}"])
    game = spec.make_game(cfg)
    assert isinstance(game, DummyGame)
    medium = _bot("medium", game, "medium", True)
    searcher = _bot(level, game, level, True)
    budget = Budget(iterations=iterations) if iterations else None
    rng, pick = Random(seed), Random(seed + 1)
    pairs: Counter[str] = Counter()
    same = asked = 0
    s = game.new_game(seed=seed)
    while not game.is_terminal(s):
        legal = game.legal_moves(s)
        if len(legal) == 1:
            s = game.apply(s, legal[0])
            continue
        view = game.observe(s, game.current_player(s))
        move = medium.choose(view, legal, rng)
        if pick.random() < share:
            theirs = searcher.choose(view, legal, Random(seed * 1000 + asked), budget)
            pairs[f"{type(move).__name__}>{type(theirs).__name__}"] += 1
            same += theirs == move
            asked += 1
        s = game.apply(s, move)
    return {"seed": seed, "asked": asked, "same": same, "pairs": dict(pairs)}


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals over the games: per kind of ``medium``'s move, how often the level chose each kind."""
    pairs: Counter[str] = Counter()
    for r in rows:
        pairs.update(r["pairs"])
    asked = sum(r["asked"] for r in rows)
    by_kind: dict[str, dict[str, int]] = {}
    for key, n in sorted(pairs.items()):
        mine, theirs = key.split(">")
        by_kind.setdefault(mine, {})[theirs] = n
    return {
        "games": len(rows),
        "asked": asked,
        "same_move": round(sum(r["same"] for r in rows) / asked, 4) if asked else None,
        "by_medium_kind": by_kind,
    }


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", choices=("classic", "modern"), default="classic")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=50_000_000, help="game k is dealt by seed + k")
    ap.add_argument("--level", default="hard", help="the level asked beside medium (hard, expert)")
    ap.add_argument("--share", type=float, default=0.5, help="the share of decisions put to the level")
    ap.add_argument("--iterations", type=int, help="the level's iterations (default: its own)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="the summary and every game, as JSON")
    args = ap.parse_args(argv)
    if not 0 < args.share <= 1:
        ap.error("--share is a share of the decisions, above 0 and at most 1")
    tasks = [(args.preset, args.seed + k, args.level, args.share, args.iterations) for k in range(args.games)]
    rows: list[dict[str, Any]] = []
    start = time.time()
    with ProcessPoolExecutor(args.jobs) as ex:
        for row in ex.map(game_counts, tasks):
            rows.append(row)
            print(
                f"{len(rows)}/{len(tasks)} games, {sum(r['asked'] for r in rows)} decisions asked, "
                f"{time.time() - start:.0f} s",
                file=sys.stderr,
            )
    summary = summarise(rows)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"preset": args.preset, "level": args.level, "summary": summary, "games": rows}, f, indent=1)
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
