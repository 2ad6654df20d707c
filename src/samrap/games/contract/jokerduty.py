"""Rule 30 for a move that leaves a joker taken by exchange to place (rule 26), answered "yes"
without building the successor where a plain plan is in sight.

An exchange hands the player a joker that must go back on the table this turn (rule 26,
``state.pending``); with the deep card (rule 24) still in hand too, the turn has two duties and
:class:`deeplayoff.DeepAfterLayOff` (the deep card as the only duty) does not apply, so every
lay-off and exchange of such a player was applied and searched (:func:`lookahead.can_finish`). In
deals with runs most of those searches end at once on the plan this module checks directly:

* the joker goes on a meld that still takes a card (a joker lay-off :func:`turnmoves.table_moves`
  offers on any meld whose ``ext`` is not empty);
* a natural deep card goes on another meld whose end or open suit takes its face as it is;
* or, the commonest plan in deals with runs, a run of the deep card's suit grows to it: every
  position between filled from the hand, a natural where the hand holds the face and a joker
  where it does not (:func:`deepcard.growth_paths`), with at least one joker, so that the joker
  taken by exchange is among them (:func:`transitions.pick` lays a pending joker first), and
  no more jokers than the hand holds (no exchange needed);
* then any card left may be discarded (after a deep pick-up nothing is forbidden, rule 25 does
  not apply; with no deep card a forbidden face is left out), or none is left and the player is
  out (rule 19).

Each test is **sufficient only**: ``True`` means that plan works, so :func:`lookahead.is_finishable`
of the successor is true; ``False`` means "not shown", and the caller searches as before. The melds
the plan uses are other than the one the move changes (a lay-off grows its meld; an exchange keeps
its meld's ``ext``, the joker's place taken by the same face) and other than each other, so each
move of the plan is one :func:`turnmoves.table_moves` lists in the state it is played from.
``tests/games/contract/test_jokerduty.py`` checks every "yes" against the plain search.
"""

from __future__ import annotations

from samrap.games.contract.cards import JOKER
from samrap.games.contract.deepcard import growth_paths, placeable
from samrap.games.contract.melds import RUN, TableMeld, pos_face, with_card
from samrap.games.contract.state import ContractState


class JokerDuty:
    """The quick "yes" of the module docstring for the moves of one position after the draw.

    Precondition (the caller's): the player is down, deals 1-6 (the plans' moves are lay-offs,
    which such a player may always make), and either

    * ``pending`` (:meth:`after_layoff`): the player holds the deep card, a natural card, and
      exactly one joker taken by exchange, and lay-offs and exchanges are the only ways to the
      table (:func:`deepcard.deep_only`: no ``melds_after_down``, on which the quick "no" rests);
      the move is a lay-off of a natural card of another face than the deep card's; or
    * exchanges (:meth:`after_exchange`): no joker taken by exchange in hand yet, nothing else
      pending but the deep card, if held.
    """

    __slots__ = (
        "deep_face",
        "deep_takers",
        "exchanges",
        "face_masks",
        "hand",
        "joker_takers",
        "jokers_mask",
        "pack",
        "runs",
        "spare_mask",
    )

    def __init__(self, s: ContractState, hand: int) -> None:
        pack = s.config.pack
        deep = s.deep
        self.hand = hand
        self.deep_face = pack.faces[deep] if deep >= 0 and hand >> deep & 1 else -1
        face = self.deep_face
        melds = s.melds
        self.joker_takers = [t for t, m in enumerate(melds) if m.ext]
        self.deep_takers = [t for t, m in enumerate(melds) if m.ext >> face & 1] if 0 <= face < JOKER else []
        # The runs of a natural deep card's suit, by table index: the chain plan grows one of them.
        suit = face // 13
        self.runs = (
            [(t, m) for t, m in enumerate(melds) if m.kind == RUN and m.key == suit] if 0 <= face < JOKER else []
        )
        self.face_masks = pack.face_masks
        self.pack = pack
        self.exchanges = not s.went_down
        self.jokers_mask = pack.jokers_mask
        # Cards that may be discarded once the duties are met: all but a forbidden face (rule 25).
        self.spare_mask = ~pack.face_masks[s.forbid] if s.forbid >= 0 else -1

    def _two_places(self, changed: int) -> bool:
        """A meld other than ``changed`` takes the deep card's face, and yet another one a joker."""
        for v in self.deep_takers:
            if v != changed:
                for u in self.joker_takers:
                    if u != changed and u != v:
                        return True
        return False

    def _chain(self, hand: int, changed: int, face: int, more_jokers: int = 0) -> bool:
        """The chain plan of the module docstring with ``hand`` after the move (and
        ``more_jokers`` it got), the meld ``changed`` having taken a natural card of ``face``
        (-1: no meld changed)."""
        if not self.runs:
            return False
        jokers = (hand & self.jokers_mask).bit_count() + more_jokers
        if not jokers:
            return False
        d = self.deep_face
        suit, r = d // 13, d % 13
        face_masks = self.face_masks
        for t, m in self.runs:
            if t == changed:
                m = with_card(m, face, 0, False)
            for path in growth_paths(m.lo, m.hi, r):
                gaps = 0
                for q in path:
                    if not hand & face_masks[pos_face(suit, q)]:
                        gaps += 1
                        if gaps > jokers:
                            break
                if 0 < gaps <= jokers:
                    return True
        return False

    def after_layoff(self, melds: tuple[TableMeld, ...], target: int, face: int) -> bool | None:
        """A natural card of ``face``, another than the deep card's, laid off on table meld
        ``target`` of ``melds`` (the first precondition): ``True`` when the joker and the deep
        card go on two other melds, or the joker helps a run of the deep card's suit grow to it;
        ``False`` when even a free joker would not get the deep card down (:func:`deepcard.placeable`
        of the table and hand after the lay-off, the joker counted as any joker in hand: exact for
        the deep card as the only duty, and the joker still to place only adds a duty); ``None``:
        neither shown, the search decides."""
        if self._two_places(target):
            return True
        copies = self.hand & self.face_masks[face]
        hand = self.hand & ~(copies & -copies)
        if self._chain(hand, target, face):
            return True
        grown = (*melds[:target], with_card(melds[target], face, 0, False), *melds[target + 1 :])
        ext = 0
        for m in grown:
            ext |= m.ext
        if not placeable(self.pack, grown, ext, self.exchanges, hand, self.deep_face):
            return False
        return None

    def after_exchange(self, face: int, copy_mask: int) -> bool:
        """The natural ``face`` put in a run for its joker (the second precondition;
        ``copy_mask``: the hand's copies of ``face``). The exchange keeps the run's ``ext``.

        If the deep card is of ``face`` it is the copy that goes (:func:`transitions.pick`), which
        meets that duty; then the joker needs one meld that takes a card, and a discardable card
        left (or none: out). With the deep card of another face still held, the two-melds plan."""
        face_d = self.deep_face
        if face_d < 0 or face_d == face:
            if not self.joker_takers:
                return False
            rest = self.hand & ~(copy_mask & -copy_mask)  # (one copy of ``face`` goes; copies are alike here)
            return not rest or rest & self.spare_mask != 0
        if face_d == JOKER:
            return False
        if self._two_places(-1):
            return True
        # (the hand gives one copy of ``face`` and gets the joker; the run keeps its ends)
        return self._chain(self.hand & ~(copy_mask & -copy_mask), -1, face, 1)
