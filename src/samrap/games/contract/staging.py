"""A go-down chosen a meld at a time: which melds may come next (rules 13, 22, 30).

Rule 22 makes the whole contract one move, and :func:`rules.legal_moves` lists every go-down
whole: in rare hands of 30-60 cards that is tens of thousands of moves. The *actions* of
:func:`rules.legal_actions` choose the same go-down one meld at a time, in ``sort_specs`` order,
so each list is short. ``next_melds(s, prefix)`` is the set of ``g[len(prefix)]`` over the legal
whole go-downs ``g`` of ``s`` that begin with ``prefix``: every meld listed can still be completed
into a legal go-down, and choosing a go-down stage by stage reaches exactly the legal go-downs.

:func:`next_melds_plain` is the definition, read off the whole listing. :func:`next_melds` asks
the same question without listing whole go-downs: it walks the hand's candidate melds
(:class:`search.ContractQuery`) in ``Spec.order_key`` order, so a go-down is a non-decreasing
sequence of candidate indices (a set may repeat when the hand holds its cards twice, and sets
come before runs), and for each meld that may follow ``prefix`` it looks for *one* completion
that passes the same rule-30 filters :func:`turn.whole_go_downs` applies, stopping at the first
(:class:`_Completions`). Deal 7, where going down is going out and the go-downs are the few exact
covers of the hand, is read off the whole listing (:class:`_LastDeal`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter

from samrap.games.contract.actions import GoDown
from samrap.games.contract.candidates import Cand, run_clashes, use_cand
from samrap.games.contract.cards import JOKER
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.deepcard import DeepAfterGoDown, meld_paths, table_paths
from samrap.games.contract.feasible import contract_possible, runs_need, suit_run_costs
from samrap.games.contract.lastasked import LastAsked
from samrap.games.contract.lookahead import discardable
from samrap.games.contract.melds import Spec, table_summary
from samrap.games.contract.state import ContractState
from samrap.games.contract.turn import go_down_ends, go_down_judge, go_down_spare, play_actions, whole_go_downs
from samrap.games.contract.turnmoves import go_down_query

__all__ = ["avail_plain", "next_melds", "next_melds_plain"]


def next_melds_plain(s: ContractState, prefix: tuple[Spec, ...]) -> list[Spec]:
    """The melds that may follow ``prefix`` in a go-down of the player to move, in
    ``Spec.order_key`` order, each once; read off the whole listing (the definition)."""
    return _read_off(play_actions(s), prefix)


def next_melds(s: ContractState, prefix: tuple[Spec, ...]) -> list[Spec]:
    """:func:`next_melds_plain` without listing whole go-downs (the listing's entry point).

    ``s`` is a state after the draw of a player not down yet, whose hand still holds the cards of
    ``prefix`` (the melds chosen so far, in ``sort_specs`` order; ``s.staging`` is not read, and
    rule 30 is asked of the go-downs from ``s`` without it). A prefix that begins no legal go-down
    (a meld the hand cannot make, out of order, too many of a kind) gets ``[]``.
    """
    sets, runs = contract(s.deal)
    if len(prefix) >= sets + runs or s.down >> s.current & 1:  # (a player goes down once, rule 13)
        return []
    walk = None
    if s[-1]:  # (``s.staging``: the melds chosen so far are ``prefix``; their cards are still in the hand)
        # Mid go-down the walk of the state without them is nearly always the last prepared:
        # looked up first (its answer is the one the tests below would reach).
        s = _new(ContractState, (*s[:-1], ()))
        last = _last.pair  # (LastAsked.get_equal, inlined)
        if last[0] == s:
            walk = last[1]
    if walk is None:
        cfg = s.config
        layers, jokers = cfg.pack.face_layers(s.hands[s.current])
        # The same cheap necessary test as the whole listing: most hands cannot hold the contract.
        if not contract_possible(layers, jokers, sets, runs, cfg.min_run, cfg.same_suit_runs, cfg.any_suit_sets):
            return []
        last = _last.pair
        walk = last[1] if last[0] is s or last[0] == s else None
    if walk is None:
        if not prefix and s.deep < 0 and s.deal != LAST_DEAL and not go_down_query(s, minimal=True).has_any():
            # No go-down at all (most hands that pass contract_possible, when no deep card was
            # taken): then none is legal, and the walk is not prepared. A go-down's melds cut to
            # their least sizes (a set of 3, a run of ``min_run`` holding a natural) still make
            # the contract, so the minimal query has one exactly when any go-down exists.
            return []
        walk = _LastDeal(s) if s.deal == LAST_DEAL else _Completions(s, discardable(s))
        _last.put(s, walk)
    return walk.next_melds(prefix)


#: The last state :func:`next_melds` prepared (without its staging field) and its preparation: a
#: go-down chosen a meld at a time asks about one state several times (each step's listing, and
#: the checked apply), and the preparation is half of an ordinary hand's cost. States are values
#: (equal states have equal answers). A preparation is not frozen once built: a
#: :class:`_Completions` still fills its ``memo`` and ``keys`` as it is asked, but each entry is
#: a function of its key alone (two threads that fill one write equal values; a dict item is
#: set atomically, ``keys`` is replaced whole), so two threads may share one walk; the slot
#: itself is :mod:`lastasked`'s, read once and replaced whole.
_last: LastAsked[ContractState | None, _Completions | _LastDeal | None] = LastAsked(None, None)


def avail_plain(layers: tuple[int, ...], used: tuple[int, ...]) -> int:
    """The faces a hand held as ``layers`` holds more often than ``used`` (as layers) does: the
    plain twin of ``_Completions._avail``."""
    avail = 0
    for i, lay in enumerate(layers):
        avail |= lay & ~used[i] if i < len(used) else lay
    return avail


def _read_off(legal: Sequence[object], prefix: tuple[Spec, ...]) -> list[Spec]:
    """The melds after ``prefix`` in the go-downs of ``legal`` (each once, in order)."""
    i = len(prefix)
    seen: set[Spec] = set()
    for a in legal:
        if isinstance(a, GoDown) and a.melds[:i] == prefix and len(a.melds) > i:
            seen.add(a.melds[i])
    return sorted(seen, key=Spec.order_key)


class _LastDeal:
    """Deal 7, where going down is going out (rule 17): the go-downs are exact covers of the
    hand, a few at most, which the whole listing finds directly (``ContractQuery.totals``), so
    the next melds are read off it."""

    __slots__ = ("legal",)

    def __init__(self, s: ContractState) -> None:
        self.legal = whole_go_downs(s, discardable(s))

    def next_melds(self, prefix: tuple[Spec, ...]) -> list[Spec]:
        return _read_off(self.legal, prefix)


def _key(c: Cand) -> tuple[int, int, int]:
    return c.key


_nat = attrgetter("nat")
_new = tuple.__new__  # (a state from all its fields, as ``transitions`` builds them)


#: What the leaves of :meth:`_Completions.exists` ask (see :class:`_Completions`).
_JUDGE, _QUICK, _FULL = 0, 1, 2
#: What :meth:`_Completions.exists` found: no complete go-down, some but none kept, one kept.
_NONE, _LEAF, _KEPT = 0, 1, 2

#: A step of the walk: ``(start, sets left, runs left, used layers, jokers used, run suits,
#: hit, live)``; ``live``: the chosen marked melds that can still give the deep card its place
#: with the cards and jokers left (:meth:`_Completions._live`), ``hit``: some are, or there are
#: no marks (:class:`_Completions`).
_Step = tuple[int, int, int, tuple[int, ...], int, int, bool, tuple[int, ...]]


class _Completions:
    """The go-downs of one state (deals 1-6) as paths through its sorted candidate melds.

    ``cands`` is the query's sets then runs, each by ``Spec.order_key`` (the order of a go-down's
    melds, :func:`melds.sort_specs`); a go-down is a non-decreasing sequence of indices with
    ``sets`` indices below ``n_sets`` and ``runs`` above, fitting the hand's face layers and
    jokers (:func:`search.use_cand`) with runs that may go down together (:func:`run_clashes`):
    exactly the choices of :meth:`ContractQuery.chosen`, each once.

    A complete path is kept as :func:`turn.whole_go_downs` keeps its go-down:

    * the deep card the turn's only duty (:func:`turn.go_down_judge`): by
      :meth:`DeepAfterGoDown.ok` (mode ``_JUDGE``). For a natural deep card no table meld takes
      as it is, the judge keeps a go-down only when one of its melds, or a run of the table,
      still has a path to the card (:func:`deepcard.meld_paths`, :func:`deepcard.table_paths`)
      that the cards and jokers the go-down leaves can fill. Cards and jokers only get fewer
      along a path, so the walk keeps the chosen melds (and the table) whose paths can still be
      filled (:meth:`_live`); while there are none, it only takes an unmarked candidate while a
      marked one that could still give the card its place (:meth:`_mark_fits`) could follow it
      (:meth:`_indices`). That drops only paths the judge would reject;
    * otherwise :func:`turn.go_down_ends`: a spare discardable card after the go-down
      (:func:`turn.go_down_spare`, no successor built), else the successor's rule-30 search.
      Nearly every go-down leaves a spare card, so a meld is first tried with the spare test
      alone (``_QUICK``), and only when no completion passes that and some completion exists
      with the whole test (``_FULL``): equal to asking the whole test at once.

    The walk's state is in its arguments; the one thing that grows is ``memo`` (see
    :meth:`exists`), each entry a fact about the state written once, the same by any thread
    (a dict's item assignment is atomic), so one may be shared (:data:`_last`).
    """

    __slots__ = (
        "by_jokers",
        "cands",
        "costs",
        "free",
        "hand_jokers",
        "is_marked",
        "judge",
        "keys",
        "layers",
        "marks",
        "memo",
        "mode",
        "n_sets",
        "paths",
        "rule",
        "runs",
        "s",
        "sets",
        "start_live",
        "suit_end",
    )

    def __init__(self, s: ContractState, free: int) -> None:
        q = go_down_query(s, minimal=False)
        self.s = s
        self.free = free
        self.layers = q.layers
        self.hand_jokers = q.jokers
        self.sets = q.sets
        self.runs = q.runs
        self.rule = q.run_rule
        self.n_sets = len(q.setc)
        self.costs = suit_run_costs(s.config.min_run)
        # The runs come in key order already (:func:`search.run_cands`: suits in order, each
        # suit's runs by natural faces, then jokers; no ``totals`` filter before deal 7). Sets of
        # one suit pattern per rank (:func:`search.set_cands`) come rank by rank, each rank's by
        # natural faces then jokers, so a stable sort by natural faces alone is their key order
        # (equal natural faces are one rank's); sets of any suits repeat faces (``more``) and are
        # sorted by the whole key.
        setc = sorted(q.setc, key=_key) if s.config.any_suit_sets else sorted(q.setc, key=_nat)
        self.cands: tuple[Cand, ...] = (*setc, *q.runc)
        # Runs of one suit lie together, suits in order (a run's natural faces are within its
        # suit's 13 bits, and keys compare those faces as numbers): ``suit_end[su]`` is the index
        # of the first run of a suit after ``su``. With runs of different suits (rule 10) the
        # runs after one of suit ``su`` start there.
        self.suit_end = suit_end = [len(self.cands)] * 4
        lo = 0
        for k in range(self.n_sets, len(self.cands)):
            t = self.cands[k].suit
            for su in range(lo, t):
                suit_end[su] = k
            if t > lo:
                lo = t
        # ``by_jokers[n]``: the indices of the candidates with at most ``n`` jokers (n < all).
        self.by_jokers = [[k for k, c in enumerate(self.cands) if c.jokers <= n] for n in range(self.hand_jokers)]
        judge: DeepAfterGoDown | None
        marked: Callable[[Cand], bool] | None
        judge, marked = go_down_judge(s, free)
        self.judge = judge
        self.mode = _QUICK if judge is None else _JUDGE
        self.memo: dict[int, int] = {}
        self.keys: list[tuple[int, int, int]] | None = None  # (:meth:`_find`, when first asked)
        self.is_marked: tuple[bool, ...] = ()
        self.marks: list[list[int]] = []
        self.paths: tuple[tuple[int, ...], ...] = ()
        self.start_live: tuple[int, ...] = ()
        pack = s.config.pack
        face = pack.faces[s.deep] if judge is not None else JOKER
        if face != JOKER and not table_summary(s.melds).ext >> face & 1:
            # The judge keeps a go-down when a meld of it, or a run of the table, can give the
            # deep card its place with the cards and jokers the go-down leaves (the paths;
            # ``paths[len(cands)]``: the table's runs', :func:`deepcard.table_paths`).
            paths = meld_paths(face)
            self.paths = (*(paths(c) for c in self.cands), table_paths(s, face))
            # ``marks[n]``: the candidates that need at most ``n`` jokers (their own and those
            # to fill one of their paths with the whole hand's cards), by index: ``marks[-1]``,
            # within the hand's jokers, are those ``deep_marks`` marks (its very test).
            faces = pack.faces_of(s.hands[s.current])
            need = []
            lacking = ~faces
            for k, c in enumerate(self.cands):
                best = 99
                for path in self.paths[k]:
                    n = (path & lacking).bit_count()
                    if n < best:
                        best = n
                need.append(best + c.jokers if best < 99 else 99)
            self.is_marked = tuple(n <= q.jokers for n in need)
            self.marks = [[k for k, m in enumerate(need) if m <= n] for n in range(q.jokers + 1)]
            self.start_live = self._live((len(self.cands),), (), q.jokers)
            # (``deep_marks`` has a test exactly when no run of the table is in reach)
            assert (marked is None) == bool(self.start_live)

    def next_melds(self, prefix: tuple[Spec, ...]) -> list[Spec]:
        """:func:`next_melds` of this state."""
        cands = self.cands
        live = self.start_live
        step: _Step | None = (0, self.sets, self.runs, (), 0, 0, not self.paths or bool(live), live)
        chosen: list[Cand] = []
        if prefix:
            for spec in prefix:
                k = self._find(spec)
                if k < 0 or step is None:
                    return []
                step = self._step(chosen, step, k)
                chosen.append(cands[k])
            if step is None:
                return []
        assert step is not None
        out: list[Spec] = []
        # After one meld, the first listing's walk may have answered already (:meth:`exists`).
        base = (step[0] + 1) * len(cands) if len(prefix) == 1 else -1
        for k in self._indices(step):
            after = self._step(chosen, step, k)
            if after is None:
                continue
            chosen.append(cands[k])
            if self._completes(chosen, after, base + k if base >= 0 else -1):
                out.append(cands[k].spec)
            chosen.pop()
        return out

    def _find(self, spec: Spec) -> int:
        """The index of the candidate ``spec`` (-1: none). The candidates are in
        ``Spec.order_key`` order and keys tell any two melds apart (a key is the spec's fields
        packed), so bisecting the keys finds it without hashing every candidate's spec."""
        keys = self.keys
        if keys is None:
            keys = self.keys = [c.key for c in self.cands]
        key = spec.order_key()
        k = bisect_left(keys, key)
        return k if k < len(keys) and keys[k] == key else -1

    def _completes(self, chosen: list[Cand], step: _Step, key: int = -1) -> bool:
        """Some completion of ``chosen`` is kept (the two passes of the class docstring).

        ``key``: :meth:`exists`' ``memo`` key of ``chosen`` when it is two melds long (else -1),
        whose answers are read from the memo when there."""
        mode = self.mode
        found = self.memo.get(key * 3 + mode, -1) if key >= 0 else -1
        if found < 0:
            found = self.exists(chosen, step, mode)
        if found == _LEAF and mode == _QUICK:  # complete go-downs, none with a spare card
            full = self.memo.get(key * 3 + _FULL, -1) if key >= 0 else -1
            if full < 0:
                full = self.exists(chosen, step, _FULL)
            return full == _KEPT
        return found == _KEPT

    def _step(self, chosen: list[Cand], step: _Step, k: int) -> _Step | None:
        """The walk after choosing candidate ``k`` next, or ``None`` when no go-down has it next:
        out of order, of a kind no longer wanted, jokers or natural cards the hand lacks, or a
        run that may not go down with the runs chosen (rules 10, 27)."""
        start, sets, runs, used, jused, suits, hit, live = step
        if k < start:
            return None
        c = self.cands[k]
        is_run = k >= self.n_sets
        if (is_run and (sets or not runs)) or (not is_run and not sets):
            return None
        j = jused + c.jokers
        if j > self.hand_jokers:
            return None
        if is_run and suits >> c.suit & 1 and run_clashes(chosen, c, self.rule):
            return None
        # ``use_cand``, its commonest cases written out: no faces used yet, or none of ``c``'s.
        nat = c.nat
        if c.more:
            u = use_cand(used, c, self.layers)
        elif not used:
            u = (nat,)
        elif not used[0] & nat:
            u = (used[0] | nat, *used[1:])
        else:
            u = use_cand(used, c, self.layers)
        if u is None:
            return None
        if self.paths and (live or self.is_marked[k]) and not (live and 0 in self.paths[live[0]]):
            # (a path of no cards never closes: a meld that holds the deep card or takes it as it
            # is; the others are asked again only when this meld takes jokers or cards of them)
            marked = self.is_marked[k]
            if marked and 0 in self.paths[k]:
                live = (k,)
            elif marked or c.jokers or c.nat & self._reach(live):
                live = self._live((*live, k) if marked else live, u, self.hand_jokers - j)
            hit = bool(live)
        if is_run:
            return (k, sets, runs - 1, u, j, suits | 1 << c.suit, hit, live)
        return (k, sets - 1, runs, u, j, suits, hit, live)

    def _need(self, live: tuple[int, ...], avail: int) -> int:
        """The fewest jokers any path of ``live`` still needs with the faces ``avail`` held."""
        need = 99
        for k in live:
            for path in self.paths[k]:
                n = (path & ~avail).bit_count()
                if n < need:
                    need = n
        return need

    def _reach(self, live: tuple[int, ...]) -> int:
        """The faces on the paths of the candidates ``live`` (index ``len(cands)``: the table)."""
        out = 0
        for k in live:
            for path in self.paths[k]:
                out |= path
        return out

    def _live(self, marked: tuple[int, ...], used: tuple[int, ...], spare: int) -> tuple[int, ...]:
        """Those of ``marked`` (chosen marked candidates, and ``len(cands)``: the table's runs)
        that can still give the deep card its place after a path that has used ``used`` and left
        ``spare`` jokers: the hand still holds the cards of one of their paths but for as many as
        the jokers left.

        Precondition: the deep card is the turn's only duty, a natural card no table meld takes
        as it is (else there are no paths). :class:`DeepAfterGoDown` then keeps a go-down only
        when one of its melds or a run of the table passes this test with the cards and jokers
        the whole go-down leaves (:func:`deepcard.deep_paths`), and those only get fewer along a
        path: so once none passes, the path is as one with no marked meld chosen (``hit``
        false), and :meth:`_indices` asks a marked meld to follow. That cuts the completions
        that spend the deep card's path on later melds (``test_staging_listing`` checks every
        listing against the whole one)."""
        avail = self._avail(used)
        out = []
        for k in marked:
            for path in self.paths[k]:
                if (path & ~avail).bit_count() <= spare:
                    out.append(k)
                    break
        return tuple(out)

    def exists(self, chosen: list[Cand], step: _Step, mode: int) -> int:
        """Whether some completion of the path ``chosen`` (walked to ``step``) passes the leaf
        test of ``mode``: ``_KEPT``, else ``_LEAF`` when some completion exists, else ``_NONE``.

        With one meld chosen (the first listing's question about a first meld ``k1``), each
        answer for a second meld ``k2`` is kept in ``memo`` under ``((k1 + 1) * len(cands) + k2)
        * 3 + mode``: the next listing, once ``k1`` is chosen, asks exactly that of ``k2`` (the
        walk after ``k1, k2`` is the same whatever came before: :meth:`_step` depends on the
        path alone), so it reads the answers of the second melds the first walk tried instead
        of walking their completions again (:meth:`_completes`)."""
        if not step[1] and not step[2]:
            return _KEPT if self._leaf(chosen, step, mode) else _LEAF
        if step[2] > 1 and not self._runs_fit(step):  # (one last run: ``_indices`` cuts cheaper)
            return _NONE
        cands = self.cands
        found = _NONE
        if len(chosen) == 1:
            memo = self.memo
            base = (step[0] + 1) * len(cands)
            for k in self._indices(step):
                after = self._step(chosen, step, k)
                if after is None:
                    continue
                chosen.append(cands[k])
                below = self.exists(chosen, after, mode)
                chosen.pop()
                memo[(base + k) * 3 + mode] = below
                if below == _KEPT:
                    return _KEPT
                found |= below
            return found
        for k in self._indices(step):
            after = self._step(chosen, step, k)
            if after is None:
                continue
            chosen.append(cands[k])
            below = self.exists(chosen, after, mode)
            chosen.pop()
            if below == _KEPT:
                return _KEPT
            found |= below
        return found

    def _runs_fit(self, step: _Step) -> bool:
        """A necessary test that the runs ``step`` still wants (:meth:`exists` asks it when two
        or more are) fit the cards and jokers it left (:func:`feasible.runs_need`): where it
        fails no completion exists, and :meth:`exists` answers ``_NONE`` at once (a third of the
        first listing's walk after a deep pick-up in deal 6 found that out candidate by
        candidate). ``test_staging_fast.py`` compares every answer with a walk without it."""
        different = self.rule == "different"
        need = runs_need(self._avail(step[3]), step[2], step[5] if different else 0, different, self.costs)
        return need <= self.hand_jokers - step[4]

    def _leaf(self, chosen: list[Cand], step: _Step, mode: int) -> bool:
        """Whether the whole listing keeps the go-down ``chosen`` (in ``sort_specs`` order)."""
        used, jused = step[3][0], step[4]
        if mode == _JUDGE:
            assert self.judge is not None
            return step[6] and self.judge.ok(chosen)
        if mode == _QUICK:
            return go_down_spare(self.s, self.free, used, jused) != 0
        return go_down_ends(self.s, GoDown(tuple(c.spec for c in chosen)), self.free, used, jused)

    def _indices(self, step: _Step) -> Iterable[int]:
        """The candidates worth trying next after ``step``, in order.

        Sets while sets are wanted, then runs; with runs of different suits (rule 10), only the
        suits after the last run's; none with more jokers than the hand has left. With no marked
        meld chosen yet: for the last meld, the marked candidates that still fit
        (:meth:`_mark_fits`); before it, an unmarked candidate ``k`` only while such a one could
        still follow it: a later set when two or more sets are still wanted, any run when a run
        is, a later run when two or more runs are.
        """
        start, sets, runs, used, jused, suits, hit, live = step
        n_sets = self.n_sets
        if sets:
            lo, hi = start, n_sets
        else:
            lo = start if start > n_sets else n_sets
            hi = len(self.cands)
            if suits and self.rule == "different":
                end = self.suit_end[suits.bit_length() - 1]
                if end > lo:
                    lo = end
        if hit or lo >= hi:
            within = range(lo, hi) if not jused else self._within(lo, hi, jused)
            if sets + runs == 1 and used:
                # The last meld: not one whose natural cards the path has used up (a necessary
                # test of :meth:`_step`'s ``use_cand``, far cheaper where it fails).
                avail = self._avail(used)
                gone = self.layers[0] & ~avail
                cands = self.cands
                spare = self.hand_jokers - jused
                if spare and live and 0 not in self.paths[live[0]]:
                    # Nor, unless marked, one with more jokers than the live paths can spare:
                    # they would all close (:meth:`_live`), leaving no meld to place the card.
                    allowed = spare - self._need(live, avail)
                    marked = self.is_marked
                    return [k for k in within if not cands[k].nat & gone and (cands[k].jokers <= allowed or marked[k])]
                return [k for k in within if not cands[k].nat & gone]
            return within
        spare = self.hand_jokers - jused
        marks = self.marks[spare]
        if not marks:
            return ()
        avail = self._avail(used)
        fits = self._mark_fits
        if sets + runs == 1:  # the last meld must be a marked one: tried as they are found
            return (k for k in marks[bisect_left(marks, lo) : bisect_left(marks, hi)] if fits(k, avail, spare, used))
        limit = -1  # unmarked candidates below ``limit`` may come first
        if sets:
            if runs and any(fits(k, avail, spare, used) for k in marks[bisect_left(marks, n_sets) :]):
                return self._within(lo, hi, jused)
            if sets >= 2:
                for i in range(bisect_left(marks, n_sets) - 1, bisect_left(marks, lo) - 1, -1):
                    if fits(marks[i], avail, spare, used):
                        limit = marks[i]
                        break
        elif runs >= 2:
            for i in range(len(marks) - 1, bisect_left(marks, lo) - 1, -1):
                if fits(marks[i], avail, spare, used):
                    limit = marks[i]
                    break
        out = list(self._within(lo, min(hi, limit), jused))
        for i in range(bisect_left(marks, max(lo, limit)), bisect_left(marks, hi)):
            if fits(marks[i], avail, spare, used):
                out.append(marks[i])
        return out

    def _avail(self, used: tuple[int, ...]) -> int:
        """The faces the hand holds more often than a path that has used ``used`` (as layers):
        :func:`avail_plain`. ``used`` has at most as many layers as the hand (``use_cand``), and
        a hand's layers nest (``layers[i + 1]`` within ``layers[i]``), so the layers beyond
        ``used`` add only the first of them."""
        layers = self.layers
        n = len(used)
        if n == 1:
            if len(layers) > 1:
                return layers[0] & ~used[0] | layers[1]
            return layers[0] & ~used[0]
        avail = layers[n] if n < len(layers) else 0
        for i in range(n):
            avail |= layers[i] & ~used[i]
        return avail

    def _within(self, lo: int, hi: int, jused: int) -> Sequence[int]:
        """The candidates in ``lo..hi - 1`` with no more jokers than the hand has left after
        ``jused``."""
        if not jused:
            return range(lo, hi)
        if lo >= hi:
            return ()
        within = self.by_jokers[self.hand_jokers - jused]
        return within[bisect_left(within, lo) : bisect_left(within, hi)]

    def _mark_fits(self, k: int, avail: int, spare: int, used: tuple[int, ...]) -> bool:
        """Whether the marked candidate ``k`` may still come to give the deep card its place on
        a path that has used ``used`` (its faces held more often than used: ``avail``) and left
        ``spare`` jokers: the hand still holds its natural cards, and, besides its jokers, the
        cards of one of its :func:`deepcard.deep_paths` but for as many as the jokers left.
        Cards and jokers only get fewer along a path, so a mark that fails here fails at every
        later step too."""
        c = self.cands[k]
        left = spare - c.jokers
        if left < 0 or c.nat & ~avail or (c.more and use_cand(used, c, self.layers) is None):
            return False
        for path in self.paths[k]:  # noqa: SIM110 (a plain loop beats any() over a generator)
            if (path & ~avail).bit_count() <= left:
                return True
        return False
