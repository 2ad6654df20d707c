"""Quick necessary tests before a search: can this pool hold the contract, or a meld with this face?

Each answers "no" cheaply where the full search (:mod:`search`) would find nothing: the fewest
jokers each meld needs, taking the cheapest melds and ignoring that two melds may want the same
card (:func:`contract_possible`), whether runs of different suits can take (nearly) a whole hand
(:func:`runs_may_cover`), and whether any meld holds a given face (:func:`meld_with_face`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from samrap.core.cardset import RANK_MASKS
from samrap.games.contract.melds import pos_face


def _jokers_to_cover(faces: int, runs: int, min_run: int) -> int:
    """Jokers needed to make each suit's natural ``faces`` one run, exactly ``runs`` suits; 99 if impossible."""
    need = 0
    suits = 0
    for su in range(4):
        m = (faces >> (13 * su)) & 0x1FFF
        if not m:
            continue
        suits += 1
        best = 99
        for p in (m << 1, (m & 0xFFF) << 1 | m >> 12):  # the ace high, then the ace low
            span = p.bit_length() - ((p & -p).bit_length() - 1)
            best = min(best, span - m.bit_count() + max(0, min_run - span))
        need += best
    return need if suits == runs else 99


def runs_may_cover(layers: tuple[int, ...], jokers: int, runs: int, min_run: int, slack: int) -> bool:
    """Necessary test for going out in runs of different suits, leaving at most ``slack`` cards."""
    faces = layers[0] if layers else 0
    if len(layers) <= 1 and _jokers_to_cover(faces, runs, min_run) <= jokers:
        return True
    if slack < 1:
        return False
    if len(layers) <= 1 and jokers and _jokers_to_cover(faces, runs, min_run) <= jokers - 1:
        return True
    if len(layers) > 2:
        return False
    doubles = layers[1] if len(layers) > 1 else 0
    drops = doubles if doubles else faces
    if doubles.bit_count() > 1:
        return False
    while drops:
        low = drops & -drops
        drops ^= low
        rest = faces if doubles else faces & ~low
        if _jokers_to_cover(rest, runs, min_run) <= jokers:
            return True
    return False


def _run_cost(p14: int, min_run: int) -> int:
    """Fewest jokers for one run of ``min_run`` from a suit held at positions ``p14`` (99: none).

    Every held position lies in some window of ``min_run`` positions (a suit has 14), so with
    runs of 3 the cost is 0 when three consecutive positions are held, 1 when two within a
    window are (adjacent, or one apart), else 2 when any is; runs of 4 alike. Other lengths:
    :func:`_run_cost_by_windows`, which ``tests/games/contract/test_search.py`` checks these against.
    """
    if not p14:
        return 99
    if min_run == 3:
        if p14 & p14 >> 1 & p14 >> 2:
            return 0
        return 1 if p14 & (p14 >> 1 | p14 >> 2) else 2
    if min_run == 4:
        a, b, c = p14 >> 1, p14 >> 2, p14 >> 3
        if p14 & a & b & c:
            return 0
        if p14 & a & (b | c) or p14 & b & c or a & b & c:
            return 1
        return 2 if p14 & (a | b | c) else 3
    return _run_cost_by_windows(p14, min_run)


@cache
def _run_cost_by_windows(p14: int, min_run: int) -> int:
    """:func:`_run_cost` window by window."""
    best = 99
    w = (1 << min_run) - 1
    for lo in range(15 - min_run):
        have = p14 & (w << lo)
        if have:
            best = min(best, min_run - have.bit_count())
    return best


def contract_possible(
    layers: tuple[int, ...], jokers: int, sets: int, runs: int, min_run: int, run_rule: str, any_suits: bool = False
) -> bool:
    """A cheap necessary test that the hand holds the contract: the jokers each meld needs at
    least, taking the cheapest melds and ignoring that two melds may want the same card.

    The runs are counted first: a look-up a suit, where the sets of two or more take a pass over
    every rank, and over a third of the pools the draw asks about fail on their runs alone."""
    need = 0
    if runs:
        faces = layers[0] if layers else 0
        table = _RUN_COSTS.get(min_run)
        if table is None:
            table = suit_run_costs(min_run)
        a, b, c, d = (
            table[faces & 0x1FFF],
            table[faces >> 13 & 0x1FFF],
            table[faces >> 26 & 0x1FFF],
            table[faces >> 39 & 0x1FFF],
        )
        if runs == 1 or run_rule != "different":  # (runs of one suit may repeat its cheapest)
            least = a if a < b else b
            if c < least:
                least = c
            if d < least:
                least = d
            need = least * runs
        elif runs == 2:  # the two cheapest suits (deals 3 and 6), without sorting the four
            if a > b:
                a, b = b, a
            if c < b:
                b = c if c > a else a
                a = c if c < a else a
            if d < b:
                b = d if d > a else a
                a = d if d < a else a
            need = a + b
        else:
            run_costs = sorted((a, b, c, d))
            for k in range(runs):
                need += run_costs[k]
        if need > jokers:
            return False
    if sets and any_suits:
        # t sets of any suits of one rank can use every copy of it, at least one each.
        costs: list[int] = []
        for rank in RANK_MASKS:
            n = sum((lay & rank).bit_count() for lay in layers)
            before = 0
            for t in range(1, min(n, sets) + 1):
                cost = max(0, 3 * t - n)
                costs.append(cost - before)
                before = cost
        if len(costs) < sets:
            return False
        costs.sort()
        need += sum(costs[:sets])
    elif sets == 1:  # one set: the rank held in the most suits (the suits' 13-bit rank masks)
        first = layers[0] if layers else 0
        a, b, c, d = first & 0x1FFF, first >> 13 & 0x1FFF, first >> 26 & 0x1FFF, first >> 39
        if not (a | b | c | d):
            return False
        if not (a & b & (c | d) or c & d & (a | b)):  # no rank in three suits
            need += 1 if a & (b | c | d) or b & (c | d) or c & d else 2
    elif sets:
        # (the twin leaves out costs above ``jokers``: exact whenever the sum is within them)
        need += _sets_need_two_layers(layers, sets) if len(layers) <= 2 else _sets_need_by_ranks(layers, jokers, sets)
    return need <= jokers


def _sets_need_by_ranks(layers: Sequence[int], jokers: int, sets: int) -> int:
    """The fewest jokers ``sets`` sets of one suit each need at least (one rank's sets may share
    no card of a face; 99: fewer than ``sets`` sets), rank by rank: any number of layers, and the
    plain twin of :func:`_sets_need_two_layers` (``tests/games/contract/test_search_fast.py``).

    t sets of one rank can use min(copies, t) cards of each suit: the sum over the first t
    layers. Their joker cost is convex in t, so the cheapest marginal costs add up right; a
    marginal cost above the jokers can be in no answer (nor, by convexity, the rank's later
    ones), so it is left out.
    """
    costs = []
    first = layers[0] if layers else 0
    for rank in RANK_MASKS:
        if not first & rank:
            continue  # no set of this rank at all
        usable = before = 0
        for t, lay in enumerate(layers, 1):
            usable += (lay & rank).bit_count()
            if usable < t:
                break
            cost = 3 * t - usable
            if cost < 0:
                cost = 0
            if cost - before > jokers:
                break
            costs.append(cost - before)
            before = cost
    if len(costs) < sets:
        return 99
    costs.sort()
    return sum(costs[:sets])


def _sets_need_two_layers(layers: Sequence[int], sets: int) -> int:
    """:func:`_sets_need_by_ranks` for a pool of at most two layers (two decks, every preset's
    pack for 3-5 players), all ranks at once: the deep pick-up test asks it of many pools, and
    the loop over 13 ranks was the dearest part of a draw in deals 1, 4 and 5.

    A rank held in ``n`` suits once and ``m`` (<= ``n``) twice gives a first set costing
    ``max(0, 3 - n)`` jokers and, when ``n + m >= 2``, a second one costing ``max(0, 6 - n - m)``
    less the first's: ``3 - m`` for ``n <= 3``, ``max(0, 2 - m)`` for ``n = 4``. Each layer's
    ranks held in at least 1-4 suits are masks of 13 bits, so the marginal costs (0 to 3) are
    counted by value, and the ``sets`` cheapest summed. Costs above the jokers are counted here
    (the loop leaves them out): either way the answer exceeds the jokers exactly when they would
    be needed (a cost above the jokers among the cheapest ``sets`` makes the sum exceed them too).
    """
    first = layers[0] if layers else 0
    a, b, c, d = first & 0x1FFF, first >> 13 & 0x1FFF, first >> 26 & 0x1FFF, first >> 39
    ab, cd, a_b, c_d = a & b, c & d, a | b, c | d
    n1 = a_b | c_d  # the ranks held in at least 1 suit, 2, 3, 4
    n2 = ab | cd | a_b & c_d
    n3 = ab & c_d | cd & a_b
    n4 = ab & cd
    zero, one, two, three = n3.bit_count(), (n2 & ~n3).bit_count(), (n1 & ~n2).bit_count(), 0
    if len(layers) == 2:
        second = layers[1]
        a, b, c, d = second & 0x1FFF, second >> 13 & 0x1FFF, second >> 26 & 0x1FFF, second >> 39
        ab, cd, a_b, c_d = a & b, c & d, a | b, c | d
        m1 = a_b | c_d
        m2 = ab | cd | a_b & c_d
        m3 = ab & c_d | cd & a_b
        upto3 = n1 & ~n4
        zero += (m3 | n4 & m2).bit_count()
        one += (upto3 & m2 & ~m3 | n4 & m1 & ~m2).bit_count()
        two += (upto3 & m1 & ~m2 | n4 & ~m1).bit_count()
        three = (upto3 & n2 & ~m1).bit_count()
    need = 0
    for cost, count in ((0, zero), (1, one), (2, two), (3, three)):
        if count >= sets:
            return need + cost * sets
        need += cost * count
        sets -= count
    return 99


def _run_cost_table(min_run: int) -> list[int]:
    """``table[m]``: :func:`_run_cost` of a suit whose 13-bit rank mask is ``m`` (its 14 run
    positions, the ace at both ends): :func:`contract_possible` reads a suit's cost in one look-up."""
    return [_run_cost(m << 1 | m >> 12, min_run) for m in range(1 << 13)]


#: :func:`_run_cost_table` by run length, built when first asked (the deep pick-up test asks
#: :func:`contract_possible` for many pools, each needing the cost of four suits, and
#: ``search.ContractQuery`` the cost of a last run). Safe for worker threads: a table depends on
#: its key alone, so two threads that build one store equal lists.
_RUN_COSTS: dict[int, list[int]] = {}


def suit_run_costs(min_run: int) -> list[int]:
    """:func:`_run_cost_table` of ``min_run``, built once: a suit's 13-bit rank mask to the
    fewest jokers for one run of ``min_run`` in it (99: none)."""
    table = _RUN_COSTS.get(min_run)
    if table is None:
        table = _RUN_COSTS[min_run] = _run_cost_table(min_run)
    return table


def runs_need(avail: int, runs: int, closed: int, different: bool, costs: list[int]) -> int:
    """The fewest jokers ``runs`` more runs need at least with the natural faces ``avail`` left,
    in suits outside ``closed`` (``costs``: :func:`suit_run_costs` of the shortest run).

    Every run holds a window of the shortest length around one of its naturals, whose jokers are
    no more than the run's, so each run costs at least its suit's cost: runs of different suits
    (rule 10) the cheapest open suits' costs added up, other runs (which may share a suit) the
    cheapest suit's cost each. Sets chosen before the runs only take cards and jokers away, so
    more than the jokers left means no go-down completes (``staging._Completions._runs_fit``)."""
    least = second = 99
    for su in range(4):
        if not closed >> su & 1:
            cost = costs[avail >> 13 * su & 0x1FFF]
            if cost < least:
                least, second = cost, least
            elif cost < second:
                second = cost
    if runs == 1:
        return least
    if runs == 2 and different:
        return least + second
    return least * runs


def meld_with_face(faces: int, jokers: int, face: int, min_run: int, rank_cards: int = -1) -> bool:
    """Whether some minimal meld of the hand holds the natural ``face`` (a cheap necessary test).

    ``rank_cards``: under ``set_suits = any``, the naturals of ``face``'s rank held (copies of one
    face count); -1 counts the distinct faces of ``faces``.
    """
    if rank_cards < 0:
        rank_cards = (faces & RANK_MASKS[face % 13]).bit_count()
    if rank_cards + jokers >= 3:
        return True
    for w in _RUN_WINDOWS[min_run][face]:  # noqa: SIM110 (a plain loop beats any() over a generator)
        if (w & ~faces).bit_count() <= jokers:
            return True
    return False


def _run_windows(face: int, length: int) -> tuple[int, ...]:
    """The face masks of the runs of ``length`` through ``face`` (an ace low or high)."""
    r, s = face % 13, face // 13
    out = []
    for pos in (r + 1, 0) if r == 12 else (r + 1,):
        for lo in range(max(0, pos - length + 1), min(pos, 14 - length) + 1):
            out.append(sum(1 << pos_face(s, q) for q in range(lo, lo + length)))
    return tuple(out)


#: ``_RUN_WINDOWS[min_run][face]``: :func:`_run_windows` for the two run lengths the options allow.
_RUN_WINDOWS: dict[int, tuple[tuple[int, ...], ...]] = {n: tuple(_run_windows(f, n) for f in range(52)) for n in (3, 4)}
