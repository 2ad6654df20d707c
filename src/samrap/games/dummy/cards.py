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


#: The cards worth 5, 10 and 15 by rank alone (2-9; 10, J, Q, K; A, rule 22), as masks.
_FIVES, _TENS, _FIFTEENS = (sum(1 << c for c in range(52) if _RANK_VALUES[c % 13] == v) for v in (5, 10, 15))


def mask_value(mask: CardSet) -> int:
    """The sum of :func:`card_value` over the cards of ``mask``, counted by value class: the
    cards of each rank value by one mask, then the spetos' extra over their rank's value (2♣
    50 for 5, Q♠ 50 for 10). Asked for every seat at the end of every game (the ledger) and by
    the heuristic players for every move they weigh; ``tests/games/dummy/test_cards.py``
    compares it with the card-by-card sum."""
    return (
        5 * (mask & _FIVES).bit_count()
        + 10 * (mask & _TENS).bit_count()
        + 15 * (mask & _FIFTEENS).bit_count()
        + 45 * (mask >> TWO_CLUBS & 1)
        + 40 * (mask >> QUEEN_SPADES & 1)
    )
