"""The lobby and quick match (issue 23): ``samrap_tables.summary`` (seats, host, watchers of a
public table, written by its owner so any process can list it) and ``samrap_quick`` (the one
open quick-match table per game config, claimed by primary key so two processes cannot both
open one).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("samrap_tables", sa.Column("summary", sa.Text, nullable=True))
    op.create_table(
        "samrap_quick",
        sa.Column("config", sa.String(300), primary_key=True),
        sa.Column("table_code", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("samrap_quick")
    op.drop_column("samrap_tables", "summary")
