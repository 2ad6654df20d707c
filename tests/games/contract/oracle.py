"""A naive oracle for Contract Rummy's legal actions, for perft and consistency tests.

It never calls ``rules.legal_moves``, ``turn``, ``pickups`` or ``search``. It re-reads the
rules page and enumerates by brute force: every subset of the hand's faces within one suit or one
rank, plus every way for the jokers in hand to stand for other faces of that suit or rank, judged
by a naive meld test written from rules 3, 8, 9 and 26; every combination of those melds for a
contract; every face on every table meld for lay-offs. Rule 30 is an exhaustive search over the
oracle's own moves. Transitions go through ``rules.apply_unchecked`` (the thing checked here is
which actions are legal, not what they do). It is slow: positions must have small hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement

from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.games.contract import rules
from samrap.games.contract.actions import (
    CLAIM,
    DRAW,
    PASS,
    ContractAction,
    Discard,
    Exchange,
    GoDown,
    LayOff,
    Meld,
    PickUp,
)
from samrap.games.contract.melds import Spec, sort_specs
from samrap.games.contract.state import ContractState, Phase

JOKER = 52
CONTRACTS = {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2), 7: (0, 3)}


def bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def naive_kind(faces: list[int]) -> str | None:
    """``"set"``, ``"run"`` or None, straight from rules 3, 8 and 9 (faces are distinct)."""
    if len(faces) < 3 or len(faces) > 13:
        return None
    ranks = sorted(f % 13 for f in faces)
    suits = {f // 13 for f in faces}
    if len(set(ranks)) == 1:
        return "set" if len(faces) <= 4 else None
    if len(suits) != 1:
        return None
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return "run"  # ace high (or no ace)
    low = sorted(-1 if r == 12 else r for r in ranks)  # the ace played low
    if low == list(range(low[0], low[0] + len(low))):
        return "run"
    return None


class Oracle:
    """The legal actions of the seat to move in ``s``, by brute force."""

    def __init__(self, s: ContractState) -> None:
        self.s = s
        self.cfg = s.config
        self.pack = s.config.pack

    # -- hands -----------------------------------------------------------------------------------

    def counts(self, hand: int) -> tuple[Counter[int], int]:
        c: Counter[int] = Counter()
        jokers = 0
        for pid in bits(hand):
            f = self.pack.faces[pid]
            if f == JOKER:
                jokers += 1
            else:
                c[f] += 1
        return c, jokers

    def melds(self, hand: int) -> list[tuple[Spec, str]]:
        """Every valid meld (spec, kind) of naturals and jokers from ``hand`` (at least one natural)."""
        c, jokers = self.counts(hand)
        held = 0
        for f in c:
            held |= 1 << f
        out: set[tuple[Spec, str]] = set()
        for group in (*SUIT_MASKS, *RANK_MASKS):
            mine = bits(held & group)
            others = bits(group)
            for n in range(1, len(mine) + 1):
                for nat in combinations(mine, n):
                    rest = [f for f in others if f not in nat]
                    for j in range(min(jokers, 13 - n) + 1):
                        for jok in combinations(rest, j):
                            kind = naive_kind([*nat, *jok])
                            if kind and not (kind == "set" and self.cfg.set_suits == "any"):
                                out.add((Spec(sum(1 << f for f in nat), sum(1 << f for f in jok)), kind))
        if self.cfg.set_suits == "any":
            out |= {(sp, "set") for sp in self.any_sets(c, jokers)}
        return sorted(out, key=lambda t: (t[0].nat, t[0].jok, t[0].more))

    @staticmethod
    def any_joker_faces(rank: int, nat_faces: set[int], k: int) -> list[int]:
        """Rule 8's option with rule 26: in a set of any suits the jokers' suits are fixed, the
        rank's faces the naturals lack first, then the others, each in suit order (clubs first)."""
        row = [su * 13 + rank for su in range(4)]
        return ([f for f in row if f not in nat_faces] + [f for f in row if f in nat_faces])[:k]

    def any_sets(self, c: Counter[int], jokers: int) -> set[Spec]:
        """Sets of any suits: one rank, 3 or more cards, every natural at most as often as held,
        at least one natural, at most four jokers (one per declared suit)."""
        out: set[Spec] = set()
        for rank in range(13):
            row = [su * 13 + rank for su in range(4)]
            if not any(c[f] for f in row):
                continue
            pool = [f for f in row for _ in range(c[f])]
            for n in range(1, len(pool) + 1):
                for nat in set(combinations(pool, n)):
                    for j in range(min(jokers, 4) + 1):
                        if n + j < 3:
                            continue
                        counts = Counter(nat)
                        layers = [sum(1 << f for f in counts if counts[f] > i) for i in range(max(counts.values()))]
                        jok = sum(1 << f for f in self.any_joker_faces(rank, set(counts), j))
                        out.add(Spec(layers[0], jok, tuple(layers[1:])))
        return out

    def fits(self, hand: int, specs: tuple[Spec, ...]) -> bool:
        c, jokers = self.counts(hand)
        need: Counter[int] = Counter()
        nj = 0
        for sp in specs:
            for layer in (sp.nat, *sp.more):
                for f in bits(layer):
                    need[f] += 1
            nj += sp.jok.bit_count()
        return nj <= jokers and all(need[f] <= c[f] for f in need)

    # -- the moves of a turn -----------------------------------------------------------------------

    def go_downs(self, s: ContractState) -> list[GoDown]:
        cfg = self.cfg
        hand = s.hands[s.current]
        sets, runs = CONTRACTS[s.deal]
        last = s.deal == 7
        melds = self.melds(hand)
        set_specs = [sp for sp, k in melds if k == "set"]
        run_specs = [sp for sp, k in melds if k == "run" and sp.size >= cfg.min_run]
        if cfg.contract_exact and not last:
            set_specs = [sp for sp in set_specs if sp.size == 3]
            run_specs = [sp for sp in run_specs if sp.size == cfg.min_run]
        out: set[GoDown] = set()
        for ss in combinations_with_replacement(set_specs, sets):
            for rs in combinations_with_replacement(run_specs, runs):
                specs = (*ss, *rs)
                if not self.fits(hand, specs) or not self.runs_ok(rs):
                    continue
                if last:
                    left = hand.bit_count() - sum(sp.size for sp in specs)
                    if left > (1 if cfg.deal7_discard else 0):
                        continue
                out.add(GoDown(sort_specs(specs)))
        return sorted(out, key=lambda g: g.text())

    def runs_ok(self, rs: tuple[Spec, ...]) -> bool:
        rule = self.cfg.same_suit_runs
        for a, b in combinations(rs, 2):
            sa = bits(a.faces)[0] // 13
            sb = bits(b.faces)[0] // 13
            if sa != sb or rule == "allowed":
                continue
            if rule == "different":
                return False
            # not_adjacent: the two runs must not join into one (rule 27)
            ends_a, ends_b = self.positions(a), self.positions(b)
            if max(ends_a) + 1 == min(ends_b) or max(ends_b) + 1 == min(ends_a):
                return False
        return True

    @staticmethod
    def positions(sp: Spec) -> list[int]:
        """Run positions 0..13 (0 = the ace low)."""
        ranks = sorted(f % 13 for f in bits(sp.faces))
        if 12 in ranks and 0 in ranks and ranks != list(range(ranks[0], ranks[0] + len(ranks))):
            return sorted(0 if r == 12 else r + 1 for r in ranks)
        return [r + 1 for r in ranks]

    def table_moves(self, s: ContractState) -> list[ContractAction]:
        cfg = self.cfg
        p = s.current
        hand = s.hands[p]
        c, jokers = self.counts(hand)
        out: list[ContractAction] = []
        if not s.down >> p & 1 or s.deal == 7:
            return out
        for t, m in enumerate(s.melds):
            kind = naive_kind(bits(m.faces))
            if cfg.set_suits == "any" and m.kind == 0:  # a set of any suits takes every card of its rank
                rank = bits(m.faces)[0] % 13
                for f in range(rank, 52, 13):
                    if c[f]:
                        out.append(LayOff(f, t))
                if jokers:
                    on = {bits(m.faces)[0] % 13 + 13 * su for su in range(4) if m.faces >> (rank + 13 * su) & 1}
                    out.append(LayOff(self.any_joker_faces(rank, on, 1)[0], t, True))
                continue
            for f in range(52):
                if m.faces >> f & 1 or naive_kind([*bits(m.faces), f]) != kind:
                    continue
                if c[f]:
                    out.append(LayOff(f, t))
                if jokers:
                    out.append(LayOff(f, t, True))
            if not s.went_down and kind == "run":
                for _, f in m.jokers:
                    if c[f]:
                        out.append(Exchange(f, t))
        if cfg.melds_after_down:
            out.extend(Meld(sp) for sp, k in self.melds(hand) if k == "set" or sp.size >= cfg.min_run)
        return out

    def discards(self, s: ContractState) -> list[Discard]:
        p = s.current
        hand = s.hands[p]
        if s.pending & hand or (s.deep >= 0 and hand >> s.deep & 1):
            return []
        faces = {self.pack.faces[pid] for pid in bits(hand)}
        return [Discard(f) for f in sorted(faces) if f != s.forbid]

    def mid_turn(self, s: ContractState) -> list[ContractAction]:
        if s.down >> s.current & 1:
            return self.table_moves(s)
        return list(self.go_downs(s))

    # -- rule 30 -----------------------------------------------------------------------------------

    def can_end(self, s: ContractState, memo: dict[ContractState, bool]) -> bool:
        if s.phase is Phase.OVER or self.discards(s):
            return True
        if s in memo:
            return memo[s]
        memo[s] = False
        for a in self.mid_turn(s):
            if self.can_end(rules.apply_unchecked(s, a), memo):
                memo[s] = True
                return True
        return False

    # -- the answer --------------------------------------------------------------------------------

    def legal(self) -> set[ContractAction]:
        s = self.s
        memo: dict[ContractState, bool] = {}
        match s.phase:
            case Phase.OVER:
                return set()
            case Phase.CLAIM:
                return {CLAIM, PASS}
            case Phase.DRAW:
                out: set[ContractAction] = {DRAW}
                depths = range(len(s.pile)) if self.cfg.pickup == "deep" else range(min(1, len(s.pile)))
                for k in depths:
                    if self.can_end(rules.apply_unchecked(s, PickUp(k)), memo):
                        out.add(PickUp(k))
                return out
        out = set(self.discards(s))
        for a in self.mid_turn(s):
            if self.can_end(rules.apply_unchecked(s, a), memo):
                out.add(a)
        return out

    def candidates(self) -> Iterator[ContractAction]:
        """A superset of the legal actions, with many illegal ones (for checked ``apply``)."""
        s = self.s
        yield from (DRAW, CLAIM, PASS)
        yield from (PickUp(k) for k in range(len(s.pile) + 1))
        yield from (Discard(f) for f in range(53))
        n = len(s.melds) + 1
        hand = s.hands[s.current]
        faces = sorted({self.pack.faces[pid] for pid in bits(hand)} - {JOKER})
        for t in range(n):
            for f in range(52):
                yield LayOff(f, t, True)
            for f in faces:
                yield LayOff(f, t)
                yield Exchange(f, t)
        melds = [sp for sp, _ in self.melds(hand)]
        yield from (Meld(sp) for sp in melds)
        # go-downs of the wrong shape: every pair of melds (any kinds), and single melds
        yield from (GoDown((sp,)) for sp in melds)
        for a, b in combinations_with_replacement(melds[:40], 2):
            yield GoDown(sort_specs((a, b)))
