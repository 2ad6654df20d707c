"""The focused search: it keeps the heuristic's move unless playouts show a real gain."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

import pytest

from samrap.players.budget import Budget
from samrap.players.focused import FocusedSearch


@dataclass(frozen=True)
class _View:
    seat: int = 0


@dataclass(frozen=True)
class _State:
    hidden: int
    choice: int = -1


class _OneShot:
    """Seat 0 picks 0, 1 or 2 once; the score of each pick is set by ``payoff(pick, hidden)``."""

    players = 2

    def __init__(self, payoff: dict[int, Sequence[float]]) -> None:
        self.payoff = payoff

    def legal_moves(self, s: _State) -> list[int]:
        return [0, 1, 2] if s.choice < 0 else []

    def apply(self, s: _State, a: int, seat: int | None = None) -> _State:
        return _State(s.hidden, a)

    def apply_unchecked(self, s: _State, a: int) -> _State:
        return _State(s.hidden, a)

    def current_player(self, s: _State) -> int:
        return 0 if s.choice < 0 else -1

    def is_terminal(self, s: _State) -> bool:
        return s.choice >= 0

    def returns(self, s: _State) -> tuple[int, ...]:
        # Fractional payoffs (0.1) make near-ties; the search only adds and compares them.
        return (self.payoff[s.choice][s.hidden], 0.0)  # type: ignore[return-value]

    def observe(self, s: _State, seat: int) -> _View:
        return _View(seat)

    def resample(self, v: _View, rng: Random) -> _State:
        return _State(rng.randrange(4))


def _bot(payoff: dict[int, Sequence[float]]) -> FocusedSearch[_State, int, _View]:
    return FocusedSearch(
        _OneShot(payoff),
        lambda s, legal, rng: legal[0],
        lambda view, legal: list(legal),  # the "heuristic" prefers 0
        lambda scores, seat: scores[seat],
        Budget(iterations=60),
    )


def test_switches_only_for_a_clear_gain() -> None:
    # Pick 1 is 10 points better on every hidden card: played.
    bot = _bot({0: [0, 0, 0, 0], 1: [10, 10, 10, 10], 2: [0.1, 0.1, 0.1, 0.1]})
    assert bot.choose(_View(), [0, 1, 2], Random(1)) == 1
    # Pick 2 is better by less than min_gain, pick 1 only by noise (mean 0): the default stays.
    bot = _bot({0: [0, 0, 0, 0], 1: [9, -9, 9, -9], 2: [0.1, 0.1, 0.1, 0.1]})
    assert bot.choose(_View(), [0, 1, 2], Random(1)) == 0
    assert bot.total_iterations == 60


def test_searches_the_clock_stops_early_are_counted_and_an_action_cap_is_not() -> None:
    bot = _bot({0: [0, 0, 0, 0], 1: [10, 10, 10, 10], 2: [0.1, 0.1, 0.1, 0.1]})
    bot.choose(_View(), [0, 1, 2], Random(1), Budget(iterations=60, actions=1))  # not counted here
    assert bot.total_iterations == 60 and bot.total_cut == 0
    # a deadline long past after the two first rounds (whatever the machine): cut, and counted
    bot.choose(_View(), [0, 1, 2], Random(1), Budget(iterations=10**6, seconds=1e-9))
    assert bot.total_iterations == 66 and bot.total_cut == 1
    bot.choose(_View(), [0, 1, 2], Random(1), Budget(seconds=1e-9))  # the clock is the budget: not cut
    assert bot.total_cut == 1


def test_a_single_candidate_is_played_without_search() -> None:
    bot = FocusedSearch(
        _OneShot({0: [0] * 4, 1: [5] * 4, 2: [0] * 4}),
        lambda s, legal, rng: legal[0],
        lambda view, legal: [2],
        lambda scores, seat: scores[seat],
    )
    assert bot.choose(_View(), [0, 1, 2], Random(0)) == 2
    assert bot.total_iterations == 0


def test_analyse_ranks_the_chosen_move_first() -> None:
    bot = _bot({0: [0] * 4, 1: [3] * 4, 2: [-3] * 4})
    est = bot.analyse(_View(), [0, 1, 2], Random(0))
    assert [e.action for e in est] == [1, 0, 2]
    assert est[0].score == pytest.approx(3.0) and est[0].visits == 20


def test_contract_candidates_follow_the_heuristic() -> None:
    pytest.importorskip("samrap.games.contract.game")
    from samrap.games.contract.actions import Discard, GoDown, LayOff
    from samrap.games.contract.game import ContractGame
    from samrap.players.heuristic.contract import best_action, candidates

    game = ContractGame()
    rng = Random(3)
    seen_down = seen_lay = 0
    for seed in range(3):
        s = game.new_game(seed=seed)
        while not game.is_terminal(s):
            p = game.current_player(s)
            legal = game.legal_moves(s)
            view = game.observe(s, p)
            cands = candidates(view, legal)
            first = best_action(view, legal)
            assert cands[0] == first and all(a in legal for a in cands) and len(set(cands)) == len(cands)
            if isinstance(first, LayOff):
                assert cands == [first]
                seen_lay += 1
            if isinstance(first, GoDown) and any(isinstance(a, Discard) for a in legal):
                # Going down is compared with waiting (a discard), when waiting is allowed.
                assert any(isinstance(a, Discard) for a in cands)
                seen_down += 1
            s = game.apply(s, legal[rng.randrange(len(legal))] if rng.random() < 0.2 else first)
    assert seen_down and seen_lay


def test_contract_search_is_seeded_and_legal() -> None:
    pytest.importorskip("samrap.games.contract.game")
    from samrap.games.contract.game import ContractGame
    from samrap.players.levels import make_bot

    game = ContractGame()
    s = game.new_game(seed=11)
    picks = []
    for _ in range(2):
        bot = make_bot("ismcts:iters=6", game)
        view = game.observe(s, game.current_player(s))
        legal = game.legal_moves(s)
        a = bot.choose(view, legal, Random(4))
        assert a in legal
        picks.append(a)
    assert picks[0] == picks[1]


def test_analyse_covers_every_legal_action_for_hints() -> None:
    bot = FocusedSearch(
        _OneShot({0: [0] * 4, 1: [5] * 4, 2: [1] * 4}),
        lambda s, legal, rng: legal[0],
        lambda view, legal: [0, 1],
        lambda scores, seat: scores[seat],
        Budget(iterations=8),
    )
    est = bot.analyse(_View(), [0, 1, 2], Random(0))
    assert [e.action for e in est] == [1, 0, 2]
    assert est[2].visits == 0 and est[0].visits == 4


def test_contract_playouts_skip_deep_pickups_the_heuristic_never_plays() -> None:
    pytest.importorskip("samrap.games.contract.game")
    from samrap.games.contract.actions import PickUp
    from samrap.games.contract.game import ContractGame
    from samrap.players.heuristic.contract import best_action, playout_state

    game = ContractGame()
    s = game.new_game(seed=2)
    rng = Random(2)
    deep_seen = 0
    while not game.is_terminal(s):
        legal = game.legal_moves(s)
        if any(isinstance(a, PickUp) and a.depth for a in legal):
            deep_seen += 1
            fast = game.legal_moves(playout_state(s))
            assert not any(isinstance(a, PickUp) and a.depth for a in fast)
            view = game.observe(s, game.current_player(s))
            assert best_action(view, legal) in fast  # the heuristic's move is still there
        s = game.apply(s, legal[rng.randrange(len(legal))])
    assert s.config.pickup == "deep" and deep_seen


def test_contract_rollout_plays_the_heuristics_moves() -> None:
    # The playout policy reads the mover's fields straight from the state; it must play exactly
    # what the heuristic plays when shown observe(state, mover), at every decision of whole deals.
    pytest.importorskip("samrap.games.contract.game")
    from samrap.games.contract.game import ContractGame
    from samrap.players.heuristic.contract import ContractHeuristic, rollout

    game = ContractGame()
    bot = ContractHeuristic()
    checked = 0
    for seed, deal in ((1, 1), (2, 3), (3, 5), (4, 7)):
        s = game.new_game(seed=seed, deal_number=deal)
        rng = Random(seed)
        while not game.is_terminal(s):
            legal = game.legal_moves(s)
            view = game.observe(s, game.current_player(s))
            a = rollout(s, legal, rng)
            assert a == bot.choose(view, legal, rng)
            checked += len(legal) > 1
            s = game.apply(s, legal[rng.randrange(len(legal))] if rng.random() < 0.1 else a)
    assert checked > 100


def test_win_chance_is_a_probability_that_favours_the_lower_total() -> None:
    from samrap.players.heuristic.contract import win_chance

    # Equal totals: an equal share; with nothing to come, the win share itself.
    assert win_chance([10, 10, 10, 10], 2, 50.0) == pytest.approx(0.25, abs=1e-3)
    assert win_chance([10, 30, 20, 40], 0, 0.0) == 1.0
    assert win_chance([10, 30, 10, 40], 0, 0.0) == 0.5
    assert win_chance([10, 30, 5, 40], 0, 0.0) == 0.0
    # Ahead by 30: more than a share, less with more deals (spread) to come; the four sum to 1.
    totals = [0, 30, 30, 30]
    near, far = win_chance(totals, 0, 20.0), win_chance(totals, 0, 80.0)
    assert near > far > 0.25
    assert sum(win_chance(totals, q, 40.0) for q in range(4)) == pytest.approx(1.0, abs=1e-3)


def test_match_value_counts_the_totals_so_far() -> None:
    pytest.importorskip("samrap.games.contract.game")
    from samrap.games.contract.game import ContractGame
    from samrap.players.heuristic.contract import match_value

    game = ContractGame()
    # Deal 7 (nothing to come): the same deal scores win for a seat 20 ahead, lose for one 20 behind.
    ahead = game.observe(game.new_game(seed=1, deal_number=7, scores=[100, 120, 120, 120]), 0)
    behind = game.observe(game.new_game(seed=1, deal_number=7, scores=[140, 120, 120, 120]), 0)
    deal = [10, 0, 25, 30]  # seat 1 went out
    assert match_value(ahead, margin=0.0)(deal, 0) == pytest.approx(100.0)
    assert match_value(behind, margin=0.0)(deal, 0) == pytest.approx(0.0)
    # The margin term adds the deal margin (the others' mean penalty minus its own).
    assert match_value(ahead, margin=1.0)(deal, 0) == pytest.approx(100.0 + 55 / 3 - 10)
    # Deal 1: far from decided, a better deal is worth more but never certainty.
    early = game.observe(game.new_game(seed=1, deal_number=1), 0)
    v = match_value(early, margin=0.0)
    assert 25.0 < v([0, 10, 10, 10], 0) < v([0, 40, 40, 40], 0) < 100.0


def test_value_for_builds_the_value_from_the_view() -> None:
    # value_for replaces value: here it reverses the payoff, so pick 2 (worst by value) wins.
    bot = FocusedSearch(
        _OneShot({0: [0] * 4, 1: [5] * 4, 2: [-5] * 4}),
        lambda s, legal, rng: legal[0],
        lambda view, legal: list(legal),
        lambda scores, seat: scores[seat],
        Budget(iterations=12),
        value_for=lambda view: lambda scores, seat: -scores[seat],
    )
    assert bot.choose(_View(), [0, 1, 2], Random(0)) == 2


def test_racing_drops_clearly_worse_candidates_and_spends_the_rest() -> None:
    # Pick 2 is far worse on every hidden card: dropped after min_rounds; pick 1 is 10 better and
    # keeps playing with the default until the budget is spent, then wins.
    game = _OneShot({0: [0, 1, 2, 3], 1: [10, 11, 12, 13], 2: [-50, -49, -48, -47]})
    bot = FocusedSearch(
        game,
        lambda s, legal, rng: legal[0],
        lambda view, legal: list(legal),
        lambda scores, seat: scores[seat],
        Budget(iterations=30),
        prune_z=2.0,
        min_rounds=3,
    )
    est = bot.analyse(_View(), [0, 1, 2], Random(5))
    visits = {e.action: e.visits for e in est}
    assert est[0].action == 1
    assert visits[2] == 3 and visits[0] == visits[1] > 10
    assert visits[0] + visits[1] + visits[2] <= 30 and bot.total_iterations == visits[0] + visits[1] + visits[2]
    # Only the default left (both others clearly worse): the search stops after min_rounds.
    bot = FocusedSearch(
        _OneShot({0: [9, 10, 11, 12], 1: [0, 1, 2, 3], 2: [-5, -4, -3, -2]}),
        lambda s, legal, rng: legal[0],
        lambda view, legal: list(legal),
        lambda scores, seat: scores[seat],
        Budget(iterations=300),
        prune_z=2.0,
    )
    assert bot.choose(_View(), [0, 1, 2], Random(5)) == 0
    assert bot.total_iterations == 9


def test_contract_ismcts_plays_for_the_match_and_races() -> None:
    pytest.importorskip("samrap.games.contract.game")
    from samrap.games.contract.game import ContractGame
    from samrap.players.heuristic.contract import match_value, rollout
    from samrap.players.levels import make_bot

    bot = make_bot("ismcts:iters=8", ContractGame())
    assert isinstance(bot, FocusedSearch)
    assert bot.value_for is match_value and bot.prune_z > 0 and bot.rollout is rollout
