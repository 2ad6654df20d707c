"""Rules 19-21 and 34-35 of docs/rules/dummy.md: knocks, dark knocks and the empty stock."""

from __future__ import annotations

from samrap.games.dummy import scoring
from samrap.games.dummy.state import Phase
from tests.games.dummy.builders import act, card, cards, items, legal, legal_of, position, rule_of


def test_rule_19_knock_puts_down_all_but_one_face_down_card_and_ends_the_game() -> None:
    """A knock puts every card but one down as melds and lay-offs; the last goes face down; the game ends."""
    # seat 0 (born, after drawing): 7h 8h 9h 5c 5d 5s Kd    row: Ac* 4s1
    s = position(["7h8h9h 5c5d5s Kd", "2d3d4d"], row="Ac* 4s1", phase="play", born=[0])
    assert legal_of(s, "K") == {"K Kd 7h8h9h 5c5d5s"}
    assert rule_of(s, "K Kd 7h8h9h") == 19  # 5c 5d 5s left in hand
    assert rule_of(s, "K 9h 7h8h 5c5d5s Kd") == 10
    s = act(s, "K Kd 7h8h9h 5c5d5s")
    assert s.phase is Phase.OVER
    assert (s.knocker, s.knock_card) == (0, card("Kd"))
    assert s.hands[0] == 0
    assert s.row == (card("Ac"), card("4s"))  # the face-down card is not discarded
    assert set(s.melds) == {cards("7h8h9h"), cards("5c5d5s")}
    assert s.meld_owner == (0, 0)
    assert legal(s) == set()
    assert rule_of(s, "D") == 19  # the game is over


def test_rule_19_a_player_not_born_may_knock_with_the_whole_hand_at_once() -> None:
    """A player who is not born may knock: the whole hand goes down in the one move."""
    # seat 1 (not born): 7h 8h 9h 5c 5d Kd    stock: 5s    row: Ac* 4s0
    s = position(["2d3d4d", "7h8h9h 5c5d Kd"], row="Ac* 4s0", turn=1, stock="5s")
    s = act(s, "D")
    assert legal_of(s, "M") == set()
    assert legal_of(s, "K") == {"K Kd 7h8h9h 5c5d5s"}
    s = act(s, "K Kd 7h8h9h 5c5d5s")
    assert s.knocker == 1
    assert s.put_down[1] == cards("7h8h9h 5c5d5s")


def test_rule_20_dark_knock_a_player_who_only_drew() -> None:
    """A knock by a player who was not born when the knocking turn began is dark (น็อคมืด)."""
    # Only drew: seat 0 (not born): 7h 8h 9h Kd, draws Th and knocks with Kd face down.
    s = position(["7h8h9h Kd", "2d3d4d"], row="Ac* 4s1", stock="Th")
    s = act(s, "D", "K Kd 7h8h9hTh")
    assert scoring.is_dark_knock(s)
    # First collect in the knocking turn: seat 0 (not born): 7h 8h Kd    row: Ac* 9h1
    s = act(position(["7h8h Kd", "2d3d4d"], row="Ac* 9h1"), "C1 7h8h9h", "K Kd")
    assert scoring.is_dark_knock(s)
    # Not born after turns of drawing and discarding: still dark.
    # seat 0: 7h 8h 9h 2s, draws Kd, discards 2s; seat 1 draws 5d, discards it; seat 0 draws Th.
    s = position(["7h8h9h 2s", "2d3d4d"], row="Ac* 4s1", stock="Kd 5d Th", born=[1])
    s = act(s, "D", "X 2s", "D", "X 5d", "D", "K Kd 7h8h9hTh")
    assert scoring.is_dark_knock(s)
    # Born by a collect in an earlier turn: seat 0 collects 9h, discards 2s; seat 1 draws and
    # discards 5d; seat 0 draws Th, lays it on its 7h 8h 9h and knocks with Kd: not dark.
    s = position(["7h8h Kd 2s", "2d3d4d"], row="Ac* 9h1", stock="5d Th", born=[1])
    s = act(s, "C1 7h8h9h", "X 2s", "D", "X 5d", "D")
    assert s.turn_born
    s = act(s, "K Kd Th>0")
    assert not scoring.is_dark_knock(s)
    # Born in an earlier turn: not dark.
    s = position(["7h8h9h Kd", "2d3d4d"], row="Ac* 4s1", stock="Th", born=[0])
    s = act(s, "D", "K Kd 7h8h9hTh")
    assert not scoring.is_dark_knock(s)
    assert "dark_knock" not in {code for _, code, _ in items(s)}


def test_rule_21_empty_stock_gives_one_last_collect_and_knock_turn() -> None:
    """After the last stock card is drawn and discarded, the next player may only collect and knock, or the
    game ends with no knock; the row is never reshuffled."""
    # seat 0: 4c Kd 9h, draws the last stock card 2d and discards 9h.
    # seat 1: 7h 8h 3c          row: Qc* 5s1 -> Qc* 5s1 9h0
    s = position(["4c Kd 9h", "7h8h 3c"], row="Qc* 5s1", stock="2d", rest_in_stock=False)
    assert rule_of(s, "-") == 35  # no pass while the stock lasts
    s = act(s, "D", "X 9h")
    assert s.stock_size == 0
    assert (s.phase, s.current) == (Phase.LAST_DRAW, 1)
    assert legal(s) == {"C2 7h8h9h", "-"}
    assert rule_of(s, "D") == 35
    ended = act(s, "-")
    assert (ended.phase, ended.knocker) == (Phase.OVER, -1)
    assert ended.row == s.row
    knocked = act(s, "C2 7h8h9h", "K 3c")
    assert (knocked.phase, knocked.knocker) == (Phase.OVER, 1)
    # seat 1: 7h 8h 3c 6d: collecting 9h leaves two loose cards, so no knock: only the pass.
    s = position(["4c Kd 9h", "7h8h 3c 6d"], row="Qc* 5s1", stock="2d", rest_in_stock=False)
    s = act(s, "D", "X 9h")
    assert legal(s) == {"-"}
    assert rule_of(s, "C2 7h8h9h") == 35


def test_rule_34_knock_lay_offs_go_on_any_meld_and_score_for_the_knocker() -> None:
    """A knock's lay-offs may go on any player's melds, also for a player not born, and score for the
    knocker, never for the meld's owner."""
    # seat 0 owns 8c 9c Tc Jc (born).  seat 2 (not born, after drawing): 7c Qc 5d 5h 5s Kd.
    # seat 1: 2d 3d 4d (not born).
    s = position(
        ["Ah 3s", "2d3d4d", "7c Qc 5d5h5s Kd"],
        row="Ac* 9h1",
        melds="8c9cTcJc@0",
        phase="play",
        turn=2,
        born=[0],
    )
    assert legal_of(s, "K") == {"K Kd 5d5h5s 7c>0 Qc>0"}
    s = act(s, "K Kd 5d5h5s 7c>0 Qc>0")
    assert s.melds[0] == cards("7c8c9cTcJcQc")
    assert s.meld_owner[0] == 0
    assert s.put_down[2] == cards("5d5h5s 7c Qc")
    assert s.put_down[0] == cards("8c9cTcJc")
    assert s.layoffs == (0, 0, 2)
    # seat 2: table 5+5+5+5+10 = 30, knock card 50, dark x2.  seat 0: 30 - 15 - 5.  seat 1: -15, fell.
    assert scoring.game_scores(s) == (10, -30, 160)


def test_rule_34_every_lay_off_scores_for_the_player_who_lays_it() -> None:
    """A lay-off in an ordinary turn also scores for the player who lays it, not the meld's owner."""
    # seat 0 owns 8c 9c Tc Jc and holds 4h 5h 6h.  seat 1 (born, after drawing): 7c 2s 3s.
    # seat 1 lays 7c on seat 0's meld and discards 2s; seat 0 draws Kd and knocks with it.
    s = position(
        ["4h5h6h", "7c 2s 3s"], row="Ac* 9h0", melds="8c9cTcJc@0", phase="play", turn=1, born=[0, 1], stock="Kd"
    )
    s = act(s, "L 7c>0", "X 2s", "D", "K Kd 4h5h6h")
    assert s.phase is Phase.OVER and s.knocker == 0
    assert items(s) == [
        (0, "table", 30 + 15),
        (0, "knock_card", 50),
        (1, "table", 5),
        (1, "hand", -5),
    ]


def test_rule_35_the_last_turn_collects_at_any_depth_and_must_knock() -> None:
    """On the last turn the player may not draw or discard; they collect (any depth), meld and lay off as
    separate actions while a knock stays possible, and knock; or pass. The player who drew the last
    card plays an ordinary turn."""
    # seat 0: 4c Kd 9h owns Jc Qc Kc; draws the last card 2d (an ordinary turn) and discards 9h.
    # seat 1: 5c 5d 7h 8h 3c Tc      row: Qd* 5s1 9h0
    s = position(
        ["4c Kd 9h", "5c5d 7h8h 3c Tc"], row="Qd* 5s1", melds="JcQcKc@0", born=[0], stock="2d", rest_in_stock=False
    )
    s = act(s, "D")
    assert s.stock_size == 0 and s.phase is Phase.PLAY
    assert legal(s) == {"X 4c", "X Kd", "X 9h", "X 2d"}
    s = act(s, "X 9h")
    # C2 7h8h9h would leave 5c 5d 3c Tc: no knock. C1 takes 5s and 9h: 7h8h9h, Tc on Jc..Kc, 3c down.
    assert legal(s) == {"C1 5c5d5s", "-"}
    assert rule_of(s, "D") == 35
    assert rule_of(s, "X 3c") == 30  # nothing may come before the collect
    s = act(s, "C1 5c5d5s")
    assert s.phase is Phase.LAST_PLAY
    assert legal(s) == {"K 3c 7h8h9h Tc>0", "M 7h8h9h", "L Tc>0"}
    assert rule_of(s, "X 3c") == 35
    assert rule_of(s, "D") == 30
    # The one-move knock and the separate melds and lay-offs end the same way.
    at_once = act(s, "K 3c 7h8h9h Tc>0")
    assert (at_once.phase, at_once.knocker) == (Phase.OVER, 1)
    assert at_once.put_down[1] == cards("5c5d5s 7h8h9h Tc")
    s = act(s, "M 7h8h9h")
    assert s.phase is Phase.LAST_PLAY
    assert legal(s) == {"L Tc>0", "K 3c Tc>0"}
    s = act(s, "L Tc>0")
    assert legal(s) == {"K 3c"}
    assert rule_of(s, "X 3c") == 35
    s = act(s, "K 3c")
    assert (s.phase, s.knocker) == (Phase.OVER, 1)
    assert s.put_down[1] == at_once.put_down[1]
    assert scoring.game_scores(s) == scoring.game_scores(at_once)


def test_rule_35_a_last_turn_meld_or_lay_off_must_leave_a_knock_possible() -> None:
    """After the last collect, a meld or lay-off after which no knock exists is illegal (rule 35)."""
    # seat 0 (after the last collect): 7c 7d 7h 7s 5h 6h Kd. Knock: 7c7d7s, 5h6h7h, Kd face down.
    # Melding all four 7s leaves 5h 6h Kd: no knock.    table: 8s 9s Ts (seat 1)
    s = position(
        ["7c7d7h7s 5h6h Kd", "2d3d4d"],
        row="Qc* 9c1",
        melds="8s9sTs@1",
        phase="lastplay",
        born=[0, 1],
        rest_in_stock=False,
    )
    assert legal_of(s, "M") == {"M 7c7d7s", "M 5h6h7h"}
    assert rule_of(s, "M 7c7d7h7s") == 35
    assert rule_of(s, "M 7c7d7h") == 35
    assert rule_of(s, "L 7s>0") == 35  # leaves 7c 7d 7h 5h 6h: 5h6h7h + 7c 7d, no knock
    assert legal_of(s, "L") == set()
    s = act(s, "M 5h6h7h", "M 7c7d7s", "K Kd")
    assert (s.phase, s.knocker) == (Phase.OVER, 0)
