"""What a player may do in a turn: move generation and the rule-30 look-ahead.

Rule 30 makes every move answer for the rest of the turn: a move is legal only if the player can
still end the turn legally afterwards (discard a card rules 24-26 allow, or go out). Usually a
spare discardable card settles that at once (:func:`endable`). Otherwise :func:`can_finish`
searches the rest of the turn, trying only the moves that could help (see :func:`_helpful`): the
turn has pending duties (the deep card of rule 24, a joker taken by exchange, rule 26) and, when
every card left is one rule 25 forbids, the need to go out. Searching is exact because every
longer solution contains a shorter one made of helpful moves only: laying off or melding a card
that is no duty never makes a duty easier, except to extend a run towards the deep card.

The commonest hard case, the deep card as the turn's only duty (deals 1-6), is decided without
searching: in closed form for a player who is down (:func:`deep_placeable`), and for one who is
not by judging each go-down from its melds (:class:`_DeepAfterGoDown`), listing only go-downs that
could give the card a place (:func:`_deep_marks`). ``tests/games/contract/test_rule30_fast.py``
checks both against the plain search.

Going down inside the search uses melds of the smallest size (sets of 3, runs of ``min_run``):
any bigger contract meld is a smallest one plus lay-offs on it in the same turn (rule 23). Deal 7
(no lay-offs) and ``not_adjacent`` runs (where growing runs may make them join) use every size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from samrap.games.contract.actions import (
    DISCARDS,
    ContractAction,
    Exchange,
    GoDown,
    LayOff,
    Meld,
    exchange,
    layoff,
    sort_key,
)
from samrap.games.contract.cards import JOKER, bits
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.melds import RUN, ext_faces, pos_face, table_summary
from samrap.games.contract.search import Cand, ContractQuery, all_melds, keyed, meld_with_face
from samrap.games.contract.state import OVER_PHASE, ContractState
from samrap.games.contract.transitions import apply_unchecked

# ---------------------------------------------------------------------------------------------
# Ending the turn


def discardable(s: ContractState) -> int:
    """The cards the player in turn may discard now (rules 15, 24-26); 0 when the turn cannot end yet."""
    p = s.current
    hand = s.hands[p]
    if s.pending & hand or (s.deep >= 0 and hand >> s.deep & 1):
        return 0
    if s.forbid >= 0:
        return hand & ~s.config.pack.face_masks[s.forbid]
    return hand


def endable(s: ContractState) -> bool:
    """The turn could end right now with a discard."""
    return discardable(s) != 0


def is_finishable(s: ContractState) -> bool:
    """After a move: the deal ended, or the player can still end the turn legally (rule 30)."""
    return s.phase is OVER_PHASE or endable(s) or can_finish(s)


def can_finish(s: ContractState) -> bool:
    """Some sequence of moves lets the player in turn end this turn legally (rule 30)."""
    return _search(s, {})


def _search(s: ContractState, memo: dict[object, bool]) -> bool:
    p = s.current
    hand = s.hands[p]
    deep = s.deep
    if deep >= 0 and hand >> deep & 1 and not s.pending & hand and _deep_only(s):
        if s.down >> p & 1:
            return deep_placeable(s, hand, deep)
        return _go_down_places_deep(s, hand, deep)
    key = (hand, s.melds, s.pending, deep, s.down)
    if key in memo:
        return memo[key]
    memo[key] = False
    if s.deep >= 0 and s.down >> p & 1 and s.hands[p] >> s.deep & 1 and not _deep_reachable(s):
        return False
    for a in _helpful(s):
        if _settles(s, a):
            memo[key] = True
            return True
        t = apply_unchecked(s, a)
        if t.phase is OVER_PHASE or endable(t) or _search(t, memo):
            memo[key] = True
            return True
    return False


def _go_down_places_deep(s: ContractState, hand: int, deep: int) -> bool:
    """:func:`_search` for a player not down yet whose only duty is the deep card (:func:`_deep_only`).

    The search would try the go-downs of :func:`_helpful` (those holding the deep card, then, if
    it could still reach the table another way, all of them) and judge each successor by
    :func:`deep_placeable`; :class:`_DeepAfterGoDown` gives each answer without building the
    successor, and go-downs that cannot give the card a place (:func:`_deep_marks`) are skipped.
    """
    pack = s.config.pack
    face = pack.faces[deep]
    q = _go_down_query(s, minimal=True)
    if next(q.containing(face), None) is not None:
        return True
    if s.deal == LAST_DEAL or not _may_attach_later(s, face):
        return False
    judge = _DeepAfterGoDown(s, hand, deep)
    return any(judge.ok(chosen) for chosen in q.chosen(_deep_marks(s, hand, deep)))


def _deep_only(s: ContractState) -> bool:
    """Whether the deep card is the turn's only duty and nothing but lay-offs and exchanges can
    place it: deals 1-6, no ``melds_after_down``, nothing forbidden to discard (rule 25 never
    applies after a deep pick-up). The caller checks the player is down, holds the deep card and
    no exchanged joker (:func:`deep_placeable` then decides the turn exactly)."""
    return s.deal != LAST_DEAL and not s.config.melds_after_down and s.forbid < 0


def growth_paths(lo: int, hi: int, r: int) -> Iterator[range]:
    """The run positions a run ``lo..hi`` of a suit must fill to reach rank ``r`` at one end.

    Positions are 0 (the low ace) to 13 (the high ace); an ace may be reached at either end.
    A run never spans more than 13 cards (rule 22), so a longer reach is no path.
    """
    for pos in (r + 1, 0) if r == 12 else (r + 1,):
        if pos > hi:
            path = range(hi + 1, pos)
        elif pos < lo:
            path = range(pos + 1, lo)
        else:
            continue
        if max(hi, pos) - min(lo, pos) < 13:
            yield path


def deep_placeable(s: ContractState, hand: int, deep: int) -> bool:
    """Exact rule-30 answer for a player who is down and holds the deep card as the turn's only
    duty (see :func:`_deep_only`): whether the deep card can reach the table this turn.

    Once it is down the turn can end (a discard of anything, or out with no card left), so that
    is the whole question, and the table can only take it three ways:

    * a meld takes its face as it is (a set's missing suit, a run's end), or, a joker deep card,
      any meld takes one more card at all;
    * (no go-down this turn) a run's joker stands for its face: exchange it in, then lay the
      joker off anywhere (some meld takes a card; exchanges never change what melds take);
    * a run of its suit is extended towards it, every position between filled by a natural
      from the hand or a joker, and jokers come from the hand or from exchanges (no go-down
      this turn), each exchange spending a natural whose face a run's joker stands for.
      Each held copy of a face fills its gap on the path or frees one joker, never both, so
      the run can be grown exactly when the hand's jokers, plus the copies a face can use
      beyond filling its own gap, cover the path's faces not held. Other moves (lay-offs
      elsewhere, re-exchanging a joker just laid) only spend cards and never add to that count.
    """
    pack = s.config.pack
    face = pack.faces[deep]
    ext = table_summary(s.melds).ext
    if face == JOKER:
        return ext != 0
    if ext >> face & 1:
        return True
    if not ext:
        return False
    exchanges = not s.went_down
    swap: dict[int, int] = {}  # face -> jokers standing for it in runs (exchangeable)
    if exchanges:
        for m in s.melds:
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
    for m in s.melds:
        if m.kind != RUN or m.key != suit:
            continue
        for path in growth_paths(m.lo, m.hi, r):
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


def _settles(s: ContractState, a: ContractAction) -> bool:
    """The move surely lets the turn end (:func:`spare_after`), so the search need not apply it."""
    match a:
        case GoDown(melds=specs):
            faces = jokers = 0
            for spec in specs:
                faces |= spec.nat
                jokers += spec.jok.bit_count()
        case Meld(meld=spec):
            faces, jokers = spec.nat, spec.jok.bit_count()
        case LayOff(face=f, joker=j):
            faces, jokers = (0, 1) if j else (1 << f, 0)
        case _:
            return False
    return spare_after(s, faces, jokers) != 0


def takes_deep_down(s: ContractState, hand: int, face: int) -> bool:
    """Deals 1-6, the player in turn not down and no exchanged joker pending: whether with ``hand``
    (after taking a deep card of ``face``) some go-down puts that card down.

    This is the first thing :func:`can_finish` tries after such a pick-up, and when it succeeds
    the turn can end (the deep card is down and every other card may be discarded, or none is
    left), so the draw can ask it without building the pick-up's successor.
    """
    return next(_go_down_query(s, minimal=True, hand=hand).containing(face), None) is not None


def _go_down_query(s: ContractState, minimal: bool, hand: int = -1) -> ContractQuery:
    """The go-downs of the player in turn, holding ``hand`` (default: their hand)."""
    cfg = s.config
    if hand < 0:
        hand = s.hands[s.current]
    layers, jokers = cfg.pack.face_layers(hand)
    sets, runs = contract(s.deal)
    last = s.deal == LAST_DEAL
    totals = None
    if last:
        n = hand.bit_count()
        totals = frozenset((n, n - 1)) if cfg.deal7_discard else frozenset((n,))
    full_sizes = last or (cfg.same_suit_runs == "not_adjacent" and runs >= 2)
    exact = (cfg.contract_exact and not last) or (minimal and not full_sizes)
    return ContractQuery(
        layers,
        jokers,
        sets,
        runs,
        min_run=cfg.min_run,
        exact=exact,
        run_rule=cfg.same_suit_runs,
        totals=totals,
        any_suits=cfg.any_suit_sets,
    )


def _helpful(s: ContractState) -> Iterator[ContractAction]:
    """The moves worth trying when the turn cannot end yet (see the module docstring)."""
    cfg = s.config
    pack = cfg.pack
    p = s.current
    hand = s.hands[p]
    deep_face = pack.faces[s.deep] if s.deep >= 0 and hand >> s.deep & 1 else -1
    if not s.down >> p & 1:
        q = _go_down_query(s, minimal=True)
        if s.deal == LAST_DEAL:
            yield from (GoDown(g) for g in q)
            return
        if deep_face >= 0:
            yield from (GoDown(g) for g in q.containing(deep_face))
            if not _may_attach_later(s, deep_face):
                return
        yield from (GoDown(g) for g in q)
        return
    if s.deal == LAST_DEAL:
        return
    keep = hand & ~s.pending
    if s.forbid >= 0:
        keep &= ~pack.face_masks[s.forbid]
    if deep_face >= 0:
        keep &= ~(1 << s.deep)
    if not keep:  # everything left must go: all moves
        yield from _table_moves(s)
        return
    jokers_needed = bool(s.pending & hand) or deep_face == JOKER
    chain_suit = deep_face // 13 if 0 <= deep_face < JOKER else -1
    for a in _table_moves(s):
        match a:
            case LayOff(face=f, target=t, joker=j):
                m = s.melds[t]
                on_chain = chain_suit >= 0 and m.kind == RUN and m.key == chain_suit
                if (j and jokers_needed) or (f == deep_face and not j) or on_chain:
                    yield a
            case Exchange():
                if deep_face >= 0:
                    yield a
            case Meld(meld=m):
                if (jokers_needed and m.jok) or (0 <= deep_face < JOKER and m.nat >> deep_face & 1):
                    yield a
            case _:
                pass


def _may_attach_later(s: ContractState, face: int) -> bool:
    """Whether a deep card left out of the go-down could still reach the table this turn."""
    cfg = s.config
    if cfg.contract_exact or cfg.melds_after_down or face == JOKER:
        return True
    hand = s.hands[s.current]
    pool, jokers = cfg.pack.faces_of(hand), (hand & cfg.pack.jokers_mask).bit_count()
    for m in s.melds:
        if ext_faces(m) >> face & 1:
            return True
        if m.kind == RUN and m.key == face // 13 and chain_gaps(m.lo, m.hi, m.key, face, pool) <= jokers:
            return True
    return False


def _deep_reachable(s: ContractState, hand: int = -1, face: int = -1) -> bool:
    """Whether a player who is down could get the deep card ``face`` from ``hand`` onto the table.

    Necessary, not sufficient: a set or run end takes it, a run of its suit can be extended to it
    with the hand's cards and jokers (counting the jokers exchanges could free), a run's joker
    stands for it, or (option) a new meld holds it.
    """
    cfg = s.config
    pack = cfg.pack
    if hand < 0:
        hand = s.hands[s.current]
        face = pack.faces[s.deep]
    if face == JOKER:
        return cfg.melds_after_down or any(ext_faces(m) for m in s.melds)
    faces = pack.faces_of(hand)
    jokers = (hand & pack.jokers_mask).bit_count()
    if not s.went_down:
        jokers += sum(1 for m in s.melds if m.kind == RUN for _, f in m.jokers if faces >> f & 1)
    suit = face // 13
    for m in s.melds:
        if ext_faces(m) >> face & 1:
            return True
        if m.kind == RUN and m.key == suit:
            if not s.went_down and any(f == face for _, f in m.jokers):
                return True
            if chain_gaps(m.lo, m.hi, suit, face, faces) <= jokers:
                return True
    if not cfg.melds_after_down:
        return False
    rank_cards = -1
    if cfg.any_suit_sets:
        rank_cards = sum((hand & pack.face_masks[13 * su + face % 13]).bit_count() for su in range(4))
    return meld_with_face(faces, jokers, face, cfg.min_run, rank_cards)


def chain_gaps(lo: int, hi: int, suit: int, face: int, pool: int) -> int:
    """Cards missing from ``pool`` to extend run ``lo..hi`` of ``suit`` up or down to ``face``."""
    r = face % 13
    best = 99
    for path in growth_paths(lo, hi, r):
        best = min(best, sum(1 for q in path if not pool >> pos_face(suit, q) & 1))
    return best


# ---------------------------------------------------------------------------------------------
# Move generation


def _table_moves(s: ContractState) -> Iterator[ContractAction]:
    """Lay-offs, joker exchanges and (option) new melds of a player who is down, unchecked.

    They come in ``sort_key`` order: melds, then lay-offs by meld, then exchanges by meld.
    """
    cfg = s.config
    pack = cfg.pack
    p = s.current
    hand = s.hands[p]
    faces = pack.faces_of(hand)
    if cfg.melds_after_down:
        jokers = (hand & pack.jokers_mask).bit_count()
        layers = pack.face_layers(hand)[0] if cfg.any_suit_sets else None
        for spec in all_melds(faces, jokers, cfg.min_run, layers):
            yield Meld(spec)
    has_joker = bool(hand & pack.jokers_mask)
    for t, m in enumerate(s.melds):
        ext = ext_faces(m)
        for f in bits(ext & faces):
            yield layoff(f, t)
        if has_joker:
            if m.lo and m.kind != RUN:  # a set of any suits: one joker lay-off, its suit fixed
                yield layoff(m.joker_layoff_face(), t, True)
                continue
            for f in bits(ext):
                yield layoff(f, t, True)
    if not s.went_down:
        for t, m in enumerate(s.melds):
            if m.kind == RUN and m.jokers:
                for _, f in m.jokers:
                    if faces >> f & 1:
                        yield exchange(f, t)


def play_actions(s: ContractState) -> list[ContractAction]:
    """The legal actions after the draw, in ``sort_key`` order.

    Most moves leave a spare discardable card of another face, which settles rule 30 without
    building the successor; so does a move that itself meets the turn's duties (puts the deep
    card down, say) and leaves such a card (:func:`spare_after`). The rest are applied and checked.
    """
    cfg = s.config
    pack = cfg.pack
    p = s.current
    hand = s.hands[p]
    deep = s.deep
    if s.pending & hand or (deep >= 0 and hand >> deep & 1):  # discardable(), inlined
        free = 0  # a duty of the turn is open
    elif s.forbid >= 0:
        free = hand & ~pack.face_masks[s.forbid]
    else:
        free = hand
    if not s.down >> p & 1:
        out = _go_downs(s, free)
    elif s.deal != LAST_DEAL and (cfg.melds_after_down or _fits_table(s, hand)):
        out = _table_actions(s, free)
    else:
        out = []
    if free:
        faces = pack.faces_of(free)
        for base, table in _SUIT_DISCARDS:
            chunk = faces >> base & 0x1FFF
            if chunk:
                found = table.get(chunk)
                if found is None:
                    found = table[chunk] = tuple(DISCARDS[base + r] for r in range(13) if chunk >> r & 1)
                out += found
        if free & pack.jokers_mask:
            out.append(DISCARDS[JOKER])
    return out


def _go_downs(s: ContractState, free: int) -> list[ContractAction]:
    """The legal go-downs (rule 30 checked), in ``sort_key`` order; ``free`` is :func:`discardable`."""
    hand = s.hands[s.current]
    deep = s.deep
    q = _go_down_query(s, minimal=False)
    if q.totals is not None:  # deal 7: going down is going out (few go-downs, by exact covers)
        gds: list[ContractAction] = []
        for g in q:
            gd = GoDown(g)
            used = jokers = 0
            for spec in g:
                used |= spec.nat
                jokers += spec.jok.bit_count()
            if _go_down_ends(s, gd, free, used, jokers):
                gds.append(gd)
        gds.sort(key=sort_key)
        return gds
    # The deep card the only duty (no exchange before going down, rule 26): whether the turn can
    # end after a go-down is decided from the go-down alone (:class:`_DeepAfterGoDown`).
    judge = None
    marked = None
    if not free and deep >= 0 and hand >> deep & 1 and not s.pending & hand and _deep_only(s):
        judge = _DeepAfterGoDown(s, hand, deep)
        marked = _deep_marks(s, hand, deep)
    out: list[tuple[tuple[tuple[int, int, int], ...], GoDown]] = []
    for chosen in q.chosen(marked):
        if judge is not None:
            if not judge.ok(chosen):
                continue
            key, g = keyed(chosen)
            out.append((key, GoDown(g)))
            continue
        key, g = keyed(chosen)
        gd = GoDown(g)
        used = jokers = 0
        for c in chosen:
            used |= c.nat
            jokers += c.jokers
        if _go_down_ends(s, gd, free, used, jokers):
            out.append((key, gd))
    out.sort(key=_first)
    return [gd for _, gd in out]  # (the key orders go-downs of one contract as sort_key does)


def _go_down_ends(s: ContractState, gd: GoDown, free: int, used: int, jokers: int) -> bool:
    """Rule 30 for a go-down melding faces ``used`` and ``jokers`` jokers: a discardable card
    (``free``, :func:`discardable`) is left over, or the rest of the turn can still end."""
    pack = s.config.pack
    if free:
        spare = free & ~_phys_of_faces(pack.face_masks, used)
        if jokers:
            spare &= ~pack.jokers_mask
    else:
        spare = spare_after(s, used, jokers)
    return spare != 0 or is_finishable(apply_unchecked(s, gd))


def _first(pair: tuple[tuple[tuple[int, int, int], ...], GoDown]) -> tuple[tuple[int, int, int], ...]:
    return pair[0]


def _deep_marks(s: ContractState, hand: int, deep: int) -> Callable[[Cand], bool] | None:
    """For :func:`_go_downs` with the deep card the only duty: a test that every go-down after
    which the turn can end has a meld passing (so only those need listing), or ``None``.

    With a natural deep card that no meld on the table takes, and that no run of its suit there
    could be grown to with the whole hand, the go-down itself must give it a place: a meld that
    holds it, a set of three of its rank without its suit, or a run of its suit that the hand's
    other cards and jokers could grow to it (:class:`_DeepAfterGoDown` then decides exactly).
    """
    pack = s.config.pack
    face = pack.faces[deep]
    if face == JOKER or table_summary(s.melds).ext >> face & 1:
        return None
    suit = face // 13
    faces = pack.faces_of(hand)
    jokers = (hand & pack.jokers_mask).bit_count()
    for m in s.melds:
        if m.kind == RUN and m.key == suit and chain_gaps(m.lo, m.hi, suit, face, faces) <= jokers:
            return None

    def marked(c: Cand) -> bool:
        if c.nat >> face & 1:
            return True
        if c.suit < 0:  # a set that takes the card as a lay-off once down
            return bool(c.ext >> face & 1)
        if c.spec.jok >> face & 1:
            return False
        return c.suit == suit and chain_gaps(c.lo, c.hi, suit, face, faces) <= jokers - c.jokers

    return marked


class _DeepAfterGoDown:
    """Whether the turn can end after a go-down by a player holding the deep card as the turn's
    only duty (:func:`_deep_only`): :func:`deep_placeable` of the state after the go-down, worked
    out from its melds without building that state.

    A go-down places the deep card when it holds its face (or, a joker deep card, any joker:
    :func:`transitions.pick` moves the deep card first), and then the turn can end: a card is
    left to discard, or none and the player is out. Otherwise, having gone down this turn, the
    player cannot exchange, so the card must fit a meld end, old or new, or a run of its suit
    grown to it with the cards and jokers the go-down leaves in hand.
    """

    __slots__ = ("ext", "face", "face_masks", "hand", "jokers", "runs", "suit")

    def __init__(self, s: ContractState, hand: int, deep: int) -> None:
        pack = s.config.pack
        self.face = face = pack.faces[deep]
        self.suit = face // 13
        self.ext = table_summary(s.melds).ext
        self.runs = [(m.lo, m.hi) for m in s.melds if m.kind == RUN and m.key == self.suit] if face != JOKER else []
        self.hand = hand
        self.jokers = (hand & pack.jokers_mask).bit_count()
        self.face_masks = pack.face_masks

    def ok(self, melds: Sequence[Cand]) -> bool:
        face = self.face
        ext = self.ext
        jokers = 0
        if face == JOKER:
            for c in melds:
                if c.jokers:
                    return True
                ext |= c.ext
            return ext != 0
        suit = self.suit
        runs = self.runs
        for c in melds:
            if c.nat >> face & 1:
                return True
            ext |= c.ext
            jokers += c.jokers
            if c.suit == suit:
                runs = [*runs, (c.lo, c.hi)]
        if ext >> face & 1:
            return True
        left = self.jokers - jokers
        r = face % 13
        hand = self.hand
        face_masks = self.face_masks
        for lo, hi in runs:
            for path in growth_paths(lo, hi, r):
                gaps = 0
                for q in path:
                    f = pos_face(suit, q)
                    held = (hand & face_masks[f]).bit_count()
                    if held:
                        for c in melds:
                            if c.nat >> f & 1:
                                held -= 1
                                for more in c.more:
                                    held -= more >> f & 1
                    if held <= 0:
                        gaps += 1
                        if gaps > left:
                            break
                if gaps <= left:
                    return True
        return False


def _table_actions(s: ContractState, free: int) -> list[ContractAction]:
    """The legal lay-offs, exchanges and new melds (rule 30 checked); ``free`` is :func:`discardable`."""
    pack = s.config.pack
    out: list[ContractAction] = []
    for a in _table_moves(s):
        match a:
            case LayOff(face=f, joker=j):
                if free:
                    spare = free & ~(pack.jokers_mask if j else pack.face_masks[f])
                else:
                    spare = spare_after(s, 0, 1) if j else spare_after(s, 1 << f, 0)
            case Meld(meld=spec):
                if free:
                    spare = free & ~_phys_of_faces(pack.face_masks, spec.nat)
                    if spec.jok:
                        spare &= ~pack.jokers_mask
                else:
                    spare = spare_after(s, spec.nat, spec.jok.bit_count())
            case _:
                spare = 0
        if spare or is_finishable(apply_unchecked(s, a)):
            out.append(a)
    return out


#: ``(13 * suit, {13-bit pattern of the suit's ranks: its discard actions})``, filled as met:
#: listing a hand's discards a suit at a time is several times quicker than bit by bit.
#: Safe for worker threads: an entry is a tuple of interned actions that depends on its key
#: alone, and a dict get or set is atomic, so two threads that fill one key store equal values
#: (tests/engine/test_threads.py).
_SUIT_DISCARDS: tuple[tuple[int, dict[int, tuple[ContractAction, ...]]], ...] = tuple((13 * su, {}) for su in range(4))


def _fits_table(s: ContractState, hand: int) -> bool:
    """Whether a card of ``hand`` might go on the table (lay-off or joker exchange), for a player
    who is down and without ``melds_after_down``: a quick look at the whole table that spares
    generating table moves in the common case where no card fits anywhere."""
    ext, swap, _ = table_summary(s.melds)
    if not ext and not swap:
        return False
    pack = s.config.pack
    faces = pack.faces_of(hand)
    return bool(ext & faces or (ext and hand & pack.jokers_mask) or (not s.went_down and swap & faces))


def spare_after(s: ContractState, faces: int, jokers: int) -> int:
    """Cards surely discardable after the player in turn puts down one card of each natural face
    in ``faces`` and ``jokers`` jokers, or 0 when that is not sure.

    Which copies move is :func:`transitions.pick`'s choice: the deep card first, then jokers
    taken by exchange (``pending``). So the move meets the deep-card duty (rule 24) when it
    places the deep card's face, and the exchange duty (rule 26) when it places at least as many
    jokers as are pending besides a deep joker. With both met, any card of another face than the
    move's (and not the face rule 25 forbids) stays in hand and may be discarded: the turn can
    end, so the move passes rule 30 without building the successor.
    """
    pack = s.config.pack
    hand = s.hands[s.current]
    deep = s.deep
    if deep >= 0 and hand >> deep & 1:
        face = pack.faces[deep]
        if face == JOKER:
            if not jokers:
                return 0
            jokers -= 1
        elif not faces >> face & 1:
            return 0
    pending = s.pending & hand
    if pending and pending.bit_count() > jokers:
        return 0
    spare = hand & ~_phys_of_faces(pack.face_masks, faces)
    if jokers:
        spare &= ~pack.jokers_mask
    if s.forbid >= 0:
        spare &= ~pack.face_masks[s.forbid]
    return spare


def _phys_of_faces(face_masks: tuple[int, ...], faces: int) -> int:
    out = 0
    while faces:
        low = faces & -faces
        out |= face_masks[low.bit_length() - 1]
        faces ^= low
    return out
