"""Messages for clients, built from views: the only path by which game information leaves a table.

:func:`view_message` asks the table for ``observe(state, seat)`` (or the spectator's view), writes
it as the game's view string and adds the legal action texts for the seat to move. It never looks
at the state itself; ``tests/server/test_leaks.py`` checks every message of hundreds of games
against the full state.
"""

from __future__ import annotations

from collections.abc import Sequence

from samrap.server.messages import Event, SeatInfo, TableInfo, ViewMsg
from samrap.server.table import Table


def view_message(
    table: Table,
    seat: int | None,
    events: Sequence[Event],
    deadline: float | None = None,
    truncated: bool = False,
) -> str:
    """The JSON ``view`` message for ``seat`` (``None``: a spectator) at the table's version."""
    view = table.view(seat)
    mover = table.to_move()
    legal = table.legal_texts() if seat is not None and seat == mover else []
    game_index = table.deal.game if table.deal is not None else 0
    msg = ViewMsg(
        v=table.version,
        seat=seat,
        game=game_index,
        view=None if view is None else str(view.to_string()),
        legal=list(legal),
        to_move=mover,
        deadline=deadline,
        events=list(events),
        truncated=truncated,
    )
    return msg.model_dump_json(exclude_none=True)


def events_since(table: Table, version: int) -> tuple[list[Event], bool]:
    """Public events after ``version`` from the table's tail, and whether some are missing."""
    tail = table.tail
    events = [e for e in tail if e.v > version]
    truncated = bool(tail) and tail[0].v > version + 1
    return events, truncated


def table_info(
    table: Table,
    base_url: str,
    connected: set[int],
    standins: set[int],
    spectators: int,
) -> TableInfo:
    """The public description of a table (no tokens, no seeds, no hands)."""
    seats = [
        SeatInfo(
            seat=q,
            kind=s.kind,
            name=s.name,
            level=s.level,
            connected=q in connected or s.kind == "bot",
            standin=q in standins,
            rated_player=s.player_id is not None,
        )
        for q, s in enumerate(table.seats)
    ]
    return TableInfo(
        code=table.code,
        link=f"{base_url.rstrip('/')}/t/{table.code}",
        game=table.spec.name,
        config=table.spec.config_string(table.config),
        title=table.spec.title,
        status=table.status,
        version=table.version,
        settings=table.settings,
        seats=seats,
        match=table.match + 1,
        game_index=len(table.games),
        totals=list(table.totals),
        commitment=table.commitment.sha256 if table.commitment is not None and table.status == "playing" else None,
        archived=list(table.archived),
        spectators=spectators,
    )
