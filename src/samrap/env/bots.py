"""Opponents for the single-agent environments, found by name.

Names go to the players' bot registry (``samrap.players.levels.make_bot``: ``random``,
``heuristic``, ``easy``, ``medium``, ``hard``, ``ismcts:iters=200``, ...). Where that registry is
not installed, only ``random`` exists. A player object (anything with ``name`` and
``choose(view, legal, rng)``) is used as it is.
"""

from __future__ import annotations

import importlib
from typing import cast

from samrap.engine.protocol import AnyAgent
from samrap.engine.registry import AnyGame
from samrap.players.random_bot import RandomPlayer


def make_player(spec: object, game: AnyGame) -> AnyAgent:
    """The player named ``spec`` for the game facade ``game`` (or ``spec`` itself, a player).

    Raises:
        ValueError: no bot of that name is known.
    """
    if not isinstance(spec, str):
        if not hasattr(spec, "choose"):
            raise ValueError(f"not a player: {spec!r} (needs choose(view, legal, rng))")
        return cast(AnyAgent, spec)  # what the match runner calls, checked just above
    try:
        levels = importlib.import_module("samrap.players.levels")
    except ImportError:
        if spec.strip().lower() == "random":
            return RandomPlayer()
        raise ValueError(f"no bot registry here, so only 'random' exists, not {spec!r}") from None
    bot: AnyAgent = levels.make_bot(spec, game)
    return bot
