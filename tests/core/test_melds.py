"""Melds on bitmasks (DESIGN §7.9.5) against brute-force definitions of rule 9-10.

A set is 3 or 4 cards of one rank; a run is 3 or more cards of one suit with consecutive ranks
2 < 3 < ... < K < A; with ``ace_low`` the ace may instead sit below the 2 (A-2-3), never both ends.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samrap.core.cardset import FULL_DECK, RANK_MASKS, SUIT_MASKS, cards_of, from_cards, parse_set
from samrap.core.melds import (
    extension_cards,
    is_ace_low_run,
    is_meld,
    is_run,
    is_set,
    meldable_cards,
    melds_in,
    melds_with,
    rank_pattern,
    run_suit,
    suit_neighbours,
)

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True, database=None)


# ---------------------------------------------------------------------------------------------
# Brute-force definitions


def brute_is_set(mask: int) -> bool:
    cards = cards_of(mask)
    return 3 <= len(cards) <= 4 and len({c % 13 for c in cards}) == 1


def _consecutive(ranks: list[int]) -> bool:
    ranks = sorted(ranks)
    return all(b == a + 1 for a, b in pairwise(ranks))


def brute_is_run(mask: int, ace_low: bool) -> bool:
    cards = cards_of(mask)
    if len(cards) < 3 or len({c // 13 for c in cards}) != 1:
        return False
    ranks = [c % 13 for c in cards]
    if _consecutive(ranks):
        return True
    return ace_low and 12 in ranks and _consecutive([-1 if r == 12 else r for r in ranks])


def brute_is_meld(mask: int, ace_low: bool) -> bool:
    return brute_is_set(mask) or brute_is_run(mask, ace_low)


def submasks(mask: int) -> list[int]:
    out = []
    sub = mask
    while sub:
        out.append(sub)
        sub = (sub - 1) & mask
    return out


# ---------------------------------------------------------------------------------------------
# Strategies: small masks dense in a few suits and ranks, so melds are common


@st.composite
def small_masks(draw: st.DrawFn, max_cards: int = 10) -> int:
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    lo = draw(st.integers(0, 12))
    span = draw(st.integers(2, 13))
    pool = [s * 13 + (lo + k) % 13 for s in suits for k in range(span)]
    ranks = draw(st.lists(st.integers(0, 12), max_size=2, unique=True))
    pool += [s * 13 + r for r in ranks for s in range(4)]
    picked = draw(st.lists(st.sampled_from(sorted(set(pool))), max_size=max_cards, unique=True))
    return from_cards(picked)


flags = st.booleans()


# ---------------------------------------------------------------------------------------------
# Tests


@SETTINGS
@given(small_masks(), flags)
def test_validity_matches_the_definition(mask: int, ace_low: bool) -> None:
    assert is_set(mask) == brute_is_set(mask)
    assert is_run(mask, ace_low) == brute_is_run(mask, ace_low)
    assert is_meld(mask, ace_low) == brute_is_meld(mask, ace_low)
    if is_run(mask, ace_low):
        assert run_suit(mask) == cards_of(mask)[0] // 13
        assert is_ace_low_run(mask) == (ace_low and not brute_is_run(mask, False))


def _permute_suits(mask: int, perm: list[int]) -> int:
    return from_cards(perm[c // 13] * 13 + c % 13 for c in cards_of(mask))


@SETTINGS
@given(small_masks(), flags, st.permutations(range(4)), st.integers(0, 2**32))
def test_validity_is_invariant_under_permutation(mask: int, ace_low: bool, perm: list[int], seed: int) -> None:
    """The order cards are given in, and the names of the suits, never change whether they meld."""
    cards = cards_of(mask)
    random.Random(seed).shuffle(cards)
    assert is_meld(from_cards(cards), ace_low) == is_meld(mask, ace_low)
    permuted = _permute_suits(mask, list(perm))
    assert is_meld(permuted, ace_low) == is_meld(mask, ace_low)
    assert sorted(_permute_suits(m, list(perm)) for m in melds_in(mask, ace_low)) == list(melds_in(permuted, ace_low))


@SETTINGS
@given(small_masks(), st.integers(-12, 12))
def test_runs_shift_with_their_ranks(mask: int, shift: int) -> None:
    """Without ace_low, sliding every rank by the same amount keeps runs runs (inside 2..A)."""
    cards = cards_of(mask)
    if not cards or not all(0 <= c % 13 + shift <= 12 for c in cards):
        return
    moved = from_cards(c + shift for c in cards)
    assert is_run(moved) == is_run(mask)
    assert is_set(moved) == is_set(mask)


@SETTINGS
@given(small_masks(max_cards=10), flags)
def test_melds_in_is_every_meld_subset(mask: int, ace_low: bool) -> None:
    want = sorted(sub for sub in submasks(mask) if brute_is_meld(sub, ace_low))
    got = list(melds_in(mask, ace_low))
    assert got == want
    assert got == sorted(sub for sub in submasks(mask) if is_meld(sub, ace_low))
    union = 0
    for m in got:
        union |= m
    assert meldable_cards(mask, ace_low) == union


@SETTINGS
@given(small_masks(max_cards=9), flags, st.integers(0, 51))
def test_melds_with_is_every_meld_through_the_card(mask: int, ace_low: bool, card: int) -> None:
    full = mask | 1 << card
    want = sorted(m for m in submasks(full) if m >> card & 1 and brute_is_meld(m, ace_low))
    assert list(melds_with(card, mask, ace_low)) == want
    assert list(melds_with(card, mask & ~(1 << card), ace_low)) == want


@pytest.mark.parametrize("ace_low", [False, True])
def test_extension_cards_of_every_meld(ace_low: bool) -> None:
    """A lay-off card keeps a meld of the same kind: every run and set of the deck, exhaustively."""
    all_melds = melds_in(FULL_DECK, ace_low)
    runs_per_suit = 66 + (10 if ace_low else 0)  # windows of 3..13 cards; A-low adds A-2-3 ... A-2-...-Q
    assert len(all_melds) == len(set(all_melds)) == 4 * runs_per_suit + 13 * 5
    for meld in all_melds:
        assert brute_is_meld(meld, ace_low)
        want = 0
        for c in range(52):
            if meld >> c & 1:
                continue
            grown = meld | 1 << c
            same_kind = brute_is_set(grown) if brute_is_set(meld) else brute_is_run(grown, ace_low)
            if same_kind:
                want |= 1 << c
        assert extension_cards(meld, ace_low) == want, cards_of(meld)


def test_examples() -> None:
    assert is_run(parse_set("QhKhAh")) and not is_run(parse_set("Ah2h3h"))
    assert is_run(parse_set("Ah2h3h"), ace_low=True) and not is_run(parse_set("KhAh2h"), ace_low=True)
    assert is_set(parse_set("7c7d7h")) and is_set(parse_set("7c7d7h7s")) and not is_set(parse_set("7c7d"))
    assert not is_meld(parse_set("7c8d9h")) and not is_meld(parse_set("7c8c")) and not is_meld(0)
    assert extension_cards(parse_set("2h3h4h"), ace_low=True) == parse_set("Ah5h")
    assert extension_cards(parse_set("Ah2h3h"), ace_low=True) == parse_set("4h")
    assert extension_cards(parse_set("2h3h4h")) == parse_set("5h")
    assert extension_cards(parse_set("7c7d7h")) == parse_set("7s")
    assert extension_cards(parse_set("7c7d7h7s")) == 0
    whole = SUIT_MASKS[2]
    assert melds_in(whole, True).count(whole) == 1, "a whole suit is one meld"


@SETTINGS
@given(small_masks(), flags)
def test_rank_pattern_and_neighbours(mask: int, ace_low: bool) -> None:
    for r in range(13):
        p = rank_pattern(mask, r)
        assert from_cards(s * 13 + r for s in range(4) if p >> s & 1) == mask & RANK_MASKS[r]
    near = suit_neighbours(mask, ace_low)
    for c in range(52):
        touching = any(
            mask >> o & 1
            and o // 13 == c // 13
            and (abs(o % 13 - c % 13) == 1 or (ace_low and {o % 13, c % 13} == {0, 12}))
            for o in range(52)
        )
        assert bool(near >> c & 1) == touching


def test_is_ace_low_run_answers_false_for_sets_and_ace_high_runs() -> None:
    """Rule 9 / ace_low: only a run holding the ace and the 2 of its suit plays the ace low."""
    from samrap.core.melds import is_ace_low_run

    assert is_ace_low_run(parse_set("Ah2h3h"))
    assert not is_ace_low_run(parse_set("QhKhAh"))
    assert not is_ace_low_run(parse_set("7c7d7h"))
    assert not is_ace_low_run(parse_set("AcAdAh"))


@pytest.mark.parametrize("ace_low", [False, True])
@pytest.mark.parametrize("card", [0, 1, 6, 11, 12, 13 * 3 + 12])
def test_melds_with_over_every_pattern_of_the_cards_suit(card: int, ace_low: bool) -> None:
    """The cache is keyed on the stretch of the suit around the card: every suit pattern (with the
    ace low or not, the card at either end or inside) gives the melds found by listing them all."""
    s = card // 13
    others = parse_set("2c2d2h2s7c7d7sAcAdAh") & ~(0x1FFF << (13 * s))
    for pattern in range(1 << 13):
        mask = others | pattern << (13 * s)
        want = [m for m in melds_in(mask | 1 << card, ace_low) if m >> card & 1]
        assert list(melds_with(card, mask, ace_low)) == want, (card, bin(pattern), ace_low)
