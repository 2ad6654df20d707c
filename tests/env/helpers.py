"""Seeded random play for the environment tests: states of many configs, reached by random moves."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def random_states(game: Any, seeds: range, *, with_terminal: bool = False) -> Iterator[Any]:
    """Every state of seeded random games of ``game`` (the deal seed is the rng seed)."""
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_game(seed=seed)
        while not game.is_terminal(s):
            yield s
            legal = game.legal_moves(s)
            s = game.apply_unchecked(s, legal[rng.randrange(len(legal))])
        if with_terminal:
            yield s
