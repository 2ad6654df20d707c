"""The Web Worker's Python side: one JSON request in, one JSON answer out.

``static/js/offline/worker.js`` runs Pyodide, imports this module and calls :func:`handle` with
each request of the page (``create``, ``start``, ``act``, ``bot``, ``view``...); the answer is a
JSON object, ``{"error": ErrorBody}`` when the request is refused. Keeping the dispatch here (and
not in JavaScript) means it runs, and is tested, natively as well (``tests/offline``).
"""

from __future__ import annotations

import json
from typing import Any

from samrap.offline.table import LocalError, LocalTable, dumps, restore

_tables: dict[str, LocalTable] = {}


def _table(req: dict[str, Any]) -> LocalTable:
    code = str(req.get("code", ""))
    table = _tables.get(code)
    if table is None:
        raise LocalError("unknown_table", f"no offline table {code}")
    return table


def _dispatch(req: dict[str, Any]) -> dict[str, Any]:
    op = req.get("op")
    if op == "create":
        table = LocalTable(str(req["code"]), req.get("request") or {}, int(req["seed"]))
        _tables[table.code] = table
        return {"table": table.info(), "seat": table.human_seat()}
    if op == "restore":
        table = restore(req["log"])
        _tables[table.code] = table
        return {"table": table.info()}
    if op == "lessons":
        from samrap.offline.lessons import lesson_list

        return lesson_list(str(req.get("game")))
    if op == "lesson":
        from samrap.offline.lessons import lesson_step

        body = req.get("body") or {}
        moves = [str(m) for m in body.get("moves") or []][:40]
        attempt = body.get("try")
        return lesson_step(str(req.get("game")), str(req.get("id")), moves, None if attempt is None else str(attempt))
    if op == "puzzle":
        from samrap.offline.puzzles import puzzle_call

        return puzzle_call(req)
    if op == "replay":
        from samrap.offline.replay import replay_states

        return replay_states(str(req["record"]))
    if op == "has":
        return {"has": str(req.get("code")) in _tables}
    table = _table(req)
    if op == "info":
        return {"table": table.info()}
    if op in ("start", "rematch"):
        if op == "start" and table.status != "lobby":
            raise LocalError("bad_state", f"the table is {table.status}, not waiting to start")
        if op == "rematch" and table.status != "finished":
            raise LocalError("bad_state", "a rematch follows a finished match")
        table.start()
        return {"table": table.info()}
    if op == "view":
        seat = req.get("seat")
        return {"view": table.view(None if seat is None else int(seat), int(req.get("since") or 0))}
    if op == "welcome":
        seat = req.get("seat")
        return {"welcome": table.welcome(None if seat is None else int(seat))}
    if op == "act":
        table.act(int(req["seat"]), int(req["v"]), str(req["action"]))
        return {"ok": True, "bot": table.bot_to_move()}
    if op == "bot":
        text = table.bot_step()
        return {"action": text, "bot": table.bot_to_move()}
    if op == "log":
        return {"log": table.log()}
    if op == "record":
        text = table.records.get(str(req.get("id")))
        if text is None:
            raise LocalError("not_found", f"no record {req.get('id')}")
        return {"record": text}
    if op == "hint":
        return {"hints": _hints(table, int(req["seat"]), str(req.get("lang") or "en"))}
    raise LocalError("malformed", f"unknown request {op!r}")


def _hints(table: LocalTable, seat: int, lang: str) -> list[dict[str, Any]]:
    """The seat's legal moves ranked by the bots (as ``server/hints.py``), from its view only."""
    from samrap.core.rng import make_rng
    from samrap.players.budget import Budget
    from samrap.players.hint import analysed, rank_moves
    from samrap.players.levels import ismcts_for

    if table.to_move() != seat:
        raise LocalError("not_your_turn", "hints are for the seat to move")
    game = table.game
    view = game.observe(table.state, seat)
    moves = list(game.legal_moves(table.state))
    bot = None if analysed(game) else ismcts_for(game, Budget(iterations=200))
    hints = rank_moves(game, view, moves, bot, make_rng(f"offline-hint:{table.seed}:{table.version}"), None, lang)
    return [h.as_dict() for h in hints]


def handle(text: str) -> str:
    """Answer one JSON request (see the module docstring); never raises for a bad request."""
    try:
        req = json.loads(text)
        if not isinstance(req, dict):
            raise LocalError("malformed", "a request is a JSON object")
        return dumps(_dispatch(req))
    except LocalError as e:
        return dumps({"error": e.body()})
    except (KeyError, TypeError, ValueError) as e:
        return dumps({"error": {"code": "malformed", "message": f"bad request: {e}", "rule": None}})
