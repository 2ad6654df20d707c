"""The deep-card duty after a lay-off (rules 24, 30): :class:`DeepAfterLayOff`, the judge of each
lay-off of a player who is down and holds the deep card as the turn's only duty.

A module of its own, beside :mod:`deepcard` (the duty's other checks), so that the judge can keep
what every lay-off of one position asks again: the table's runs :func:`deepcard.placeable` reads
and the open faces of the table less each meld, worked out once a position, not once a lay-off.
``tests/games/contract/test_rule30_fast.py`` checks the judge against the reference search.
"""

from __future__ import annotations

from samrap.games.contract.actions import LayOff
from samrap.games.contract.cards import JOKER
from samrap.games.contract.deepcard import placeable, placeable_on_runs
from samrap.games.contract.melds import RUN, TableMeld, table_summary, with_card
from samrap.games.contract.state import ContractState


class DeepAfterLayOff:
    """Rule 30 for a lay-off that does not put the deep card down, by a player who is down and
    holds it as the turn's only duty (:func:`deepcard.deep_only`, no exchanged joker in hand), without
    building the successor. The deep card still in hand makes every discard wait, so the turn can
    end after the lay-off exactly when :func:`deepcard.deep_placeable` holds for the state it
    leads to: :meth:`ok` asks :func:`deepcard.placeable` of that state's table and hand (the hand less one card of
    the face laid off: copies of a face are alike to it), with three shortcuts:

    * a meld other than the lay-off's, or that meld after it, still takes a natural deep card's
      face as it is: true;
    * a joker deep card: true when some meld still takes a card after, false when none does;
    * a natural deep card no meld takes, laid-off on a meld ``m`` that is no run of its suit:
      that changes no run the card could grow from, adds no meld end taking it (a set's open
      suits only shrink, a run of another suit stays in its suit) and no joker standing for it
      or on its runs' paths. So, when some meld still takes a card, it is this table's answer for
      the smaller hand (remembered by hand), except that a joker laid on a run adds an
      exchangeable joker, which only ever helps: a "no" there (exchanges allowed) asks the
      successor's table. ``None``: the lay-off would put the deep card itself down (the caller's
      spare-card test).
    """

    __slots__ = (
        "by_hand",
        "deep",
        "ext",
        "ext_without",
        "face",
        "face_masks",
        "hand",
        "jokers_mask",
        "open_melds",
        "runs",
        "s",
        "takers",
    )

    def __init__(self, s: ContractState, hand: int, deep: int) -> None:
        pack = s.config.pack
        self.s = s
        self.hand = hand
        self.deep = deep
        self.face = face = pack.faces[deep]
        self.ext = ext = table_summary(s.melds).ext
        self.jokers_mask = pack.jokers_mask
        self.face_masks = pack.face_masks
        # The melds taking the face (none unless the table's open faces hold it: ``ext`` has no
        # joker bit 52), and the number of melds taking a card, counted when first asked (-1).
        self.open_melds = -1
        self.takers = takers = list[int]()
        if ext >> face & 1:
            for t, m in enumerate(s.melds):
                if m.ext >> face & 1:
                    takers.append(t)
        self.by_hand: dict[int, bool] = {}  # hand after the lay-off -> placeable on this table
        # Worked out when first asked (many positions ask no placeable at all): the runs placeable
        # reads, as (index, meld), and per meld index the open faces of the other melds.
        self.runs: list[tuple[int, TableMeld]] | None = None
        self.ext_without: dict[int, int] = {}

    def ok(self, a: LayOff) -> bool | None:
        s = self.s
        face = self.face
        f, t, joker = a.face, a.target, a.joker
        if joker if face == JOKER else not joker and f == face:
            return None  # (the deep card itself would go)
        m = s.melds[t]
        if face == JOKER:
            return self._open_melds() > 1 or with_card(m, f, 0, joker).ext != 0
        takers = self.takers
        hand = self.hand
        gone = hand & (self.jokers_mask if joker else self.face_masks[f])
        after = hand & ~(gone & -gone)
        if takers and (len(takers) > 1 or takers[0] != t):
            return True
        if takers or (m.kind == RUN and m.key == face // 13):
            grown = with_card(m, f, 0, joker)
            if takers and grown.ext >> face & 1:
                return True
            return self._after(t, grown, after)
        if self._open_melds() == 1 and not with_card(m, f, 0, joker).ext:
            return False
        ok = self.by_hand.get(after)
        if ok is None:
            if self.ext >> face & 1 or not self.ext:  # (placeable's own first answers)
                ok = placeable(s.config.pack, s.melds, self.ext, not s.went_down, after, face)
            else:
                runs = self.runs if self.runs is not None else self._runs()
                ok = placeable_on_runs(s.config.pack, [m for _, m in runs], not s.went_down, after, face)
            self.by_hand[after] = ok
        if ok or not joker or m.kind != RUN or s.went_down:
            return ok
        return self._after(t, with_card(m, f, 0, joker), after)

    def _open_melds(self) -> int:
        """How many melds of the table take a card (counted once, when first asked)."""
        n = self.open_melds
        if n < 0:
            n = 0
            for m in self.s.melds:
                if m.ext:
                    n += 1
            self.open_melds = n
        return n

    def _runs(self) -> list[tuple[int, TableMeld]]:
        """The table's runs :func:`deepcard.placeable` reads for the deep card's face: those with
        a joker (exchanges allowed: not after going down this turn) or of its suit, by index."""
        s = self.s
        exchanges = not s.went_down
        suit = self.face // 13
        runs = [(t, m) for t, m in enumerate(s.melds) if m.kind == RUN and ((exchanges and m.jokers) or m.key == suit)]
        self.runs = runs
        return runs

    def _after(self, t: int, grown: TableMeld, hand: int) -> bool:
        """:func:`deepcard.placeable` on the table with meld ``t`` replaced by ``grown``, holding
        ``hand`` (a natural deep card): the open faces are the other melds' and ``grown``'s, the
        runs read the table's but meld ``t`` and ``grown`` when it is one (placeable's answer
        does not depend on their order), so the table is not rebuilt."""
        s = self.s
        ext = self.ext_without.get(t)
        if ext is None:
            ext = 0
            for i, m in enumerate(s.melds):
                if i != t:
                    ext |= m.ext
            self.ext_without[t] = ext
        ext |= grown.ext
        face = self.face
        if ext >> face & 1:
            return True
        if not ext:
            return False
        exchanges = not s.went_down
        runs = [m for i, m in (self.runs if self.runs is not None else self._runs()) if i != t]
        if grown.kind == RUN and ((exchanges and grown.jokers) or grown.key == face // 13):
            runs.append(grown)
        return placeable_on_runs(s.config.pack, runs, exchanges, hand, face)
