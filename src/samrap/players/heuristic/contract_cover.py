"""How near a Contract Rummy hand is to going out at once in runs (deal 7, rule 17), for the heuristic.

:func:`cover_cost` counts what stands between natural faces and jokers and a hand of ``runs``
runs of different suits: the suits to be thrown, one card a turn, and the gaps of the kept suits'
spans. :class:`_Cover` keeps the count for a hand and answers "what if this face went" cheaply,
which is what the deal-7 discard choice (:mod:`~samrap.players.heuristic.contract`) asks of every card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations


def cover_cost(faces: Sequence[int], jokers: int, runs: int, min_run: int) -> int:
    """How far natural ``faces`` and ``jokers`` are from going out in ``runs`` runs of different
    suits at once (deal 7, rule 17): twice the cards of the suits left out (each must be thrown,
    one a turn), plus the gaps the kept suits' spans leave (a repeated face counts two: one run
    holds a face once), less the jokers. Smaller is nearer; 0 is a hand that could go out."""
    return _Cover(faces, jokers, runs, min_run).cost()


@lru_cache(maxsize=1 << 15)
def _span_gap(ranks: int, min_run: int) -> int:
    """The gaps a run through every rank in the mask ``ranks`` (bit r = rank r, ace = 12) leaves,
    ace high or low, whichever is fewer (0 for no ranks)."""
    if not ranks:
        return 0
    n = ranks.bit_count()
    # Ace high: rank r at position r + 1 (1..13); ace low: the ace at position 0.
    span = ranks.bit_length() - (ranks & -ranks).bit_length() + 1
    best = span - n + max(0, min_run - span)
    if ranks >> 12 & 1:
        span = (ranks & ~(1 << 12)).bit_length() + 1
        best = min(best, span - n + max(0, min_run - span))
    return best


@lru_cache(maxsize=8)
def _keeps(runs: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Each way to keep ``runs`` suits of four: (the kept suits, the suits left out)."""
    return tuple((k, tuple(su for su in range(4) if su not in k)) for k in combinations(range(4), runs))


class _Cover:
    """:func:`cover_cost` of a hand kept suit by suit, so that the cost of the hand less one card
    (or plus one) recounts only that card's suit: the same numbers as calling :func:`cover_cost`
    on each hand, at a fraction of the cost (this runs at every deal-7 move of a search's playouts).

    Per suit: the cards held, the mask of its ranks, its repeated cards and its gaps (the span's
    gaps plus two per repeat); ``total`` is every suit's gaps less the jokers.
    """

    __slots__ = ("counts", "dups", "gaps", "jokers", "masks", "min_run", "runs", "sizes", "total")

    def __init__(self, faces: Iterable[int], jokers: int, runs: int, min_run: int) -> None:
        self.jokers = jokers
        self.runs = runs
        self.min_run = min_run
        counts = [0] * 52
        sizes = [0, 0, 0, 0]
        masks = [0, 0, 0, 0]
        dups = [0, 0, 0, 0]
        for f in faces:
            su = f // 13
            sizes[su] += 1
            if counts[f]:
                dups[su] += 1
            else:
                masks[su] |= 1 << (f - 13 * su)
            counts[f] += 1
        self.counts = counts
        self.sizes = sizes
        self.masks = masks
        self.dups = dups
        self.gaps = [_span_gap(masks[su], min_run) + 2 * dups[su] for su in range(4)]
        self.total = sum(self.gaps) - jokers

    def add(self, face: int) -> None:
        """One more card of ``face`` in the hand."""
        su = face // 13
        self.sizes[su] += 1
        if self.counts[face]:
            self.dups[su] += 1
        else:
            self.masks[su] |= 1 << (face - 13 * su)
        self.counts[face] += 1
        old = self.gaps[su]
        self.gaps[su] = _span_gap(self.masks[su], self.min_run) + 2 * self.dups[su]
        self.total += self.gaps[su] - old

    def cost(self) -> int:
        return _cover(self.sizes, self.gaps, self.jokers, self.runs)

    def cost_without(self, face: int) -> int:
        """The cost of the hand less one card of ``face`` (which it holds)."""
        su = face // 13
        gaps = self.gaps
        sizes = self.sizes
        if self.counts[face] > 1:
            g2 = gaps[su] - 2
        else:
            g2 = _span_gap(self.masks[su] & ~(1 << (face - 13 * su)), self.min_run) + 2 * self.dups[su]
        if self.runs != 3:
            less = list(sizes)
            less[su] -= 1
            new = list(gaps)
            new[su] = g2
            return _cover(less, new, self.jokers, self.runs)
        # Keep three suits: leave out each suit in turn (the card's own suit: its gaps go too).
        rest = self.total - gaps[su]
        best = 2 * (sizes[su] - 1) + (rest if rest > 0 else 0)
        if best > 99:
            best = 99
        base = rest + g2
        for e in range(4):
            if e != su:
                c = base - gaps[e]
                c = 2 * sizes[e] + (c if c > 0 else 0)
                if c < best:
                    best = c
        return best


def _cover(sizes: Sequence[int], gaps: Sequence[int], jokers: int, runs: int) -> int:
    """The least cost over the ways to keep ``runs`` suits (:func:`cover_cost`'s last step)."""
    best = 99
    for keep, shed in _keeps(runs):
        c = 2 * sum(sizes[su] for su in shed) + max(0, sum(gaps[su] for su in keep) - jokers)
        if c < best:
            best = c
    return best
