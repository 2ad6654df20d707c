"""Dummy's card values: ``mask_value`` by value classes equals the card-by-card sum (rule 22)."""

from __future__ import annotations

import random

from samrap.games.dummy.cards import CARD_VALUES, QUEEN_SPADES, TWO_CLUBS, card_value, mask_value


def test_mask_value_is_the_sum_of_its_cards() -> None:
    rng = random.Random(5)
    masks = [0, (1 << 52) - 1, 1 << TWO_CLUBS, 1 << QUEEN_SPADES, (1 << TWO_CLUBS) | (1 << QUEEN_SPADES)]
    masks += [1 << c for c in range(52)]
    masks += [sum(1 << c for c in rng.sample(range(52), rng.randint(1, 30))) for _ in range(2000)]
    for mask in masks:
        assert mask_value(mask) == sum(CARD_VALUES[c] for c in range(52) if mask >> c & 1), bin(mask)


def test_card_values() -> None:
    assert card_value(TWO_CLUBS) == card_value(QUEEN_SPADES) == 50
    assert [card_value(13 * 1 + r) for r in range(13)] == [5] * 8 + [10] * 4 + [15]
