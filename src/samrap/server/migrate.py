"""Run the packaged Alembic migrations at startup, so ``samrap serve`` needs no separate step.

Why at startup: a person who runs ``samrap serve`` once should get a working database file, and
an operator who upgrades samrap should get the new schema by restarting. Several processes may
start at once against one PostgreSQL database; Alembic's version table is updated inside the
migration transaction, and PostgreSQL serialises the DDL with a transaction-level advisory lock.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

MIGRATIONS = Path(__file__).parent / "migrations"

#: An arbitrary constant naming samrap's migration lock on PostgreSQL.
_PG_LOCK = 0x5A4D5241


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def upgrade(engine: Engine) -> None:
    """Bring the database of ``engine`` to the newest schema."""
    cfg = alembic_config()
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
