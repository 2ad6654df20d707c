"""Tournaments with duplicate deals: every bot plays every deal from every seat.

A tournament names one bot per seat (``ismcts,heuristic`` for two seats). For each of ``deals``
match seeds, the line-up is played once per rotation: rotation ``r`` puts the bot of seat ``q``
into seat ``(q + r) % n``. Every rotation of a deal uses the same match seed, so the same deck
orders and the same per-seat generators (``engine.match``): luck of the deal cancels out and
the differences come from the bots (duplicate bridge's idea).

A *unit* is one match (``run_match``), cut to ``hands`` games when given: Dummy strength is
measured on single games (``hands=1``), Contract Rummy on whole seven-deal matches. A unit is a
win for the seat(s) with the best total (highest, or lowest for penalty games), split on ties.

Units are independent tasks, so they run in a process pool (``workers``) or as Ray tasks; the
results are sorted by (deal, rotation) before anything is summed, so a seed gives the same
report whatever the number of workers. Bots are built inside each task from their spec text by
a module-level factory (``make_player``), which keeps this module free of the players layer.
"""

from __future__ import annotations

import functools
import importlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from random import Random
from typing import Any, Literal

from samrap.core.rng import make_rng
from samrap.engine.match import SEED_BITS, MatchResult, run_match
from samrap.engine.protocol import AnyAgent, ConfigLike
from samrap.engine.registry import AnyGame, GameSpec, get_spec, resolve

#: ``(bot spec, game object) -> player``; must be a module-level function (it crosses processes).
PlayerFactory = Callable[[str, AnyGame], AnyAgent]

Backend = Literal["local", "ray"]


@dataclass(frozen=True, slots=True)
class Task:
    """One unit to play: deal ``deal`` under rotation ``rotation``."""

    game: str
    deal: int
    rotation: int
    seed: int
    seats: tuple[str, ...]
    hands: int | None


@dataclass(frozen=True, slots=True)
class UnitResult:
    """One played unit, with its line-up, totals, win shares and each seat's thinking time."""

    deal: int
    rotation: int
    seed: int
    seats: tuple[str, ...]
    totals: tuple[int, ...]
    wins: tuple[float, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]
    cpu: tuple[float, ...]
    iterations: tuple[int, ...]
    match: MatchResult


class _Timed:
    """Wraps a player to count its decisions, their time and (for searches) iterations."""

    def __init__(self, player: AnyAgent) -> None:
        self.player = player
        self.decisions = 0
        self.seconds = 0.0
        self.cpu = 0.0
        #: CPU time only serves iterations per CPU second, so only searches read the (system
        #: call) process clock; a random bot's decision costs less than reading it twice.
        self._cpu_clock = hasattr(player, "total_iterations")

    @property
    def name(self) -> str:
        return str(self.player.name)

    @property
    def ignores_view(self) -> bool:
        """The wrapped player's (``engine.match.needs_view``): a random bot gets no view built."""
        return bool(getattr(self.player, "ignores_view", False))

    @property
    def iterations(self) -> int:
        return int(getattr(self.player, "total_iterations", 0))

    def choose(self, view: object, legal: Sequence[object], rng: Random) -> object:
        if not self._cpu_clock:
            start = time.perf_counter()
            action = self.player.choose(view, legal, rng)
            self.seconds += time.perf_counter() - start
            self.decisions += 1
            return action
        start, cpu = time.perf_counter(), time.process_time()
        action = self.player.choose(view, legal, rng)
        self.seconds += time.perf_counter() - start
        self.cpu += time.process_time() - cpu
        self.decisions += 1
        return action

    def close(self) -> None:
        close = getattr(self.player, "close", None)
        if callable(close):
            close()


def win_shares(totals: Sequence[int], lower_is_better: bool) -> tuple[float, ...]:
    """1 for the single best total, ``1/k`` each for a ``k``-way tie, else 0."""
    best = min(totals) if lower_is_better else max(totals)
    k = sum(1 for t in totals if t == best)
    return tuple(1.0 / k if t == best else 0.0 for t in totals)


@functools.lru_cache(maxsize=8)
def _resolved(text: str) -> tuple[GameSpec, ConfigLike]:
    """``resolve(text)`` once a process: every unit of a tournament names the same game, and
    parsing its config string costs about 60 us, 6 % of a random Dummy unit (configs are frozen)."""
    return resolve(text)


def play_unit(task: Task, make_player: PlayerFactory) -> UnitResult:
    """Play one unit (in any process): build the bots, run the match, time every decision."""
    spec, config = _resolved(task.game)
    game = spec.make_game(config)
    players = [_Timed(make_player(text, game)) for text in task.seats]
    try:
        match = run_match(spec, config, players, task.seed, max_games=task.hands)
    finally:
        for p in players:
            p.close()
    return UnitResult(
        deal=task.deal,
        rotation=task.rotation,
        seed=task.seed,
        seats=task.seats,
        totals=match.totals,
        wins=win_shares(match.totals, not spec.higher_is_better),
        decisions=tuple(p.decisions for p in players),
        seconds=tuple(p.seconds for p in players),
        cpu=tuple(p.cpu for p in players),
        iterations=tuple(p.iterations for p in players),
        match=match,
    )


def make_tasks(game: str, seats: Sequence[str], deals: int, seed: int, hands: int | None) -> list[Task]:
    """Every (deal, rotation) unit of a tournament, in order."""
    n = len(seats)
    seeds = make_rng(f"samrap-tournament:{seed}")
    tasks = []
    for d in range(deals):
        match_seed = seeds.getrandbits(SEED_BITS)
        for r in range(n):
            lineup = tuple(seats[(q - r) % n] for q in range(n))
            tasks.append(Task(game, d, r, match_seed, lineup, hands))
    return tasks


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class BotStats:
    """One bot's totals over the tournament (each seat it held counts as one entry)."""

    name: str
    entries: int = 0
    wins: float = 0.0
    points: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    iterations: int = 0
    rating_mu: float | None = None
    rating_sigma: float | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.entries if self.entries else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.entries)

    @property
    def mean_points(self) -> float:
        return self.points / self.entries if self.entries else 0.0

    @property
    def mean_decision_ms(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0

    @property
    def iterations_per_second(self) -> float | None:
        """Search iterations per second of wall time spent deciding (falls when the machine is busy)."""
        return self.iterations / self.seconds if self.iterations and self.seconds else None

    @property
    def iterations_per_cpu_second(self) -> float | None:
        """Search iterations per second of CPU time of the deciding process (the machine's speed)."""
        return self.iterations / self.cpu if self.iterations and self.cpu else None

    @property
    def ordinal(self) -> float | None:
        """OpenSkill's conservative rating ``mu - 3 sigma``."""
        if self.rating_mu is None or self.rating_sigma is None:
            return None
        return self.rating_mu - 3 * self.rating_sigma

    def as_dict(self) -> dict[str, object]:
        lo, hi = self.ci
        return {
            "bot": self.name,
            "entries": self.entries,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_points": round(self.mean_points, 2),
            "mean_decision_ms": round(self.mean_decision_ms, 3),
            "iterations_per_second": None if self.iterations_per_second is None else round(self.iterations_per_second),
            "iterations_per_cpu_second": (
                None if self.iterations_per_cpu_second is None else round(self.iterations_per_cpu_second)
            ),
            "rating_mu": None if self.rating_mu is None else round(self.rating_mu, 3),
            "rating_sigma": None if self.rating_sigma is None else round(self.rating_sigma, 3),
            "ordinal": None if self.ordinal is None else round(self.ordinal, 3),
        }


@dataclass
class TournamentReport:
    """Everything a tournament found; ``units`` are sorted by (deal, rotation)."""

    game: str
    config: str
    seats: tuple[str, ...]
    deals: int
    seed: int
    hands: int | None
    units: list[UnitResult] = field(default_factory=list)
    bots: list[BotStats] = field(default_factory=list)
    wall_seconds: float = 0.0

    @property
    def games(self) -> int:
        """Games played in all units (a unit is one match, or ``hands`` games of it)."""
        return sum(len(u.match.games) for u in self.units)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time, the whole tournament (bots' thinking included)."""
        return self.games / self.wall_seconds if self.wall_seconds > 0 else 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "game": self.game,
            "config": self.config,
            "seats": list(self.seats),
            "deals": self.deals,
            "units": len(self.units),
            "hands_per_unit": self.hands,
            "seed": self.seed,
            "bots": [b.as_dict() for b in self.bots],
            "wall_seconds": round(self.wall_seconds, 2),
            "games": self.games,
            "games_per_second": round(self.games_per_second, 1),
        }


def summarise(
    game: str, seats: Sequence[str], deals: int, seed: int, hands: int | None, units: Sequence[UnitResult]
) -> TournamentReport:
    """Per-bot totals (and OpenSkill ratings when ``openskill`` is installed) from the units.

    ``game`` is the config string the units were played under.
    """
    ordered = sorted(units, key=lambda u: (u.deal, u.rotation))
    names = list(dict.fromkeys(seats))
    stats = {name: BotStats(name) for name in names}
    for u in ordered:
        for q, name in enumerate(u.seats):
            b = stats[name]
            b.entries += 1
            b.wins += u.wins[q]
            b.points += u.totals[q]
            b.decisions += u.decisions[q]
            b.seconds += u.seconds[q]
            b.cpu += u.cpu[q]
            b.iterations += u.iterations[q]
    name = resolve(game)[0].name
    _rate(stats, ordered, name)
    return TournamentReport(name, game, tuple(seats), deals, seed, hands, list(ordered), list(stats.values()))


def _rate(stats: dict[str, BotStats], units: Sequence[UnitResult], game: str) -> None:
    """OpenSkill (Plackett-Luce) ratings, one per bot, updated unit by unit in order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - the optional extra is not installed
        return
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in stats}
    lower = not get_spec(game).higher_is_better
    for u in units:
        teams = [[model.rating(mu=ratings[name].mu, sigma=ratings[name].sigma)] for name in u.seats]
        scores = [float(-t if lower else t) for t in u.totals]
        new = model.rate(teams, scores=scores)
        for name in set(u.seats):
            seats = [q for q, s in enumerate(u.seats) if s == name]
            ratings[name] = model.rating(
                mu=sum(new[q][0].mu for q in seats) / len(seats),
                sigma=sum(new[q][0].sigma for q in seats) / len(seats),
            )
    for name, r in ratings.items():
        stats[name].rating_mu = r.mu
        stats[name].rating_sigma = r.sigma


def run_units(
    tasks: Sequence[Task],
    make_player: PlayerFactory,
    *,
    workers: int = 1,
    backend: Backend = "local",
    address: str | None = None,
) -> Iterator[UnitResult]:
    """Play the tasks and yield results as they finish (in completion order; sort before summing)."""
    if backend == "ray":
        yield from _run_ray(tasks, make_player, address)
        return
    if workers <= 1:
        for t in tasks:
            yield play_unit(t, make_player)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_unit, t, make_player) for t in tasks]
        from concurrent.futures import as_completed

        for f in as_completed(futures):
            yield f.result()


def _run_ray(tasks: Sequence[Task], make_player: PlayerFactory, address: str | None) -> Iterator[UnitResult]:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError as e:
        raise RuntimeError("the ray backend needs the ray package: pip install 'samrap[tournament]' ray") from e
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(log_to_driver=False, include_dashboard=False)
        started = True
    try:
        remote = ray.remote(play_unit)
        pending = [remote.remote(t, make_player) for t in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def run_tournament(
    game: str,
    seats: Sequence[str],
    deals: int,
    seed: int,
    make_player: PlayerFactory,
    *,
    hands: int | None = None,
    workers: int = 1,
    backend: Backend = "local",
    address: str | None = None,
    on_unit: Callable[[UnitResult], None] | None = None,
) -> TournamentReport:
    """Run a whole tournament and summarise it.

    Args:
        game: a game name or config string (``dummy(players=2)``); its seat count must equal
            ``len(seats)``.
        seats: one bot spec per seat.
        deals: how many match seeds; each is played ``len(seats)`` times (one per rotation).
        seed: the tournament seed (it alone decides every deal).
        make_player: builds a bot from its spec for a game object (``players.levels.make_bot``).
        hands: cut each match to this many games (``None``: whole matches).
        workers: processes for the local backend.
        backend: ``local`` (a process pool) or ``ray``.
        address: a Ray cluster address (``ray.init(address=...)``); default a local runtime.
        on_unit: called after every finished unit (progress bars).

    Raises:
        ValueError: the number of seats does not match the game, or ``deals`` < 1.
    """
    spec, config = resolve(game)
    n = spec.make_game(config).players
    if len(seats) != n:
        raise ValueError(f"{spec.config_string(config)} has {n} seats, {len(seats)} bots given")
    if deals < 1:
        raise ValueError("a tournament needs at least one deal")
    start = time.perf_counter()
    tasks = make_tasks(spec.config_string(config), seats, deals, seed, hands)
    units = []
    for u in run_units(tasks, make_player, workers=workers, backend=backend, address=address):
        units.append(u)
        if on_unit is not None:
            on_unit(u)
    report = summarise(spec.config_string(config), seats, deals, seed, hands, units)
    report.wall_seconds = time.perf_counter() - start
    return report
