"""The rule-30 shortcut for a deep card (``deepcard.deep_placeable``) against the plain search.

``lookahead._search`` decides "the deep card is the turn's only duty" without searching: in closed form
for a player who is down (instead of trying lay-off and exchange sequences: the search over a deep
pick-up once took a minute, see docs/performance.md), and by judging go-downs without building
their successors for one who is not. ``reference`` below is that search as it was before, kept as
the slow reference: on seeded positions, real ones after deep pick-ups and made-up hands on real
tables (biased towards the faces of exchangeable jokers, so chains that need exchanges come up
often), both must answer the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache

from samrap.games.contract import deepcard, deeplayoff, lookahead, turn, turnmoves
from samrap.games.contract.actions import GoDown, LayOff, pickup, sort_key
from samrap.games.contract.candidates import _cand
from samrap.games.contract.cards import JOKER, Pack
from samrap.games.contract.melds import RUN, TableMeld, TableSummary, pos_face, table_summary
from samrap.games.contract.state import OVER_PHASE, ContractState, Phase
from samrap.games.contract.transitions import apply_unchecked
from tests.games.contract.sim import deal_states


def reference(s: ContractState) -> bool:
    """``lookahead.can_finish`` as it was before the shortcut: the search over helpful moves."""
    return _reference(s, {})


def _reference(s: ContractState, memo: dict[object, bool]) -> bool:
    key = (s.hands[s.current], s.melds, s.pending, s.deep, s.down)
    if key in memo:
        return memo[key]
    memo[key] = False
    p = s.current
    if (
        s.deep >= 0
        and s.down >> p & 1
        and s.hands[p] >> s.deep & 1
        and not deepcard.deep_reachable(s, s.hands[p], s.config.pack.faces[s.deep])
    ):
        return False
    for a in lookahead.helpful(s):
        if lookahead.settles(s, a):
            memo[key] = True
            return True
        t = apply_unchecked(s, a)
        if t.phase is OVER_PHASE or lookahead.endable(t) or _reference(t, memo):
            memo[key] = True
            return True
    return False


CONFIGS = ("contract(players=3)", "contract(jokers=8,players=3)", "contract(jokers=5,min_run=4)")


@cache
def _states() -> tuple[ContractState, ...]:
    """The states of three seeded eager deals per config (shared by both tests)."""
    return tuple(s for config in CONFIGS for seed in range(3) for s in deal_states(config, seed))


def _holds_deep(t: ContractState) -> bool:
    return t.phase is not OVER_PHASE and t.deep >= 0 and bool(t.hands[t.current] >> t.deep & 1)


def test_deep_pickups() -> None:
    """Every deep pick-up (legal or not, down to 12 deep) in seeded deals, by players down or not."""
    seen = Counter[bool]()
    for s in _states():
        if s.phase is not Phase.DRAW or s.config.pickup != "deep":
            continue
        for k in range(1, min(len(s.pile), 13)):
            t = apply_unchecked(s, pickup(k))
            if _holds_deep(t):
                want = reference(t)
                assert lookahead.can_finish(t) is want, t.to_string()
                seen[want] += 1
    assert seen[True] >= 20 and seen[False] >= 1000, seen


def _tables_with_free_cards() -> Iterator[tuple[ContractState, TableSummary, int, list[int]]]:
    """The seeded play positions with melds on the table (deal 7 aside), each with its table
    summary, the cards on the table (a mask) and those not on it, for made-up hands to be drawn from."""
    for s in _states():
        if s.phase is not Phase.PLAY or s.deal == 7 or not s.melds:
            continue
        on_table = 0
        for m in s.melds:
            on_table |= m.cards
        yield s, table_summary(s.melds), on_table, [c for c in range(s.config.pack.size) if not on_table >> c & 1]


def test_made_up_hands_on_real_tables() -> None:
    """Small random hands with a deep card on seeded tables: every way the card can get down."""
    rng = random.Random(30)
    kinds = Counter[str]()
    for s, summary, on_table, free in _tables_with_free_cards():
        pack = s.config.pack
        for _ in range(3):
            hand = sum(1 << c for c in rng.sample(free, rng.randint(1, 8)))
            for f in range(52):  # the naturals that exchanges need, half the time
                if summary.swap >> f & 1 and rng.random() < 0.5:
                    hand |= 1 << (f + 52 * rng.randrange(pack.decks))
            hand &= ~on_table
            deep = rng.choice([c for c in range(pack.size) if hand >> c & 1])
            hands = list(s.hands)
            hands[s.current] = hand
            t = s._replace(
                hands=tuple(hands),
                known=(0,) * len(hands),
                down=s.down | 1 << s.current,
                went_down=rng.random() < 0.3,
                forbid=-1,
                deep=deep,
                pending=0,
            )
            want = reference(t)
            assert lookahead.can_finish(t) is want, t.to_string()
            face = pack.faces[deep]
            if not want:
                kinds["no"] += 1
            elif face == 52 or summary.ext >> face & 1:
                kinds["lay-off"] += 1
            elif summary.swap >> face & 1 and not t.went_down:
                kinds["exchange"] += 1
            elif lookahead.can_finish(t._replace(went_down=True)):
                kinds["chain"] += 1
            else:
                kinds["chain with exchanges"] += 1
    assert min(kinds.values()) >= 10 and len(kinds) == 5, kinds


def test_go_downs_that_leave_the_deep_card_in_hand() -> None:
    """``deepcard.DeepAfterGoDown`` (a go-down judged without building its successor) against
    the reference search on the successor, and the go-downs listed, for made-up hands with a
    deep card, not yet down."""
    rng = random.Random(13)
    seen = Counter[bool]()
    for s in _states():
        if s.phase is not Phase.PLAY or s.deal == 7 or s.down >> s.current & 1:
            continue
        on_table = 0
        for m in s.melds:
            on_table |= m.cards
        free = [c for c in range(s.config.pack.size) if not on_table >> c & 1]
        for _ in range(3):
            hand = sum(1 << c for c in rng.sample(free, rng.randint(10, 16)))
            deep = rng.choice([c for c in free if hand >> c & 1])
            hands = list(s.hands)
            hands[s.current] = hand
            t = s._replace(hands=tuple(hands), known=(0,) * len(hands), forbid=-1, deep=deep, pending=0)
            legal = []
            judge = deepcard.DeepAfterGoDown(t, hand, deep)
            for g in turnmoves.go_down_query(t, minimal=False):
                after = apply_unchecked(t, GoDown(g))
                want = after.phase is OVER_PHASE or lookahead.endable(after) or reference(after)
                assert judge.ok([_cand(spec.nat, spec.jok) for spec in g]) is want, (t.to_string(), g)
                seen[want] += 1
                if want:
                    legal.append(GoDown(g))
            # The listing (which skips go-downs that cannot give the deep card a place) agrees.
            assert turn._go_downs(t, 0) == sorted(legal, key=sort_key), t.to_string()
    assert seen[True] >= 100 and seen[False] >= 100, seen


def _walk_reach(suit: int, lo: int, hi: int, faces: int, jokers: int) -> int:
    """``deepcard.chain_reach`` the plain way: step outward from each end, a position at a time."""
    out = 0
    for step in (1, -1):
        gaps = 0
        p = hi + 1 if step > 0 else lo - 1
        while 0 <= p <= 13 and max(hi, p) - min(lo, p) <= 12:
            f = pos_face(suit, p)
            out |= 1 << f
            gaps += 0 if faces >> f & 1 else 1
            if gaps > jokers:
                break
            p += step
    return out


def test_chain_reach_masks_against_the_walk() -> None:
    """The draw's reach of a run (rules 12, 24) by masks equals the position-by-position walk."""
    rng = random.Random(24)
    for _ in range(20000):
        lo = rng.randrange(12)
        hi = rng.randrange(lo + 2, min(lo + 12, 13) + 1)
        if lo == 0 and hi == 13:
            continue
        args = (rng.randrange(4), lo, hi, rng.getrandbits(52), rng.randrange(4))
        assert deepcard.chain_reach(*args) == _walk_reach(*args), args


def test_lay_offs_judged_without_their_successors() -> None:
    """``deeplayoff.DeepAfterLayOff`` against the reference search on each lay-off's successor, for
    made-up hands holding a deep card (natural or joker) on seeded tables, down, as the turn's
    only duty; and the listing (which uses it) against every lay-off checked the plain way."""
    rng = random.Random(14)
    seen = Counter[str]()
    for s, summary, on_table, free in _tables_with_free_cards():
        pack = s.config.pack
        for _ in range(4):
            hand = sum(1 << c for c in rng.sample(free, rng.randint(1, 8)))
            for f in range(52):  # the naturals that exchanges and lay-offs need, now and then
                if (summary.swap | summary.ext) >> f & 1 and rng.random() < 0.3:
                    hand |= 1 << (f + 52 * rng.randrange(pack.decks))
            spare_jokers = [c for c in free if c >= pack.joker_base]
            if spare_jokers and rng.random() < 0.5:
                hand |= 1 << rng.choice(spare_jokers)
            hand &= ~on_table
            deep = rng.choice([c for c in range(pack.size) if hand >> c & 1])
            hands = list(s.hands)
            hands[s.current] = hand
            t = s._replace(
                hands=tuple(hands),
                known=(0,) * len(hands),
                down=s.down | 1 << s.current,
                went_down=rng.random() < 0.3,
                forbid=-1,
                deep=deep,
                pending=0,
            )
            judge = deeplayoff.DeepAfterLayOff(t, hand, deep)
            legal = []
            for a in turnmoves.table_moves(t):
                after = apply_unchecked(t, a)
                want = after.phase is OVER_PHASE or lookahead.endable(after) or reference(after)
                if want:
                    legal.append(a)
                if not isinstance(a, LayOff):
                    continue
                got = judge.ok(a)
                if got is not None:
                    assert got is want, (t.to_string(), a.text())
                m = t.melds[a.target]
                face = pack.faces[deep]
                kind = (
                    "joker deep"
                    if face == 52
                    else "taker"
                    if judge.takers
                    else "own run"
                    if m.kind == RUN and m.key == face // 13
                    else "joker on a run"
                    if a.joker and m.kind == RUN
                    else "elsewhere"
                )
                seen[f"{kind} {got}"] += 1
            assert turn._table_actions(t, 0) == legal, t.to_string()
    for kind in ("joker deep", "taker", "own run", "joker on a run", "elsewhere"):
        assert seen[f"{kind} True"] >= 20, seen
    for kind in ("joker deep", "own run", "joker on a run", "elsewhere"):
        assert seen[f"{kind} False"] >= 10, seen


def test_deep_reach_asked_about_some_faces() -> None:
    """``deepcard.deep_reach(s, wanted)`` (runs whose suit ``wanted`` has no face left to settle
    are skipped) agrees with the whole answer on every face of ``wanted``: the pile's faces, as
    the draw asks, and random masks."""
    rng = random.Random(12)
    asked = 0
    for s in _states():
        if s.phase is not Phase.DRAW or s.deal == 7 or not table_summary(s.melds).runs:
            continue
        pack = s.config.pack
        whole = deepcard.deep_reach(s)
        below = 0
        for c in s.pile[:-1]:
            below |= 1 << c
        pile_faces = pack.faces_of(below) | (1 << 52 if below & pack.jokers_mask else 0)
        for wanted in (pile_faces, rng.getrandbits(53), 1 << rng.randrange(53), 0):
            assert deepcard.deep_reach(s, wanted) & wanted == whole & wanted, (s.to_string(), wanted)
            asked += 1
    assert asked >= 400, asked


def placeable_plain(pack: Pack, melds: Sequence[TableMeld], ext: int, exchanges: bool, hand: int, face: int) -> bool:
    """``deepcard.placeable`` as it was before it counted with masks: each growth path walked
    position by position (its twin; the test below compares them)."""
    if face == JOKER:
        return ext != 0
    if ext >> face & 1:
        return True
    if not ext:
        return False
    swap: dict[int, int] = {}  # face -> jokers standing for it in runs (exchangeable)
    if exchanges:
        for m in melds:
            if m.kind == RUN:
                for _, f in m.jokers:
                    swap[f] = swap.get(f, 0) + 1
        if face in swap:
            return True
    suit = face // 13
    r = face % 13
    jokers = (hand & pack.jokers_mask).bit_count()
    face_masks = pack.face_masks
    freed = 0  # jokers exchanges could free, as if no face were on the path
    if swap:
        for f, n in swap.items():
            freed += min((hand & face_masks[f]).bit_count(), n)
    for m in melds:
        if m.kind != RUN or m.key != suit:
            continue
        for path in deepcard.growth_paths(m.lo, m.hi, r):
            gaps = 0
            supply = jokers + freed
            for q in path:
                f = pos_face(suit, q)
                held = (hand & face_masks[f]).bit_count()
                n = swap.get(f, 0)
                if not held:
                    gaps += 1
                elif n:  # one copy fills the gap; the rest may free jokers, counted once above
                    supply += min(held - 1, n) - min(held, n)
            if gaps <= supply:
                return True
    return False


def test_placeable_by_masks_is_its_walk_by_positions() -> None:
    """``deepcard.placeable`` (paths as masks, remembered) answers as ``placeable_plain`` (the walk
    position by position) for made-up hands on seeded tables, every face, exchanges or not,
    with the naturals exchanges need put in the hand in one, two or three copies."""
    rng = random.Random(31)
    answers = Counter[bool]()
    for s, summary, on_table, free in _tables_with_free_cards():
        pack = s.config.pack
        for _ in range(2):
            hand = sum(1 << c for c in rng.sample(free, rng.randint(0, 10)))
            for f in range(52):
                if summary.swap >> f & 1:
                    for d in rng.sample(range(pack.decks), rng.randint(0, pack.decks)):
                        hand |= 1 << (f + 52 * d)
            hand &= ~on_table
            for face in range(53):
                for exchanges in (True, False):
                    want = placeable_plain(pack, s.melds, summary.ext, exchanges, hand, face)
                    assert deepcard.placeable(pack, s.melds, summary.ext, exchanges, hand, face) is want, (
                        s.to_string(),
                        hand,
                        face,
                        exchanges,
                    )
                    answers[want] += 1
    assert min(answers.values()) >= 1000, answers
