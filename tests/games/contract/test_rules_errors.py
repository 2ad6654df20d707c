"""Rule 32 of rules/contract-rummy.md (which rule an error names) and liverpool's buying window."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from samrap.core.errors import IllegalActionError, InvalidNotationError
from samrap.games.contract import LIVERPOOL, ContractGame, rules
from samrap.games.contract.actions import CLAIM, PASS, Discard, parse_action
from samrap.games.contract.state import ContractState, Phase
from tests.games.contract.builders import act, ids, legal, mask, position, rule_of

LIVERPOOL3 = dataclasses.replace(LIVERPOOL, players=3)


def test_rule_32_error_order() -> None:
    """Deal over, then wrong seat, then turn order (draw first), then the action's own rules."""
    s = position(["2c 5d", "9h 4s", "Kd 7c"], pile="3h")
    assert rule_of(s, "X 2c", seat=1) == 6  # wrong seat beats "draw first"
    assert rule_of(s, "X Qs") == 12  # draw first beats "not in hand" (15)
    assert rule_of(s, "G 2c3c4c 5d5h5s") == 12
    t = act(s, "D")
    assert rule_of(t, "D") == 12 and rule_of(t, "P") == 12  # one draw per turn
    assert rule_of(t, "C") == 12  # no discard is being offered
    assert rule_of(t, "X Qs") == 15
    over = position(["8h", "Jd'", "Qd'"], deal=3, phase="play", down=[0], melds=["0:5h6h7h", "0:2c3c4c"])
    over = act(over, "L 8h>0")
    assert rule_of(over, "D", seat=2) == 19  # the deal being over beats everything
    stuck = position(["2c", "9h", "Kd"], phase="over")
    assert rule_of(stuck, "D") == 28  # over with nobody out


def test_rule_32_text_that_is_no_action_is_a_parse_error() -> None:
    for bad in ("", "Z", "P-1", "G", "L 8h", "L 8h>x", "X 8h 9h", "E *7h>0", "G 7h*7h*7h", "M *"):
        with pytest.raises(InvalidNotationError):
            parse_action(bad)
    s = position(["2c 5d", "9h 4s", "Kd 7c"], pile="3h")
    with pytest.raises(IllegalActionError) as e:
        rules.apply(s, "D")  # type: ignore[arg-type]
    assert e.value.rule == 32


def _claim_position(**kw: Any) -> ContractState:
    return position(["2c 5d 9s", "9h 4s 8c", "Kd 7c 3d"], pile="Qh", stock="Ah 6d Tc", config=LIVERPOOL3, **kw)


def test_liverpool_buying_window() -> None:
    """A declined top discard is offered to the others from the player's left; a buy adds a penalty card."""
    s = _claim_position()
    g = ContractGame(LIVERPOOL3)
    t = act(s, "D")  # seat 0 declines Qh
    assert t.phase is Phase.CLAIM and t.claimer == 1 and g.current_player(t) == 1
    assert legal(t) == {"C", "-"}
    assert rule_of(t, "C", seat=2) == 6 and rule_of(t, "X 2c") == 12
    bought = act(t, "C")
    assert bought.hands[1] == mask("9h 4s 8c Qh Ah") and bought.known[1] == mask("Qh") and bought.buys == (0, 1, 0)
    assert bought.hands[0] == mask("2c 5d 9s 6d") and bought.phase is Phase.PLAY and bought.current == 0
    passed = act(t, "-")
    assert passed.claimer == 2
    passed = act(passed, "-")
    assert passed.phase is Phase.PLAY and passed.hands[0] == mask("2c 5d 9s Ah") and passed.pile == tuple(ids("Qh"))


def test_liverpool_who_may_buy() -> None:
    """Not a player who is down, not one with max_buys used, and only with two stock cards."""
    t = act(_claim_position(down=[1], melds=["1:5h6h7h", "1:2s3s4s'"]), "D")
    assert t.claimer == 2
    t = act(_claim_position(buys=[0, 3, 3]), "D")
    assert t.phase is Phase.PLAY  # nobody may buy: the draw happens at once
    s = position(["2c 5d 9s", "9h 4s 8c", "Kd 7c 3d"], pile="Qh", stock="Ah", rest="pile", config=LIVERPOOL3)
    s = s._replace(pile=s.pile[-1:], hands=(*s.hands[:2], s.hands[2] | _mask_of(s.pile[:-1])))
    assert act(s, "D").phase is Phase.PLAY


def _mask_of(cards: tuple[int, ...]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def test_claim_and_pass_are_actions() -> None:
    assert parse_action("C") == CLAIM and parse_action("-") == PASS and parse_action("pass") == PASS
    assert Discard(52).text() == "X *"
