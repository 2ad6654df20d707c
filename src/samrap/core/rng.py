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
    """``items`` in the order ``rng.shuffle`` gives them.

    For a plain :class:`random.Random` the shuffle is written out: CPython's own loop (swap each
    position from the last down with one drawn below it) with its ``_randbelow`` inlined, the same
    ``getrandbits`` calls in the same order, so the same order as ``rng.shuffle`` and the same
    generator state after (``tests/core/test_rng.py``); without a Python call a card it is about
    twice as fast, and every deal starts with one. A subclass keeps its own ``shuffle``.
    """
    out = list(items)
    if type(rng) is not random.Random:
        rng.shuffle(out)
        return tuple(out)
    getrandbits = rng.getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return tuple(out)
