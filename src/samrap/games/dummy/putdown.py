"""Putting cards down: lay-offs (ฝาก) and knocks (น็อค) of Thai Dummy.

Rule numbers are those of ``docs/rules/dummy.md``. A lay-off adds cards to a table meld (rule 17,
with the options of rule 40); a knock puts down the whole hand but one card, face down (rule 19),
as new melds and lay-offs. ``knocks`` lists every such partition; it prunes first, because in most
positions two cards of the hand can neither meld nor reach a table meld and no knock exists.
"""

from __future__ import annotations

from functools import lru_cache

from samrap.core.cards import rank_of, suit_of
from samrap.core.cardset import RANK_MASKS, SUIT_MASKS, CardSet
from samrap.core.melds import extension_cards, is_meld, is_run, is_set, meldable_cards, melds_with, suit_neighbours
from samrap.games.dummy.actions import Knock
from samrap.games.dummy.state import DummyState, TableReach


def neighbours(card: int, ace_low: bool) -> CardSet:
    """The same-suit cards one rank away (with ``ace_low``, A and 2 are neighbours too)."""
    s, r = suit_of(card), rank_of(card)
    m = 0
    if r > 0:
        m |= 1 << (card - 1)
    if r < 12:
        m |= 1 << (card + 1)
    if ace_low and r == 12:
        m |= 1 << (13 * s)
    if ace_low and r == 0:
        m |= 1 << (13 * s + 12)
    return m


def owner_allows(s: DummyState, target: int, group: CardSet, seat: int) -> bool:
    """``layoff_on_layoff`` off: each card laid on a run must touch a card its owner put down.

    The cards of ``group`` go down together (a knock's lay-offs, rule 19) but are judged as if
    laid one by one (rule 40): the owner's own card counts once it is down, so the owner's group
    is allowed when it grows card by card from a card the owner had put down before. Two cards of
    the group may not vouch for each other: the owner's ``9h Th`` on a ``Jh Qh Kh Ah`` whose ``Jh``
    another player laid off is refused, as ``Th`` alone is.
    """
    if s.config.layoff_on_layoff:
        return True
    meld = s.melds[target]
    if is_set(meld):
        return True  # a set's 4th card always may (rule 40)
    owner = s.meld_owner[target]
    owner_cards = meld & s.put_down[owner]
    ace_low = s.config.ace_low
    rest = group
    while rest:
        grown = 0
        left = rest
        while left:
            low = left & -left
            left ^= low
            if neighbours(low.bit_length() - 1, ace_low) & owner_cards:
                grown |= low
        if not grown:
            return False
        rest &= ~grown
        if seat == owner:
            owner_cards |= grown  # the owner's card, once down, lets the next one touch it
    return True


def layoff_groups(s: DummyState, target: int, hand: CardSet, seat: int, room: int) -> list[CardSet]:
    """Every non-empty set of ``hand`` cards that can go on table meld ``target`` together.

    The groups a meld takes depend on the hand's cards of the meld's suit (a run) or rank (a set)
    only, so they are remembered by the meld and those cards (``_meld_groups``); the lay-off room
    and the owner's leave (``layoff_on_layoff`` off) are asked afresh.
    """
    meld = s.melds[target]
    low = meld & -meld
    found = _meld_groups(meld, hand & _ZONES[low.bit_length() - 1], s.config.ace_low)
    if not found:
        return []
    free = s.config.layoff_on_layoff
    if free and room >= hand.bit_count():  # (every group is a part of the hand: all fit)
        return list(found)
    return [g for g in found if g.bit_count() <= room and (free or owner_allows(s, target, g, seat))]


#: For each card, the cards of its suit and of its rank: every card that can join a meld whose
#: lowest card it is (a run's suit, a set's rank).
_ZONES = tuple(SUIT_MASKS[c // 13] | RANK_MASKS[c % 13] for c in range(52))


@lru_cache(maxsize=1 << 14)
def _meld_groups(meld: CardSet, cards: CardSet, ace_low: bool) -> tuple[CardSet, ...]:
    """Every non-empty set of ``cards`` that keeps ``meld`` a meld of its kind, in
    ``layoff_groups_plain``'s order (bounded: a long run meets many hands).

    That order is the order of the groups' masks (the plain twin counts over the reachable cards
    from the lowest, and counting over bits in ascending order orders the subsets as their
    masks). A run without ``ace_low`` (a block of consecutive cards) takes an unbroken stretch
    below it and one above it, so its groups are those pairs, written out, and a set takes the
    fourth card of its rank: a cold game misses this cache in a third of its calls, and the walk
    over every subset cost tens of thousands of instructions.
    """
    lo = (meld & -meld).bit_length() - 1
    hi = meld.bit_length() - 1
    if not ace_low and meld == (2 << hi) - (1 << lo):  # a run: one block of consecutive cards
        base = lo - lo % 13
        below = [0]
        grown = 0
        c = lo - 1
        while c >= base and cards >> c & 1:
            grown |= 1 << c
            below.append(grown)
            c -= 1
        above = [0]
        grown = 0
        c = hi + 1
        while c < base + 13 and cards >> c & 1:
            grown |= 1 << c
            above.append(grown)
            c += 1
        return tuple(sorted(d | u for d in below for u in above if d | u))
    rank = RANK_MASKS[lo % 13]
    if not meld & ~rank and meld.bit_count() >= 3:  # a set: it takes its rank's fourth card
        fourth = rank & ~meld & cards
        return (fourth,) if fourth else ()
    reach = 0
    frontier = meld
    while True:
        ext = extension_cards(frontier, ace_low) & cards & ~reach
        if not ext:
            break
        reach |= ext
        if is_set(meld):
            break
        frontier = meld | reach
        if not is_run(frontier, ace_low):
            break
    if not reach:
        return ()
    subsets = [0]  # every subset of reach, in the order of counting over its cards from the lowest
    while reach:
        low = reach & -reach
        reach ^= low
        subsets += [g | low for g in subsets]
    of_set = is_set(meld)
    return tuple(g for g in subsets[1:] if (is_set(meld | g) if of_set else is_run(meld | g, ace_low)))


def layoff_groups_plain(s: DummyState, target: int, hand: CardSet, seat: int, room: int) -> list[CardSet]:
    """``layoff_groups``' plain twin: the groups found afresh at every call (the tests compare them)."""
    ace_low = s.config.ace_low
    meld = s.melds[target]
    reach = 0
    frontier = meld
    while True:
        ext = extension_cards(frontier, ace_low) & hand & ~reach
        if not ext:
            break
        reach |= ext
        if is_set(meld):
            break
        frontier = meld | reach
        if not is_run(frontier, ace_low):
            break
    if not reach:
        return []
    cards = []
    while reach:
        low = reach & -reach
        cards.append(low)
        reach ^= low
    of_set = is_set(meld)
    out: list[CardSet] = []
    for sub in range(1, 1 << len(cards)):
        g = 0
        for i, b in enumerate(cards):
            if sub >> i & 1:
                g |= b
        if g.bit_count() > room:
            continue
        ok = is_set(meld | g) if of_set else is_run(meld | g, ace_low)
        if ok and owner_allows(s, target, g, seat):
            out.append(g)
    return out


def layoff_room(s: DummyState, seat: int) -> int:
    """How many more cards ``seat`` may lay off this game (``max_layoffs_per_game``, rules 17, 40)."""
    limit = s.config.max_layoffs_per_game
    return 52 if limit is None else limit - s.layoffs[seat]


def single_layoffs(s: DummyState, seat: int, hand: CardSet) -> list[tuple[int, int]]:
    """Every (card, meld index) one-card lay-off of ``hand`` (rule 17), in table order."""
    total, per_meld = s.reach
    if not total & hand or layoff_room(s, seat) <= 0:
        return []
    out = []
    free = s.config.layoff_on_layoff  # (owner_allows, its first test, asked once)
    for i, ext in per_meld:
        ext &= hand
        while ext:
            low = ext & -ext
            ext ^= low
            if free or owner_allows(s, i, low, seat):
                out.append((low.bit_length() - 1, i))
    return out


# ---------------------------------------------------------------------------------------------
# Knocks (น็อค): every way to put down the whole hand but one card


def covers(rest: CardSet, ace_low: bool) -> list[tuple[CardSet, ...]]:
    """Every way to split ``rest`` exactly into new melds (each listing sorted ascending)."""
    if not rest:
        return [()]
    low = rest & -rest
    out: list[tuple[CardSet, ...]] = []
    # The melds of ``rest`` that hold its lowest card, ascending (as ``melds_in`` filtered).
    for m in melds_with(low.bit_length() - 1, rest, ace_low):
        for tail in covers(rest & ~m, ace_low):
            out.append(tuple(sorted((m, *tail))))
    return out


@lru_cache(maxsize=1 << 12)
def table_reach(melds: tuple[CardSet, ...], ace_low: bool) -> TableReach:
    """Every card that extends some table meld by itself, and (index, cards) for each meld that
    can still grow: the state's ``reach``, derived when a state is built from a string or a view
    (cached: a search resamples the same view's table many times); the transitions update it a
    meld at a time (``reach_after``). A position string may put anything on the table, and
    nothing extends what is not a meld (``extension_cards`` may fail on it)."""
    total = 0
    per_meld = []
    for i, m in enumerate(melds):
        ext = extension_cards(m, ace_low) if is_meld(m, ace_low) else 0
        if ext:
            total |= ext
            per_meld.append((i, ext))
    return total, tuple(per_meld)


def reach_after(table: TableReach, i: int, meld: CardSet, ace_low: bool) -> TableReach:
    """``table_reach`` of the table ``table`` was read from once its meld ``i`` is ``meld`` (a
    meld grown by a lay-off, or a new meld at the end): one ``extension_cards``, not one a meld.
    ``test_fast_twins.py`` compares every state's ``reach`` with ``table_reach``."""
    ext = extension_cards(meld, ace_low)
    total, per_meld = table
    if not per_meld or per_meld[-1][0] < i:  # the last meld that can grow is before i
        return (total | ext, (*per_meld, (i, ext))) if ext else table
    total = 0
    out = []
    for j, e in per_meld:
        if j == i:
            continue  # (its new entry goes in below, in table order)
        if ext and j > i:
            out.append((i, ext))
            total |= ext
            ext = 0
        out.append((j, e))
        total |= e
    if ext:
        out.append((i, ext))
        total |= ext
    return total, tuple(out)


def with_derived(s: DummyState) -> DummyState:
    """``s`` with its derived fields (``row_cards``, ``reach``) read afresh from its row and
    table: for a state changed with ``_replace``, and the plain twins of the tests."""
    row_cards = 0
    for c in s.row:
        row_cards |= 1 << c
    return s._replace(row_cards=row_cards, reach=table_reach(s.melds, s.config.ace_low))


def chain_reach(reach: CardSet, hand: CardSet, ace_low: bool) -> CardSet:
    """The cards of ``hand`` that lay-offs can reach from ``reach`` (hand cards that extend a
    table meld), each step a same-suit neighbour of a card reached before.

    Without ``ace_low`` the uncovered cards it reaches (those in no meld of the hand) are all in
    ``reach`` or next to it: a card two steps away comes through a hand card next to a ``reach``
    card, and the three are a run of the hand, so it is covered. ``knocks`` asks this walk only
    with ``ace_low``, where K-A-2 steps through the ace but is no run (``test_fast_twins.py``
    checks the claim).
    """
    frontier = reach
    while frontier:
        frontier = suit_neighbours(frontier, ace_low) & hand & ~reach
        reach |= frontier
    return reach


def knocks(s: DummyState, seat: int, hand: CardSet, meldable: CardSet | None = None) -> list[Knock]:
    """Every knock of ``hand``: each face-down card with each split of the rest (rules 19, 34).

    ``meldable`` may pass ``meldable_cards(hand)`` when the caller has it already.
    """
    cfg = s.config
    ace_low = cfg.ace_low
    # Prune first: a card that is in no meld of the hand and cannot reach any table meld (even
    # through a chain of lay-offs) must be the face-down card; two such cards mean no knock.
    covered = meldable_cards(hand, ace_low) if meldable is None else meldable
    uncovered = hand & ~covered
    limit = cfg.max_layoffs_per_game
    room = 52 if limit is None else limit - s.layoffs[seat]  # layoff_room, inlined: runs every turn
    if uncovered & (uncovered - 1):  # two or more cards
        if room <= 0 or not s.melds:
            return []
        reach = s.reach[0] & hand
        if not reach:
            return []
        # The uncovered cards lay-offs could reach (one step from ``reach`` without ``ace_low``:
        # ``chain_reach``); two or more beyond them mean no knock.
        reach = chain_reach(reach, hand, True) if ace_low else reach | suit_neighbours(reach)
        if (uncovered & ~reach).bit_count() > 1:
            return []
    # The lay-off groups of each meld some hand card extends (``layoff_groups`` of any other
    # meld is empty: its first step finds no card), with their meld's index.
    groups = []
    if room > 0:
        for i, ext in s.reach[1]:
            if ext & hand:
                gs = layoff_groups(s, i, hand, seat, room)
                if gs:
                    groups.append((i, gs))
    reach = 0
    for _, gs in groups:
        for g in gs:
            reach |= g
    uncovered &= ~reach
    if uncovered.bit_count() > 1:
        return []
    if uncovered:
        faces = [uncovered.bit_length() - 1]
    else:  # every card of the hand, ascending (a walk over its bits: a dozen steps, not 52)
        faces = []
        bits = hand
        while bits:
            low = bits & -bits
            bits ^= low
            faces.append(low.bit_length() - 1)
    # Each group with its (card, meld index) pairs, built once rather than per combination.
    options = [[(g, _pairs(g, i)) for g in gs] for i, gs in groups]
    out: list[Knock] = []
    for face in faces:
        rest = hand & ~(1 << face)
        # The cards in no meld of ``rest`` are in no meld of any part of it either: lay-offs
        # must take every one of them. (A face in no meld of the hand, the commonest, leaves
        # every meld of the hand in ``rest``: the hand's covered cards are ``rest``'s.)
        must = rest & ~(meldable_cards(rest, ace_low) if covered >> face & 1 else covered)
        for lay, used in layoff_choices(options, rest, room, must):
            left = rest & ~used
            # A card in no meld inside what is left cannot be covered: skip the split search.
            if left and meldable_cards(left, ace_low) != left:
                continue
            found = covers(left, ace_low)
            if found:
                lay_pairs = tuple(sorted(lay))
                for cover in found:
                    out.append(Knock(face, cover, lay_pairs))
    if len(out) > 1:  # (most hands that knock have one knock)
        out.sort(key=_knock_key)  # one-to-one on knocks, so the enumeration order is free
    return out


def _knock_key(k: Knock) -> tuple[int, ...]:
    """``actions.sort_key`` of a knock, without its kind (every action here is a knock) and
    without the match over the other kinds first."""
    return (k.card, len(k.melds), *k.melds, -1, *(x for pair in k.layoffs for x in pair))


@lru_cache(maxsize=1 << 12)
def _pairs(group: CardSet, target: int) -> tuple[tuple[int, int], ...]:
    """The (card, meld index) pairs of laying ``group`` on table meld ``target`` (remembered: the
    same groups come back turn after turn while the table stands)."""
    out = []
    while group:
        low = group & -group
        group ^= low
        out.append((low.bit_length() - 1, target))
    return tuple(out)


LayoffOption = tuple[CardSet, tuple[tuple[int, int], ...]]


def layoff_choices(
    options: list[list[LayoffOption]], rest: CardSet, room: int, must: CardSet = 0
) -> list[tuple[tuple[tuple[int, int], ...], CardSet]]:
    """Each choice of at most one lay-off group per table meld (within ``rest`` and ``room``) that
    lays off every card of ``must``: the chosen (card, meld index) pairs and the cards they use.

    A partial choice is dropped as soon as the melds still to come cannot take the ``must``
    cards it leaves."""
    later = [0] * (len(options) + 1)  # every card the melds from i on could take
    for i in range(len(options) - 1, -1, -1):
        reach = later[i + 1]
        for g, _ in options[i]:
            reach |= g
        later[i] = reach
    if must & ~later[0]:
        return []
    # The room is asked only when it is smaller than ``rest`` (the groups of a choice are
    # disjoint parts of ``rest``).
    unlimited = room >= rest.bit_count()
    choices: list[tuple[tuple[tuple[int, int], ...], CardSet]] = [((), 0)]
    for i, opts in enumerate(options):
        after = later[i + 1]
        grown = []
        for lay, used in choices:
            if not must & ~(used | after):
                grown.append((lay, used))
            for g, pairs in opts:
                if g & rest == g and not g & used and (unlimited or g.bit_count() + used.bit_count() <= room):
                    now = used | g
                    if not must & ~(now | after):
                        grown.append((lay + pairs, now))
        choices = grown
    return choices
