"""DummyState: the full state of one Thai Dummy game as an immutable value.

Zones are card bitmasks (hands, table melds, what each seat put down); the stock is the dealt
deck order plus a position, so draws are deterministic once the deal is known (DESIGN §7.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from samrap.core.cardset import CardSet
from samrap.games.dummy.config import DummyConfig


class Phase(IntEnum):
    DRAW = 0  # draw or collect (rule 11)
    PLAY = 1  # meld, lay off, then discard or knock (rules 16-19)
    LAST_DRAW = 2  # the stock is out: collect and knock, or pass (rules 21, 35)
    LAST_PLAY = 3  # after that last collect: melds and lay-offs that keep a knock possible, then knock (rule 35)
    OVER = 4


PHASE_NAMES = {
    Phase.DRAW: "draw",
    Phase.PLAY: "play",
    Phase.LAST_DRAW: "lastdraw",
    Phase.LAST_PLAY: "lastplay",
    Phase.OVER: "over",
}


@dataclass(frozen=True, slots=True)
class LedgerItem:
    """One line of a game's score: who, what (a code with Thai and English names), how many points."""

    seat: int
    code: str
    points: int
    detail: str = ""


#: ``putdown.table_reach``'s value: every card that extends some table meld, and (meld index, its
#: extension cards) for each meld that can still grow, in table order.
TableReach = tuple[CardSet, tuple[tuple[int, CardSet], ...]]


class DummyState(NamedTuple):
    """Everything about one game; rule numbers refer to ``docs/rules/dummy.md``.

    An immutable value. It is a ``NamedTuple`` rather than a frozen dataclass for speed: building
    a successor state is the commonest operation of every playout, and a 24-field frozen dataclass
    costs about 5 µs to construct against 0.5 µs for a named tuple (measured with ``timeit`` on
    CPython 3.11). Use ``state._replace(field=value)`` to derive a changed copy.

    Attributes:
        deck: the dealt deck order (the game's one chance event); hands were dealt from its front.
        stock_pos, stock_end: the next stock card is ``deck[stock_pos]``; the stock is empty at
            ``stock_end`` (47 with the two-player burn, else 52).
        row, row_by: the discard row oldest first, and who discarded each card (-1: the first upcard).
        melds, meld_owner: table melds in the order they were put down, and their owners.
        put_down: per seat, every card that seat put face up on the table (scores for it, rule 23).
        known: per seat, cards collected from the row that are still in hand (everyone saw them).
        born: seat bitmask of born players (rule 14).
        layoffs: per seat, cards laid off this game (rule 17 option).
        turn_born: whether the player to move was born when the turn began (dark knock, rule 20).
        ngo_from: the seat a โง่ would punish if the player to move knocks this turn, else -1.
        head: the first upcard (หัว), for the modern head rules.
        items: ledger items accrued during play (modern penalties and bonuses).
        scores: match totals before this game (shown to everyone).
        row_cards: the cards of ``row`` as a mask, derived (kept with the row: the collect listing
            reads it on every draw, and a loop over the row cost it 500 instructions a card).
        reach: ``putdown.table_reach(melds, config.ace_low)``, derived: every card that extends
            a table meld, and (index, cards) per meld that can grow. Kept with the table and
            updated a meld at a time by the transitions, because every play listing reads it and
            the table changes every few actions (a miss cost 14,800 instructions).
        knocker, knock_card: who knocked and their face-down card, once the game is over.

    The derived fields are no part of the position string; every constructor derives them
    (``rules.new_game``, ``notation``, ``observe.resample``), and ``putdown.with_derived`` gives
    them again for a state changed with ``_replace``.
    """

    config: DummyConfig
    phase: Phase
    current: int
    direction: int
    starter: int
    deck: tuple[int, ...]
    stock_pos: int
    stock_end: int
    hands: tuple[CardSet, ...]
    row: tuple[int, ...]
    row_by: tuple[int, ...]
    melds: tuple[CardSet, ...]
    meld_owner: tuple[int, ...]
    put_down: tuple[CardSet, ...]
    known: tuple[CardSet, ...]
    born: int
    layoffs: tuple[int, ...]
    turn_born: bool
    ngo_from: int
    head: int
    items: tuple[LedgerItem, ...]
    scores: tuple[int, ...]
    row_cards: CardSet
    reach: TableReach
    knocker: int = -1
    knock_card: int = -1

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def stock_size(self) -> int:
        return self.stock_end - self.stock_pos

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def is_born(self, seat: int) -> bool:
        return bool(self.born >> seat & 1)

    def to_string(self) -> str:
        """The one-line position string (``docs/notation.md``)."""
        from samrap.games.dummy.notation import state_to_string

        return state_to_string(self)

    @classmethod
    def from_string(cls, text: str) -> DummyState:
        from samrap.games.dummy.notation import state_from_string

        return state_from_string(text)

    def __repr__(self) -> str:
        return f"DummyState.from_string({self.to_string()!r})"


def field_index(name: str) -> int:
    """The position of field ``name`` in :class:`DummyState`, for the hot transitions of ``rules``.

    A successor state there is built as ``list(s)`` with the changed fields set by these named
    positions, then ``tuple.__new__(DummyState, ...)``: as fast as writing the 24 values out (callgrind:
    7,728 against 7,780 instructions for a discard's successor; a generated builder function costs
    about 8,300-9,000), and a field added to or moved in :class:`DummyState` is followed without
    touching the transitions. A misspelt name fails at import.

    Raises:
        ValueError: ``name`` is not a field of :class:`DummyState`.
    """
    if name not in DummyState._fields:
        raise ValueError(f"{name!r} is not a field of DummyState")
    return DummyState._fields.index(name)
