"""Every position of a finished match, for the replay viewer: online (``GET /api/games/{id}/replay``,
``server/replay.py``) and offline (the worker, for the matches kept on the device, issue 25).

A finished match is over, so nothing in it is secret any more: the viewer steps through full
position strings with every hand shown. The states are rebuilt from the record by the games' own
rules (the client holds none), so a replay shows exactly what the recorded actions lead to. It
lives here, below the server, because it is pure Python and the offline pack needs it too.
"""

from __future__ import annotations

from typing import Any

from samrap.engine.record import loads_record
from samrap.engine.registry import GAMES, GameSetup


def replay_states(record_text: str) -> dict[str, Any]:
    """``{"games": [{"states": [position before the first action, after each action...]}]}``.

    Raises:
        InvalidNotationError: the record cannot be read, or an action in it is not legal.
    """
    match = loads_record(record_text).match
    spec = GAMES[match.game]
    game = spec.make_game(spec.parse_config(match.config, spec.default_config))
    totals = tuple(0 for _ in match.players)
    games = []
    for index, g in enumerate(match.games):
        state = spec.start_game(game, GameSetup(index, g.deck, g.starter, g.direction, totals, g.seed))
        states = [state.to_string()]
        for seat, action in g.actions:
            state = game.apply(state, game.parse_action(action), seat)
            states.append(state.to_string())
        games.append({"states": states})
        totals = tuple(t + s for t, s in zip(totals, g.scores, strict=True))
    return {"games": games}
