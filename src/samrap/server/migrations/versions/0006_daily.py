"""The daily deal (issue 26.6): ``samrap_daily_plays`` (each finished daily game, so its record
stays closed until the day is over), ``samrap_daily_results`` (the result that counts, one per
player, day and game) and ``samrap_secrets`` (the daily deal's key when none is configured).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "samrap_daily_plays",
        sa.Column("archive_id", sa.String(40), primary_key=True),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("game_key", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "samrap_daily_results",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game_key", sa.String(16), primary_key=True),
        sa.Column("player", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("archive_id", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "samrap_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("samrap_secrets")
    op.drop_table("samrap_daily_results")
    op.drop_table("samrap_daily_plays")
