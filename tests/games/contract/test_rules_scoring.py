"""Rules 18, 20, 21 and 28 of rules/contract-rummy.md: the empty stock, scoring and the match."""

from __future__ import annotations

from samrap.games.contract import ContractConfig, ContractGame, match, scoring
from samrap.games.contract.state import LedgerItem, Phase
from samrap.games.contract.transitions import reshuffle_order
from tests.games.contract.builders import act, ids, mask, position


def test_rule_18_28_the_empty_stock_is_reshuffled_at_the_start_of_a_turn() -> None:
    """The pile but its newest card becomes the stock, in an order the deal's seed fixes."""
    s = position(["2c 5d", "9h 4s", "Kd 7c"], pile="3h 8c", stock="Ah", rest="pile", seed=42)
    assert len(s.stock) == 1
    t = act(s, "D")
    assert t.stock == () and t.phase is Phase.PLAY  # empty in the middle of a turn: nothing yet
    old_pile = t.pile
    t = act(t, "X 5d")
    assert t.reshuffles == 1 and t.pile == tuple(ids("5d"))
    assert t.stock == reshuffle_order(42, 1, old_pile) and sorted(t.stock) == sorted(old_pile)
    assert t.phase is Phase.DRAW and t.current == 1
    # The same deal replays to the same order; another seed gives another.
    assert act(s, "D", "X 5d").stock == t.stock
    assert act(s._replace(seed=43), "D", "X 5d").stock != t.stock


def test_rule_18_28_after_the_last_reshuffle_the_deal_ends_with_nobody_out() -> None:
    """With max_reshuffles used up (2 by default) an empty stock ends the deal; every hand scores."""
    s = position(["2c 5d", "9h 4s", "Kd 7c"], pile="3h 8c", stock="Ah", rest="pile", reshuffles=2, down=[1])
    t = act(s, "D", "X 5d")
    assert t.phase is Phase.OVER and t.out == -1
    assert ContractGame(s.config).returns(t) == (2 + 15, 9 + 4, 10 + 7)  # 2c Ah | 9h 4s | Kd 7c
    # A pile of one card cannot make a stock either: here seat 2 holds every spare card.
    s = position(["2c 5d", "9h 4s", "Kd 7c"], stock="Ah", rest="pile")
    spare = 0
    for c in s.pile:
        spare |= 1 << c
    s = s._replace(pile=(), hands=(*s.hands[:2], s.hands[2] | spare))
    t = act(s, "D", "X 5d")
    assert t.phase is Phase.OVER and t.out == -1 and t.reshuffles == 0
    cfg = ContractConfig(players=3, max_reshuffles=0)
    s = position(["2c 5d", "9h 4s", "Kd 7c"], pile="3h 8c", stock="Ah", rest="pile", config=cfg)
    assert act(s, "D", "X 5d").phase is Phase.OVER


def test_rule_20_penalty_points_and_the_ledger() -> None:
    """2-10 face value, J Q K 10, A 15, joker 15; the player who went out scores 0."""
    s = position(["8h", "Jd' 7c *1 Ah", "Ts 2d Qs Kc"], deal=3, phase="play", down=[0], melds=["0:5h6h7h", "0:2c3c4c"])
    t = act(s, "L 8h>0")
    assert t.out == 0
    g = ContractGame(s.config)
    assert g.returns(t) == (0, 10 + 7 + 15 + 15, 10 + 2 + 10 + 10)
    items = {(i.seat, i.code): i for i in g.ledger(t)}
    assert items[(0, "out")] == LedgerItem(0, "out", 0)
    assert items[(1, "court")].points == 10 and items[(1, "pips")].points == 7
    assert items[(1, "aces")].points == 15 and items[(1, "jokers")] == LedgerItem(1, "jokers", 15, "*1")
    assert items[(2, "pips")] == LedgerItem(2, "pips", 12, "2dTs")
    assert set(scoring.ITEM_NAMES) >= {code for _, code in items}
    assert g.returns(s) == (0, 0, 0) and g.ledger(s) == ()


def test_rule_21_seven_deals_and_the_lowest_total_wins() -> None:
    """Totals carry from deal to deal; after deal 7 the lowest total wins and a tie is shared."""
    s = position(["8h", "Jd'", "Qd'"], deal=6, phase="play", down=[0], melds=["0:5h6h7h", "0:2c3c4c"], scores=[5, 0, 9])
    t = act(s, "L 8h>0")
    assert match.match_totals(t) == (5, 10, 19)
    nxt = match.next_deal(t)
    assert nxt is not None and (nxt.deal, nxt.dealer, nxt.scores) == (7, (s.dealer + 1) % 3, (5, 10, 19))
    assert not match.is_match_over(t)
    last = t._replace(deal=7)
    assert match.next_deal(last) is None and match.is_match_over(last)
    assert match.match_winners((5, 10, 19)) == (0,)
    assert match.match_winners((12, 10, 10)) == (1, 2)
    assert match.hand_size(5) == 12 and mask("8h") == 1 << 32
