"""Random Contract Rummy deals for the playout benchmark (see bench/playout.py)."""

from __future__ import annotations

import random
import time

from bench.peers import PlayoutResult
from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.rules import legal_actions
from samrap.games.contract.state import Phase
from samrap.games.contract.transitions import apply_unchecked


def samrap_contract(players: int, seconds: float, seed: int) -> PlayoutResult:
    """Random Contract Rummy deals (seed preset, deal 1) for ``seconds`` of CPU time; whole deals only."""
    game = ContractGame(ContractConfig(players=players))
    rng = random.Random(seed)
    games = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        s = game.new_game(seed=rng.getrandbits(32))
        while s.phase is not Phase.OVER:
            s = apply_unchecked(s, rng.choice(legal_actions(s)))
            actions += 1
        games += 1
        if time.process_time() >= deadline:
            break
    return PlayoutResult(f"samrap/contract-{players}p", games, actions, time.process_time() - start)
