"""Every way to go down: :class:`ContractQuery`, a choice of candidate melds that meets a contract.

A contract is a choice of candidates (:mod:`candidates`) whose face usage fits the hand's layers
and whose jokers fit its count; the query lists them whole, or only those holding one face, or
answers yes or no. Melds never need physical cards: the rules pick the physical copies when applying.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.games.contract.candidates import (
    Cand,
    _add,
    _fits,
    _rank_sets,
    _sub,
    _use,
    any_set_cands,
    run_cands,
    run_clashes,
    runs_compatible,
    runs_holding,
    set_cands,
    use_cand,
)
from samrap.games.contract.feasible import runs_may_cover, runs_need, suit_run_costs
from samrap.games.contract.melds import Spec, sort_specs


def holds_containing(layers: tuple[int, ...], jokers: int, sets: int, runs: int, run_len: int, face: int) -> bool:
    """Whether some go-down of the smallest melds (sets of 3, runs of ``run_len``) of runs of
    different suits (rule 10's seed option, sets of different suits) holds a natural ``face``:
    ``ContractQuery(..., exact=True, run_rule="different").has_containing(face)`` for the
    contracts of deals 1-6, without building the query's candidate lists.

    The deep pick-ups of a player not down ask this of a new pool at nearly every draw, and the
    lists, keyed by the whole pool, were mostly built afresh (about a tenth of deal 6's time):
    here the melds holding ``face`` are read from the one rank's or suit's cached candidates,
    further sets rank by rank, and the runs after the sets from each suit's cost (:func:`_runs_left`).
    ``tests/games/contract/test_search.py`` checks it against :meth:`ContractQuery.has_containing`.
    """
    faces = layers[0] if layers else 0
    if not faces >> face & 1:
        return False
    if sets:
        # (a set of 3 with a natural takes at most 2 jokers: the cache's key capped there)
        for c in _rank_sets(faces & RANK_MASKS[face % 13], jokers if jokers < 2 else 2, 3, 3):
            if c.nat >> face & 1 and _sets_then_runs(layers, jokers, 0, sets - 1, runs, (c.nat,), c.jokers, 0, run_len):
                return True
    if runs:
        su = face // 13
        cap = jokers if jokers < run_len else run_len - 1
        for c in runs_holding(faces & SUIT_MASKS[su], su, cap, run_len, face):
            if _sets_then_runs(layers, jokers, 0, sets, runs - 1, (c.nat,), c.jokers, 1 << su, run_len):
                return True
    return False


def _sets_then_runs(
    layers: tuple[int, ...],
    jokers: int,
    start: int,
    sets: int,
    runs: int,
    used: tuple[int, ...],
    jused: int,
    suits: int,
    run_len: int,
) -> bool:
    """:func:`holds_containing` after its first meld: ``sets`` more sets of 3 (of the ranks from
    ``start`` on, a rank's sets each time from its first: a set may repeat when the hand holds
    its cards twice), then ``runs`` runs in suits other than ``suits``, fitting the cards left
    after ``used`` (as layers) and the jokers left after ``jused``. The last set, when it shares
    no face with ``used``, leaves the faces held before less those held once (as
    ``ContractQuery._set_then_run``); when the runs do not fit even without it, none is tried."""
    if len(used) == 1:  # (a hand's layers nest: beyond ``used``, the first of them holds the rest)
        avail = layers[0] & ~used[0] | layers[1] if len(layers) > 1 else layers[0] & ~used[0]
    else:
        avail = 0
        for i, lay in enumerate(layers):
            avail |= lay & ~used[i] if i < len(used) else lay
    if not sets:
        return _runs_left(avail, jokers - jused, runs, suits, run_len)
    spare = jokers - jused  # the jokers the next set may take
    if sets == 1 and runs:
        # A set only takes cards away, and a suit's cost never falls so: the runs need at least
        # what they need now, and the set may take only the jokers beyond that.
        spare -= _runs_need(avail, runs, suits, run_len)
        if spare < 0:
            return False
    faces = layers[0]
    second = layers[1] if len(layers) > 1 else 0
    first = used[0] if used else 0
    cap = jokers if jokers < 2 else 2  # (a set of 3 with a natural takes at most 2 jokers)
    # Only the ranks from ``start`` held in 3 - spare suits or more (spare: the jokers left, at
    # most 2) have a set that fits: each other rank's sets all take more jokers than are left.
    a, b, c_, d = faces & 0x1FFF, faces >> 13 & 0x1FFF, faces >> 26 & 0x1FFF, faces >> 39
    if spare >= 2:
        ranks = a | b | c_ | d
    elif spare == 1:
        ranks = a & b | c_ & d | (a | b) & (c_ | d)
    else:
        ranks = a & b & (c_ | d) | c_ & d & (a | b)
    ranks &= ~((1 << start) - 1)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = low.bit_length() - 1
        held = faces & RANK_MASKS[r]
        for c in _rank_sets(held, cap, 3, 3):
            if c.jokers > spare:
                continue
            j = jused + c.jokers
            nat = c.nat
            if sets == 1 and not first & nat:
                if _runs_left((avail & ~nat) | (nat & second), jokers - j, runs, suits, run_len):
                    return True
                continue
            u = _use(used, nat, layers)
            if u is not None and _sets_then_runs(layers, jokers, r, sets - 1, runs, u, j, suits, run_len):
                return True
    return False


def _runs_left(avail: int, spare: int, runs: int, suits: int, run_len: int) -> bool:
    """Whether ``runs`` (at most 2) runs of ``run_len``, each in its own suit outside ``suits``,
    fit the natural faces ``avail`` (those held more often than used) and ``spare`` jokers. A
    suit's cheapest run is its cost (:func:`feasible.suit_run_costs`: the fewest jokers of a
    window of ``run_len`` positions holding a natural, which is the fewest of its candidates
    that fit the cards left), and runs of different suits share no card, so two runs fit
    exactly when the two cheapest open suits' costs add up to at most ``spare``
    (``ContractQuery._two_runs`` and ``_last_run`` ask it candidate by candidate)."""
    return not runs or _runs_need(avail, runs, suits, run_len) <= spare


def _runs_need(avail: int, runs: int, suits: int, run_len: int) -> int:
    """The fewest jokers :func:`_runs_left`'s ``runs`` (1 or 2) runs need (198 or more: none
    fit): :func:`feasible.runs_need` for runs in different suits (rule 10)."""
    assert runs <= 2, "deals 1-6 ask at most two runs after the first meld"
    return runs_need(avail, runs, suits, True, suit_run_costs(run_len))


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

    def has_any(self) -> bool:
        """Deals 1-6 (no ``totals``): whether :meth:`chosen` yields anything, by :meth:`_rest`
        where :meth:`has_containing` may use it (runs of one length, rule ``different`` or
        ``allowed``), else by the listing's own search."""
        assert self.totals is None
        if not self.run_len or self.run_rule == "not_adjacent":
            return next(self.chosen(), None) is not None
        return self._rest(0, self.sets, self.runs, (), 0, 0)

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
            if sets == 1 and runs == 1:
                return self._set_then_run(start, used, jused, suits)
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
        if runs == 2:
            return self._two_runs(start, used, jused, suits)
        for i in range(start, len(runc)):
            c = runc[i]
            j = jused + c.jokers
            if j > self.jokers or (different and suits >> c.suit & 1):
                continue
            u = _use(used, c.nat, layers)
            if u is not None and self._rest(i, 0, runs - 1, u, j, suits | 1 << c.suit):
                return True
        return False

    # The two leaves below are :meth:`_rest` with one meld and then the last run to choose,
    # :meth:`_last_run` written out for the candidates whose faces the path has not used yet (the
    # commonest): those fit as they are, and afterwards a face of theirs is still free exactly
    # when the hand holds it twice (``layers[1]``), every other face as before. A candidate
    # sharing a face with the path takes the general way (``_use`` and :meth:`_last_run`).
    # ``tests/games/contract/test_search_fast.py`` checks ``has_containing`` against the plain
    # search, which these serve.

    def _set_then_run(self, start: int, used: tuple[int, ...], jused: int, suits: int) -> bool:
        """:meth:`_rest` with one set (from ``setc[start:]``) and then one run to choose."""
        layers = self.layers
        setc = self.setc
        total = self.jokers
        avail = self._free(used)
        second = layers[1] if len(layers) > 1 else 0
        first = used[0] if used else 0
        closed = suits if self.run_rule == "different" else 0
        costs = suit_run_costs(self.run_len)
        for i in range(start, len(setc)):
            c = setc[i]
            j = jused + c.jokers
            if j > total:
                continue
            nat = c.nat
            if c.more or first & nat:
                u = use_cand(used, c, layers)
                if u is not None and self._last_run(u, j, suits):
                    return True
                continue
            left = (avail & ~nat) | (nat & second)
            spare = total - j
            for su in range(4):
                if not closed >> su & 1 and costs[left >> 13 * su & 0x1FFF] <= spare:
                    return True
        return False

    def _two_runs(self, start: int, used: tuple[int, ...], jused: int, suits: int) -> bool:
        """:meth:`_rest` with no set and two runs (the first from ``runc[start:]``) to choose."""
        layers = self.layers
        runc = self.runc
        total = self.jokers
        different = self.run_rule == "different"
        avail = self._free(used)
        second = layers[1] if len(layers) > 1 else 0
        first = used[0] if used else 0
        costs = suit_run_costs(self.run_len)
        for i in range(start, len(runc)):
            c = runc[i]
            j = jused + c.jokers
            if j > total or (different and suits >> c.suit & 1):
                continue
            nat = c.nat
            if first & nat:
                u = _use(used, nat, layers)
                if u is not None and self._last_run(u, j, suits | 1 << c.suit):
                    return True
                continue
            left = (avail & ~nat) | (nat & second)
            spare = total - j
            closed = suits | 1 << c.suit if different else 0
            for su in range(4):
                if not closed >> su & 1 and costs[left >> 13 * su & 0x1FFF] <= spare:
                    return True
        return False

    def _free(self, used: tuple[int, ...]) -> int:
        """The faces held more often than ``used`` (as layers) uses them."""
        avail = 0
        for i, lay in enumerate(self.layers):
            avail |= lay & ~used[i] if i < len(used) else lay
        return avail

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
        costs = suit_run_costs(self.run_len)  # (_run_cost of each suit's rank mask, one look-up)
        for su in range(4):  # noqa: SIM110 (a plain loop beats any() over a generator)
            if not closed >> su & 1 and costs[avail >> 13 * su & 0x1FFF] <= spare:
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
