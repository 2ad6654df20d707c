"""Moves, cards and melds in sentences, for people: the one formatter of hints, reviews, lessons and the terminal.

The action notation (``X Qs``, ``C3 7h8h9h``, ``L 5h>0``) is for records and tools; a sentence a
player reads writes cards as the table shows them (``10♥``, ``Q♠``, ``★7♥`` for a joker standing for
7♥) and numbers melds as the table does: from 1, in the order they were put down (the web draws
meld ``index`` with the number ``index + 1``; the notation's ``>0`` is the table's "meld 1").

The web has the same formatter in ``server/static/js/words.js`` with the same phrases under the
``say.*`` keys of ``i18n.js``; ``tests/web/test_words_js.py`` checks that both give the same text
for the same move in the same position, in both languages. Change a phrase in both places.
The Thai words are those of ``docs/thai-terms.md``.
"""

from __future__ import annotations

from collections.abc import Iterable

from samrap.core.cards import card_pretty, parse_card
from samrap.core.cardset import set_str
from samrap.engine.registry import AnyGame

#: Every phrase, ``key -> (Thai, English)``; the same keys and texts as ``say.*`` in i18n.js.
PHRASES: dict[str, tuple[str, str]] = {
    "meld": ("ชุดที่ {m}", "meld {m}"),
    "count1": ("1 ใบ", "1 card"),
    "countN": ("{n} ใบ", "{n} cards"),
    "draw": ("จั่วจากกองจั่ว", "draw from the stock"),
    "collect": ("เก็บ {card} ({count}) ลง {cards}", "collect {card} ({count}) and meld {cards}"),
    "collectOnto": ("เก็บ {card} ({count}) ฝากที่ชุดที่ {m}", "collect {card} ({count}) and lay it off on meld {m}"),
    "meldCards": ("ลง {cards}", "meld {cards}"),
    "layoff": ("ฝาก {card} ที่ชุดที่ {m}", "lay off {card} on meld {m}"),
    "discard": ("ทิ้ง {card}", "discard {card}"),
    "knock": ("น็อค คว่ำ {card}", "knock with {card} face down"),
    "knockDark": ("น็อคมืด คว่ำ {card}", "dark knock with {card} face down"),
    "also": (" · ", " · "),
    "pass": ("ผ่าน", "pass"),
    "pickup": ("หยิบ {card} จากกองทิ้ง", "take {card} from the discard pile"),
    "pickupDeep": (
        "หยิบ {card} จากกองทิ้ง พร้อมไพ่ที่ทับอยู่ {count}",
        "pick up {card} from the discard pile with {count} above it",
    ),
    "claim": ("ซื้อ {card}", "buy {card}"),
    "noBuy": ("ไม่ซื้อ", "do not buy"),
    "godown": ("ลงตามสัญญา {cards}", "go down with {cards}"),
    "layoffJoker": ("ฝากโจ๊กเกอร์แทน {card} ที่ชุดที่ {m}", "lay off a joker as {card} on meld {m}"),
    "exchange": ("แลกโจ๊กเกอร์ในชุดที่ {m} ด้วย {card}", "exchange {card} for the joker in meld {m}"),
}

#: Between the melds of one go-down (as the web writes them).
MELD_SEP = " / "


def phrase(key: str, lang: str = "en", **params: object) -> str:
    """The phrase ``key`` in ``lang`` with its ``{name}`` slots filled."""
    th, en = PHRASES[key]
    text = th if lang == "th" else en
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def meld_number(index: int) -> int:
    """The number the table shows for the meld at ``index`` (the notation's target): from 1."""
    return index + 1


def meld_ref(index: int, lang: str = "en") -> str:
    """``ชุดที่ 3`` / ``meld 3`` for the meld at ``index`` (the notation's ``>2``)."""
    return phrase("meld", lang, m=meld_number(index))


def count(n: int, lang: str = "en") -> str:
    """``3 ใบ`` / ``3 cards`` (``1 card``)."""
    return phrase("count1", lang) if n == 1 else phrase("countN", lang, n=n)


def card_text(card: int) -> str:
    """One Dummy card as the table shows it: ``10♥``."""
    return card_pretty(card)


def cards_text(cards: Iterable[int]) -> str:
    """Cards as the table shows them, space-separated: ``7♥ 8♥ 9♥``."""
    return " ".join(card_pretty(c) for c in cards)


def mask_text(mask: int) -> str:
    """A Dummy card set (bitmask) as the table shows it, in notation order."""
    return spec_text(set_str(mask))


def face_text(text: str) -> str:
    """One card of the notation (``Th``, ``*``, ``*7h`` a joker standing for 7h) as the table shows it."""
    if text.startswith("*"):
        return "★" + (card_pretty(parse_card(text[1:])) if len(text) > 1 else "")
    return card_pretty(parse_card(text))


def split_spec(text: str) -> list[str]:
    """A notation card run (``5s6s*7s8s``, ``10h``) into its cards (``5s``, ``6s``, ``*7s``, ``8s``)."""
    out: list[str] = []
    k = 0
    while k < len(text):
        joker = text[k] == "*"
        if joker:
            k += 1
            if k >= len(text) or text[k] == "*":  # a lone joker (a discard, a hand)
                out.append("*")
                continue
        size = 3 if text.startswith("10", k) else 2
        out.append(("*" if joker else "") + text[k : k + size])
        k += size
    return out


def spec_text(text: str) -> str:
    """A notation card run as the table shows it: ``5s6s*7s8s`` -> ``5♠ 6♠ ★7♠ 8♠``."""
    return " ".join(face_text(c) for c in split_spec(text))


def describe(game: AnyGame, view: object, action: object, lang: str = "en") -> str:
    """One short phrase for ``action`` played from ``view`` (which gives a pick-up's card), in the
    words of the game's coach (``players/coaches``); a game without them shows the action's notation."""
    from samrap.players.coach import coach_for

    words = coach_for(game.name).describe
    return game.action_text(action) if words is None else words(view, action, lang)
