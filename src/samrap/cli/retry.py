"""``samrap review RECORD --seat N --retry``: ลองใหม่ in the terminal, each flagged position asked again.

After the review table, every decision labelled a mistake or a blunder is shown again from the
seat's view only (:mod:`samrap.learn.retry`; the game's own text rendering, as ``samrap learn``
shows a lesson) and the player is asked for a better move before the answer is shown: the move
text or its number (``?`` lists the legal moves), ``a`` shows the answer and goes on, ``q`` stops.
A move the review would call good is right (:meth:`RetryPosition.judge`). Positions found are kept
in the learning progress file (``--progress``; by default ``~/.samrap/learn.json``), so the next
``--retry`` of the same record and seat starts with the ones not yet found.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from samrap.cli.text import people_names, record_people
from samrap.engine.record import Record
from samrap.engine.registry import get_spec
from samrap.learn.progress import Progress
from samrap.learn.retry import RetryPosition, pending, record_key, retry_positions
from samrap.players.review import LABEL_NAMES
from samrap.players.words import describe

_W = {
    "none": ("ไม่มีตำแหน่งที่พลาดให้ลองใหม่ในเกมนี้", "No mistakes to try again in this game."),
    "head": (
        "ลองใหม่ {k} จาก {n} ({label}, เกมที่ {game} การเดินที่ {move}): หาการเดินที่ดีกว่า",
        "Try again {k} of {n} ({label}, game {game}, move {move}): find a better move",
    ),
    "ask": (
        "การเดินของคุณ (เลขหรือข้อความการเดิน, ? ดูการเดินที่ทำได้, a ดูคำตอบ, q ออก)",
        "Your move (number or move text, ? legal moves, a answer, q quit)",
    ),
    "no_such": ("ไม่มีการเดินหมายเลข {k} (มี 1 ถึง {n})", "There is no move {k} (1 to {n})."),
    "legal": ("เดินได้", "Legal moves"),
    "found": ("พบแล้ว {k} จาก {n} ตำแหน่ง", "Found {k} of {n} positions."),
    "bye": ("บันทึกความคืบหน้าไว้แล้ว", "Progress saved."),
    "you": ("คุณ", "you"),
}


def _w(key: str, lang: str) -> str:
    return _W[key][0 if lang == "th" else 1]


def numbered(p: RetryPosition, lang: str) -> str:
    """The legal moves numbered as ``samrap play`` numbers them, each with its words."""
    return "\n".join(
        f"{k + 1:>3}) {p.game.action_text(a)}  {describe(p.game, p.view, a, lang)}" for k, a in enumerate(p.legal)
    )


def retry_loop(
    out: Any,
    record: Record,
    record_text: str,
    seat: int,
    review: dict[str, Any],
    lang: str,
    progress_file: Path | None = None,
    seed: int = 0,
) -> None:
    """Ask each flagged position not yet found; stop on ``q`` or end of input (progress is kept)."""
    positions = retry_positions(record, seat, review)
    if not positions:
        out.print(_w("none", lang))
        return
    prog = Progress.load(progress_file)
    key = record_key(record_text, seat)
    spec = get_spec(record.match.game)
    # the bots as the table and the web name them
    shown = people_names(record.match.players, lang, record_people(record.metadata))
    names = [_w("you", lang) if q == seat else name for q, name in enumerate(shown)]
    todo = pending(positions, prog.found(key))
    for p in todo:
        out.print()
        label = LABEL_NAMES[p.label][0 if lang == "th" else 1]
        k = positions.index(p) + 1
        out.print(_w("head", lang).format(k=k, n=len(positions), label=label, game=p.game_index + 1, move=p.number + 1))
        out.print(spec.render_view(p.view, names, lang))
        how = _ask(out, p, lang, seed)
        if how == "quit":
            out.print(_w("bye", lang))
            return
        if how == "found":
            prog.find(key, p.key)
        out.print(p.answer(lang))
    out.print(_w("found", lang).format(k=len(set(prog.found(key))), n=len(positions)))


def _ask(out: Any, p: RetryPosition, lang: str, seed: int) -> str:
    """Ask until a right move (``found``), ``a`` (``answer``: shown, not found) or ``q``/end of input (``quit``)."""
    while True:
        try:
            text = input(f"{_w('ask', lang)}: ").strip()
        except EOFError:
            return "quit"
        if text.lower() in ("q", "quit"):
            return "quit"
        if not text:
            continue
        if text == "?":
            out.print(f"{_w('legal', lang)}:")
            out.print(numbered(p, lang))
            continue
        if text.lower() == "a":
            return "answer"
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(p.legal):
                out.print(_w("no_such", lang).format(k=k, n=len(p.legal)))
                continue
            text = p.game.action_text(p.legal[k - 1])
        verdict = p.judge(text, seed)
        out.print(verdict.get(lang))
        if verdict.ok:
            return "found"
