"""Rule 41 of docs/rules/dummy.md: which rule an illegal action names, and parse errors."""

from __future__ import annotations

import pytest

from samrap.core.errors import IllegalActionError, InvalidNotationError
from samrap.games.dummy.actions import parse_action
from tests.games.dummy.builders import act, position, rule_of

# seat 0 (not born) to draw: 7h 8h 9h 9c Kd      table: Tc Jc Qc (seat 1)      row: Ad* 6h1
HANDS = ["7h8h9h 9c Kd", "2d3d4s"]


def test_rule_41_wrong_seat_or_game_over_comes_first() -> None:
    """An action by the wrong seat, or after the game is over, names that before anything else."""
    s = position(HANDS, row="Ad* 6h1", melds="TcJcQc@1", born=[1])
    # Out of turn and out of order and not born: the wrong seat is named (rule 6).
    assert rule_of(s, "M 7h8h9h", seat=1) == 6
    assert rule_of(s, "D", seat=1) == 6
    over = act(position(HANDS, row="Ad* 6h1", melds="TcJcQc@1", born=[1], stock="Th"), "D", "K Kd 7h8h9hTh 9c>0")
    for text in ("D", "X Kd", "M 7h8h9h", "-"):
        assert rule_of(over, text) == 19
        assert rule_of(over, text, seat=1) == 19
    stocked_out = act(
        position(["4c Kd 9h", "2d3d"], row="Qc* 5s1", stock="Ts", rest_in_stock=False),
        "D",
        "X 9h",
        "-",
    )
    assert rule_of(stocked_out, "D") == 21


def test_rule_41_turn_order_comes_before_born_status_before_the_actions_own_rule() -> None:
    """Then turn order (30), then born status (15), then the action's own rule."""
    s = position(HANDS, row="Ad* 6h1", melds="TcJcQc@1", born=[1])
    assert rule_of(s, "M 7h8h") == 30  # before drawing, not born, not a meld: turn order first
    assert rule_of(s, "L 2s>7") == 30
    drawn = act(s, "D")
    assert rule_of(drawn, "M 7h8h") == 15  # not born, and not a meld: born status first
    assert rule_of(drawn, "M 2s3s4s") == 15  # not born, and not in hand
    assert rule_of(drawn, "L 2s>7") == 15  # not born, not in hand, no meld 7
    born = act(position(HANDS, row="Ad* 6h1", melds="TcJcQc@1", born=[0, 1]), "D")
    assert rule_of(born, "M 7h8h") == 10
    assert rule_of(born, "L 2s>7") == 17
    assert rule_of(born, "D") == 30


def test_rule_41_text_that_is_not_an_action_is_a_parse_error() -> None:
    """Input that is not an action at all (unknown card, malformed text) is a parse error, not an illegal
    move."""
    for text in ("", "Z", "M 7h8h9x", "X 1h", "X Qs Kd", "C 7h8h9h", "Cx 7h8h9h", "C3", "L 5h", "L 5h>x", "K"):
        with pytest.raises(InvalidNotationError) as info:
            parse_action(text)
        assert not isinstance(info.value, IllegalActionError)
    # Well-formed but illegal actions are not parse errors.
    s = position(HANDS, row="Ad* 6h1", melds="TcJcQc@1", born=[1])
    assert rule_of(s, "C9 7h8h9h") == 12
