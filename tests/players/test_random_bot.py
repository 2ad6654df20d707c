"""The random player: uniform over the legal actions, and driven only by the rng it is given."""

from __future__ import annotations

from collections import Counter
from random import Random

from samrap.engine.protocol import Agent
from samrap.games.dummy import DummyGame
from samrap.players import Player, RandomPlayer


def test_random_player_is_a_player_and_an_engine_agent() -> None:
    p = RandomPlayer("r")
    assert isinstance(p, Player) and isinstance(p, Agent)
    assert p.name == "r"


def test_choices_are_legal_uniform_and_repeatable() -> None:
    game = DummyGame()
    state = game.apply(game.new_game(seed=3), game.legal_moves(game.new_game(seed=3))[0])
    view, legal = game.observe(state, state.current), game.legal_moves(state)
    assert len(legal) > 3
    picks = [RandomPlayer().choose(view, legal, Random(s)) for s in range(2000)]
    counts = Counter(picks)
    assert set(counts) == set(legal)
    assert max(counts.values()) < 2 * min(counts.values())
    again = [RandomPlayer().choose(view, legal, Random(s)) for s in range(2000)]
    assert picks == again
