"""A fixed number of seeded random games, for instruction counts with callgrind.

Seconds on a shared machine move with its load; instructions do not. Run the benchmark's loop
(``bench/playout.py``: the public facade, uniform random choices among ``legal_actions``, the
decision steps: a Contract go-down chosen a meld at a time) for two game counts under
``valgrind --tool=callgrind`` and divide the difference in instructions by the difference in
actions (printed on stderr): the marginal cost per action with warm caches.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python -m bench.fixed_playout 4 300     # "Collected: N" and the action count
    PYTHONHASHSEED=0 valgrind ... .venv/bin/python -m bench.fixed_playout 4 900
    # instructions per action = (N900 - N300) / (actions900 - actions300)

``--game contract`` plays Contract Rummy deals with the deal numbers 1-7 in turn, as the
benchmark does (use multiples of 7 deals); ``--deal D`` plays deal number ``D`` only.

``PYTHONHASHSEED=0`` keeps dict and set layouts, hence the count, the same from run to run.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from samrap.engine.registry import find_game


def play(players: int, games: int, seed: int = 1, game_name: str = "dummy", deal: int | None = None) -> int:
    """Play ``games`` random games (the benchmark's loop); the number of actions."""
    game: Any = find_game(f"{game_name}(players={players})")
    legal_actions, apply_unchecked, is_terminal = game.legal_actions, game.apply_unchecked, game.is_terminal
    rng = random.Random(seed)
    actions = 0
    for k in range(games):
        if game_name == "contract":
            s = game.new_game(seed=rng.getrandbits(32), deal_number=deal or 1 + k % 7)
        else:
            s = game.new_game(seed=rng.getrandbits(32))
        while not is_terminal(s):
            s = apply_unchecked(s, rng.choice(legal_actions(s)))
            actions += 1
    return actions


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("players", type=int)
    ap.add_argument("games", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=("dummy", "contract"), default="dummy")
    ap.add_argument("--deal", type=int, choices=range(1, 8), help="Contract Rummy: this deal number only")
    args = ap.parse_args(argv)
    print(play(args.players, args.games, args.seed, args.game, args.deal), file=sys.stderr)


if __name__ == "__main__":
    main()
