"""The examples in docs/notation.md and docs/records.md are what the code produces today."""

from __future__ import annotations

from pathlib import Path

import pytest

from samrap.core.cards import card_pretty, card_str, parse_card
from samrap.core.cardset import parse_set, set_str
from samrap.core.errors import InvalidNotationError
from samrap.games.dummy import DummyConfig, DummyGame, DummyState, parse_action
from samrap.games.dummy.notation import view_from_string
from samrap.games.dummy.render import render_view

DOCS = Path(__file__).parents[2] / "docs"
NOTATION = (DOCS / "notation.md").read_text(encoding="utf-8")
ACTIONS = ["D", "X 9h", "D", "X 3d", "D", "X 4h", "D", "X Jh", "C1 9hThJh", "X 3c"]


def _positions() -> tuple[DummyState, DummyState]:
    game = DummyGame(DummyConfig(players=2))
    start = state = game.new_game(seed=0)
    for text in ACTIONS:
        state = game.apply(state, parse_action(text))
    return start, state


def test_position_strings_in_the_notation_page() -> None:
    start, state = _positions()
    view = DummyGame(DummyConfig(players=2)).observe(state, 1)
    for text in (start.to_string(), state.to_string(), view.to_string()):
        assert f"\n{text}\n" in NOTATION
    assert DummyState.from_string(state.to_string()) == state
    assert view_from_string(view.to_string()) == view
    assert render_view(view, ("alice", "bob")) in NOTATION
    assert "After `" + "`, `".join(ACTIONS) + "`" in NOTATION.replace("\n", " ")


@pytest.mark.parametrize(("given", "written"), [("10h", "Th"), ("7♣", "7c"), ("qS", "Qs"), ("10H", "Th")])
def test_card_inputs(given: str, written: str) -> None:
    assert card_str(parse_card(given)) == written
    assert f"`{given}`" in NOTATION


def test_card_order_and_sets() -> None:
    assert card_str(0) == "2c" and card_str(51) == "As" and card_pretty(parse_card("Th")) == "10♥"
    assert set_str(parse_set("7h 8h,9h")) == "7h8h9h" and set_str(parse_set("10hJhQh")) == "ThJhQh"


@pytest.mark.parametrize(
    "text", ["D", "C3 7h8h9h", "C3 >2", "M 7h8h9h", "L 5h>2", "X Qs", "K Qs", "K Qs 7h8h9h 5c>2", "-"]
)
def test_action_table_round_trips(text: str) -> None:
    assert parse_action(text).text() == text
    assert f"| `{text}` |" in NOTATION


@pytest.mark.parametrize("text", ["Z 7c", "X", "X 7c 8c"])
def test_the_documented_parse_errors(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_action(text)
