"""Random-playout throughput: samrap's games next to OpenSpiel's and RLCard's gin rummy.

Every engine plays whole games with uniformly random legal actions from a seeded generator,
through its public API. samrap is driven as a new user would drive it, through the facade:
``find_game(text)``, ``game.new_game(seed=..., deal_number=d)``, ``game.legal_actions(s)`` and
``game.apply_unchecked(s, a)``. ``legal_actions`` is the list of decision steps
(``samrap.engine.protocol``): a Contract go-down is chosen a meld at a time there, as OpenSpiel's
gin_rummy lays its melds, so a random player steps the same kind of decision in every engine
(``legal_moves``, a go-down whole, is what samrap's own players choose from; ``bench.tools_speed``
plays those).

Contract Rummy is a match of seven deals and the deals differ a lot (deals 1, 4 and 7 are sets
only; 2, 3, 5 and 6 have runs, whose rule-30 look-ahead costs more), so its engine plays the deal
numbers 1, 2, ..., 7 in turn, whole cycles only, and each deal number is timed on its own: the
table has one row per deal and a "deals 1-7" row (a match's mix, every deal once). Measuring deal
1 alone would flatter it.

The engines are measured *interleaved* in rounds (each round runs every engine for a slice of CPU
time) so that the load of a shared machine falls on all of them alike; the ratios are the figures
to trust, not the absolute numbers.

Two counts per engine. *actions* are what each engine applies: samrap applies player actions only
(its deal is one chance event, not counted); OpenSpiel also applies every dealt and drawn card as
a chance action; RLCard ends each hand with two forced score steps. *decisions* count a player's
choices only, for every engine: OpenSpiel's chance actions and RLCard's two score steps are left
out of the count (not out of the time). ``× OS dec.`` (decisions/s against OpenSpiel's) is the
like-for-like figure the targets are judged by.

    python -m bench.playout                 # 5 rounds of 1 s per engine
    python -m bench.playout --rounds 4 --slice 2 --markdown
    python -m bench.playout --only contract # samrap's Contract Rummy per deal, and the peers
    python -m bench.playout --without-rlcard  # where RLCard is not installed
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.peers import PlayoutResult, openspiel_gin_rummy, rlcard_gin_rummy
from samrap.engine.registry import find_game

#: Contract Rummy's deal numbers, played in turn (one match's worth per cycle).
DEALS = tuple(range(1, 8))


def samrap_dummy(players: int, seconds: float, seed: int) -> PlayoutResult:
    """Random Dummy games (classic rules) through the facade for ``seconds`` of CPU; whole games only."""
    game: Any = find_game(f"dummy(players={players})")
    legal_actions = game.legal_actions
    apply_unchecked = game.apply_unchecked
    is_terminal = game.is_terminal
    rng = random.Random(seed)
    choice = rng.choice
    games = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        s = game.new_game(seed=rng.getrandbits(32))
        while not is_terminal(s):
            s = apply_unchecked(s, choice(legal_actions(s)))
            actions += 1
        games += 1
        if time.process_time() >= deadline:
            break
    return PlayoutResult(f"samrap/dummy-{players}p", games, actions, time.process_time() - start)


@dataclass
class DealTally:
    """Contract Rummy deals of one deal number: how many, their actions and CPU seconds."""

    deals: int = 0
    actions: int = 0
    seconds: float = 0.0


@dataclass
class ContractRun:
    """Per-deal tallies of a Contract Rummy playout (whole cycles of deals 1-7)."""

    players: int
    tallies: dict[int, DealTally] = field(default_factory=lambda: {d: DealTally() for d in DEALS})

    def add(self, other: ContractRun) -> None:
        for d, t in other.tallies.items():
            mine = self.tallies[d]
            mine.deals += t.deals
            mine.actions += t.actions
            mine.seconds += t.seconds

    def results(self) -> dict[str, PlayoutResult]:
        """One row per deal number, then the whole cycle (a match's mix of deals)."""
        base = f"samrap/contract-{self.players}p"
        rows = {
            f"{base} deal {d}": PlayoutResult(f"{base} deal {d}", t.deals, t.actions, t.seconds)
            for d, t in self.tallies.items()
        }
        ts = self.tallies.values()
        whole = PlayoutResult(
            f"{base} deals 1-7",
            sum(t.deals for t in ts),
            sum(t.actions for t in ts),
            sum(t.seconds for t in ts),
        )
        rows[whole.name] = whole
        return rows


def samrap_contract(players: int, seconds: float, seed: int) -> ContractRun:
    """Random Contract Rummy deals (seed preset) through the facade, deal numbers 1-7 in turn.

    Plays whole cycles of the seven deal numbers until ``seconds`` of CPU time have passed; each
    deal's time (``new_game`` included) is added to its deal number's tally.
    """
    game: Any = find_game(f"contract(players={players})")
    legal_actions = game.legal_actions
    apply_unchecked = game.apply_unchecked
    is_terminal = game.is_terminal
    new_game = game.new_game
    rng = random.Random(seed)
    choice = rng.choice
    run = ContractRun(players)
    clock = time.process_time
    deadline = clock() + seconds
    while True:
        for d in DEALS:
            tally = run.tallies[d]
            actions = 0
            start = clock()
            s = new_game(seed=rng.getrandbits(32), deal_number=d)
            while not is_terminal(s):
                s = apply_unchecked(s, choice(legal_actions(s)))
                actions += 1
            tally.seconds += clock() - start
            tally.actions += actions
            tally.deals += 1
        if clock() >= deadline:
            break
    return run


def _rlcard(seconds: float, seed: int) -> PlayoutResult:
    """RLCard's gin rummy; its two forced score steps per hand are actions, not decisions."""
    r = rlcard_gin_rummy(seconds, seed)
    return PlayoutResult(r.name, r.games, r.actions, r.seconds, r.actions - 2 * r.games)


Engine = Callable[[float, int], PlayoutResult | ContractRun]


def _engines(only: str | None, rlcard: bool = True) -> dict[str, Engine]:
    engines: dict[str, Engine] = {}
    if only in (None, "dummy"):
        for n in (2, 3, 4):
            engines[f"samrap/dummy-{n}p"] = functools.partial(samrap_dummy, n)
    if only in (None, "contract"):
        engines["samrap/contract-4p"] = functools.partial(samrap_contract, 4)
    engines["open_spiel/gin_rummy"] = openspiel_gin_rummy
    if rlcard:
        engines["rlcard/gin-rummy"] = _rlcard
    return engines


def _add(prev: PlayoutResult | None, res: PlayoutResult) -> PlayoutResult:
    if prev is None:
        return res
    decisions = None
    if res.decisions is not None or prev.decisions is not None:
        decisions = (prev.decisions if prev.decisions is not None else prev.actions) + (
            res.decisions if res.decisions is not None else res.actions
        )
    return PlayoutResult(
        res.name, prev.games + res.games, prev.actions + res.actions, prev.seconds + res.seconds, decisions
    )


def run(
    rounds: int, slice_s: float, seed: int, only: str | None = None, rlcard: bool = True
) -> dict[str, PlayoutResult]:
    """Every engine for ``slice_s`` CPU seconds per round, interleaved; totals by row name
    (without RLCard's when ``rlcard`` is false)."""
    totals: dict[str, PlayoutResult] = {}
    contract: dict[str, ContractRun] = {}
    engines = _engines(only, rlcard)
    for r in range(rounds):
        for name, fn in engines.items():
            res = fn(slice_s, seed + r)
            if isinstance(res, ContractRun):
                if name in contract:
                    contract[name].add(res)
                else:
                    contract[name] = res
                for row, deal_res in contract[name].results().items():
                    totals[row] = deal_res
            else:
                totals[name] = _add(totals.get(name), res)
        print(f"round {r + 1}/{rounds} done", file=sys.stderr)
    return totals


def table(totals: dict[str, PlayoutResult]) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """Column heads and rows; ratios against OpenSpiel's and RLCard's rows of the same run (no
    RLCard column when the run left RLCard out)."""
    base = totals["open_spiel/gin_rummy"]
    rl = totals.get("rlcard/gin-rummy")
    heads: tuple[str, ...] = ("engine", "games", "actions", "actions/s", "games/s", "decisions/s", "× OS dec.")
    if rl is not None:
        heads = (*heads, "× RLCard dec.")
    rows: list[tuple[str, ...]] = []
    for name, r in totals.items():
        cells: tuple[str, ...] = (
            name,
            f"{r.games}",
            f"{r.actions}",
            f"{r.actions_per_s:,.0f}",
            f"{r.games_per_s:,.1f}",
            f"{r.decisions_per_s:,.0f}",
            f"{r.decisions_per_s / base.decisions_per_s:.2f}",
        )
        if rl is not None:
            cells = (*cells, f"{r.decisions_per_s / rl.decisions_per_s:.2f}")
        rows.append(cells)
    return heads, rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--slice", type=float, default=1.0, help="CPU seconds per engine per round")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", choices=("dummy", "contract"), help="one samrap game (the peers always run)")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument(
        "--without-rlcard",
        action="store_true",
        help="leave RLCard out (where it is not installed; the targets are judged against OpenSpiel)",
    )
    args = ap.parse_args(argv)
    totals = run(args.rounds, args.slice, args.seed, args.only, not args.without_rlcard)
    heads, rows = table(totals)
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
