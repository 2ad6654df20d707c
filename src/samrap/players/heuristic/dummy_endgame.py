"""The Dummy heuristic's end-game check: near the end, a few simulated finishes settle close calls.

Why: with few stock cards left most games are decided by who knocks first and what the last
discards feed, and there the rule-based numbers (a discard's danger, the chance of knocking next
turn, what a collect leaves in hand) are too rough to separate the two or three best moves. So
once the stock is down to :data:`ENDGAME_STOCK` cards, the heuristic takes its
:data:`CANDIDATES` best ways to end the turn (a discard, or a knock), plays
each of them out to the end of the game on the same :data:`DEALS` deals of the hidden cards, and
plays the one that wins most often; ties keep the rule-based choice.

The deals are drawn by the engine's resampling of this seat's view, so the check sees nothing a
player may not see, and both sides of a playout use the cheap :func:`~samrap.players.heuristic.dummy.rollout`
policy. The check costs a few milliseconds a decision and is what lifts the heuristic over 90% of
two-player games against ``random`` (``docs/bots.md``). ISMCTS playouts turn it off: they
already search, and the check would multiply their cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from samrap.games.dummy import rules, scoring
from samrap.games.dummy.actions import Discard, DummyAction, Knock
from samrap.games.dummy.observe import DummyView, resample
from samrap.games.dummy.state import DummyState, Phase
from samrap.players.heuristic.dummy import evaluate, rollout
from samrap.players.heuristic.dummy_hand import _context

#: The check runs once the stock holds at most this many cards.
ENDGAME_STOCK = 20
#: How many of the rule-based best moves are compared.
CANDIDATES = 3
#: Deals of the hidden cards each candidate is played out on (the same deals for every candidate).
DEALS = 16

#: The decisions the check weighs: the discard or knock that ends a turn. Draw-or-collect
#: decisions were tried too: +0.3 points (not significant) for three times the cost.
_KINDS: dict[Phase, tuple[type, ...]] = {Phase.PLAY: (Discard, Knock)}


def candidates(view: DummyView, legal: Sequence[DummyAction], first: DummyAction) -> list[DummyAction]:
    """The moves the check compares: ``first`` and the next best of its kind, at most :data:`CANDIDATES`.

    Empty when the check does not apply: too many stock cards left, a phase with nothing to
    weigh (melds and lay-offs are played at once), or a single move of the kind.
    """
    kinds = _KINDS.get(view.phase)
    if kinds is None or view.stock_size > ENDGAME_STOCK or not isinstance(first, kinds):
        return []
    same = [a for a in legal if isinstance(a, kinds)]
    if len(same) <= 1:
        return []
    ctx = _context(view)
    same.sort(key=lambda a: -evaluate(view, a, ctx))
    top = [a for a in same if a != first][: CANDIDATES - 1]
    return [first, *top]


def win_share(s: DummyState, seat: int) -> float:
    """1 if ``seat`` has the single best score of the finished game ``s``, 1/k in a k-way tie, else 0."""
    scores = scoring.game_scores(s)
    best = max(scores)
    if scores[seat] != best:
        return 0.0
    return 1.0 / sum(1 for x in scores if x == best)


def playout(s: DummyState, rng: Random) -> DummyState:
    """Play ``s`` to the end with the rollout policy for every seat."""
    while s.phase is not Phase.OVER:
        s = rules.apply_unchecked(s, rollout(s, rules.legal_moves(s), rng))
    return s


def simulated_wins(view: DummyView, moves: Sequence[DummyAction], seed: int, n: int = DEALS) -> list[float]:
    """How many of ``n`` (:data:`DEALS`) simulated finishes each move wins for the seat of ``view``.

    Every move is played out on the same deals of the hidden cards and with the same playout
    generators, so the counts differ only by the moves.
    """
    deals = [resample(view, Random(seed + i)) for i in range(n)]
    out = []
    for a in moves:
        wins = 0.0
        for i, s in enumerate(deals):
            end = playout(rules.apply_unchecked(s, a), Random(seed + n + i))
            wins += win_share(end, view.seat)
        out.append(wins)
    return out


def endgame_choice(
    view: DummyView, legal: Sequence[DummyAction], first: DummyAction, rng: Random, n: int = DEALS
) -> DummyAction:
    """``first``, or a candidate that won more of ``n`` simulated finishes (see the module docstring).

    Draws from ``rng`` only when the check applies, so the same generator gives the same move.
    """
    moves = candidates(view, legal, first)
    if not moves:
        return first
    wins = simulated_wins(view, moves, rng.getrandbits(64), n)
    return moves[wins.index(max(wins))]  # the first best: ties keep the rule-based move
