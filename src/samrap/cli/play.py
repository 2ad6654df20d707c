"""``samrap play``: a person in seat 0 against bots, in the terminal.

The person is a :class:`~samrap.players.base.Player` like any bot: it is shown its seat's view
(rendered by the game's ``render_view``) and the legal moves, numbered, and answers with a number,
an action text (``X Qs``), or a bare card (``Qs``: the one move of the form ``<letter> Qs``, such
as a discard). ``?`` prints help, ``!`` a hint, ``q`` quits. A mistyped move gets a one-line error; an illegal
one is sent to the rules, which say which rule it breaks, and the person is asked again.

Input is read line by line from stdin, so a whole session can be scripted (the tests do this).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import TypeVar

from rich.console import Console
from rich.text import Text

from samrap.cli.tables import ledger_table, match_table
from samrap.cli.text import say, seat_text
from samrap.core.errors import IllegalActionError, InvalidNotationError
from samrap.engine.match import GameResult, MatchObserver, MatchResult
from samrap.engine.protocol import ConfigLike, ViewLike
from samrap.engine.registry import AnyGame, GameSetup, GameSpec
from samrap.engine.rulebooks import broken_rule
from samrap.players.hint import rank_moves
from samrap.players.levels import heuristic_for

A = TypeVar("A")


def help_text(spec: GameSpec, lang: str) -> str:
    """The ``?`` help: the CLI's keys around the game's own action text (``spec.move_help``)."""
    return say("play.help", lang, moves=spec.move_help[lang], unit=spec.unit_in(lang))


class QuitMatch(Exception):
    """The person asked to stop (``q``) or their input ended."""


def colour(text: str) -> Text:
    """Red hearts and diamonds; Rich drops the colour when the output is not a terminal."""
    t = Text(text)
    t.highlight_regex(r"(?:10|[2-9JQKA])[♥♦]", "red")
    return t


def moves_text(texts: Sequence[str], width: int = 78) -> str:
    """Numbered moves in columns: `` 1) D     2) C0 7h8h9h``."""
    cells = [f"{k + 1:>3}) {t}" for k, t in enumerate(texts)]
    cell_width = max(len(c) for c in cells) + 2
    per_row = max(1, width // cell_width)
    rows = [cells[k : k + per_row] for k in range(0, len(cells), per_row)]
    return "\n".join("".join(c.ljust(cell_width) for c in row).rstrip() for row in rows)


def read_stdin_line() -> str | None:
    line = sys.stdin.readline()
    return line if line else None


@dataclass
class HumanPlayer:
    """A person at the terminal; see the module docstring for what they may type."""

    name: str
    spec: GameSpec
    game: AnyGame
    names: tuple[str, ...]
    lang: str
    out: Console
    read_line: Callable[[], str | None] = read_stdin_line
    echo: bool = False
    _last_view: object = field(default=None, repr=False)

    def choose(self, view: ViewLike, legal: Sequence[A], rng: Random) -> A:
        texts = [self.game.action_text(a) for a in legal]
        if view != self._last_view:
            self.out.print()
            self.out.print(colour(self.spec.render_view(view, self.names, self.lang)))
            self._last_view = view
        self.out.print(say("play.moves", self.lang))
        self.out.print(moves_text(texts))
        while True:
            self.out.print(say("play.prompt", self.lang), end="")
            line = self.read_line()
            if line is None:
                self.out.print()
                raise QuitMatch("end of input")
            answer = line.strip()
            if self.echo:  # input from a file or pipe: show it, so the transcript reads like a session
                self.out.print(answer)
            if not answer:
                continue
            if answer.lower() in ("q", "quit", "exit"):
                raise QuitMatch("quit")
            if answer in ("?", "h", "help"):
                self.out.print(help_text(self.spec, self.lang))
                self.out.print(moves_text(texts))
                continue
            if answer in ("!", "hint"):
                self.show_hint(view, legal, texts)
                continue
            try:
                return self.interpret(answer, legal, texts)
            except InvalidNotationError as e:
                self.out.print(say("play.not_a_move", self.lang, error=e))

    def show_hint(self, view: ViewLike, legal: Sequence[object], texts: Sequence[str], top: int = 3) -> None:
        """The heuristic's best ``top`` moves from this seat's view, each with its listed number.

        The heuristic answers at once, and its own generator is used, so asking for a hint never
        changes the bots' moves: the same seed and the same moves replay the same match.
        """
        hints = rank_moves(self.game, view, legal, heuristic_for(self.game), Random(0), None, self.lang)
        number = {t: k + 1 for k, t in enumerate(texts)}
        self.out.print(say("play.hint", self.lang))
        for h in hints[:top]:
            reason = h.reason[:1].upper() + h.reason[1:]  # a hint is an imperative: "Discard 7s: ..."
            self.out.print(f"{number[h.text]:>3}) {h.text}  {reason}")

    def interpret(self, answer: str, legal: Sequence[A], texts: Sequence[str]) -> A:
        """The action meant by ``answer``.

        Raises:
            InvalidNotationError: it is neither a listed number, nor action text, nor a card
                naming exactly one listed move (the message is in the player's language).
        """
        lang = self.lang
        if answer.isdigit():
            k = int(answer)
            if not 1 <= k <= len(legal):
                raise InvalidNotationError(say("play.no_such_move", lang, k=k, n=len(legal)))
            return legal[k - 1]
        try:
            action: A = self.game.parse_action(answer)  # the game's own action type, as legal's
            return action
        except InvalidNotationError as e:
            try:
                config = self.game.config
                card = self.spec.card_text(config, self.spec.parse_card(config, answer))
            except InvalidNotationError:
                raise InvalidNotationError(say("play.unreadable", lang, error=e, answer=answer)) from None
            hits = [a for a, t in zip(legal, texts, strict=True) if len(t.split()) == 2 and t.split()[1] == card]
            if len(hits) == 1:
                return hits[0]
            if not hits:
                raise InvalidNotationError(say("play.no_card_move", lang, card=card)) from None
            options = ", ".join(self.game.action_text(a) for a in hits)
            raise InvalidNotationError(say("play.ambiguous", lang, card=card, options=options)) from None

    def rejected(self, action: object, error: IllegalActionError) -> None:
        text = self.game.action_text(action)
        rule = broken_rule(self.game, error, self.lang)  # the rule's own words, in the player's language
        self.out.print(say("play.illegal", self.lang, action=text, error=rule, rule=error.rule))


@dataclass
class PlayObserver(MatchObserver):
    """Narrates the match for the person: other seats' moves, each game's end, ledger and scores."""

    spec: GameSpec
    game: AnyGame
    names: tuple[str, ...]
    human: int
    lang: str
    out: Console
    results: list[GameResult] = field(default_factory=list)
    _setup: GameSetup | None = None

    def game_started(self, index: int, setup: GameSetup) -> None:
        self._setup = setup
        lang = self.lang
        way = say("way.clockwise" if setup.direction > 0 else "way.counter", lang)
        unit = self.spec.unit_in(lang)
        seat = seat_text(setup.starter, self.names, lang)
        self.out.print()
        if index == 0:  # game 1's dealer was drawn at random (rules 6; Contract: the cut, 6 and 31)
            dealer = (setup.starter - setup.direction) % len(self.names)
            self.out.print(say("play.dealer", lang, seat=seat_text(dealer, self.names, lang)))
        self.out.print(
            say("play.started", lang, unit=unit, Unit=unit.capitalize(), number=index + 1, seat=seat, way=way)
        )

    def action_played(self, index: int, number: int, seat: int, text: str) -> None:
        self.out.print(colour(f"  {seat_text(seat, self.names, self.lang)}: {text}"))

    def game_finished(self, index: int, result: GameResult, totals: tuple[int, ...]) -> None:
        self.results.append(result)
        assert self._setup is not None
        final = self.spec.start_game(self.game, self._setup)
        for seat, text in result.actions:
            final = self.game.apply(final, self.game.parse_action(text), seat)
        self.out.print()
        self.out.print(colour(self.spec.render_view(self.game.observe(final, self.human), self.names, self.lang)))
        lang = self.lang
        title = say("play.ledger", lang, unit=self.spec.unit_in(lang), number=index + 1)
        self.out.print(ledger_table(self.spec, result, self.names, lang, title))
        self.out.print(match_table(self.spec, self.results, self.names, lang, say("play.match", lang)))


def partial_result(
    spec: GameSpec, config: ConfigLike, names: tuple[str, ...], seed: int, games: list[GameResult]
) -> MatchResult:
    """The match so far, when the person quit before its end (recorded as incomplete)."""
    totals = [0] * len(names)
    for g in games:
        totals = [t + s for t, s in zip(totals, g.scores, strict=True)]
    return MatchResult(
        game=spec.name,
        config=spec.config_string(config),
        players=names,
        seed=seed,
        games=tuple(games),
        totals=tuple(totals),
        winners=(),
        complete=False,
    )


def default_record_path(spec: GameSpec, seed: int, stamp: str) -> Path:
    return Path(f"samrap-{spec.name}-{stamp}-seed{seed}.json")
