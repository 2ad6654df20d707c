"""A game's ledger as the match runner keeps it: lines detached from the game's own item class.

A game's ``ledger(final)`` gives its own items (Dummy's and Contract Rummy's ``LedgerItem``);
records, replays and the tables compare :class:`LedgerLine` values, which any game's items turn
into (:func:`ledger_lines`). The runner keeps the items in a :class:`LedgerLines` sequence
that makes the lines when first read, and sums the scores from them (:func:`ledger_scores`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from samrap.engine.lazytuple import LazyTuple
from samrap.engine.protocol import LedgerItemLike


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One ledger item, detached from the game's own class (records and replays compare these)."""

    seat: int
    code: str
    points: int
    detail: str = ""

    @classmethod
    def of(cls, item: LedgerItemLike) -> LedgerLine:
        return cls(item.seat, item.code, item.points, item.detail)


#: ``LedgerLine``'s slots, written directly by :func:`ledger_lines` (as the frozen dataclass's
#: own ``__init__`` does through ``object.__setattr__``, at a third of the cost).
_SEAT, _CODE, _POINTS, _DETAIL = (getattr(LedgerLine, f).__set__ for f in ("seat", "code", "points", "detail"))


def ledger_lines(items: Iterable[LedgerItemLike]) -> tuple[LedgerLine, ...]:
    """The game's ledger items as :class:`LedgerLine` (each equal to ``LedgerLine.of(item)``);
    about 3 us instead of 9 us for a Dummy ledger, when a runner's ledger is first read
    (:class:`LedgerLines`) and for every game a record replays."""
    out = []
    new = object.__new__
    for item in items:
        line = new(LedgerLine)
        _SEAT(line, item.seat)
        _CODE(line, item.code)
        _POINTS(line, item.points)
        _DETAIL(line, item.detail)
        out.append(line)
    return tuple(out)


class LedgerLines(LazyTuple[LedgerLine]):
    """A game's ledger as :class:`LedgerLine`, the lines made when first read.

    The match runner keeps the game's own ledger items and hands this sequence out; a record, a
    replay or a person reading it gets the lines (:func:`ledger_lines`), while ``samrap simulate``,
    which only adds up seats, codes and points, reads the items themselves (:attr:`items`) and
    never makes a line (some 2.4 us a Dummy game; docs/performance.md, 2026-12-07 10:10). It
    equals any sequence of the same lines (a tuple read from a record included), hashes as that
    tuple and travels to other processes as a plain tuple.
    """

    __slots__ = ("_items", "_lines")

    def __init__(self, items: Sequence[LedgerItemLike]) -> None:
        self._items = items
        self._lines: tuple[LedgerLine, ...] | None = None

    @property
    def items(self) -> Sequence[LedgerItemLike]:
        """The game's own items, one for each line and equal to it field for field."""
        return self._items

    def _all(self) -> tuple[LedgerLine, ...]:
        if self._lines is None:
            self._lines = ledger_lines(self._items)
        return self._lines

    def __len__(self) -> int:
        return len(self._items)


def ledger_items(ledger: Sequence[LedgerLine]) -> Sequence[LedgerItemLike]:
    """What to read a ledger's seats, codes and points from without making its lines: the game's
    items of a runner's :class:`LedgerLines`, else the ledger itself."""
    return ledger.items if type(ledger) is LedgerLines else ledger


def ledger_scores(ledger: Sequence[LedgerItemLike], players: int) -> tuple[int, ...]:
    """Each seat's points: the sum of its ledger items.

    Both games define their ``returns`` so (Dummy's ``scoring.game_scores``, Contract Rummy's
    ``scoring.deal_scores``), and the runner sums the ledger it already has rather than asking
    the game to build it a second time (a Dummy ledger costs about 30 us, half a random game's
    per-game work). ``tests/engine/test_match.py`` checks the two agree for every game.
    """
    totals = [0] * players
    for item in ledger:
        totals[item.seat] += item.points
    return tuple(totals)
