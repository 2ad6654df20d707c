"""How long a game review takes (issue 13.4): a two-player Dummy game and a Contract Rummy deal.

Plays one seeded game of each (the ``hard`` bot against ``easy`` for Dummy, four heuristics for a
Contract deal), then times the review of one seat with the review's defaults. Prints wall and CPU
seconds, the decisions reviewed and the machine's load average, beside a peer measured in the
same run (the playout benchmark's unit: one Dummy playout from the deal), so a loaded machine
can be read as a ratio. Targets: Dummy game <= 30 s, Contract deal <= 60 s on 2 cores.
``--rounds-before N`` also times the same review with at most N rounds of the second look (1: the
review before issue 24.5) in the same run and prints the ratio of CPU seconds.

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


def timed(game_name: str, players: int, bots: list[str], seed: int, seat: int, before: int = 0) -> dict[str, object]:
    spec = get_spec(game_name)
    config = spec.parse_config(f"{game_name}(players={players})", spec.default_config)
    game = spec.make_game(config)
    seats = [make_bot(b, game, f"{b}-{q}") for q, b in enumerate(bots)]
    record = make_record(next(iter(single_games(spec, config, seats, seed, 1))))
    wall, cpu = time.perf_counter(), time.process_time()
    r = review_record(record, seat, games=[0])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    out: dict[str, object] = {}
    if before:
        then = time.process_time()
        old = review_record(record, seat, games=[0], rounds=before)
        then = time.process_time() - then
        out = {
            f"cpu_s_rounds_{before}": round(then, 1),
            f"second_looks_rounds_{before}": sum(1 for d in old.decisions if d.second_look),
            f"cpu_ratio_to_rounds_{before}": round(cpu / then, 2),
        }
    return {
        "game": game_name,
        "players": players,
        "decisions": r.summary["decisions"],
        "deals_per_decision": r.deals,
        "second_looks": sum(1 for d in r.decisions if d.second_look),
        "second_look_deals": max((d.second_look for d in r.decisions), default=0),
        "second_look_deals_mean": round(sum(d.second_look for d in r.decisions) / max(1, len(r.decisions)), 1),
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        **out,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds-before", type=int, default=0, help="also time the review with at most N rounds")
    args = ap.parse_args()
    dummy = get_spec("dummy").make_game(get_spec("dummy").default_config)
    out = {
        "load_average": os.getloadavg(),
        "peer_dummy_playout_cpu_ms": round(_peer_ms(dummy), 3),
        "dummy": timed("dummy", 2, ["hard", "easy"], args.seed, 1, args.rounds_before),
        "contract": timed("contract", 4, ["heuristic"] * 4, args.seed, 0, args.rounds_before),
        "load_average_after": os.getloadavg(),
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
