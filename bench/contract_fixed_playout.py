"""A fixed number of seeded random Contract Rummy deals, for instruction counts with callgrind.

The Contract twin of ``bench/fixed_playout.py`` (see there): the playout benchmark's loop (seed
preset, 4 players, uniform random choices among ``legal_actions``, the decision steps: a go-down
chosen a meld at a time), either deal 1 (the old benchmark's loop) or,
with ``--any-deal``, a deal number 1-7 drawn for each deal (deals with runs exercise the rule-30
search far more). Run it under callgrind for two deal counts and divide the difference in
instructions by the difference in actions (printed on stderr):

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python -m bench.contract_fixed_playout 30 [--any-deal]
    PYTHONHASHSEED=0 valgrind ... .venv/bin/python -m bench.contract_fixed_playout 90 [--any-deal]
"""

from __future__ import annotations

import argparse
import random
import sys

from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import Phase
from samrap.games.contract.transitions import apply_unchecked


def play(deals: int, any_deal: bool, players: int = 4, seed: int = 1) -> int:
    """Play ``deals`` random deals; the number of actions."""
    game = ContractGame(ContractConfig(players=players))
    rng = random.Random(seed)
    actions = 0
    for _ in range(deals):
        deal_seed = rng.getrandbits(32)
        if any_deal:
            s = game.new_game(seed=deal_seed, deal_number=1 + rng.randrange(7), dealer=0)
        else:
            s = game.new_game(seed=deal_seed)
        while s.phase is not Phase.OVER:
            s = apply_unchecked(s, rng.choice(legal_actions(s)))
            actions += 1
    return actions


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("deals", type=int)
    ap.add_argument("--any-deal", action="store_true", help="deal numbers 1-7 at random (default: deal 1)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(play(args.deals, args.any_deal, args.players, args.seed), file=sys.stderr)


if __name__ == "__main__":
    main()
