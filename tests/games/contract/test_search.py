"""The run candidates of the go-down search (``search._run_options``) against their definition.

``_run_options`` reads runs of one length off a table of windows and runs without jokers off the
blocks of positions held; :func:`search._grown_windows` is the general way (every window grown
from every low end). Both shortcuts must give the general answer, pair for pair and in order,
and the general way must give what the rules define: every window of ``lmin..lmax`` positions
(not the ace at both ends) whose jokers, standing for the positions not held and perhaps for some
held, number at most the jokers, with at least one natural.
"""

from __future__ import annotations

import random

from samrap.games.contract import search


def definition(p14: int, jokers: int, lmin: int, lmax: int) -> tuple[tuple[int, int], ...]:
    """Every ``(natural ranks, joker ranks)`` run of one suit held at positions ``p14``, by brute force."""
    out: set[tuple[int, int]] = set()
    for lo in range(14):
        for hi in range(lo + lmin - 1, min(lo + lmax - 1, 13) + 1):
            if lo == 0 and hi == 13:
                continue
            window = ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)
            held = p14 & window
            nat = held
            while nat:
                jok = window & ~nat
                if jok.bit_count() <= jokers:
                    out.add((search._ranks(nat), search._ranks(jok)))
                nat = (nat - 1) & held
    return tuple(sorted(out))


SIZES = ((3, 3), (4, 4), (3, 13), (4, 13))


def test_shortcuts_equal_the_general_way() -> None:
    """The full suit and a third of the 14-position patterns, drawn with a seed (both aces
    included); up to three jokers for runs of one length."""
    patterns = list(range(1 << 14))
    random.Random(14).shuffle(patterns)
    for p14 in [(1 << 14) - 1, *patterns[: len(patterns) // 3]]:
        for lmin, lmax in SIZES:
            for jokers in range(4) if lmin == lmax else (0,):
                fast = search._run_options.__wrapped__(p14, jokers, lmin, lmax)
                assert fast == search._grown_windows(p14, jokers, lmin, lmax), (p14, jokers, lmin, lmax)


def test_the_general_way_equals_the_definition() -> None:
    """Random patterns of 2-9 positions (and the full suit), up to five jokers."""
    rng = random.Random(22)
    patterns = [(1 << 14) - 1, 1 | 1 << 13, 0b11 | 0b11 << 12]
    patterns += [sum(1 << q for q in rng.sample(range(14), rng.randint(2, 9))) for _ in range(100)]
    for p14 in patterns:
        for lmin, lmax in SIZES:
            for jokers in range(6):
                want = definition(p14, jokers, lmin, lmax)
                assert search._grown_windows(p14, jokers, lmin, lmax) == want, (p14, jokers, lmin, lmax)
                assert search._run_options.__wrapped__(p14, jokers, lmin, lmax) == want, (p14, jokers, lmin, lmax)


def test_run_costs_by_bits_equal_the_windows() -> None:
    """``search._run_cost`` (bit tricks for runs of 3 and 4) on every 14-position pattern."""
    for p14 in range(1 << 14):
        for min_run in (3, 4, 5):
            assert search._run_cost(p14, min_run) == search._run_cost_by_windows.__wrapped__(p14, min_run), p14
