"""The text rendering of views (``games/dummy/render.py``, ``games/contract/render.py``), as ``samrap play`` shows it.

Kept beside the CLI tests, its consumer; every case is built from a position the rules accept.
"""

from __future__ import annotations

from samrap.games.dummy import DummyConfig, DummyGame
from samrap.games.dummy.observe import observe
from samrap.games.dummy.render import hand_text, meld_cards, render_ledger, render_state, render_view
from samrap.games.dummy.state import LedgerItem
from tests.games.dummy.builders import cards, position

NAMES = ("ann", "ben", "cat")


def _mid_game() -> str:
    s = position(
        ["As 2c Kd 7h Th 3s", "4c 5c 6c 9d", "Jc Jd"],
        row="Qh* 7d1 8d0 2h2",
        melds="8c9cTc@0 5s5h5d@1",
        born=(0, 1),
        turn=0,
        known={1: "9d"},
        scores=(120, -30, 0),
    )
    return render_view(observe(s, 0), NAMES)


def test_the_hand_is_sorted_by_suit_then_rank_with_symbols() -> None:
    assert hand_text(cards("As 2c Kd 7h Th 3s")) == "2♣  K♦  7♥ 10♥  3♠ A♠"
    assert hand_text(0) == "-"
    assert "Your hand (6): 2♣  K♦  7♥ 10♥  3♠ A♠" in _mid_game()


def test_row_in_order_with_indices_and_who_discarded() -> None:
    assert "  0 Q♥ head · 1 7♦ s1 · 2 8♦ s0 · 3 2♥ s2" in _mid_game()


def test_melds_grouped_by_owner_with_their_numbers() -> None:
    text = _mid_game()
    assert "  s0 ann  [1 >0] 8♣ 9♣ 10♣" in text
    assert "  s1 ben  [2 >1] 5♦ 5♥ 5♠" in text
    assert "  s2 cat  -" in text


def test_players_turn_born_scores_stock_and_known_cards() -> None:
    text = _mid_game()
    lines = text.splitlines()
    assert lines[0] == "Thai Dummy (ดัมมี่)  dummy(players=3)  ·  clockwise"
    assert lines[1].startswith("turn: s0 ann  ·  draw (D) or collect")
    assert any(line.startswith("Stock (กองจั่ว): ") for line in lines)
    ann = next(line for line in lines if line.startswith("  s0 ann  born"))
    assert "score +120" in ann and ann.endswith("<- turn")
    ben = next(line for line in lines if line.startswith("  s1 ben  born"))
    assert "score -30" in ben and "4 cards, known 9♦" in ben
    assert next(line for line in lines if line.startswith("  s2 cat  not born"))


def test_a_view_never_shows_other_seats_hidden_cards() -> None:
    text = _mid_game()
    for hidden in ("4♣", "5♣", "6♣", "J♣", "J♦"):
        assert hidden not in text


def test_a_card_laid_off_by_another_seat_says_who() -> None:
    s = position(["2c 3c", "4d 5d", "Kc Kd"], melds="6h7h8h9h@0", put={1: "9h"}, born=(0, 1))
    assert "[1 >0] 6♥ 7♥ 8♥ 9♥(s1)" in render_view(observe(s, 2), NAMES)


def test_a_meld_shows_the_number_sentences_say_and_the_target_a_lay_off_types() -> None:
    """Issues 26.2/23.7: the terminal numbers melds from 1 as the web table and every sentence do
    ("meld 3", "ชุดที่ 3") and shows beside it what the input takes (``>2``, the notation's 0-based
    target, which records keep): the label ``[3 >2]`` names the meld that ``L 5h>2`` lays off on."""
    from samrap.players.words import describe

    s = position(["5h Kc", "4d 6d", "Kd Ks"], melds="8c9cTc@0 5s5c5d@1 2h3h4h@0", born=(0, 1), phase="play")
    game = DummyGame(s.config)
    view = observe(s, 0)
    for lang, meld in (("en", "meld 3"), ("th", "ชุดที่ 3")):
        text = render_view(view, NAMES, lang)
        assert "[3 >2] 2♥ 3♥ 4♥" in text and "[1 >0] 8♣ 9♣ 10♣" in text
        layoff = game.parse_action("L 5h>2")
        assert layoff in game.legal_moves(s) and describe(game, view, layoff, lang).endswith(meld)
    after = game.apply(s, game.parse_action("L 5h>2"))
    assert after.melds[2] == cards("2h 3h 4h 5h")  # the meld shown [3 >2]
    assert game.action_text(game.parse_action("L 5h>2")) == "L 5h>2"  # the notation is unchanged


def test_an_ace_low_run_reads_from_the_ace() -> None:
    assert meld_cards(cards("Ah 2h 3h")) == [cards("Ah").bit_length() - 1, 13 * 2, 13 * 2 + 1]
    assert meld_cards(cards("Qh Kh Ah")) == sorted(meld_cards(cards("Qh Kh Ah")))


def test_game_over_shows_every_hand_and_the_knock() -> None:
    game = DummyGame(DummyConfig(players=2))
    s = position(["7h 8h 9h Qs", "4c 5d"], born=(0,), turn=0, phase="play")
    s = game.apply(s, game.parse_action("K Qs 7h8h9h"))
    text = render_view(observe(s, 1), ("ann", "ben"))
    assert "Game over: s0 ann knocked (น็อค), face down Q♠" in text
    assert "  s1 ben: 4♣  5♦" in text


def test_thai_labels() -> None:
    s = position(["2c 3c", "Kc Kd"], row="Qh*", turn=1)
    text = render_view(observe(s, 1), ("ann", "ben"), "th")
    assert "กองจั่ว" in text and "กองกลาง" in text and "ยังไม่เกิด" in text and "ไพ่ในมือ" in text


def test_render_state_shows_all_hands_and_the_stock() -> None:
    s = position(["2c 3c", "Kc Kd"], row="Qh*", stock="5s 6s", turn=0)
    text = render_state(s, ("ann", "ben"))
    assert "  s1 ben: K♣  K♦" in text and "Stock, next first: 5♠ 6♠" in text


def test_ledger_text() -> None:
    ledger = (LedgerItem(0, "table", 90, "9"), LedgerItem(0, "hand", -55, "8"), LedgerItem(1, "fall", -40))
    text = render_ledger(ledger, 2, ("ann", "ben"), "en")
    assert "cards put down (9)" in text and "fall off the building" in text
    assert text.splitlines()[3].split()[-1] == "+35"
    assert "ตกตึก" in render_ledger(ledger, 2, ("ann", "ben"), "th")


# ---------------------------------------------------------------------------------------------
# Contract Rummy, as `samrap play contract` shows it (games/contract/render.py)


def _contract_views() -> tuple[str, str, str]:
    from samrap.games.contract import ContractGame
    from samrap.games.contract.render import render_view as contract_view
    from tests.games.contract.builders import act
    from tests.games.contract.builders import position as contract_position

    s = contract_position(
        ["7c7c' 9d *0", "Jd' 2h", "Qd' 8s"], deal=2, pile="3h 4c", melds=["1:5s6s*1=7s8s'"], down=[1], known={2: "8s"}
    )
    g = ContractGame(s.config)
    over = act(
        contract_position(["8h", "Jd' *1", "Qd' 8s"], deal=3, phase="play", down=[0], melds=["0:5h6h7h", "0:2c3c4c"]),
        "L 8h>0",
    )
    return (
        contract_view(g.observe(s, 0), NAMES, "en"),
        contract_view(g.observe(s, 0), NAMES, "th"),
        contract_view(g.observe(over, 1), NAMES, "th"),
    )


def test_contract_screen_shows_deal_contract_pile_table_seats_and_hand() -> None:
    en, _, _ = _contract_views()
    lines = en.splitlines()
    assert lines[1] == "Deal 2/7  ·  contract: one set + one run"
    assert lines[2].startswith("turn: s0 ann  ·  draw (D) or take discards (P, P<depth>)")
    assert "  3♥ 4♣" in lines  # the pile, top last
    assert "  [1 >0] s1 ben  5♠ 6♠ ★7♠ 8♠" in lines
    assert any(line.startswith("  s0 ann") and line.endswith("<- turn") for line in lines)
    assert "known 8♠" in en and "J♦" not in en  # another seat's hidden card never shows
    assert lines[-1] == "Your hand (4): 7♣ 7♣  9♦  ★"


def test_contract_screen_in_thai_uses_the_thai_terms() -> None:
    _, th, over = _contract_views()
    lines = th.splitlines()
    assert lines[0] == "คอนแทรครัมมี่"  # no config string on a Thai screen
    assert lines[1] == "รอบที่ 2 จาก 7  ·  สัญญา: ตอง 1 ชุด + เรียง 1 ชุด"
    assert "หยิบจากกองทิ้ง" in lines[2] and "ชุดบนโต๊ะ" in th and "ไพ่ที่รู้ว่าถือ 8♠" in th
    assert "  [1 >0] #1 ben  5♠ 6♠ ★7♠ 8♠" in lines and "ไพ่ในมือ (4): 7♣ 7♣  9♦  ★" in lines
    assert "จบรอบ: #0 ann หมดมือ" in over and "#1 ben: J♦  ★" in over


def test_contract_screen_names_the_turns_duties() -> None:
    """After a pick-up the player may not discard that face (rule 25): the screen says so."""
    from samrap.games.contract import ContractGame
    from samrap.games.contract.render import render_view as contract_view
    from tests.games.contract.builders import position as contract_position

    s = contract_position(["4c 9d Kh", "Jd' 2h", "Qd' 8s"], phase="play", forbid="4c")
    view = ContractGame(s.config).observe(s, 0)
    assert "  * may not discard 4♣" in contract_view(view, NAMES, "en").splitlines()
    assert "  * ห้ามทิ้ง 4♣" in contract_view(view, NAMES, "th").splitlines()
