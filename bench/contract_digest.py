"""One digest of Contract Rummy's listings and successors, to show a speed change kept the game.

A change meant only to make the engine faster must leave every legal-action list and every
successor state as they were. This plays seeded random deals (uniform choices among
``legal_actions``, as the benchmark does) under the ``seed`` and ``pagat`` presets with 3 and 4
players, and hashes the repr of every list of legal actions and of every state reached; run it
on the tree before and the tree after and compare the lines printed (one per preset and player
count, and the whole)::

    PYTHONPATH=src:. .venv/bin/python -m bench.contract_digest          # deals 1-7, 3 times each
    PYTHONPATH=src:. .venv/bin/python -m bench.contract_digest --extra 3:6,5:6,6:8

``--extra D:N`` plays deal ``D`` ``N`` more times (the deals a change is aimed at). Earlier
sessions of issue 28.6 used a throwaway script of the same kind (docs/performance.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import random

from samrap.games.contract import ContractGame
from samrap.games.contract.config import preset
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import Phase
from samrap.games.contract.transitions import apply_unchecked


def digest(preset_name: str, players: int, deals: list[int], seed: int = 1) -> tuple[str, int]:
    """The hex digest of the deals ``deals`` (deal numbers, in order) and the actions played."""
    game = ContractGame(dataclasses.replace(preset(preset_name), players=players))
    rng = random.Random(f"{seed}:{preset_name}:{players}")
    h = hashlib.sha256()
    actions = 0
    for deal in deals:
        s = game.new_game(seed=rng.getrandbits(32), deal_number=deal)
        h.update(repr(s).encode())
        while s.phase is not Phase.OVER:
            acts = legal_actions(s)
            h.update(repr(acts).encode())
            s = apply_unchecked(s, rng.choice(acts))
            h.update(repr(s).encode())
            actions += 1
    return h.hexdigest(), actions


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3, help="times deals 1-7 are played (default 3)")
    ap.add_argument("--extra", default="", help="more deals of one number: D:N,D:N")
    args = ap.parse_args(argv)
    deals = [d for _ in range(args.rounds) for d in range(1, 8)]
    for item in filter(None, args.extra.split(",")):
        d, n = item.split(":")
        deals += [int(d)] * int(n)
    whole = hashlib.sha256()
    total = 0
    for name in ("seed", "pagat"):
        for players in (3, 4):
            hexd, n = digest(name, players, deals)
            whole.update(hexd.encode())
            total += n
            print(f"{name} players={players}: {n} actions {hexd[:16]}")
    print(f"all: {total} actions {whole.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
