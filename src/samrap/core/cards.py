"""Cards of one 52-card deck as small ints, and their text form.

A card is ``suit * 13 + rank``. Ranks run 0..12 for 2, 3, ..., 10, J, Q, K, A (ace high, the
Thai Dummy order); suits run 0..3 for clubs, diamonds, hearts, spades (``c d h s``). The same
order is used for notation, sorting and tensors. Text is rank then suit: ``7c``, ``Th``, ``Qs``;
input also accepts ``10h``, ``7♣`` and either letter case.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NewType

from samrap.core.errors import InvalidNotationError

Card = NewType("Card", int)


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3


class Rank(IntEnum):
    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12


RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_CARD_TEXTS = tuple(r + s for s in SUIT_CHARS for r in RANK_CHARS)
NUM_CARDS = 52

_SUIT_INPUT = {c: i for i, c in enumerate(SUIT_CHARS)} | {c: i for i, c in enumerate(SUIT_SYMBOLS)}
_SUIT_INPUT |= {"♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_INPUT = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": 8}


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (0 = 2 ... 12 = A) and ``suit`` (0 = clubs ... 3 = spades)."""
    return Card(suit * 13 + rank)


def rank_of(card: int) -> int:
    return card % 13


def suit_of(card: int) -> int:
    return card // 13


def card_str(card: int) -> str:
    """``7c``, ``Th``, ``As``: the canonical text of a card."""
    if 0 <= card < 52:
        return _CARD_TEXTS[card]
    raise ValueError(f"not a card id (0-51): {card!r}")


def card_pretty(card: int) -> str:
    """A card with its suit symbol and ``10`` spelled out, for people: ``10♥``."""
    r = card % 13
    return ("10" if r == 8 else RANK_CHARS[r]) + SUIT_SYMBOLS[card // 13]


def parse_card(text: str) -> Card:
    """Parse one card: ``7c``, ``Th``, ``10h``, ``7♣``, ``qS``.

    Raises:
        InvalidNotationError: the text is not a card.
    """
    t = text.strip()
    if len(t) < 2:
        raise InvalidNotationError(f"not a card: {text!r} (expected rank then suit, e.g. 7c, Th, Qs)")
    rank_part, suit_part = t[:-1].upper(), t[-1]
    suit = _SUIT_INPUT.get(suit_part.lower(), _SUIT_INPUT.get(suit_part))
    rank = _RANK_INPUT.get(rank_part)
    if suit is None or rank is None:
        raise InvalidNotationError(f"not a card: {text!r} (ranks 2-9 T J Q K A or 10; suits c d h s or ♣♦♥♠)")
    return make_card(rank, suit)
