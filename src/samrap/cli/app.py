"""The ``samrap`` command's Typer app: play, simulate, replay, rules, and the commands it registers.

``samrap.cli.main`` is the entry point: it runs a plain ``samrap simulate`` without building this
app (``cli/simulate.py``), and imports this module for everything else.

Exit codes: 0 success; 1 a replayed record breaks the rules; 2 bad input (unknown game or preset,
bad config string, a file that is not a record, bad options). Errors are one line on stderr,
never a traceback.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.models import CommandFunctionType, CommandInfo

from samrap import __version__
from samrap.cli import common
from samrap.cli.common import check_lang, check_seed, fail, game_config, usage_errors, writable_problem
from samrap.cli.export_static import export_static
from samrap.cli.helptext import LangOpt, SamrapCommand, SamrapGroup
from samrap.cli.hint import register as register_hint
from samrap.cli.learn import register as register_learn
from samrap.cli.lineup import bots_problem, close_all, line_up
from samrap.cli.review import register as register_review
from samrap.cli.serve import serve
from samrap.cli.simulate import run_simulate
from samrap.cli.text import people_names, plural, record_people, say, seat_text
from samrap.cli.tournament import register as register_tournament
from samrap.core.errors import SamrapError
from samrap.engine.match import MatchResult, run_match
from samrap.engine.protocol import AnyAgent
from samrap.engine.registry import get_spec

if TYPE_CHECKING:
    from samrap.engine.record import Record, ReplayProblem, ReplayReport

# Each command imports what only it needs (records, Rich's progress and tables, the human
# player, the rules' pages) in its body: a ``samrap simulate`` process pays for its own imports
# alone, and so starts about as fast as the engine's own loop (docs/performance.md, issue 28.6).


class _App(typer.Typer):
    """The ``samrap`` app; a call that names a command builds the parser of that command alone.

    Typer builds a click command for every registered command on each call, reading every
    command function's annotations: about 20 ms (110 M instructions) for samrap's ten, in the
    time of every ``samrap`` invocation. A call whose first word is a command's name builds the
    group with that one command (the same options, help and errors); anything else (``--help``,
    ``--version``, no word, an unknown or abbreviated command) builds them all.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        argv = kwargs["args"] if "args" in kwargs else args[0] if args else None
        words = list(sys.argv[1:] if argv is None else argv)
        if words:
            named = [c for c in self.registered_commands if _command_name(c) == words[0]]
            if len(named) == 1:
                only = copy.copy(self)
                only.registered_commands = named
                return typer.Typer.__call__(only, *args, **kwargs)
        return super().__call__(*args, **kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Callable[[CommandFunctionType], CommandFunctionType]:
        """Typer's ``command``, building :class:`SamrapCommand` (Thai help and parse errors) by default."""
        kwargs.setdefault("cls", SamrapCommand)
        return super().command(*args, **kwargs)


def _command_name(command: CommandInfo) -> str | None:
    """The name a registered command is typed as (Typer's rule: the function's, with dashes)."""
    if command.name:
        return command.name
    return None if command.callback is None else command.callback.__name__.lower().replace("_", "-")


app = _App(
    name="samrap",
    cls=SamrapGroup,
    help="Thai Dummy (ดัมมี่) and Contract Rummy: play, simulate, replay and check game records.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

GameArg = Annotated[str, typer.Argument(help="Game name or config string, e.g. dummy or 'dummy(players=3)'.")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-n", help="Number of seats.")]
BotsOpt = Annotated[
    str,
    typer.Option(
        "--bots",
        "-b",
        help="Bots: one spec for every bot seat or one per seat, comma-separated: random, heuristic, "
        "ismcts:iters=200, easy, medium, hard, expert, learned, external:'python my_bot.py'.",
    ),
]
PresetOpt = Annotated[str | None, typer.Option("--preset", "-p", help="A preset (see `samrap rules dummy`).")]
ConfigOpt = Annotated[
    str | None, typer.Option("--config", "-c", help="Options on top of the preset: 'target=50,ace_low=true'.")
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"samrap {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Thai Dummy (ดัมมี่) and Contract Rummy: play, simulate, replay and check game records."""


@app.command()
def play(
    game: GameArg = "dummy",
    players: PlayersOpt = None,
    preset: PresetOpt = None,
    config: ConfigOpt = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Match seed (default: a random one).")] = None,
    lang: LangOpt = None,
    record: Annotated[Path | None, typer.Option("--record", "-r", help="Record file (default: a dated name).")] = None,
    name: Annotated[str | None, typer.Option("--name", help="Your name in the record (default: you, Thai คุณ).")] = None,
    bots: BotsOpt = "medium",
) -> None:
    """Play a match in seat 0 against bots (levels easy, medium, hard, expert, or any bot spec).

    Levels: easy makes mistakes now and then (about one move in three is random); medium plays
    by careful rules (safe discards, takes cards only when they help); hard thinks ahead (tries
    its best moves on simulated finishes); expert thinks up to four times longer than hard, most
    over what to meld and what to keep (up to 2.5 seconds a move); learned (Dummy only) plays a
    small neural network trained by imitating medium (a research bot, outside the ladder; needs
    numpy).
    """
    from samrap.cli.play import HumanPlayer, PlayObserver, QuitMatch, default_record_path, partial_result
    from samrap.engine.record import make_record, write_record

    lang = check_lang(lang)
    spec, cfg = game_config(game, preset, config, players, lang)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    check_seed(seed, lang)
    if record is not None:
        problem = writable_problem(record, lang)
        if problem is not None:  # before the match, so no game is played only to be lost
            fail(say("play.record_path", lang, path=record, why=problem), lang=lang)
    out = common.stdout()
    game_obj = spec.make_game(cfg)
    try:
        opponents = line_up(bots, game_obj.players - 1, game_obj, first=1)
    except ValueError as e:
        fail(bots_problem(bots, game_obj.players - 1, e, lang), lang=lang)
    if name is None:
        name = "คุณ" if lang == "th" else "you"
    recorded = (name, *(b.name for b in opponents))  # the record keeps the bots' own names
    names = people_names(recorded, lang, people=(0,))  # as shown: the levels' people, as on the web
    human = HumanPlayer(name, spec, game_obj, names, lang, out, echo=not sys.stdin.isatty())
    seats: list[AnyAgent] = [human, *opponents]
    observer = PlayObserver(spec, game_obj, names, 0, lang, out)
    title = spec.title_in(lang)
    out.print(say("play.header", lang, title=title, config=spec.config_string(cfg), seed=seed))
    out.print(say("play.you_are", lang, seat=seat_text(0, names, lang)))
    unit = spec.unit_in(lang)
    result: MatchResult
    broken: SamrapError | None = None
    try:
        result = run_match(spec, cfg, seats, seed, observer=observer)
    except SamrapError as e:  # an external bot broke its protocol: keep the finished games, then say so
        broken = e
        result = partial_result(spec, cfg, recorded, seed, observer.results)
    except (QuitMatch, KeyboardInterrupt) as e:  # q, the end of input, or Ctrl-C: keep the finished games
        done = len(observer.results)
        key = {"end of input": "play.stopped_eof", "quit": "play.stopped_quit"}.get(str(e), "play.stopped_interrupt")
        out.print()
        out.print(say(key, lang, finished=plural(done, f"finished {unit}"), count=done, unit=unit))
        result = partial_result(spec, cfg, recorded, seed, observer.results)
    finally:
        close_all(opponents)
    if result.complete:
        winners = ", ".join(seat_text(q, names, lang) for q in result.winners)
        played = plural(len(result.games), unit)
        totals = list(result.totals)
        out.print(
            say("play.over", lang, played=played, count=len(result.games), unit=unit, winners=winners, totals=totals)
        )
    if not result.games:
        out.print(say("play.no_record", lang, unit=unit))
        if broken is not None:
            fail(say("play.bot_broke", lang, error=broken), lang=lang)
        return
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = record if record is not None else default_record_path(spec, seed, stamp)
    try:
        write_record(path, make_record(result, metadata={"people": [0]}))  # seat 0 is a person, whatever its name
    except OSError as e:
        why = say("path.os_error", lang, why=e.strerror or e)
        fail(say("play.record_path", lang, path=path, why=why), lang=lang)
    out.print(say("play.recorded", lang, path=path))
    if broken is not None:
        fail(say("play.bot_broke", lang, error=broken), lang=lang)


@app.command()
def simulate(
    game: GameArg = "dummy",
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole run.")] = 0,
    preset: PresetOpt = None,
    config: ConfigOpt = None,
    record: Annotated[Path | None, typer.Option("--record", "-r", help="Directory for one record per game.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    bots: BotsOpt = "random",
    lang: LangOpt = None,
) -> None:
    """Play seeded games between bots (random by default) and summarise them."""
    run_simulate(game, players, games, seed, preset, config, record, as_json, bots, lang)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A samrap record (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the replay report as JSON.")] = False,
    verify: Annotated[
        bool, typer.Option("--verify", help="Also check each deck against its shuffle commitment.")
    ] = False,
    lang: LangOpt = None,
) -> None:
    """Replay a record, checking every action and score (exit 0 valid, 1 invalid, 2 not a record)."""
    from samrap.cli.replay import commitment_lines, report_dict
    from samrap.engine.record import RecordError, read_record, replay_record

    lang = check_lang(lang)
    try:
        rec = read_record(file)
    except RecordError as e:
        fail(say("replay.not_record", lang, file=file, error=e), lang=lang)
    except OSError as e:
        fail(say("replay.unreadable", lang, file=file, why=e.strerror or e), lang=lang)
    report = replay_record(rec)
    out = common.stdout()
    if as_json:
        out.print(json.dumps(report_dict(rec, report, verify), ensure_ascii=False))
    else:
        for line in replay_lines(rec, report, verify, lang):
            out.print(line)
    if report.problem is not None:
        if not as_json:
            common.stderr().print(problem_line(report.problem, get_spec(rec.match.game).unit_in(lang), lang))
        raise typer.Exit(1)
    if verify and not commitment_lines(rec, lang)[1]:
        if not as_json:
            common.stderr().print(say("replay.bad_commitment", lang))
        raise typer.Exit(1)


def problem_line(problem: ReplayProblem, unit: str, lang: str) -> str:
    """Where a record breaks the rules, for people: the English line names the JSON path and the
    message; the Thai line names the game, the action and the rule's number."""
    if lang != "th":
        return say("replay.invalid", lang, problem=problem.describe())
    if problem.game is None:
        where = say("replay.where_result", lang)
    elif problem.action is None:
        where = say("replay.where_game", lang, unit=unit, game=problem.game + 1)
    else:
        text = f" ({problem.action_text})" if problem.action_text else ""
        where = say("replay.where_action", lang, unit=unit, game=problem.game + 1, action=problem.action + 1) + text
    rule = say("replay.rule", lang, rule=problem.rule) if problem.rule is not None else say("replay.no_rule", lang)
    return say("replay.invalid", lang, problem=f"{where} {rule}")


def thai_date(stamp: str) -> str:
    """``2026-01-01T09:30:00Z`` as ``2026-01-01 09:30:00`` (no Latin letter on a Thai screen)."""
    return stamp.replace("T", " ").removesuffix("Z")


def replay_lines(rec: Record, report: ReplayReport, verify: bool, lang: str) -> list[Any]:
    """What ``samrap replay`` prints for people: header, players, each ledger, the match, the verdict."""
    from samrap.cli.replay import commitment_lines
    from samrap.cli.tables import ledger_table, match_table

    m = rec.match
    spec = get_spec(m.game)
    unit = spec.unit_in(lang)
    seats = people_names(m.players, lang, record_people(rec.metadata))
    count = len(m.games)
    title = spec.title_in(lang)
    lines: list[Any] = [
        say(
            "replay.header",
            lang,
            title=title,
            config=m.config,
            played=plural(count, unit),
            count=count,
            unit=unit,
            seed=say("replay.no_seed", lang) if m.seed is None else m.seed,
            date=rec.date if lang != "th" else thai_date(rec.date),
        ),
        say("replay.players", lang, players=", ".join(seat_text(q, seats, lang) for q in range(len(seats)))),
    ]
    if verify:
        lines += commitment_lines(rec, lang)[0]
    for k, g in enumerate(report.games):
        way = say("way.clockwise" if g.direction > 0 else "way.counter", lang)
        seat = seat_text(g.starter, seats, lang)
        title = say("replay.ledger", lang, unit=unit, number=k + 1, seat=seat, way=way, actions=len(g.actions))
        lines.append(ledger_table(spec, g, seats, lang, title))
    if report.games:
        lines.append(match_table(spec, report.games, seats, lang, say("play.match", lang)))
    if report.is_valid:
        winners = ", ".join(seat_text(q, seats, lang) for q in report.winners) or say("replay.no_winner", lang)
        actions = sum(len(g.actions) for g in report.games)
        played = plural(len(report.games), unit)
        lines.append(
            say(
                "replay.valid",
                lang,
                played=played,
                count=len(report.games),
                unit=unit,
                actions=actions,
                actions_text=plural(actions, "action"),
                winners=winners,
            )
        )
    return lines


OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="One option, key=value (repeatable).")]


@app.command()
def rules(
    game: GameArg = "dummy",
    preset: PresetOpt = None,
    option: OptionOpt = None,
    config: ConfigOpt = None,
    lang: LangOpt = None,
) -> None:
    """Show the rules of a preset with options in words, then the game's presets and options."""
    from samrap.cli.rules import rules_command_lines

    lang = check_lang(lang)
    with usage_errors(lang):
        lines = rules_command_lines(game, preset, option or [], config, lang)
    out = common.stdout()
    for line in lines:
        out.print(line, highlight=False, markup=False)


app.command()(serve)
app.command(name="export-static")(export_static)
register_tournament(app)
register_hint(app)
register_review(app)
register_learn(app)
