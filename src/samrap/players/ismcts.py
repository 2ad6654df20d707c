"""Information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley & Whitehouse 2011/2012).

The bot never sees a state. Each iteration draws a *determinization*, a full state consistent
with its view (``game.resample(view, rng)``: the unseen cards reshuffled among the other hands and
the stock), then walks one shared tree from the root:

1. **Select.** At each node, only the children whose actions are legal in this determinization
   are candidates; each candidate's *availability* count goes up, and the one with the best UCB1
   score ``mean + c * sqrt(ln(availability) / visits)`` is followed, scored from the point of view
   of the seat that moves there. The tree is keyed by action sequences, so every determinization
   shares it (the single-observer variant).
2. **Expand** one untried legal action.
3. **Play out** to the end of the game with a rollout policy: uniform random, the game's cheap
   greedy rollout, or a full heuristic bot seen through ``game.observe`` (the policy sees only the
   mover's view of the determinized state, as a player would).
4. **Back up** each seat's reward: a win share (1 for the best score, split on ties) blended
   with the score margin over the best other seat, squashed into [0, 1].

The move played is the root action with the most visits. With an iteration budget the search is
a pure function of the view, the legal actions and the generator's state, so a seeded bot is
deterministic; a time budget stops after that many seconds of wall time. A cap on the actions
(``Budget.actions``: tree steps and playout moves, summed over the iterations) stops it as soon
as an iteration ends past the cap: work the machine's speed does not change, so the search stays
deterministic, and the decisions with the longest playouts stop before their iterations.

The search is generic over :class:`SearchGame`, so Contract Rummy plugs in with its facade. The
tree and the playouts step the game's ``legal_moves`` (a Contract go-down whole, rule 22), the
list the root's ``legal`` comes from, so that a seeded search draws the same moves whatever the
game's decision steps (``legal_actions``) are.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Generic, Protocol, TypeVar

from samrap.players.budget import Budget, MoveEstimate

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)

#: A playout step: (determinized state, its legal actions, rng) -> action.
RolloutPolicy = Callable[[Any, Sequence[Any], Random], Any]

#: Playouts stop after this many actions (a safety net; games end long before).
MAX_PLAYOUT = 5000


class SearchGame(Protocol[S, A, V]):
    """What ISMCTS needs from a game facade (``DummyGame`` and ``ContractGame`` have it)."""

    @property
    def players(self) -> int: ...

    def legal_moves(self, s: S) -> Sequence[A]: ...

    def apply(self, s: S, a: A, seat: int | None = None) -> S: ...

    def apply_unchecked(self, s: S, a: A) -> S: ...

    def current_player(self, s: S) -> int: ...

    def is_terminal(self, s: S) -> bool: ...

    def returns(self, s: S) -> tuple[int, ...]: ...

    def observe(self, s: S, seat: int) -> V: ...

    def resample(self, v: V, rng: Random) -> S: ...


def random_rollout(state: object, legal: Sequence[A], rng: Random) -> A:
    """The uniform random playout policy."""
    return legal[rng.randrange(len(legal))]


class ViewBot(Protocol[V_contra, A]):
    def choose(self, view: V_contra, legal: Sequence[A], rng: Random) -> A: ...


def bot_rollout(game: SearchGame[S, A, V], bot: ViewBot[V, A]) -> Callable[[S, Sequence[A], Random], A]:
    """A playout policy that asks ``bot`` for each move, showing it only the mover's view."""

    def policy(state: S, legal: Sequence[A], rng: Random) -> A:
        if len(legal) == 1:
            return legal[0]
        return bot.choose(game.observe(state, game.current_player(state)), legal, rng)

    return policy


@dataclass(frozen=True, slots=True)
class Outcome:
    """Turns a finished game's scores into one reward in [0, 1] per seat.

    ``margin_weight`` blends the win share with ``0.5 + 0.5 * tanh(margin / scale)``, where the
    margin is the seat's score minus the best other seat's. ``lower_is_better`` flips the scores
    (penalty games such as Contract Rummy).
    """

    margin_weight: float = 0.3
    scale: float = 100.0
    lower_is_better: bool = False

    def rewards(self, scores: Sequence[float]) -> tuple[float, ...]:
        pts = [-x for x in scores] if self.lower_is_better else list(scores)
        return tuple(self._reward(pts, q) for q in range(len(pts)))

    def win_share(self, scores: Sequence[float], seat: int) -> float:
        pts = [-x for x in scores] if self.lower_is_better else list(scores)
        best = max(pts)
        if pts[seat] < best:
            return 0.0
        return 1.0 / sum(1 for x in pts if x == best)

    def _reward(self, pts: list[float], q: int) -> float:
        best = max(pts)
        win = 0.0 if pts[q] < best else 1.0 / sum(1 for x in pts if x == best)
        if not self.margin_weight:
            return win
        other = max(x for i, x in enumerate(pts) if i != q)
        margin = 0.5 + 0.5 * math.tanh((pts[q] - other) / self.scale)
        return (1 - self.margin_weight) * win + self.margin_weight * margin


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[object, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


@dataclass
class _RootStats:
    wins: float = 0.0
    score: float = 0.0


@dataclass
class SearchResult(Generic[A]):
    """What one search found: per root action visits, mean reward, win share and mean score."""

    iterations: int
    seconds: float
    estimates: list[MoveEstimate] = field(default_factory=list)
    #: the game actions simulated (tree steps and playout moves)
    actions: int = 0
    #: whether the search stopped before its iterations (the action cap or the clock)
    cut: bool = False

    @property
    def best(self) -> A:
        action: A = self.estimates[0].action  # type: ignore[assignment]
        return action

    @property
    def rate(self) -> float:
        """Iterations per second."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class ISMCTSPlayer(Generic[S, A, V]):
    """An ISMCTS bot for ``game``; ``choose(view, legal, rng, budget)`` like every bot.

    Args:
        game: the game facade (its rules; the bot never gets a state from outside).
        rollout: the playout policy (default uniform random).
        budget: the default budget per decision (``Budget(iterations=1000)`` if not given).
        exploration: the UCB1 constant ``c`` (rewards are in [0, 1]).
        outcome: how final scores become rewards.
        name: the name in records.
        playout_limit: stop a playout after this many actions (``None``: play to the end).
        cutoff: the estimated final scores of a state where a playout stopped early (needed with
            ``playout_limit``; Contract Rummy's deals are too long to play out hundreds of times).
        policy_first: expand the rollout policy's choice before other untried actions, and break
            ties in root visits in favour of the action expanded first. With a budget smaller than
            the number of legal moves the search then plays the policy's move unless playouts
            find a better one, instead of a random one. Deeper in the tree it matters more: the
            follow-ups of a collect (the melds and lay-offs of the same turn) are first tried the
            way the policy would play them, not in random order, so a collect is not judged by a
            random meld after it.
        root_filter: ``(view, legal) -> the moves worth searching`` (a non-empty subset), asked by
            :meth:`choose` only (``analyse`` still ranks every move). It sees the view alone, as
            the bot does: a game's rule of thumb the search cannot learn from a few hundred
            playouts (Dummy's defence when an opponent is near knocking, ``players.defence``).
        tree_depth: build the tree at most this many moves below the root (``None``: no limit),
            or ``view -> that depth`` to choose it per decision; the rollout policy plays every
            move past it. ``1`` is flat Monte Carlo over the root
            moves: each is judged by the policy's continuation (the rest of the turn, the
            opponents' replies), not by a tree whose nodes, each visited a handful of times at a
            budget of a few hundred iterations, try their moves in random order. With a
            heuristic policy that is a better reading of a meld or a lay-off (the turn's
            follow-ups played sensibly) and of an opponent near knocking (who knocks, as the
            policy does, instead of trying random moves first).
        root_halving: choose the root move by sequential halving (Karnin, Koren & Somekh 2013;
            the simple regret of the move played, not UCB1's cumulative regret): the iteration
            budget is split into ``ceil(log2(moves))`` rounds, each shared evenly among the moves
            still in, and the better half by mean reward goes on. Below the root the tree is
            UCB1's as before. It needs an iteration budget (a time budget falls back to UCB1);
            the move played is the best by mean among the most visited.
        paired: with ``root_halving``, every root move's ``j``-th iteration draws from the same
            generator (the same determinization and the same playout draws): common random
            numbers, so that two moves are compared on the same deals and the luck of the draws
            cancels from their difference, not only averages out.
        determinize: ``(view, rng) -> state``, how each iteration deals the cards the seat
            cannot see; ``None``: the game's ``resample`` (uniform among the deals that fit the
            view). A game's coach may weigh the deals by how the opponents have played (Dummy:
            ``players.heuristic.dummy_reading``); it must read the view only.
        budget_for: ``(view, legal, budget) -> budget`` of one decision, asked by :meth:`choose`
            with the moves it will search: a game's way to spend more search where it counts
            (Dummy's ``expert``: the decisions where a meld or lay-off can be made or held).
        whole_turn: with a ``tree_depth``, the tree goes on below the depth while the searching
            seat is still to move, so the rest of its own turn (which cards to put down, and
            which to hold, before the discard) is searched, not left to the policy.
    """

    def __init__(
        self,
        game: SearchGame[S, A, V],
        rollout: RolloutPolicy | None = None,
        budget: Budget | None = None,
        exploration: float = 0.7,
        outcome: Outcome | None = None,
        name: str = "ismcts",
        playout_limit: int | None = None,
        cutoff: Callable[[S], Sequence[float]] | None = None,
        policy_first: bool = False,
        root_filter: Callable[[V, Sequence[A]], Sequence[A]] | None = None,
        tree_depth: int | Callable[[V], int | None] | None = None,
        root_halving: bool = False,
        paired: bool = False,
        determinize: Callable[[V, Random], S] | None = None,
        whole_turn: bool = False,
        budget_for: Callable[[V, Sequence[A], Budget], Budget] | None = None,
    ) -> None:
        if playout_limit is not None and cutoff is None:
            raise ValueError("a playout limit needs a cutoff evaluation")
        self.game = game
        self.rollout: RolloutPolicy = rollout or random_rollout
        self.budget = budget or Budget(iterations=1000)
        self.exploration = exploration
        self.outcome = outcome or Outcome()
        self._name = name
        self.playout_limit = MAX_PLAYOUT if playout_limit is None else playout_limit
        self.cutoff = cutoff
        self.policy_first = policy_first
        self.root_filter = root_filter
        if isinstance(tree_depth, int) and tree_depth < 1:
            raise ValueError("a tree depth is at least 1 (the root's moves)")
        self.tree_depth = tree_depth
        self.root_halving = root_halving
        self.paired = paired
        self.whole_turn = whole_turn
        self.budget_for = budget_for
        #: How an iteration deals the hidden cards: the game's uniform ``resample`` unless given.
        self.determinize: Callable[[V, Random], S] = determinize or game.resample
        # Playouts apply only moves the rules just listed, so the unchecked path is safe here.
        self._apply: Callable[[S, A], S] = game.apply_unchecked
        #: Iterations of every search so far (tournaments report them per decision).
        self.total_iterations = 0
        #: Searches so far that stopped before their iterations (the action cap or the clock).
        self.total_cut = 0

    @property
    def name(self) -> str:
        return self._name

    def choose(self, view: V, legal: Sequence[A], rng: Random, budget: Budget | None = None) -> A:
        if len(legal) == 1:
            return legal[0]
        if self.root_filter is not None:
            kept = self.root_filter(view, legal)
            if not kept or any(a not in legal for a in kept):
                raise ValueError("a root filter must keep a non-empty subset of the legal moves")
            if len(kept) == 1:
                return kept[0]
            legal = kept
        if self.budget_for is not None:
            budget = self.budget_for(view, legal, budget or self.budget)
        return self.search(view, legal, rng, budget).best

    def _still_mover(self, s: S, seat: int) -> bool:
        """The searching seat is to move again in ``s`` (its turn goes on)."""
        return not self.game.is_terminal(s) and self.game.current_player(s) == seat

    def analyse(self, view: V, legal: Sequence[A], rng: Random, budget: Budget | None = None) -> list[MoveEstimate]:
        return self.search(view, legal, rng, budget).estimates

    def search(self, view: V, legal: Sequence[A], rng: Random, budget: Budget | None = None) -> SearchResult[A]:
        """Run one search from ``view`` and return the root statistics, best action first."""
        budget = budget or self.budget
        game = self.game
        apply = self._apply
        outcome = self.outcome
        c = self.exploration
        root = _Node()
        stats: dict[A, _RootStats] = {a: _RootStats() for a in legal}
        root_legal = list(legal)
        max_iters = budget.iterations if budget.iterations is not None else 1 << 62
        max_actions = budget.actions if budget.actions is not None else 1 << 62
        actions = 0
        start = time.perf_counter()
        deadline = start + budget.seconds if budget.seconds is not None else math.inf
        seat = _seat_of(view)
        expanded: list[A] = []
        depth = self.tree_depth(view) if callable(self.tree_depth) else self.tree_depth
        if depth is not None and depth < 1:
            raise ValueError("a tree depth is at least 1 (the root's moves)")
        depth = depth or MAX_PLAYOUT
        halving = _Halving(root_legal, budget.iterations) if self.root_halving and budget.iterations else None
        pair_seed = rng.getrandbits(48) << 16 if self.paired and halving is not None else None
        iterations = 0
        while iterations < max_iters:
            if iterations and (actions >= max_actions or (deadline < math.inf and time.perf_counter() >= deadline)):
                break
            iterations += 1
            r = rng
            pick: A | None = None
            if halving is not None:
                pick = halving.next(root)
                if pair_seed is not None:  # the j-th playout of every root move: the same draws
                    r = Random(pair_seed + halving.count[pick])
            s = self.determinize(view, r)
            node = root
            path: list[tuple[_Node, int]] = []
            first: A | None = None
            options: Sequence[A] = root_legal
            while not game.is_terminal(s):
                if node is not root:
                    options = game.legal_moves(s)
                mover = game.current_player(s)
                children = node.children
                untried = [a for a in options if a not in children]
                if pick is not None and node is root:
                    a = pick
                    untried = [a] if a not in children else []
                    child = children[a] = children.get(a) or _Node()
                elif untried:
                    a = untried[r.randrange(len(untried))]
                    if self.policy_first and len(untried) > 1:
                        preferred = self.rollout(s, options, r)
                        if preferred not in children:
                            a = preferred
                    child = _Node()
                    for b in options:
                        if b in children:
                            children[b].avail += 1
                    children[a] = child
                else:
                    a = options[0]
                    child = children[a]
                    best = -math.inf
                    for b in options:
                        ch = children[b]
                        ch.avail += 1
                        u = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                        if u > best:
                            best, a, child = u, b, ch
                if node is root:
                    first = a
                    if untried:
                        expanded.append(a)
                s = apply(s, a)
                path.append((child, mover))
                node = child
                if untried or (len(path) >= depth and not (self.whole_turn and self._still_mover(s, seat))):
                    break
            steps = 0
            limit = self.playout_limit
            while not game.is_terminal(s) and steps < limit:
                acts = game.legal_moves(s)
                s = apply(s, self.rollout(s, acts, r))
                steps += 1
            actions += len(path) + steps
            scores: Sequence[float] = game.returns(s) if game.is_terminal(s) or self.cutoff is None else self.cutoff(s)
            rewards = outcome.rewards(scores)
            for n, mover in path:
                n.visits += 1
                n.total += rewards[mover]
            root.visits += 1
            assert first is not None  # the root has legal moves, so every iteration takes one
            st = stats[first]
            st.wins += outcome.win_share(scores, seat)
            st.score += scores[seat]
        elapsed = time.perf_counter() - start
        self.total_iterations += iterations
        cut = budget.iterations is not None and iterations < budget.iterations
        self.total_cut += cut
        estimates = []
        rank = {a: k for k, a in enumerate(expanded)} if self.policy_first else {}
        for i, a in enumerate(root_legal):
            node_a = root.children.get(a)
            visits = node_a.visits if node_a is not None else 0
            st = stats[a]
            estimates.append(
                (
                    visits,
                    -rank.get(a, len(root_legal) + i) if self.policy_first else -i,
                    MoveEstimate(
                        action=a,
                        value=node_a.total / visits if node_a is not None and visits else 0.0,
                        win=st.wins / visits if visits else None,
                        score=st.score / visits if visits else None,
                        visits=visits,
                    ),
                )
            )
        if halving is not None:  # the most visited are the last round's moves: the best of them
            estimates.sort(key=lambda t: (t[0], t[2].value, t[1]), reverse=True)
        else:
            estimates.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return SearchResult(iterations, elapsed, [e for _, _, e in estimates], actions, cut)


class _Halving(Generic[A]):
    """Sequential halving's schedule over the root moves: which move the next iteration takes."""

    def __init__(self, moves: Sequence[A], iterations: int) -> None:
        self.alive = list(moves)
        rounds = max(1, math.ceil(math.log2(len(self.alive)))) if len(self.alive) > 1 else 1
        self.per_round = max(1, iterations // rounds)
        self.left = self.per_round
        self.turn = 0
        #: iterations given to each move so far
        self.count: dict[A, int] = {}

    def next(self, root: _Node) -> A:
        """The move of the next iteration; ends a round (keeps the better half) when its share is used."""
        if self.left <= 0 and len(self.alive) > 1:

            def mean(a: object) -> float:
                n = root.children.get(a)
                return n.total / n.visits if n is not None and n.visits else -math.inf

            ranked = sorted(self.alive, key=mean, reverse=True)  # stable: ties keep the legal order
            self.alive = ranked[: max(1, (len(ranked) + 1) // 2)]
            self.left = self.per_round
            self.turn = 0
        a = self.alive[self.turn % len(self.alive)]
        self.turn += 1
        self.left -= 1
        self.count[a] = self.count.get(a, -1) + 1
        return a


def _seat_of(view: object) -> int:
    seat = getattr(view, "seat", None)
    if not isinstance(seat, int):
        raise TypeError(f"a view needs an int seat attribute, got {type(view).__name__}")
    return seat
