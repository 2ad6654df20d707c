"""Thai Dummy's per-suit tables: what the listing reads off a hand's 13-bit suit patterns.

Every legal-action listing asks the same questions of a hand suit by suit: which discards, which
cards lie in a run window, which runs and sets it holds, which melds hold a row card. Each answer
depends on one suit's 13-bit pattern (or one rank's four suits) alone, so it is read from a dict
keyed by that pattern and built on first use (not at import): a hit is a plain subscript, with no
wrapper call. The values are tuples and ints, so the server's worker threads may share the tables
(a race at worst builds one equal value twice). ``tests/games/dummy/test_fast_twins.py`` checks
every table against ``core.melds`` and the listings against their plain twins.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import attrgetter

from samrap.core.cardset import RANK_MASKS, CardSet
from samrap.core.melds import melds_in
from samrap.games.dummy.actions import Discard, Meld

#: Interned discard actions, one per card (discards are the commonest action).
DISCARDS = tuple(Discard(c) for c in range(52))
#: Interned meld actions: a frozen dataclass costs about 1 µs to build, a cache hit a tenth of that.
meld_action = cache(Meld)
#: The cards of rank 2 in the four suits: ``mask >> rank & RANK0`` marks a rank's suits.
RANK0 = RANK_MASKS[0]
#: A bound on the tables keyed by a card and a pattern (the only ones that could grow large):
#: past it the table starts again, empty.
LIMIT = 1 << 15


class _SuitDiscards(dict[int, tuple[Discard, ...]]):
    """The discard actions of one suit's 13-bit pattern.

    A miss joins two halves built at import (ranks 2-8 and 9-A, 128 and 64 patterns a suit): a
    long run meets thousands of patterns, and a miss costs a concatenation, not a walk of 13 ranks.
    """

    def __init__(self, suit: int) -> None:
        super().__init__()
        first = 13 * suit
        self.low = tuple(tuple(DISCARDS[first + r] for r in range(7) if p >> r & 1) for p in range(1 << 7))
        self.high = tuple(tuple(DISCARDS[first + 7 + r] for r in range(6) if p >> r & 1) for p in range(1 << 6))

    def __missing__(self, pattern: int) -> tuple[Discard, ...]:
        found = self.low[pattern & 0x7F] + self.high[pattern >> 7]
        self[pattern] = found
        return found


SUIT_DISCARDS = tuple(_SuitDiscards(suit) for suit in range(4))


class _Windows(dict[int, int]):
    """The cards of a 13-bit suit pattern that lie in a run window of it (three adjacent ranks;
    with ``ace_low`` also A-2-3): the pattern's cards that some run of it holds."""

    def __init__(self, ace_low: bool) -> None:
        super().__init__()
        self.ace_low = ace_low

    def __missing__(self, pattern: int) -> int:
        starts = pattern & pattern >> 1 & pattern >> 2 & 0x7FF  # ranks 2..Q with the next two
        cards = starts | starts << 1 | starts << 2
        if self.ace_low and pattern >> 12 & pattern & pattern >> 1 & 1:
            cards |= 0b11 | 1 << 12  # A-2-3
        self[pattern] = cards
        return cards


#: By ``ace_low``.
WINDOWS = (_Windows(False), _Windows(True))


class _SuitRuns(dict[int, tuple[Meld, ...]]):
    """The run melds (actions) inside one suit's 13-bit pattern, by mask.

    Without ``ace_low`` a miss writes the runs out stretch by stretch (every span of three ranks
    or more inside each unbroken stretch), a third of the instructions of ``melds_in``.
    """

    def __init__(self, suit: int, ace_low: bool) -> None:
        super().__init__()
        self.suit = suit
        self.ace_low = ace_low

    def __missing__(self, pattern: int) -> tuple[Meld, ...]:
        base = 13 * self.suit
        if self.ace_low:
            runs = melds_in(pattern << base, True)  # one suit: runs only
        else:
            runs = []
            rest = pattern
            while rest:
                low = rest & -rest
                stretch = rest & ~(rest + low)  # the lowest unbroken stretch
                rest ^= stretch
                start, end = low.bit_length() - 1, stretch.bit_length()
                for lo in range(start, end - 2):
                    runs += [((1 << hi - lo) - 1) << base + lo for hi in range(lo + 3, end + 1)]
            runs.sort()
        found = tuple(meld_action(m) for m in runs)
        self[pattern] = found
        return found


class _RankSets(dict[int, tuple[Meld, ...]]):
    """The sets (actions) of one rank among the cards ``hand >> rank & RANK0`` marks, by mask."""

    def __init__(self, rank: int) -> None:
        super().__init__()
        self.rank = rank

    def __missing__(self, marks: int) -> tuple[Meld, ...]:
        found = tuple(meld_action(m) for m in melds_in(marks << self.rank))  # one rank: sets only
        self[marks] = found
        return found


#: By ``ace_low``, then by suit.
RUN_MELDS = tuple(tuple(_SuitRuns(suit, ace_low) for suit in range(4)) for ace_low in (False, True))
#: By rank.
SET_MELDS = tuple(_RankSets(rank) for rank in range(13))


#: The sort key of meld actions (``legal_actions`` lists melds by mask); an ``attrgetter``, not a
#: function: a sort calls it once a meld.
meld_cards: Callable[[Meld], CardSet] = attrgetter("cards")


class _RunsWith(dict[int, tuple[CardSet, ...]]):
    """The runs holding card ``t`` among the cards of its suit's pattern ``p`` (which holds ``t``),
    by mask, keyed by ``p << 6 | t``: ``core.melds.melds_with``'s runs, without its frames.

    A cold game meets a new pattern on one walk step in five, and ``melds_in`` of the suit cost
    36,000 instructions a miss: a miss reads the runs off the unbroken stretch of the suit around
    ``t`` instead (``runs_through``, a few hundred stretches in all; ``ace_low`` keeps
    ``melds_in``, where a stretch may wrap through the ace).
    """

    def __init__(self, ace_low: bool) -> None:
        super().__init__()
        self.ace_low = ace_low

    def __missing__(self, key: int) -> tuple[CardSet, ...]:
        t = key & 63
        pattern = key >> 6
        if self.ace_low:
            found = tuple(m for m in melds_in(pattern << 13 * (t // 13), True) if m >> t & 1)
        else:
            r = t % 13
            x = pattern >> r
            end = r + (~x & (x + 1)).bit_length() - 1  # one past the stretch's last rank
            start = (~pattern & ((1 << r) - 1)).bit_length()  # the stretch's first rank
            found = RUNS_THROUGH[t << 8 | start << 4 | end]
        if len(self) >= LIMIT:
            self.clear()
        self[key] = found
        return found


class _RunsThrough(dict[int, tuple[CardSet, ...]]):
    """The runs (without ``ace_low``) holding card ``t`` inside the stretch of ranks ``start`` to
    ``end - 1`` of its suit, by mask, keyed by ``t << 8 | start << 4 | end``."""

    def __missing__(self, key: int) -> tuple[CardSet, ...]:
        t = key >> 8
        start, end = key >> 4 & 15, key & 15
        r = t % 13
        base = t - r
        found = sorted(
            ((1 << hi - lo) - 1) << base + lo for lo in range(start, r + 1) for hi in range(max(r + 1, lo + 3), end + 1)
        )
        self[key] = tuple(found)
        return self[key]


RUNS_THROUGH = _RunsThrough()


class _SetsWith(dict[int, tuple[CardSet, ...]]):
    """The sets holding card ``t`` among the suits its rank's ``marks`` mark (``t``'s among them),
    by mask, keyed by ``marks << 6 | t``."""

    def __missing__(self, key: int) -> tuple[CardSet, ...]:
        t = key & 63
        found = tuple(m for m in melds_in((key >> 6) << t % 13) if m >> t & 1)
        self[key] = found
        return found


#: By ``ace_low``.
RUNS_WITH = (_RunsWith(False), _RunsWith(True))
SETS_WITH = _SetsWith()
#: For each card, the shift of its suit (``13 * suit``).
SUIT_SHIFT = tuple(13 * (c // 13) for c in range(52))
