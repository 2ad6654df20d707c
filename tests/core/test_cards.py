"""Cards as ints and their text (DESIGN §7.9.5): round trips, accepted spellings, fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samrap.core.cards import (
    NUM_CARDS,
    RANK_CHARS,
    SUIT_CHARS,
    SUIT_SYMBOLS,
    Rank,
    Suit,
    card_pretty,
    card_str,
    make_card,
    parse_card,
    rank_of,
    suit_of,
)
from samrap.core.errors import InvalidNotationError

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, database=None)

cards = st.integers(0, NUM_CARDS - 1)


def test_every_card_round_trips() -> None:
    seen = set()
    for c in range(NUM_CARDS):
        text = card_str(c)
        assert len(text) == 2 and text[0] in RANK_CHARS and text[1] in SUIT_CHARS
        assert parse_card(text) == c
        assert parse_card(card_pretty(c)) == c
        assert make_card(rank_of(c), suit_of(c)) == c
        seen.add(text)
    assert len(seen) == NUM_CARDS


def test_order_and_examples() -> None:
    assert card_str(0) == "2c" and card_str(12) == "Ac" and card_str(13) == "2d" and card_str(51) == "As"
    assert make_card(Rank.SEVEN, Suit.CLUBS) == parse_card("7c")
    assert parse_card("Th") == parse_card("10h") == parse_card("10♥") == parse_card("th") == parse_card("TH")
    assert parse_card("7♣") == parse_card("7♧") == parse_card("7c") == parse_card("7C")
    assert parse_card("Qs") == parse_card("q♠") == parse_card("Q♤") == make_card(Rank.QUEEN, Suit.SPADES)
    assert parse_card("  As ") == 51
    assert card_pretty(parse_card("Th")) == "10♥"


@st.composite
def spellings(draw: st.DrawFn) -> tuple[int, str]:
    """A card and one of its accepted spellings (rank char or 10, any case, letter or symbol)."""
    c = draw(cards)
    r, s = rank_of(c), suit_of(c)
    rank = draw(st.sampled_from(["10", "T", "t"] if r == 8 else [RANK_CHARS[r], RANK_CHARS[r].lower()]))
    suit = draw(st.sampled_from([SUIT_CHARS[s], SUIT_CHARS[s].upper(), SUIT_SYMBOLS[s], "♧♢♡♤"[s]]))
    pad = draw(st.sampled_from(["", " ", "\t"]))
    return c, pad + rank + suit + pad


@SETTINGS
@given(spellings())
def test_accepted_spellings(case: tuple[int, str]) -> None:
    c, text = case
    assert parse_card(text) == c


@pytest.mark.parametrize(
    "text", ["", " ", "7", "c", "7x", "1h", "11h", "0h", "h7", "7cc", "Ten", "10", "77c", "♣7", "7 c", "1O h"]
)
def test_malformed_cards(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_card(text)


@SETTINGS
@given(st.text(max_size=6))
def test_fuzz_parse_card(text: str) -> None:
    try:
        c = parse_card(text)
    except InvalidNotationError:
        return
    assert 0 <= c < NUM_CARDS
    assert parse_card(card_str(c)) == c


@SETTINGS
@given(st.text(alphabet="0123456789TJQKAtjqkacdhsCDHS♣♦♥♠ x", max_size=4))
def test_fuzz_parse_card_near_misses(text: str) -> None:
    """Text built from card characters parses exactly when it is rank-then-suit."""
    t = text.strip()
    rank, suit = t[:-1].upper().replace("10", "T"), t[-1:]
    suit = SUIT_CHARS[SUIT_SYMBOLS.index(suit)] if suit and suit in SUIT_SYMBOLS else suit.lower()
    want = rank + suit if len(rank) == 1 and rank in RANK_CHARS and suit and suit in SUIT_CHARS else None
    try:
        got = card_str(parse_card(text))
    except InvalidNotationError:
        got = None
    assert got == want
