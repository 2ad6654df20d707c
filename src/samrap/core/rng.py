"""The one place that touches :mod:`random`: seeded generators and shuffles.

Every shuffle in samrap comes from an explicit seed so that every game is replayable.
"""

from __future__ import annotations

import _random
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


def reseed(rng: random.Random, seed: int | str) -> random.Random:
    """``rng`` (a plain :class:`random.Random`) put in the state ``make_rng(seed)`` starts in,
    and returned: the same seeding (CPython's ``init_by_array`` of the same integer) without a
    new generator and the Python frames of ``Random.__init__`` and ``Random.seed``, about 5.6 us
    instead of 7.3 us, for a loop that needs a freshly seeded generator every turn
    (``samrap simulate`` seeds a deal generator a game). ``tests/core/test_rng.py`` compares
    the states."""
    if isinstance(seed, str):
        seed = int.from_bytes(seed.encode(), "big")
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as ``Random.seed`` leaves it (untyped)
    return rng


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
