"""What one hint costs in CPU: the quick answer (the heuristic, on a thread of the server) and the
deeper look (simulated finishes, in a worker), over positions of random games.

    python -m bench.hint_cost                 # Dummy for 2 and 4, Contract for 3; a minute or two

Reported per game: CPU milliseconds of :func:`samrap.server.hints.quick_hints` and of
:func:`samrap.server.hints.hint_job` (the latter with its wall-clock cap,
``samrap.server.hints.DEEP_SECONDS``), p50, p95 and max. CPU time, unlike wall time, hardly depends
on what else the machine runs (docs/performance.md, issue 27.4).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from samrap.engine.registry import GameSetup, resolve
from samrap.server.hints import hint_job, quick_hints

#: (config, games, every how many actions a position is taken)
GAMES = (("dummy(players=2)", 6, 5), ("dummy(players=4)", 4, 7), ("contract(players=3)", 2, 9))


def positions(config: str, games: int, every: int, rng: random.Random) -> Iterator[tuple[Any, Any, list[Any]]]:
    """Positions with a choice (two legal moves or more) of random games of ``config``."""
    spec, cfg = resolve(config)
    game = spec.make_game(cfg)
    size = 52 if spec.name == "dummy" else 106
    for g in range(games):
        deck = list(range(size))
        rng.shuffle(deck)
        state = spec.start_game(game, GameSetup(0, tuple(deck), 0, 1, tuple(0 for _ in range(game.players)), g))
        for step in range(400):
            legal = list(game.legal_moves(state))
            if not legal:
                break
            seat = game.current_player(state)
            if step % every == 0 and len(legal) > 1:
                yield game, game.observe(state, seat), legal
            state = game.apply(state, rng.choice(legal), seat)


def pct(xs: list[float], p: float) -> float:
    return 1000 * xs[min(len(xs) - 1, int(p * len(xs)))]


def main() -> None:
    for config, games, every in GAMES:
        rng = random.Random(7)
        quick: list[float] = []
        deep: list[float] = []
        for k, (game, view, legal) in enumerate(positions(config, games, every, rng)):
            t = time.process_time()
            quick_hints(game, view, legal, k, "th")
            quick.append(time.process_time() - t)
            if k % 3 == 0:
                t = time.process_time()
                hint_job(game, view, legal, k, "th")
                deep.append(time.process_time() - t)
        quick.sort()
        deep.sort()
        print(
            f"{config}: quick n={len(quick)} p50 {pct(quick, 0.5):.1f} p95 {pct(quick, 0.95):.1f} "
            f"max {1000 * quick[-1]:.1f} ms CPU; deep n={len(deep)} p50 {pct(deep, 0.5):.0f} "
            f"p95 {pct(deep, 0.95):.0f} max {1000 * deep[-1]:.0f} ms CPU",
            flush=True,
        )


if __name__ == "__main__":
    main()
