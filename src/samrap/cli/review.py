"""``samrap review RECORD [--seat N] [--lang th] [--second-look N]``: every decision of one seat, judged from its view.

Registered on the Typer app by :func:`register`. The analysis is :mod:`samrap.players.review`
(the same one hints use); a progress bar runs on stderr while it works. The table lists each
decision with the move played, the best move found, the loss, a label and a reason in words;
the summary gives the accuracy and the points lost per kind of decision. ``--json`` prints the
whole review (what the server stores).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from samrap.cli import common
from samrap.cli.common import check_lang, fail
from samrap.cli.helptext import LangOpt
from samrap.cli.text import people_names, record_people, say
from samrap.core.errors import IllegalActionError
from samrap.engine.registry import get_spec

if TYPE_CHECKING:
    from samrap.players.review import Review

# The heavy modules are imported in the command's body, so that other commands' processes
# (``samrap simulate`` above all) do not pay for them (issue 28.6).

_WORDS = {
    "title": ("การวิเคราะห์เกมของ {name} (ที่นั่ง {seat})", "Review of {name} (seat {seat})"),
    "cols": (
        ("เกม", "การเดินที่", "ที่เดิน", "ที่ดีที่สุด", "เสีย", "ผล", "เหตุผล"),
        ("game", "move", "played", "best found", "loss", "label", "reason"),
    ),
    "accuracy": (
        "ความแม่นยำ {acc:.0f}% ใน {n} การตัดสินใจ (บังคับเดิน {forced} ครั้ง ไม่นับ)",
        "Accuracy {acc:.0f}% over {n} decisions ({forced} forced moves not counted)",
    ),
    "labels": ("จำนวนตามผล", "Labels"),
    "lost": ("แต้มที่เสียตามชนิดการตัดสินใจ", "Points lost by kind of decision"),
    "points": ("แต้ม", "points"),
    "progress": ("กำลังวิเคราะห์", "reviewing"),
    "all": ("ทุกการตัดสินใจ", "every decision"),
    "note": (
        "เกณฑ์ (ค่าที่เสียอย่างมั่นใจ = โอกาสชนะเป็นเปอร์เซ็นต์ + 0.3 × แต้ม): พลาดเล็กน้อย {t0:.0f} พลาด {t1:.0f} พลาดหนัก {t2:.0f}",
        "Thresholds (confident loss of win chance in % + 0.3 x points): inaccuracy {t0:.0f}, mistake {t1:.0f}, "
        "blunder {t2:.0f}",
    ),
}


def _w(key: str, lang: str) -> Any:
    pair = _WORDS[key]
    return pair[0] if lang == "th" else pair[1]


def review(
    record: Annotated[Path, typer.Argument(help="A samrap record (JSON) of a finished game.")],
    seat: Annotated[int, typer.Option("--seat", help="The seat to review (0 = the first).")] = 0,
    game: Annotated[int, typer.Option("--game", help="Only this game of the match (1 = the first; 0: all).")] = 0,
    lang: LangOpt = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the simulations (same seed, same review).")] = 0,
    deals: Annotated[int, typer.Option("--deals", help="Simulated deals per decision (0: the game's default).")] = 0,
    second_look: Annotated[
        int,
        typer.Option(
            "--second-look",
            help="Fresh deals a round of the second look at a move the first look doubts, up to 4 rounds while "
            "its label is in doubt (-1: twice --deals; 0: none).",
        ),
    ] = -1,
    show: Annotated[str, typer.Option("--show", help="Which decisions to list: mistakes or all.")] = "mistakes",
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    retry: Annotated[
        bool,
        typer.Option("--retry", help="ลองใหม่: after the review, try each mistake again from the seat's view."),
    ] = False,
    progress_file: Annotated[
        Path | None, typer.Option("--progress", help="Progress file of --retry (default ~/.samrap/learn.json).")
    ] = None,
) -> None:
    """Review every decision of one seat in a recorded game: the best move found, the loss, a label and a reason."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from samrap.engine.record import RecordError, read_record, replay_record
    from samrap.players.review import review_record

    lang = check_lang(lang)
    if show not in ("mistakes", "all"):
        fail(say("review.show", lang), lang=lang)
    if deals < 0 or deals == 1:
        fail(say("review.deals", lang), lang=lang)
    if second_look < -1 or second_look == 1:
        fail(say("review.second_look", lang), lang=lang)
    try:
        rec = read_record(record)
    except RecordError as e:
        fail(say("review.not_record", lang, path=record, error=e), lang=lang)
    except OSError as e:
        fail(say("review.unreadable", lang, path=record, error=e.strerror or e), lang=lang)
    if not rec.match.games:
        fail(say("review.empty", lang, path=record), lang=lang)
    problem = replay_record(rec).problem
    if problem is not None:  # unfinished or breaking a rule: what ``samrap replay`` says, and no review
        from samrap.cli.app import problem_line  # the app imports this module: imported when needed

        fail(problem_line(problem, get_spec(rec.match.game).unit_in(lang), lang), 1, lang=lang)
    seats = len(rec.match.players)
    if not 0 <= seat < seats:
        fail(say("review.seat", lang, last=seats - 1, seat=seat), lang=lang)
    if not 0 <= game <= len(rec.match.games):
        fail(say("review.game", lang, games=len(rec.match.games), game=game), lang=lang)
    games = None if game == 0 else [game - 1]
    err = common.stderr()
    columns = (TextColumn(_w("progress", lang)), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    try:
        with Progress(*columns, console=err, disable=as_json or not err.is_terminal, transient=True) as progress:
            task = progress.add_task("review", total=None)

            def step(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            result = review_record(
                rec,
                seat,
                seed=seed,
                deals=deals or None,
                games=games,
                progress=step,
                confirm=None if second_look == -1 else second_look,
            )
    except IllegalActionError as e:
        fail(say("review.broken", lang, error=e), 1, lang=lang)
    except ValueError as e:
        fail(str(e))
    out = common.stdout()
    if as_json:
        out.print(json.dumps(result.as_dict(), ensure_ascii=False))
        return
    if not out.is_terminal:
        out.width = 160
    _print(out, result, people_names(rec.match.players, lang, record_people(rec.metadata))[seat], lang, show == "all")
    if retry:
        from samrap.cli.retry import retry_loop  # only with --retry

        retry_loop(out, rec, record.read_text(encoding="utf-8"), seat, result.as_dict(), lang, progress_file, seed)


def _print(out: Any, r: Review, name: str, lang: str, every: bool) -> None:
    from rich.table import Table

    from samrap.players.review import KIND_NAMES, LABEL_NAMES, thresholds

    th = lang == "th"
    table = Table(title=_w("title", lang).format(name=name, seat=r.seat))
    for col in _w("cols", lang):
        table.add_column(col)
    for d in r.decisions:
        if not every and d.label == "good":
            continue
        label = LABEL_NAMES[d.label][0 if th else 1]
        table.add_row(
            str(d.game + 1),
            str(d.number + 1),
            d.played_words[0 if th else 1],
            d.best_words[0 if th else 1],
            f"{d.loss:.0f}",
            label,
            d.reason(lang),
        )
    out.print(table)
    s = r.summary
    out.print(_w("accuracy", lang).format(acc=s["accuracy"], n=s["decisions"], forced=r.forced))
    labels = ", ".join(f"{LABEL_NAMES[k][0 if th else 1]} {v}" for k, v in s["labels"].items())
    out.print(f"{_w('labels', lang)}: {labels}")
    lost = ", ".join(f"{KIND_NAMES[k][0 if th else 1]} {v:.0f}" for k, v in s["lost_by_kind"].items())
    out.print(f"{_w('lost', lang)} ({_w('points', lang)}): {lost}")
    t = thresholds(r.game)
    out.print(_w("note", lang).format(t0=t[0], t1=t[1], t2=t[2]))


def register(app: typer.Typer) -> None:
    """Add ``samrap review`` to the Typer app."""
    app.command(name="review")(review)


__all__ = ["register", "review"]
