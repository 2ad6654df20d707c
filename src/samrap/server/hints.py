"""Table hints as a worker job (``samrap.server.workers``): the seat's view in, ranked moves out.

The job gets the game, the view of the seat to move and its legal actions, never the state, so a
hint can reveal nothing the seat could not know; it runs in a worker process, so it never holds
the event loop. Its answer is plain data (what ``HintResponse`` carries), cached by the pool per
(table, version, seat, language).
"""

from __future__ import annotations

import random
from typing import Any

#: The search behind hints for a game without the shared analysis (small: a tap's answer).
HINT_ITERATIONS = 200


def hint_job(game: Any, view: Any, legal: list[Any], seed: int, lang: str) -> list[dict[str, Any]]:
    """Every legal move of the view's seat, best first (``players.hint.rank_moves``), as dicts."""
    from samrap.players.budget import Budget
    from samrap.players.hint import HINT_DEALS, rank_moves
    from samrap.players.levels import ismcts_for

    # a game the shared analysis does not know is ranked by a small search instead
    bot = None if game.name in HINT_DEALS else ismcts_for(game, Budget(iterations=HINT_ITERATIONS))
    hints = rank_moves(game, view, legal, bot, random.Random(seed), None, lang)
    return [h.as_dict() for h in hints]
