"""Bot line-ups for ``samrap play`` and ``samrap simulate``: ``--bots medium`` or ``--bots hard,easy,random``.

One spec fills every bot seat; otherwise there is one spec per bot seat, in seat order. A spec is
what ``samrap tournament --seats`` takes (``random``, ``heuristic``, ``ismcts:iters=200``,
``easy``..``expert``, ``external:'python my_bot.py'``), so a bot written in any language can sit
at a terminal match too.
"""

from __future__ import annotations

from samrap.cli.text import say
from samrap.engine.protocol import AnyAgent
from samrap.engine.registry import AnyGame
from samrap.players.levels import KINDS, LEVELS, make_bot, parse_bot_spec


def split_specs(text: str) -> list[str]:
    """The comma-separated specs of ``text``, stripped, empty ones dropped."""
    return [s.strip() for s in text.split(",") if s.strip()]


def seat_specs(text: str, seats: int) -> list[str]:
    """The bot spec of each of ``seats`` seats: one spec for all of them, or one per seat.

    Raises:
        ValueError: the count of specs is neither 1 nor ``seats``.
    """
    specs = split_specs(text)
    if not specs:
        raise ValueError("name at least one bot")
    if len(specs) == 1:
        return specs * seats
    if len(specs) != seats:
        raise ValueError(f"name one bot for all {seats} bot seats or one per seat, not {len(specs)}")
    return specs


def line_up(text: str, seats: int, game: AnyGame, first: int = 0) -> list[AnyAgent]:
    """One bot for each of ``seats`` seats numbered from ``first``, named ``<spec>-<seat>`` so
    that names stay unique.

    Raises:
        ValueError: the count of specs is neither 1 nor ``seats``, or a spec is not a bot.
    """
    specs = seat_specs(text, seats)
    return [make_bot(spec, game, name=f"{spec}-{n}") for n, spec in enumerate(specs, start=first)]


def bots_problem(text: str, seats: int, error: ValueError, lang: str, option: str = "--bots") -> str:
    """What is wrong with a line-up, naming ``option``: the library's words in English; in Thai,
    which count or which spec is wrong, found again here since the library says it in English."""
    specs = split_specs(text)
    if lang != "th":
        return say("error.bots", lang, error=error) if option == "--bots" else f"{option}: {error}"
    if not specs:
        return say("error.no_bot", lang, option=option)
    if len(specs) not in (1, seats):
        return say("error.bot_count", lang, option=option, seats=seats, count=len(specs))
    for spec in specs:
        try:
            parse_bot_spec(spec)
        except ValueError as e:
            return say("error.bot_spec", lang, option=option, spec=spec, error=e, known=", ".join((*KINDS, *LEVELS)))
    return say("error.bot_game", lang, option=option, spec=text, error=error)


def close_all(bots: list[AnyAgent]) -> None:
    """Stop what the bots started (external bots run a process each)."""
    for bot in bots:
        close = getattr(bot, "close", None)
        if callable(close):
            close()
