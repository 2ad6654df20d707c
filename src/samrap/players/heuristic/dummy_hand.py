"""What a hand and a card are worth to the Dummy heuristic (:mod:`~samrap.players.heuristic.dummy`).

The numbers every choice is made of: the meld partition of a hand that puts the most points
down (:func:`best_partition`), what the seat knows of the table (:class:`_Context`), each kept
card's chance of still making a meld and so the expected cost of a hand (:func:`hand_cost`), and
the danger of feeding the next player a discard (:func:`danger`). All read the seat's view only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from samrap.core.cardset import RANK_MASKS, CardSet
from samrap.core.melds import extension_cards, meldable_cards, melds_in, melds_with
from samrap.games.dummy.cards import CARD_VALUES, is_speto, mask_value
from samrap.games.dummy.observe import DummyView, unseen_cards

#: What being born (เกิด) is worth beyond the meld itself: the right to meld and lay off, and no ตกตึก.
BORN_VALUE = 35.0
#: A next player with this few cards may knock right after collecting a discard.
SHORT_HAND = 4
#: Chance-like weight of the next player drawing a missing partner later (the discard stays in the row).
FUTURE = 0.3
#: Value a collect of the discard by the expected points of the meld it makes (spetos included).
MELD_GAIN = True


@lru_cache(maxsize=1 << 15)
def best_partition(hand: CardSet, ace_low: bool) -> tuple[int, tuple[CardSet, ...]]:
    """The disjoint melds inside ``hand`` that hold the most points, and those points.

    Exhaustive over the lowest meldable card (in some meld or left out), memoized on the mask.

    >>> from samrap.core.cardset import parse_set
    >>> value, melds = best_partition(parse_set("7h8h9hThJh9c9d"), False)
    >>> value, [set_str(m) for m in melds]
    (35, ['7h8h9hThJh'])
    """
    cover = meldable_cards(hand, ace_low)
    if not cover:
        return 0, ()
    low = cover & -cover
    best_value, best = best_partition(hand & ~low, ace_low)
    for m in melds_in(hand, ace_low):
        if m & low:
            v, rest = best_partition(hand & ~m, ace_low)
            v += mask_value(m)
            if v > best_value:
                best_value, best = v, (m, *rest)
    return best_value, best


@dataclass(frozen=True, slots=True)
class _Context:
    """What the evaluation needs from a view, computed once per decision."""

    view: DummyView
    unseen: CardSet
    row_mask: CardSet
    table_ext: CardSet
    ace_low: bool
    threat: float = 0.0
    #: :func:`_potential`'s answers in this decision, by card and the hand cards it reads:
    #: :func:`hand_cost` asks again for each discard weighed, and most cards' neighbours stay.
    potentials: dict[int, float] = field(default_factory=dict, compare=False, repr=False)


def _context(v: DummyView) -> _Context:
    row_mask = 0
    for c in v.row:
        row_mask |= 1 << c
    ext = 0
    for m in v.melds:
        ext |= extension_cards(m, v.config.ace_low)
    fewest = min(v.hand_sizes[q] for q in range(v.config.players) if q != v.seat)
    threat = _THREATS[fewest] if fewest < len(_THREATS) else 0.0
    return _Context(v, unseen_cards(v), row_mask, ext, v.config.ace_low, threat)


#: How likely another player is to knock soon, by the size of their hand.
_THREATS = (1.0, 1.0, 1.0, 0.7, 0.4, 0.2)
#: Extra weight of the cards kept in hand when another player may knock soon.
THREAT = 3.0


def _potential(c: int, hand: CardSet, ctx: _Context) -> float:
    """The chance-like worth (0..1) that card ``c``, left over in ``hand``, still ends up on the table.

    Each card that would make a meld with ``c`` counts as an out: 1 if still unseen, 1.5 if in
    the row (it can be collected), 0 if gone. A neighbour in hand wants one of the run's two ends,
    a card two away wants the middle one, another card of the rank wants one of the remaining
    two. (Written with bits of one suit at a time: the playouts of a search call it most.)
    """
    ext = ctx.table_ext
    if ext >> c & 1:
        return 0.9  # can be laid off as soon as the player is born
    s, r = divmod(c, 13)
    base = 13 * s
    h = hand >> base & _SUIT
    row = ctx.row_mask
    live = ctx.unseen | row
    # The wanted ranks of the suit, as bit masks; a rank wanted twice is in both.
    once = 0
    twice = 0
    for want in (
        (_AROUND[r] if h >> (r + 1) & 1 else 0) if r < 12 else 0,  # r+1 in hand: r-1 and r+2
        (_BELOW[r] if h >> (r - 1) & 1 else 0) if r > 0 else 0,  # r-1 in hand: r-2 and r+1
        (1 << (r + 1) if h >> (r + 2) & 1 else 0) if r < 11 else 0,  # r+2 in hand: r+1
        (1 << (r - 1) if h >> (r - 2) & 1 else 0) if r > 1 else 0,  # r-2 in hand: r-1
    ):
        twice |= once & want  # never three times: r+1 is wanted for r-1 and r+2, r-1 for r+1 and r-2
        once ^= want
    lv = live >> base & _SUIT
    rw = row >> base & _SUIT
    outs = float((lv & once).bit_count() + 2 * (lv & twice).bit_count())
    outs += 0.5 * ((rw & once).bit_count() + 2 * (rw & twice).bit_count())
    # Sets: another card of the rank in hand wants one of the remaining two.
    rank = RANK_MASKS[r]
    if hand & ~(1 << c) & rank:
        free = rank & ~hand
        outs += (live & free).bit_count() + 0.5 * (row & free).bit_count()
    # A card one away from a table meld's end can be laid off once its neighbour is.
    if not outs and ext & ((1 << (c + 1) if r < 12 else 0) | (1 << (c - 1) if r > 0 else 0)):
        outs = 0.5
    return min(0.75, 0.2 * outs)


_SUIT = (1 << 13) - 1
#: Rank r's run partners wanted when r+1 is in hand (r-1 and r+2) and when r-1 is (r-2 and r+1).
_AROUND = tuple(((1 << (r - 1)) if r > 0 else 0) | ((1 << (r + 2)) if r < 11 else 0) for r in range(13))
_BELOW = tuple(((1 << (r - 2)) if r > 1 else 0) | ((1 << (r + 1)) if r < 12 else 0) for r in range(13))


#: The hand cards :func:`_potential` reads for card c: its suit from two ranks below to two above,
#: and its rank in every suit.
_READS = tuple(
    sum(1 << (13 * (c // 13) + r) for r in range(c % 13 - 2, c % 13 + 3) if 0 <= r < 13) | RANK_MASKS[c % 13]
    for c in range(52)
)


def hand_cost(hand: CardSet, born: bool, ctx: _Context) -> float:
    """Expected points lost for holding ``hand``: value of each card not in a meld, discounted by its potential."""
    melded, melds = best_partition(hand, ctx.ace_low)
    rest = hand
    for m in melds:
        rest &= ~m
    cost = 0.0
    x = rest
    memo = ctx.potentials
    while x:
        low = x & -x
        c = low.bit_length() - 1
        key = (rest & _READS[c]) << 6 | c
        pot = memo.get(key)
        if pot is None:
            pot = memo[key] = _potential(c, rest, ctx)
        cost += CARD_VALUES[c] * (1.0 - pot)
        x ^= low
    if THREAT:
        cost *= 1.0 + THREAT * ctx.threat
    if not born:
        # Not born: melds wait in hand (only a collect or a dark knock frees them), and a knock by
        # anyone makes the whole hand count three times (ตกตึก).
        cost = 2.0 * cost + 0.3 * melded
    return cost


def danger(c: int, ctx: _Context) -> float:
    """Points the next player is expected to gain if ``c`` is discarded (plus modern penalties)."""
    v = ctx.view
    cfg = v.config
    q = (v.seat + v.direction) % cfg.players
    unseen, row, known = ctx.unseen, ctx.row_mask, v.known[q]
    others = unseen | known | row
    # _meld_prob of an unseen card, worked out once: the next player's share of the unseen pool
    pool = unseen.bit_count()
    share = min(1.0, (v.hand_sizes[q] - known.bit_count()) / pool) if pool else 0.0
    p_none = 1.0
    weight = 0.0
    meld_points = 0.0
    for m in melds_with(c, others, ctx.ace_low):
        if m.bit_count() != 3:
            continue
        p = 1.0
        from_hand = 0
        rest = m & ~(1 << c)
        while rest:
            low = rest & -rest
            rest ^= low
            if row & low:
                continue  # an older row card: collected together with this one
            px = 1.0 if known & low else (share if unseen & low else 0.0)  # _meld_prob
            if FUTURE and px < 1.0 and unseen & low:
                px += (1.0 - px) * FUTURE  # drawn later: the card stays in the row to be collected
            p *= px
            from_hand += 1
        if from_hand:
            p_none *= 1.0 - p
            weight += p
            meld_points += p * mask_value(m)
    chance = 1.0 - p_none
    if MELD_GAIN and weight:
        gain = 10.0 + meld_points / weight + (BORN_VALUE if not v.is_born(q) else 0.0)
    else:
        gain = 10.0 + 3 * CARD_VALUES[c] + (BORN_VALUE if not v.is_born(q) else 0.0)
    if is_speto(c):
        gain += 50.0
    if v.hand_sizes[q] <= SHORT_HAND:
        gain += 50.0 + v.config.ngo_penalty  # they may collect it and knock: a knock and a โง่
    out = chance * gain
    if cfg.discard_layoff_penalty and ctx.table_ext >> c & 1:
        out += cfg.discard_layoff_penalty
    if cfg.discard_full_penalty and melds_with(c, ctx.row_mask, ctx.ace_low):
        out += cfg.discard_full_penalty
    return out


def _is_dead(c: int, hand: CardSet, ctx: _Context) -> bool:
    """No meld with ``c`` can still be made by anyone (its partners are gone)."""
    return not melds_with(c, ctx.unseen | hand | ctx.row_mask | _all_known(ctx.view), ctx.ace_low)


def _all_known(v: DummyView) -> CardSet:
    k = 0
    for x in v.known:
        k |= x
    return k
