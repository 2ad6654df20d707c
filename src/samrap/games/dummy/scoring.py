"""Scoring a finished game (rules 22-28, 36 and the modern house rules) as a ledger.

Every point a seat gets or loses is one :class:`LedgerItem`, so a player sees why.
"""

from __future__ import annotations

from samrap.core.cardset import SUIT_MASKS
from samrap.games.dummy.cards import is_speto, mask_value
from samrap.games.dummy.state import DummyState, LedgerItem

#: Thai and English names of every ledger code, for people.
ITEM_NAMES: dict[str, tuple[str, str]] = {
    "table": ("ไพ่บนโต๊ะ", "cards put down"),
    "hand": ("ไพ่ในมือ", "cards in hand"),
    "knock_card": ("ไพ่น็อค", "knock card"),
    "speto_knock": ("น็อคสเปโต", "speto knock card"),
    "colour_knock": ("น็อคสี ×2", "colour knock ×2"),
    "dark_knock": ("น็อคมืด ×2", "dark knock ×2"),
    "fall": ("ตกตึก", "fall off the building"),
    "ngo": ("โง่", "fed the knock (ngo)"),
    "head": ("หัว", "head"),
    "head_penalty": ("ปี้หัว", "gave away the head"),
    "discard_layoff": ("ทิ้งใบฝาก", "discarded a lay-off card"),
    "discard_full": ("ทิ้งเต็ม", "discarded a card that melds with the row"),
    "speto_laid_on": ("โดนฝากสเปโต", "speto laid off on own meld"),
}


def is_dark_knock(s: DummyState) -> bool:
    """The knocker was not born when the knocking turn began (rules 20, 36)."""
    return s.knocker >= 0 and not s.turn_born


#: ``LedgerItem``'s slots, written directly by :func:`_item` (as the frozen dataclass's own
#: ``__init__`` does through ``object.__setattr__``, at under half the cost).
_SEAT, _CODE, _POINTS, _DETAIL = (getattr(LedgerItem, f).__set__ for f in ("seat", "code", "points", "detail"))
_new = object.__new__


def _item(seat: int, code: str, points: int, detail: str = "") -> LedgerItem:
    """``LedgerItem(seat, code, points, detail)``, equal to it, built without the frozen
    ``__init__``: every game ends with some eight of these, about 0.7 us each that way (the
    engine's runner scores every game it plays; docs/performance.md, 2026-12-07 10:10)."""
    item = _new(LedgerItem)
    _SEAT(item, seat)
    _CODE(item, code)
    _POINTS(item, points)
    _DETAIL(item, detail)
    return item


def ledger(s: DummyState) -> tuple[LedgerItem, ...]:
    """The score items of a finished game, grouped by seat (empty before the end)."""
    if not s.is_over:
        return ()
    cfg = s.config
    knocker = s.knocker
    knocked = knocker >= 0
    items, put_down, hands = s.items, s.put_down, s.hands
    out: list[LedgerItem] = []
    for p in range(cfg.players):
        mine: list[LedgerItem] = []
        down = put_down[p]
        if down:
            mine.append(_item(p, "table", mask_value(down), str(down.bit_count())))
        held = hands[p]
        hand = mask_value(held)
        if held:
            mine.append(_item(p, "hand", -hand, str(held.bit_count())))
        if p == knocker:
            if cfg.speto_knock and is_speto(s.knock_card):
                mine.append(_item(p, "speto_knock", 100))
            else:
                mine.append(_item(p, "knock_card", 50))
        if items:  # most games accrue none: no generator a seat for them
            mine.extend(i for i in items if i.seat == p)
        if p == knocker:
            subtotal = sum(i.points for i in mine)
            if cfg.colour_knock and down and any(down & ~m == 0 for m in SUIT_MASKS):
                mine.append(_item(p, "colour_knock", subtotal))
                subtotal *= 2
            if is_dark_knock(s):
                mine.append(_item(p, "dark_knock", subtotal))
        elif not s.born >> p & 1 and held and (knocked or cfg.fall_on_stock_out):
            mine.append(_item(p, "fall", -hand))
        if knocked and p == s.ngo_from:
            pen = cfg.ngo_dark_penalty if is_dark_knock(s) else cfg.ngo_penalty
            mine.append(_item(p, "ngo", -pen))
        out.extend(mine)
    return tuple(out)


def game_scores(s: DummyState) -> tuple[int, ...]:
    """Each seat's points for this game (the sum of its ledger items)."""
    totals = [0] * s.config.players
    for item in ledger(s):
        totals[item.seat] += item.points
    return tuple(totals)


def is_ngo(s: DummyState) -> bool:
    """The game ended in a โง่ (rule 27): the next game reverses direction."""
    return s.knocker >= 0 and s.ngo_from >= 0
