"""Rules 12-15, 19, 23-25, 29 and 30 of rules/contract-rummy.md: a turn from the draw to the discard."""

from __future__ import annotations

from samrap.games.contract import ContractConfig
from samrap.games.contract.cards import JOKER
from samrap.games.contract.melds import RUN, SET
from samrap.games.contract.state import Phase
from tests.games.contract.builders import act, ids, legal, legal_of, mask, position, rule_of

OTHERS = ["Jd'", "Qd'"]


def test_rule_12_draw_the_stock_top_or_take_discards() -> None:
    """The stock's top card, the top discard, or a deeper card with everything above it."""
    # seat 0 (not down, deal 1: two sets): 7c 7d 9c 9d 9s 2h Kd 5s    pile: 5c 7h 3s 4d (4d on top)
    s = position(["7c7d 9c9d9s 2h Kd 5s", *OTHERS], pile="5c 7h 3s 4d", stock="Ah")
    # P1 (3s) and P3 (5c) have nowhere to go this turn; P2 (7h) makes 7c7d7h.
    assert legal_of(s, "D") | legal_of(s, "P") == {"D", "P", "P2"}
    drawn = act(s, "D")
    assert drawn.hands[0] == s.hands[0] | mask("Ah") and drawn.phase is Phase.PLAY
    top = act(s, "P")
    assert top.pile == tuple(ids("5c 7h 3s")) and top.known[0] == mask("4d")
    deep = act(s, "P2")
    assert deep.pile == tuple(ids("5c")) and deep.deep == ids("7h")[0]
    assert deep.known[0] == mask("7h 3s 4d")  # cards taken from the pile are seen by everyone
    assert rule_of(s, "P1") == 12
    assert rule_of(s, "P4") == 12  # the pile has no fifth card
    deep = act(deep, "G 7c7d7h 9c9d9s", "X 3s")
    assert deep.current == 1 and deep.pile == tuple(ids("5c 3s"))


def test_rule_12_pickup_top_option() -> None:
    """``pickup=top`` (pagat, liverpool): only the top discard may be taken."""
    cfg = ContractConfig(players=3, pickup="top")
    s = position(["7c7d 9c9d9s 2h Kd 5s", *OTHERS], pile="5c 7h 3s 4d", config=cfg)
    assert legal_of(s, "P") == {"P"}
    assert rule_of(s, "P2") == 12


def test_rule_13_going_down_is_exactly_the_contract_in_any_valid_size() -> None:
    """The first melds put down are the contract's sets and runs, no more and no fewer; sizes are free."""
    # seat 0, deal 2 (a set and a run): 7c 7d 7h 7s 4s 5s 6s 7s' 8s Kd
    s = position(["7c7d7h7s 4s5s6s7s'8s Kd", *OTHERS], deal=2, phase="play")
    gds = legal_of(s, "G")
    assert "G 7c7d7h7s 4s5s6s7s8s" in gds and "G 7c7d7h 4s5s6s" in gds
    assert rule_of(s, "G 7c7d7h") == 13
    assert rule_of(s, "G 7c7d7h 4s5s6s 7s8s*9s") != 0
    assert rule_of(s, "G 7c7d7h 4s5s6s 7s8s*9s") == 13
    s = act(s, "G 7c7d7h7s 4s5s6s7s8s")
    assert s.is_down(0) and s.went_down and s.hands[0] == mask("Kd")


def test_rule_14_after_going_down_only_lay_offs_on_any_meld() -> None:
    """No new melds after going down; cards go on one's own or anyone's melds, now and later."""
    # seat 0 is down; seat 1 owns 5h 6h 7h; seat 0 holds 8h 2c 2d 2s Kd
    s = position(
        ["8h 2c2d2s Kd", "Jd'", "Qd'"], deal=1, phase="play", down=[0, 1], melds=["0:9c9d9s", "0:4c4d4h", "1:5h6h7h"]
    )
    assert legal_of(s, "M") == set()
    assert rule_of(s, "M 2c2d2s") == 14
    assert legal_of(s, "L") == {"L 8h>2"}
    s = act(s, "L 8h>2")
    assert s.melds[2].faces == mask("5h6h7h8h") and s.melds[2].owner == 1
    # Not yet down: no lay-offs at all.
    s = position(["8h 2c Kd", "Jd'", "Qd'"], deal=1, phase="play", down=[1], melds=["1:5h6h7h", "1:9c9d9s"])
    assert legal_of(s, "L") == set() and rule_of(s, "L 8h>0") == 14


def test_rule_15_discard_ends_the_turn() -> None:
    """One card face up ends the turn and passes it left; the pile's top is that card."""
    s = position(["2c 5d 9h", *OTHERS], deal=1, phase="play")
    assert legal_of(s, "X") == {"X 2c", "X 5d", "X 9h"}
    t = act(s, "X 5d")
    assert t.current == 1 and t.phase is Phase.DRAW and t.pile[-1] == ids("5d")[0]
    assert rule_of(s, "X Kd") == 15


def test_rule_19_going_out_ends_the_deal_at_once() -> None:
    """Going down and going out in one turn; the deal ends for everyone."""
    s = position(["7c7d7h 9c9d9s", *OTHERS], deal=1, phase="play")
    t = act(s, "G 7c7d7h 9c9d9s")
    assert t.phase is Phase.OVER and t.out == 0
    assert rule_of(t, "D") == 19


def test_rule_23_go_down_and_lay_off_in_one_turn_and_go_out() -> None:
    """After going down the player may lay off at once, also on the melds just put down, and go out."""
    s = position(["7c7d7h 9c9d9s 7s 9h", *OTHERS], deal=1, phase="play")
    t = act(s, "G 7c7d7h 9c9d9s")
    assert legal_of(t, "L") == {"L 7s>0", "L 9h>1"}
    t = act(t, "L 7s>0", "L 9h>1")
    assert t.phase is Phase.OVER and t.out == 0


def test_rule_24_the_deep_card_must_reach_the_table_this_turn() -> None:
    """By going down, by a lay-off (a player already down) or swapped in for a joker; else no pick-up."""
    # A player already down lays the deep card off: seat 0 holds 2c Kd; the pile is 8h 3s 9d.
    s = position(
        ["2c Kd", "Jd'", "Qd'"], deal=1, phase="draw", down=[0], melds=["1:5h6h7h", "1:9c9d9s"], pile="8h 3s 4d"
    )
    assert legal_of(s, "P") == {"P", "P2"}
    t = act(s, "P2")
    assert rule_of(t, "X 3s") != 0 and rule_of(t, "X 8h") == 24
    t = act(t, "L 8h>0", "X 3s")
    assert t.current == 1
    # Swapped in for a joker: seat 0 took 7h from the pile, the run holds a joker as 7h.
    s = position(["2c Kd Ks", "Jd'", "Qd'"], deal=1, down=[0, 1], melds=["1:5h6h*0=7h", "1:9c9d9s"], pile="7h 3s")
    assert "P1" in legal_of(s, "P")
    t = act(s, "P1", "E 7h>0")
    assert t.pending and rule_of(t, "X 3s") == 26
    t = act(t, "L *8h>0", "X 3s")
    assert t.melds[0].faces == mask("5h6h7h8h")
    # Deal 7: a deep pick-up means going out that turn.
    s = position(["2c3c4c 5d6d7d8d 9s Ts Js Qs Ks", "Jd'", "Qd'"], deal=7, pile="2h 5c As 9d", stock="Ah")
    assert legal_of(s, "P") == {"P", "P1", "P2"}  # not P3: the 2h would be left over
    t = act(s, "P2", "G 2c3c4c5c 5d6d7d8d9d 9sTsJsQsKsAs")
    assert t.out == 0


def test_rule_25_the_single_top_discard_and_its_face_stay() -> None:
    """After taking just the top discard, neither it nor another card of its face may be discarded."""
    s = position(["9c' 2d 5h", *OTHERS], pile="4s 9c")
    t = act(s, "P")
    assert t.forbid == 7
    assert legal_of(t, "X") == {"X 2d", "X 5h"}
    assert rule_of(t, "X 9c") == 25
    # The first upcard counts as a top discard.
    s = position(["9c' 2d 5h", *OTHERS], pile="9c")
    assert legal_of(act(s, "P"), "X") == {"X 2d", "X 5h"}
    # Several cards taken: any of them but the deep card may go.
    s = position(["2c Kd", "Jd'", "Qd'"], deal=1, down=[0], melds=["1:5h6h7h", "1:9c9d9s"], pile="8h 3s 4d")
    t = act(s, "P2", "L 8h>0")
    assert legal_of(t, "X") == {"X 2c", "X 3s", "X 4d", "X Kd"}


def test_rule_29_out_at_once_with_or_without_a_discard() -> None:
    """A player who is down and has no cards left is out (deals 1-6): by a lay-off or a discard."""
    s = position(["8h", "Jd'", "Qd'"], deal=3, phase="play", down=[0], melds=["1:5h6h7h", "1:2c3c4c"])
    t = act(s, "L 8h>0")
    assert t.phase is Phase.OVER and t.out == 0
    s = position(["Kd", "Jd'", "Qd'"], deal=3, phase="play", down=[0], melds=["1:5h6h7h", "1:2c3c4c"])
    t = act(s, "X Kd")
    assert t.phase is Phase.OVER and t.out == 0 and t.pile[-1] == ids("Kd")[0]


def test_rule_30_a_move_that_leaves_no_legal_end_of_turn_is_illegal() -> None:
    """Holding only cards of the face rule 25 forbids: the pick-up is legal only if they can all go."""
    # seat 0 is down holding 9c; the top discard is 9c'. After taking it both 9c must go on the table.
    s = position(["9c", "Jd'", "Qd'"], deal=1, down=[0], melds=["1:9d9h9s", "1:2c2d2h"], pile="9c'")
    assert legal_of(s, "P") == set() and rule_of(s, "P") == 30
    s = position(["9c", "Jd'", "Qd'"], deal=3, down=[0], melds=["1:6c7c8c", "1:9d9h9s"], pile="9c'")
    assert legal_of(s, "P") == {"P"}
    t = act(s, "P")
    assert legal(t) == {"L 9c>0", "L 9c>1"}  # neither may be discarded; each lay-off keeps a way out
    t = act(t, "L 9c>0")
    assert legal(t) == {"L 9c>1"}
    assert act(t, "L 9c>1").out == 0


def test_melds_keep_their_kind() -> None:
    s = position(["7c7d7h 4s5s6s Kd", *OTHERS], deal=2, phase="play")
    t = act(s, "G 7c7d7h 4s5s6s")
    assert [m.kind for m in t.melds] == [SET, RUN]
    assert JOKER == 52


def test_discards_of_a_suit_pattern_joined_from_halves_equal_rank_by_rank() -> None:
    """``turn.play_actions`` lists a suit's discards from its low 7 and high 6 ranks' tuples
    (``_SUIT_DISCARDS``): every 13-bit pattern of every suit gives the discards rank by rank, in
    order."""
    from samrap.games.contract import turn
    from samrap.games.contract.actions import DISCARDS

    for base, low, high in turn._SUIT_DISCARDS:
        for pattern in range(1 << 13):
            want = tuple(DISCARDS[base + r] for r in range(13) if pattern >> r & 1)
            assert low[pattern & 0x7F] + high[pattern >> 7] == want, (base, pattern)
