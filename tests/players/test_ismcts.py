"""ISMCTS: legal, seeded-deterministic, budget-bound, and it finds the obvious winning move."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from random import Random

import pytest

from samrap.games.dummy import DummyConfig, DummyGame, Knock
from samrap.games.dummy.actions import DummyAction
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.rules import legal_moves
from samrap.games.dummy.state import DummyState
from samrap.players.budget import Analyst, Bot, Budget
from samrap.players.heuristic.dummy import DummyHeuristic, rollout
from samrap.players.ismcts import ISMCTSPlayer, Outcome, bot_rollout
from tests.games.dummy.builders import position

GAME = DummyGame(DummyConfig(players=2))


def _position() -> object:
    return position(
        ["7h8h9h5c5d5sKd", "2d3h4s6c7c8sJd"],
        row="Qh* 9d1",
        melds="TcJcQc@0",
        phase="play",
        born=[0],
    )


def test_it_is_a_bot_and_an_analyst() -> None:
    bot = ISMCTSPlayer(GAME)
    assert isinstance(bot, Bot) and isinstance(bot, Analyst)


def test_seeded_search_with_an_iteration_budget_is_deterministic() -> None:
    s = _position()
    view, legal = GAME.observe(s, 0), legal_moves(s)  # type: ignore[arg-type]
    runs = []
    for _ in range(2):
        bot = ISMCTSPlayer(GAME, rollout, Budget(iterations=60))
        result = bot.search(view, legal, Random(11))
        runs.append([(e.action, e.visits, e.value) for e in result.estimates])
        assert result.iterations == 60
        assert sum(e.visits for e in result.estimates) == 60
    assert runs[0] == runs[1]


def test_finds_the_winning_knock() -> None:
    s = _position()
    view, legal = GAME.observe(s, 0), legal_moves(s)  # type: ignore[arg-type]
    bot = ISMCTSPlayer(GAME, rollout, Budget(iterations=150))
    est = bot.analyse(view, legal, Random(3))
    assert isinstance(est[0].action, Knock)
    assert est[0].win is not None and est[0].win > 0.9
    assert est[0].visits == max(e.visits for e in est)


def test_a_time_budget_stops_in_time() -> None:
    s = _position()
    bot = ISMCTSPlayer(GAME, rollout)
    start = time.perf_counter()
    result = bot.search(GAME.observe(s, 0), legal_moves(s), Random(0), Budget(seconds=0.2))  # type: ignore[arg-type]
    assert time.perf_counter() - start < 1.5
    assert result.iterations >= 1 and result.rate > 0


def test_forced_moves_do_not_search() -> None:
    bot = ISMCTSPlayer(GAME, budget=Budget(iterations=10**9))
    s = GAME.new_game(seed=1)
    only = GAME.legal_moves(s)[:1]
    assert bot.choose(GAME.observe(s, s.current), only, Random(0)) == only[0]
    assert bot.total_iterations == 0


def test_outcome_rewards() -> None:
    o = Outcome(margin_weight=0.0)
    assert o.rewards([100, 50]) == (1.0, 0.0)
    assert o.rewards([60, 60, 10]) == (0.5, 0.5, 0.0)
    low = Outcome(margin_weight=0.0, lower_is_better=True)
    assert low.rewards([10, 40, 5]) == (0.0, 0.0, 1.0)
    blended = Outcome(margin_weight=0.5, scale=100).rewards([150, 50])
    assert 0.9 < blended[0] < 1.0 and 0.0 < blended[1] < 0.1
    assert o.win_share([3, 3], 1) == 0.5


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("500", Budget(iterations=500)),
        ("iters=40", Budget(iterations=40)),
        ("1s", Budget(seconds=1.0)),
        ("250ms", Budget(seconds=0.25)),
        ("iters=10,time=2s", Budget(iterations=10, seconds=2.0)),
        ("iters=150,actions=8000", Budget(iterations=150, actions=8000)),
        ("iters=150,actions=8000,time=900ms", Budget(iterations=150, seconds=0.9, actions=8000)),
    ],
)
def test_budget_text_round_trips(text: str, budget: Budget) -> None:
    assert Budget.parse(text) == budget
    assert Budget.parse(budget.text()) == budget


@pytest.mark.parametrize(
    "bad", ["", "fast", "iters=0", "-1s", "time=x", "actions=500", "iters=9,actions=0", "actions=y"]
)
def test_bad_budgets_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        Budget.parse(bad)


def test_untimed_drops_the_seconds_and_keeps_the_action_cap() -> None:
    assert Budget(iterations=150, seconds=0.9, actions=8000).untimed == Budget(iterations=150, actions=8000)
    assert Budget(iterations=150, seconds=0.9, actions=8000).untimed.is_deterministic
    assert Budget(seconds=1.0).untimed == Budget(seconds=1.0)  # no iterations: the clock is the budget
    assert not Budget(iterations=150, seconds=0.9, actions=8000).is_deterministic


def test_an_action_cap_stops_the_search_after_the_iteration_that_crosses_it() -> None:
    """``Budget.actions``: the search stops once its iterations have simulated that many actions;
    what it ran is the same as an uncapped search of as many iterations (the cap only cuts)."""
    s = GAME.new_game(seed=5)
    view, legal = GAME.observe(s, s.current), GAME.legal_moves(s)
    bot = ISMCTSPlayer(GAME, rollout, Budget(iterations=400, actions=600))
    capped = bot.search(view, legal, Random(2))
    assert capped.cut and 1 < capped.iterations < 400 and capped.actions >= 600
    assert bot.total_cut == 1 and bot.total_iterations == capped.iterations
    same = bot.search(view, legal, Random(2), Budget(iterations=capped.iterations))
    assert not same.cut and same.actions == capped.actions and same.estimates == capped.estimates
    one_less = bot.search(view, legal, Random(2), Budget(iterations=capped.iterations - 1))
    assert one_less.actions < 600  # it did not stop early
    assert bot.total_cut == 1
    # a cap that does not bind changes nothing
    free = bot.search(view, legal, Random(2), Budget(iterations=20, actions=10**9))
    assert not free.cut and free.estimates == bot.search(view, legal, Random(2), Budget(iterations=20)).estimates


def test_a_capped_search_is_seeded_and_plays_legal_moves() -> None:
    bot = ISMCTSPlayer(GAME, rollout, Budget(iterations=300, actions=400))
    s = GAME.new_game(seed=8)
    k = 0
    while not GAME.is_terminal(s) and k < 12:
        legal = GAME.legal_moves(s)
        view = GAME.observe(s, s.current)
        a = bot.choose(view, legal, Random(k))
        assert a in legal and a == bot.choose(view, legal, Random(k))
        s = GAME.apply(s, a)
        k += 1
    assert bot.total_cut > 0


def test_policy_first_defers_to_the_policy_on_a_tiny_budget() -> None:
    s = position(["9h Th 4s 5s Kd 2c 7d", "3c4c5c6c7c8c9d"], phase="play", born=[0], row="8h* Jd1")
    view, legal = GAME.observe(s, 0), legal_moves(s)
    heuristic = DummyHeuristic()
    assert len(legal) > 3
    bot = ISMCTSPlayer(GAME, bot_rollout(GAME, heuristic), Budget(iterations=2), policy_first=True)
    assert bot.choose(view, legal, Random(4)) == heuristic.choose(view, legal, Random(0))


def test_a_tree_of_depth_one_keeps_only_the_root_moves() -> None:
    s = _position()
    view, legal = GAME.observe(s, 0), legal_moves(s)  # type: ignore[arg-type]
    bot = ISMCTSPlayer(GAME, rollout, Budget(iterations=80), tree_depth=1)
    result = bot.search(view, legal, Random(5))
    assert result.iterations == 80 and sum(e.visits for e in result.estimates) == 80
    # playouts alone still see that the game is won now: knock, or meld and knock after it
    knock = next(e for e in result.estimates if isinstance(e.action, Knock))
    assert knock.win is not None and knock.win > 0.9
    assert result.estimates[0].win is not None and result.estimates[0].win > 0.9
    again = ISMCTSPlayer(GAME, rollout, Budget(iterations=80), tree_depth=1).search(view, legal, Random(5))
    assert [(e.action, e.visits) for e in again.estimates] == [(e.action, e.visits) for e in result.estimates]
    with pytest.raises(ValueError):
        ISMCTSPlayer(GAME, rollout, tree_depth=0)
    by_view = ISMCTSPlayer(GAME, rollout, Budget(iterations=80), tree_depth=lambda v: 1).search(view, legal, Random(5))
    assert [(e.action, e.visits) for e in by_view.estimates] == [(e.action, e.visits) for e in result.estimates]
    with pytest.raises(ValueError):
        ISMCTSPlayer(GAME, rollout, Budget(iterations=5), tree_depth=lambda v: 0).search(view, legal, Random(5))


def _nodes_made(searches: list[ISMCTSPlayer[DummyState, DummyAction, DummyView]]) -> list[int]:
    """How many tree nodes each bot's search of the test position makes, counted through the
    search's own node class (each search: 0 to play, born, 200 iterations or the bot's own)."""
    from samrap.players import ismcts

    made: list[object] = []
    real = ismcts._Node

    class Counted(real):  # type: ignore[misc,valid-type]
        __slots__ = ()

        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    s = _position()
    view, legal = GAME.observe(s, 0), legal_moves(s)  # type: ignore[arg-type]
    counts = []
    ismcts._Node = Counted  # type: ignore[misc]
    try:
        for bot in searches:
            made.clear()
            result = bot.search(view, legal, Random(2))
            assert sum(e.visits for e in result.estimates) == result.iterations
            counts.append(len(made))
    finally:
        ismcts._Node = real  # type: ignore[misc]
    return counts


def test_a_shallow_tree_grows_no_deeper() -> None:
    """Count the tree's nodes through the search's own structure: none below the given depth."""
    legal = legal_moves(_position())  # type: ignore[arg-type]
    flat, deep = _nodes_made(
        [
            ISMCTSPlayer(GAME, rollout, Budget(iterations=60), tree_depth=1),
            ISMCTSPlayer(GAME, rollout, Budget(iterations=60)),
        ]
    )
    assert flat <= len(legal) + 1 < deep  # the root and one node per root move at most


def test_whole_turn_grows_the_tree_through_the_seat_s_own_turn_only() -> None:
    """whole_turn: below the depth the tree goes on while the searching seat is still to move (the
    rest of its turn: more put-downs, then the discard), and stops where the turn passes, so it
    has more nodes than the flat tree and fewer than the whole tree (which also holds the replies)."""
    legal = legal_moves(_position())  # type: ignore[arg-type]
    flat, turn, deep = _nodes_made(
        [
            ISMCTSPlayer(GAME, rollout, Budget(iterations=200), tree_depth=depth, whole_turn=whole)
            for depth, whole in ((1, False), (1, True), (None, False))
        ]
    )
    assert flat <= len(legal) + 1 < turn < deep


def test_a_decision_s_budget_comes_from_budget_for_with_the_moves_searched() -> None:
    """budget_for is asked by choose with the root filter's moves and the budget in force; the
    search runs the budget it gives, and without it the bot's own."""
    s = _position()
    view, legal = GAME.observe(s, 0), legal_moves(s)  # type: ignore[arg-type]
    asked: list[tuple[int, Budget]] = []

    def two_moves(v: DummyView, moves: Sequence[DummyAction]) -> list[DummyAction]:
        return list(moves[:2])

    def seven(v: DummyView, moves: Sequence[DummyAction], budget: Budget) -> Budget:
        asked.append((len(moves), budget))
        return Budget(iterations=7)

    bot = ISMCTSPlayer(GAME, rollout, Budget(iterations=40), root_filter=two_moves, budget_for=seven)
    assert bot.choose(view, legal, Random(1)) in legal[:2]
    assert bot.total_iterations == 7 and asked == [(2, Budget(iterations=40))]
    bot.choose(view, legal, Random(1), Budget(iterations=9))
    assert asked[-1] == (2, Budget(iterations=9)) and bot.total_iterations == 14
    plain = ISMCTSPlayer(GAME, rollout, Budget(iterations=40), root_filter=two_moves)
    plain.choose(view, legal, Random(1))
    assert plain.total_iterations == 40


def test_sequential_halving_splits_the_budget_in_rounds_and_plays_the_best_survivor() -> None:
    """root_halving: ceil(log2(n)) rounds, each shared evenly among the moves still in, the
    better half by mean going on; the move played is the best of the most visited."""
    s = position(["9h Th 4s 5s Kd 2c 7d", "3c4c5c6c7c8c9d"], phase="play", born=[0], row="8h* Jd1")
    view, legal = GAME.observe(s, 0), legal_moves(s)
    n = len(legal)
    assert n > 4
    bot = ISMCTSPlayer(GAME, rollout, Budget(iterations=120), tree_depth=1, root_halving=True)
    result = bot.search(view, legal, Random(6))
    assert result.iterations == 120 and sum(e.visits for e in result.estimates) == 120
    rounds = math.ceil(math.log2(n))
    first_round = 120 // rounds
    # every move had its share of the first round, and no more unless it survived it
    assert min(e.visits for e in result.estimates) >= first_round // n
    top = result.estimates[0]
    assert top.visits == max(e.visits for e in result.estimates)
    assert all(e.value <= top.value for e in result.estimates if e.visits == top.visits)
    again = ISMCTSPlayer(GAME, rollout, Budget(iterations=120), tree_depth=1, root_halving=True).search(
        view, legal, Random(6)
    )
    assert [(e.action, e.visits) for e in again.estimates] == [(e.action, e.visits) for e in result.estimates]
    # a time budget falls back to UCB1
    timed = ISMCTSPlayer(GAME, rollout, Budget(seconds=0.05), root_halving=True).search(view, legal, Random(6))
    assert timed.iterations >= 1


def test_the_finds_the_winning_knock_holds_with_halving_and_a_cut_playout() -> None:
    from samrap.players.coaches.dummy import static_scores

    s = _position()
    view, legal = GAME.observe(s, 0), legal_moves(s)  # type: ignore[arg-type]
    bot = ISMCTSPlayer(GAME, rollout, Budget(iterations=150), root_halving=True, playout_limit=10, cutoff=static_scores)
    assert isinstance(bot.choose(view, legal, Random(3)), Knock)


def test_paired_halving_gives_every_root_move_the_same_deals() -> None:
    """paired: the first round plays each root move once on the same determinization, and the
    second visits on another one (common random numbers across the root moves)."""
    s = position(["9h Th 4s 5s Kd 2c 7d", "3c4c5c6c7c8c9d"], phase="play", born=[0], row="8h* Jd1")
    view, legal = GAME.observe(s, 0), legal_moves(s)
    n = len(legal)
    drawn: list[object] = []

    class Recording(DummyGame):
        def resample(self, v, rng):  # type: ignore[no-untyped-def]
            state = super().resample(v, rng)
            drawn.append(state.deck)
            return state

    game = Recording(GAME.config)
    budget = Budget(iterations=2 * n * math.ceil(math.log2(n)))  # a first round of two visits a move
    bot = ISMCTSPlayer(game, rollout, budget, tree_depth=1, root_halving=True, paired=True)
    bot.search(view, legal, Random(8))
    assert len(set(drawn[:n])) == 1
    assert drawn[n] != drawn[0] and len(set(drawn[n : 2 * n])) == 1
    plain = ISMCTSPlayer(game, rollout, budget, tree_depth=1, root_halving=True)
    drawn.clear()
    plain.search(view, legal, Random(8))
    assert len(set(drawn[:n])) > 1
