"""Melds of one 52-card deck on bitmasks: sets (ตอง) and runs (เรียง).

A set is 3 or 4 cards of one rank; a run is 3 or more consecutive cards of one suit. Whether an
ace may also be low (A-2-3) is the only rule knob (``ace_low``); runs never wrap (K-A-2).
All enumeration goes through per-suit and per-rank tables cached on the 13-bit (or 4-bit)
pattern, so meld search costs a few dictionary look-ups per suit. The caches are ``functools``
caches of pure functions that return tuples or ints: the server's worker threads may share them,
since a race at worst computes one equal value twice (tests/engine/test_threads.py).
"""

from __future__ import annotations

from functools import cache, lru_cache

from samrap.core.cardset import RANK_MASKS, SUIT_MASKS, CardSet

_SUIT_BITS = (1 << 13) - 1
#: Ranks 2..Q of every suit: where a window of three same-suit cards may start without crossing a suit.
_RUN_STARTS = sum(((1 << 11) - 1) << (13 * s) for s in range(4))
_ACE = 12


def _is_block(m: int) -> bool:
    """True when ``m`` is one block of adjacent 1 bits (and not empty)."""
    low = m & -m
    return m != 0 and (m + low) & m == 0


def suit_pattern(mask: CardSet, suit: int) -> int:
    return (mask >> (13 * suit)) & _SUIT_BITS


def is_set(mask: CardSet) -> bool:
    """3 or 4 cards, all of one rank."""
    n = mask.bit_count()
    if n < 3 or n > 4:
        return False
    low = (mask & -mask).bit_length() - 1
    return mask & ~RANK_MASKS[low % 13] == 0


def run_suit(mask: CardSet) -> int:
    """The suit of a one-suit mask, or -1."""
    for s in range(4):
        if mask & ~SUIT_MASKS[s] == 0:
            return s
    return -1


def is_run(mask: CardSet, ace_low: bool = False) -> bool:
    """3 or more consecutive cards of one suit; with ``ace_low`` A-2-3... also counts (never wrapping)."""
    if mask.bit_count() < 3:
        return False
    s = run_suit(mask)
    if s < 0:
        return False
    m = mask >> (13 * s)
    if _is_block(m):
        return True
    if ace_low and m >> _ACE & 1:
        return _is_block(((m & ~(1 << _ACE)) << 1) | 1)
    return False


def is_meld(mask: CardSet, ace_low: bool = False) -> bool:
    return is_set(mask) or is_run(mask, ace_low)


def is_ace_low_run(mask: CardSet) -> bool:
    """A run holding both the ace and the 2 of its suit uses the ace low."""
    s = run_suit(mask)
    if s < 0:
        return False  # not one suit: a set, or not a meld at all
    m = mask >> (13 * s)
    return bool(m & 1) and bool(m >> _ACE & 1) and not _is_block(m)


@cache
def _runs_in_pattern(m: int, ace_low: bool) -> tuple[int, ...]:
    """Every run (as a 13-bit pattern) inside the 13-bit suit pattern ``m``."""
    out: list[int] = []
    m14 = m << 1 | m >> _ACE & 1 if ace_low else m << 1
    # Work on 14 bits: bit 0 is the ace played low, bits 1..13 are 2..A.
    rest = m14
    while rest:
        low = rest & -rest
        seg = rest & ~(rest + low)
        rest &= ~seg
        start = low.bit_length() - 1
        length = seg.bit_count()
        for a in range(start, start + length):
            for b in range(a + 3, start + length + 1):
                if a == 0 and b == 14:
                    continue  # the same ace at both ends
                w = ((1 << (b - a)) - 1) << a
                out.append(((w >> 1) | ((w & 1) << _ACE)) & _SUIT_BITS)
    # With ace_low a whole suit is both A-2-...-K and 2-...-K-A: one meld, listed once.
    return tuple(sorted(set(out)))


@cache
def _sets_in_pattern(p: int) -> tuple[int, ...]:
    """Every set inside the 4-bit suit pattern ``p`` of one rank (bit s = suit s present)."""
    if p.bit_count() < 3:
        return ()
    out = []
    for sub in range(1, 16):
        if sub & p == sub and sub.bit_count() >= 3:
            out.append(sub)
    return tuple(out)


def rank_pattern(mask: CardSet, rank: int) -> int:
    """Bit s set when the card of ``rank`` in suit s is in ``mask``."""
    return (
        (mask >> rank & 1)
        | (mask >> (13 + rank) & 1) << 1
        | (mask >> (26 + rank) & 1) << 2
        | (mask >> (39 + rank) & 1) << 3
    )


def _set_mask(rank: int, p: int) -> CardSet:
    m = 0
    for s in range(4):
        if p >> s & 1:
            m |= 1 << (13 * s + rank)
    return m


def melds_in(mask: CardSet, ace_low: bool = False) -> list[CardSet]:
    """Every set and run made only of cards of ``mask``, sorted by mask value.

    >>> from samrap.core.cardset import parse_set, set_str
    >>> [set_str(m) for m in melds_in(parse_set("7h8h9hTh"))]
    ['7h8h9h', '8h9hTh', '7h8h9hTh']
    """
    a = mask & _SUIT_BITS
    b = (mask >> 13) & _SUIT_BITS
    c = (mask >> 26) & _SUIT_BITS
    d = (mask >> 39) & _SUIT_BITS
    three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    starts = mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS
    if ace_low:
        starts |= (mask & RANK_MASKS[12]) >> 12 & mask & (mask >> 1)
    if not starts and not three:
        return []  # most hands: no three adjacent cards of a suit and no three of a rank
    out: list[CardSet] = []
    if starts:
        for s, m in enumerate((a, b, c, d)):
            if starts >> (13 * s) & _SUIT_BITS:
                out.extend(_runs_shifted(s, m, ace_low))
    while three:
        low = three & -three
        three ^= low
        r = low.bit_length() - 1
        p = (a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3
        out.extend(_set_masks(r, p))
    if len(out) > 1:
        out.sort()
    return out


@cache
def _runs_shifted(suit: int, m: int, ace_low: bool) -> tuple[CardSet, ...]:
    return tuple(w << (13 * suit) for w in _runs_in_pattern(m, ace_low))


@cache
def _set_masks(rank: int, p: int) -> tuple[CardSet, ...]:
    return tuple(_set_mask(rank, sub) for sub in _sets_in_pattern(p))


def melds_with(card: int, mask: CardSet, ace_low: bool = False) -> tuple[CardSet, ...]:
    """Every meld that contains ``card`` and otherwise only cards of ``mask``, ascending.

    Only the card's suit and rank matter, so the answer is cached on their patterns.
    """
    full = mask | (1 << card)
    s, r = divmod(card, 13)
    m = (full >> (13 * s)) & _SUIT_BITS
    # Only the unbroken stretch of the suit around the card can hold a run with it, so the cache
    # is keyed on that stretch alone: far fewer keys, and a warm cache, in long playouts.
    if ace_low:
        m14 = m << 1 | m >> _ACE & 1  # bit 0: the ace played low; bits 1..13: 2..A
        seg = _stretch(m14, r + 1)
        if r == _ACE:
            seg |= _stretch(m14, 0)
        m = ((seg >> 1) | (seg & 1) << _ACE) & _SUIT_BITS
    else:
        m = _stretch(m, r)
    if m.bit_count() < 3:
        m = 1 << r  # too short for a run
    return _melds_with(card, m, rank_pattern(full, r), ace_low)


def _stretch(m: int, i: int) -> int:
    """The maximal block of consecutive one bits of ``m`` that holds bit ``i`` (set in ``m``)."""
    x = m >> i
    end = i + (~x & (x + 1)).bit_length() - 1  # one past the block's last bit
    start = (~m & ((1 << i) - 1)).bit_length()  # one past the last zero below bit i
    return (1 << end) - (1 << start)


@lru_cache(maxsize=1 << 16)
def _melds_with(card: int, m: int, p: int, ace_low: bool) -> tuple[CardSet, ...]:
    s, r = divmod(card, 13)
    out: list[CardSet] = []
    if m.bit_count() >= 3:
        for w in _runs_in_pattern(m, ace_low):
            if w >> r & 1:
                out.append(w << (13 * s))
    if p.bit_count() >= 3:
        for sub in _sets_in_pattern(p):
            if sub >> s & 1:
                out.append(_set_mask(r, sub))
    out.sort()
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def extension_cards(meld: CardSet, ace_low: bool = False) -> CardSet:
    """The cards that, added one at a time, keep ``meld`` a meld of its kind (what one can ฝาก).

    Cached: the same table melds are asked about on every turn.
    """
    if is_set(meld):
        if meld.bit_count() >= 4:
            return 0
        low = (meld & -meld).bit_length() - 1
        return RANK_MASKS[low % 13] & ~meld
    s = run_suit(meld)
    m = (meld >> (13 * s)) & _SUIT_BITS
    ext = 0
    if is_ace_low_run(meld):
        high_rank = (m & ~(1 << _ACE)).bit_length() - 1
        if high_rank + 1 < _ACE:
            ext |= 1 << (high_rank + 1)
        return ext << (13 * s)
    lo = (m & -m).bit_length() - 1
    hi = m.bit_length() - 1
    if hi < _ACE:
        ext |= 1 << (hi + 1)
    if lo > 0:
        ext |= 1 << (lo - 1)
    elif ace_low and hi < _ACE - 1:
        ext |= 1 << _ACE  # an ace below the 2 (never when the run already reaches K: no wrap)
    return ext << (13 * s)


_NOT_RANK0 = ~RANK_MASKS[0]
_NOT_ACE = ~RANK_MASKS[12]


def meldable_cards(mask: CardSet, ace_low: bool = False) -> CardSet:
    """The cards of ``mask`` that belong to at least one meld inside ``mask`` (fast, no listing)."""
    # Runs: every window of three adjacent cards inside one suit, all 52 bits at once.
    x = mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS
    cover = x | x << 1 | x << 2
    if ace_low:
        low = (mask & RANK_MASKS[12]) >> 12 & mask & (mask >> 1)  # A-2-3, marked on the 2
        cover |= low | low << 1 | low << 12
    a = mask & _SUIT_BITS
    b = (mask >> 13) & _SUIT_BITS
    c = (mask >> 26) & _SUIT_BITS
    d = (mask >> 39) & _SUIT_BITS
    three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    if three:
        cover |= mask & (three | three << 13 | three << 26 | three << 39)
    return cover


def suit_neighbours(mask: CardSet, ace_low: bool = False) -> CardSet:
    """Cards one rank above or below a card of ``mask`` in the same suit (a superset for pruning)."""
    out = ((mask << 1) & _NOT_RANK0) | ((mask >> 1) & _NOT_ACE)
    if ace_low:
        aces = mask & RANK_MASKS[12]
        twos = mask & RANK_MASKS[0]
        out |= (aces >> 12) | (twos << 12)
    return out & ((1 << 52) - 1)
