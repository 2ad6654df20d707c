"""Card values of Thai Dummy (rule 22) and the spetos (สเปโต)."""

from __future__ import annotations

from samrap.core.cards import make_card
from samrap.core.cardset import CardSet

TWO_CLUBS = make_card(0, 0)
QUEEN_SPADES = make_card(10, 3)
SPETOS: CardSet = (1 << TWO_CLUBS) | (1 << QUEEN_SPADES)

_RANK_VALUES = (5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 15)
CARD_VALUES: tuple[int, ...] = tuple(50 if (SPETOS >> c & 1) else _RANK_VALUES[c % 13] for c in range(52))


def is_speto(card: int) -> bool:
    return bool(SPETOS >> card & 1)


def card_value(card: int) -> int:
    """2-9 = 5; 10, J, Q, K = 10; A = 15; the spetos 2♣ and Q♠ = 50 (rule 22)."""
    return CARD_VALUES[card]


def mask_value(mask: CardSet) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_VALUES[low.bit_length() - 1]
        mask ^= low
    return total
