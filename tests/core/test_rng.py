"""``core.rng.shuffled`` writes CPython's shuffle out: the same orders and generator states."""

from __future__ import annotations

import random

from samrap.core.rng import make_rng, shuffled


def test_shuffled_is_rng_shuffle_card_for_card() -> None:
    """For many seeds and sizes (0 to 130 items: every pack and more), ``shuffled`` gives the
    order ``Random.shuffle`` gives, and leaves the generator where ``shuffle`` leaves it."""
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 52, 54, 108, 110, 130):
            a, b = make_rng(seed * 1000 + size), make_rng(seed * 1000 + size)
            items = list(range(size))
            mine = shuffled(items, a)
            theirs = list(items)
            b.shuffle(theirs)
            assert mine == tuple(theirs), (seed, size)
            assert a.getrandbits(64) == b.getrandbits(64), (seed, size)


def test_a_generator_subclass_keeps_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    assert shuffled([1, 2, 3], Reversing(0)) == (3, 2, 1)
