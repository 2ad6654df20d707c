"""The match: games until someone reaches the target (rules 7, 8, 29, 38, 39)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.scoring import is_ngo
from samrap.games.dummy.state import DummyState


@dataclass(frozen=True, slots=True)
class NextGame:
    starter: int
    direction: int


def next_game(s: DummyState) -> NextGame:
    """Who starts the next game and in which direction, from a finished game.

    The knocker starts; with no knock the seat after this game's starter (in this game's
    direction) starts; a โง่ reverses the direction until the next โง่.
    """
    direction = -s.direction if is_ngo(s) else s.direction
    if s.knocker >= 0:
        return NextGame(s.knocker, direction)
    return NextGame((s.starter + s.direction) % s.config.players, direction)


def is_match_over(config: DummyConfig, totals: Sequence[int]) -> bool:
    return any(t >= config.target for t in totals)


def match_winners(config: DummyConfig, totals: Sequence[int]) -> tuple[int, ...]:
    """The highest total among those at or over the target; a tie has several winners."""
    over = [t for t in totals if t >= config.target]
    if not over:
        return ()
    best = max(over)
    return tuple(q for q, t in enumerate(totals) if t == best)
