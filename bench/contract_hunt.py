"""Hunt for Contract Rummy positions whose legal-action listing is slow.

Plays seeded deals and times ``legal_actions`` (CPU time) at every position, keeping the ones
above a threshold. Deal ``i`` is fully determined by ``i``: the preset cycles seed, seed, pagat,
liverpool (the deep pick-up of the seed preset grows the biggest hands, so it gets half the deals),
the players 3, 4, 5, the deal number 1..7 and the dealer come from the deal's own random stream,
and the players are all uniform random (one deal in four) or all the heuristic bot with a share
of random moves (10 %, 30 % or 50 %: random moves take deep pick-ups and keep hands big).

    .venv/bin/python -m bench.contract_hunt --deals 300                # deals 0..299
    .venv/bin/python -m bench.contract_hunt --deals 300 --start 300    # the next 300
    .venv/bin/python -m bench.contract_hunt --deals 300 --save         # add finds to the data file

A listing still running after ``--cutoff`` seconds (wall clock) is stopped and reported as such,
so a pathological position cannot stall the hunt. ``--save`` appends each find to
``bench/data/contract_slow_positions.txt`` (``bench.contract_slow_positions`` times them all).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from types import FrameType

from bench.contract_slow_positions import DATA
from samrap.games.contract import ContractGame, preset
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import ContractState, Phase
from samrap.players.heuristic.contract import ContractHeuristic

PRESETS = ("seed", "seed", "pagat", "liverpool")
NOISES = (None, 0.1, 0.3, 0.5)  # None: uniform random players


@dataclass
class Find:
    deal: int
    seconds: float  # -1: stopped at the cutoff
    count: int
    text: str


class _Cutoff(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Cutoff


def deal_setup(i: int) -> tuple[str, int, int, int, float | None, random.Random]:
    """``(preset, players, deal number, dealer, noise, rng)`` of hunt deal ``i``."""
    rng = random.Random(f"contract-hunt:{i}")
    players = 3 + rng.randrange(3)
    return PRESETS[i % 4], players, 1 + rng.randrange(7), rng.randrange(players), NOISES[i // 4 % 4], rng


def play(i: int, cutoff: float) -> Iterator[tuple[ContractState, float, int]]:
    """Every position of hunt deal ``i`` with its listing's CPU time and legal-action count
    (time -1 and count 0 when the listing was stopped at ``cutoff`` s; the deal ends there)."""
    name, players, number, dealer, noise, rng = deal_setup(i)
    cfg = preset(name)
    game = ContractGame(dataclasses.replace(cfg, players=players))
    bot = ContractHeuristic("hunt", noise) if noise is not None else None
    s = game.new_game(seed=rng.getrandbits(32), deal_number=number, dealer=dealer)
    while s.phase is not Phase.OVER:
        signal.setitimer(signal.ITIMER_REAL, cutoff)
        start = time.process_time()
        try:
            legal = legal_actions(s)
        except _Cutoff:
            yield s, -1.0, 0
            return
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        yield s, time.process_time() - start, len(legal)
        a = rng.choice(legal) if bot is None else bot.choose(game.observe(s, s.to_move()), legal, rng)
        s = game.apply_unchecked(s, a)


def distribution(times: list[float]) -> str:
    """The listing times' distribution: quantiles and how many exceed 1, 5, 10 and 50 ms."""
    if not times:
        return "no positions"
    ordered = sorted(times)
    n = len(ordered)

    def q(p: float) -> str:
        return f"{ordered[min(n - 1, int(p * n))] * 1000:.2f} ms"

    over = ", ".join(f"> {ms} ms: {sum(1 for t in ordered if t > ms / 1000)}" for ms in (1, 5, 10, 50))
    return f"listing CPU time: median {q(0.5)}, p99 {q(0.99)}, p99.9 {q(0.999)}, max {q(1.0)}; {over} (of {n})"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--start", type=int, default=0, help="first deal index")
    ap.add_argument("--threshold", type=float, default=0.5, help="keep positions slower than this (CPU s)")
    ap.add_argument("--cutoff", type=float, default=60.0, help="stop a listing after this many s")
    ap.add_argument("--save", action="store_true", help="append finds to " + str(DATA))
    args = ap.parse_args(argv)
    signal.signal(signal.SIGALRM, _alarm)
    finds: list[Find] = []
    positions = 0
    worst = (0.0, -1, 0)
    total = 0.0
    times: list[float] = []
    wall = time.time()
    for i in range(args.start, args.start + args.deals):
        for s, secs, count in play(i, args.cutoff):
            positions += 1
            total += max(secs, 0.0)
            times.append(float("inf") if secs < 0 else secs)
            if secs < 0 or secs > args.threshold:
                finds.append(Find(i, secs, count, s.to_string()))
                shown = "stopped at the cutoff" if secs < 0 else f"{secs:.2f} s, {count} legal"
                print(f"deal {i} {deal_setup(i)[:5]}: {shown}", flush=True)
            if secs < 0 or secs > worst[0]:
                worst = (float("inf") if secs < 0 else secs, i, count)
    print(
        f"deals {args.start}..{args.start + args.deals - 1}: {positions} positions, listing CPU {total:.1f} s "
        f"in all, worst {worst[0]:.3f} s (deal {worst[1]}, {worst[2]} legal), "
        f"{len(finds)} over {args.threshold} s; {time.time() - wall:.0f} s wall"
    )
    print(distribution(times))
    if args.save and finds:
        known = {line.split(" | ", 1)[1] for line in DATA.read_text().splitlines() if " | " in line}
        with DATA.open("a") as f:
            for x in finds:
                if x.seconds >= 0 and x.text not in known:
                    f.write(f"{x.seconds:.1f}s {x.count} legal | {x.text}\n")


if __name__ == "__main__":
    main()
