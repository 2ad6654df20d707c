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


def ledger(s: DummyState) -> tuple[LedgerItem, ...]:
    """The score items of a finished game, grouped by seat (empty before the end)."""
    if not s.is_over:
        return ()
    cfg = s.config
    knocked = s.knocker >= 0
    out: list[LedgerItem] = []
    for p in range(cfg.players):
        mine: list[LedgerItem] = []
        table = mask_value(s.put_down[p])
        if s.put_down[p]:
            mine.append(LedgerItem(p, "table", table, str(s.put_down[p].bit_count())))
        hand = mask_value(s.hands[p])
        if s.hands[p]:
            mine.append(LedgerItem(p, "hand", -hand, str(s.hands[p].bit_count())))
        if p == s.knocker:
            if cfg.speto_knock and is_speto(s.knock_card):
                mine.append(LedgerItem(p, "speto_knock", 100))
            else:
                mine.append(LedgerItem(p, "knock_card", 50))
        mine.extend(i for i in s.items if i.seat == p)
        if p == s.knocker:
            subtotal = sum(i.points for i in mine)
            if cfg.colour_knock and s.put_down[p] and any(s.put_down[p] & ~m == 0 for m in SUIT_MASKS):
                mine.append(LedgerItem(p, "colour_knock", subtotal))
                subtotal *= 2
            if is_dark_knock(s):
                mine.append(LedgerItem(p, "dark_knock", subtotal))
        elif not s.born >> p & 1 and s.hands[p] and (knocked or cfg.fall_on_stock_out):
            mine.append(LedgerItem(p, "fall", -hand))
        if knocked and p == s.ngo_from:
            pen = cfg.ngo_dark_penalty if is_dark_knock(s) else cfg.ngo_penalty
            mine.append(LedgerItem(p, "ngo", -pen))
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
