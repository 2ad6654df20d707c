"""A fixed number of seeded random Dummy games, for instruction counts with callgrind.

Seconds on a shared machine move with its load; instructions do not. Run the benchmark's loop for
two game counts under ``valgrind --tool=callgrind`` and divide the difference in instructions by
the difference in actions (printed on stderr): the marginal cost per action with warm caches.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python -m bench.fixed_playout 4 300     # "Collected: N" and the action count
    PYTHONHASHSEED=0 valgrind ... .venv/bin/python -m bench.fixed_playout 4 900
    # instructions per action = (N900 - N300) / (actions900 - actions300)

``PYTHONHASHSEED=0`` keeps dict and set layouts, hence the count, the same from run to run.
"""

from __future__ import annotations

import argparse
import random
import sys

from samrap.games.dummy import DummyConfig
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.rules import apply_unchecked, legal_actions


def play(players: int, games: int, seed: int = 1) -> int:
    """Play ``games`` random games (the benchmark's loop); the number of actions."""
    game = DummyGame(DummyConfig(players=players))
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        s = game.new_game(seed=rng.getrandbits(32))
        while not s.is_over:
            s = apply_unchecked(s, rng.choice(legal_actions(s)))
            actions += 1
    return actions


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("players", type=int)
    ap.add_argument("games", type=int)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(play(args.players, args.games, args.seed), file=sys.stderr)


if __name__ == "__main__":
    main()
