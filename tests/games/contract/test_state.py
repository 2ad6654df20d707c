"""ContractState keeps its fields' names on the hot paths (issue 17.2): the hot transitions set fields by
positions named from ``ContractState._fields`` (``state.field_index``), and the field order is pinned here."""

from __future__ import annotations

import random

import pytest

from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.contract.actions import Claim, Discard, Draw, GoDown, GoDownMeld, LayOff, Meld, Pass, PickUp
from samrap.games.contract.state import ContractState, field_index

#: The field order. A change here is deliberate: the transitions follow it by themselves (named
#: positions), but read the position-string notation, the observation and the env encoders too.
FIELDS = (
    "config",
    "deal",
    "dealer",
    "phase",
    "current",
    "claimer",
    "hands",
    "known",
    "stock",
    "pile",
    "melds",
    "down",
    "went_down",
    "forbid",
    "deep",
    "pending",
    "buys",
    "reshuffles",
    "seed",
    "turns",
    "scores",
    "out",
    "staging",
)

#: What each transition built from named positions may change (rules 12-19, 25, 28).
ALLOWED: dict[type, set[str]] = {
    Draw: {"phase", "claimer", "hands", "stock", "went_down", "forbid", "deep", "pending", "out"},
    PickUp: {"phase", "hands", "known", "pile", "forbid", "deep"},
    Discard: {
        *("phase", "current", "claimer", "hands", "known", "stock", "pile", "went_down"),
        *("forbid", "deep", "pending", "reshuffles", "turns", "out"),
    },
    LayOff: {"phase", "hands", "known", "melds", "deep", "pending", "out"},
    Meld: {"phase", "hands", "known", "melds", "deep", "pending", "out"},
    GoDown: {"phase", "hands", "known", "melds", "down", "went_down", "deep", "pending", "out"},
    # a go-down a meld at a time: only ``staging`` until its last meld, which is the GoDown (rule 22)
    GoDownMeld: {"phase", "hands", "known", "melds", "down", "went_down", "deep", "pending", "out", "staging"},
    Claim: {"phase", "claimer", "hands", "known", "stock", "pile", "buys", "went_down", "forbid", "deep", "pending"},
    Pass: {"phase", "claimer", "hands", "stock", "went_down", "forbid", "deep", "pending", "out"},
}


def test_the_field_order_is_pinned() -> None:
    assert ContractState._fields == FIELDS


def test_field_index_names_each_position() -> None:
    for i, name in enumerate(FIELDS):
        assert field_index(name) == i
    with pytest.raises(ValueError, match="pendng"):
        field_index("pendng")


def test_staging_is_the_last_field() -> None:
    """``rules`` and ``transitions`` read ``s.staging`` as ``s[-1]`` on their hot paths."""
    s = ContractGame(ContractConfig(players=3)).new_game(seed=1)
    assert FIELDS[-1] == "staging" and s[-1] is s.staging == ()


@pytest.mark.parametrize("actions", [False, True], ids=["moves", "actions"])
@pytest.mark.parametrize(
    "config",
    [
        ContractConfig(players=3, jokers=6),
        ContractConfig.from_string("contract(preset=liverpool,players=4,pickup=deep,melds_after_down=true)"),
    ],
)
def test_hot_transitions_change_only_their_fields(config: ContractConfig, actions: bool) -> None:
    """Draws, pick-ups, discards, lay-offs, melds, go-downs, buys and passes (built from named
    positions) are named tuples of the right type and change only the fields they may; stepped
    by ``legal_actions`` a go-down comes a meld at a time (G+), by ``legal_moves`` whole (G)."""
    game = ContractGame(config)
    rng = random.Random(7)
    seen = set()
    for seed in range(8):
        s = game.new_game(seed=seed, deal_number=1 + seed % 7)
        while not game.is_terminal(s):
            legal = game.legal_actions(s) if actions else game.legal_moves(s)
            keen = [a for a in legal if not isinstance(a, Discard | Draw)]
            a = rng.choice(keen if keen and rng.random() < 0.7 else legal)
            after = game.apply_unchecked(s, a)
            assert type(after) is ContractState and len(after) == len(FIELDS)
            if type(a) in ALLOWED:
                seen.add(type(a))
                changed = {n for n in FIELDS if getattr(after, n) != getattr(s, n)}
                assert changed <= ALLOWED[type(a)], (a.text(), changed - ALLOWED[type(a)])
            s = after
    unseen: set[type] = {GoDown if actions else GoDownMeld}
    unseen |= ({Claim, Pass} if not config.buying else set()) | ({Meld} if not config.melds_after_down else set())
    assert seen == set(ALLOWED) - unseen, seen
