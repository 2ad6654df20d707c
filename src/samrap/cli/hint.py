"""``samrap hint RECORD --at N``: rank the legal moves before action N of a recorded game.

Registered on the Typer app by :func:`register`. The position is rebuilt from the record; the bot
is shown only the view of the seat to move, and the table lists every legal move with the bot's
estimate and a one-line reason (``--lang th`` for Thai). The move actually played is marked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from samrap.cli import common
from samrap.cli.common import check_lang, fail
from samrap.cli.helptext import LangOpt
from samrap.cli.text import people_names, record_people, say
from samrap.core.errors import IllegalActionError
from samrap.engine.registry import get_spec
from samrap.players.levels import parse_bot_spec

# The heavy modules are imported in the command's body, so that other commands' processes
# (``samrap simulate`` above all) do not pay for them (issue 28.6).


def hint(
    record: Annotated[Path, typer.Argument(help="A samrap record (JSON).")],
    at: Annotated[int, typer.Option("--at", help="Action number in the game (1 = its first action).")],
    game: Annotated[int, typer.Option("--game", help="Game of the match (1 = the first).")] = 1,
    lang: LangOpt = None,
    bot: Annotated[str, typer.Option("--bot", help="The bot that ranks: ismcts[:budget] or heuristic.")] = (
        "ismcts:iters=300"
    ),
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the search.")] = 0,
    top: Annotated[int, typer.Option("--top", help="Show at most this many moves (0: all).")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the hints as JSON.")] = False,
) -> None:
    """Rank the legal moves before action N of a recorded game, with the bot's estimate and a reason."""
    from rich.table import Table

    from samrap.engine.record import RecordError, read_record
    from samrap.players.hint import hint_record

    lang = check_lang(lang)
    try:
        kind = parse_bot_spec(bot)[0]
    except ValueError as e:
        fail(say("hint.bot_spec", lang, error=e), lang=lang)
    if kind not in ("ismcts", "heuristic"):
        fail(say("hint.bot_kind", lang), lang=lang)
    try:
        rec = read_record(record)
    except RecordError as e:
        fail(say("replay.not_record", lang, file=record, error=e), lang=lang)
    except OSError as e:
        fail(say("replay.unreadable", lang, file=record, why=e.strerror or e), lang=lang)
    unit = get_spec(rec.match.game).unit_in(lang)
    games = rec.match.games
    if not 1 <= game <= len(games):
        fail(say("hint.no_game", lang, count=len(games), game=game, unit=unit), lang=lang)
    actions = len(games[game - 1].actions)
    if not 1 <= at <= actions:
        fail(say("hint.no_action", lang, count=actions, game=game, unit=unit), lang=lang)
    try:
        pos, hints = hint_record(rec, at - 1, game_index=game - 1, bot=bot, seed=seed, lang=lang)
    except IllegalActionError as e:
        fail(say("hint.broken", lang, at=at, error=e, rule=e.rule), 1, lang)
    except ValueError as e:
        fail(str(e))
    shown = hints[:top] if top > 0 else hints
    names = rec.match.players
    out = common.stdout()
    if as_json:
        payload: dict[str, Any] = {
            "record": str(record),
            "game": game,
            "at": at,
            "seat": pos.seat,
            "player": names[pos.seat],
            "played": pos.played,
            "bot": bot,
            "hints": [h.as_dict() for h in shown],
        }
        out.print(json.dumps(payload, ensure_ascii=False))
        return
    if not out.is_terminal:
        out.width = 160
    spec = get_spec(rec.match.game)
    # the bots as the table and the web name them (JSON keeps the record's)
    names = people_names(names, lang, record_people(rec.metadata))
    out.print(spec.render_view(pos.view, names, lang))
    unit = spec.unit_in(lang)
    title = say("hint.title", lang, unit=unit, game=game, at=at, player=names[pos.seat], seat=pos.seat, bot=bot)
    table = Table(title=title)
    table.add_column("#", justify="right")
    for col in ("move", "win", "points", "value", "playouts", "reason"):
        table.add_column(say(f"hint.col.{col}", lang), justify="left" if col in ("move", "reason") else "right")
    for h in shown:
        mark = " *" if h.text == pos.played else ""
        table.add_row(
            str(h.rank),
            h.text + mark,
            "-" if h.win is None else f"{100 * h.win:.0f}%",
            "-" if h.score is None else f"{h.score:+.0f}",
            f"{h.value:.2f}" if h.visits else f"{h.value:+.0f}",
            str(h.visits) if h.visits else "-",
            h.reason[:1].upper() + h.reason[1:],  # an imperative: "Discard 7s: ..."
        )
    out.print(table)
    out.print(f"{say('hint.played', lang)}: {pos.played}")


def register(app: typer.Typer) -> None:
    """Add ``samrap hint`` to the Typer app."""
    app.command(name="hint")(hint)
