"""``samrap learn dummy|contract [--lang th]``: the lessons in the terminal, one position at a time.

Registered on the Typer app by :func:`register`. Each lesson shows its idea, the seat's view
(the game's own text rendering) and a question; the learner types the move in the usual action
text (``X Ks``, ``C0 7h8h9h``, ``G 7c7d7h KcKdKs``) or the number ``?`` lists it under (the
numbering of ``samrap play``). A wrong move is explained, naming the rule, and asked again;
``q`` stops. Finished lessons are remembered in a
file (``--progress``; by default ``~/.samrap/learn.json``), and the next run starts with the first
lesson not yet done (``--lesson ID`` picks one, ``--list`` shows the course).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from samrap.cli import common
from samrap.cli.common import check_lang, fail
from samrap.cli.helptext import LangOpt
from samrap.cli.text import say
from samrap.engine.registry import get_spec

if TYPE_CHECKING:
    from samrap.learn.lessons import LessonRun

# The heavy modules are imported in the command's body, so that other commands' processes
# (``samrap simulate`` above all) do not pay for them (issue 28.6).

_W = {
    "lesson": ("บทเรียนที่ {k} จาก {n}: {title}", "Lesson {k} of {n}: {title}"),
    "ask": (
        "การเดินของคุณ (เลขหรือข้อความการเดิน, ? ดูการเดินที่ทำได้, q ออก)",
        "Your move (number or move text, ? legal moves, q quit)",
    ),
    "no_such": ("ไม่มีการเดินหมายเลข {k} (มี 1 ถึง {n})", "There is no move {k} (1 to {n})."),
    "legal": ("เดินได้", "Legal moves"),
    "done": ("จบบทเรียน", "Lesson finished"),
    "all": ("คุณเรียนครบทุกบทแล้ว", "You have finished every lesson of this course."),
    "bye": ("บันทึกความคืบหน้าไว้แล้ว", "Progress saved."),
    "you": ("คุณ", "you"),
    "mark": ("เสร็จแล้ว", "done"),
    "todo": ("ยังไม่ได้เรียน", "to do"),
}


def _w(key: str, lang: str) -> str:
    return _W[key][0 if lang == "th" else 1]


def learn(
    game: Annotated[str, typer.Argument(help="The course: dummy or contract.")] = "dummy",
    lang: LangOpt = None,
    lesson: Annotated[str | None, typer.Option("--lesson", help="Start with this lesson (its id, see --list).")] = None,
    progress: Annotated[
        Path | None, typer.Option("--progress", help="Progress file (default ~/.samrap/learn.json).")
    ] = None,
    show: Annotated[bool, typer.Option("--list", help="List the course and what is done, then stop.")] = False,
    puzzles: Annotated[
        bool, typer.Option("--puzzles", help="Puzzles: positions of real games where one move is clearly best, rated.")
    ] = False,
    today: Annotated[bool, typer.Option("--today", help="The puzzle of the day (the same for everyone).")] = False,
    puzzle: Annotated[str | None, typer.Option("--puzzle", help="Try this puzzle (its id).")] = None,
) -> None:
    """Learn to play: short lessons that each ask you to find the move."""
    from samrap.learn.lessons import COURSES, LessonError, LessonRun, course, find_lesson, rules_words
    from samrap.learn.progress import Progress

    lang = check_lang(lang)
    if game not in COURSES:
        fail(say("learn.no_course", lang, game=game, courses=", ".join(COURSES)), lang=lang)
    prog = Progress.load(progress)
    if puzzles or today or puzzle is not None:
        from samrap.cli.puzzles import run_puzzles

        if today and puzzle is not None:
            fail(say("puzzle.both", lang), lang=lang)
        run_puzzles(game, lang, prog, today, puzzle)
        return
    lessons = course(game)
    out = common.stdout()
    if show:
        for k, les in enumerate(lessons):
            mark = _w("mark", lang) if prog.is_done(game, les.id) else _w("todo", lang)
            out.print(f"{k + 1}. {les.title.get(lang)}  [{les.id}]  {mark}  ({rules_words(les.rules(), lang)})")
        return
    if lesson is not None:
        try:
            start = lessons.index(find_lesson(game, lesson))
        except LessonError as e:
            fail(say("learn.no_lesson", lang, lesson=lesson, game=game, error=e), lang=lang)
    else:
        start = next((k for k, les in enumerate(lessons) if not prog.is_done(game, les.id)), len(lessons))
        if start == len(lessons):
            out.print(_w("all", lang))
            return
    spec = get_spec(game)
    for k in range(start, len(lessons)):
        les = lessons[k]
        run = LessonRun(les)
        out.print()
        out.print(_w("lesson", lang).format(k=k + 1, n=len(lessons), title=les.title.get(lang)))
        out.print(les.intro.get(lang))
        if not _play(out, spec, run, lang):
            out.print(_w("bye", lang))
            return
        prog.finish(game, les.id, run.mistakes)
        out.print(f"{_w('done', lang)}: {les.title.get(lang)}")
    out.print(_w("all", lang))


def _play(out: Any, spec: Any, run: LessonRun, lang: str) -> bool:
    """Ask each step until it is answered right; False when the learner quits."""
    from samrap.learn.lessons import BOT_LEVEL
    from samrap.players.levels import level_names

    seats = range(run.game.players)
    people = level_names([None if q == run.lesson.learner else BOT_LEVEL for q in seats], lang)
    names = [person or _w("you", lang) for person in people]  # the bots as the web's learn page names them
    while not run.done:
        out.print()
        out.print(spec.render_view(run.view(), names, lang))
        out.print(run.current.prompt.get(lang))
        while True:
            try:
                text = input(f"{_w('ask', lang)}: ").strip()
            except EOFError:
                return False
            if text.lower() in ("q", "quit"):
                return False
            legal = run.game.legal_moves(run.state)
            if text == "?":
                out.print(f"{_w('legal', lang)}:")
                out.print(numbered(run, legal, lang))
                continue
            if not text:
                continue
            if text.isdigit():  # the numbers ``samrap play`` lists and accepts, here listed by ``?``
                k = int(text)
                if not 1 <= k <= len(legal):
                    out.print(_w("no_such", lang).format(k=k, n=len(legal)))
                    continue
                text = run.game.action_text(legal[k - 1])
            fb = run.try_move(text)
            out.print(fb.message.get(lang))
            if fb.ok:
                break
    return True


def numbered(run: LessonRun, legal: Any, lang: str) -> str:
    """The legal moves numbered as ``samrap play`` numbers them, each with its text and its words."""
    from samrap.players.words import describe

    view = run.view()
    return "\n".join(
        f"{k + 1:>3}) {run.game.action_text(a)}  {describe(run.game, view, a, lang)}" for k, a in enumerate(legal)
    )


def register(app: typer.Typer) -> None:
    """Add ``samrap learn`` to the Typer app."""
    app.command(name="learn")(learn)
