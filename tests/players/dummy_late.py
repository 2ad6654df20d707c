"""Late Dummy positions where the heuristic's end-game check compares moves, shared by the tests.

The end-game check (``players/heuristic/dummy_endgame.py``) and ``expert``'s checked playouts
(``players/coaches/dummy.py``) both act only once the stock is short and the rule-based move has
runners-up of its kind; their tests need such positions, found the same way: seeded games of the
heuristic (its check off) against a random player, stopped at seat 0's first such decision.
"""

from __future__ import annotations

from random import Random
from typing import Any

from samrap.games.dummy import DummyConfig, DummyGame, DummyState, Phase
from samrap.games.dummy.rules import legal_moves
from samrap.players.heuristic import dummy_endgame as endgame
from samrap.players.heuristic.dummy import DummyHeuristic, best_action
from samrap.players.random_bot import RandomPlayer

GAME = DummyGame(DummyConfig(players=2))


def late_positions(count: int, phase: Phase, stock: int) -> list[DummyState]:
    """``count`` positions at ``phase``, seat 0 to move, with at most ``stock`` stock cards left
    and a rule-based move that has runners-up, one from each seeded game (seeds 0, 1, ...)."""
    out: list[DummyState] = []
    bots: list[Any] = [DummyHeuristic(endgame=False), RandomPlayer()]
    seed = 0
    while len(out) < count:
        s = GAME.new_game(seed=seed)
        rng = Random(seed)
        seed += 1
        while not GAME.is_terminal(s):
            legal = legal_moves(s)
            if s.phase is phase and s.current == 0:
                view = GAME.observe(s, 0)
                if view.stock_size <= stock and endgame.candidates(view, legal, best_action(view, legal)):
                    out.append(s)
                    break
            s = GAME.apply(s, bots[s.current].choose(GAME.observe(s, s.current), legal, rng))
    return out
