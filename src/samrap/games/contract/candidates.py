"""Candidate melds of a hand, from small cached tables (the building blocks of the go-down search).

A hand is summarised by face *layers* (``layers[i]``: the faces held more than ``i`` times, see
:meth:`Pack.face_layers`) and a joker count. Candidate melds come from small tables cached on one
rank's 4-bit suit pattern or one suit's 14-position pattern, so a hand costs a few look-ups; a
:class:`Cand` carries what the search needs (its faces, jokers, suit), and :func:`use_cand` fits
one into the layers a choice has used so far. Melds never need physical cards: the rules pick the
physical copies when applying. The search over candidates is :mod:`search`; the quick necessary
tests that come before it are :mod:`feasible`.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations
from operator import attrgetter

from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.games.contract.cards import lowest
from samrap.games.contract.melds import RUN, RUN_EXT, SET, Spec, any_set_joker_faces, shape, spec_shape

_RANK_FACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << (13 * s + r) for s in range(4) if p >> s & 1) for p in range(16)) for r in range(13)
)


def _rank_pattern(faces: int, r: int) -> int:
    return (faces >> r & 1) | (faces >> (13 + r) & 1) << 1 | (faces >> (26 + r) & 1) << 2 | (faces >> (39 + r) & 1) << 3


def _suit_positions(faces: int, s: int) -> int:
    """The 14-position pattern of suit ``s``: bit 0 the ace low, bits 1..13 the ranks 2..A."""
    m = (faces >> (13 * s)) & 0x1FFF
    return m << 1 | m >> 12


def _subsets_upto(mask: int, k: int) -> list[int]:
    """Every subset of ``mask`` with at most ``k`` bits."""
    bs = [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
    out = [0]
    for n in range(1, min(k, len(bs)) + 1):
        for combo in combinations(bs, n):
            out.append(sum(combo))
    return out


@cache
def _set_options(pattern: int, jokers: int, smin: int, smax: int) -> tuple[tuple[int, int], ...]:
    """``(natural suits, joker suits)`` 4-bit pairs for sets on one rank held in suits ``pattern``."""
    out = []
    for nat in range(1, 16):
        if nat & pattern != nat:
            continue
        for jk in _subsets_upto(15 & ~nat, jokers):
            if smin <= nat.bit_count() + jk.bit_count() <= smax:
                out.append((nat, jk))
    return tuple(sorted(out))


def _ranks(p14: int) -> int:
    """The 13-bit rank mask of a mask of run positions (0 and 13 are both the ace)."""
    return (p14 >> 1) | (p14 & 1) << 12


@lru_cache(maxsize=1 << 16)
def _run_options(p14: int, jokers: int, lmin: int, lmax: int) -> tuple[tuple[int, int], ...]:
    """``(natural ranks, joker ranks)`` 13-bit pairs for runs of one suit held at positions ``p14``.

    A joker may also stand where a natural is held (the natural stays in hand); every run keeps
    at least one natural (see the package docstring), so a run of ``lmax`` cards never takes
    more than ``lmax - 1`` jokers. The pairs come sorted, each once (the two 13-position
    windows, ace low and ace high, give the same ranks). Runs of one length (the search's
    smallest melds) are read off a table of windows, runs without jokers off the blocks of
    positions held; otherwise each low end grows its window a position at a time, counting the
    gaps the jokers must fill, until they run out (the jokers left over may stand for naturals
    held). ``tests/games/contract/test_search.py`` checks the first two against the last.
    """
    if lmin == lmax:
        table = _window_table(lmin, min(jokers, lmin - 1))
        mask = (1 << lmin) - 1
        out: list[tuple[int, int]] = []
        for lo in range(15 - lmin):
            found = table[lo][p14 >> lo & mask]
            if found:
                out += found
        return tuple(sorted(out))  # (windows of one length never give the same ranks twice)
    if not jokers:
        return _blocks(p14, lmin, lmax)
    return _grown_windows(p14, jokers, lmin, lmax)


@cache
def _window_table(length: int, jokers: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """``table[lo][held]``: the pairs of :func:`_run_options` for the one window of ``length``
    positions starting at ``lo``, held at the window's positions ``held`` (bit 0: ``lo``), with
    ``jokers`` jokers: each non-empty subset of the held positions with at least
    ``length - jokers`` of them is the naturals, the rest of the window jokers."""
    full = (1 << length) - 1
    table = []
    for lo in range(15 - length):
        row = []
        for held in range(full + 1):
            pairs = []
            if lo + length - 1 <= 13 and not (lo == 0 and length == 14):
                nat = held
                while nat:
                    if nat.bit_count() >= length - jokers:
                        pairs.append((_ranks(nat << lo), _ranks((full & ~nat) << lo)))
                    nat = (nat - 1) & held
            row.append(tuple(pairs))
        table.append(tuple(row))
    return tuple(table)


def _blocks(p14: int, lmin: int, lmax: int) -> tuple[tuple[int, int], ...]:
    """:func:`_run_options` without jokers: every window of ``lmin..lmax`` positions held."""
    out: set[tuple[int, int]] = set()
    rest = p14
    while rest:
        a = (rest & -rest).bit_length() - 1
        b = a
        while rest >> (b + 1) & 1:
            b += 1
        rest &= ~((1 << (b + 1)) - 1)
        for lo in range(a, b - lmin + 2):
            for hi in range(lo + lmin - 1, min(b, lo + lmax - 1) + 1):
                if lo or hi != 13:  # (not the same ace at both ends)
                    out.add((_ranks(((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)), 0))
    return tuple(sorted(out))


def _grown_windows(p14: int, jokers: int, lmin: int, lmax: int) -> tuple[tuple[int, int], ...]:
    """:func:`_run_options` the general way: every window grown from every low end, each low
    end's pairs read from :func:`_low_end_pairs`, cached on the positions held from it up to the
    first hole the jokers cannot fill (where the growing stops): most low ends of a new hand's
    suit were seen in another's. :func:`_grown_windows_plain` grows them in place
    (``test_search_fast.py`` compares the two)."""
    out: set[tuple[int, int]] = set()
    for lo in range(15 - lmin):  # (a shorter window at the top cannot hold ``lmin`` positions)
        top = min(lo + lmax - 1, 13 if lo else 12)  # (not the same ace at both ends)
        seg = p14 >> lo & ((1 << (top - lo + 1)) - 1)
        if not seg:  # (no window from here holds a natural)
            continue
        holes = ~seg
        for _ in range(jokers):
            holes &= holes - 1
        seg &= (holes & -holes) - 1  # (the positions below the hole of gap ``jokers + 1``)
        found = _low_end_pairs(lo, seg, jokers, lmin, top)
        if found:
            out.update(found)
    return tuple(sorted(out))


@lru_cache(maxsize=1 << 16)
def _low_end_pairs(lo: int, seg: int, jokers: int, lmin: int, top: int) -> tuple[tuple[int, int], ...]:
    """The pairs of :func:`_grown_windows_plain`'s windows from position ``lo`` (up to ``top``)
    of a suit held at positions ``seg << lo``, with ``jokers`` jokers."""
    out: list[tuple[int, int]] = []
    p14 = seg << lo
    gaps = have = window = 0
    for hi in range(lo, top + 1):
        bit = 1 << hi
        window |= bit
        if p14 & bit:
            have |= bit
        else:
            gaps += 1
            if gaps > jokers:
                break
        if hi - lo + 1 < lmin or not have:
            continue
        holes = window & ~have
        out.append((_ranks(have), _ranks(holes)))
        left = jokers - gaps
        if left:
            for extra in _subsets_upto(have, left):
                if extra and extra != have:
                    out.append((_ranks(have & ~extra), _ranks(holes | extra)))
    return tuple(out)


def _grown_windows_plain(p14: int, jokers: int, lmin: int, lmax: int) -> tuple[tuple[int, int], ...]:
    """:func:`_grown_windows` with each window's pairs worked out in place (the plain twin)."""
    out: set[tuple[int, int]] = set()
    for lo in range(15 - lmin):  # (a shorter window at the top cannot hold ``lmin`` positions)
        gaps = have = window = 0
        top = min(lo + lmax - 1, 13 if lo else 12)  # (not the same ace at both ends)
        for hi in range(lo, top + 1):
            bit = 1 << hi
            window |= bit
            if p14 & bit:
                have |= bit
            else:
                gaps += 1
                if gaps > jokers:
                    break
            if hi - lo + 1 < lmin or not have:
                continue
            holes = window & ~have
            out.add((_ranks(have), _ranks(holes)))
            left = jokers - gaps
            if left:
                for extra in _subsets_upto(have, left):
                    if extra and extra != have:
                        out.add((_ranks(have & ~extra), _ranks(holes | extra)))
    return tuple(sorted(out))


class Cand:
    """A candidate meld with what the contract search needs to know about it.

    ``more`` is :attr:`Spec.more` (faces a set of any suits holds again); ``nat`` and ``more``
    together are the natural cards it takes from the hand.
    """

    __slots__ = ("ext", "hi", "jokers", "key", "lo", "more", "nat", "spec", "suit")

    def __init__(self, spec: Spec, any_suits: bool = False) -> None:
        self.spec = spec
        nat = self.nat = spec.nat
        more = self.more = spec.more
        jok = spec.jok
        self.jokers = jok.bit_count()
        # (``spec_shape`` is ``shape`` of the faces for a meld of distinct faces not of any suits;
        # a meld's key is ``Spec.order_key``, whose first item is 0 for a set: written out for
        # those, the commonest new candidates of a fresh hand; ``test_search_fast.py`` compares)
        plain = not (any_suits or more or nat & jok)
        sh = shape(nat | jok) if plain else spec_shape(spec, any_suits)
        assert sh is not None
        self.suit = sh[1] if sh[0] == RUN else -1
        self.lo, self.hi = sh[2], sh[3]
        # kept: sorting a go-down's melds asks for it many times
        self.key = (0 if sh[0] == SET else 1, nat, jok) if plain else spec.order_key()
        faces = spec.faces
        if self.suit < 0 and any_suits:  # any card of its rank may join a set of any suits
            self.ext = RANK_MASKS[sh[1]]
        elif self.suit < 0:  # the faces one more card may take once it is on the table (melds._ext)
            self.ext = RANK_MASKS[sh[1]] & ~faces if faces.bit_count() < 4 else 0
        else:  # (a run's two open faces, ``melds._run_ext``, from its table)
            self.ext = RUN_EXT[self.suit * 196 + self.lo * 14 + self.hi]


def _cand_key(c: Cand) -> tuple[int, int, int]:
    return c.key


def keyed(chosen: list[Cand]) -> tuple[tuple[tuple[int, int, int], ...], tuple[Spec, ...]]:
    """A go-down's melds in ``sort_specs`` order, with their ``Spec.order_key`` values in that order
    (for one contract, whose go-downs all have the same number of melds, comparing those tuples
    orders go-downs as ``actions.sort_key`` does)."""
    ordered = sorted(chosen, key=_cand_key)
    return tuple(c.key for c in ordered), tuple(c.spec for c in ordered)


@lru_cache(maxsize=1 << 16)
def _cand(nat: int, jok: int) -> Cand:
    return Cand(Spec(nat, jok))


@lru_cache(maxsize=4096)
def set_cands(faces: int, jokers: int, smin: int = 3, smax: int = 4) -> tuple[Cand, ...]:
    """Every set (size ``smin..smax``) of the held natural ``faces`` plus at most ``jokers`` jokers."""
    out: list[Cand] = []
    for rank in RANK_MASKS:
        held = faces & rank
        if held:
            out += _rank_sets(held, jokers, smin, smax)
    return tuple(out)


@cache
def _rank_sets(held: int, jokers: int, smin: int, smax: int) -> tuple[Cand, ...]:
    """:func:`set_cands` of one rank, ``held`` being the faces held of it (non-empty).

    Cached per rank rather than per hand: a new hand then costs thirteen look-ups.
    """
    r = lowest(held) % 13
    table = _RANK_FACES[r]
    return tuple(_cand(table[nat], table[jk]) for nat, jk in _set_options(_rank_pattern(held, r), jokers, smin, smax))


@lru_cache(maxsize=4096)
def any_set_cands(layers: tuple[int, ...], jokers: int, smin: int = 3, smax: int = 99) -> tuple[Cand, ...]:
    """Every set of any suits (``set_suits = any``, size ``smin..smax``) of a hand held as face
    ``layers`` plus at most ``jokers`` jokers (at most 4 in one set: one per declared suit)."""
    out: list[Cand] = []
    first = layers[0] if layers else 0
    for r, rank in enumerate(RANK_MASKS):
        if first & rank:
            counts = tuple(sum(1 for lay in layers if lay >> (13 * su + r) & 1) for su in range(4))
            out += _rank_any_sets(r, counts, min(jokers, 4), smin, smax)
    return tuple(out)


@cache
def _rank_any_sets(r: int, counts: tuple[int, int, int, int], jokers: int, smin: int, smax: int) -> tuple[Cand, ...]:
    """:func:`any_set_cands` of rank ``r`` held ``counts[suit]`` times in each suit."""
    out: list[Cand] = []
    for c0 in range(counts[0] + 1):
        for c1 in range(counts[1] + 1):
            for c2 in range(counts[2] + 1):
                for c3 in range(counts[3] + 1):
                    took = (c0, c1, c2, c3)
                    n = c0 + c1 + c2 + c3
                    if not n or n > smax:
                        continue
                    layers = [0] * max(took)
                    for su, k in enumerate(took):
                        for i in range(k):
                            layers[i] |= 1 << (13 * su + r)
                    nat = layers[0]
                    for j in range(jokers + 1):
                        if smin <= n + j <= smax:
                            spec = Spec(nat, any_set_joker_faces(r, nat, j), tuple(layers[1:]))
                            out.append(_any_cand(spec))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _any_cand(spec: Spec) -> Cand:
    return Cand(spec, True)


@lru_cache(maxsize=4096)
def run_cands(faces: int, jokers: int, lmin: int, lmax: int = 13) -> tuple[Cand, ...]:
    """Every run (length ``lmin..lmax``) of the held natural ``faces`` plus at most ``jokers`` jokers."""
    out: list[Cand] = []
    for s, suit in enumerate(SUIT_MASKS):
        held = faces & suit
        if held:
            out += _suit_runs(held, s, jokers, lmin, lmax)
    return tuple(out)


@lru_cache(maxsize=16384)
def _suit_runs(held: int, s: int, jokers: int, lmin: int, lmax: int) -> tuple[Cand, ...]:
    """:func:`run_cands` of suit ``s``, ``held`` being the faces held of it (non-empty).

    Runs of one length (the deep pick-up test's question, asked of many pools) are read off a
    table of each window's candidates (:func:`_window_cands`) and sorted by key, which is the
    order of :func:`_run_options`' pairs (a run's key is its natural faces, then its jokers');
    ``tests/games/contract/test_search_fast.py`` checks that against the pairs made candidates.
    """
    if lmin == lmax:
        table = _window_cands(s, lmin, jokers if jokers < lmin else lmin - 1)
        p14 = _suit_positions(held, s)
        mask = (1 << lmin) - 1
        out: list[Cand] = []
        for lo in range(15 - lmin):
            found = table[lo][p14 >> lo & mask]
            if found:
                out += found
        out.sort(key=_by_key)
        return tuple(out)
    shift = 13 * s
    return tuple(
        _cand(nat << shift, jk << shift) for nat, jk in _run_options(_suit_positions(held, s), jokers, lmin, lmax)
    )


_by_key = attrgetter("key")


def runs_holding(held: int, s: int, jokers: int, length: int, face: int) -> list[Cand]:
    """The runs of ``length`` of suit ``s`` (``held``: its faces held, holding ``face``) that hold
    the natural ``face``: those of :func:`_suit_runs` (``lmin == lmax``) whose natural faces hold
    it, in window order rather than by key, read only off the windows over ``face``'s position
    (both, the ace's). The deep pick-up's go-down test (:func:`search.holds_containing`) asks
    this of a new pool at most draws, where ``_suit_runs``' cache nearly always missed; its twin
    is that filter, ``test_search_fast.py``."""
    table = _window_cands(s, length, jokers if jokers < length else length - 1)
    p14 = _suit_positions(held, s)
    mask = (1 << length) - 1
    bit = 1 << face
    pos = face % 13 + 1  # (the ace: 13, and 0 below)
    out: list[Cand] = []
    for lo in range(pos - length + 1 if pos >= length else 0, (pos if pos < 14 - length else 14 - length) + 1):
        for c in table[lo][p14 >> lo & mask]:
            if c.nat & bit:
                out.append(c)
    if pos == 13:
        for c in table[0][p14 & mask]:
            if c.nat & bit:
                out.append(c)
    return out


@cache
def _window_cands(s: int, length: int, jokers: int) -> tuple[tuple[tuple[Cand, ...], ...], ...]:
    """:func:`_window_table` of suit ``s`` as candidates: ``table[lo][held]``."""
    shift = 13 * s
    return tuple(
        tuple(tuple(_cand(nat << shift, jk << shift) for nat, jk in pairs) for pairs in row)
        for row in _window_table(length, jokers)
    )


def all_melds(faces: int, jokers: int, min_run: int, layers: tuple[int, ...] | None = None) -> list[Spec]:
    """Every valid meld of any size from a hand (for ``melds_after_down``), sorted; with the
    hand's face ``layers``, its sets are sets of any suits (``set_suits = any``)."""
    sets = any_set_cands(layers, jokers) if layers is not None else set_cands(faces, jokers)
    return sorted((c.spec for c in (*sets, *run_cands(faces, jokers, min_run))), key=_meld_order)


def _meld_order(spec: Spec) -> tuple[int, int]:
    """The order of ``M`` actions (``actions.sort_key``): by natural faces, then jokers and repeats."""
    key = spec.order_key()
    return key[1], key[2]


def _add(used: tuple[int, ...], m: int) -> tuple[int, ...]:
    out = []
    carry = m
    for u in used:
        out.append(u | carry)
        carry &= u
    if carry:
        out.append(carry)
    return tuple(out)


def _sub(layers: tuple[int, ...], m: int) -> tuple[int, ...]:
    """``layers`` with one copy of each face of ``m`` taken away (``m`` within ``layers[0]``)."""
    out = list(layers)
    for i in range(len(out) - 1, -1, -1):
        taken = out[i] & m
        out[i] ^= taken
        m ^= taken
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def _use(used: tuple[int, ...], m: int, layers: tuple[int, ...]) -> tuple[int, ...] | None:
    """``_add(used, m)`` if that still fits ``layers``, else ``None``; ``m`` is a candidate's
    natural faces, all held. Faces not used yet always fit, which skips the layer walk for most
    pairs (two sets of different ranks never share a face)."""
    if not used:
        return (m,)
    first = used[0]
    if not first & m:
        return (first | m, *used[1:])
    u = _add(used, m)
    return u if _fits(u, layers) else None


def use_cand(used: tuple[int, ...], c: Cand, layers: tuple[int, ...]) -> tuple[int, ...] | None:
    """The faces used (as layers, ``used[i]``: the faces used more than ``i`` times) once ``c``
    takes its natural cards too, repeated faces (:attr:`Cand.more`) included, or ``None`` when
    the hand (``layers``) does not hold them all."""
    u = _use(used, c.nat, layers)
    if u is None or not c.more:
        return u
    for m in c.more:
        u = _add(u, m)
    return u if _fits(u, layers) else None


def _fits(used: tuple[int, ...], layers: tuple[int, ...]) -> bool:
    """Whether faces used that many times are held that many times (a loop: no generator)."""
    if len(used) > len(layers):
        return False
    for u, lay in zip(used, layers, strict=False):  # noqa: SIM110
        if u & ~lay:
            return False
    return True


def runs_compatible(a: Cand, b: Cand, rule: str) -> bool:
    """Rules 10 and 27 for two runs put down together."""
    if a.suit != b.suit or rule == "allowed":
        return True
    if rule == "different":
        return False
    return a.hi + 1 != b.lo and b.hi + 1 != a.lo


def run_clashes(chosen: list[Cand], c: Cand, rule: str) -> bool:
    """Rules 10 and 27: the run ``c`` may not go down with the melds ``chosen``, which hold a run
    of its suit (the caller's cheap test, on the chosen runs' suits, comes first)."""
    return rule == "different" or any(x.suit >= 0 and not runs_compatible(x, c, rule) for x in chosen)
