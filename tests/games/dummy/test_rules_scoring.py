"""Rules 22-28 and 36-37 of docs/rules/dummy.md: scoring a game, ตกตึก, โง่ and the ledger."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest

from samrap.core.cards import parse_card
from samrap.core.cardset import SUIT_MASKS
from samrap.games.dummy import scoring
from samrap.games.dummy.cards import card_value, is_speto, mask_value
from samrap.games.dummy.config import PRESETS
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.match import next_game
from samrap.games.dummy.state import DummyState, LedgerItem
from tests.games.dummy.builders import act, items, position


def test_rule_22_card_values_and_the_two_spetos() -> None:
    """2-9 = 5; 10, J, Q, K = 10; A = 15; the spetos 2♣ and Q♠ = 50."""
    for suit in "cdhs":
        for rank, value in zip("23456789TJQKA", (5,) * 8 + (10,) * 4 + (15,), strict=True):
            text = rank + suit
            expected = 50 if text in ("2c", "Qs") else value
            assert card_value(parse_card(text)) == expected, text
    # In a ledger: seat 1 holds 2c Qs Ah Th 9d 2d when seat 0 knocks.
    s = position(["7h8h9h Kd", "2c Qs Ah Th 9d 2d"], row="Ac* 4s1", phase="play", born=[0, 1])
    s = act(s, "K Kd 7h8h9h")
    assert (1, "hand", -(50 + 50 + 15 + 10 + 5 + 5)) in items(s)


def test_rule_23_score_is_table_cards_minus_hand_cards() -> None:
    """+ every card a player put face up (melds, collected cards in them, lay-offs) − every card in hand."""
    # table: 6h 7h 8h 9h (seat 0 put 7h8h9h, seat 1 laid off 6h), 5c 5d 5s (seat 1)
    # seat 0: Ah Kc   seat 1: 2c 3d   seat 2 (to move): Jd Qd 8s 9s 4s   row: Ac* Kd0 Ts1
    # seat 2 collects Kd (taking Ts too), melds Jd Qd Kd and knocks: 8s 9s Ts down, 4s face down.
    s = position(
        ["Ah Kc", "2c 3d", "JdQd 8s9s 4s"],
        row="Ac* Kd0 Ts1",
        melds="6h7h8h9h@0 5c5d5s@1",
        put={1: "6h"},
        turn=2,
        born=[0, 1, 2],
    )
    s = act(s, "C1 JdQdKd", "K 4s 8s9sTs")
    assert items(s) == [
        (0, "table", 15),
        (0, "hand", -25),
        (1, "table", 20),
        (1, "hand", -55),
        (2, "table", 50),
        (2, "knock_card", 50),
    ]
    assert scoring.game_scores(s) == (-10, -35, 100)


def test_rule_24_the_face_down_knock_card_scores_50() -> None:
    """The knocker's face-down card scores +50 instead of its face value."""
    # seat 0 (born, after drawing): 7h 8h 9h Ah -> knocks with Ah (15) face down.
    s = position(["7h8h9h Ah", "2d3d"], row="Ac* 4s1", phase="play", born=[0, 1])
    s = act(s, "K Ah 7h8h9h")
    assert items(s) == [(0, "table", 15), (0, "knock_card", 50), (1, "hand", -10)]


def test_rule_25_a_dark_knock_doubles_the_knockers_score() -> None:
    """Dark knock: the knocker's whole score for the game is doubled."""
    # seat 0 (not born): 7h 8h 9h Kd, draws Th, knocks with Kd.   seat 1 (born): 2d 3d
    s = position(["7h8h9h Kd", "2d3d"], row="Ac* 4s1", stock="Th", born=[1])
    s = act(s, "D", "K Kd 7h8h9hTh")
    assert items(s) == [(0, "table", 25), (0, "knock_card", 50), (0, "dark_knock", 75), (1, "hand", -10)]
    assert scoring.game_scores(s) == (150, -10)


def test_rule_26_players_not_born_fall_off_the_building_when_someone_knocks() -> None:
    """ตกตึก: when a player knocks, every player who is not born scores −2 × their hand."""
    # seat 0 (born) knocks.  seat 1 (not born): Ah 2c = 65.  seat 2 (born): 3d = 5.
    s = position(["7h8h9h Kd", "Ah 2c", "3d"], row="Ac* 4s2", phase="play", born=[0, 2])
    s = act(s, "K Kd 7h8h9h")
    assert [i for i in items(s) if i[0] > 0] == [(1, "hand", -65), (1, "fall", -65), (2, "hand", -5)]
    assert scoring.game_scores(s)[1:] == (-130, -5)
    # No knock (the stock ran out, the last player passed): no ตกตึก by default.
    s = position(["4c 9h", "Ah 2c", "3d 5s"], row="Ac* 4s2", born=[2], stock="Kd", rest_in_stock=False)
    s = act(s, "D", "X Kd", "-")
    assert s.knocker == -1
    assert [i for i in items(s) if i[0] == 1] == [(1, "hand", -65)]


def _ngo_game(hand2: str = "7h8h Kd", born: tuple[int, ...] = ()) -> DummyState:
    # seat 0: Ah 5c   seat 1: 2c 3d (just discarded 9h)   seat 2 (to move): 7h 8h Kd
    # row: Qc* 5d0 9h1 -> seat 2 collects only 9h with 7h 8h and knocks with Kd.
    s = position(["Ah 5c", "2c 3d", hand2], row="Qc* 5d0 9h1", turn=2, born=born)
    return act(s, "C2 7h8h9h", "K Kd")


def test_rule_27_ngo_the_discarder_of_a_one_card_collect_and_knock_loses_50() -> None:
    """โง่: the next player collects only the card just discarded and knocks: the discarder loses a further
    50 and the next game reverses direction."""
    s = _ngo_game(born=(0, 1, 2))
    assert items(s) == [
        (0, "hand", -20),
        (1, "hand", -55),
        (1, "ngo", -50),
        (2, "table", 15),
        (2, "knock_card", 50),
    ]
    assert next_game(s).direction == -1
    # Collecting the top card without knocking is no โง่: the discard ends it.
    s = position(["Ah 5c", "2c 3d", "7h8h Kd 4s"], row="Qc* 5d0 9h1", turn=2, born=(0, 1, 2))
    s = act(s, "C2 7h8h9h")
    assert s.ngo_from == 1
    s = act(s, "X 4s")
    assert s.ngo_from == -1


def test_rule_28_every_score_comes_as_a_ledger_of_items() -> None:
    """Every score comes with a ledger: one line per item, summing to the game score."""
    s = _ngo_game()
    lines = scoring.ledger(s)
    assert [(i.seat, i.code, i.points) for i in lines] == [
        (0, "hand", -20),
        (0, "fall", -20),
        (1, "hand", -55),
        (1, "fall", -55),
        (1, "ngo", -50),
        (2, "table", 15),
        (2, "knock_card", 50),
        (2, "dark_knock", 65),
    ]
    for q in range(3):
        assert sum(i.points for i in lines if i.seat == q) == scoring.game_scores(s)[q]
    for i in lines:
        thai, english = scoring.ITEM_NAMES[i.code]
        assert thai and english
    # Before the end of the game there is no ledger yet.
    assert scoring.ledger(position(["Ah 5c", "2c 3d"], row="Qc*")) == ()


def test_rule_36_dark_doubles_the_50_and_ngo_and_fall_stack_undoubled() -> None:
    """Dark knock is judged at the start of the turn and doubles the whole score with the +50; ตกตึก and
    โง่ stack on the same player; โง่ is a flat −50 in classic, never doubled."""
    s = _ngo_game()
    assert scoring.is_dark_knock(s)  # seat 2 was not born when the turn began, born by the collect
    assert s.is_born(2)
    assert scoring.game_scores(s) == (-40, -55 - 55 - 50, (15 + 50) * 2)


def test_rule_37_ngo_needs_a_one_card_collect_of_the_newest_discard() -> None:
    """โง่ needs a one-card collect of the newest row card, discarded by the previous player; the first
    upcard never counts; the flipped direction stays until the next โง่."""
    # A two-card collect: seat 2 takes 9h with 9d after it, knocks.   row: Qc* 9h0 9d1
    s = position(["Ah 5c", "2c 3d", "7h8h 9c9s Kd"], row="Qc* 9h0 9d1", turn=2, born=(0, 1, 2))
    s = act(s, "C1 7h8h9h", "K Kd 9c9d9s")
    assert s.knocker == 2 and not scoring.is_ngo(s)
    assert "ngo" not in {code for _, code, _ in items(s)}
    # The first upcard: seat 0 collects 9h* on the first turn and knocks.
    s = act(position(["7h8h Kd", "2c 3d"], row="9h*"), "C0 7h8h9h", "K Kd")
    assert s.knocker == 0 and not scoring.is_ngo(s)
    assert next_game(s).direction == 1
    # In a reversed game (seat i -> i-1) the previous player of seat 1 is seat 2.
    s = position(["Ah 5c", "7h8h Kd", "2c 3d"], row="Qc* 9h2", turn=1, direction=-1, born=(0, 1, 2))
    s = act(s, "C1 7h8h9h", "K Kd")
    assert (2, "ngo", -50) in items(s)
    assert next_game(s).direction == 1
    # A reversed game with a knock that is no โง่ stays reversed.
    s = position(["Ah 5c", "7h8h9h Kd", "2c 3d"], row="Qc* 4s2", turn=1, direction=-1, phase="play", born=(0, 1, 2))
    s = act(s, "K Kd 7h8h9h")
    assert next_game(s).direction == -1


def _plain_ledger(s: DummyState) -> tuple[LedgerItem, ...]:
    """Rules 23-28 and 36 as a ledger, written plainly with ``LedgerItem``'s own constructor:
    the reference :func:`scoring.ledger` (which builds its items without the frozen ``__init__``)
    must equal, item for item."""
    cfg = s.config
    knocked = s.knocker >= 0
    out: list[LedgerItem] = []
    for p in range(cfg.players):
        mine: list[LedgerItem] = []
        if s.put_down[p]:
            mine.append(LedgerItem(p, "table", mask_value(s.put_down[p]), str(s.put_down[p].bit_count())))
        hand = mask_value(s.hands[p])
        if s.hands[p]:
            mine.append(LedgerItem(p, "hand", -hand, str(s.hands[p].bit_count())))
        if p == s.knocker:
            speto = cfg.speto_knock and is_speto(s.knock_card)
            mine.append(LedgerItem(p, "speto_knock", 100) if speto else LedgerItem(p, "knock_card", 50))
        mine.extend(i for i in s.items if i.seat == p)
        if p == s.knocker:
            subtotal = sum(i.points for i in mine)
            if cfg.colour_knock and s.put_down[p] and any(s.put_down[p] & ~m == 0 for m in SUIT_MASKS):
                mine.append(LedgerItem(p, "colour_knock", subtotal))
                subtotal *= 2
            if scoring.is_dark_knock(s):
                mine.append(LedgerItem(p, "dark_knock", subtotal))
        elif not s.born >> p & 1 and s.hands[p] and (knocked or cfg.fall_on_stock_out):
            mine.append(LedgerItem(p, "fall", -hand))
        if knocked and p == s.ngo_from:
            pen = cfg.ngo_dark_penalty if scoring.is_dark_knock(s) else cfg.ngo_penalty
            mine.append(LedgerItem(p, "ngo", -pen))
        out.extend(mine)
    return tuple(out)


@pytest.mark.parametrize("preset", ["classic", "modern", "fall"])
@pytest.mark.parametrize("players", [2, 4])
def test_rule_28_the_ledger_is_the_rules_item_for_item(preset: str, players: int) -> None:
    """Over seeded random games, the ledger equals the rules written plainly (:func:`_plain_ledger`),
    each item a true ``LedgerItem`` with the hash, repr and pickle of one made by its constructor."""
    config = replace(PRESETS["classic"], fall_on_stock_out=True) if preset == "fall" else PRESETS[preset]
    game = DummyGame(replace(config, players=players))
    rng = random.Random(28)
    codes: set[str] = set()
    for seed in range(60):
        s = game.new_game(seed=seed)
        while not game.is_terminal(s):
            s = game.apply_unchecked(s, rng.choice(game.legal_moves(s)))
        got, want = scoring.ledger(s), _plain_ledger(s)
        assert got == want
        for a, b in zip(got, want, strict=True):
            assert type(a) is LedgerItem and hash(a) == hash(b) and repr(a) == repr(b)
            assert pickle.loads(pickle.dumps(a)) == b
        codes.update(i.code for i in got)
    assert {"table", "hand", "knock_card"} <= codes
