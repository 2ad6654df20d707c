"""Finding melds and contracts in a hand: candidate melds and every way to go down.

A hand is summarised by face *layers* (``layers[i]``: the faces held more than ``i`` times, see
:meth:`Pack.face_layers`) and a joker count. Candidate melds come from small tables cached on one
rank's 4-bit suit pattern or one suit's 14-position pattern, so a hand costs a few look-ups; a
contract is a choice of candidates whose face usage fits the layers and whose jokers fit the
count. Melds never need physical cards: the rules pick the physical copies when applying.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from itertools import combinations
from operator import attrgetter

from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.games.contract.cards import lowest
from samrap.games.contract.melds import RUN, Spec, any_set_joker_faces, pos_face, sort_specs, spec_shape

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
    """:func:`_run_options` the general way: every window grown from every low end."""
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
        self.nat = spec.nat
        self.more = spec.more
        self.jokers = spec.jok.bit_count()
        sh = spec_shape(spec, any_suits)
        assert sh is not None
        self.suit = sh[1] if sh[0] == RUN else -1
        self.lo, self.hi = sh[2], sh[3]
        self.key = spec.order_key()  # kept: sorting a go-down's melds asks for it many times
        faces = spec.faces
        if self.suit < 0 and any_suits:  # any card of its rank may join a set of any suits
            self.ext = RANK_MASKS[sh[1]]
        elif self.suit < 0:  # the faces one more card may take once it is on the table (melds._ext)
            self.ext = RANK_MASKS[sh[1]] & ~faces if faces.bit_count() < 4 else 0
        else:
            self.ext = 0
            if self.hi - self.lo < 12:
                if self.lo >= 1:
                    self.ext |= 1 << pos_face(self.suit, self.lo - 1)
                if self.hi <= 12:
                    self.ext |= 1 << pos_face(self.suit, self.hi + 1)


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


class ContractQuery:
    """One question about a hand: which go-downs meet ``sets`` sets and ``runs`` runs.

    Attributes mirror the options: ``exact`` sizes (``contract_exact``), the ``run_rule``
    (``same_suit_runs``), and ``totals``: when not ``None``, the allowed numbers of cards put down
    (deal 7, where going down means going out).
    """

    __slots__ = ("jokers", "layers", "run_len", "run_rule", "runc", "runs", "setc", "sets", "totals")

    def __init__(
        self,
        layers: tuple[int, ...],
        jokers: int,
        sets: int,
        runs: int,
        *,
        min_run: int,
        exact: bool,
        run_rule: str,
        totals: frozenset[int] | None = None,
        any_suits: bool = False,
    ) -> None:
        assert totals is None or not sets, "going out at once (deal 7) is a contract of runs only"
        self.layers = layers
        self.jokers = jokers
        self.sets = sets
        self.runs = runs
        self.run_rule = run_rule
        self.totals = totals
        self.run_len = min_run if exact else 0  # (0: runs of every length from min_run)
        faces = layers[0] if layers else 0
        self.setc: tuple[Cand, ...] = ()
        if sets:
            if any_suits:
                self.setc = any_set_cands(layers, jokers, 3, 3 if exact else 99)
            else:
                self.setc = set_cands(faces, jokers, 3, 3 if exact else 4)
        self.runc: tuple[Cand, ...] = ()
        if not runs:
            return
        if totals is not None and run_rule == "different":
            # Going out with runs of different suits: each run takes (nearly) all of its suit.
            slack = sum(x.bit_count() for x in layers) + jokers - min(totals)
            if runs_may_cover(layers, jokers, runs, min_run, slack):
                held = [sum((x & SUIT_MASKS[su]).bit_count() for x in layers) for su in range(4)]
                cands = run_cands(faces, jokers, min_run, min_run if exact else 13)
                self.runc = tuple(c for c in cands if held[c.suit] - c.nat.bit_count() <= slack)
            return
        self.runc = run_cands(faces, jokers, min_run, min_run if exact else 13)

    def __iter__(self) -> Iterator[tuple[Spec, ...]]:
        """Every go-down, each once, as a sorted tuple of specs."""
        if self.totals is not None:
            yield from self._covers()
            return
        for chosen in self.chosen():
            yield sort_specs(c.spec for c in chosen)

    def containing(self, face: int) -> Iterator[tuple[Spec, ...]]:
        """Deals 1-6 (no ``totals``): go-downs with a natural ``face`` (or, for the joker face 52,
        a joker); may repeat. Each candidate holding it is chosen first, then the rest as usual."""
        for chosen in self._containing(face):
            yield sort_specs(x.spec for x in chosen)

    def has_containing(self, face: int) -> bool:
        """Whether :meth:`containing` yields anything (without sorting a go-down's melds).

        With runs of one length and no run clashing with another of its suit but by sharing
        cards (``run_len``, rules 10 and 27: ``different`` or ``allowed``), the go-down's last
        run is not looked for among the candidates but asked of the cards left
        (:meth:`_last_run`); otherwise :meth:`has_containing_plain`. The deep pick-ups of a
        player not down ask this at every depth of the pile (``deepcard.takes_deep_down``)."""
        if not self.run_len or self.run_rule == "not_adjacent":
            return self.has_containing_plain(face)
        assert self.totals is None
        layers = self.layers
        for kind_list, is_run in ((self.setc, False), (self.runc, True)):
            for c in kind_list:
                if (c.jokers == 0) if face == 52 else not c.nat >> face & 1:
                    continue
                used = use_cand((), c, layers)
                assert used is not None, "a candidate is made of held cards"
                sets = self.sets - (0 if is_run else 1)
                runs = self.runs - (1 if is_run else 0)
                if self._rest(0, sets, runs, used, c.jokers, 1 << c.suit if is_run else 0):
                    return True
        return False

    def has_containing_plain(self, face: int) -> bool:
        """:meth:`has_containing` by the search that lists the go-downs (the definition)."""
        return next(self._containing(face), None) is not None

    def _rest(self, start: int, sets: int, runs: int, used: tuple[int, ...], jused: int, suits: int) -> bool:
        """Whether ``sets`` more sets from ``setc[start:]`` and then ``runs`` runs fit the cards
        and jokers left after ``used`` and ``jused`` (``suits``: those of the runs chosen), as
        :meth:`_pick_sets` would find them (precondition: :meth:`has_containing`'s)."""
        layers = self.layers
        if sets:
            setc = self.setc
            for i in range(start, len(setc)):
                c = setc[i]
                j = jused + c.jokers
                if j > self.jokers:
                    continue
                u = use_cand(used, c, layers)
                if u is not None and self._rest(i if sets > 1 else 0, sets - 1, runs, u, j, suits):
                    return True
            return False
        if runs <= 1:
            return not runs or self._last_run(used, jused, suits)
        runc = self.runc
        different = self.run_rule == "different"
        for i in range(start, len(runc)):
            c = runc[i]
            j = jused + c.jokers
            if j > self.jokers or (different and suits >> c.suit & 1):
                continue
            u = _use(used, c.nat, layers)
            if u is not None and self._rest(i, 0, runs - 1, u, j, suits | 1 << c.suit):
                return True
        return False

    def _last_run(self, used: tuple[int, ...], jused: int, suits: int) -> bool:
        """Whether a run of ``run_len`` fits the natural cards left after ``used`` (a face held
        more often than used) and the jokers left after ``jused``, in a suit the runs chosen
        (``suits``) leave open: exactly whether :meth:`_pick_runs` has a last run to choose, as
        its candidates are every window of ``run_len`` positions holding a natural, the other
        positions jokers (:func:`_run_options`)."""
        avail = 0
        for i, lay in enumerate(self.layers):
            avail |= lay & ~used[i] if i < len(used) else lay
        spare = self.jokers - jused
        closed = suits if self.run_rule == "different" else 0
        for su in range(4):
            if not closed >> su & 1 and _run_cost(_suit_positions(avail, su), self.run_len) <= spare:
                return True
        return False

    def _containing(self, face: int) -> Iterator[list[Cand]]:
        """The candidates of :meth:`containing`'s go-downs (the list is reused, as in :meth:`chosen`)."""
        assert self.totals is None
        setc, runc = self.setc, self.runc
        for kind_list, is_run in ((setc, False), (runc, True)):
            for c in kind_list:
                if (c.jokers == 0) if face == 52 else not c.nat >> face & 1:
                    continue
                used = use_cand((), c, self.layers)
                assert used is not None, "a candidate is made of held cards"
                sets = self.sets - (0 if is_run else 1)
                runs = self.runs - (1 if is_run else 0)
                suits = 1 << c.suit if is_run else 0
                yield from self._pick_sets(
                    setc, runc, len(setc), len(runc), True, 0, sets, used, c.jokers, [c], runs, suits
                )

    def chosen(self, marked: Callable[[Cand], bool] | None = None) -> Iterator[list[Cand]]:
        """Deals 1-6 (no ``totals``): the candidates of every go-down, each go-down once, in no
        particular order (:func:`keyed` sorts them); with ``marked``, only the go-downs with at
        least one meld it accepts.

        Those are the same choices as without ``marked`` over the candidate lists reordered marked
        first, so a branch with no marked meld yet that has passed the last marked candidate is cut.
        The list is reused: copy what must outlive the next step.
        """
        assert self.totals is None
        if marked is None:
            setc, runc = self.setc, self.runc
            yield from self._pick_sets(setc, runc, len(setc), len(runc), True, 0, self.sets, (), 0, [], self.runs, 0)
            return
        setc = tuple(sorted(self.setc, key=lambda c: not marked(c)))
        runc = tuple(sorted(self.runc, key=lambda c: not marked(c)))
        set_marks = sum(1 for c in setc if marked(c))
        run_marks = sum(1 for c in runc if marked(c))
        yield from self._pick_sets(setc, runc, set_marks, run_marks, False, 0, self.sets, (), 0, [], self.runs, 0)

    def _pick_sets(
        self,
        setc: tuple[Cand, ...],
        runc: tuple[Cand, ...],
        set_marks: int,
        run_marks: int,
        hit: bool,
        start: int,
        left: int,
        used: tuple[int, ...],
        jused: int,
        chosen: list[Cand],
        runs: int,
        suits: int,
    ) -> Iterator[list[Cand]]:
        """The one search for go-downs: ``left`` more sets from ``setc[start:]`` (a set may repeat
        when the hand holds its cards twice), then ``runs`` runs (:meth:`_pick_runs`).

        ``used``/``jused``: the faces (as layers) and jokers ``chosen`` takes. The first
        ``set_marks``/``run_marks`` candidates are the marked ones (:meth:`chosen`); ``hit`` says a
        marked one is chosen already (always true without marks). ``suits``: the suits of the runs
        in ``chosen`` (only runs of one suit may clash, rules 10 and 27).
        """
        if left == 0:
            yield from self._pick_runs(runc, run_marks, hit, 0, runs, used, jused, chosen, suits)
            return
        for i in range(start, len(setc)):
            if not hit and i >= set_marks and not run_marks:
                return
            c = setc[i]
            j = jused + c.jokers
            if j > self.jokers:
                continue
            u = use_cand(used, c, self.layers)
            if u is None:
                continue
            chosen.append(c)
            if left == 1:  # the last set: straight to the runs
                yield from self._pick_runs(runc, run_marks, hit or i < set_marks, 0, runs, u, j, chosen, suits)
            else:
                yield from self._pick_sets(
                    setc, runc, set_marks, run_marks, hit or i < set_marks, i, left - 1, u, j, chosen, runs, suits
                )
            chosen.pop()

    def _pick_runs(
        self,
        runc: tuple[Cand, ...],
        run_marks: int,
        hit: bool,
        start: int,
        left: int,
        used: tuple[int, ...],
        jused: int,
        chosen: list[Cand],
        suits: int,
    ) -> Iterator[list[Cand]]:
        """The runs of :meth:`_pick_sets`' go-downs."""
        if left == 0:
            if hit:
                yield chosen
            return
        rule = self.run_rule
        layers = self.layers
        for i in range(start, len(runc)):
            if not hit and i >= run_marks:
                return
            c = runc[i]
            j = jused + c.jokers
            if j > self.jokers:
                continue
            if suits >> c.suit & 1 and run_clashes(chosen, c, rule):
                continue
            if left == 1:  # the last run: only whether it fits, and no generator for a level below
                if (hit or i < run_marks) and (not used or not used[0] & c.nat or _fits(_add(used, c.nat), layers)):
                    chosen.append(c)
                    yield chosen
                    chosen.pop()
                continue
            u = _use(used, c.nat, layers)
            if u is None:
                continue
            chosen.append(c)
            yield from self._pick_runs(
                runc, run_marks, hit or i < run_marks, i, left - 1, u, j, chosen, suits | 1 << c.suit
            )
            chosen.pop()

    def _covers(self) -> Iterator[tuple[Spec, ...]]:
        """Going out in runs (deal 7): exact covers of the hand, each once.

        The lowest face not yet placed goes into one of the runs holding it (or, when a card may
        be left over for the final discard, is that card), so only runs that can still finish a
        cover are tried.
        """
        assert self.totals is not None
        slack = sum(x.bit_count() for x in self.layers) + self.jokers - min(self.totals)
        by_face: dict[int, list[Cand]] = {}
        for c in self.runc:
            m = c.nat
            while m:
                low = m & -m
                by_face.setdefault(low.bit_length() - 1, []).append(c)
                m ^= low
        seen: set[tuple[Spec, ...]] = set()
        for chosen in self._cover(by_face, self.layers, self.jokers, self.runs, [], slack):
            g = sort_specs(c.spec for c in chosen)
            if g not in seen:
                seen.add(g)
                yield g

    def _cover(
        self,
        by_face: dict[int, list[Cand]],
        layers: tuple[int, ...],
        jokers: int,
        runs: int,
        chosen: list[Cand],
        slack: int,
    ) -> Iterator[list[Cand]]:
        if not layers or runs == 0:
            left = sum(x.bit_count() for x in layers) + jokers
            if runs == 0 and left <= slack:
                yield chosen
            return
        low = layers[0] & -layers[0]
        face = low.bit_length() - 1
        for c in by_face.get(face, ()):
            if c.jokers > jokers or c.nat & ~layers[0]:
                continue
            if any(not runs_compatible(x, c, self.run_rule) for x in chosen):
                continue
            chosen.append(c)
            yield from self._cover(by_face, _sub(layers, c.nat), jokers - c.jokers, runs - 1, chosen, slack)
            chosen.pop()
        if slack:
            yield from self._cover(by_face, _sub(layers, low), jokers, runs, chosen, slack - 1)


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
    least, taking the cheapest melds and ignoring that two melds may want the same card."""
    need = 0
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
        need = sum(costs[:sets])
        if need > jokers:
            return False
    elif sets == 1:  # one set: the rank held in the most suits (the suits' 13-bit rank masks)
        first = layers[0] if layers else 0
        a, b, c, d = first & 0x1FFF, first >> 13 & 0x1FFF, first >> 26 & 0x1FFF, first >> 39
        if not (a | b | c | d):
            return False
        if not (a & b & (c | d) or c & d & (a | b)):  # no rank in three suits
            need = 1 if a & (b | c | d) or b & (c | d) or c & d else 2
            if need > jokers:
                return False
    elif sets:
        # t sets of one rank can use min(copies, t) cards of each suit: the sum over the first t
        # layers. Their joker cost is convex in t, so the cheapest marginal costs add up right;
        # a marginal cost above the jokers can be in no answer (nor, by convexity, the rank's
        # later ones), so it is left out. (Written out for speed: the deep pick-up test calls
        # this for many pools.)
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
            return False
        costs.sort()
        need = sum(costs[:sets])
        if need > jokers:
            return False
    if runs:
        faces = layers[0] if layers else 0
        table = _RUN_COSTS.get(min_run)
        if table is None:
            table = _RUN_COSTS[min_run] = _run_cost_table(min_run)
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
            need += least * runs
        else:
            run_costs = sorted((a, b, c, d))
            for k in range(runs):
                need += run_costs[k]
    return need <= jokers


def _run_cost_table(min_run: int) -> list[int]:
    """``table[m]``: :func:`_run_cost` of a suit whose 13-bit rank mask is ``m`` (its 14 run
    positions, the ace at both ends): :func:`contract_possible` reads a suit's cost in one look-up."""
    return [_run_cost(m << 1 | m >> 12, min_run) for m in range(1 << 13)]


#: :func:`_run_cost_table` by run length, built when first asked (the deep pick-up test asks
#: :func:`contract_possible` for many pools, each needing the cost of four suits).
_RUN_COSTS: dict[int, list[int]] = {}


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
