"""Search speed: ISMCTS iterations per CPU second from stored mid-game positions.

A bot's strength at a fixed time budget is its iterations per second, so this times the searches
the bots run, from positions kept in ``bench/data/search_positions.txt`` (one per line:
``label<TAB>game config<TAB>seat<TAB>state string``):

* Dummy ISMCTS (``ismcts_for``: determinize from the seat's view, UCT over the actions, heuristic
  playouts to the end of the game), 2 and 4 players, mid-game positions with several legal
  actions;
* the Contract Rummy focused search (``FocusedSearch``: the heuristic's few best moves compared
  on whole-deal playouts), positions where it does search (more than one candidate).

Each search is given the position's legal moves (``legal_moves``: a Contract go-down whole), as
the bots are in play. Each position is searched ``--repeats`` times with a fixed iteration budget and a seeded
generator; the figure is iterations / CPU seconds (``time.process_time``), per position and per
group. On a shared machine the load moves the figures: say the load average with them.

    python -m bench.search_speed                       # every stored position
    python -m bench.search_speed --iterations 100 --repeats 3
    python -m bench.search_speed --make                # re-derive the positions (seeded play)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from samrap.engine.registry import find_game
from samrap.players.budget import Budget
from samrap.players.levels import heuristic_for, ismcts_for

DATA = Path(__file__).parent / "data" / "search_positions.txt"

#: (label, game config, seed, fraction of the game to play before stopping); a Contract Rummy
#: seed's last digit is its deal number (1: two sets; 5: two runs and a set)
MAKE = (
    ("dummy-2p mid-game", "dummy(players=2)", 11, 0.5),
    ("dummy-2p mid-game", "dummy(players=2)", 12, 0.5),
    ("dummy-4p mid-game", "dummy(players=4)", 21, 0.5),
    ("dummy-4p mid-game", "dummy(players=4)", 22, 0.5),
    ("contract-4p focused, deal 1", "contract(players=4)", 31, 0.3),
    ("contract-4p focused, deal 5", "contract(players=4)", 35, 0.3),
)

#: Default iteration budgets per search (Dummy ISMCTS iterations; Contract focused playouts).
ITERATIONS = {"dummy": 200, "contract": 48}


def _play_to(game: Any, seed: int, fraction: float) -> tuple[Any, int]:
    """Heuristic play of one seeded game, stopped at the first decision past ``fraction`` of its
    length where the searching bot has a real choice; the state and its seat."""
    bot = heuristic_for(game)
    rng = random.Random(seed)
    states = []
    s = game.new_game(seed=seed, deal_number=seed % 10) if game.name == "contract" else game.new_game(seed=seed)
    while not game.is_terminal(s):
        seat = game.current_player(s)
        legal = game.legal_moves(s)
        states.append((s, seat, len(legal)))
        s = game.apply_unchecked(s, bot.choose(game.observe(s, seat), legal, rng))
    start = int(len(states) * fraction)
    for s, seat, n in states[start:]:
        if n >= 3 and _searches(game, s, seat):
            return s, seat
    raise RuntimeError(f"no searched position after {fraction:.0%} of seed {seed}")


def _searches(game: Any, s: Any, seat: int) -> bool:
    """Whether the game's search bot really searches here (Contract's focused search skips
    decisions with a single candidate)."""
    if game.name != "contract":
        return True
    import importlib

    module = importlib.import_module("samrap.players.heuristic.contract")
    view = game.observe(s, seat)
    return len(module.candidates(view, game.legal_moves(s))) > 1


def make(path: Path = DATA) -> None:
    """Derive the positions by seeded heuristic play and write the data file."""
    lines = []
    for label, config, seed, fraction in MAKE:
        game = find_game(config)
        s, seat = _play_to(game, seed, fraction)
        lines.append(f"{label}\t{config}\t{seat}\t{s.to_string()}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} positions to {path}", file=sys.stderr)


def load(path: Path = DATA) -> list[tuple[str, str, int, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            label, config, seat, text = line.split("\t")
            out.append((label, config, int(seat), text))
    return out


def time_search(config: str, seat: int, text: str, iterations: int, seed: int) -> tuple[int, float]:
    """One search from the stored position: (iterations run, CPU seconds)."""
    game: Any = find_game(config)
    s = game.state_from_string(text)
    view = game.observe(s, seat)
    legal = game.legal_moves(s)
    bot = ismcts_for(game, Budget(iterations=iterations))
    before = bot.total_iterations
    start = time.process_time()
    bot.choose(view, legal, random.Random(seed), Budget(iterations=iterations))
    return bot.total_iterations - before, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, help="per search (default: 200 Dummy, 48 Contract)")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--make", action="store_true", help="re-derive bench/data/search_positions.txt")
    args = ap.parse_args(argv)
    if args.make:
        make()
        return
    groups: dict[str, list[float]] = {}
    print("| position | game | iterations | CPU s | iterations/s |")
    print("| --- | --- | ---: | ---: | ---: |")
    for k, (label, config, seat, text) in enumerate(load()):
        its = args.iterations or ITERATIONS[config.partition("(")[0]]
        total_i, total_s = 0, 0.0
        for r in range(args.repeats):
            i, sec = time_search(config, seat, text, its, 1000 * k + r)
            total_i += i
            total_s += sec
        rate = total_i / total_s if total_s > 0 else 0.0
        groups.setdefault(label, []).append(rate)
        print(f"| {k + 1}: {label} | {config} | {total_i} | {total_s:.2f} | {rate:,.0f} |")
    print()
    print("| group | positions | median iterations/s |")
    print("| --- | ---: | ---: |")
    for label, rates in groups.items():
        print(f"| {label} | {len(rates)} | {statistics.median(rates):,.0f} |")


if __name__ == "__main__":
    main()
