"""``samrap simulate``: many seeded games between bots (random by default), and what happened in them.

Each game is dealt as the first game of its own seeded match (``engine.match.single_games``): a
seeded random starter, clockwise, zero scores; the seats keep their generators from game to game.
The summary counts outcomes from the ledgers with the
game's ``StatDef`` list (for Dummy: knocks, dark knocks, โง่, ตกตึก, stock-outs), so the same seed
gives the same summary; only the wall time differs.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import add
from pathlib import Path

from samrap.cli import common
from samrap.cli.common import check_lang, check_seed, fail, game_config
from samrap.cli.lineup import bots_problem, close_all, line_up, seat_specs
from samrap.cli.text import say
from samrap.engine.ledger import ledger_items
from samrap.engine.match import MatchResult, single_games
from samrap.engine.registry import GameSpec


@dataclass
class Summary:
    """Running totals over simulated games."""

    spec: GameSpec
    config: str
    players: int
    seed: int
    #: The bot spec in each seat (``--bots`` as given, one per seat), named in the summary.
    bots: tuple[str, ...] = ()
    games: int = 0
    actions: int = 0
    score_sums: list[int] = field(default_factory=list)
    #: Each stat's count for a ledger whose items with a stat's code are these (a stat counts
    #: those alone), so that a game costs one pass and a lookup, not a pass for every stat; the
    #: keys are few (for Dummy: which knock, โง่, who fell), whatever the other items.
    _counts: dict[tuple[str, ...], tuple[int, ...]] = field(default_factory=dict, init=False, repr=False)
    #: How many games had each key of ``_counts``: the stats are summed from these when read,
    #: not stat by stat at every game.
    _games_by_key: dict[tuple[str, ...], int] = field(default_factory=dict, init=False, repr=False)
    _codes: frozenset[str] = field(default=frozenset(), init=False, repr=False)

    def __post_init__(self) -> None:
        self._codes = frozenset().union(*(stat.codes for stat in self.spec.stats))

    def add(self, result: MatchResult) -> None:
        if not self.score_sums:
            self.score_sums = [0] * self.players
        stats = self.spec.stats
        relevant, by_key = self._codes, self._games_by_key
        for g in result.games:
            self.games += 1
            self.actions += len(g.actions)
            items = ledger_items(g.ledger)  # the game's own items: no ledger lines made
            codes = tuple([code for item in items if (code := item.code) in relevant])  # a list: faster
            seen = by_key.get(codes)
            if seen is None:
                self._counts[codes] = tuple(stat.count(items) for stat in stats)
                seen = 0
            by_key[codes] = seen + 1
            self.score_sums = list(map(add, self.score_sums, g.scores))  # one score a seat

    @property
    def stats(self) -> dict[str, int]:
        """Each stat's total over the games added: its count for each key times that key's games."""
        totals = dict.fromkeys((stat.key for stat in self.spec.stats), 0)
        for codes, games in self._games_by_key.items():
            for stat, c in zip(self.spec.stats, self._counts[codes], strict=True):
                totals[stat.key] += c * games
        return totals

    @property
    def averages(self) -> list[float]:
        return [round(s / self.games, 2) if self.games else 0.0 for s in self.score_sums or [0] * self.players]

    def as_dict(self, wall_time: float) -> dict[str, object]:
        stats = self.stats
        return {
            "game": self.spec.name,
            "config": self.config,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "actions": self.actions,
            **{stat.key: stats.get(stat.key, 0) for stat in self.spec.stats},
            "average_scores": self.averages,
            "wall_time_s": round(wall_time, 3),
        }

    def lines(self, wall_time: float, lang: str = "en") -> Sequence[str]:
        """The summary for people, in ``lang``: a head line, then one aligned row per count.

        Rows are padded by terminal cells, not characters, so Thai labels (whose vowel and tone
        marks take no cell) line up too.
        """
        per_game = self.actions / self.games if self.games else 0.0
        unit = self.spec.unit_in(lang)
        rows = [
            (say("simulate.games", lang, unit=unit), str(self.games)),
            (
                say("simulate.actions", lang),
                say("simulate.actions_value", lang, actions=self.actions, per=per_game, unit=unit),
            ),
        ]
        stats = self.stats
        for stat in self.spec.stats:
            rows.append((say("simulate.stat", lang, english=stat.english, thai=stat.thai), str(stats.get(stat.key, 0))))
        averages = "  ".join(say("simulate.seat_average", lang, seat=q, average=a) for q, a in enumerate(self.averages))
        rows.append((say("simulate.average", lang), averages))
        rows.append((say("simulate.wall", lang), say("simulate.seconds", lang, seconds=wall_time)))
        from rich.cells import cell_len  # here: ``--json`` prints without Rich

        width = max(cell_len(k) for k, _ in rows)
        head = say(
            "simulate.head",
            lang,
            title=self.spec.title_in(lang),
            config=self.config,
            seed=self.seed,
            players=self.players,
            lineup=self.lineup(lang),
        )
        return [head, *(f"  {k}{' ' * (width - cell_len(k))}  {v}" for k, v in rows)]

    def lineup(self, lang: str = "en") -> str:
        """``4 x random`` when one bot fills every seat, else each seat's bot: ``s0 heuristic, s1 random``."""
        if not self.bots:
            return "?"
        if len(set(self.bots)) == 1:
            return say("simulate.all_seats", lang, players=self.players, bot=self.bots[0])
        return ", ".join(say("simulate.seat_bot", lang, seat=q, bot=b) for q, b in enumerate(self.bots))


def run_simulate(
    game: str = "dummy",
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    preset: str | None = None,
    config: str | None = None,
    record: Path | None = None,
    as_json: bool = False,
    bots: str = "random",
    lang: str | None = None,
) -> None:
    """``samrap simulate``'s body, its parameters as parsed (by Typer, or by :func:`parse_simulate`)."""
    lang = check_lang(lang)
    spec, cfg = game_config(game, preset, config, players, lang)
    check_seed(seed, lang)
    if games < 1:
        fail(say("error.at_least", lang, option="--games", low=1), lang=lang)
    if record is not None:
        common.make_folder(record, lang)
    game_obj = spec.make_game(cfg)
    n = game_obj.players
    try:
        seats = line_up(bots, n, game_obj)
    except ValueError as e:
        fail(bots_problem(bots, n, e, lang), lang=lang)
    summary = Summary(spec, spec.config_string(cfg), n, seed, tuple(seat_specs(bots, n)))
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        stack.callback(close_all, seats)
        advance: Callable[[], None] | None = None
        err = None if as_json else common.stderr()
        if err is not None and err.is_terminal:  # Rich's progress bar, and its import, only on a terminal
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            columns = (TextColumn(say("simulate.progress", lang)), BarColumn(), MofNCompleteColumn())
            progress = stack.enter_context(Progress(*columns, TimeElapsedColumn(), console=err, transient=True))
            task = progress.add_task("games", total=games)
            advance = functools.partial(progress.advance, task)
        results = single_games(spec, cfg, seats, seed, games)
        if record is None and advance is None:  # the plain loop: what the summary needs, nothing more
            for result in results:
                summary.add(result)
        else:
            from samrap.engine.record import make_record, write_record

            for k, result in enumerate(results, 1):
                summary.add(result)
                if record is not None:
                    write_record(record / f"game-{k:05d}.json", make_record(result))
                if advance is not None:
                    advance()
    wall = time.perf_counter() - start
    if as_json:  # verbatim: Rich's console would turn a ``:smile:`` in a bot spec into an emoji
        print(json.dumps(summary.as_dict(wall), ensure_ascii=False))
    else:
        out = common.stdout()
        for line in summary.lines(wall, lang):
            out.print(line)


#: ``samrap simulate``'s options as typed: each name, its parameter and its kind (a flag, a
#: number, a path or a word). Typer's parser (``cli/app.py``) declares the same ones.
_OPTIONS: dict[str, tuple[str, type]] = {
    "--players": ("players", int),
    "-n": ("players", int),
    "--games": ("games", int),
    "-g": ("games", int),
    "--seed": ("seed", int),
    "-s": ("seed", int),
    "--preset": ("preset", str),
    "-p": ("preset", str),
    "--config": ("config", str),
    "-c": ("config", str),
    "--record": ("record", Path),
    "-r": ("record", Path),
    "--json": ("as_json", bool),
    "--bots": ("bots", str),
    "-b": ("bots", str),
    "--lang": ("lang", str),
}
#: A number as Typer reads it the same whatever its version: digits, no sign, no leading zero.
_NUMBER = re.compile(r"0|[1-9][0-9]{0,15}")


def parse_simulate(words: Sequence[str]) -> dict[str, object] | None:
    """The parameters of ``samrap simulate <words>`` as Typer passes them to :func:`run_simulate`,
    for the plain form alone: at most one game word, each option once, as ``--name value``,
    ``--name=value`` or ``-x value``, with a non-empty value not starting with ``-``, numbers as
    plain digits. Anything else (``--help``, a typo, a repeated option, a bad number, an extra
    word) gives ``None``, and Typer parses the words, with its own help and errors.

    This lets ``samrap simulate`` run without Typer building its parser, whose parameter
    coercion imports pydantic: about 470 M instructions of a 1,340 M start-up
    (docs/performance.md, issue 28.6). ``tests/cli/test_simulate_args.py`` checks the two
    parsers agree.
    """
    values: dict[str, object] = {}
    at = 0
    while at < len(words):
        word = words[at]
        at += 1
        if not word.startswith("-"):
            if "game" in values or not word:
                return None
            values["game"] = word
            continue
        name, eq, value = word.partition("=")
        known = _OPTIONS.get(name)
        if known is None or known[0] in values:
            return None
        key, kind = known
        if kind is bool:
            if eq:
                return None
            values[key] = True
            continue
        if eq:
            if not name.startswith("--"):
                return None
        elif at < len(words):
            value = words[at]
            at += 1
        else:
            return None
        if not value or value.startswith("-"):
            return None
        if kind is int:
            if not _NUMBER.fullmatch(value):
                return None
            values[key] = int(value)
        else:
            values[key] = Path(value) if kind is Path else value
    return values
