"""Rules 16, 17, 22, 26 and 27 of rules/contract-rummy.md: jokers, deal 7 and the shape of a contract."""

from __future__ import annotations

from samrap.games.contract import PAGAT, ContractConfig
from samrap.games.contract.actions import parse_action
from samrap.games.contract.state import Phase
from tests.games.contract.builders import act, ids, legal, legal_of, mask, position, rule_of

DOWN = {"deal": 1, "phase": "play", "down": [0, 1]}


def test_rule_16_joker_exchange_in_a_run() -> None:
    """A player down since an earlier turn swaps the natural card in and must put the joker back this turn."""
    # seat 0 holds 7h 2c Kd; seat 1's run 5h 6h *0(7h)
    s = position(["7h 2c Kd", "Jd'", "Qd'"], melds=["1:5h6h*0=7h", "1:9c9d9s"], **DOWN)  # type: ignore[arg-type]
    assert "E 7h>0" in legal_of(s, "E")
    t = act(s, "E 7h>0")
    joker = ids("*0")[0]
    assert t.hands[0] == mask("2c Kd *0") and t.pending == 1 << joker and t.known[0] >> joker & 1
    assert t.melds[0].jokers == () and t.melds[0].faces == mask("5h6h7h")
    # Put back in the same run (declared anew), or anywhere else; never thrown away.
    assert {"L *4h>0", "L *8h>0", "L *9h>1"} <= legal_of(t, "L")
    assert legal_of(t, "X") == set() and rule_of(t, "X *") == 26
    t = act(t, "L *4h>0", "X Kd")
    assert t.melds[0].faces == mask("4h5h6h7h") and t.current == 1


def test_rule_16_a_joker_in_a_set_is_dead() -> None:
    s = position(["7h 2c Kd", "Jd'", "Qd'"], melds=["1:7c7d*0=7h", "1:9c9d9s"], **DOWN)  # type: ignore[arg-type]
    assert legal_of(s, "E") == set()
    assert rule_of(s, "E 7h>0") == 16


def test_rule_16_only_after_going_down_on_an_earlier_turn() -> None:
    """Not while not down (16), and not on the turn of going down (26)."""
    s = position(["7h 2c Kd", "Jd'", "Qd'"], deal=1, phase="play", down=[1], melds=["1:5h6h*0=7h", "1:9c9d9s"])
    assert rule_of(s, "E 7h>0") == 16
    s = position(["7h 2c Kd", "Jd'", "Qd'"], went_down=True, melds=["1:5h6h*0=7h", "1:9c9d9s"], **DOWN)  # type: ignore[arg-type]
    assert legal_of(s, "E") == set() and rule_of(s, "E 7h>0") == 26


def test_rule_16_the_joker_must_have_somewhere_to_go() -> None:
    """Rule 30: with every meld full, the freed joker could not go back, so no exchange."""
    full = "1:2h3h4h5h6h7h8h9hThJhQhKh*0=Ah"
    s = position(["Ah 2c Kd", "Jd'", "Qd'"], melds=[full, "1:9c9d9s9h'"], **DOWN)  # type: ignore[arg-type]
    assert legal_of(s, "E") == set() and rule_of(s, "E Ah>0") == 30


def test_rule_17_deal_7_goes_down_and_out_at_once() -> None:
    """Every card melded in one go-down, no discard, nobody lays off; deal7_discard allows one card over."""
    hand = "2c3c4c5c 5d6d7d8d9d 9sTsJsQs"
    s = position([hand, "Jd'", "Qd'"], deal=7, phase="play")
    assert legal_of(s, "G") == {"G 2c3c4c5c 5d6d7d8d9d 9sTsJsQs"}
    assert rule_of(s, "G 2c3c4c 5d6d7d8d9d 9sTsJsQs") == 17
    t = act(s, "G 2c3c4c5c 5d6d7d8d9d 9sTsJsQs")
    assert t.phase is Phase.OVER and t.out == 0
    cfg = ContractConfig(players=3, deal7_discard=True)
    s = position([hand, "Jd'", "Qd'"], deal=7, phase="play", config=cfg)
    assert "G 2c3c4c 5d6d7d8d9d 9sTsJsQs" in legal_of(s, "G")
    t = act(s, "G 2c3c4c 5d6d7d8d9d 9sTsJsQs")
    assert legal(t) == {"X 5c"}  # the final discard; no lay-off in deal 7
    assert rule_of(t, "L 5c>0") == 17
    assert act(t, "X 5c").out == 0


def test_rule_22_contract_meld_sizes_and_contract_exact() -> None:
    """Sets of 3-4 and runs of min_run..13 by default; contract_exact wants 3 (runs min_run), not in deal 7."""
    hand = "7c7d7h7s 4s5s6s7s'8s Kd"
    cfg = ContractConfig(players=3, contract_exact=True)
    s = position([hand, "Jd'", "Qd'"], deal=2, phase="play", config=cfg)
    assert rule_of(s, "G 7c7d7h7s 4s5s6s") == 22
    assert rule_of(s, "G 7c7d7h 4s5s6s7s") == 22
    gds = legal_of(s, "G")
    assert "G 7c7d7h 4s5s6s" in gds and all(len(g.replace("*", "")) == len("G 7c7d7h 4s5s6s") for g in gds)
    s = position(["2c3c4c5c 5d6d7d8d9d 9sTsJsQs", "Jd'", "Qd'"], deal=7, phase="play", config=cfg)
    assert legal_of(s, "G") == {"G 2c3c4c5c 5d6d7d8d9d 9sTsJsQs"}


def test_rule_26_joker_identities() -> None:
    """Declared when put down; in a run it must fit its place, in a set its suit must be missing."""
    s = position(["*0 2c Kd", "Jd'", "Qd'"], melds=["1:5h6h7h", "1:9c9d9s"], **DOWN)  # type: ignore[arg-type]
    assert legal_of(s, "L") == {"L *4h>0", "L *8h>0", "L *9h>1"}
    assert rule_of(s, "L *9h>0") == 9
    assert rule_of(s, "L *9c>1") == 8
    # Jokers may outnumber naturals, but every meld keeps a natural card.
    s = position(["7c *0 *1 4s5s6s 2c", "Jd'", "Qd'"], deal=2, phase="play")
    assert "G 7c*7d*7h 4s5s6s" in legal_of(s, "G")
    s = position(["*0 *1 *2 4s5s6s 2c", "Jd'", "Qd'", "Kd'"], deal=2, phase="play", config=PAGAT)
    assert not any(g.startswith("G *") for g in legal_of(s, "G"))
    assert rule_of(s, "G *7c*7d*7h 4s5s6s") == 26


def test_rule_26_no_meld_of_jokers_alone() -> None:
    """Rule 26: every meld holds a natural card. Three jokers in the pack, all in one hand: the
    go-downs with a natural in every meld are listed, a set or run of three jokers never is."""
    for cfg in (ContractConfig(players=3, jokers=3), ContractConfig(players=3, jokers=3, set_suits="any")):
        s = position(["*0 *1 *2 9c9d 4s5s6s 2c", "Jd'", "Qd'"], deal=2, phase="play", config=cfg)
        gds = legal_of(s, "G")
        assert "G 9c9d*9h 4s5s6s" in gds and "G 9c9d*9h *3s4s5s6s" in gds
        melds = [spec for g in gds for spec in parse_action(g).melds]  # type: ignore[union-attr]
        assert len(melds) > 2 and all(spec.nat for spec in melds)
        assert any(spec.jok.bit_count() > spec.nat.bit_count() for spec in melds)  # jokers may outnumber naturals
        assert rule_of(s, "G *7c*7d*7h 4s5s6s") == 26
        assert rule_of(s, "G 9c9d*9h *7h*8h*9h") == 26
        s = position(["*0 *1 *2 4s5s6s 7d 2c", "Jd'", "Qd'"], deal=3, phase="play", config=cfg)
        assert rule_of(s, "G *4h*5h*6h 4s5s6s") == 26
    cfg = ContractConfig(players=3, jokers=3, melds_after_down=True)
    s = position(["*0 *1 *2 2c", "Jd'", "Qd'"], melds=["1:5h6h7h", "1:9c9d9s"], config=cfg, **DOWN)  # type: ignore[arg-type]
    assert legal_of(s, "M") and all("2c" in m.replace("*2c", "") for m in legal_of(s, "M"))
    assert rule_of(s, "M *7c*7d*7h") == 26
    assert legal_of(s, "L") >= {"L *4h>0", "L *9h>1"}


def test_rule_27_runs_put_down_together() -> None:
    """same_suit_runs: ``allowed`` lets two runs share a suit; ``not_adjacent`` forbids ones that join."""
    hand = "2h3h4h 5h6h7h 3h'4h'5h' Kd"
    base = {"deal": 3, "phase": "play"}
    s = position([hand, "Jd'", "Qd'"], config=ContractConfig(players=3, same_suit_runs="allowed"), **base)  # type: ignore[arg-type]
    assert "G 2h3h4h 5h6h7h" in legal_of(s, "G")
    s = position([hand, "Jd'", "Qd'"], config=ContractConfig(players=3, same_suit_runs="not_adjacent"), **base)  # type: ignore[arg-type]
    gds = legal_of(s, "G")
    assert "G 2h3h4h 5h6h7h" not in gds and rule_of(s, "G 2h3h4h 5h6h7h") == 27
    assert "G 2h3h4h 3h4h5h" in gds  # overlapping runs do not join
    assert "G 2h3h4h5h 5h6h7h" in gds  # nor do runs sharing a rank (the second 5h)
