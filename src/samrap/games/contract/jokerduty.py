"""Rule 30 for a move that leaves a joker taken by exchange to place (rule 26), answered "yes"
without building the successor where a plain plan is in sight.

An exchange hands the player a joker that must go back on the table this turn (rule 26,
``state.pending``); with the deep card (rule 24) still in hand too, the turn has two duties and
:class:`deepcard.DeepAfterLayOff` (the deep card as the only duty) does not apply, so every
lay-off and exchange of such a player was applied and searched (:func:`lookahead.can_finish`). In
deals with runs most of those searches end at once on the plan this module checks directly:

* the joker goes on a meld that still takes a card (a joker lay-off :func:`turnmoves.table_moves`
  offers on any meld whose ``ext`` is not empty);
* a natural deep card goes on another meld whose end or open suit takes its face as it is;
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
from samrap.games.contract.state import ContractState


class JokerDuty:
    """The quick "yes" of the module docstring for the moves of one position after the draw.

    Precondition (the caller's): the player is down, deals 1-6 (the plan's moves are lay-offs,
    which such a player may always make; other options such as ``melds_after_down`` only add
    ways to end the turn), and either

    * ``pending`` (:meth:`after_layoff`): the player holds the deep card, a natural card, and
      exactly one joker taken by exchange; the move is a lay-off of a natural card of another face
      than the deep card's; or
    * exchanges (:meth:`after_exchange`): no joker taken by exchange in hand yet, nothing else
      pending but the deep card, if held.
    """

    __slots__ = ("deep_face", "deep_takers", "hand", "joker_takers", "spare_mask")

    def __init__(self, s: ContractState, hand: int) -> None:
        pack = s.config.pack
        deep = s.deep
        self.hand = hand
        self.deep_face = pack.faces[deep] if deep >= 0 and hand >> deep & 1 else -1
        face = self.deep_face
        melds = s.melds
        self.joker_takers = [t for t, m in enumerate(melds) if m.ext]
        self.deep_takers = [t for t, m in enumerate(melds) if m.ext >> face & 1] if 0 <= face < JOKER else []
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

    def after_layoff(self, target: int) -> bool:
        """A natural card of another face than the deep card's laid off on ``target`` (the first
        precondition): then the joker and the deep card can go on two other melds."""
        return self._two_places(target)

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
        return self._two_places(-1)
