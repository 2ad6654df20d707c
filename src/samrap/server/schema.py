"""The database tables (SQLAlchemy Core). Alembic migrations create them; a test checks they agree.

Times are Unix seconds as floats: the same in SQLite and PostgreSQL, no time-zone surprises.
JSON bodies are stored as text, so any SQL database that SQLAlchemy speaks will do.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, MetaData, String, Table, Text, false

metadata = MetaData()

#: One row per table: what the lobby lists, plus the lease that says which process owns it.
tables = Table(
    "samrap_tables",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("config", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("public", Boolean, nullable=False, server_default=false()),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("owner", String(200), nullable=True),
    Column("owner_url", Text, nullable=True),
    Column("lease_until", Float, nullable=False),
    #: JSON: the seats, host name and watcher count of a public table, written by its owner so
    #: that any process can list it in the lobby (``samrap.server.matchmaking``).
    Column("summary", Text, nullable=True),
    Index("ix_samrap_tables_status", "status"),
    Index("ix_samrap_tables_owner", "owner"),
)

#: The append-only log: (table, seq) is the key, so version n of a table is written once.
events = Table(
    "samrap_events",
    metadata,
    Column("table_code", String(16), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
)

#: Finished matches as game records (docs/records.md), with the header fields the archive lists.
archive = Table(
    "samrap_archive",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("table_code", String(16), nullable=False),
    Column("match", Integer, nullable=False),
    Column("game", String(32), nullable=False),
    Column("config", Text, nullable=False),
    Column("players", Text, nullable=False),
    Column("totals", Text, nullable=False),
    Column("winners", Text, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("finished_at", Float, nullable=False),
    Column("record", Text, nullable=False),
    # No person was seated at the end: stand-in bots played the match out (issue 12.7).
    Column("finished_by_stand_ins", Boolean, nullable=False, server_default=false()),
    Index("ix_samrap_archive_table", "table_code"),
    Index("ix_samrap_archive_finished", "finished_at"),
)

#: Named players: a display name kept across visits by a token held in the browser (hash only).
players = Table(
    "samrap_players",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", Float, nullable=False),
)

#: OpenSkill ratings per player and game.
ratings = Table(
    "samrap_ratings",
    metadata,
    Column("player_id", String(40), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

chat = Table(
    "samrap_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_code", String(16), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_samrap_chat_table", "table_code", "id"),
)

mutes = Table(
    "samrap_mutes",
    metadata,
    Column("table_code", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("muted_seat", Integer, primary_key=True),
)

#: Finished game reviews (issue 13), stored with the archived match so a second look is instant.
reviews = Table(
    "samrap_reviews",
    metadata,
    Column("archive_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("data", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

#: The open quick-match table of each game config: the primary key makes the claim atomic across
#: processes, so callers at the same moment land at one table, never two half-empty ones.
quick = Table(
    "samrap_quick",
    metadata,
    Column("config", String(300), primary_key=True),
    Column("table_code", String(16), nullable=False),
    Column("at", Float, nullable=False),
)

#: Daily-deal games (issue 26.6), one row per finished game: which day and game it dealt, so its
#: record stays closed until the day is over (it reveals the day's deck order).
daily_plays = Table(
    "samrap_daily_plays",
    metadata,
    Column("archive_id", String(40), primary_key=True),
    Column("day", String(10), nullable=False),
    Column("game_key", String(16), nullable=False),
    Column("at", Float, nullable=False),
)

#: The result that counts: a player's first finished daily game of each day and game (the
#: primary key makes "first" hold across processes; later plays are not counted).
daily_results = Table(
    "samrap_daily_results",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("game_key", String(16), primary_key=True),
    Column("player", String(40), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("score", Integer, nullable=False),
    Column("archive_id", String(40), nullable=False),
    Column("at", Float, nullable=False),
)

#: Server-wide secrets by name: the daily deal's HMAC key when ``$SAMRAP_DAILY_SECRET`` is unset,
#: so every process on one database derives the same deals.
secrets = Table(
    "samrap_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)
