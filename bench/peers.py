"""Peer engines for the random-playout benchmark.

Each function here plays complete games of Gin Rummy in a third-party engine,
choosing uniformly at random among the *legal* actions with an explicitly
seeded :class:`random.Random`, until a time budget or a game count is reached.
The result is a :class:`PlayoutResult` comparable with samrap's own playouts.

The peers are optional: ``pyspiel`` (pip ``open-spiel``) and ``rlcard`` are
imported inside the functions, so this module imports without them, and a
missing peer raises ``RuntimeError`` telling how to install the bench extra.

Budgets: a run stops as soon as ``seconds`` have elapsed *or* ``max_games``
games are finished, whichever comes first; the clock is checked between games,
so only whole games are counted and a run may overshoot ``seconds`` by one
game (and always plays at least one). For an exact number of games, pass
``seconds=math.inf, max_games=N``: the trajectories are then fully determined
by ``seed``.

What is timed: only the playout loop (creating each game's initial state,
listing legal actions, choosing, applying). Importing the peer and building
the game/environment object happen once, before the clock starts.

Actions are counted as each engine defines them, so ``actions_per_s`` is only
loosely comparable across engines (OpenSpiel counts every dealt/drawn card as
a chance action and has a meld-laying phase; RLCard deals inside its reset and
ends each hand with two bookkeeping score actions). ``games_per_s`` is the
fairer cross-engine figure.

Run ``python -m bench.peers`` (or ``python bench/peers.py``) to measure both.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_INSTALL_HINT = "install the bench extra: pip install -e '.[bench]'"


@dataclass(frozen=True)
class PlayoutResult:
    """Throughput of one engine's random playouts."""

    name: str
    games: int
    actions: int
    seconds: float
    #: Player decisions among ``actions`` (OpenSpiel also counts chance actions); None: all of them.
    decisions: int | None = None

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_s(self) -> float:
        n = self.actions if self.decisions is None else self.decisions
        return n / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def _check_budget(seconds: float, max_games: int | None) -> None:
    if math.isnan(seconds) or seconds < 0:
        raise ValueError(f"seconds must be >= 0, got {seconds!r}")
    if max_games is not None and max_games < 1:
        raise ValueError(f"max_games must be >= 1, got {max_games!r}")
    if math.isinf(seconds) and max_games is None:
        raise ValueError("an infinite time budget needs max_games")


def _import_pyspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:
        raise RuntimeError(_INSTALL_HINT) from exc
    return pyspiel


def _import_rlcard() -> Any:
    try:
        import rlcard  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as exc:
        raise RuntimeError(_INSTALL_HINT) from exc
    return rlcard


def openspiel_gin_rummy(seconds: float, seed: int, *, max_games: int | None = None) -> PlayoutResult:
    """Random playouts of OpenSpiel's ``gin_rummy`` (C++ engine via pyspiel).

    At chance nodes (the deal and every draw from the stock) an outcome is
    drawn from ``state.chance_outcomes()`` by its probability; at decision
    nodes a legal action is drawn uniformly. Every applied action, chance or
    player, is counted.
    """
    _check_budget(seconds, max_games)
    pyspiel = _import_pyspiel()
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    choice = rng.choice
    choices = rng.choices

    games = 0
    actions = 0
    decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                action = choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
            actions += 1
        games += 1
        if (max_games is not None and games >= max_games) or (time.process_time() >= deadline):
            break
    elapsed = time.process_time() - start
    return PlayoutResult("open_spiel/gin_rummy", games, actions, elapsed, decisions)


def rlcard_gin_rummy(
    seconds: float,
    seed: int,
    *,
    max_games: int | None = None,
    via_env: bool = False,
) -> PlayoutResult:
    """Random playouts of RLCard's ``gin-rummy`` (pure Python engine).

    The environment is made with ``rlcard.make('gin-rummy',
    config={'seed': seed})``; that seed drives RLCard's own numpy RNG (the
    shuffle and the choice of dealer), while a ``random.Random(seed)`` picks
    the actions.

    By default (``via_env=False``) this drives ``env.game`` directly:
    ``game.init_game()``, then ``rng.choice(game.judge.get_legal_actions())``
    and ``game.step(action)`` until ``game.is_over()``. That is the fair
    "engine only" comparison: it runs exactly the rules code that
    ``env.step`` runs (``Env.step`` just decodes the id and calls
    ``game.step``), but skips the RL wrapper's per-step observation work
    (``GinRummyEnv._extract_state`` builds a 5x52 numpy array and computes the
    legal actions twice, on every step). ``game.step`` itself still builds
    RLCard's raw state dict each step; that is part of the engine and cannot
    be switched off.

    With ``via_env=True`` it instead plays through the public env API
    (``env.reset()``, ``rng.choice(list(state['legal_actions']))``,
    ``env.step(action)``, ``env.is_over()``), which is what an RLCard user
    would measure; use it to see the wrapper's overhead.

    Counted actions include RLCard's two closing score actions per hand (the
    deal happens inside ``init_game`` and is not counted). Both paths play
    the same trajectories for the same seed (the env lists legal action ids
    in the judge's order), so they differ only in overhead.
    """
    _check_budget(seconds, max_games)
    rlcard = _import_rlcard()
    env = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    choice = rng.choice

    games = 0
    actions = 0
    start = time.process_time()
    deadline = start + seconds
    if via_env:
        name = "rlcard/gin-rummy[env]"
        while True:
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(choice(list(state["legal_actions"])))
                actions += 1
            games += 1
            if (max_games is not None and games >= max_games) or (time.process_time() >= deadline):
                break
    else:
        name = "rlcard/gin-rummy"
        game = env.game
        get_legal_actions = game.judge.get_legal_actions
        while True:
            game.init_game()
            while not game.is_over():
                game.step(choice(get_legal_actions()))
                actions += 1
            games += 1
            if (max_games is not None and games >= max_games) or (time.process_time() >= deadline):
                break
    elapsed = time.process_time() - start
    return PlayoutResult(name, games, actions, elapsed)


def _main() -> None:
    budget = 3.0
    seed = 0
    runs: tuple[Callable[[], PlayoutResult], ...] = (
        lambda: openspiel_gin_rummy(budget, seed),
        lambda: rlcard_gin_rummy(budget, seed),
        lambda: rlcard_gin_rummy(budget, seed, via_env=True),
    )
    for run in runs:
        result = run()
        print(
            f"{result.name:<24} {result.games:>7} games {result.actions:>9} actions"
            f" in {result.seconds:6.2f} s: {result.actions_per_s:>11,.0f} actions/s"
            f" {result.games_per_s:>9,.1f} games/s"
        )


if __name__ == "__main__":
    _main()
