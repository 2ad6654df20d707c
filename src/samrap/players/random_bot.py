"""The uniform random player: the baseline every other bot is measured against.

It also drives random-simulation tests and ``samrap simulate``: because it draws only from the
``rng`` it is handed, a seeded match of random players is the same every time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import ClassVar, TypeVar

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class RandomPlayer:
    """Picks uniformly among the legal actions; ignores the view."""

    name: str = "random"
    #: The match runner then hands it no view (``engine.match.needs_view``): none is built.
    ignores_view: ClassVar[bool] = True
    #: Its choice is ``rng.choice(legal)`` and nothing else, so the match runner may make that
    #: draw itself (``engine.match.draws_uniformly``): the same action from the same generator,
    #: without a call of ``choose`` an action. A subclass whose ``choose`` does more sets it false.
    draws_uniformly: ClassVar[bool] = True

    def choose(self, view: object, legal: Sequence[A], rng: Random) -> A:
        return rng.choice(legal)  # the same draw as legal[rng.randrange(len(legal))], with less Python
