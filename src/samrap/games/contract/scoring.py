"""Scoring a finished deal (rules 19, 20, 28) as a ledger of penalty points; lower is better.

Every point a seat takes is one :class:`LedgerItem`, grouped by kind of card, so a player sees why.
"""

from __future__ import annotations

from samrap.games.contract.cards import JOKER
from samrap.games.contract.state import ContractState, LedgerItem

#: Thai and English names of every ledger code, for people.
ITEM_NAMES: dict[str, tuple[str, str]] = {
    "out": ("หมดมือ", "went out"),
    "pips": ("ไพ่แต้ม 2–10", "number cards 2–10"),
    "court": ("ไพ่ภาพ J Q K", "court cards J Q K"),
    "aces": ("ไพ่เอซ", "aces"),
    "jokers": ("โจ๊กเกอร์", "jokers"),
}

_GROUPS = ("pips", "court", "aces", "jokers")


def _group(face: int) -> int:
    if face == JOKER:
        return 3
    r = face % 13
    return 2 if r == 12 else 1 if r >= 9 else 0


def ledger(s: ContractState) -> tuple[LedgerItem, ...]:
    """The score items of a finished deal, by seat (empty before the end).

    The player who went out scores 0 (an ``out`` item); everyone else, or everyone when the deal
    ended with nobody out (rule 28), takes the value of each card left in hand (rule 20).
    """
    if not s.is_over:
        return ()
    pack = s.config.pack
    out: list[LedgerItem] = []
    for q in range(s.players):
        if q == s.out:
            out.append(LedgerItem(q, "out", 0))
            continue
        points = [0, 0, 0, 0]
        names: list[list[str]] = [[], [], [], []]
        for pid in pack.sorted_ids(s.hands[q]):
            g = _group(pack.faces[pid])
            points[g] += pack.values[pid]
            names[g].append(pack.card_text(pid))
        for g, code in enumerate(_GROUPS):
            if names[g]:
                out.append(LedgerItem(q, code, points[g], "".join(names[g])))
    return tuple(out)


def deal_scores(s: ContractState) -> tuple[int, ...]:
    """Each seat's penalty points for this deal (the sum of its ledger items); zeros before the end."""
    totals = [0] * s.players
    for item in ledger(s):
        totals[item.seat] += item.points
    return tuple(totals)
