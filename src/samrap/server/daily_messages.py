"""The daily deal's REST bodies (issue 26.6; routes in :mod:`samrap.server.daily_api`), beside
:mod:`samrap.server.messages` and listed in ``docs/protocol.schema.json`` with its models."""

from __future__ import annotations

from pydantic import BaseModel, Field

from samrap.server.messages import MAX_NAME, AvatarId, JoinResponse, _Model


class DailyGameDay(_Model):
    """One game of one day: what is dealt, its commitment and, once the day is over, the opening."""

    key: str = Field(description="The daily game's key (``dummy``, ``contract``), used in URLs.")
    game: str
    config: str
    level: str = Field(description="The bots' level.")
    players: int
    commitment: str = Field(description="sha256 of the deck text and salt (``engine/fairness.py``).")
    seed: int | None = Field(default=None, description="The deck seed, once the day is over.")
    salt: str | None = Field(default=None, description="The salt, once the day is over.")
    deck: str | None = Field(default=None, description="The deck text that was committed, once the day is over.")


class DailyDay(_Model):
    day: str = Field(description="A UTC date, YYYY-MM-DD.")
    over: bool
    games: list[DailyGameDay]


class DailyIndex(_Model):
    """``GET /api/daily``: today's, tomorrow's and yesterday's deals."""

    zone: str = Field(default="UTC", description="Days are dates in this zone.")
    today: DailyDay
    tomorrow: DailyDay
    yesterday: DailyDay
    next_at: str = Field(description="When today's deal ends (ISO 8601, UTC).")


class DailyPlayRequest(_Model):
    """``POST /api/daily/{key}/play``."""

    name: str = Field(min_length=1, max_length=MAX_NAME)
    player_token: str | None = Field(default=None, max_length=100)
    device: str | None = Field(
        default=None,
        min_length=16,
        max_length=100,
        description="The browser's own random key, standing for the player when there is no player token.",
    )
    avatar: AvatarId | None = None


class DailyPlayResponse(JoinResponse):
    day: str
    key: str
    counts: bool = Field(description="Whether this game's result will count (the player's first of the day).")


class DailyRow(_Model):
    rank: int
    name: str
    score: int


class DailyBucket(_Model):
    score: int
    count: int


class DailyResults(_Model):
    """How everyone scored on one day's deal of one game (display names only)."""

    day: str
    key: str
    lower_is_better: bool
    count: int
    you: DailyRow | None = None
    best: list[DailyRow]
    distribution: list[DailyBucket]


DAILY_MODELS: tuple[type[BaseModel], ...] = (DailyIndex, DailyDay, DailyPlayRequest, DailyPlayResponse, DailyResults)
