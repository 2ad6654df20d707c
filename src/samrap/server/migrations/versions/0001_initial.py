"""The first schema: tables with leases, the event log, archive, players, ratings, chat, mutes.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "samrap_tables",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("owner", sa.String(200), nullable=True),
        sa.Column("owner_url", sa.Text, nullable=True),
        sa.Column("lease_until", sa.Float, nullable=False),
    )
    op.create_index("ix_samrap_tables_status", "samrap_tables", ["status"])
    op.create_index("ix_samrap_tables_owner", "samrap_tables", ["owner"])
    op.create_table(
        "samrap_events",
        sa.Column("table_code", sa.String(16), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "samrap_archive",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("table_code", sa.String(16), nullable=False),
        sa.Column("match", sa.Integer, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("totals", sa.Text, nullable=False),
        sa.Column("winners", sa.Text, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_index("ix_samrap_archive_table", "samrap_archive", ["table_code"])
    op.create_index("ix_samrap_archive_finished", "samrap_archive", ["finished_at"])
    op.create_table(
        "samrap_players",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "samrap_ratings",
        sa.Column("player_id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "samrap_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_code", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_samrap_chat_table", "samrap_chat", ["table_code", "id"])
    op.create_table(
        "samrap_mutes",
        sa.Column("table_code", sa.String(16), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("muted_seat", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    for name in ("samrap_mutes", "samrap_chat", "samrap_ratings", "samrap_players", "samrap_archive"):
        op.drop_table(name)
    op.drop_table("samrap_events")
    op.drop_index("ix_samrap_tables_owner", "samrap_tables")
    op.drop_index("ix_samrap_tables_status", "samrap_tables")
    op.drop_table("samrap_tables")
