"""``samrap learn dummy|contract --puzzles``: the mined puzzles (โจทย์) in the terminal.

Each puzzle shows the seat's view as ``samrap play`` shows it and asks for the best move, typed as
in ``samrap play``: the number ``?`` lists it under, the action text (``X Ks``, ``C0 7h8h9h``) or a
card naming exactly one listed move. An illegal move is explained (the broken rule) and asked
again; the first legal move is judged by position (:func:`samrap.learn.puzzles.judge`), the answer
and its explanation are shown, and the solver's and the puzzle's Elo ratings are updated in the
progress file (``--progress``; by default ``~/.samrap/learn.json``). ``--today`` asks the puzzle
of the day, ``--puzzle ID`` one puzzle; otherwise puzzles come one after another, each the
untried one nearest the solver's rating, until ``q``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from samrap.cli import common
from samrap.cli.common import fail
from samrap.cli.text import say
from samrap.core.errors import InvalidNotationError
from samrap.engine.registry import get_spec

if TYPE_CHECKING:
    from rich.console import Console

    from samrap.engine.registry import AnyGame
    from samrap.learn.progress import Progress
    from samrap.learn.puzzles import Puzzle


def run_puzzles(game: str, lang: str, prog: Progress, today: bool, puzzle_id: str | None) -> None:
    """Ask puzzles of ``game`` until the solver quits (one only with ``today`` or ``puzzle_id``)."""
    from samrap.learn.puzzles import START_RATING, PuzzleError, find_puzzle, next_puzzle, of_the_day

    out = common.stdout()
    one: Puzzle | None = None
    try:
        if puzzle_id is not None:
            one = find_puzzle(game, puzzle_id)
        elif today:
            one = of_the_day(game)
    except PuzzleError:
        fail(say("puzzle.no_such", lang, puzzle=puzzle_id, game=game), lang=lang)
    while True:
        rating = prog.solver_rating(game, START_RATING)
        puzzle = one or next_puzzle(game, rating, list(prog.tried(game)), prog.puzzle_ratings(game))
        if not _ask(out, puzzle, prog, lang, today and one is not None):
            out.print(say("puzzle.bye", lang))
            return
        if one is not None:
            return


def _ask(out: Console, puzzle: Puzzle, prog: Progress, lang: str, daily: bool) -> bool:
    """One puzzle: show, ask until a legal move, judge, rate. False when the solver quits."""
    from samrap.cli.play import HumanPlayer
    from samrap.learn.puzzles import START_RATING, elo, judge

    game, state = puzzle.position()
    spec = get_spec(game.name)
    view = game.observe(state, puzzle.seat)
    names = [
        say("puzzle.you", lang) if q == puzzle.seat else say("puzzle.player", lang, n=q + 1)
        for q in range(game.players)
    ]
    solver = prog.solver_rating(game.name, START_RATING)
    rating = prog.puzzle_ratings(game.name).get(puzzle.id, float(puzzle.rating))
    out.print()
    head = "puzzle.today" if daily else "puzzle.header"
    out.print(say(head, lang, id=puzzle.id, theme=puzzle.theme_words(lang), rating=round(rating), you=round(solver)))
    out.print(spec.render_view(view, names, lang))
    out.print(say("puzzle.question", lang))
    legal = list(game.legal_moves(state))
    texts = [game.action_text(a) for a in legal]
    reader = HumanPlayer(say("puzzle.you", lang), spec, game, tuple(names), lang, out)
    while True:
        try:
            line = input(say("puzzle.prompt", lang))
        except EOFError:
            return False
        answer = line.strip()
        if not answer:
            continue
        if answer.lower() in ("q", "quit", "exit"):
            return False
        if answer == "?":
            out.print(_numbered(game, view, legal, lang))
            continue
        try:
            action = reader.interpret(answer, legal, texts)
        except InvalidNotationError as e:
            out.print(say("play.not_a_move", lang, error=e))
            continue
        verdict = judge(puzzle, game.action_text(action))
        out.print(verdict.get(lang))
        if verdict.kind == "illegal":
            continue
        out.print(puzzle.answer(lang))
        first = puzzle.id not in prog.tried(game.name)
        if first:
            new_solver, new_puzzle = elo(solver, rating, verdict.ok)
            prog.rate(game.name, puzzle.id, verdict.ok, new_solver, new_puzzle)
            out.print(say("puzzle.rating", lang, old=round(solver), new=round(new_solver)))
        else:
            out.print(say("puzzle.tried_before", lang))
        return True


def _numbered(game: AnyGame, view: object, legal: Sequence[object], lang: str) -> str:
    """The legal moves numbered as ``samrap play`` numbers them, each with its text and its words."""
    from samrap.players.words import describe

    return "\n".join(f"{k + 1:>3}) {game.action_text(a)}  {describe(game, view, a, lang)}" for k, a in enumerate(legal))
