"""Contract Rummy positions whose legal-action listing is pathologically slow (a known defect).

The positions in ``bench/data/contract_slow_positions.txt`` were met in seeded games of the
heuristic bot (with one move in ten random) on 2026-11-29: each line is the CPU time and number
of legal actions measured then, and the position string. Listing them took seconds to a minute
with the engine of that day, against well under a millisecond for ordinary positions: the
go-down combinations of huge hands and the rule-30 search over deep pick-ups grew
combinatorially (see docs/performance.md for what changed and the times now). Lines 1-3 came
first; lines 4-9 were found by ``bench.contract_hunt`` (deals 2597, 5653, 8884, 11509, 17028
and 18340), their first times measured with the engine as it was before the fix, on a busy
machine; lines 10-15 by the staged-listing hunt of 2026-12-02 (listings of go-down first melds
and deep pick-ups while the deep card is owed, 5-8 ms then, their ``legal_actions`` time).
This script times them again, both lists the facade has (``samrap.engine.protocol``):
``legal_moves`` (every move as the rules write it, a go-down whole: the list whose size made
these positions slow) and ``legal_actions`` (the decision steps, a go-down chosen a meld at a
time: issue 16.2's 5 ms bound is on this one). The first times in the file are of the old single
list, which was ``legal_moves``. Each list is called ``--repeats`` times in a row (moves first);
the first call meets the caches as the previous listing left them, the later ones warm.

    .venv/bin/python -m bench.contract_slow_positions            # every position, one at a time
    .venv/bin/python -m bench.contract_slow_positions --limit 10  # skip positions slower than 10 s then

Found with a seeded search (what produced the file): heuristic play with 10 % random moves over
random deals 1-7, keeping every position whose listing took over a second;
``bench.contract_hunt`` is that search, reproducible deal by deal.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from samrap.games.contract.game import ContractGame
from samrap.games.contract.state import ContractState

DATA = Path(__file__).parent / "data" / "contract_slow_positions.txt"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=float, default=None, help="skip positions first measured above this many s")
    ap.add_argument("--repeats", type=int, default=3, help="calls of each list per position")
    args = ap.parse_args(argv)
    for k, line in enumerate(DATA.read_text().splitlines(), start=1):
        first, count, text = line.split(" ", 2)
        before = float(first.rstrip("s"))
        if args.limit is not None and before > args.limit:
            print(f"{k}: skipped (first measured {before:.1f} s)")
            continue
        state = ContractState.from_string(text.removeprefix("legal | "))
        game = ContractGame(state.config)
        moves = [timed(game.legal_moves, state) for _ in range(args.repeats)]
        actions = [timed(game.legal_actions, state) for _ in range(args.repeats)]
        print(
            f"{k}: {actions[0][1]} legal actions in {_ms(actions)}, {moves[0][1]} legal moves in {_ms(moves)} "
            f"(first measured {before:.1f} s, {count} listed)"
        )


def timed(listing: Callable[[ContractState], Sequence[object]], state: ContractState) -> tuple[float, int]:
    """One call's CPU seconds and the list's length."""
    start = time.process_time()
    n = len(listing(state))
    return time.process_time() - start, n


def _ms(runs: list[tuple[float, int]]) -> str:
    """The first call's CPU ms (the caches as the previous listing left them) and the fastest."""
    return f"{runs[0][0] * 1000:.1f} CPU ms (fastest of {len(runs)}: {min(r[0] for r in runs) * 1000:.1f})"


if __name__ == "__main__":
    main()
