"""DummyConfig: every house rule of ``docs/rules/dummy.md`` as a field of one frozen value.

Defaults are the ``classic`` preset (the seed's game as Thai players play it). ``seed`` follows the
seed's literal lay-off limit (2 per game); ``modern`` adds the Thai apps' house rules.
The canonical string (``dummy(players=3,ace_low=true)``) omits defaults and sorts keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from samrap.core.configstr import check_field_types, config_from_string, config_to_string
from samrap.core.errors import ConfigError

GAME_NAME = "dummy"
HAND_SIZES = {2: 11, 3: 9, 4: 7}


@dataclass(frozen=True, slots=True, kw_only=True)
class DummyConfig:
    """The rules of one Thai Dummy game; the rule numbers are those of ``docs/rules/dummy.md``.

    Attributes:
        players: 2 to 4 (rule 1).
        hand_size: cards dealt to each player; ``None`` = 11/9/7 for 2/3/4 players (rule 2).
        two_player_burn: with 2 players the last 5 cards of the deck are out of play (rules 3, 40).
        ace_low: an ace may also be low, A-2-3 (rule 9).
        collect_to_layoff: a collect's target may be laid off on a table meld (rules 12, 40).
        max_layoffs_per_game: cards each player may lay off per game, ``None`` = no limit (rule 17).
        layoff_on_layoff: lay-offs may extend other players' lay-offs (rules 17, 40).
        fall_on_stock_out: ตกตึก also applies when the stock runs out with no knock (rule 26).
        target: match points to win (rules 29, 39).
        ngo_penalty: what the discarder loses for a โง่ (rule 27).
        ngo_dark_penalty: the โง่ penalty when the knock is dark (modern: 100).
        head_bonus: extra points for melding the head, doubled for a speto head (modern: 50).
        head_penalty: ปี้หัว, lost by the feeder of the head: the discarder of the newest row card,
            other than the head, in the meld that collects it (nobody, if the meld has no other).
        speto_knock: a speto knocked face down scores 100 instead of 50 (modern).
        colour_knock: น็อคสี, all the knocker's table cards of one suit doubles the score (modern).
        discard_layoff_penalty: ทิ้งใบฝาก, lost for discarding a card that could be laid off (modern: 50).
        discard_full_penalty: ทิ้งเต็ม, lost for discarding a card that melds with row cards (modern: 50).
        speto_layoff_penalty: โดนฝากสเปโต, lost by a meld's owner when another lays a speto on it.
    """

    players: int = 4
    hand_size: int | None = None
    two_player_burn: bool = False
    ace_low: bool = False
    collect_to_layoff: bool = False
    max_layoffs_per_game: int | None = None
    layoff_on_layoff: bool = True
    fall_on_stock_out: bool = False
    target: int = 500
    ngo_penalty: int = 50
    ngo_dark_penalty: int = 50
    head_bonus: int = 0
    head_penalty: int = 0
    speto_knock: bool = False
    colour_knock: bool = False
    discard_layoff_penalty: int = 0
    discard_full_penalty: int = 0
    speto_layoff_penalty: int = 0

    def __post_init__(self) -> None:
        check_field_types(self)
        if not 2 <= self.players <= 4:
            raise ConfigError("players", f"Thai Dummy is for 2 to 4 players, not {self.players}")
        if self.hand_size is not None:
            # The first upcard and at least one stock card must remain (rule 4).
            free = 52 - (5 if self.burn else 0) - 2
            if self.hand_size < 2 or self.hand_size * self.players > free:
                raise ConfigError(
                    "hand_size", f"{self.hand_size} cards for {self.players} players does not fit one deck"
                )
        if self.max_layoffs_per_game is not None and self.max_layoffs_per_game < 0:
            raise ConfigError("max_layoffs_per_game", "must be 0 or more, or none")
        if self.target <= 0:
            raise ConfigError("target", "must be a positive number of points")
        for name in (
            "ngo_penalty",
            "ngo_dark_penalty",
            "head_bonus",
            "head_penalty",
            "discard_layoff_penalty",
            "discard_full_penalty",
            "speto_layoff_penalty",
        ):
            if getattr(self, name) < 0:
                raise ConfigError(name, "penalties and bonuses are written as positive points")

    @property
    def cards_per_hand(self) -> int:
        return self.hand_size if self.hand_size is not None else HAND_SIZES[self.players]

    @property
    def burn(self) -> bool:
        """The two-player burn only applies with 2 players (rule 40)."""
        return self.two_player_burn and self.players == 2

    def to_string(self) -> str:
        """``dummy(players=3)``: the fields that differ from ``classic``, sorted."""
        return _canonical_string(self)

    @classmethod
    def from_string(cls, text: str, base: DummyConfig | None = None) -> DummyConfig:
        """Parse ``dummy(key=value,...)``; ``preset=modern`` starts from that preset.

        Raises:
            ConfigError: the string is malformed, names another game, or a field is unknown or invalid.
        """
        return config_from_string(cls, text, GAME_NAME, base if base is not None else CLASSIC, PRESETS)

    def __str__(self) -> str:
        return self.to_string()


@lru_cache(maxsize=256)
def _canonical_string(config: DummyConfig) -> str:
    """Cached: every view string and record header writes the config string again."""
    return config_to_string(GAME_NAME, config, CLASSIC)


CLASSIC = DummyConfig()
#: ``seed``: ``classic`` with the seed's one literal limit, "no more than 2 lay-off cards per game"
#: (rule 17 says why ``classic`` departs from it: the seed's own example lays off three).
SEED = DummyConfig(max_layoffs_per_game=2)
MODERN = DummyConfig(
    ngo_dark_penalty=100,
    head_bonus=50,
    head_penalty=50,
    speto_knock=True,
    colour_knock=True,
    discard_layoff_penalty=50,
    discard_full_penalty=50,
    speto_layoff_penalty=50,
)
PRESETS: dict[str, DummyConfig] = {"classic": CLASSIC, "seed": SEED, "modern": MODERN}


def preset(name: str) -> DummyConfig:
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise ConfigError("preset", f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None
