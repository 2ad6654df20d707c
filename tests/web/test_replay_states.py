"""``samrap.server.replay``: the positions the replay viewer steps through, rebuilt from a record."""

from __future__ import annotations

from samrap.engine.match import run_match
from samrap.engine.record import dumps_record, make_record
from samrap.engine.registry import GAMES
from samrap.games.dummy import DummyGame
from samrap.players.random_bot import RandomPlayer
from samrap.server.replay import replay_states


def test_every_position_of_a_recorded_match() -> None:
    spec = GAMES["dummy"]
    config = spec.parse_config("dummy(players=3,target=50)", spec.default_config)
    match = run_match(spec, config, [RandomPlayer(f"r{q}") for q in range(3)], seed=11, max_games=3)
    out = replay_states(dumps_record(make_record(match)))
    game = DummyGame(config)
    assert len(out["games"]) == len(match.games) >= 1
    totals = [0, 0, 0]
    for g, rebuilt in zip(match.games, out["games"], strict=True):
        states = rebuilt["states"]
        assert len(states) == len(g.actions) + 1
        first = game.state_from_string(states[0])
        assert list(first.scores) == totals  # each game starts from the match totals before it
        last = game.state_from_string(states[-1])
        assert game.is_terminal(last)
        assert tuple(game.returns(last)) == g.scores
        # every hand is in the full position (the viewer shows them all)
        assert all("?" not in h for h in states[0].split("|hands:")[1].split("|")[0].split(","))
        totals = [t + s for t, s in zip(totals, g.scores, strict=True)]
