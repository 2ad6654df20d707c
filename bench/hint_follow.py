"""Hints worth following (issue 13.5): a player who always plays the first hint against the ``easy`` bot.

Plays ``--matches`` seeded two-player matches (to the preset's target, 500 points) under a preset
(``modern`` by default), the hint follower in seat 0 of even matches and seat 1 of odd ones, and
prints the follower's match wins with a 95% Wilson interval, the points for and against, and
how often it was fined: ทิ้งใบฝาก (discard_layoff), โง่ (ngo), ทิ้งเต็ม (discard_full), ปี้หัว
(head_penalty), ตกตึก (fall). ``--player medium`` seats a bot in the follower's place on the same
seeds (the peer: the heuristic the hints start from).

    .venv/bin/python bench/hint_follow.py --matches 20 --seed 1 --preset modern
    .venv/bin/python bench/hint_follow.py --matches 20 --seed 1 --preset modern --player medium
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from random import Random
from typing import Any

from samrap.core.rng import make_rng
from samrap.engine.match import run_match
from samrap.engine.registry import get_spec
from samrap.engine.tournament import wilson
from samrap.players.budget import Budget
from samrap.players.hint import rank_moves
from samrap.players.levels import make_bot


class HintFollower:
    """Plays the first hint of every decision (the same call the server's hint button makes)."""

    def __init__(self, game: Any, iterations: int | None, name: str = "hint-follower") -> None:
        self.game = game
        self.budget = Budget(iterations=iterations) if iterations else None
        self.name = name

    def choose(self, view: Any, legal: Sequence[Any], rng: Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        return rank_moves(self.game, view, legal, None, Random(rng.getrandbits(63)), self.budget, "en")[0].action


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="dummy")
    ap.add_argument("--preset", default="modern")
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=0, help="hint budget (0: the hint default)")
    ap.add_argument("--opponent", default="easy")
    ap.add_argument(
        "--player",
        default="hint",
        help="hint (the first-hint follower) or a bot spec measured in its place on the same seeds, e.g. medium",
    )
    args = ap.parse_args()
    spec = get_spec(args.game)
    config = spec.parse_config(f"{args.game}(players=2,preset={args.preset})", spec.default_config)
    game = spec.make_game(config)
    wins = 0
    points_for = points_against = 0
    fines: dict[str, int] = {"discard_layoff": 0, "ngo": 0, "discard_full": 0, "head_penalty": 0, "fall": 0}
    games = 0
    start = time.perf_counter()
    seeds = make_rng(f"hint-follow:{args.seed}")
    for k in range(args.matches):
        me = k % 2
        seats: list[Any] = [make_bot(args.opponent, game, f"{args.opponent}"), make_bot(args.opponent, game)]
        hint = args.player == "hint"
        seats[me] = HintFollower(game, args.iterations or None) if hint else make_bot(args.player, game)
        m = run_match(spec, config, seats, seeds.getrandbits(48))
        wins += int(m.winners == (me,))
        points_for += m.totals[me]
        points_against += m.totals[1 - me]
        for g in m.games:
            games += 1
            for line in g.ledger:
                if line.seat == me and line.code in fines:
                    fines[line.code] += 1
        # one line per match as it ends (a long run can be read before it finishes)
        print(
            json.dumps(
                {"match": k + 1, "follower_seat": me, "won": m.winners == (me,), "totals": m.totals, "fines": fines}
            ),
            flush=True,
        )
    lo, hi = wilson(wins, args.matches)
    print(
        json.dumps(
            {
                "preset": args.preset,
                "player": args.player,
                "opponent": args.opponent,
                "matches": args.matches,
                "follower_wins": wins,
                "share": round(wins / args.matches, 3),
                "ci95": [round(lo, 3), round(hi, 3)],
                "points_for": points_for,
                "points_against": points_against,
                "games": games,
                "follower_fines": fines,
                "seconds": round(time.perf_counter() - start, 1),
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
