"""The legal moves after the draw, in ``actions.sort_key`` order (rule 30 checked).

Go-downs (rule 13), lay-offs, exchanges and new melds (rules 14, 16) come from
:mod:`turnmoves`; each is kept when the turn can still end after it (:mod:`lookahead`), which a
spare discardable card usually settles without building the successor. With the deep card as the
turn's only duty the go-downs are judged by :mod:`deepcard` from their melds alone. Discards
(rule 15) close the list, a suit at a time.
"""

from __future__ import annotations

from collections.abc import Callable

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
from samrap.games.contract.candidates import Cand, keyed
from samrap.games.contract.cards import JOKER
from samrap.games.contract.contracts import LAST_DEAL, contract
from samrap.games.contract.deepcard import DeepAfterGoDown, deep_marks, deep_only
from samrap.games.contract.deeplayoff import DeepAfterLayOff
from samrap.games.contract.feasible import contract_possible
from samrap.games.contract.jokerduty import JokerDuty
from samrap.games.contract.lookahead import is_finishable, phys_of_faces, spare_after
from samrap.games.contract.melds import RUN, table_summary
from samrap.games.contract.state import ContractState
from samrap.games.contract.transitions import apply_unchecked
from samrap.games.contract.turnmoves import go_down_query, table_moves


def play_actions(s: ContractState, go_downs: bool = True) -> list[ContractAction]:
    """The legal actions after the draw, in ``sort_key`` order; without ``go_downs``, a player not
    down yet gets no go-downs (only the discards), for :func:`rules.legal_actions`, which offers
    them a meld at a time (:mod:`staging`) rather than listing them whole.

    Most moves leave a spare discardable card of another face, which settles rule 30 without
    building the successor; so does a move that itself meets the turn's duties (puts the deep
    card down, say) and leaves such a card (:func:`spare_after`). The rest are applied and checked.
    """
    cfg = s.config
    pack = cfg.pack
    p = s.current
    hand = s.hands[p]
    faces = pack.faces_of(hand)  # (asked once: the table moves and the discards read it)
    deep = s.deep
    if s.pending & hand or (deep >= 0 and hand >> deep & 1):  # discardable(), inlined
        free = 0  # a duty of the turn is open
    elif s.forbid >= 0:
        free = hand & ~pack.face_masks[s.forbid]
    else:
        free = hand
    if not s.down >> p & 1:
        out = whole_go_downs(s, free) if go_downs else []
    elif s.deal != LAST_DEAL and (cfg.melds_after_down or _fits_table(s, hand, faces)):
        out = _table_actions(s, free, faces=faces)
    else:
        out = []
    if free:
        if s.forbid >= 0:  # (free is the hand less every copy of that face: faces_of(free))
            faces &= ~(1 << s.forbid)
        # (the four suits written out: no loop, no unpacking of _SUIT_DISCARDS' rows)
        chunk = faces & 0x1FFF
        if chunk:
            out += _LOW0[chunk & 0x7F]
            out += _HIGH0[chunk >> 7]
        chunk = faces >> 13 & 0x1FFF
        if chunk:
            out += _LOW1[chunk & 0x7F]
            out += _HIGH1[chunk >> 7]
        chunk = faces >> 26 & 0x1FFF
        if chunk:
            out += _LOW2[chunk & 0x7F]
            out += _HIGH2[chunk >> 7]
        chunk = faces >> 39
        if chunk:
            out += _LOW3[chunk & 0x7F]
            out += _HIGH3[chunk >> 7]
        if free & pack.jokers_mask:
            out.append(DISCARDS[JOKER])
    return out


def whole_go_downs(s: ContractState, free: int) -> list[ContractAction]:
    """The legal go-downs (rule 30 checked), in ``sort_key`` order; ``free`` is :func:`discardable`."""
    hand = s.hands[s.current]
    cfg = s.config
    layers, jokers = cfg.pack.face_layers(hand)
    sets, runs = contract(s.deal)
    # Most hands cannot hold the contract at all: a cheap necessary test spares the search.
    if not contract_possible(layers, jokers, sets, runs, cfg.min_run, cfg.same_suit_runs, cfg.any_suit_sets):
        return []
    q = go_down_query(s, minimal=False)
    if q.totals is not None:  # deal 7: going down is going out (few go-downs, by exact covers)
        gds: list[ContractAction] = []
        for g in q:
            gd = GoDown(g)
            used = jokers = 0
            for spec in g:
                used |= spec.nat
                jokers += spec.jok.bit_count()
            if go_down_ends(s, gd, free, used, jokers):
                gds.append(gd)
        gds.sort(key=sort_key)
        return gds
    judge, marked = go_down_judge(s, free)
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
        if go_down_ends(s, gd, free, used, jokers):
            out.append((key, gd))
    out.sort(key=_first)
    return [gd for _, gd in out]  # (the key orders go-downs of one contract as sort_key does)


#: The old name, which tests/games/contract/test_rule30_fast.py calls.
_go_downs = whole_go_downs


def go_down_judge(s: ContractState, free: int) -> tuple[DeepAfterGoDown | None, Callable[[Cand], bool] | None]:
    """How rule 30 is asked of the go-downs of the player in turn (deals 1-6; ``free`` is
    :func:`discardable`): with the deep card as the turn's only duty (no exchange before going
    down, rule 26) by :class:`DeepAfterGoDown` from the go-down's melds alone, and then only the
    go-downs with a meld ``marked`` accepts are listed (:func:`deep_marks`; ``None``: all);
    otherwise ``(None, None)``, and :func:`go_down_ends` decides."""
    hand = s.hands[s.current]
    deep = s.deep
    if not free and deep >= 0 and hand >> deep & 1 and not s.pending & hand and deep_only(s):
        return DeepAfterGoDown(s, hand, deep), deep_marks(s, hand, deep)
    return None, None


def go_down_spare(s: ContractState, free: int, used: int, jokers: int) -> int:
    """Cards surely discardable after a go-down melding faces ``used`` and ``jokers`` jokers
    (``free``: :func:`discardable`), or 0 when that is not sure: the quick half of
    :func:`go_down_ends` (rule 30), which needs no successor."""
    if free:
        pack = s.config.pack
        spare = free & ~phys_of_faces(pack.face_masks, used)
        if jokers:
            spare &= ~pack.jokers_mask
        return spare
    return spare_after(s, used, jokers)


def go_down_ends(s: ContractState, gd: GoDown, free: int, used: int, jokers: int) -> bool:
    """Rule 30 for a go-down melding faces ``used`` and ``jokers`` jokers: a discardable card
    (``free``, :func:`discardable`) is left over, or the rest of the turn can still end."""
    return go_down_spare(s, free, used, jokers) != 0 or is_finishable(apply_unchecked(s, gd))


def _first(pair: tuple[tuple[tuple[int, int, int], ...], GoDown]) -> tuple[tuple[int, int, int], ...]:
    return pair[0]


def _table_actions(s: ContractState, free: int, direct: bool = True, faces: int = -1) -> list[ContractAction]:
    """The legal lay-offs, exchanges and new melds (rule 30 checked); ``free`` is :func:`discardable`,
    ``faces`` the hand's faces when the caller has them (-1: worked out here).

    ``direct`` (the default) lets the two commonest cases take their direct loops
    (:func:`_free_table_actions`, :func:`_deep_table_actions`); without it every case takes the
    general loop below, their twin (``tests/games/contract/test_layoff_free.py`` compares them, and
    both with the plain path)."""
    if direct and free and not s.config.melds_after_down:
        return _free_table_actions(s, free, faces)
    pack = s.config.pack
    out: list[ContractAction] = []
    # With the deep card as the turn's only duty (deepcard.deep_only, no exchanged joker pending),
    # most lay-offs are judged from this state alone (deeplayoff.DeepAfterLayOff).
    judge = None
    hand = s.hands[s.current]
    pending = s.pending & hand
    if not free and s.deep >= 0 and hand >> s.deep & 1 and not pending and deep_only(s):
        if direct:
            return _deep_table_actions(s, hand, faces)
        judge = DeepAfterLayOff(s, hand, s.deep)
    # A joker taken by exchange to place (rule 26), now or after an exchange: a quick "yes" where
    # a plain plan is in sight (jokerduty), made when first needed; else the search as before.
    duty: JokerDuty | None = None
    after_joker: DeepAfterLayOff | None = None
    # (deep_only: the deep card goes on the table by lay-offs and exchanges alone, which the quick
    # "no" of jokerduty and DeepAfterLayOff need)
    two_duties = (
        pending.bit_count() == 1 and s.deep >= 0 and hand >> s.deep & 1 and pack.faces[s.deep] != JOKER and deep_only(s)
    )
    for a in table_moves(s):
        match a:
            case LayOff(face=f, target=t, joker=j):
                if free:
                    spare = free & ~(pack.jokers_mask if j else pack.face_masks[f])
                else:
                    spare = spare_after(s, 0, 1) if j else spare_after(s, 1 << f, 0)
                    if not spare and judge is not None:
                        verdict = judge.ok(a)
                        if verdict is not None:
                            if verdict:
                                out.append(a)
                            continue
                    if not spare and two_duties and j:
                        # The joker taken by exchange goes (transitions.pick lays a pending joker
                        # first; the deep card is natural), leaving the deep card the only duty:
                        # DeepAfterLayOff's question exactly, asked of this state's table and hand.
                        if after_joker is None:
                            after_joker = DeepAfterLayOff(s, hand, s.deep)
                        verdict = after_joker.ok(a)
                        if verdict is not None:
                            if verdict:
                                out.append(a)
                            continue
                    if not spare and two_duties and not j and f != pack.faces[s.deep]:
                        if duty is None:
                            duty = JokerDuty(s, hand)
                        verdict = duty.after_layoff(s.melds, t, f)
                        if verdict is not None:
                            if verdict:
                                out.append(a)
                            continue
            case Exchange(face=f):
                spare = 0
                if not pending:
                    if duty is None:
                        duty = JokerDuty(s, hand)
                    if duty.after_exchange(f, hand & pack.face_masks[f]):
                        out.append(a)
                        continue
            case Meld(meld=spec):
                if free:
                    spare = free & ~phys_of_faces(pack.face_masks, spec.nat)
                    if spec.jok:
                        spare &= ~pack.jokers_mask
                else:
                    spare = spare_after(s, spec.nat, spec.jok.bit_count())
            case _:
                spare = 0
        if spare or is_finishable(apply_unchecked(s, a)):
            out.append(a)
    return out


def _free_table_actions(s: ContractState, free: int, faces: int = -1) -> list[ContractAction]:
    """:func:`_table_actions` where the turn has no open duty (``free``, :func:`discardable`, is not
    0) and there are no new melds (no ``melds_after_down``): the moves of :func:`table_moves` in its
    order, built here without the generator and the match per move, since in this, the commonest
    case, a lay-off is settled by a spare card of ``free`` it does not use and only the rest are
    applied and searched (rule 30), and an exchange is asked as :func:`_table_actions` asks it."""
    pack = s.config.pack
    hand = s.hands[s.current]
    if faces < 0:
        faces = pack.faces_of(hand)
    face_masks = pack.face_masks
    jokers_mask = pack.jokers_mask
    out: list[ContractAction] = []
    has_joker = hand & jokers_mask
    spare_j = free & ~jokers_mask  # a discard left after a joker lay-off
    melds = s.melds
    for t, m in enumerate(melds):
        ext = m.ext
        held = ext & faces
        while held:
            low = held & -held
            f = low.bit_length() - 1
            held ^= low
            a: ContractAction = layoff(f, t)
            if free & ~face_masks[f] or is_finishable(apply_unchecked(s, a)):
                out.append(a)
        if has_joker:
            if m.lo and m.kind != RUN:  # a set of any suits: one joker lay-off, its suit fixed
                a = layoff(m.joker_layoff_face(), t, True)
                if spare_j or is_finishable(apply_unchecked(s, a)):
                    out.append(a)
                continue
            while ext:
                low = ext & -ext
                f = low.bit_length() - 1
                ext ^= low
                a = layoff(f, t, True)
                if spare_j or is_finishable(apply_unchecked(s, a)):
                    out.append(a)
    if not s.went_down and table_summary(melds).swap & faces:  # (else no exchange: skip the walk)
        duty: JokerDuty | None = None
        for t, m in enumerate(melds):
            if m.kind == RUN and m.jokers:
                for _, f in m.jokers:
                    if faces >> f & 1:
                        a = exchange(f, t)
                        if duty is None:
                            duty = JokerDuty(s, hand)
                        if duty.after_exchange(f, hand & face_masks[f]) or is_finishable(apply_unchecked(s, a)):
                            out.append(a)
    return out


def _deep_table_actions(s: ContractState, hand: int, faces: int = -1) -> list[ContractAction]:
    """:func:`_table_actions` of a player who is down holding the deep card as the turn's only
    duty (:func:`deepcard.deep_only`, no exchanged joker pending; so no new melds): the moves of
    :func:`table_moves` in its order, asked as the general loop asks them, without the generator
    and the ``match`` per move. With the deep card in hand a lay-off leaves a spare card
    (:func:`spare_after`) only when it places the deep card's face (a joker deep card: a joker),
    so the others go straight to :class:`deeplayoff.DeepAfterLayOff`."""
    pack = s.config.pack
    if faces < 0:
        faces = pack.faces_of(hand)
    face_masks = pack.face_masks
    deep_face = pack.faces[s.deep]
    has_joker = hand & pack.jokers_mask
    judge = DeepAfterLayOff(s, hand, s.deep)
    out: list[ContractAction] = []
    melds = s.melds
    a: ContractAction
    for t, m in enumerate(melds):
        ext = m.ext
        held = ext & faces
        while held:
            low = held & -held
            f = low.bit_length() - 1
            held ^= low
            a = layoff(f, t)
            spare = spare_after(s, low, 0) if f == deep_face else 0
            if not spare:
                verdict = judge.ok(a)
                if verdict is not None:
                    if verdict:
                        out.append(a)
                    continue
            if spare or is_finishable(apply_unchecked(s, a)):
                out.append(a)
        if has_joker:
            if m.lo and m.kind != RUN:  # a set of any suits: one joker lay-off, its suit fixed
                ext = 1 << m.joker_layoff_face()
            while ext:
                low = ext & -ext
                f = low.bit_length() - 1
                ext ^= low
                a = layoff(f, t, True)
                spare = spare_after(s, 0, 1) if deep_face == JOKER else 0
                if not spare:
                    verdict = judge.ok(a)
                    if verdict is not None:
                        if verdict:
                            out.append(a)
                        continue
                if spare or is_finishable(apply_unchecked(s, a)):
                    out.append(a)
    if not s.went_down and table_summary(melds).swap & faces:  # (else no exchange: skip the walk)
        duty: JokerDuty | None = None
        for t, m in enumerate(melds):
            if m.kind == RUN and m.jokers:
                for _, f in m.jokers:
                    if faces >> f & 1:
                        a = exchange(f, t)
                        if duty is None:
                            duty = JokerDuty(s, hand)
                        if duty.after_exchange(f, hand & face_masks[f]) or is_finishable(apply_unchecked(s, a)):
                            out.append(a)
    return out


_Discards = tuple[ContractAction, ...]


def _discard_run(base: int, pattern: int, shift: int) -> _Discards:
    """The discards of the ranks ``shift`` on of one suit (faces from ``base``) in ``pattern``, in order."""
    return tuple(DISCARDS[base + shift + r] for r in range(7) if pattern >> r & 1)


#: ``(13 * suit, the discards of every pattern of its low 7 ranks, of its high 6)``, 768 small
#: tuples of interned actions built at import: a hand's discards are listed a suit at a time, two
#: tuple look-ups a suit. (A dict by the suit's whole 13-bit pattern, filled as met, was as quick
#: on a hit, but a long run met thousands of patterns first, each built rank by rank: about 2-3 %
#: of deals 3 and 5.) Read-only, so safe for worker threads.
_SUIT_DISCARDS: tuple[tuple[int, tuple[_Discards, ...], tuple[_Discards, ...]], ...] = tuple(
    (
        13 * su,
        tuple(_discard_run(13 * su, p, 0) for p in range(1 << 7)),
        tuple(_discard_run(13 * su, p, 7) for p in range(1 << 6)),
    )
    for su in range(4)
)
(_, _LOW0, _HIGH0), (_, _LOW1, _HIGH1), (_, _LOW2, _HIGH2), (_, _LOW3, _HIGH3) = _SUIT_DISCARDS


def _fits_table(s: ContractState, hand: int, faces: int) -> bool:
    """Whether a card of ``hand`` (of ``faces``) might go on the table (lay-off or joker exchange),
    for a player who is down and without ``melds_after_down``: a quick look at the whole table
    that spares generating table moves in the common case where no card fits anywhere."""
    ext, swap, _ = table_summary(s.melds)
    if not ext and not swap:
        return False
    return bool(ext & faces or (ext and hand & s.config.pack.jokers_mask) or (not s.went_down and swap & faces))
