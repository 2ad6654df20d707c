"""Rule 30: after a move the player must still be able to end the turn legally.

A move is legal only if the player can then discard a card rules 15 and 24-26 allow, or go out.
Usually a spare discardable card settles that at once (:func:`endable`, :func:`spare_after`).
Otherwise :func:`can_finish` searches the rest of the turn, trying only the moves that could help
(:func:`helpful`): the turn has pending duties (the deep card of rule 24, a joker taken by
exchange, rule 26) and, when every card left is one rule 25 forbids, the need to go out.
Searching is exact because every longer solution contains a shorter one made of helpful moves
only: laying off or melding a card that is no duty never makes a duty easier, except to extend a
run towards the deep card.

The commonest hard case, the deep card as the turn's only duty (deals 1-6), is decided without
searching, by :mod:`deepcard`. Going down inside the search uses melds of the smallest size
(sets of 3, runs of ``min_run``): any bigger contract meld is a smallest one plus lay-offs on it
in the same turn (rule 23). Deal 7 (no lay-offs) and ``not_adjacent`` runs (where growing runs
may make them join) use every size.
"""

from __future__ import annotations

from collections.abc import Iterator

from samrap.games.contract.actions import (
    ContractAction,
    Exchange,
    GoDown,
    LayOff,
    Meld,
)
from samrap.games.contract.cards import JOKER
from samrap.games.contract.contracts import LAST_DEAL
from samrap.games.contract.deepcard import (
    deep_only,
    deep_placeable,
    deep_reachable,
    go_down_places_deep,
    may_attach_later,
)
from samrap.games.contract.melds import RUN
from samrap.games.contract.state import OVER_PHASE, ContractState
from samrap.games.contract.transitions import apply_unchecked
from samrap.games.contract.turnmoves import go_down_query, table_moves


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
    if deep >= 0 and hand >> deep & 1 and not s.pending & hand and deep_only(s):
        if s.down >> p & 1:
            return deep_placeable(s, hand, deep)
        return go_down_places_deep(s, hand, deep)
    key = (hand, s.melds, s.pending, deep, s.down)
    if key in memo:
        return memo[key]
    memo[key] = False
    if deep >= 0 and s.down >> p & 1 and hand >> deep & 1 and not deep_reachable(s, hand, s.config.pack.faces[deep]):
        return False
    for a in helpful(s):
        if settles(s, a):
            memo[key] = True
            return True
        t = apply_unchecked(s, a)
        if t.phase is OVER_PHASE or endable(t) or _search(t, memo):
            memo[key] = True
            return True
    return False


def helpful(s: ContractState) -> Iterator[ContractAction]:
    """The moves worth trying when the turn cannot end yet (see the module docstring)."""
    cfg = s.config
    pack = cfg.pack
    p = s.current
    hand = s.hands[p]
    deep_face = pack.faces[s.deep] if s.deep >= 0 and hand >> s.deep & 1 else -1
    if not s.down >> p & 1:
        q = go_down_query(s, minimal=True)
        if s.deal == LAST_DEAL:
            yield from (GoDown(g) for g in q)
            return
        if deep_face >= 0:
            yield from (GoDown(g) for g in q.containing(deep_face))
            if not may_attach_later(s, deep_face):
                return
        yield from (GoDown(g) for g in q)
        return
    # A player who is down: deals 1-6 (in deal 7 going down is going out).
    keep = hand & ~s.pending
    if s.forbid >= 0:
        keep &= ~pack.face_masks[s.forbid]
    if deep_face >= 0:
        keep &= ~(1 << s.deep)
    if not keep:  # everything left must go: all moves
        yield from table_moves(s)
        return
    jokers_needed = bool(s.pending & hand) or deep_face == JOKER
    chain_suit = deep_face // 13 if 0 <= deep_face < JOKER else -1
    for a in table_moves(s):
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


def settles(s: ContractState, a: ContractAction) -> bool:
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
    spare = hand & ~phys_of_faces(pack.face_masks, faces)
    if jokers:
        spare &= ~pack.jokers_mask
    if s.forbid >= 0:
        spare &= ~pack.face_masks[s.forbid]
    return spare


def phys_of_faces(face_masks: tuple[int, ...], faces: int) -> int:
    out = 0
    while faces:
        low = faces & -faces
        out |= face_masks[low.bit_length() - 1]
        faces ^= low
    return out
