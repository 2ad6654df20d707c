"""A focused information-set search: branch only where the heuristic is unsure, follow it elsewhere.

Plain ISMCTS spreads a small budget over every legal move and cuts long playouts short with a
rough evaluation; in Contract Rummy that made it weaker than the heuristic it plays out with.
This search is the depth-one case of ISMCTS (a flat Monte Carlo search over determinizations,
the "rollout" improvement of a base policy), made careful in three ways:

1. **Only the decisions that matter branch.** A ``candidates(view, legal)`` function (the game's
   heuristic) returns the few moves worth comparing, the heuristic's own move first: take the
   discard or draw, which card to throw, go down now (and with which melds) or wait. When it
   returns one move (a lay-off, a forced move), that move is played with no search at all.
2. **Whole playouts, common random numbers.** Each iteration draws one determinization
   (``game.resample(view, rng)``, the unseen cards dealt at random, nothing peeked) and plays
   *every* candidate from it to the end of the game with the heuristic for all seats, so the
   candidates are compared on the same hidden cards and the luck of the draw cancels out of
   their differences.
3. **The heuristic's move is the default.** Another candidate is played only when its mean
   advantage over the default, paired by determinization, is larger than ``z`` standard errors
   and than ``min_gain`` points. Noise alone therefore cannot make the search play worse than
   the heuristic.

``Budget(iterations=n)`` is the number of playouts per branching decision (split evenly over the
candidates); ``Budget(seconds=t)`` stops drawing determinizations after ``t`` seconds. With an
iteration budget the search is a pure function of the view, the legal actions and the generator.
A budget's cap on the actions (``Budget.actions``, ISMCTS's bound on long playouts) is not
counted here: a playout is a whole deal, and the budget already counts playouts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Generic, TypeVar

from samrap.players.budget import Budget, MoveEstimate
from samrap.players.ismcts import RolloutPolicy, SearchGame

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

#: ``candidates(view, legal)``: the moves to compare, the heuristic's choice first.
Candidates = Callable[[Any, Sequence[Any]], Sequence[Any]]
#: ``value(scores, seat)``: how good a finished playout is for ``seat`` (higher is better).
Value = Callable[[Sequence[float], int], float]

#: Playouts stop after this many actions (a safety net; every game ends long before).
MAX_PLAYOUT = 5000


class FocusedSearch(Generic[S, A, V]):
    """The focused search bot; ``choose(view, legal, rng, budget)`` like every bot.

    Args:
        game: the game facade (rules, ``observe`` and ``resample``).
        rollout: the playout policy for every seat (it sees only the mover's view).
        candidates: the moves worth comparing at a decision, the default (heuristic) move first.
        value: a finished playout's worth for the searching seat.
        budget: the default budget (playouts per branching decision).
        z: how many standard errors a candidate must beat the default by.
        min_gain: and by how many points at least.
        name: the name in records.
        playout_state: applied to a state before its playout (Contract: deep pick-ups off,
            which the heuristic never plays and the rules engine can be slow to list).
        value_for: when given, builds the value of one decision from its view (Contract: the
            chance of winning the match given the totals so far), used instead of ``value``.
        prune_z: when positive, race the candidates: after ``min_rounds`` determinizations a
            candidate whose paired advantage is below zero by more than ``prune_z`` standard
            errors stops being played, and the playouts it would have had go to the others
            (the search ends when only the default is left or the budget is spent).
        min_rounds: determinizations every candidate gets before racing drops any.
    """

    def __init__(
        self,
        game: SearchGame[S, A, V],
        rollout: RolloutPolicy,
        candidates: Candidates,
        value: Value,
        budget: Budget | None = None,
        z: float = 1.0,
        min_gain: float = 0.5,
        name: str = "ismcts",
        playout_state: Callable[[S], S] | None = None,
        value_for: Callable[[V], Value] | None = None,
        prune_z: float = 0.0,
        min_rounds: int = 3,
    ) -> None:
        self.game = game
        self.rollout = rollout
        self.candidates = candidates
        self.value = value
        self.budget = budget or Budget(iterations=48)
        self.z = z
        self.min_gain = min_gain
        self._name = name
        self.playout_state = playout_state
        self.value_for = value_for
        self.prune_z = prune_z
        self.min_rounds = min_rounds
        #: Playouts apply moves taken from ``legal_moves`` (what players choose among; a Contract
        #: go-down whole), so the protocol's unchecked path.
        self._apply: Callable[[S, A], S] = game.apply_unchecked
        #: Playouts of every search so far (bench/search_speed.py divides them by CPU time).
        self.total_iterations = 0
        #: Searches so far that the clock stopped before their playouts (``bench.ladder``'s cut share).
        self.total_cut = 0

    @property
    def name(self) -> str:
        return self._name

    def choose(self, view: V, legal: Sequence[A], rng: Random, budget: Budget | None = None) -> A:
        if len(legal) == 1:
            return legal[0]
        cands: list[A] = list(self.candidates(view, legal))
        if len(cands) == 1:
            return cands[0]
        best: A = self._search(view, cands, rng, budget)[0].action  # type: ignore[assignment]
        return best

    def analyse(self, view: V, legal: Sequence[A], rng: Random, budget: Budget | None = None) -> list[MoveEstimate]:
        """Every legal action: the searched candidates best first, then the rest (not searched, 0 visits)."""
        cands = list(self.candidates(view, legal))
        if len(cands) < 2:
            cands += [a for a in legal if a not in cands][: 4 - len(cands)]
        if len(cands) < 2:
            return [MoveEstimate(action=a, value=0.0) for a in legal]
        out = self._search(view, cands, rng, budget)
        floor = min(e.value for e in out)
        out += [MoveEstimate(action=a, value=floor) for a in legal if a not in cands]
        return out

    def _playout(self, s: S, rng: Random) -> S:
        if self.playout_state is not None:
            s = self.playout_state(s)
        game = self.game
        apply = self._apply
        steps = 0
        while not game.is_terminal(s) and steps < MAX_PLAYOUT:
            s = apply(s, self.rollout(s, game.legal_moves(s), rng))
            steps += 1
        return s

    def _search(self, view: V, cands: list[A], rng: Random, budget: Budget | None) -> list[MoveEstimate]:
        """Compare ``cands`` on shared determinizations; the chosen move first."""
        budget = budget or self.budget
        game = self.game
        seat = _seat_of(view)
        k = len(cands)
        limit = budget.iterations
        rounds = max(2, math.ceil(limit / k)) if limit is not None else 1 << 30
        start = time.perf_counter()
        deadline = start + budget.seconds if budget.seconds is not None else math.inf
        value = self.value_for(view) if self.value_for is not None else self.value
        values: list[list[float]] = [[] for _ in cands]
        scores: list[list[float]] = [[] for _ in cands]
        alive = list(range(k))
        done = 0
        used = 0
        while True:
            if self.prune_z:
                # Racing: every candidate plays until it is clearly worse than the default;
                # the budget counts playouts, so the survivors get more determinizations.
                if done >= self.min_rounds and (len(alive) == 1 or (limit is not None and used + len(alive) > limit)):
                    break
                if limit is None and done >= 2 and len(alive) == 1:
                    break
            elif done >= rounds:
                break
            if done >= 2 and time.perf_counter() >= deadline:
                self.total_cut += limit is not None  # a clock-only budget is never cut short
                break
            s = game.resample(view, rng)
            seed = rng.getrandbits(63)
            for i in alive:
                end = self._playout(self._apply(s, cands[i]), Random(seed))
                pts = game.returns(end)
                values[i].append(value(pts, seat))
                scores[i].append(float(pts[seat]))
            done += 1
            used += len(alive)
            if self.prune_z and done >= self.min_rounds:
                alive = [i for i in alive if i == 0 or _upper(values[i], values[0], self.prune_z) >= 0.0]
        self.total_iterations += used
        chosen = 0
        best_gain = 0.0
        for i in range(1, k):
            n = len(values[i])
            diffs = [x - y for x, y in zip(values[i], values[0][:n], strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
            se = math.sqrt(var / n)
            if mean > best_gain and mean > self.min_gain and mean > self.z * se:
                chosen, best_gain = i, mean
        order = [chosen, *sorted((i for i in range(k) if i != chosen), key=lambda i: -sum(values[i]))]
        return [
            MoveEstimate(
                action=cands[i],
                value=round(sum(values[i]) / len(values[i]), 2),
                score=round(sum(scores[i]) / len(values[i]), 2),
                visits=len(values[i]),
            )
            for i in order
        ]


def _upper(xs: Sequence[float], base: Sequence[float], z: float) -> float:
    """The upper ``z``-standard-error bound of the mean of ``xs - base`` (paired, ``len(xs)`` rounds)."""
    n = len(xs)
    diffs = [x - y for x, y in zip(xs, base[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean + z * math.sqrt(var / n)


def _seat_of(view: object) -> int:
    seat = getattr(view, "seat", None)
    if not isinstance(seat, int):
        raise TypeError(f"a view needs an int seat attribute, got {type(view).__name__}")
    return seat
