"""Honest archive lists: ``samrap_archive.finished_by_stand_ins`` (false for matches archived before).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "samrap_archive", sa.Column("finished_by_stand_ins", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("samrap_archive", "finished_by_stand_ins")
