"""``samrap tournament``: bots against bots on duplicate deals, with win rates, CIs and ratings.

Registered on the Typer app by :func:`register`. The work is done by
:mod:`samrap.engine.tournament`; this module parses options, shows a Rich progress bar, prints
the results table (or JSON), writes records and draws the plot.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from samrap.cli import common
from samrap.cli.common import fail, game_config
from samrap.engine.record import make_record, write_record
from samrap.engine.tournament import TournamentReport, UnitResult, run_tournament
from samrap.players.levels import make_bot, parse_bot_spec


def results_table(report: TournamentReport) -> Table:
    """Bot, entries, win rate with its 95% Wilson interval, mean points, ms per decision, ratings."""
    unit = "game" if report.hands == 1 else "match"
    units = "games" if unit == "game" else "matches"
    table = Table(
        title=f"{report.config}: {len(report.units)} {units} ({report.deals} deals x {len(report.seats)} seats)"
    )
    for col in (
        "bot",
        units,
        "win rate",
        "95% CI",
        "mean points",
        "ms/decision",
        "iters/s",
        "iters/CPU-s",
        "OpenSkill mu",
        "ordinal",
    ):
        table.add_column(col, justify="left" if col == "bot" else "right")
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


def check_plot_path(path: Path) -> None:
    """Refuse a ``--plot`` file that could not be written, before any game is played.

    The folder must exist and be writable, and the file's suffix must be a format matplotlib
    writes (``.png``, ``.svg``, ``.pdf``...); matplotlib itself must be installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure
    except ImportError:
        fail("--plot needs matplotlib: pip install 'samrap[tournament]'")
    folder = path.parent
    if not folder.is_dir():
        fail(f"--plot: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        fail(f"--plot: the folder {folder} is not writable")
    if path.is_dir():
        fail(f"--plot: {path} is a folder; name an image file such as {path / 'tournament.png'}")
    formats = Figure().canvas.get_supported_filetypes()
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in formats:
        fail(f"--plot: cannot write a {path.suffix or 'suffix-less'} file; use one of " + ", ".join(sorted(formats)))


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
) -> None:
    """Play bots against each other on duplicate deals (every bot plays every deal from every seat)."""
    spec, cfg = game_config(game, preset, config, players)
    bots = [s.strip() for s in seats.split(",") if s.strip()]
    n = spec.make_game(cfg).players
    if len(bots) != n:
        fail(f"{spec.config_string(cfg)} has {n} seats; --seats names {len(bots)} bots")
    for b in bots:
        try:
            parse_bot_spec(b)
        except ValueError as e:
            fail(f"--seats: {e}")
    if games < 1:
        fail("--games must be at least 1")
    if workers < 1:
        fail("--workers must be at least 1")
    if hands is not None and hands < 1:
        fail("--hands must be at least 1")
    if backend not in ("local", "ray"):
        fail(f"--backend must be local or ray, not {backend!r}")
    if plot is not None:
        check_plot_path(plot)
    if record is not None:
        try:
            record.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            fail(f"cannot create {record}: {e.strerror or e}")
    err = common.stderr()
    total = games * n
    columns = (
        TextColumn("tournament"),
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
            fail(str(e))
    out = common.stdout()
    if not out.is_terminal:
        out.width = 160
    if as_json:
        out.print(json.dumps(report.as_dict(), ensure_ascii=False))
    else:
        out.print(results_table(report))
        out.print(
            f"seed {seed}, {report.games} games in {report.wall_seconds:.1f} s wall time"
            f" ({report.games_per_second:,.1f} games/s)"
        )
    if plot is not None:
        try:
            plot_report(report, plot)
        except OSError as e:  # the folder went away or filled up while the games were played
            fail(f"cannot write the plot {plot}: {e.strerror or e}")


def register(app: Any) -> None:
    """Add ``samrap tournament`` to the Typer app."""
    app.command(name="tournament")(tournament)
