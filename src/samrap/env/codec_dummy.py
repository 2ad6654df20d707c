"""The Thai Dummy action codec: a fixed integer id for every action under one :class:`DummyConfig`.

Id layout (``M`` = the number of melds one deck holds under the config: 329, or 369 with
``ace_low``; ``T`` = 17 table meld slots, since a meld has at least 3 of the 52 cards; ``K`` =
``knock_variants``, 16 by default)::

    draw            1       D
    pass            1       - (the last turn after the stock ran out)
    collect         M       C<i> <meld>: by the meld's id; the row index i is the oldest row card
                            of the meld (the target), so the meld alone names the collect
    collect_layoff  52*T    C<i> ><t> (only with collect_to_layoff): target card * T + meld slot t
    meld            M       M <meld>: by the meld's id
    layoff          52*T    L <card>><t>: card * T + meld slot t
    discard         52      X <card>: the card
    knock           52*K    K <card> ...: face-down card * K + v, where v is the knock's place among
                            the state's legal knocks with that face-down card, in legal order

Meld ids number every meld of one deck (sets and runs valid under the config) in ascending mask
order (``samrap.core.melds.melds_in`` of the full deck). Why a collect needs no row index: a
collect's meld holds its target and otherwise hand cards and row cards *newer* than the target
(rule 31), so the target is the oldest row card in the meld.

The one cap: a knock puts the whole hand down, and the same face-down card can go with several
partitions of the rest (different melds, or a card laid off instead of melded). Only the first
``K`` of them per face-down card get an id; the rest are left out of the mask. Every face-down
card that can knock keeps at least one id, and partitions of the same cards score the same
except for the modern โดนฝากสเปโต penalty, so the cap costs an agent (almost) nothing. In random
play no state comes near 16 (see ``docs/env.md`` for the measured counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from samrap.core.cards import card_str
from samrap.core.cardset import FULL_DECK, CardSet, set_str
from samrap.core.melds import melds_in
from samrap.env.codec import CodecError, Segment, segment_of
from samrap.games.dummy import rules
from samrap.games.dummy.actions import DRAW, PASS, Collect, Discard, Draw, DummyAction, Knock, LayOff, Meld, Pass
from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.state import DummyState

#: Table meld slots: no more than 52 // 3 melds fit on the table.
TABLE_SLOTS = 52 // 3
#: Default number of ids per knock face-down card.
KNOCK_VARIANTS = 16


@cache
def meld_table(ace_low: bool) -> tuple[CardSet, ...]:
    """Every meld of one deck under the ace rule, ascending by mask: meld id -> mask."""
    return tuple(dict.fromkeys(melds_in(FULL_DECK, ace_low)))


class DummyCodec:
    """Actions <-> ids for Thai Dummy under ``config`` (see the module docstring for the layout)."""

    __slots__ = (
        "_collect",
        "_collect_layoff",
        "_discard",
        "_draw",
        "_knock",
        "_layoff",
        "_meld",
        "_meld_id",
        "_pass",
        "config",
        "knock_variants",
        "melds",
        "num_actions",
        "segments",
    )

    def __init__(self, config: DummyConfig, *, knock_variants: int = KNOCK_VARIANTS) -> None:
        if knock_variants < 1:
            raise ValueError("knock_variants must be at least 1")
        self.config = config
        self.knock_variants = knock_variants
        self.melds = meld_table(config.ace_low)
        self._meld_id = {m: i for i, m in enumerate(self.melds)}
        n_melds = len(self.melds)
        k = knock_variants
        sizes = [
            ("draw", 1, "0: draw from the stock"),
            ("pass", 1, "0: pass the last turn (rule 35)"),
            ("collect", n_melds, "meld id of the collect's meld (the target is its oldest row card)"),
            (
                "collect_layoff",
                52 * TABLE_SLOTS if config.collect_to_layoff else 0,
                f"target card * {TABLE_SLOTS} + table meld index",
            ),
            ("meld", n_melds, "meld id"),
            ("layoff", 52 * TABLE_SLOTS, f"card * {TABLE_SLOTS} + table meld index"),
            ("discard", 52, "card"),
            ("knock", 52 * k, f"face-down card * {k} + rank among the legal knocks with that card"),
        ]
        segs: list[Segment] = []
        start = 0
        for name, size, layout in sizes:
            segs.append(Segment(name, start, size, layout))
            start += size
        self.segments = tuple(segs)
        self.num_actions = start
        (
            self._draw,
            self._pass,
            self._collect,
            self._collect_layoff,
            self._meld,
            self._layoff,
            self._discard,
            self._knock,
        ) = (s.start for s in segs)

    def __repr__(self) -> str:
        return f"DummyCodec({self.config.to_string()!r}, knock_variants={self.knock_variants})"

    # -----------------------------------------------------------------------------------------
    # Encoding

    def legal_map(self, s: DummyState, legal: Sequence[DummyAction]) -> dict[int, DummyAction]:
        """Id -> action for ``legal`` (the legal actions of ``s``, in legal order).

        Knocks past ``knock_variants`` for their face-down card are left out (module docstring).
        """
        out: dict[int, DummyAction] = {}
        meld_id = self._meld_id
        knocks_seen: dict[int, int] = {}
        discard = self._discard
        for a in legal:
            kind = type(a)  # dispatch on the exact class, commonest first (a discard most turns)
            if kind is Discard:
                out[discard + a.card] = a  # type: ignore[union-attr]
            elif kind is Draw:
                out[self._draw] = a
            elif isinstance(a, Collect):
                if a.onto >= 0:
                    out[self._collect_layoff + s.row[a.index] * TABLE_SLOTS + a.onto] = a
                else:
                    out[self._collect + meld_id[a.meld]] = a
            elif kind is Meld:
                out[self._meld + meld_id[a.cards]] = a  # type: ignore[union-attr]
            elif kind is LayOff:
                out[self._layoff + a.card * TABLE_SLOTS + a.target] = a  # type: ignore[union-attr]
            elif kind is Knock:
                card = a.card  # type: ignore[union-attr]
                v = knocks_seen.get(card, 0)
                knocks_seen[card] = v + 1
                if v < self.knock_variants:
                    out[self._knock + card * self.knock_variants + v] = a
            else:
                out[self._pass] = a
        return out

    def encode(self, s: DummyState, a: DummyAction) -> int:
        """The id of action ``a`` in state ``s``.

        Only knocks need the legal actions of ``s`` (their id counts the legal knocks before them);
        other actions are encoded from their fields (a collect-to-layoff also reads the row).

        Raises:
            CodecError: ``a`` is a knock that is not legal in ``s`` or is past the variant cap,
                or names a meld or table slot that does not exist.
        """
        match a:
            case Draw():
                return self._draw
            case Pass():
                return self._pass
            case Discard(card=c):
                return self._discard + c
            case Collect(meld=m, onto=onto, index=i):
                if onto >= 0:
                    if not self.config.collect_to_layoff:
                        raise CodecError("collect_to_layoff is off under this config")
                    if not 0 <= i < len(s.row) or not 0 <= onto < TABLE_SLOTS:
                        raise CodecError(f"no row card {i} or meld slot {onto}")
                    return self._collect_layoff + s.row[i] * TABLE_SLOTS + onto
                return self._collect + self._id_of_meld(m)
            case Meld(cards=m):
                return self._meld + self._id_of_meld(m)
            case LayOff(card=c, target=t):
                if not 0 <= t < TABLE_SLOTS:
                    raise CodecError(f"no table meld slot {t}")
                return self._layoff + c * TABLE_SLOTS + t
            case Knock(card=c):
                v = 0
                for b in rules.legal_moves(s):
                    if isinstance(b, Knock) and b.card == c:
                        if b == a:
                            if v >= self.knock_variants:
                                raise CodecError(
                                    f"knock {a.text()} is variant {v} of its face-down card, past the cap "
                                    f"of {self.knock_variants}"
                                )
                            return self._knock + c * self.knock_variants + v
                        v += 1
                raise CodecError(f"knock {a.text()} is not legal here, so it has no id")
        raise CodecError(f"not a Dummy action: {a!r}")

    def _id_of_meld(self, m: CardSet) -> int:
        try:
            return self._meld_id[m]
        except KeyError:
            raise CodecError(f"{set_str(m)} is not a meld under {self.config.to_string()}") from None

    # -----------------------------------------------------------------------------------------
    # Decoding

    def decode(self, s: DummyState, i: int) -> DummyAction:
        """The action id ``i`` names in state ``s`` (whether or not it is legal there).

        Raises:
            CodecError: ``i`` is out of range, or names nothing in ``s`` (a collect whose meld
                holds no row card, a knock variant the state does not have).
        """
        seg = segment_of(self.segments, i)
        j = i - seg.start
        match seg.name:
            case "draw":
                return DRAW
            case "pass":
                return PASS
            case "collect":
                m = self.melds[j]
                where = [k for k, c in enumerate(s.row) if m >> c & 1]
                if not where:
                    raise CodecError(f"collect id {i}: the meld {set_str(m)} holds no row card")
                return Collect(min(where), m)
            case "collect_layoff":
                card, onto = divmod(j, TABLE_SLOTS)
                if card not in s.row:
                    raise CodecError(f"collect id {i}: {card_str(card)} is not in the row")
                return Collect(s.row.index(card), 0, onto)
            case "meld":
                return Meld(self.melds[j])
            case "layoff":
                card, t = divmod(j, TABLE_SLOTS)
                return LayOff(card, t)
            case "discard":
                return Discard(j)
            case _:  # knock
                card, v = divmod(j, self.knock_variants)
                knocks = [b for b in rules.legal_moves(s) if isinstance(b, Knock) and b.card == card]
                if v >= len(knocks):
                    raise CodecError(f"knock id {i}: no knock variant {v} with {card_str(card)} face down here")
                return knocks[v]

    def describe(self, i: int) -> str:
        """A state-free description of id ``i`` (for docs, logs and debugging)."""
        seg = segment_of(self.segments, i)
        j = i - seg.start
        match seg.name:
            case "draw":
                return "D"
            case "pass":
                return "-"
            case "collect":
                return f"C? {set_str(self.melds[j])}"
            case "collect_layoff":
                card, onto = divmod(j, TABLE_SLOTS)
                return f"C({card_str(card)}) >{onto}"
            case "meld":
                return f"M {set_str(self.melds[j])}"
            case "layoff":
                card, t = divmod(j, TABLE_SLOTS)
                return f"L {card_str(card)}>{t}"
            case "discard":
                return f"X {card_str(j)}"
            case _:
                card, v = divmod(j, self.knock_variants)
                return f"K {card_str(card)} #{v}"
