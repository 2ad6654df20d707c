"""The one place that touches :mod:`random`: seeded generators and shuffles.

Every shuffle in samrap comes from an explicit seed so that every game is replayable.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

Random = random.Random


def make_rng(seed: int | str) -> random.Random:
    """A generator determined by ``seed`` alone (strings are hashed stably, not with ``hash``)."""
    if isinstance(seed, str):
        seed = int.from_bytes(seed.encode(), "big")
    return random.Random(seed)


def shuffled(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)
