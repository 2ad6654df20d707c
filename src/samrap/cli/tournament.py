"""``samrap tournament``: bots against bots on duplicate deals, with win rates, CIs and ratings.

Registered on the Typer app by :func:`register`. The work is done by
:mod:`samrap.engine.tournament`; this module parses options, shows a Rich progress bar, prints
the results table (or JSON), writes records and draws the plot.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from samrap.cli import common
from samrap.cli.common import MAX_SEED, check_lang, fail, game_config
from samrap.cli.helptext import LangOpt
from samrap.cli.lineup import bots_problem
from samrap.cli.text import say
from samrap.engine.registry import get_spec
from samrap.players.levels import make_bot, parse_bot_spec

if TYPE_CHECKING:
    from rich.table import Table

    from samrap.engine.tournament import TournamentReport, UnitResult

# The heavy modules are imported in the command's body, so that other commands' processes
# (``samrap simulate`` above all) do not pay for them (issue 28.6).


def results_table(report: TournamentReport, lang: str = "en") -> Table:
    """Bot, entries, win rate with its 95% Wilson interval, mean points, ms per decision, ratings."""
    from rich.table import Table

    single = report.hands == 1
    units = say("tournament.games" if single else "tournament.matches", lang)
    spec = get_spec(report.game)
    table = Table(
        title=say(
            "tournament.title",
            lang,
            config=report.config,
            title=spec.title_in(lang),
            count=len(report.units),
            units=units,
            deals=report.deals,
            seats=len(report.seats),
        )
    )
    table.add_column(say("tournament.col.bot", lang), justify="left")
    table.add_column(units, justify="right")
    for col in ("win_rate", "ci", "points", "ms", "ips", "ipcs", "mu", "ordinal"):
        table.add_column(say(f"tournament.col.{col}", lang), justify="right")
    for b in report.bots:
        lo, hi = b.ci
        ips = b.iterations_per_second
        table.add_row(
            b.name,
            str(b.entries),
            f"{100 * b.win_rate:.1f}%",
            f"{100 * lo:.1f}-{100 * hi:.1f}%",
            f"{b.mean_points:+.1f}",
            f"{b.mean_decision_ms:.1f}",
            "-" if ips is None else f"{ips:.0f}",
            "-" if b.iterations_per_cpu_second is None else f"{b.iterations_per_cpu_second:.0f}",
            "-" if b.rating_mu is None else f"{b.rating_mu:.2f}",
            "-" if b.ordinal is None else f"{b.ordinal:.2f}",
        )
    return table


def plot_report(report: TournamentReport, path: Path) -> None:
    """Win rates with 95% CI error bars and OpenSkill ordinals, side by side, as an image file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [b.name for b in report.bots]
    rates = [b.win_rate for b in report.bots]
    lows = [b.win_rate - b.ci[0] for b in report.bots]
    highs = [b.ci[1] - b.win_rate for b in report.bots]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    ax1.bar(names, rates, yerr=[lows, highs], capsize=6, color="tab:blue")
    ax1.set_ylim(0, 1)
    ax1.set_ylabel("win rate (95% Wilson CI)")
    ax1.set_title(f"{report.game}: {len(report.units)} units")
    mus = [b.rating_mu or 0.0 for b in report.bots]
    sig = [3 * (b.rating_sigma or 0.0) for b in report.bots]
    ax2.bar(names, mus, yerr=sig, capsize=6, color="tab:orange")
    ax2.set_ylabel("OpenSkill mu (bars: 3 sigma)")
    ax2.set_title("ratings")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def check_plot_path(path: Path, lang: str = "en") -> None:
    """Refuse a ``--plot`` file that could not be written, before any game is played.

    The folder must exist and be writable, and the file's suffix must be a format matplotlib
    writes (``.png``, ``.svg``, ``.pdf``...); matplotlib itself must be installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure
    except ImportError:
        fail(say("plot.no_matplotlib", lang), lang=lang)
    folder = path.parent
    if not folder.is_dir():
        fail(say("plot.no_folder", lang, folder=folder), lang=lang)
    if not os.access(folder, os.W_OK):
        fail(say("plot.not_writable", lang, folder=folder), lang=lang)
    if path.is_dir():
        fail(say("plot.folder", lang, path=path, example=path / "tournament.png"), lang=lang)
    formats = Figure().canvas.get_supported_filetypes()
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in formats:
        shown = ", ".join(sorted(formats))
        fail(say("plot.suffix", lang, suffix=path.suffix or "suffix-less", formats=shown), lang=lang)


def tournament(
    game: Annotated[str, typer.Argument(help="Game name or config string, e.g. dummy or 'contract(players=4)'.")],
    seats: Annotated[str, typer.Option("--seats", help="One bot per seat, comma-separated: ismcts:1s,heuristic.")],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of seats.")] = None,
    games: Annotated[int, typer.Option("--games", "-g", help="Deals; each is played once per seat rotation.")] = 10,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Tournament seed (decides every deal).")] = 0,
    hands: Annotated[
        int | None, typer.Option("--hands", help="Cut each match to this many games (Dummy: 1 = single games).")
    ] = None,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="A preset of the game.")] = None,
    config: Annotated[str | None, typer.Option("--config", "-c", help="Options on top of the preset.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes (local backend).")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local (process pool) or ray.")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address (default: local).")] = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write a PNG/SVG chart of the results.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    record: Annotated[Path | None, typer.Option("--record", "-r", help="Directory for one record per match.")] = None,
    lang: LangOpt = None,
) -> None:
    """Play bots against each other on duplicate deals (every bot plays every deal from every seat)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from samrap.engine.record import make_record, write_record
    from samrap.engine.tournament import run_tournament

    lang = check_lang(lang)
    spec, cfg = game_config(game, preset, config, players, lang)
    bots = [s.strip() for s in seats.split(",") if s.strip()]
    n = spec.make_game(cfg).players
    if len(bots) != n:
        title = spec.title_in(lang)
        fail(
            say("tournament.seat_count", lang, config=spec.config_string(cfg), title=title, seats=n, bots=len(bots)),
            lang=lang,
        )
    for b in bots:
        try:
            parse_bot_spec(b)
        except ValueError as e:
            fail(bots_problem(b, 1, e, lang, option="--seats"), lang=lang)
    if not 0 <= seed <= MAX_SEED:
        fail(say("error.seed", lang, max=MAX_SEED), lang=lang)
    for option, value in (("--games", games), ("--workers", workers), ("--hands", hands)):
        if value is not None and value < 1:
            fail(say("error.at_least", lang, option=option, low=1), lang=lang)
    if backend not in ("local", "ray"):
        fail(say("tournament.backend", lang, backend=backend), lang=lang)
    if plot is not None:
        check_plot_path(plot, lang)
    if record is not None:
        common.make_folder(record, lang)
    err = common.stderr()
    total = games * n
    columns = (
        TextColumn(say("tournament.progress", lang)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, disable=as_json or not err.is_terminal, transient=True) as progress:
        task = progress.add_task("units", total=total)

        def on_unit(u: UnitResult) -> None:
            if record is not None:
                write_record(record / f"deal{u.deal + 1:04d}-rot{u.rotation}.json", make_record(u.match))
            progress.advance(task)

        try:
            report = run_tournament(
                spec.config_string(cfg),
                bots,
                games,
                seed,
                make_bot,
                hands=hands,
                workers=workers,
                backend=backend,  # type: ignore[arg-type]
                address=address,
                on_unit=on_unit,
            )
        except RuntimeError as e:
            if "ray package" in str(e):
                fail(say("tournament.no_ray", lang), lang=lang)
            fail(say("tournament.stopped", lang, error=e, backend=backend), lang=lang)
    out = common.stdout()
    if not out.is_terminal:
        out.width = 160
    if as_json:
        out.print(json.dumps(report.as_dict(), ensure_ascii=False))
    else:
        out.print(results_table(report, lang))
        footer = say(
            "tournament.footer",
            lang,
            seed=seed,
            games=report.games,
            unit=spec.unit_in(lang),
            seconds=report.wall_seconds,
            rate=report.games_per_second,
        )
        out.print(footer)
    if plot is not None:
        try:
            plot_report(report, plot)
        except OSError as e:  # the folder went away or filled up while the games were played
            fail(say("plot.write", lang, path=plot, why=common.os_why(e, lang)), lang=lang)


def register(app: typer.Typer) -> None:
    """Add ``samrap tournament`` to the Typer app."""
    app.command(name="tournament")(tournament)
