"""Ratings with OpenSkill (Plackett-Luce), one rating per player and game.

Why OpenSkill: Dummy is played by two to four people at once, and Plackett-Luce rates a
multi-player finishing order directly (Elo would need pairwise hacks); it is also patent-free
and needs no tuning. Only rated tables count, and those never seat bots, so bot games and
casual games stay out of the leaderboard. The board sorts by the ordinal ``mu - 3 sigma``, so a
newcomer with an uncertain rating starts low and climbs as the uncertainty shrinks.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from samrap.engine.match import MatchResult

_MODEL = PlackettLuce()


def match_ranks(result: MatchResult) -> list[int]:
    """Finishing places (1 = best, ties share a place) from a finished match's totals.

    Which way totals count comes from the game itself: the winners hold the best total, so if
    the winners hold the highest total higher is better (Dummy), otherwise lower is (Contract).
    """
    totals = list(result.totals)
    higher_wins = not result.winners or totals[result.winners[0]] == max(totals)
    keyed = [-t if higher_wins else t for t in totals]
    return [1 + sum(1 for other in keyed if other < mine) for mine in keyed]


def rate_match(before: Sequence[tuple[float | None, float | None]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """New ``(mu, sigma)`` per seat; ``(None, None)`` stands for a player not yet rated."""
    teams = [
        [_MODEL.rating() if mu is None or sigma is None else _MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before
    ]
    rated = _MODEL.rate(teams, ranks=list(ranks))
    return [(float(team[0].mu), float(team[0].sigma)) for team in rated]


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma
