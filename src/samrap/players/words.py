"""Moves in words, for people (hints, reviews, lessons): ``ทิ้ง Q♠`` / ``discard Q♠``, never ``X Qs``.

The action notation (``X Qs``, ``C3 7h8h9h``) is for records and tools; a Thai screen must not show
its Latin letters. Cards are written as people read them (``Q♠``, ``7♥ 8♥ 9♥``, ``★`` for a joker),
as the table and the terminal's screens show them, never as notation letters.
The Thai words are those of ``thai-terms.md``.
"""

from __future__ import annotations

from typing import Any

from samrap.core.cards import card_pretty
from samrap.core.cardset import set_str
from samrap.core.text import pretty_cards


def describe(game: Any, view: Any, action: Any, lang: str = "en") -> str:
    """One short phrase for ``action`` played from ``view`` (which gives a pick-up's card)."""
    if game.name == "dummy":
        return _dummy(view, action, lang)
    return _contract(view, action, lang)


def _dummy(view: Any, a: Any, lang: str) -> str:
    th = lang == "th"
    name = type(a).__name__
    if name == "Draw":
        return "จั่วจากกองจั่ว" if th else "draw from the stock"
    if name == "Collect":
        card = card_pretty(view.row[a.index]) if 0 <= a.index < len(view.row) else "?"
        n = len(view.row) - a.index
        cards = "1 card" if n == 1 else f"{n} cards"
        if a.onto >= 0:
            return f"เก็บ {card} ({n} ใบ) ฝากชุดที่ {a.onto}" if th else f"collect {card} ({cards}) onto meld {a.onto}"
        return (
            f"เก็บ {card} ({n} ใบ) ลง {pretty_cards(set_str(a.meld))}"
            if th
            else f"collect {card} ({cards}) and meld {pretty_cards(set_str(a.meld))}"
        )
    if name == "Meld":
        return f"ลง {pretty_cards(set_str(a.cards))}" if th else f"meld {pretty_cards(set_str(a.cards))}"
    if name == "LayOff":
        return (
            f"ฝาก {card_pretty(a.card)} ที่ชุดที่ {a.target}" if th else f"lay off {card_pretty(a.card)} on meld {a.target}"
        )
    if name == "Discard":
        return f"ทิ้ง {card_pretty(a.card)}" if th else f"discard {card_pretty(a.card)}"
    if name == "Knock":
        dark = not view.turn_born
        if th:
            return f"น็อค คว่ำ {card_pretty(a.card)}" + (" (น็อคมืด)" if dark else "")
        return f"knock with {card_pretty(a.card)} face down" + (" (dark knock, น็อคมืด)" if dark else "")
    if name == "Pass":
        return "ผ่าน" if th else "pass"
    return a.text() if hasattr(a, "text") else str(a)


def _contract(view: Any, a: Any, lang: str) -> str:
    from samrap.games.contract.cards import face_str as _face

    def face_str(face: int) -> str:
        return pretty_cards(_face(face))

    th = lang == "th"
    name = type(a).__name__
    pack = view.config.pack

    def pile_face(depth: int) -> str:
        pile = view.pile
        return face_str(pack.faces[pile[-1 - depth]]) if depth < len(pile) else "?"

    if name == "Draw":
        return "จั่วจากกองจั่ว" if th else "draw from the stock"
    if name == "PickUp":
        if a.depth:
            return (
                f"หยิบ {pile_face(a.depth)} จากกองทิ้ง พร้อมไพ่ที่ทับอยู่ {a.depth} ใบ"
                if th
                else f"pick up {pile_face(a.depth)} from the discard pile with the {a.depth} cards above it"
            )
        return f"หยิบ {pile_face(0)} จากกองทิ้ง" if th else f"take {pile_face(0)} from the discard pile"
    if name == "Claim":
        return f"ซื้อ {pile_face(0)}" if th else f"buy {pile_face(0)}"
    if name == "Pass":
        return "ไม่ซื้อ" if th else "do not buy"
    if name == "GoDown":
        melds = "  ".join(pretty_cards(m.text()) for m in a.melds)
        return f"ลงตามสัญญา {melds}" if th else f"go down with {melds}"
    if name == "Meld":
        return f"ลง {pretty_cards(a.meld.text())}" if th else f"meld {pretty_cards(a.meld.text())}"
    if name == "LayOff":
        card = f"โจ๊กเกอร์แทน {face_str(a.face)}" if a.joker and th else face_str(a.face)
        if a.joker and not th:
            card = f"a joker as {face_str(a.face)}"
        return f"ฝาก {card} ที่ชุดที่ {a.target}" if th else f"lay off {card} on meld {a.target}"
    if name == "Exchange":
        return (
            f"แลกโจ๊กเกอร์ด้วย {face_str(a.face)} ที่ชุดที่ {a.target}"
            if th
            else f"exchange {face_str(a.face)} for the joker in meld {a.target}"
        )
    if name == "Discard":
        return f"ทิ้ง {face_str(a.face)}" if th else f"discard {face_str(a.face)}"
    return a.text() if hasattr(a, "text") else str(a)
