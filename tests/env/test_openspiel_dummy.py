"""python_samrap_dummy: OpenSpiel's random-simulation test, its ISMCTS bot, observers and chance."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import samrap.openspiel  # noqa: E402,F401  (registers the games)


@pytest.mark.parametrize(
    "params",
    [
        "players=2",
        "players=3,reward=win",
        "players=4",
        "players=2,ace_low=True,collect_to_layoff=True,max_layoffs_per_game=3",
        "players=3,preset=modern",
    ],
)
def test_random_sim_test(params: str) -> None:
    game = pyspiel.load_game(f"python_samrap_dummy({params})")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_parameters_shape_the_game() -> None:
    classic = pyspiel.load_game("python_samrap_dummy(players=2)")
    wide = pyspiel.load_game("python_samrap_dummy(players=3,ace_low=True,collect_to_layoff=True)")
    assert classic.num_players() == 2 and wide.num_players() == 3
    assert wide.num_distinct_actions() == classic.num_distinct_actions() + 2 * 40 + 52 * 17
    assert classic.max_chance_outcomes() == 52
    assert classic.get_type().short_name == "python_samrap_dummy"
    win = pyspiel.load_game("python_samrap_dummy(players=2,reward=win)")
    assert (win.min_utility(), win.max_utility()) == (-1.0, 1.0)
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("python_samrap_dummy(players=5)")


def _deal(game: Any, rng: np.random.RandomState) -> Any:
    state = game.new_initial_state()
    chance_nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        actions = [a for a, _ in outcomes]
        state.apply_action(actions[rng.randint(len(actions))])
        chance_nodes += 1
    assert chance_nodes == 1 + 52  # the starting seat, then the deck order card by card
    return state


def test_the_deal_is_the_starting_seat_then_the_deck_order() -> None:
    game = pyspiel.load_game("python_samrap_dummy(players=2)")
    state = _deal(game, np.random.RandomState(1))
    history = state.history()
    starter, deck = history[0], tuple(history[1:53])
    assert sorted(deck) == list(range(52))
    assert state.game_state.deck == deck
    assert state.game_state.starter == starter == state.current_player()


def test_observations_come_from_the_seat_view_and_survive_resampling() -> None:
    game = pyspiel.load_game("python_samrap_dummy(players=3)")
    rng = np.random.RandomState(4)
    state = _deal(game, rng)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    info = state.information_state_string(seat)
    assert info.startswith(f"seat:{seat} ")
    assert info != state.information_state_string((seat + 1) % 3)
    obs = np.array(state.observation_tensor(seat))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(seat, sampler)
        assert other.game_state != state.game_state  # hidden cards moved
        assert other.information_state_string(seat) == info
        assert other.observation_string(seat) == state.observation_string(seat)
        assert np.array_equal(np.array(other.observation_tensor(seat)), obs)
        assert other.legal_actions() == state.legal_actions()


def test_ismcts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("python_samrap_dummy(players=2,reward=win)")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=8, random_state=rng)
    state = _deal(game, rng)
    moves = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else legal[rng.randint(len(legal))]
        assert action in legal
        state.apply_action(action)
        moves += 1
    assert moves > 5
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
