"""The daily deal (issue 26.6): every UTC day, one deal per game that everyone plays against the
same bots, its shuffle committed before the day starts and revealed once it is over.

Why derived, not stored: each day's deck seed and salt are HMAC-SHA256 of a server secret and
``(day, game key)``, so every process of a deployment computes the same deal without sharing state,
and tomorrow's commitment can be published today. The commitment is exactly the tables' one
(:mod:`samrap.engine.fairness`): ``sha256(deck text + "\\n" + salt)`` of the deal's deck order, so
a daily game's record verifies with ``samrap replay --verify`` like any table's, and against the
commitment ``GET /api/daily`` listed the day before.

The secret comes from ``$SAMRAP_DAILY_SECRET``; without it the server keeps a random one in its
database (:meth:`samrap.server.storage.Storage.daily_secret`), shared by every process on it.
Days are UTC dates (``YYYY-MM-DD``): the same deal worldwide, changing at 07:00 in Thailand.

The games offered are a setting, ``$SAMRAP_DAILY_GAMES``: ``key=game string@level`` entries joined
by ``;`` (default :data:`DEFAULT_GAMES`). Everyone sits at seat 0 with bots of that level in the
other seats; the bots draw from one generator seeded by the day's deal, so the same moves meet the
same answers.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import os
import re
from dataclasses import dataclass
from typing import NamedTuple, get_args

from samrap.core.errors import ConfigError
from samrap.engine.fairness import Commitment, commit
from samrap.engine.registry import configure, get_spec
from samrap.server.messages import BotLevel

#: ``key=game@level;...``: Dummy two-player classic and Contract's seed preset, at ``medium``.
DEFAULT_GAMES = "dummy=dummy:classic(players=2)@medium;contract=contract:seed(players=3)@medium"

#: Bits of a deck seed, as the tables draw them (``table.SEED_BITS``).
SEED_BITS = 48

_KEY = re.compile(r"^[a-z][a-z0-9-]{0,15}$")
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class DailyError(ValueError):
    """A bad ``$SAMRAP_DAILY_GAMES`` entry or day text."""


@dataclass(frozen=True, slots=True)
class DailyGame:
    """One game of the daily deal: its URL key, resolved config string and bots' level."""

    key: str
    game: str
    config: str
    level: BotLevel
    players: int

    @property
    def lower_is_better(self) -> bool:
        """Contract counts penalty points, Dummy winnings: the game's spec says which."""
        return not get_spec(self.game).higher_is_better


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """One day's deal of one game: the deck seed and salt (secret until the day is over)."""

    day: str
    game: DailyGame
    seed: int
    salt: str

    def commitment(self) -> Commitment:
        from samrap.engine.registry import get_spec

        spec = get_spec(self.game.game)
        config = spec.parse_config(self.game.config, spec.default_config)
        deck = [int(c) for c in spec.make_game(config).deal_order(self.seed)]
        return commit(spec, config, deck, self.salt)


def parse_games(text: str) -> tuple[DailyGame, ...]:
    """The daily games of a ``key=game@level;...`` setting.

    Raises:
        DailyError: an entry without ``=`` or ``@``, a bad key or level, an invalid config.
    """
    out: list[DailyGame] = []
    for entry in (e.strip() for e in text.split(";")):
        if not entry:
            continue
        key, eq, rest = entry.partition("=")
        game, at, level = rest.rpartition("@")
        if not eq or not at or not _KEY.match(key.strip()):
            raise DailyError(f"daily game {entry!r}: write key=game@level, e.g. dummy=dummy:classic@medium")
        if level not in get_args(BotLevel):
            raise DailyError(f"daily game {entry!r}: unknown bot level {level!r}")
        name, _, preset = game.partition(":")
        options = None
        if "(" in preset:
            preset, _, tail = preset.partition("(")
            options = "(" + tail
        try:
            spec, config = configure(name + (options or ""), preset=preset or None)
        except ConfigError as e:
            raise DailyError(f"daily game {entry!r}: {e}") from None
        players = spec.make_game(config).players
        if key.strip() in {g.key for g in out}:
            raise DailyError(f"daily game {entry!r}: key {key!r} twice")
        out.append(DailyGame(key.strip(), spec.name, spec.config_string(config), level, players))  # type: ignore[arg-type]
    if not out:
        raise DailyError("no daily game configured")
    return tuple(out)


def games_from_env() -> tuple[DailyGame, ...]:
    return parse_games(os.environ.get("SAMRAP_DAILY_GAMES") or DEFAULT_GAMES)


def today(now: dt.datetime | None = None) -> str:
    """The current daily-deal day: the UTC date."""
    return (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC).date().isoformat()


def parse_day(text: str) -> dt.date:
    """A ``YYYY-MM-DD`` day. Raises :class:`DailyError` otherwise."""
    if not _DAY.match(text):
        raise DailyError(f"{text!r} is not a day (YYYY-MM-DD)")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise DailyError(f"{text!r} is not a day (YYYY-MM-DD)") from None


def shift(day: str, days: int) -> str:
    return (parse_day(day) + dt.timedelta(days=days)).isoformat()


def deal(secret: bytes, day: str, game: DailyGame) -> DailyDeal:
    """The day's deal of ``game``: seed and salt are HMACs of the secret, day and key."""
    parse_day(day)

    def mac(purpose: str) -> bytes:
        return hmac.new(
            secret, f"samrap-daily:{purpose}:{day}:{game.key}:{game.config}".encode(), hashlib.sha256
        ).digest()

    seed = int.from_bytes(mac("seed")[:8], "big") >> (64 - SEED_BITS)
    return DailyDeal(day, game, seed, mac("salt").hex())


def is_over(day: str, now: dt.datetime | None = None) -> bool:
    """Whether ``day`` has ended (its seed and salt may be revealed)."""
    return parse_day(day) < parse_day(today(now))


def player_key(player_id: str | None, device: str | None) -> str | None:
    """Whose result a daily game is: the player identity, else a hash of the browser's key."""
    if player_id is not None:
        return f"p:{player_id}"
    if device:
        return "d:" + hashlib.sha256(device.encode()).hexdigest()[:32]
    return None


class Score(NamedTuple):
    """A counted result: whose (player key, never shown), display name, score, when."""

    key: str
    name: str
    score: int
    at: float


class Ranked(NamedTuple):
    rank: int
    key: str
    name: str
    score: int


def ranking(scores: list[Score], lower_is_better: bool) -> list[Ranked]:
    """Results ranked best first (equal scores share a rank; the earlier finish is listed first)."""
    rows = sorted(scores, key=lambda r: (r.score if lower_is_better else -r.score, r.at))
    out: list[Ranked] = []
    for i, r in enumerate(rows):
        rank = out[-1].rank if out and out[-1].score == r.score else i + 1
        out.append(Ranked(rank, r.key, r.name, r.score))
    return out
