"""Contract Rummy positions whose legal-action listing is pathologically slow (a known defect).

The positions in ``bench/data/contract_slow_positions.txt`` were met in seeded games of the
heuristic bot (with one move in ten random) on 2026-11-29: each line is the CPU time and number
of legal actions measured then, and the position string. Listing them took seconds to a minute
with the engine of that day, against well under a millisecond for ordinary positions: the
go-down combinations of huge hands and the rule-30 search over deep pick-ups grew
combinatorially (see docs/performance.md for what changed and the times now). Lines 1-3 came
first; lines 4-9 were found by ``bench.contract_hunt`` (deals 2597, 5653, 8884, 11509, 17028
and 18340), their first times measured with the engine as it was before the fix, on a busy
machine. This script times them again:

    .venv/bin/python -m bench.contract_slow_positions            # every position, one at a time
    .venv/bin/python -m bench.contract_slow_positions --limit 10  # skip positions slower than 10 s then

Found with a seeded search (what produced the file): heuristic play with 10 % random moves over
random deals 1-7, keeping every position whose ``legal_actions`` took over a second;
``bench.contract_hunt`` is that search, reproducible deal by deal.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from samrap.games.contract.game import ContractGame
from samrap.games.contract.state import ContractState

DATA = Path(__file__).parent / "data" / "contract_slow_positions.txt"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=float, default=None, help="skip positions first measured above this many s")
    args = ap.parse_args(argv)
    for k, line in enumerate(DATA.read_text().splitlines(), start=1):
        first, count, text = line.split(" ", 2)
        before = float(first.rstrip("s"))
        if args.limit is not None and before > args.limit:
            print(f"{k}: skipped (first measured {before:.1f} s)")
            continue
        state = ContractState.from_string(text.removeprefix("legal | "))
        game = ContractGame(state.config)
        start = time.process_time()
        legal = game.legal_actions(state)
        used = time.process_time() - start
        print(f"{k}: {len(legal)} legal actions in {used:.2f} CPU s (first measured {before:.1f} s, {count} actions)")


if __name__ == "__main__":
    main()
