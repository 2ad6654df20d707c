"""ContractState: the full state of one Contract Rummy deal as an immutable value.

Zones are masks of physical card ids (see :mod:`cards`); the stock is a tuple in draw order, so
draws are deterministic once the deal is known. The only other chance event, the empty-stock
reshuffle (rule 28), is a shuffle seeded from ``seed`` and the reshuffle count, so a whole deal
replays from its first deck order and that seed (DESIGN §7.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from samrap.games.contract.config import ContractConfig
from samrap.games.contract.melds import Spec, TableMeld


class Phase(IntEnum):
    DRAW = 0  # the player to move draws from the stock or the discard pile (rule 12)
    PLAY = 1  # go down, lay off, exchange jokers, then discard or go out (rules 13-17)
    CLAIM = 2  # liverpool: the declined top discard may be bought, one seat asked at a time
    OVER = 3


#: The phases as plain module constants: looking a member up on an ``Enum`` class costs about
#: 60 ns in Python 3.11, a module global a tenth of that, and the hot paths ask on every move.
DRAW_PHASE, PLAY_PHASE, CLAIM_PHASE, OVER_PHASE = Phase.DRAW, Phase.PLAY, Phase.CLAIM, Phase.OVER

PHASE_NAMES = {Phase.DRAW: "draw", Phase.PLAY: "play", Phase.CLAIM: "claim", Phase.OVER: "over"}


@dataclass(frozen=True, slots=True)
class LedgerItem:
    """One line of a deal's score: who, what (a code with Thai and English names), how many points."""

    seat: int
    code: str
    points: int
    detail: str = ""


class ContractState(NamedTuple):
    """Everything about one deal; rule numbers refer to ``docs/rules/contract.md``.

    An immutable value. Like ``DummyState`` it is a ``NamedTuple`` rather than a frozen dataclass
    for speed: building successors is the commonest operation of every playout and of the rule-30
    search, and a 23-field frozen dataclass costs many times more to construct. Derive a changed
    copy with ``state._replace(field=value)``.

    Attributes:
        deal: 1..7, which fixes the hand size and the contract (rules 5, 7).
        dealer: the dealer's seat; the seat after it played first (rule 6).
        phase, current: the phase and the seat whose turn it is.
        claimer: in the claim phase, the seat asked whether it buys the top discard; else -1.
        hands: each seat's cards.
        known: per seat, cards in hand everyone has seen go there (taken from the pile, bought,
            or a joker taken back by exchange, rules 12 and 26).
        stock: the stock in draw order (``stock[0]`` is drawn next).
        pile: the discard pile, oldest first (``pile[-1]`` is the top).
        melds: table melds in the order they were put down.
        down: bitmask of seats that have gone down (rule 13).
        went_down: the player to move went down this turn (rules 16, 26: no joker exchange yet).
        forbid: the face the player to move may not discard this turn (rule 25), or -1.
        deep: the deep card taken this turn that must reach the table this turn (rules 12, 24), or -1.
        pending: jokers taken by exchange this turn and not yet put back (rules 16, 26).
        buys: buys each seat made this deal (liverpool).
        reshuffles: empty-stock reshuffles so far (rule 28).
        seed: where the reshuffles' order comes from (hidden from every seat).
        turns: turns completed this deal.
        scores: match totals before this deal (shown to everyone).
        out: the seat that went out (rule 19), or -1.
        staging: the melds chosen so far of a go-down the player to move is putting down a meld
            at a time (``actions.GoDownMeld``, ``rules.legal_actions``), in ``Spec.order_key``
            order; their cards stay in the hand and nothing reaches the table until the last
            meld (rule 22: the go-down is one move). Empty otherwise, and in every state the
            move-level listing (``rules.legal_moves``) leads to.
    """

    config: ContractConfig
    deal: int
    dealer: int
    phase: Phase
    current: int
    claimer: int
    hands: tuple[int, ...]
    known: tuple[int, ...]
    stock: tuple[int, ...]
    pile: tuple[int, ...]
    melds: tuple[TableMeld, ...]
    down: int
    went_down: bool
    forbid: int
    deep: int
    pending: int
    buys: tuple[int, ...]
    reshuffles: int
    seed: int
    turns: int
    scores: tuple[int, ...]
    out: int = -1
    staging: tuple[Spec, ...] = ()

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def is_over(self) -> bool:
        return self.phase is OVER_PHASE

    def is_down(self, seat: int) -> bool:
        return bool(self.down >> seat & 1)

    def to_move(self) -> int:
        """The seat that acts next: the claimer during a claim window, else the player in turn."""
        return self.claimer if self.phase is CLAIM_PHASE else self.current

    def to_string(self) -> str:
        """The one-line position string (``docs/notation-contract.md``)."""
        from samrap.games.contract.notation import state_to_string

        return state_to_string(self)

    @classmethod
    def from_string(cls, text: str) -> ContractState:
        from samrap.games.contract.notation import state_from_string

        return state_from_string(text)

    def __repr__(self) -> str:
        return f"ContractState.from_string({self.to_string()!r})"


def field_index(name: str) -> int:
    """The position of field ``name`` in :class:`ContractState`, for the hot transitions.

    A successor state there is built as ``list(s)`` with the changed fields set by these named
    positions (fields read from that list too: a named tuple's attribute costs about 200
    instructions on CPython 3.11, a list item a tenth), then ``tuple.__new__(ContractState, ...)``,
    which skips the named tuple's Python-level ``__new__``. A field added to or moved in
    :class:`ContractState` is followed without touching the transitions; a misspelt name fails at
    import. Callgrind, 4-player deals 1-7 (``bench/fixed_playout.py``): 119,656 instructions per
    action against 120,028 with the 22 positional values this replaced (generated builder
    functions called by keyword cost 1,600 to 3,400 more per discard than either).

    Raises:
        ValueError: ``name`` is not a field of :class:`ContractState`.
    """
    if name not in ContractState._fields:
        raise ValueError(f"{name!r} is not a field of ContractState")
    return ContractState._fields.index(name)
