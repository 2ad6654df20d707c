"""Text for people that both games draw the same way: terminal widths and seat labels.

Thai vowel and tone marks take no column of their own, so ``str.ljust`` misaligns Thai labels;
:func:`pad` counts terminal columns instead. Pure functions of their arguments, like the rest of
``core``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from samrap.core.cards import card_pretty, parse_card


def width(text: str) -> int:
    """Terminal columns of ``text``: Thai vowel and tone marks take none, wide characters two."""
    return sum(
        0
        if unicodedata.combining(c) or unicodedata.category(c) == "Mn"
        else 2
        if unicodedata.east_asian_width(c) in "WF"
        else 1
        for c in text
    )


def pad(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (``str.ljust`` counts marks)."""
    return text + " " * max(0, columns - width(text))


def meld_label(index: int) -> str:
    """A table meld's label on a terminal: ``[3 >2]``. The first number is the meld as people and
    every sentence count it (from 1, as the web table does: "ชุดที่ 3", "meld 3"); ``>2`` is what a
    lay-off types for it (the notation counts from 0, and records keep that), so the table shows
    both the sentence's number and the input's, and neither can be mistaken for the other."""
    return f"[{index + 1} >{index}]"


#: The table heading's explanation of :func:`meld_label`, (Thai, English).
MELD_HEADING = (
    "ชุดบนโต๊ะ ([3 >2] คือชุดที่ 3 ฝากที่ชุดนี้พิมพ์ L <ไพ่>>2)",
    "Table melds ([3 >2] is meld 3; lay off on it with L <card>>2)",
)


def seat_text(seat: int, names: Sequence[str] = (), lang: str = "en") -> str:
    """A seat for people: ``s1 ben`` in English, ``#1 ben`` in Thai (no Latin letter but the name)."""
    mark = "#" if lang == "th" else "s"
    return f"{mark}{seat} {names[seat]}" if seat < len(names) else f"{mark}{seat}"


def item_name(names: Mapping[str, tuple[str, str]], code: str, lang: str = "en") -> str:
    """A ledger item's name from a game's ``code -> (Thai, English)`` table; unknown codes as they are."""
    pair = names.get(code)
    if pair is None:
        return code
    return pair[0] if lang == "th" else pair[1]


_CARD_TEXT = re.compile(r"\*\d?(?:=((?:10|[2-9TJQKA])[cdhs]))?|((?:10|[2-9TJQKA])[cdhs])'*")


def pretty_cards(text: str) -> str:
    """Card texts in ``text`` as people read them: ``6s'7s*1`` -> ``6♠ 7♠ ★`` (no deck-copy marks;
    a joker standing for a card is ``★7♥``). Anything else is left as it is."""

    def one(m: re.Match[str]) -> str:
        if m.group(2):
            return card_pretty(parse_card(m.group(2))) + " "
        return "★" + (card_pretty(parse_card(m.group(1))) if m.group(1) else "") + " "

    return _CARD_TEXT.sub(one, text).strip()
