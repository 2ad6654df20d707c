"""Messages for clients, built from views: the only path by which game information leaves a table.

:func:`view_message` (the protocol's :class:`samrap.server.messages.ViewMsg`) asks the table for
``observe(state, seat)`` (or the spectator's view), writes it as the game's view string and adds
the legal action texts for the seat to move. It never looks at the state itself;
``tests/server/test_leaks.py`` checks every message of hundreds of games against the full state.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence

from samrap.server.messages import Event, SeatInfo, TableInfo
from samrap.server.table import Table, event_text


def events_json(events: Sequence[Event]) -> str:
    """The ``events`` list of a view message as JSON, null fields left out.

    A broadcast sends the same events to every connection, so it is serialised once per change
    rather than once per connection.
    """
    return "[" + ",".join(event_text(e) for e in events) + "]"


def latest_events_json(table: Table, count: int) -> str:
    """The table's last ``count`` public events as a JSON list, from the texts its tail keeps
    (what :meth:`Table.apply` just returned: serialised once, for the tail and the broadcast)."""
    texts = [text for _, text in itertools.islice(reversed(table.tail), count)]
    return "[" + ",".join(reversed(texts)) + "]"


def view_message(
    table: Table,
    seat: int | None,
    events: Sequence[Event] | str,
    deadline: float | None = None,
    truncated: bool = False,
) -> str:
    """The JSON ``view`` message (:class:`ViewMsg`) for ``seat`` (``None``: a spectator) now.

    Written with ``json`` rather than through the Pydantic model: this runs for every seat after
    every action, and ``test_every_server_message_matches_the_schema`` holds it to the model.
    ``events`` may be given already serialised (:func:`events_json`).
    """
    view = table.view(seat)
    mover = table.to_move()
    legal = table.legal_texts() if seat is not None and seat == mover else []
    body: dict[str, object] = {"t": "view", "v": table.version}
    if seat is not None:
        body["seat"] = seat
    body["game"] = table.deal.game if table.deal is not None else 0
    if view is not None:
        body["view"] = str(view.to_string())
    body["legal"] = legal
    if mover is not None:
        body["to_move"] = mover
    if deadline is not None:
        body["deadline"] = deadline
    body["truncated"] = truncated
    head = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    tail = events if isinstance(events, str) else events_json(events)
    return f'{head[:-1]},"events":{tail}}}'


def events_since(table: Table, version: int) -> tuple[str, bool]:
    """Public events after ``version`` from the table's tail (as a JSON list), and whether some
    are missing."""
    tail = table.tail
    events = "[" + ",".join(text for v, text in tail if v > version) + "]"
    truncated = bool(tail) and tail[0][0] > version + 1
    return events, truncated


def table_info(
    table: Table,
    base_url: str,
    connected: set[int],
    standins: set[int],
    spectators: int,
    host_seat: int | None = None,
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
            avatar=s.avatar,
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
        public=table.public,
        host_seat=host_seat,
    )
