"""Card sets as bitmasks (DESIGN §7.9.5): round trips of the text form and the set operations."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samrap.core.cards import card_pretty, card_str
from samrap.core.cardset import (
    EMPTY,
    FULL_DECK,
    RANK_MASKS,
    SUIT_MASKS,
    bit,
    cards_of,
    count,
    from_cards,
    iter_cards,
    parse_set,
    set_str,
)
from samrap.core.errors import InvalidNotationError

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, database=None)

masks = st.integers(0, FULL_DECK)


def test_masks_partition_the_deck() -> None:
    for group in (SUIT_MASKS, RANK_MASKS):
        union = 0
        for m in group:
            assert not union & m
            union |= m
        assert union == FULL_DECK
    assert all(count(m) == 13 for m in SUIT_MASKS) and all(count(m) == 4 for m in RANK_MASKS)
    assert set_str(EMPTY) == "-" and parse_set("-") == parse_set("") == parse_set("  ") == EMPTY


@SETTINGS
@given(masks)
def test_set_text_round_trip(mask: int) -> None:
    text = set_str(mask)
    assert parse_set(text) == mask
    cards = cards_of(mask)
    assert cards == sorted(cards) == list(iter_cards(mask))
    assert len(cards) == count(mask) == mask.bit_count()
    assert from_cards(cards) == mask
    assert all(bit(c) & mask for c in cards)
    if mask:
        assert text == "".join(card_str(c) for c in cards)


@SETTINGS
@given(masks, st.integers(0, 2**32))
def test_any_order_and_separators(mask: int, seed: int) -> None:
    """The same cards in any order, any spelling, with spaces or commas, parse to the same set."""
    rng = random.Random(seed)
    cards = cards_of(mask)
    rng.shuffle(cards)
    texts = [rng.choice([card_str(c), card_pretty(c), card_str(c).upper()]) for c in cards]
    assert parse_set("".join(texts)) == mask
    assert parse_set(" ".join(texts)) == mask
    assert parse_set(", ".join(texts)) == mask
    assert from_cards(cards) == mask


@pytest.mark.parametrize("text", ["7h7h", "7h 8h 7H", "7h8", "7 h", "7h,x", "10", "7h9", "7h8h9hTh10h"])
def test_malformed_sets(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_set(text)


@SETTINGS
@given(st.text(alphabet="0123456789TJQKAcdhsx♣♦♥♠ ,-", max_size=12) | st.text(max_size=8))
def test_fuzz_parse_set(text: str) -> None:
    try:
        mask = parse_set(text)
    except InvalidNotationError:
        return
    assert 0 <= mask <= FULL_DECK
    assert parse_set(set_str(mask)) == mask
