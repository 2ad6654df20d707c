"""Every message of the server protocol, as Pydantic v2 models (the single source of the schemas).

``docs/protocol.md`` describes the protocol for people; ``docs/protocol.schema.json`` is generated
from this module by :func:`protocol_schema` (``python -m samrap.server.protocol_doc`` rewrites it and
``tests/server/test_protocol_doc.py`` fails when it is stale), so the documentation cannot drift
from the code.

Two transports:

* **WebSocket** ``/ws/tables/{code}`` for everything that happens at a table. Client messages are
  :data:`ClientMessage` (discriminated on ``t``); server messages are :data:`ServerMessage`.
* **REST** ``/api/...`` for the lobby (create, join, fill with bots, start, rematch), players,
  the leaderboard and the archive of finished matches.

Why the field names are short (``t``, ``v``): a view message is sent to every seat after every
action, so its envelope is the hot path of the server; the bodies stay readable.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

#: Bumped on any incompatible change of a message; clients send theirs in ``hello``.
PROTOCOL_VERSION = 1

#: Longest display name and chat line, in characters (after trimming).
MAX_NAME = 32
MAX_CHAT = 280
#: Longest action text a client may send (the longest Dummy knock is far shorter).
MAX_ACTION = 200

#: The bot levels a seat can be given; ``samrap.server.bots`` maps them to players.
BotLevel = Literal["random", "easy", "medium", "hard", "expert"]
#: The drawn avatars a person may pick (static/js/faces.js draws them; no uploads, issue 23.6).
AvatarId = Literal["elephant", "cat", "tiger", "bird", "fish", "turtle", "lotus", "star"]
#: Turn timer settings in seconds (0: off).
TurnTimer = Literal[0, 30, 60, 90]


class _Model(BaseModel):
    """Strict by default: unknown fields are errors, so a typo in a client is caught, not ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------------------------------------
# Errors


class ErrorCode(StrEnum):
    """Why a request changed nothing. Each is a distinct, documented case (``docs/protocol.md``)."""

    MALFORMED = "malformed"  # not JSON, or not a message of the protocol
    PROTOCOL = "protocol_version"  # the client speaks another protocol version
    NOT_READY = "not_ready"  # a message before ``hello``
    UNAUTHORIZED = "unauthorized"  # the token does not act for this seat or table
    SPECTATOR = "spectator"  # a spectator tried to act or chat
    STALE = "stale_version"  # the action carried an old table version
    NOT_YOUR_TURN = "not_your_turn"  # the action is for a seat that is not to move
    ILLEGAL = "illegal_action"  # the rules forbid the action (``rule`` names the rule)
    NOT_PLAYING = "not_playing"  # no game is in progress
    UNKNOWN_TABLE = "unknown_table"
    SEAT_TAKEN = "seat_taken"
    NO_SEAT = "no_seat"  # no such seat, or no open seat left
    BAD_STATE = "bad_state"  # the table is not in a state that allows this (e.g. start twice)
    BAD_CONFIG = "bad_config"  # unknown game or preset, invalid config string or settings
    RATE_LIMITED = "rate_limited"
    CHAT_REJECTED = "chat_rejected"  # empty or too long
    NOT_OWNER = "not_owner"  # another server process owns the table and could not be reached
    NOT_FOUND = "not_found"
    NOT_HOST = "not_host"  # only the host seat (or the host token) may do this
    SPECTATE_KEY_REQUIRED = "spectate_key_required"  # watching a private table needs its spectator key
    BUSY = "busy"  # the server could not start the work within its time budget (hints); retry later
    TOO_MANY = "too_many_connections"  # this address (or this table's spectators) hold too many sockets
    TOO_LARGE = "too_large"  # a request body over the cap (64 KiB), refused before it is read whole
    TIMEOUT = "timeout"  # a request body that did not arrive in time
    INTERNAL = "internal"  # the server failed; the details are in its log, never in the answer


class RuleWords(_Model):
    """A rule's own text in both languages, as the rules page of the table's preset writes it."""

    th: str
    en: str


class ErrorBody(_Model):
    """The body of every error, on the websocket (inside :class:`ErrorMsg`) and over REST.

    ``rule_text`` comes with ``rule`` on an illegal action: the server knows the table's preset and
    options, so it sends the rule's words in both languages and a client shows them without a second
    request and without a copy of the rule books (``message`` is the engine's English reason).
    """

    code: ErrorCode
    message: str
    rule: int | str | None = Field(default=None, description="The broken rule's number (illegal actions).")
    rule_text: RuleWords | None = Field(
        default=None, description="The broken rule's text in Thai and English, from the table's rule book."
    )


class ErrorMsg(_Model):
    t: Literal["error"] = "error"
    error: ErrorBody
    v: int | None = Field(default=None, description="The table's current version, to resync from.")
    ref: str | None = Field(default=None, description="The client's ``ref`` of the message that failed.")


# ---------------------------------------------------------------------------------------------
# Table configuration (REST create) and public table state


class SeatRequest(_Model):
    """A seat when creating a table: for a person (``human``) or a bot of a level."""

    kind: Literal["human", "bot"] = "human"
    level: BotLevel = "easy"


class TableSettings(_Model):
    """Per-table settings chosen at creation.

    ``grace_seconds``: how long a dropped person's seat waits before a stand-in bot plays it
    (until the person returns). ``turn_timer``: seconds per decision, 0 for none; on expiry the
    server plays a safe move. ``rated``: the match updates ratings; only people with a player
    identity may sit, and bots may not. ``bot_delay_ms``: pause before a bot acts, so people can
    follow (0 for tests and benchmarks).
    """

    grace_seconds: int = Field(default=60, ge=0, le=3600)
    turn_timer: TurnTimer = 0
    rated: bool = False
    standin_level: BotLevel = "easy"
    bot_delay_ms: int = Field(default=700, ge=0, le=10_000)
    chat: Literal["free", "phrases"] = Field(
        default="free",
        description="``phrases``: the table's chat takes only the quick phrases and reactions (``docs/protocol.md``).",
    )
    quick: bool = Field(
        default=False,
        description="Opened by quick match: it starts when full, and any seated player may fill it with bots.",
    )


class CreateTableRequest(_Model):
    """``POST /api/tables``. ``game`` is a game name, ``game:preset`` or config string
    (``dummy(players=3,target=100)``); ``preset`` and ``config`` are applied on top as in the CLI.
    ``seats`` (default: all human) fixes the number of players when given."""

    game: str = Field(default="dummy", max_length=300)
    preset: str | None = Field(default=None, max_length=40)
    config: str | None = Field(default=None, max_length=300)
    seats: list[SeatRequest] | None = Field(default=None, max_length=8)
    settings: TableSettings = TableSettings()
    host_name: str | None = Field(default=None, max_length=MAX_NAME, description="Join seat 0 at once as this name.")
    host_avatar: AvatarId | None = Field(default=None, description="The host's drawn avatar (with host_name).")
    player_token: str | None = Field(default=None, max_length=100, description="The host's player identity.")
    public: bool = Field(
        default=False,
        description="Listed in the lobby and open to watch; a private table (the default) is watched with its key.",
    )


class SeatInfo(_Model):
    """What everyone may know about a seat."""

    seat: int
    kind: Literal["open", "human", "bot"]
    name: str
    level: BotLevel | None = None
    connected: bool = False
    standin: bool = Field(default=False, description="A bot is playing for a person who dropped out.")
    rated_player: bool = Field(default=False, description="The person sits under a named player identity.")
    avatar: AvatarId | None = Field(default=None, description="The person's drawn avatar, if they picked one.")


class TableInfo(_Model):
    """Public table state (lobby list, ``GET /api/tables/{code}``, websocket ``table`` messages)."""

    code: str
    link: str
    game: str
    config: str
    title: str
    status: Literal["lobby", "playing", "finished"]
    version: int
    settings: TableSettings
    seats: list[SeatInfo]
    match: int = Field(description="Matches started at this table (rematches count).")
    game_index: int = Field(description="Games finished in the current match.")
    totals: list[int]
    commitment: str | None = Field(default=None, description="sha256 commitment to the current deck order.")
    archived: list[str] = Field(default_factory=list, description="Ids of this table's archived matches.")
    spectators: int = 0
    public: bool = Field(default=False, description="Listed in the lobby and open to any spectator.")
    host_seat: int | None = Field(
        default=None,
        description="The seat with host rights (bots, start, rematch, visibility): the creator's, or once the "
        "creator has left or stayed away past the grace period, the longest-seated player's.",
    )


class TableSummary(_Model):
    """A lobby line (``GET /api/tables``): enough to pick a table; its seats come with ``GET`` of it."""

    code: str
    link: str
    game: str
    config: str
    status: Literal["lobby", "playing", "finished"]
    version: int
    rated: bool


class TableList(_Model):
    tables: list[TableSummary]


class CreateTableResponse(_Model):
    table: TableInfo
    host_token: str = Field(description="Lets its holder fill seats with bots, start and rematch.")
    seat: int | None = None
    token: str | None = Field(default=None, description="Seat token when host_name was given.")
    spectator_key: str = Field(description="Lets its holder watch the table while it is private (``?watch=KEY``).")


class JoinRequest(_Model):
    """``POST /api/tables/{code}/join``: a display name (guests need no account), an optional
    seat (default: the first open one) and an optional player identity for ratings."""

    name: str = Field(min_length=1, max_length=MAX_NAME)
    seat: int | None = Field(default=None, ge=0, le=7)
    player_token: str | None = Field(default=None, max_length=100)
    avatar: AvatarId | None = Field(default=None, description="One of the drawn avatars; anything else is refused.")


class JoinResponse(_Model):
    seat: int
    token: str = Field(description="Acts for this seat only; keep it to reconnect.")
    table: TableInfo


class HostRequest(_Model):
    """A lobby command (``bots``, ``start``, ``rematch``, ``leave``) with the host's or a seat's token."""

    token: str = Field(max_length=100)
    level: BotLevel | None = Field(default=None, description="For ``bots``: the level of the added bots.")


class QuickRequest(_Model):
    """``POST /api/quick``: a seat at the open quick-match table of ``game`` (a config string such as
    ``dummy(players=2,target=500)``, a game name or ``game:preset``), or at a new public one."""

    game: str = Field(default="dummy", max_length=300)
    name: str = Field(min_length=1, max_length=MAX_NAME)
    player_token: str | None = Field(default=None, max_length=100)
    avatar: AvatarId | None = Field(
        default=None, description="One of the drawn avatars, as in a join; anything else is refused."
    )


class LobbySeat(_Model):
    """A seat as the lobby shows it: a person's name, a bot's level, or open."""

    kind: Literal["open", "human", "bot"]
    name: str = ""
    level: BotLevel | None = None


class LobbyTable(_Model):
    """One public table in the lobby (``GET /api/lobby``)."""

    code: str
    game: str
    config: str
    status: Literal["lobby", "playing", "finished"]
    seats: list[LobbySeat]
    open: int = Field(description="Seats nobody holds: a tap sits there.")
    host: str | None = Field(default=None, description="The host seat's name.")
    watchers: int = 0
    quick: bool = False
    chat: Literal["free", "phrases"] = "free"


class Lobby(_Model):
    tables: list[LobbyTable]


class VisibilityRequest(_Model):
    """``POST /api/tables/{code}/visibility``: the host makes the table public (listed, open to
    watch) or private again (watched only with the spectator key)."""

    token: str = Field(max_length=100)
    public: bool


#: How deep a hint looks (issue 27.4): ``quick`` the heuristic's ranking at once, ``deep`` the
#: compared finishes (waiting for a worker), ``full`` the compared finishes or ``busy`` (the
#: answer of clients from before the two depths).
HintDepth = Literal["full", "quick", "deep"]


class HintRequest(_Model):
    """``POST /api/tables/{code}/hint``: the bots' ranked suggestions for the seat of ``token``."""

    token: str = Field(max_length=100)
    lang: Literal["en", "th"] = "en"
    depth: HintDepth = "full"


class HintItem(_Model):
    """One legal move with the bot's estimate and a one-line reason (``players/hint.py``)."""

    rank: int
    action: str
    value: float
    win: float | None = None
    score: float | None = None
    visits: int = 0
    reason: str = ""
    #: The move in the asked language's words (``ทิ้ง Q♠``), and why in a few words without
    #: figures: together the one line a phone shows; ``reason`` has the figures.
    move: str = ""
    why: str = ""


class HintResponse(_Model):
    """Every legal move of the seat to move, best first.

    ``depth`` says which look ranked them: ``quick`` (the heuristic's order; the deeper look is
    queued and a ``depth: "deep"`` request gets it) or ``deep`` (the compared finishes).
    ``version`` is the table version the hint is for."""

    hints: list[HintItem]
    depth: Literal["quick", "deep"] = "deep"
    version: int | None = None


class PlayerRequest(_Model):
    """``POST /api/players``: a named identity kept in the browser by its token."""

    name: str = Field(min_length=1, max_length=MAX_NAME)


class PlayerResponse(_Model):
    id: str
    name: str
    token: str | None = Field(default=None, description="Returned once, at creation.")


class RatingRow(_Model):
    rank: int
    name: str
    player: str
    rating: float = Field(description="OpenSkill ordinal (mu - 3 sigma): what the board sorts by.")
    mu: float
    sigma: float
    matches: int


class Leaderboard(_Model):
    game: str
    rows: list[RatingRow]


class ArchivedMatch(_Model):
    id: str
    table: str
    match: int
    game: str
    config: str
    players: list[str]
    totals: list[int]
    winners: list[int]
    rated: bool
    finished_at: str
    finished_by_stand_ins: bool = Field(
        default=False, description="No person was seated at the end: stand-in bots played the match out."
    )


class ArchiveList(_Model):
    games: list[ArchivedMatch]


class Health(_Model):
    ok: bool
    protocol: int = PROTOCOL_VERSION
    node: str
    tables: int
    database: str


# ---------------------------------------------------------------------------------------------
# WebSocket: client -> server


class Hello(_Model):
    """The first message on a connection. With a seat ``token`` the connection acts for that seat;
    without one it is a spectator. ``v`` is the last version the client saw: the server replies
    with the current view and the public events since ``v`` (a reconnect resynchronises)."""

    t: Literal["hello"]
    protocol: int = PROTOCOL_VERSION
    token: str | None = Field(default=None, max_length=100)
    v: int | None = Field(default=None, ge=0)
    ref: str | None = Field(default=None, max_length=40)


class Act(_Model):
    """Play ``action`` (action text, e.g. ``X Qs``) at table version ``v``."""

    t: Literal["act"]
    v: int = Field(ge=0)
    action: str = Field(max_length=MAX_ACTION)
    ref: str | None = Field(default=None, max_length=40)


class Chat(_Model):
    t: Literal["chat"]
    text: str = Field(max_length=4 * MAX_CHAT)
    ref: str | None = Field(default=None, max_length=40)


class Mute(_Model):
    """Stop (or resume) receiving ``seat``'s chat on this seat's connections."""

    t: Literal["mute"]
    seat: int = Field(ge=0, le=7)
    muted: bool = True
    ref: str | None = Field(default=None, max_length=40)


class Sync(_Model):
    """Ask for the current view again (e.g. after a client-side error)."""

    t: Literal["sync"]
    ref: str | None = Field(default=None, max_length=40)


class Ping(_Model):
    t: Literal["ping"]
    ref: str | None = Field(default=None, max_length=40)


ClientMessage = Annotated[Hello | Act | Chat | Mute | Sync | Ping, Field(discriminator="t")]
CLIENT_MESSAGE: TypeAdapter[Hello | Act | Chat | Mute | Sync | Ping] = TypeAdapter(ClientMessage)


# ---------------------------------------------------------------------------------------------
# WebSocket: server -> client


class Welcome(_Model):
    t: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    table: str
    seat: int | None = Field(description="The seat this connection acts for; null for a spectator.")
    v: int


class TableMsg(_Model):
    """The public table state changed (a join, a bot, a connection, a stand-in...)."""

    t: Literal["table"] = "table"
    table: TableInfo


class Event(_Model):
    """One public thing that happened at version ``v``.

    ``kind``: ``created``, ``joined``, ``left``, ``bot``, ``deal`` (a game begins: ``commitment``
    is the sha256 commitment to its deck order), ``act`` (``seat`` played ``action``; ``by`` is
    ``player``, ``bot``, ``standin`` or ``timer``), ``game_over`` (``scores``, ``ledger``,
    ``totals``), ``match_over`` (``totals``, ``winners``, ``record``: the archive id).
    """

    v: int
    kind: Literal["created", "joined", "left", "bot", "deal", "act", "game_over", "match_over"]
    seat: int | None = None
    name: str | None = None
    level: str | None = None
    action: str | None = None
    by: str | None = None
    match: int | None = None
    game: int | None = None
    commitment: str | None = None
    starter: int | None = None
    direction: int | None = None
    scores: list[int] | None = None
    totals: list[int] | None = None
    winners: list[int] | None = None
    ledger: list[dict[str, Any]] | None = None
    record: str | None = None


class ViewMsg(_Model):
    """What one connection may know now, built from ``observe(state, seat)`` (a spectator's view
    hides every hand). ``legal`` lists the action texts this seat may play (empty unless it is to
    move); ``events`` are the public events since the previous view this connection received.
    Fields that are null are left out, here and in events."""

    t: Literal["view"] = "view"
    v: int
    seat: int | None = Field(default=None, description="Absent for a spectator.")
    game: int = Field(description="0-based index of the game within the match.")
    view: str | None = Field(
        default=None, description="The view position string (docs/notation.md); absent before the first deal."
    )
    legal: list[str]
    to_move: int | None = None
    deadline: float | None = Field(default=None, description="Unix time when the turn timer expires.")
    events: list[Event] = Field(default_factory=list)
    truncated: bool = Field(default=False, description="Some events since the client's version are not included.")


class ChatMsg(_Model):
    t: Literal["chat"] = "chat"
    id: int
    seat: int
    name: str
    text: str = Field(description="HTML-escaped; emoji are kept.")
    at: float
    history: bool = Field(default=False, description="Replayed after hello (said before): not news to show.")


class Pong(_Model):
    t: Literal["pong"] = "pong"
    ref: str | None = None


class Ack(_Model):
    """A chat or mute request succeeded (acts are acknowledged by the view that follows)."""

    t: Literal["ack"] = "ack"
    ref: str | None = None


ServerMessage = Annotated[
    Welcome | TableMsg | ViewMsg | ChatMsg | ErrorMsg | Pong | Ack,
    Field(discriminator="t"),
]
SERVER_MESSAGE: TypeAdapter[Welcome | TableMsg | ViewMsg | ChatMsg | ErrorMsg | Pong | Ack] = TypeAdapter(ServerMessage)

#: REST bodies, in the order the documentation lists them.
REST_MODELS: tuple[type[BaseModel], ...] = (
    CreateTableRequest,
    CreateTableResponse,
    JoinRequest,
    JoinResponse,
    HostRequest,
    VisibilityRequest,
    QuickRequest,
    Lobby,
    TableInfo,
    TableList,
    PlayerRequest,
    PlayerResponse,
    Leaderboard,
    ArchiveList,
    Health,
    ErrorBody,
)


def protocol_schema() -> dict[str, object]:
    """The JSON Schema of every message (``docs/protocol.schema.json``), deterministic for a diff."""
    defs: dict[str, Any] = {}

    def add(name: str, schema: dict[str, Any]) -> dict[str, str]:
        for key, value in schema.pop("$defs", {}).items():
            defs[key] = value
        defs[name] = schema
        return {"$ref": f"#/$defs/{name}"}

    client = add("ClientMessage", CLIENT_MESSAGE.json_schema(ref_template="#/$defs/{model}"))
    server = add("ServerMessage", SERVER_MESSAGE.json_schema(ref_template="#/$defs/{model}"))
    from samrap.server.daily_messages import DAILY_MODELS  # beside this module: it builds on its models

    models = (*REST_MODELS, *DAILY_MODELS)
    rest = {m.__name__: add(m.__name__, m.model_json_schema(ref_template="#/$defs/{model}")) for m in models}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"samrap server protocol, version {PROTOCOL_VERSION}",
        "protocol": PROTOCOL_VERSION,
        "websocket": {"client": client, "server": server},
        "rest": rest,
        "$defs": dict(sorted(defs.items())),
    }
