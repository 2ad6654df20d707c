"""Random-playout throughput: samrap's games next to OpenSpiel's and RLCard's gin rummy.

Every engine plays whole games with uniformly random legal actions from a seeded generator.
The engines are measured *interleaved* in rounds (each round runs every engine for a slice of
time) so that the load of a shared machine falls on all of them alike; the ratios are the
figures to trust, not the absolute numbers.

samrap counts player actions only (the deal is one chance event and is not counted); OpenSpiel
counts every dealt card as an action, which flatters its actions/s, so the ratio is conservative.
The last two columns count player decisions only, for every engine (OpenSpiel's chance actions
left out of its count but not out of its time): the like-for-like comparison.

    python -m bench.playout                 # 5 rounds of 1 s per engine
    python -m bench.playout --rounds 10 --slice 2 --markdown
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from bench.peers import PlayoutResult, openspiel_gin_rummy, rlcard_gin_rummy
from samrap.games.dummy import DummyConfig, DummyGame
from samrap.games.dummy.rules import apply_unchecked, legal_actions


def samrap_dummy(players: int, seconds: float, seed: int) -> PlayoutResult:
    """Random Dummy games (classic rules) for ``seconds``; whole games only."""
    game = DummyGame(DummyConfig(players=players))
    rng = random.Random(seed)
    games = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        s = game.new_game(seed=rng.getrandbits(32))
        while not s.is_over:
            s = apply_unchecked(s, rng.choice(legal_actions(s)))
            actions += 1
        games += 1
        if time.process_time() >= deadline:
            break
    return PlayoutResult(f"samrap/dummy-{players}p", games, actions, time.process_time() - start)


def _engines() -> dict[str, Callable[[float, int], PlayoutResult]]:
    engines: dict[str, Callable[[float, int], PlayoutResult]] = {
        f"samrap/dummy-{n}p": (lambda sec, seed, n=n: samrap_dummy(n, sec, seed)) for n in (2, 3, 4)
    }
    try:
        from bench.contract_playout import samrap_contract
    except ImportError:  # Contract Rummy not built yet
        pass
    else:
        engines["samrap/contract-4p"] = lambda sec, seed: samrap_contract(4, sec, seed)
    engines["open_spiel/gin_rummy"] = openspiel_gin_rummy
    engines["rlcard/gin-rummy"] = rlcard_gin_rummy
    return engines


def run(rounds: int, slice_s: float, seed: int) -> dict[str, PlayoutResult]:
    totals: dict[str, PlayoutResult] = {}
    engines = _engines()
    for r in range(rounds):
        for name, fn in engines.items():
            res = fn(slice_s, seed + r)
            prev = totals.get(name)
            if prev is not None:
                res = PlayoutResult(
                    name,
                    prev.games + res.games,
                    prev.actions + res.actions,
                    prev.seconds + res.seconds,
                    None if res.decisions is None else (prev.decisions or 0) + res.decisions,
                )
            totals[name] = res
        print(f"round {r + 1}/{rounds} done", file=sys.stderr)
    return totals


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--slice", type=float, default=1.0, help="seconds per engine per round")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args(argv)
    totals = run(args.rounds, args.slice, args.seed)
    base = totals["open_spiel/gin_rummy"].actions_per_s
    base_decisions = totals["open_spiel/gin_rummy"].decisions_per_s
    rl = totals["rlcard/gin-rummy"].actions_per_s
    heads = ("engine", "games", "actions", "actions/s", "games/s", "× OpenSpiel", "× RLCard")
    heads += ("decisions/s", "× OS dec.")
    rows = [
        (
            name,
            f"{r.games}",
            f"{r.actions}",
            f"{r.actions_per_s:,.0f}",
            f"{r.games_per_s:,.1f}",
            f"{r.actions_per_s / base:.2f}",
            f"{r.actions_per_s / rl:.2f}",
            f"{r.decisions_per_s:,.0f}",
            f"{r.decisions_per_s / base_decisions:.2f}",
        )
        for name, r in totals.items()
    ]
    if args.markdown:
        print("| " + " | ".join(heads) + " |")
        print("| --- |" + " ---: |" * (len(heads) - 1))
        for cells in rows:
            print("| " + " | ".join(cells) + " |")
    else:
        widths = [max(len(c[i]) for c in (heads, *rows)) for i in range(len(heads))]
        for cells in (heads, *rows):
            padded = [c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
            print(" ".join(padded))


if __name__ == "__main__":
    main()
