"""How long a game review takes (issue 13.4): a two-player Dummy game and a Contract Rummy deal.

Plays one seeded game of each (the ``hard`` bot against ``easy`` for Dummy, four heuristics for a
Contract deal), then times the review of one seat with the review's defaults. Prints wall and CPU
seconds, the decisions reviewed and the machine's load average, beside a peer measured in the
same run (the playout benchmark's unit: one Dummy playout from the deal), so a loaded machine
can be read as a ratio. Targets: Dummy game <= 30 s, Contract deal <= 60 s on 2 cores.

    .venv/bin/python bench/review_speed.py --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import time
from random import Random

from samrap.engine.match import single_games
from samrap.engine.record import make_record
from samrap.engine.registry import get_spec
from samrap.games.dummy import rules
from samrap.players.heuristic.dummy import rollout
from samrap.players.levels import make_bot
from samrap.players.review import review_record


def _peer_ms(game: object, n: int = 200) -> float:
    """Milliseconds per Dummy playout from a fresh deal with the rollout policy (the peer)."""
    start = time.process_time()
    for i in range(n):
        s = game.new_game(seed=i)  # type: ignore[attr-defined]
        rng = Random(i)
        while s.phase.name != "OVER":
            s = rules.apply_unchecked(s, rollout(s, rules.legal_moves(s), rng))
    return 1000 * (time.process_time() - start) / n


def timed(game_name: str, players: int, bots: list[str], seed: int, seat: int) -> dict[str, object]:
    spec = get_spec(game_name)
    config = spec.parse_config(f"{game_name}(players={players})", spec.default_config)
    game = spec.make_game(config)
    seats = [make_bot(b, game, f"{b}-{q}") for q, b in enumerate(bots)]
    record = make_record(next(iter(single_games(spec, config, seats, seed, 1))))
    wall, cpu = time.perf_counter(), time.process_time()
    r = review_record(record, seat, games=[0])
    return {
        "game": game_name,
        "players": players,
        "decisions": r.summary["decisions"],
        "deals_per_decision": r.deals,
        "second_looks": sum(1 for d in r.decisions if d.second_look),
        "second_look_deals": max((d.second_look for d in r.decisions), default=0),
        "wall_s": round(time.perf_counter() - wall, 1),
        "cpu_s": round(time.process_time() - cpu, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    dummy = get_spec("dummy").make_game(get_spec("dummy").default_config)
    out = {
        "load_average": os.getloadavg(),
        "peer_dummy_playout_cpu_ms": round(_peer_ms(dummy), 3),
        "dummy": timed("dummy", 2, ["hard", "easy"], args.seed, 1),
        "contract": timed("contract", 4, ["heuristic"] * 4, args.seed, 0),
        "load_average_after": os.getloadavg(),
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
