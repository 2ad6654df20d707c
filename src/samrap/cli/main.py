"""The ``samrap`` command: play, simulate, replay, rules.

Exit codes: 0 success; 1 a replayed record breaks the rules; 2 bad input (unknown game or preset,
bad config string, a file that is not a record, bad options). Errors are one line on stderr,
never a traceback.
"""

from __future__ import annotations

import json
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from samrap import __version__
from samrap.cli import common
from samrap.cli.common import check_lang, fail, game_config, plural, seat_label, usage_errors
from samrap.cli.hint import register as register_hint
from samrap.cli.lineup import close_all, line_up
from samrap.cli.play import HumanPlayer, PlayObserver, QuitMatch, default_record_path, partial_result
from samrap.cli.replay import commitment_lines, report_dict
from samrap.cli.rules import rules_lines
from samrap.cli.serve import serve
from samrap.cli.simulate import Summary
from samrap.cli.tables import ledger_table, match_table
from samrap.cli.tournament import register as register_tournament
from samrap.engine.match import MatchResult, run_match, single_games
from samrap.engine.protocol import Agent
from samrap.engine.record import RecordError, make_record, read_record, replay_record, write_record
from samrap.engine.registry import get_spec

app = typer.Typer(
    name="samrap",
    help="Thai Dummy (ดัมมี่) and Contract Rummy: play, simulate, replay and check game records.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

MAX_SEED = 2**53 - 1

GameArg = Annotated[str, typer.Argument(help="Game name or config string, e.g. dummy or 'dummy(players=3)'.")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-n", help="Number of seats.")]
BotsOpt = Annotated[
    str,
    typer.Option(
        "--bots",
        "-b",
        help="Bots: one spec for every bot seat or one per seat, comma-separated: random, heuristic, "
        "ismcts:iters=200, easy, medium, hard, expert, external:'python my_bot.py'.",
    ),
]
PresetOpt = Annotated[str | None, typer.Option("--preset", "-p", help="A preset (see `samrap rules dummy`).")]
ConfigOpt = Annotated[
    str | None, typer.Option("--config", "-c", help="Options on top of the preset: 'target=50,ace_low=true'.")
]
LangOpt = Annotated[str, typer.Option("--lang", help="Ledger and table language: en or th.")]


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


def _check_seed(seed: int) -> int:
    if not 0 <= seed <= MAX_SEED:
        fail(f"--seed must be between 0 and {MAX_SEED}")
    return seed


@app.command()
def play(
    game: GameArg = "dummy",
    players: PlayersOpt = None,
    preset: PresetOpt = None,
    config: ConfigOpt = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Match seed (default: a random one).")] = None,
    lang: LangOpt = "en",
    record: Annotated[Path | None, typer.Option("--record", "-r", help="Record file (default: a dated name).")] = None,
    name: Annotated[str, typer.Option("--name", help="Your name in the record.")] = "you",
    bots: BotsOpt = "medium",
) -> None:
    """Play a match in seat 0 against bots (levels easy, medium, hard, expert, or any bot spec)."""
    check_lang(lang)
    spec, cfg = game_config(game, preset, config, players)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    _check_seed(seed)
    out = common.stdout()
    game_obj = spec.make_game(cfg)
    try:
        opponents = line_up(bots, game_obj.players - 1, game_obj, first=1)
    except ValueError as e:
        fail(f"--bots: {e}")
    names = (name, *(b.name for b in opponents))
    human = HumanPlayer(name, spec, game_obj, names, lang, out, echo=not sys.stdin.isatty())
    seats: list[Agent[Any, Any]] = [human, *opponents]
    observer = PlayObserver(spec, game_obj, names, 0, lang, out)
    out.print(f"{spec.title}  {spec.config_string(cfg)}  seed {seed}  (the same --seed deals the same cards)")
    out.print(f"You are {seat_label(0, names)}. Type ? for help, ! for a hint, q to quit.")
    result: MatchResult
    try:
        result = run_match(spec, cfg, seats, seed, observer=observer)
    except QuitMatch as e:
        out.print(f"Match stopped ({e}) after {plural(len(observer.results), 'finished game')}.")
        result = partial_result(spec, cfg, names, seed, observer.results)
    finally:
        close_all(opponents)
    if result.complete:
        winners = ", ".join(seat_label(q, names) for q in result.winners)
        out.print(
            f"Match over after {plural(len(result.games), 'game')}. Winner: {winners}  totals {list(result.totals)}"
        )
    if not result.games:
        out.print("No game finished: no record written.")
        return
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = record if record is not None else default_record_path(spec, seed, stamp)
    try:
        write_record(path, make_record(result))
    except OSError as e:
        fail(f"cannot write the record {path}: {e.strerror or e}")
    out.print(f"Record written to {path}  (check it with: samrap replay {path})")


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
) -> None:
    """Play seeded games between bots (random by default) and summarise them."""
    spec, cfg = game_config(game, preset, config, players)
    _check_seed(seed)
    if games < 1:
        fail("--games must be at least 1")
    if record is not None:
        try:
            record.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            fail(f"cannot create {record}: {e.strerror or e}")
    game_obj = spec.make_game(cfg)
    n = game_obj.players
    try:
        seats = line_up(bots, n, game_obj)
    except ValueError as e:
        fail(f"--bots: {e}")
    summary = Summary(spec, spec.config_string(cfg), n, seed)
    err = common.stderr()
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    start = time.perf_counter()
    with Progress(*columns, console=err, disable=as_json or not err.is_terminal, transient=True) as progress:
        task = progress.add_task("games", total=games)
        try:
            for k, result in enumerate(single_games(spec, cfg, seats, seed, games)):
                summary.add(result)
                if record is not None:
                    write_record(record / f"game-{k + 1:05d}.json", make_record(result))
                progress.advance(task)
        finally:
            close_all(seats)
    wall = time.perf_counter() - start
    out = common.stdout()
    if as_json:
        out.print(json.dumps(summary.as_dict(wall), ensure_ascii=False))
    else:
        for line in summary.lines(wall):
            out.print(line)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A samrap record (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the replay report as JSON.")] = False,
    verify: Annotated[
        bool, typer.Option("--verify", help="Also check each deck against its shuffle commitment.")
    ] = False,
    lang: LangOpt = "en",
) -> None:
    """Replay a record, checking every action and score (exit 0 valid, 1 invalid, 2 not a record)."""
    check_lang(lang)
    try:
        rec = read_record(file)
    except RecordError as e:
        fail(f"{file} is not a samrap record: {e}")
    except OSError as e:
        fail(f"cannot read {file}: {e.strerror or e}")
    report = replay_record(rec)
    out = common.stdout()
    if as_json:
        out.print(json.dumps(report_dict(rec, report, verify), ensure_ascii=False))
    else:
        m = rec.match
        spec = get_spec(m.game)
        out.print(f"{spec.title}  {m.config}  {plural(len(m.games), 'game')}  seed {m.seed}  date {rec.date}")
        out.print("players: " + ", ".join(seat_label(q, m.players) for q in range(len(m.players))))
        if verify:
            for line in commitment_lines(rec)[0]:
                out.print(line)
        ledger = "Ledger" if lang == "en" else "บัญชีคะแนน"
        for k, g in enumerate(report.games):
            way = "clockwise" if g.direction > 0 else "counter-clockwise"
            title = (
                f"{ledger}, game {k + 1}: {seat_label(g.starter, m.players)} starts, {way}, {len(g.actions)} actions"
            )
            out.print(ledger_table(spec, g, m.players, lang, title))
        if report.games:
            out.print(match_table(report.games, m.players, lang, "Match" if lang == "en" else "คะแนนรวม"))
        if report.is_valid:
            winners = ", ".join(seat_label(q, m.players) for q in report.winners) or "none (match not complete)"
            actions = sum(len(g.actions) for g in report.games)
            out.print(
                f"valid: {plural(len(report.games), 'game')}, {plural(actions, 'action')} replayed; winners: {winners}"
            )
    if report.problem is not None:
        if not as_json:
            common.stderr().print(f"invalid: {report.problem.describe()}")
        raise typer.Exit(1)
    if verify and not commitment_lines(rec)[1]:
        if not as_json:
            common.stderr().print("invalid: a deck order does not match its shuffle commitment")
        raise typer.Exit(1)


@app.command()
def rules(game: GameArg = "dummy") -> None:
    """Show a game's presets and options with their defaults."""
    with usage_errors():
        spec = get_spec(game)
    out = common.stdout()
    for line in rules_lines(spec):
        out.print(line)


app.command()(serve)
register_tournament(app)
register_hint(app)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point (``samrap = samrap.cli.main:main``)."""
    app(args=argv, prog_name="samrap")


if __name__ == "__main__":  # pragma: no cover
    main()
