"""The records of a table's append-only log: every change to a table is one of these.

Why a log of events rather than a saved state: the log is what is committed before anything is
broadcast, it is small (an action is a few bytes of text), and replaying it through the same
:meth:`samrap.server.table.Table.apply` that live play uses rebuilds a table exactly after a
crash. Event ``seq`` numbers are the table's versions; ``(table, seq)`` is the primary key of the
log, so two processes can never both append version ``n`` (it fences a stale owner).

These are *private* records: a deal holds the deck seed and the commitment salt, and a join holds
the hash of the seat token. Clients only ever see the public :class:`samrap.server.messages.Event`
built from them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from samrap.server.messages import AvatarId, BotLevel, TableSettings


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatSpec(_Event):
    kind: Literal["open", "bot"]
    level: BotLevel | None = None


class DailySetup(_Event):
    """A daily-deal table's deal (``samrap.server.daily``): the day, game key, deck seed and salt
    (kept in the private log; the seed and salt are revealed only once the day is over) and whose
    result it is (a player id or a hashed browser key; ``None``: played, not counted)."""

    day: str
    key: str
    seed: int
    salt: str
    player: str | None = None
    name: str = ""


class Created(_Event):
    """Seq 1 of every table: the game, the resolved config string, the seats and settings."""

    k: Literal["create"] = "create"
    game: str
    config: str
    seats: list[SeatSpec]
    settings: TableSettings
    host_hash: str
    #: Listed and open to watch; else spectators need ``spectator_key`` (kept here, in the private log).
    public: bool = False
    spectator_key: str | None = None
    #: A daily-deal table: one game, dealt from the day's committed seed (issue 26.6).
    daily: DailySetup | None = None


class Joined(_Event):
    k: Literal["join"] = "join"
    seat: int
    name: str
    token_hash: str
    player_id: str | None = None
    #: The creator sitting down (``host_name`` at creation): this seat holds host rights.
    host: bool = False
    #: The person's drawn avatar (checked when the request came in, and again when the log is read).
    avatar: AvatarId | None = None


class Left(_Event):
    k: Literal["leave"] = "leave"
    seat: int


class BotSeated(_Event):
    k: Literal["bot"] = "bot"
    seat: int
    level: BotLevel


class Dealt(_Event):
    """A game begins. ``game == 0`` starts a match (``match`` counts rematches). The deck is
    ``deal_order(seed)``; ``salt`` opens the published commitment once the game is archived."""

    k: Literal["deal"] = "deal"
    match: int
    game: int
    seed: int
    salt: str
    starter: int
    direction: int


class Acted(_Event):
    k: Literal["act"] = "act"
    seat: int
    action: str
    by: Literal["player", "bot", "standin", "timer"] = "player"


class Visibility(_Event):
    """The host made the table public (listed, open to watch) or private again."""

    k: Literal["visibility"] = "visibility"
    public: bool


LogEvent = Annotated[Created | Joined | Left | BotSeated | Dealt | Acted | Visibility, Field(discriminator="k")]
LOG_EVENT: TypeAdapter[Created | Joined | Left | BotSeated | Dealt | Acted | Visibility] = TypeAdapter(LogEvent)
AnyEvent = Created | Joined | Left | BotSeated | Dealt | Acted | Visibility


def dump_event(event: AnyEvent) -> str:
    return event.model_dump_json()


def load_event(text: str) -> AnyEvent:
    return LOG_EVENT.validate_json(text)
