"""Text for people: views, full states and ledgers (no hidden card of another seat in a view)."""

from __future__ import annotations

from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.notation import _parse_meld
from samrap.games.contract.render import hand_text, meld_text, render_ledger, render_state, render_view
from tests.games.contract.builders import act, mask, position


def test_render_view_and_state() -> None:
    s = position(
        ["7c7c' 9d *0", "Jd' 2h", "Qd' 8s"],
        deal=2,
        pile="3h 4c",
        melds=["1:5s6s*1=7s8s'", "1:KcKdKh"],
        down=[1],
        known={2: "8s"},
    )
    g = ContractGame(s.config)
    text = render_view(g.observe(s, 0), ["ann", "bo", "cy"])
    assert "Deal 2/7" in text and "one set + one run" in text
    assert "5♠ 6♠ ★7♠ 8♠" in text and "[2 >1] s1 bo" in text  # meld 2, typed >1
    assert "Your hand (4): 7♣ 7♣  9♦  ★" in text
    assert "known 8♠" in text and "J♦" not in text  # seat 1's hidden card stays hidden
    assert "ดัมมี่" not in render_view(g.observe(s, 0), lang="th")
    full = render_state(s)
    assert "J♦" in full and "Stock, next first:" in full
    assert hand_text(s.config.pack, mask("Th *1")) == "10♥  ★"
    assert meld_text(s.melds[0]) == "5♠ 6♠ ★7♠ 8♠"


def test_render_end_and_ledger() -> None:
    s = position(["8h", "Jd' *1", "Qd' 8s"], deal=3, phase="play", down=[0], melds=["0:5h6h7h", "0:2c3c4c"])
    t = act(s, "L 8h>0")
    g = ContractGame(s.config)
    text = render_view(g.observe(t, 1))
    assert "Deal over: s0 went out" in text and "s1: J♦  ★" in text
    ledger = render_ledger(g.ledger(t), 3)
    assert "jokers (*1)" in ledger and ledger.count("total") == 3
    assert "โจ๊กเกอร์" in render_ledger(g.ledger(t), 3, lang="th")


def test_render_a_set_of_any_suits() -> None:
    """Rule 8's option ``set_suits = any``: a set holding a face twice shows both cards."""
    pack = ContractConfig(set_suits="any").pack
    assert meld_text(_parse_meld(pack, "1:7h7h'7s*0=7c", True)) == "7♥ 7♥ 7♠ ★7♣"
    assert meld_text(_parse_meld(pack, "1:7c7d*0=7h", False)) == "7♣ 7♦ ★7♥"


def test_render_a_go_down_under_way_for_its_seat_only() -> None:
    """Rule 22: a go-down chosen a meld at a time shows in the mover's own screen, not others'."""
    s = act(position(["7c7d*0 9c9d9s 2h Kd", "Jd' 3c", "Qd' 8s"], deal=1, phase="play"), "G+ 7c7d*7h")
    game = ContractGame(s.config)
    mine = render_view(game.observe(s, 0))
    assert "go-down under way" in mine and "7c7d*7h" in mine
    assert "ชุดที่เลือกลงไว้" in render_view(game.observe(s, 0), lang="th")
    bare = s._replace(staging=())
    for q in (1, 2):
        assert render_view(game.observe(s, q)) == render_view(game.observe(bare, q))
