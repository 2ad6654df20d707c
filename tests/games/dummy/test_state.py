"""DummyState keeps its fields' names on the hot paths (issue 17.2): the hot transitions set fields by
positions named from ``DummyState._fields`` (``state.field_index``), and the field order is pinned here."""

from __future__ import annotations

import random

import pytest

from samrap.games.dummy import Collect, Discard, Draw, DummyConfig, DummyGame, DummyState
from samrap.games.dummy.state import field_index

#: The field order. A change here is deliberate: the transitions follow it by themselves (named
#: positions), but read the position-string notation and the env encoders too before changing it.
FIELDS = (
    "config",
    "phase",
    "current",
    "direction",
    "starter",
    "deck",
    "stock_pos",
    "stock_end",
    "hands",
    "row",
    "row_by",
    "melds",
    "meld_owner",
    "put_down",
    "known",
    "born",
    "layoffs",
    "turn_born",
    "ngo_from",
    "head",
    "items",
    "scores",
    "row_cards",
    "reach",
    "knocker",
    "knock_card",
)


def test_the_field_order_is_pinned() -> None:
    assert DummyState._fields == FIELDS


def test_field_index_names_each_position() -> None:
    for i, name in enumerate(FIELDS):
        assert field_index(name) == i
    with pytest.raises(ValueError, match="stok_pos"):
        field_index("stok_pos")


def test_hot_transitions_change_only_their_fields() -> None:
    """A draw, a collect and a discard (built from named positions) equal the same change by name."""
    game = DummyGame(DummyConfig(players=3))
    rng = random.Random(5)
    seen = set()
    for seed in range(6):
        s = game.new_game(seed=seed)
        while not s.is_over:
            a = rng.choice(game.legal_actions(s))
            after = game.apply_unchecked(s, a)
            if isinstance(a, Draw | Collect | Discard):
                seen.add(type(a))
                assert type(after) is DummyState
                changed = {n for n in FIELDS if getattr(after, n) != getattr(s, n)}
                allowed = {
                    Draw: {"phase", "stock_pos", "hands"},
                    Collect: {
                        "phase",
                        "hands",
                        "row",
                        "row_by",
                        "melds",
                        "meld_owner",
                        "put_down",
                        "known",
                        "born",
                        "layoffs",
                        "ngo_from",
                        "items",
                        "row_cards",
                        "reach",
                    },
                    Discard: {
                        "phase",
                        "current",
                        "hands",
                        "row",
                        "row_by",
                        "known",
                        "turn_born",
                        "ngo_from",
                        "items",
                        "row_cards",
                    },
                }[type(a)]
                assert changed <= allowed, (a.text(), changed - allowed)
            s = after
    assert seen == {Draw, Collect, Discard}
