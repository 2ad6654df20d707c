"""``samrap simulate``: many seeded games between bots (random by default), and what happened in them.

Each game is dealt as the first game of its own seeded match (``engine.match.single_games``): a
seeded random starter, clockwise, zero scores; the seats keep their generators from game to game.
The summary counts outcomes from the ledgers with the
game's ``StatDef`` list (for Dummy: knocks, dark knocks, โง่, ตกตึก, stock-outs), so the same seed
gives the same summary; only the wall time differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len

from samrap.cli.text import say
from samrap.engine.match import MatchResult
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
    stats: dict[str, int] = field(default_factory=dict)
    score_sums: list[int] = field(default_factory=list)
    #: Each stat's count for a ledger whose items with a stat's code are these (a stat counts
    #: those alone), so that a game costs one pass and a lookup, not a pass for every stat; the
    #: keys are few (for Dummy: which knock, โง่, who fell), whatever the other items.
    _counts: dict[tuple[str, ...], tuple[int, ...]] = field(default_factory=dict, init=False, repr=False)
    _codes: frozenset[str] = field(default=frozenset(), init=False, repr=False)

    def __post_init__(self) -> None:
        self._codes = frozenset().union(*(stat.codes for stat in self.spec.stats))

    def add(self, result: MatchResult) -> None:
        if not self.score_sums:
            self.score_sums = [0] * self.players
        stats = self.spec.stats
        for g in result.games:
            self.games += 1
            self.actions += len(g.actions)
            relevant = self._codes
            codes = tuple(code for item in g.ledger if (code := item.code) in relevant)
            counts = self._counts.get(codes)
            if counts is None:
                counts = self._counts[codes] = tuple(stat.count(g.ledger) for stat in stats)
            for stat, c in zip(stats, counts, strict=True):
                self.stats[stat.key] = self.stats.get(stat.key, 0) + c
            self.score_sums = [t + s for t, s in zip(self.score_sums, g.scores, strict=True)]

    @property
    def averages(self) -> list[float]:
        return [round(s / self.games, 2) if self.games else 0.0 for s in self.score_sums or [0] * self.players]

    def as_dict(self, wall_time: float) -> dict[str, object]:
        return {
            "game": self.spec.name,
            "config": self.config,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "actions": self.actions,
            **{stat.key: self.stats.get(stat.key, 0) for stat in self.spec.stats},
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
        for stat in self.spec.stats:
            rows.append(
                (say("simulate.stat", lang, english=stat.english, thai=stat.thai), str(self.stats.get(stat.key, 0)))
            )
        averages = "  ".join(say("simulate.seat_average", lang, seat=q, average=a) for q, a in enumerate(self.averages))
        rows.append((say("simulate.average", lang), averages))
        rows.append((say("simulate.wall", lang), say("simulate.seconds", lang, seconds=wall_time)))
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
