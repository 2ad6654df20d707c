"""Information hygiene of observations (DESIGN §7.9.4, OpenSpiel ``ResampleInfostateTest``).

For states from seeded random games under several configs:

- swapping a hidden card (another seat's unknown hand part <-> the stock or the burnt cards, two
  seats' unknown parts, two stock cards) never changes a view that should not see it;
- a view never holds another seat's hidden cards in any field;
- ``observe(resample(view, rng), seat) == view``, resampled states have the right hand sizes,
  keep the seat's hand and every publicly known card in place, conserve the 52 cards and give the
  player to move the same legal actions;
- the view string round trips.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from samrap.core.cards import parse_card
from samrap.core.cardset import FULL_DECK, from_cards
from samrap.core.errors import InvalidNotationError
from samrap.games.dummy import DummyConfig, DummyGame, DummyState, DummyView, Phase
from samrap.games.dummy.notation import view_from_string, view_to_string
from samrap.games.dummy.observe import observe, resample

CONFIGS = [
    "dummy(players=2)",
    "dummy(players=3)",
    "dummy(preset=modern,players=4)",
    "dummy(players=2,two_player_burn=true)",
    "dummy(preset=modern,players=3,collect_to_layoff=true)",
]
GAMES_PER_CONFIG = 4


def replace(s: DummyState, **changes: Any) -> DummyState:
    """A changed copy of a state (a named tuple or a frozen dataclass)."""
    if hasattr(s, "_replace"):
        return s._replace(**changes)
    return dataclasses.replace(s, **changes)  # type: ignore[type-var]


def game_states(cfg: str, seed: int) -> Iterator[DummyState]:
    """Every state of one seeded random game (players lean towards collects and knocks), end included."""
    game = DummyGame(DummyConfig.from_string(cfg))
    rng = random.Random(seed)
    s = game.new_game(seed=seed)
    while True:
        yield s
        legal = game.legal_actions(s)
        if not legal:
            return
        eager = [a for a in legal if type(a).__name__ in ("Collect", "Knock", "Meld", "LayOff")]
        s = game.apply_unchecked(s, rng.choice(eager if eager and rng.random() < 0.5 else legal))


def all_states() -> Iterator[tuple[str, DummyState]]:
    for cfg in CONFIGS:
        for seed in range(GAMES_PER_CONFIG):
            for s in game_states(cfg, seed):
                yield cfg, s


STATES = list(all_states())


def bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def hidden_from(s: DummyState, seat: int) -> int:
    """Cards ``seat`` may not see: other seats' unknown hand parts, the stock and the burnt cards."""
    mask = from_cards(s.deck[s.stock_pos :])
    for q in range(s.players):
        if q != seat:
            mask |= s.hands[q] & ~s.known[q]
    return mask


def view_cards(v: DummyView) -> int:
    """Every card named anywhere in a view."""
    mask = v.hand | from_cards(v.row) | 1 << v.head
    for group in (v.melds, v.put_down, v.known, v.revealed):
        for m in group:
            mask |= m
    if v.knock_card >= 0:
        mask |= 1 << v.knock_card
    for item in v.items:
        with contextlib.suppress(InvalidNotationError):  # details are card texts or counts
            mask |= 1 << parse_card(item.detail)
    return mask


def swap_in_state(s: DummyState, q: int, held: int, stock_index: int) -> DummyState:
    """Exchange card ``held`` of seat ``q``'s hand with ``deck[stock_index]`` (a stock or burnt card)."""
    other = s.deck[stock_index]
    deck = list(s.deck)
    deck[deck.index(held)], deck[stock_index] = other, held  # the deck stays a permutation
    hands = list(s.hands)
    hands[q] = hands[q] & ~(1 << held) | 1 << other
    return replace(s, deck=tuple(deck), hands=tuple(hands))


@pytest.mark.parametrize("cfg", CONFIGS)
def test_hidden_swaps_never_change_other_views(cfg: str) -> None:
    rng = random.Random(cfg)
    swaps = 0
    for c, s in STATES:
        if c != cfg or s.phase is Phase.OVER:
            continue
        n = s.players
        views = [observe(s, p) for p in range(n)]
        future = list(range(s.stock_pos, 52))
        for q in range(n):
            unknown = bits(s.hands[q] & ~s.known[q])
            if not unknown or not future:
                continue
            t = swap_in_state(s, q, rng.choice(unknown), rng.choice(future))
            DummyState.from_string(t.to_string())  # still a consistent position
            swaps += 1
            for p in range(n):
                if p != q:
                    assert observe(t, p) == views[p], f"seat {p} saw seat {q}'s hidden card move"
            assert observe(t, q) != views[q], "the swap changed the seat's own hand"
            # Two seats' unknown parts.
            r = (q + 1) % n
            other_unknown = bits(s.hands[r] & ~s.known[r])
            if r != q and other_unknown:
                a, b = rng.choice(unknown), rng.choice(other_unknown)
                hands = list(s.hands)
                hands[q] = hands[q] & ~(1 << a) | 1 << b
                hands[r] = hands[r] & ~(1 << b) | 1 << a
                u = replace(s, hands=tuple(hands))
                for p in range(n):
                    if p not in (q, r):
                        assert observe(u, p) == views[p]
        # The stock order is seen by nobody.
        if len(future) >= 2:
            i, j = rng.sample(future, 2)
            deck = list(s.deck)
            deck[i], deck[j] = deck[j], deck[i]
            t = replace(s, deck=tuple(deck))
            assert all(observe(t, p) == views[p] for p in range(n))
    assert swaps > 100


@pytest.mark.parametrize("cfg", CONFIGS)
def test_views_hold_no_hidden_card(cfg: str) -> None:
    for c, s in STATES:
        if c != cfg:
            continue
        for p in range(s.players):
            v = observe(s, p)
            assert v.seat == p and v.hand == s.hands[p]
            assert v.hand_sizes == tuple(h.bit_count() for h in s.hands)
            assert v.stock_size == s.stock_end - s.stock_pos
            if s.phase is Phase.OVER:
                assert v.revealed == s.hands and v.knock_card == s.knock_card
                assert view_cards(v) & from_cards(s.deck[s.stock_pos :]) == 0, "stock and burnt cards stay hidden"
            else:
                assert v.revealed == () and v.knock_card == -1
                assert view_cards(v) & hidden_from(s, p) == 0, f"seat {p}'s view names a hidden card"
                text = view_to_string(v)
                assert "deck:" not in text
                for q in range(s.players):
                    if q != p:
                        assert f"?{(s.hands[q] & ~s.known[q]).bit_count()}" in text


def check_conservation(s: DummyState) -> None:
    zones = [*s.hands, from_cards(s.row), *s.melds, from_cards(s.deck[s.stock_pos :])]
    if s.knock_card >= 0:
        zones.append(1 << s.knock_card)
    assert sorted(s.deck) == list(range(52))
    assert sum(z.bit_count() for z in zones) == 52
    union = 0
    for z in zones:
        union |= z
    assert union == FULL_DECK


@pytest.mark.parametrize("cfg", CONFIGS)
def test_resample_is_consistent_with_the_view(cfg: str) -> None:
    rng = random.Random(f"resample:{cfg}")
    varied = 0
    for k, (c, s) in enumerate(STATES):
        if c != cfg:
            continue
        game = DummyGame(s.config)
        for p in range(s.players):
            v = observe(s, p)
            r = resample(v, rng)
            assert observe(r, p) == v, "a resampled state gives back the same view"
            assert game.observe(r, p) == v and game.resample(v, random.Random(k)) == resample(v, random.Random(k))
            assert r.hands[p] == s.hands[p]
            assert tuple(h.bit_count() for h in r.hands) == tuple(h.bit_count() for h in s.hands)
            for q in range(s.players):
                assert r.known[q] == s.known[q] and r.known[q] & ~r.hands[q] == 0, "known cards stay in hand"
            assert (r.row, r.row_by, r.melds, r.meld_owner, r.put_down) == (
                s.row,
                s.row_by,
                s.melds,
                s.meld_owner,
                s.put_down,
            )
            assert (r.stock_pos, r.stock_end, r.phase, r.current, r.born) == (
                s.stock_pos,
                s.stock_end,
                s.phase,
                s.current,
                s.born,
            )
            check_conservation(r)
            # The same unseen cards, possibly elsewhere: other hands' unknown parts plus the stock.
            assert hidden_from(r, p) == hidden_from(s, p)
            assert DummyState.from_string(r.to_string()) == r
            if p == s.current:
                assert game.legal_actions(r) == game.legal_actions(s), "legal actions depend only on the view"
                legal = game.legal_actions(r)
                if legal:
                    game.apply(r, legal[k % len(legal)])
            if r != s:
                varied += 1
    assert varied > 50, "resampling moves the hidden cards"


def test_resample_draws_differ_and_are_seeded() -> None:
    s = next(s for c, s in STATES if c == "dummy(players=3)")
    v = observe(s, 0)
    draws = {resample(v, random.Random(i)).to_string() for i in range(20)}
    assert len(draws) == 20
    assert resample(v, random.Random(5)) == resample(v, random.Random(5))


@pytest.mark.parametrize("cfg", CONFIGS)
def test_view_string_round_trip(cfg: str) -> None:
    for c, s in STATES:
        if c != cfg:
            continue
        for p in range(s.players):
            v = observe(s, p)
            text = view_to_string(v)
            assert v.to_string() == text and "\n" not in text
            assert view_from_string(text) == v
