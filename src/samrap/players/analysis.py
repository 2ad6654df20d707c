"""The one analysis behind hints and game reviews: a few moves compared on simulated finishes.

Why one analysis: a hint is the review of a move not yet played, so both must say the same thing.
At a decision the game's heuristic names the few moves worth comparing (its best ones, plus the
move actually played when reviewing); each of them is applied to the same ``deals``
determinizations of the hidden cards (``game.resample(view, rng)``: the unseen cards dealt at
random, nothing peeked) and played out to the end of the game with the heuristic's playout
policy for every seat, with the same playout generator for every move (common random numbers),
so the luck of the draw cancels out of the differences. The moves are ranked by :func:`worth`:
the win share of the finishes plus a little of the points margin.

What a finish is worth is the game's own score under the table's preset: every penalty the
rules engine writes into the ledger (Dummy's โง่, ทิ้งใบฝาก, ทิ้งเต็ม, ปี้หัว, ตกตึก ...) counts,
so the analysis weighs exactly the penalties of the preset being played. ``value`` is in points
for the analysing seat: its score minus the others' mean (Dummy), or the others' mean penalty
minus its own (Contract Rummy, where penalties are low-is-good). The ledger is also kept per
item code, which is how a reason can name what decides a move (:func:`deciding_item`).

Deterministic: the result is a function of the view, the moves, ``deals`` and the generator.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, TypeVar

from samrap.engine.protocol import ViewLike
from samrap.engine.registry import AnyGame, get_spec

#: Weight of the points margin beside the win share (in percentage points) in :func:`worth`.
MARGIN_WEIGHT = 0.3


def worth(win: float, margin: float) -> float:
    """A finish's worth for the analysing seat: ``100 x`` its win share plus ``0.3 x`` its points margin.

    Why both: a move that gives up points to make the win safe (an early knock) is not a mistake,
    and among moves that win as often the one with more points is better. The same blend is what
    the ISMCTS bot optimises (``Outcome(margin_weight=0.3)``). Measured on reviews of ``hard``
    against ``easy`` games, labels from points alone called many of the search's win-minded moves
    mistakes (``docs/bots.md``, "Game review").
    """
    return 100.0 * win + MARGIN_WEIGHT * margin


#: Prefix of the item codes of the other seats' ledgers in :attr:`Outcome.items`.
OTHERS = "~"
#: Playouts stop after this many actions (a safety net; every game ends long before).
MAX_PLAYOUT = 5000

Rollout = Callable[[Any, Sequence[Any], Random], Any]
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Policy:
    """What the analysis needs from a game: the playout policy, the moves worth comparing, the sign."""

    rollout: Rollout
    candidates: Callable[[Any, Sequence[Any], int], list[Any]]
    lower_is_better: bool
    playout_state: Callable[[Any], Any] | None = None


def policy_for(game: AnyGame) -> Policy:
    """The analysis policy of ``game``: its coach's (``players/coaches``); a game without one
    plays out at random over the moves in the order the game lists them, the points' direction
    from its spec."""
    from samrap.players.coach import coach_for

    make = coach_for(game.name).policy
    if make is not None:
        return make(game)
    return Policy(_random_rollout, _first_moves, lower_is_better=not get_spec(game.name).higher_is_better)


def _random_rollout(state: object, legal: Sequence[A], rng: Random) -> A:
    return legal[rng.randrange(len(legal))]


def _first_moves(view: object, legal: Sequence[A], k: int) -> list[A]:
    return list(legal[:k])


@dataclass(frozen=True, slots=True)
class Outcome:
    """One move's simulated finishes.

    Attributes:
        action: the move.
        values: this seat's points of each finish (one per deal, in deal order; see the module doc).
        wins: 1 when this seat had the best score of the finish (1/k in a k-way tie), else 0, per deal.
        items: ledger code -> mean points it brought this seat; the other seats' items are keyed
            ``OTHERS + code`` and count against this seat.
        hits: the same keys -> share of finishes where the item was in the ledger.
    """

    action: object
    values: tuple[float, ...]
    wins: tuple[float, ...]
    items: dict[str, float] = field(default_factory=dict)
    hits: dict[str, float] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values)

    @property
    def scores(self) -> tuple[float, ...]:
        """What the analysis ranks by, per deal: :func:`worth` of the win share and the points."""
        return tuple(worth(w, v) for w, v in zip(self.wins, self.values, strict=True))

    @property
    def score(self) -> float:
        return sum(self.scores) / len(self.values)

    @property
    def win(self) -> float:
        return sum(self.wins) / len(self.wins)


@dataclass(frozen=True, slots=True)
class Comparison:
    """Moves compared on the same deals, best (highest mean value) first."""

    outcomes: tuple[Outcome, ...]

    @property
    def best(self) -> Outcome:
        return self.outcomes[0]

    def of(self, action: object) -> Outcome:
        for o in self.outcomes:
            if o.action == action:
                return o
        raise KeyError(action)

    def loss(self, action: object) -> tuple[float, float]:
        """``(mean, standard error)`` of the :func:`worth` ``action`` loses to the best move, paired by deal."""
        return self.gap(self.best.action, action)

    def gap(self, better: object, worse: object) -> tuple[float, float]:
        """``(mean, standard error)`` of the :func:`worth` ``worse`` loses to ``better``, paired by deal."""
        return paired_gap(self.of(better).scores, self.of(worse).scores)


def merged(a: Comparison, b: Comparison) -> Comparison:
    """Two comparisons of the same moves on different deals, as one on all their deals."""
    na, nb = len(a.best.values), len(b.best.values)

    def mean(x: dict[str, float], y: dict[str, float]) -> dict[str, float]:
        return {c: (x.get(c, 0.0) * na + y.get(c, 0.0) * nb) / (na + nb) for c in {*x, *y}}

    outs = []
    for o in a.outcomes:
        p = b.of(o.action)
        outs.append(
            Outcome(o.action, o.values + p.values, o.wins + p.wins, mean(o.items, p.items), mean(o.hits, p.hits))
        )
    order = sorted(range(len(outs)), key=lambda i: -outs[i].score)
    return Comparison(tuple(outs[i] for i in order))


def paired_gap(better: Sequence[float], worse: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of ``better - worse`` over paired samples."""
    diffs = [a - b for a, b in zip(better, worse, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def _playout(game: AnyGame, policy: Policy, s: object, rng: Random) -> object:
    if policy.playout_state is not None:
        s = policy.playout_state(s)
    apply = game.apply_unchecked
    steps = 0
    while not game.is_terminal(s) and steps < MAX_PLAYOUT:
        s = apply(s, policy.rollout(s, game.legal_moves(s), rng))
        steps += 1
    return s


def compare(
    game: AnyGame, view: ViewLike, moves: Sequence[object], rng: Random, deals: int, policy: Policy | None = None
) -> Comparison:
    """Play every move of ``moves`` out on the same ``deals`` determinizations of ``view``.

    Raises:
        ValueError: no moves, or ``deals`` below 2.
    """
    if not moves:
        raise ValueError("nothing to compare")
    if deals < 2:
        raise ValueError(f"deals must be at least 2, not {deals}")
    policy = policy or policy_for(game)
    seat: int = view.seat
    sign = -1.0 if policy.lower_is_better else 1.0
    values: list[list[float]] = [[] for _ in moves]
    wins: list[list[float]] = [[] for _ in moves]
    items: list[dict[str, float]] = [{} for _ in moves]
    hits: list[dict[str, float]] = [{} for _ in moves]
    for _ in range(deals):
        s = game.resample(view, rng)
        seed = rng.getrandbits(63)
        for i, a in enumerate(moves):
            end = _playout(game, policy, game.apply_unchecked(s, a), Random(seed))
            scores = [sign * x for x in game.returns(end)]
            n = len(scores)
            others = [x for q, x in enumerate(scores) if q != seat]
            values[i].append(scores[seat] - sum(others) / len(others))
            top = max(scores)
            wins[i].append(1.0 / scores.count(top) if scores[seat] == top else 0.0)
            seen: set[str] = set()
            for item in game.ledger(end):
                pts = sign * item.points
                # Another seat's item counts against this one (its share of the others' mean).
                key = item.code if item.seat == seat else OTHERS + item.code
                share = pts if item.seat == seat else -pts / (n - 1)
                items[i][key] = items[i].get(key, 0.0) + share
                if key not in seen:
                    seen.add(key)
                    hits[i][key] = hits[i].get(key, 0.0) + 1.0
    outs = [
        Outcome(
            a,
            tuple(values[i]),
            tuple(wins[i]),
            {c: v / deals for c, v in items[i].items()},
            {c: v / deals for c, v in hits[i].items()},
        )
        for i, a in enumerate(moves)
    ]
    order = sorted(range(len(outs)), key=lambda i: (-outs[i].score, i))  # ties: the earlier move
    return Comparison(tuple(outs[i] for i in order))


#: A compared move replaces the heuristic's own (:func:`choose`) only when its mean gain of worth,
#: paired by deal, exceeds this many standard errors ...
CHOOSE_Z = 1.0
#: ... and this much worth (a percentage point of winning chance, or about 3 points).
CHOOSE_MIN = 1.0


def choose(comp: Comparison, default: object, z: float = CHOOSE_Z, min_gain: float = CHOOSE_MIN) -> Outcome:
    """The move to recommend: ``default`` (the heuristic's), unless another is clearly better.

    Why: with a few simulated deals a move, the best mean is often the luckiest, not the best (the
    winner's curse), and a move the heuristic rejects for a certain cost (a lay-off card thrown,
    ทิ้งใบฝาก -50; a card that feeds a knock, โง่) can win the draw of a few deals. The heuristic
    already weighs the preset's penalties, so another move is recommended only when its gain of
    :func:`worth` over the default, paired by deal, is larger than ``z`` standard errors and than
    ``min_gain`` (the rule the focused search plays by, ``players/focused.py``); among those the
    largest gain wins.
    """
    base = comp.of(default)
    pick, top = base, 0.0
    for o in comp.outcomes:
        if o is base:
            continue
        mean, se = paired_gap(o.scores, base.scores)
        if mean > top and mean > min_gain and mean > z * se:
            pick, top = o, mean
    return pick


def candidates(
    game: AnyGame, view: object, legal: Sequence[A], k: int, also: Sequence[A] = (), policy: Policy | None = None
) -> list[A]:
    """The heuristic's ``k`` best moves (its own first), then ``also`` (e.g. the move played) if missing."""
    policy = policy or policy_for(game)
    out = list(dict.fromkeys(policy.candidates(view, legal, k)))
    for a in also:
        if a not in out:
            out.append(a)
    return out


#: Ledger codes that are bookkeeping rather than something a move decides.
PLAIN = frozenset({"table", "hand", "pips", "court", "aces", "jokers"})


def deciding_item(better: Outcome, worse: Outcome) -> tuple[str, float] | None:
    """The ledger code whose mean points differ most between two moves (the largest share of the gap).

    Special items (a knock, โง่, ตกตึก, a modern penalty, going out) are preferred to the plain
    card counts when they explain at least a third of the gap, since they are what a player can act on.
    """
    codes = set(better.items) | set(worse.items)
    if not codes:
        return None
    diffs = {c: better.items.get(c, 0.0) - worse.items.get(c, 0.0) for c in codes}
    gap = sum(diffs.values())
    special = [c for c in diffs if c.lstrip(OTHERS) not in PLAIN and diffs[c] > 0]
    if special:
        c = max(special, key=lambda x: diffs[x])
        if gap <= 0 or diffs[c] >= gap / 3:
            return c, diffs[c]
    c = max(diffs, key=lambda x: diffs[x])
    return (c, diffs[c]) if diffs[c] > 0 else None
