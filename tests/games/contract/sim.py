"""Seeded random deals shared by the simulation, observation and notation tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from samrap.games.contract import ContractConfig, ContractGame, ContractState
from samrap.games.contract.actions import Claim, ContractAction, Exchange, GoDown, LayOff, Meld, PickUp

_EAGER = (GoDown, Meld, LayOff, Exchange, Claim)


def choose(rng: random.Random, legal: list[ContractAction], eager: bool) -> ContractAction:
    """A seeded random player; ``eager`` mostly goes down, lays off, exchanges, buys and takes deep
    discards when it can (deals that reach going out, jokers and long melds more often)."""
    if eager and rng.random() < 0.9:
        keen = [a for a in legal if isinstance(a, _EAGER) or (isinstance(a, PickUp) and a.depth > 0)]
        if keen:
            return rng.choice(keen)
    return rng.choice(legal)


def deal_states(config: str | ContractConfig, seed: int, eager: bool = True) -> Iterator[ContractState]:
    """Every state of one seeded deal (deal number and dealer drawn from the seed), the end included."""
    cfg = ContractConfig.from_string(config) if isinstance(config, str) else config
    game = ContractGame(cfg)
    rng = random.Random(f"sim:{cfg.to_string()}:{seed}")
    s = game.new_game(seed=seed, deal_number=rng.randint(1, 7), dealer=rng.randrange(cfg.players))
    yield s
    while not game.is_terminal(s):
        s = game.apply_unchecked(s, choose(rng, game.legal_moves(s), eager))
        yield s
