"""Thai Dummy (ดัมมี่), following ``docs/rules/dummy.md`` (the reading of the Thai seed).

Config knobs (``DummyConfig``, defaults = the ``classic`` preset): players=4, hand_size=None
(11/9/7), two_player_burn=false, ace_low=false, collect_to_layoff=false,
max_layoffs_per_game=none, layoff_on_layoff=true, fall_on_stock_out=false, target=500,
ngo_penalty=50, ngo_dark_penalty=50, head_bonus=0, head_penalty=0, speto_knock=false,
colour_knock=false, discard_layoff_penalty=0, discard_full_penalty=0, speto_layoff_penalty=0.
The ``seed`` preset is classic with max_layoffs_per_game=2 (the seed's literal sentence, rule 17).
The ``modern`` preset sets the Thai apps' house rules (head 50, speto and colour knocks, discard
penalties 50, speto lay-off 50, โง่ into a dark knock 100).
"""

from samrap.games.dummy.actions import (
    Collect,
    Discard,
    Draw,
    DummyAction,
    Knock,
    LayOff,
    Meld,
    Pass,
    parse_action,
)
from samrap.games.dummy.config import CLASSIC, MODERN, PRESETS, SEED, DummyConfig, preset
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.state import DummyState, LedgerItem, Phase

__all__ = [
    "CLASSIC",
    "MODERN",
    "PRESETS",
    "SEED",
    "Collect",
    "Discard",
    "Draw",
    "DummyAction",
    "DummyConfig",
    "DummyGame",
    "DummyState",
    "DummyView",
    "Knock",
    "LayOff",
    "LedgerItem",
    "Meld",
    "Pass",
    "Phase",
    "parse_action",
    "preset",
]
