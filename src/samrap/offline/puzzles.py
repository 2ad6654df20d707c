"""Puzzles with no server (issue 26.5): the answers of the ``/api/puzzles/...`` routes
(``server/puzzles_api.py``), from the same functions (:mod:`samrap.learn.puzzles`), for the offline
worker. The puzzle files and the rules engine are both in the offline pack."""

from __future__ import annotations

from collections.abc import Mapping

from samrap.learn.puzzles import Json, PuzzleError, find_puzzle, next_json, shown, today_json, try_json
from samrap.offline.table import LocalError


def puzzle_call(req: Mapping[str, object]) -> Json:
    """``req``: ``{"game", "what": "today"|"next"|"get"|"try", "id", "day", "rating", "tried", "body"}``."""
    game = str(req.get("game"))
    what = req.get("what")
    try:
        if what == "today":
            day = req.get("day")
            return today_json(game, None if day is None else str(day))
        if what == "next":
            tried = req.get("tried")
            rating = req.get("rating")
            return next_json(
                game,
                float(rating) if isinstance(rating, int | float) else 1500.0,
                [str(t) for t in tried] if isinstance(tried, list) else [],
            )
        if what == "get":
            return shown(find_puzzle(game, str(req.get("id"))))
        if what == "try":
            body = req.get("body")
            if not isinstance(body, dict):
                body = {}
            rating = body.get("rating")
            return try_json(
                game,
                str(req.get("id")),
                str(body.get("try", "")),
                float(body.get("solver", 1500.0)),
                None if rating is None else float(rating),
                bool(body.get("first", False)),
            )
    except PuzzleError as e:
        raise LocalError("not_found", str(e)) from None
    except (TypeError, ValueError) as e:
        raise LocalError("malformed", str(e)) from None
    raise LocalError("not_found", f"no puzzle call {what!r}")
