"""Rules 11-18 and 30-33 of docs/rules/dummy.md: a turn (draw or collect, born, meld, lay off, discard)."""

from __future__ import annotations

from samrap.games.dummy.state import Phase
from tests.games.dummy.builders import act, card, cards, items, legal, legal_of, position, rule_of


def test_rule_11_a_turn_starts_with_a_draw_or_a_collect() -> None:
    """First the player draws the top stock card or collects from the row."""
    # seat 0: 7h 8h Kd 2c 5s    row: Qh* 9h1    stock: 3d ...
    s = position(["7h8h Kd 2c 5s", "4c5c6d"], row="Qh* 9h1", stock="3d")
    assert legal(s) == {"D", "C1 7h8h9h"}
    drawn = act(s, "D")
    assert drawn.hands[0] == cards("7h8h Kd 2c 5s 3d")
    assert drawn.stock_size == s.stock_size - 1
    assert drawn.phase is Phase.PLAY
    assert drawn.row == s.row


def test_rule_12_collect_takes_target_and_everything_after() -> None:
    """A collect takes the target and every card discarded after it; the new meld goes on the table."""
    # seat 0: 3d 3h Kd 7s    row: Qh* 3c1 9d0 4s1
    s = position(["3d3h Kd 7s", "5c6c8d"], row="Qh* 3c1 9d0 4s1")
    s = act(s, "C1 3c3d3h")
    assert s.row == (card("Qh"),)
    assert s.hands[0] == cards("Kd 7s 9d 4s")
    assert s.melds == (cards("3c3d3h"),)
    assert s.meld_owner == (0,)
    assert s.put_down[0] == cards("3c3d3h")
    assert s.phase is Phase.PLAY


def test_rule_12_collect_meld_needs_the_target_and_a_hand_card() -> None:
    """The target must go into a new meld together with at least one card from hand."""
    # seat 0: 2c 9s 4d    row: 5h* 6h1 7h0 Kd1  (5h 6h 7h is a run made of row cards only)
    s = position(["2c 9s 4d", "5c6c8d"], row="5h* 6h1 7h0 Kd1")
    assert legal(s) == {"D"}
    assert rule_of(s, "C0 5h6h7h") == 12
    # seat 0: 8h 9s 4d: the meld must hold the target (index 3 is Kd)
    s = position(["8h 9s 4d", "5c6c8d"], row="5h* 6h1 7h0 Kd1")
    assert rule_of(s, "C3 6h7h8h") == 12
    assert rule_of(s, "C2 6h7h8h") == 31  # 6h is older than the target 7h (rule 31)
    assert rule_of(s, "C3 8h9sKd") == 10


def test_rule_12_collect_meld_may_use_other_cards_taken_with_it() -> None:
    """The collect's meld may use other cards taken in the same collect (discarded after the target)."""
    # seat 0: 7h 2c 9s    row: Qc* 5h1 Kd0 6h1
    s = position(["7h 2c 9s", "5c6c8d"], row="Qc* 5h1 Kd0 6h1")
    assert legal(s) == {"D", "C1 5h6h7h"}
    s = act(s, "C1 5h6h7h")
    assert s.hands[0] == cards("2c 9s Kd")
    assert s.put_down[0] == cards("5h6h7h")
    # A set the same way: seat 0 holds one 5, the target 5h and the newer 5s make three.
    # seat 0: 5c 9d 2s    row: Qc* 5h1 Kd0 5s1
    s = position(["5c 9d 2s", "4c6c8d"], row="Qc* 5h1 Kd0 5s1")
    assert legal(s) == {"D", "C1 5c5h5s"}


def test_rule_12_other_collected_cards_may_be_melded_or_laid_off_this_turn() -> None:
    """The other collected cards go to hand, and may be melded or laid off in the same turn."""
    # seat 0: 5c 5d 9s 2s    row: Qc* 5h1 9c0 9d1 Ts1    table: Js Qs Ks (seat 1)
    s = position(["5c5d 9s 2s", "4c6c8d"], row="Qc* 5h1 9c0 9d1 Ts1", melds="JsQsKs@1", born=[1])
    s = act(s, "C1 5c5d5h")
    assert s.hands[0] == cards("9s 2s 9c 9d Ts")
    assert legal_of(s, "M") == {"M 9c9d9s"}
    assert legal_of(s, "L") == {"L Ts>0"}
    s = act(s, "L Ts>0", "M 9c9d9s")
    assert s.hands[0] == cards("2s")
    assert s.put_down[0] == cards("5c5d5h 9c9d9s Ts")


def test_rule_13_a_move_may_not_leave_the_hand_empty() -> None:
    """A move that would leave the hand empty before the turn ends is illegal."""
    # Collect: seat 0 holds 7h 8h; C1 7h8h9h would leave nothing.   row: Qc* 9h1
    s = position(["7h8h", "5c6c8d"], row="Qc* 9h1")
    assert legal(s) == {"D"}
    assert rule_of(s, "C1 7h8h9h") == 13
    # Meld: seat 0 (born) holds exactly 7h 8h 9h after drawing.
    s = position(["7h8h9h", "5c6c8d"], row="Qc* 4s1", phase="play", born=[0])
    assert legal(s) == {"X 7h", "X 8h", "X 9h"}
    assert rule_of(s, "M 7h8h9h") == 13
    # Lay off: seat 0 (born) holds only Th; table 7h 8h 9h (seat 1).
    s = position(["Th", "5c6c8d"], row="Qc* 4s1", melds="7h8h9h@1", phase="play", born=[0, 1])
    assert legal(s) == {"K Th"}
    assert rule_of(s, "L Th>0") == 13


def test_rule_14_first_collect_makes_the_player_born_for_the_game() -> None:
    """A player's first collect makes them born (เกิด) for the rest of the game."""
    # seat 0: 3d 3h Kd 7s 6h 2c    row: Qh* 3c1    stock: 2s 4h 9c 5h
    s = position(["3d3h Kd 7s 6h 2c", "5c6c8d"], row="Qh* 3c1", stock="2s 4h 9c 5h")
    assert not s.is_born(0)
    s = act(s, "C1 3c3d3h")
    assert s.is_born(0) and not s.is_born(1)
    # Two turns later (only draws), seat 0 is still born when its turn begins and may meld.
    s = act(s, "X Kd", "D", "X 2s", "D", "X 7s", "D", "X 9c", "D")
    assert s.hands[0] == cards("6h 2c 4h 5h")
    assert s.is_born(0) and s.turn_born
    assert legal_of(s, "M") == {"M 4h5h6h"}


def test_rule_15_a_player_not_born_may_not_meld_or_lay_off() -> None:
    """A player who is not born may not meld from hand or lay off, except by knocking."""
    # seat 0 (not born, after drawing): 7h 8h 9h 9c 5c Kd    table: Tc Jc Qc (seat 1)
    s = position(["7h8h9h 9c 5c Kd", "2d3d4s"], row="Ad* 4c1", melds="TcJcQc@1", phase="play", born=[1])
    assert legal(s) == {"X 7h", "X 8h", "X 9h", "X 9c", "X 5c", "X Kd"}
    assert rule_of(s, "M 7h8h9h") == 15
    assert rule_of(s, "L 9c>0") == 15
    # Knocking is the exception: the whole hand goes down in the one move.
    s = position(["7h8h9h 9c Kd", "2d3d4s"], row="Ad* 4c1", melds="TcJcQc@1", phase="play", born=[1])
    assert legal(s) == {"X 7h", "X 8h", "X 9h", "X 9c", "X Kd", "K Kd 7h8h9h 9c>0"}


def test_rule_16_a_born_player_melds_and_lays_off_in_any_order() -> None:
    """A born player may, after drawing or collecting, meld from hand and lay off, in any order."""
    # seat 0 (born, after drawing): 7h 8h 9h 9c Kd 2s    table: Tc Jc Qc (seat 1)
    s = position(["7h8h9h 9c Kd 2s", "2d3d4s"], row="Ad* 4c1", melds="TcJcQc@1", phase="play", born=[0, 1])
    assert legal_of(s, "M") == {"M 7h8h9h"}
    assert legal_of(s, "L") == {"L 9c>0"}
    a = act(s, "M 7h8h9h", "L 9c>0")
    b = act(s, "L 9c>0", "M 7h8h9h")
    assert a.hands[0] == b.hands[0] == cards("Kd 2s")
    assert a.put_down[0] == b.put_down[0] == cards("7h8h9h 9c")
    assert set(a.melds) == set(b.melds) == {cards("9cTcJcQc"), cards("7h8h9h")}
    # Before drawing, nothing may be melded (rule 30).
    before = position(["7h8h9h 9c Kd", "2d3d4s"], row="Ad* 4c1", melds="TcJcQc@1", born=[0, 1])
    assert rule_of(before, "M 7h8h9h") == 30


def test_rule_17_lay_off_extends_runs_at_either_end_and_sets_take_a_4th() -> None:
    """Lay-offs go on any meld; runs grow at either end but never past A or below 2; sets take a 4th."""
    # table: 8c 9c Tc Jc (seat 1), 5d 5h 5s (seat 2), Qh Kh Ah (seat 1)
    # seat 0 (born, after drawing): 7c Qc 6c 5c 2h Jh Kd
    s = position(
        ["7c Qc 6c 5c 2h Jh Kd", "2d3d4s", "3c4c9d"],
        row="Ad* 4h2",
        melds="8c9cTcJc@1 5d5h5s@2 QhKhAh@1",
        phase="play",
        born=[0, 1, 2],
    )
    assert legal_of(s, "L") == {"L 7c>0", "L Qc>0", "L 5c>1", "L Jh>2"}
    assert rule_of(s, "L 2h>2") == 17  # no wrap past A
    assert rule_of(s, "L 6c>0") == 17  # 6c does not touch 8c..Jc (yet)
    assert rule_of(s, "L 7c>1") == 17
    s = act(s, "L 5c>1")
    assert s.melds[1] == cards("5c5d5h5s")
    assert s.put_down[0] == cards("5c")


def test_rule_17_a_laid_off_card_extends_the_meld_for_everyone() -> None:
    """After B lays off 7c on A's 8c-9c-10c-Jc, anyone may lay off 6c."""
    # seat 0 (A) owns 8c 9c Tc Jc.  seat 1 (B, to play, drew): 7c Kd 2s.  seat 2 (C): 6c 3h 4h.
    s = position(
        ["2d3d4s", "7c Kd 2s", "6c 3h4h"],
        row="Ad* 9h0",
        melds="8c9cTcJc@0",
        phase="play",
        turn=1,
        born=[0, 1, 2],
        stock="5s",
    )
    assert rule_of(s, "L 6c>0", seat=2) == 6  # only on one's own turn
    s = act(s, "L 7c>0", "X Kd", "D")
    assert legal_of(s, "L") == {"L 6c>0"}
    s = act(s, "L 6c>0")
    assert s.melds[0] == cards("6c7c8c9cTcJc")
    assert s.meld_owner == (0,)
    assert (s.put_down[0], s.put_down[1], s.put_down[2]) == (cards("8c9cTcJc"), cards("7c"), cards("6c"))


def test_rule_18_the_turn_ends_with_exactly_one_discard() -> None:
    """The turn ends with one discard, face up at the end of the row (or a knock)."""
    # seat 0 (after drawing): Kd 2s 7c    row: Ad* 9h1
    s = position(["Kd 2s 7c", "2d3d4s"], row="Ad* 9h1", phase="play")
    assert legal(s) == {"X Kd", "X 2s", "X 7c"}
    assert rule_of(s, "X 5c") == 18
    s = act(s, "X 2s")
    assert s.row == (card("Ad"), card("9h"), card("2s"))
    assert s.row_by == (-1, 1, 0)
    assert s.hands[0] == cards("Kd 7c")
    assert (s.current, s.phase) == (1, Phase.DRAW)
    # A second discard: not seat 0's turn any more, and seat 1 must draw first.
    assert rule_of(s, "X Kd", seat=0) == 6
    assert rule_of(s, "X 2d") == 30


def test_rule_30_one_draw_or_collect_first_then_melds_and_the_end() -> None:
    """Exactly one draw or collect comes first; melds, lay-offs, discards and knocks only after it."""
    # seat 0 (born): 7h 8h 9h 9c Kd    row: Ad* 6h1    table: Tc Jc Qc (seat 1)
    s = position(["7h8h9h 9c Kd", "2d3d4s"], row="Ad* 6h1", melds="TcJcQc@1", born=[0, 1])
    for early in ("M 7h8h9h", "L 9c>0", "X Kd", "K Kd 7h8h9h 9c>0"):
        assert rule_of(s, early) == 30
    s = act(s, "D")
    for again in ("D", "C1 6h7h8h"):
        assert rule_of(s, again) == 30


def test_rule_31_collect_meld_uses_target_newer_cards_and_old_hand_only() -> None:
    """A collect's meld uses the target, newer row cards and the hand; never older row cards.
    Any depth is allowed, the first upcard included, and one's own discard may be taken back."""
    # seat 0: 8h 9h 4s 5c    row: 6h* Kc1 7h0 2d1   (7h was seat 0's own discard)
    s = position(["8h9h 4s 5c", "3c3d4d"], row="6h* Kc1 7h0 2d1")
    assert legal_of(s, "C") == {"C2 7h8h9h", "C0 6h7h8h", "C0 6h7h8h9h"}
    assert rule_of(s, "C2 6h7h8h") == 31
    back = act(s, "C2 7h8h9h")
    assert back.row == (card("6h"), card("Kc"))
    assert back.hands[0] == cards("4s 5c 2d")
    deep = act(s, "C0 6h7h8h")
    assert deep.row == ()
    assert deep.hands[0] == cards("9h 4s 5c Kc 2d")


def test_rule_32_collect_then_knock_and_discard_what_was_just_taken() -> None:
    """A player may collect and knock in one turn; discarding a card just drawn or just collected is legal."""
    # seat 0 (not born): 7h 8h Kd    row: Qc* 9h1
    s = position(["7h8h Kd", "2d3d4d"], row="Qc* 9h1")
    s = act(s, "C1 7h8h9h")
    assert legal(s) == {"K Kd"}
    s = act(s, "K Kd")
    assert (s.phase, s.knocker, s.knock_card) == (Phase.OVER, 0, card("Kd"))
    # Discard the card just drawn.   seat 0: 2c 5s 9d    stock: 3d
    s = act(position(["2c 5s 9d", "2d4d6d"], row="Qc* 9h1", stock="3d"), "D", "X 3d")
    assert s.row[-1] == card("3d")
    # Discard a non-target card just collected.   seat 0: 7h 8h Kd    row: Qc* 9h1 4s0
    s = act(position(["7h8h Kd", "2d3d4d"], row="Qc* 9h1 4s0"), "C1 7h8h9h", "X 4s")
    assert s.row == (card("Qc"), card("4s"))
    assert s.row_by == (-1, 0)


def test_rule_33_with_one_card_left_the_only_end_is_a_knock() -> None:
    """With one card left the turn can only end in a knock; a knock with just the face-down card is legal."""
    # seat 0 (born, after drawing): 7h 8h 9h Qs
    s = position(["7h8h9h Qs", "2d3d4d"], row="Ac* 5s1", phase="play", born=[0])
    s = act(s, "M 7h8h9h")
    assert legal(s) == {"K Qs"}
    assert rule_of(s, "X Qs") == 33
    s = act(s, "K Qs")
    assert s.knock_card == card("Qs")
    assert s.hands[0] == 0
    assert s.row == (card("Ac"), card("5s"))
    # The face-down speto counts 50, like any knock card (rule 24).
    assert [i for i in items(s) if i[0] == 0] == [(0, "table", 15), (0, "knock_card", 50)]
