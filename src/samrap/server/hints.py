"""Table hints: the seat's view in, ranked moves out, in two depths (issue 27.4).

A job gets the game, the view of the seat to move and its legal actions, never the state, so a
hint can reveal nothing the seat could not know.

* :func:`quick_hints`: the game's heuristic ranks the moves, each with its one-line reason. A few
  milliseconds (Dummy's end-game check up to about a tenth of a second), so it runs on a thread
  of the server beside the bots' own heuristic moves, and a person sees it within a moment
  whatever the worker pool is doing.
* :func:`hint_job`: the deeper look, the heuristic's best moves played out on simulated deals
  (``players.hint.rank_moves``); a second or so of CPU, so it runs in a worker process
  (``samrap.server.workers``), never on the event loop. Its answer is cached by the pool per
  (table, version, seat, language).

Both answer plain data (what ``HintResponse`` carries).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from samrap.engine.protocol import ViewLike
from samrap.engine.registry import AnyGame

#: The search behind hints for a game without the shared analysis (small: a tap's answer).
HINT_ITERATIONS = 200
#: Wall-clock seconds the deeper look's simulations may take in the worker before it answers with
#: the deals done so far (``players.hint.compare_within``): a person waits for it (issue 27.4).
DEEP_SECONDS = 0.7
#: Seconds a ``depth: "deep"`` request waits for the worker's answer before it is told ``busy``
#: (the job goes on and its answer is cached: the next ask gets it).
DEEP_WAIT = 8.0


def hint_job(game: AnyGame, view: ViewLike, legal: Sequence[object], seed: int, lang: str) -> list[dict[str, Any]]:
    """Every legal move of the view's seat, best first (``players.hint.rank_moves``), as dicts."""
    from samrap.players.budget import Budget
    from samrap.players.hint import analysed, rank_moves
    from samrap.players.levels import ismcts_for

    # a game the shared analysis does not know is ranked by a small search instead
    bot = None if analysed(game) else ismcts_for(game, Budget(iterations=HINT_ITERATIONS))
    hints = rank_moves(game, view, legal, bot, random.Random(seed), None, lang, DEEP_SECONDS)
    return [h.as_dict() for h in hints]


def quick_hints(game: AnyGame, view: ViewLike, legal: Sequence[object], seed: int, lang: str) -> list[dict[str, Any]]:
    """Every legal move in the heuristic's order with its reason (``players.hint.quick_moves``)."""
    from samrap.players.hint import quick_moves

    return [h.as_dict() for h in quick_moves(game, view, legal, random.Random(seed), lang)]
