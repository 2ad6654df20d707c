"""Rules 1-8 of docs/rules/dummy.md: cards, the deal and the order of play."""

from __future__ import annotations

import pytest

from samrap.core.cardset import FULL_DECK, from_cards, parse_set
from samrap.core.errors import ConfigError, IllegalActionError
from samrap.games.dummy import rules
from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.match import next_game
from samrap.games.dummy.notation import view_to_string
from samrap.games.dummy.observe import observe
from samrap.games.dummy.state import DummyState, Phase
from tests.games.dummy.builders import act, card, cards, deck_for, position

DECK = list(range(52))


def test_rule_1_one_52_card_deck_for_2_to_4_players() -> None:
    """One 52-card deck, no jokers, 2-4 players."""
    for n in (2, 3, 4):
        s = rules.new_game(DummyConfig(players=n), DECK, 0)
        places = [*s.hands, from_cards(s.row), from_cards(s.deck[s.stock_pos : s.stock_end])]
        assert sum(m.bit_count() for m in places) == 52
        seen = 0
        for m in places:
            assert not seen & m
            seen |= m
        assert seen == FULL_DECK
    for n in (1, 5):
        with pytest.raises(ConfigError) as info:
            DummyConfig(players=n)
        assert info.value.field == "players"
    for bad in (DECK[:-1], [*DECK[:-1], 0], [*DECK, 52]):
        with pytest.raises(IllegalActionError) as err:
            rules.new_game(DummyConfig(players=2), bad, 0)
        assert err.value.rule == 1


@pytest.mark.parametrize(("players", "size"), [(2, 11), (3, 9), (4, 7)])
def test_rule_2_deal_one_at_a_time_11_9_or_7_cards(players: int, size: int) -> None:
    """Cards are dealt one at a time: 2 players get 11 each, 3 get 9, 4 get 7."""
    # Deck 0..51 in order, dealt from seat 1: seat 1 gets deck[0], deck[n], deck[2n], ...
    s = rules.new_game(DummyConfig(players=players), DECK, 1)
    for q in range(players):
        first = (q - 1) % players
        assert s.hands[q] == from_cards(range(first, players * size, players))
        assert s.hands[q].bit_count() == size


def test_rule_3_two_player_burn_sets_5_cards_aside() -> None:
    """With 2 players and two_player_burn, 5 cards of the stock's bottom are out of play."""
    plain = rules.new_game(DummyConfig(players=2), DECK, 0)
    burn = rules.new_game(DummyConfig(players=2, two_player_burn=True), DECK, 0)
    assert plain.stock_size == 52 - 22 - 1 == 29
    assert burn.stock_size == 24
    assert burn.deck[burn.stock_pos : burn.stock_end] == tuple(range(23, 47))
    # The burnt cards (the deck's last 5) are in no hand, not in the row, not in the stock.
    burnt = from_cards(range(47, 52))
    assert not burnt & (burn.hands[0] | burn.hands[1] | from_cards(burn.row))


def test_rule_4_top_stock_card_is_the_first_upcard() -> None:
    """The rest is the stock; its top card is turned up as the first card of the row."""
    # 4 players x 7 = 28 cards dealt; deck[28] is the upcard, deck[29] the next stock card.
    s = rules.new_game(DummyConfig(players=4), DECK, 0)
    assert s.row == (28,)
    assert s.row_by == (-1,)
    assert s.stock_size == 52 - 28 - 1
    after = act(s, "D")
    assert after.hands[0] == s.hands[0] | 1 << 29
    assert after.stock_size == s.stock_size - 1


def test_rule_5_discards_form_a_visible_row_with_who_discarded_each() -> None:
    """Discards lie in a row in order; everyone sees who discarded each card and what was collected."""
    # seat 0: 5c 5d Kd 2s      row: Qc* (upcard)
    # seat 1: 3h 4h 9d Ts      stock: 7s 8s Ad ...
    # seat 2: 7h 8h Js 6c
    s = position(["5c5d Kd 2s", "3h4h 9d Ts", "7h8h Js 6c"], row="Qc*", stock="7s 8s Ad")
    s = act(s, "D", "X Kd", "D", "X 9d", "D", "X 6c")
    assert s.row == (card("Qc"), card("Kd"), card("9d"), card("6c"))
    assert s.row_by == (-1, 0, 1, 2)
    # seat 2 collects 9h (index 1) with 7h 8h, taking Jd and 4s with it into its hand:
    # seat 2: 7h 8h Js 6c      row: Qc* 9h1 Jd0 4s1
    s = position(["5c5d Kd 2s", "3h4h 9d", "7h8h Js 6c"], row="Qc* 9h1 Jd0 4s1", turn=2)
    s = act(s, "C1 7h8h9h")
    assert s.hands[2] == cards("Js 6c Jd 4s")
    assert s.known[2] == cards("Jd4s")
    view = observe(s, 0)
    assert view.known[2] == cards("Jd4s")
    assert "?2+Jd4s" in view_to_string(view)
    # Once seat 2 discards Jd, it is no longer a known card of its hand.
    s = act(s, "X Jd")
    assert s.known[2] == cards("4s")
    assert s.row_by == (-1, 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_6_game_one_dealer_is_seeded_random_and_the_next_seat_starts(players: int) -> None:
    """Game 1: the dealer is drawn at random (seeded), every seat can deal, about equally often; the
    player after the dealer starts and gets the first card, the dealer the last card of each round."""
    game = DummyGame(DummyConfig(players=players))
    seeds = range(600)
    dealers = [game.first_dealer(seed) for seed in seeds]
    assert dealers == [DummyGame(DummyConfig(players=players)).first_dealer(seed) for seed in seeds]
    counts = [dealers.count(q) for q in range(players)]
    assert min(counts) > 600 / players * 0.7, counts  # not one fixed seat, not a lopsided draw
    hs = game.config.cards_per_hand
    for seed in range(12):
        dealer = game.first_dealer(seed)
        assert game.first_starter(seed) == (dealer + 1) % players
        s = game.new_game(seed)
        assert s.current == s.starter == (dealer + 1) % players and s.direction == 1
        assert s.hands[s.starter] >> s.deck[0] & 1
        assert s.hands[dealer] >> s.deck[players * hs - 1] & 1, "the dealer is dealt the last card"


def test_rule_6_game_one_seeded_dealer_next_seat_starts_clockwise() -> None:
    """Game 1: a seeded random dealer; the seat after the dealer plays first; play goes i -> i+1."""
    game = DummyGame(DummyConfig(players=4))
    starters = {game.first_starter(seed) for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    for seed in (3, 17):
        s = game.new_game(seed)
        assert game.new_game(seed) == DummyGame(DummyConfig(players=4)).new_game(seed)  # seeded
        assert s.current == s.starter == game.first_starter(seed)
        assert s.direction == 1
        # The starter (the player after the dealer) was dealt the first card.
        assert s.hands[s.starter] >> s.deck[0] & 1
    for bad in (-1, 4):
        with pytest.raises(IllegalActionError) as err:
            rules.new_game(DummyConfig(players=4), DECK, bad)
        assert err.value.rule == 6
    # Clockwise: seat 2 discards, seat 3 plays; seat 3 discards, seat 0 plays.
    s = position(["2c3c", "2d3d", "2h3h", "2s3s"], row="Kd*", turn=2, stock="4c 5c")
    s = act(s, "D", "X 4c")
    assert s.current == 3
    s = act(s, "D", "X 5c")
    assert s.current == 0
    assert s.phase is Phase.DRAW


def _knocked_game(starter: int, knocker: int) -> DummyState:
    # 4 seats; `knocker` to play holding 7h 8h 9h Kd: it melds the run and knocks with Kd.
    hands = ["2c3c", "2d3d", "2h3h", "2s3s"]
    hands[knocker] = "7h8h9h Kd"
    s = position(hands, row="Qc* 5d0", phase="play", turn=knocker, starter=starter, born=[knocker])
    return act(s, "K Kd 7h8h9h")


def test_rule_7_knocker_starts_next_game_else_the_start_passes_on() -> None:
    """Later games: the knocker starts; after a game with no knock the starting seat passes on."""
    over = _knocked_game(starter=0, knocker=2)
    assert next_game(over).starter == 2
    # No knock: the stock ran out and the last player passed (rule 21).
    s = position(["5c 9d", "2d3d", "2h3h", "2s3s"], row="Qc* 5d3", starter=1, stock="Kc", rest_in_stock=False)
    s = act(s, "D", "X Kc", "-")
    assert s.phase is Phase.OVER and s.knocker == -1
    assert next_game(s).starter == 2
    assert next_game(s).direction == 1


def test_rule_8_after_a_ngo_the_next_game_is_played_in_reverse() -> None:
    """After a โง่, the next game reverses direction: deal and play go seat i -> i-1."""
    # seat 0 discarded 9h; seat 1 (not born) collects only 9h with 7h8h and knocks with Kd.
    s = position(["2c3c", "7h8h Kd"], row="Qc* 9h0", turn=1)
    s = act(s, "C1 7h8h9h", "K Kd")
    nxt = next_game(s)
    assert (nxt.starter, nxt.direction) == (1, -1)
    # A reversed 4-player game: seat 2 starts, is dealt first, then seat 1, 0, 3; play goes 2 -> 1.
    deck = deck_for(["2c3c", "2d3d", "2h3h", "2s3s"], "Kd", "4c", starter=2, direction=-1)
    assert deck[:4] == [card("2h"), card("2d"), card("2c"), card("2s")]
    g = rules.new_game(DummyConfig(players=4, hand_size=2), deck, 2, -1)
    assert g.hands == (parse_set("2c3c"), parse_set("2d3d"), parse_set("2h3h"), parse_set("2s3s"))
    g = act(g, "D", "X 4c")
    assert g.current == 1
    assert g.row_by == (-1, 2)
