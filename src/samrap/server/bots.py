"""Bots in seats: a level name -> a player, and the safe move the turn timer plays.

Bots sit behind the same :class:`samrap.players.base.Player` protocol as everywhere else and get
only their seat's view and the legal actions (never the state). Levels come from
``samrap.players.levels`` (easy, medium, hard, expert); ``random`` is the uniform bot. If a level's
bot cannot be built (a game without a heuristic yet), the seat falls back to the random bot
rather than failing the table.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TypeVar

from samrap.core.rng import Random
from samrap.engine.protocol import AnyAgent
from samrap.engine.registry import AnyGame
from samrap.players.random_bot import RandomPlayer

A = TypeVar("A")

log = logging.getLogger("samrap.server")

#: Levels whose decision is instant: played on the event loop; the rest run in a worker thread.
#: The heuristic levels (easy, medium) are not: Dummy's end-game check simulates finishes (mean
#: 3-7 ms a decision, up to about 120 ms with four players), which would stall every table.
FAST_LEVELS = frozenset({"random"})


def make_seat_bot(game: AnyGame, level: str) -> AnyAgent:
    """The player for a bot seat of ``level`` (the random bot if that level is unavailable)."""
    if level == "random":
        return RandomPlayer("random")
    try:
        from samrap.players.levels import make_bot

        bot: AnyAgent = make_bot(level, game)
        return bot
    except (ImportError, AttributeError, ValueError) as e:
        log.warning("bot level %s unavailable for %s (%s): using the random bot", level, game.name, e)
        return RandomPlayer(f"random (for {level})")


def choose(bot: AnyAgent, view: object, legal: Sequence[A], rng: Random) -> A:
    """The bot's choice; a bot that fails or answers off the list falls back to a random legal action."""
    try:
        action = bot.choose(view, legal, rng)
    except Exception as e:  # a bot bug must not stop a table
        log.exception("bot %s failed: %s", getattr(bot, "name", bot), e)
        return legal[rng.randrange(len(legal))]
    return action if action in legal else legal[rng.randrange(len(legal))]


def safe_texts(legal_texts: Sequence[str]) -> list[str]:
    """The actions the turn timer may play for an absent person, most harmless first.

    Drawing from the stock (``D``) or passing (``-``) commits to nothing; failing those, a
    discard (``X ...``) ends the turn without putting cards down or collecting. When nothing of
    the kind is legal (a forced meld), every legal action is allowed.
    """
    for quiet in ("D", "-"):
        if quiet in legal_texts:
            return [quiet]
    discards = [t for t in legal_texts if t.startswith("X ")]
    return discards or list(legal_texts)
