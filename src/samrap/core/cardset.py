"""Card sets as int bitmasks: bit ``c`` is set when card ``c`` is in the set.

Bitmasks make hands hashable, cheap to copy and fast to test (see DESIGN §7.4). Suit ``s``
occupies bits ``13*s .. 13*s+12``, ranks ascending, so a run is a block of adjacent bits.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeAlias

from samrap.core.cards import Card, card_str, parse_card
from samrap.core.errors import InvalidNotationError

CardSet: TypeAlias = int

EMPTY: CardSet = 0
FULL_DECK: CardSet = (1 << 52) - 1
SUIT_MASKS: tuple[CardSet, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
RANK_MASKS: tuple[CardSet, ...] = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))


def bit(card: int) -> CardSet:
    return 1 << card


def from_cards(cards: Iterable[int]) -> CardSet:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: CardSet) -> list[Card]:
    """The cards of ``mask`` in ascending id order (suit, then rank)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(Card(low.bit_length() - 1))
        mask ^= low
    return out


def iter_cards(mask: CardSet) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield Card(low.bit_length() - 1)
        mask ^= low


def count(mask: CardSet) -> int:
    return mask.bit_count()


class _SuitTexts(dict[int, str]):
    """The text of one suit's 13-bit pattern (``7h8h9h``), built on first use: position strings
    are written for every message a server sends, and a suit's text is one look-up."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.suit = suit

    def __missing__(self, pattern: int) -> str:
        text = "".join(card_str(13 * self.suit + r) for r in range(13) if pattern >> r & 1)
        self[pattern] = text
        return text


_T0, _T1, _T2, _T3 = (_SuitTexts(s) for s in range(4))


def set_str(mask: CardSet) -> str:
    """Concatenated card texts, ascending: ``7h8h9h``. The empty set is ``-``."""
    if not 0 <= mask <= FULL_DECK:
        raise ValueError(f"not a set of the 52 cards: {mask:#x}")
    return (_T0[mask & 0x1FFF] + _T1[(mask >> 13) & 0x1FFF] + _T2[(mask >> 26) & 0x1FFF] + _T3[mask >> 39]) or "-"


def parse_set(text: str) -> CardSet:
    """Parse concatenated or space/comma separated cards (``7h8h9h``, ``7h 8h 10h``); ``-`` is empty.

    Raises:
        InvalidNotationError: a token is not a card, or a card repeats.
    """
    t = text.strip()
    if t in ("", "-"):
        return 0
    tokens = _split_cards(t)
    mask = 0
    for tok in tokens:
        c = parse_card(tok)
        if mask >> c & 1:
            raise InvalidNotationError(f"card {card_str(c)} appears twice in {text!r}")
        mask |= 1 << c
    return mask


def _split_cards(text: str) -> list[str]:
    """Split ``7h8h10hQs`` or ``7h 8h,9h`` into card tokens (suit letter/symbol ends a card)."""
    out: list[str] = []
    cur = ""
    for ch in text:
        if ch in " ,":
            if cur:
                raise InvalidNotationError(f"incomplete card {cur!r} in {text!r}")
            continue
        cur += ch
        if ch.lower() in "cdhs" or ch in "♣♦♥♠♧♢♡♤":
            out.append(cur)
            cur = ""
    if cur:
        raise InvalidNotationError(f"incomplete card {cur!r} in {text!r}")
    return out
