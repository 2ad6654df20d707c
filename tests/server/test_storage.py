"""Storage: migrations match the tables the code uses, leases, fencing, group commit."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import delete, select

from samrap.server import schema
from samrap.server.events import Acted, Created, SeatSpec, load_event
from samrap.server.messages import TableSettings
from samrap.server.schema import metadata
from samrap.server.settings import sqlite_url
from samrap.server.storage import Append, StaleWrite, Storage
from samrap.server.tokens import new_code
from tests.server.live import PG_ENV


@pytest.fixture
def storage(tmp_path: Path) -> Storage:
    s = Storage(sqlite_url(tmp_path / "s.db"))
    s.migrate()
    return s


def created() -> Created:
    return Created(
        game="dummy",
        config="dummy(players=2)",
        seats=[SeatSpec(kind="open")] * 2,
        settings=TableSettings(),
        host_hash="h",
        public=True,
    )


def test_migrations_create_exactly_the_schema_the_code_uses(storage: Storage) -> None:
    with storage.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []
    storage.migrate()  # running them again is a no-op


def test_log_round_trip_and_fencing(storage: Storage) -> None:
    assert storage.create_table("AAAAAA", created(), "a", "http://a", now=0.0, ttl=10.0)
    assert not storage.create_table("AAAAAA", created(), "b", "http://b", now=0.0, ttl=10.0)  # code taken
    ok = storage.append(
        [Append("AAAAAA", 2, [Acted(seat=0, action="D"), Acted(seat=0, action="X 2c")], "playing")], 1.0
    )
    assert ok == [None]
    assert [e.k for e in storage.load_log("AAAAAA")] == ["create", "act", "act"]
    assert storage.list_tables("playing", 10)[0]["version"] == 3
    # version 3 exists: a second writer of version 3 is stale, and does not sink another table's append
    assert storage.create_table("BBBBBB", created(), "a", "http://a", now=0.0, ttl=10.0)
    results = storage.append(
        [
            Append("AAAAAA", 3, [Acted(seat=1, action="D")], "playing"),
            Append("BBBBBB", 2, [Acted(seat=1, action="D")], "playing"),
        ],
        2.0,
    )
    assert isinstance(results[0], StaleWrite) and results[1] is None
    assert len(storage.load_log("AAAAAA")) == 3 and len(storage.load_log("BBBBBB")) == 2


def test_leases(storage: Storage) -> None:
    storage.create_table("AAAAAA", created(), "a", "http://a", now=100.0, ttl=10.0)
    assert storage.claim("AAAAAA", "b", "http://b", now=105.0, ttl=10.0) == (False, "http://a")
    assert storage.claim("AAAAAA", "a", "http://a", now=105.0, ttl=10.0) == (True, None)  # renewal by its owner
    assert storage.renew("a", ["AAAAAA"], now=112.0, ttl=10.0) == {"AAAAAA"}
    assert storage.claim("AAAAAA", "b", "http://b", now=121.0, ttl=10.0) == (False, "http://a")
    assert storage.claim("AAAAAA", "b", "http://b", now=123.0, ttl=10.0) == (True, None)  # expired: taken over
    assert storage.renew("a", ["AAAAAA"], now=124.0, ttl=10.0) == set()  # the old owner learns it lost it
    storage.append([Append("AAAAAA", 2, [Acted(seat=0, action="D")], "playing")], 125.0)
    assert storage.resumable("b", now=125.0) == ["AAAAAA"]
    assert storage.resumable("a", now=125.0) == []
    assert storage.resumable("a", now=200.0) == ["AAAAAA"]  # its owner died: anyone may adopt it


def test_events_are_stored_as_json_without_loss() -> None:
    e = Acted(seat=2, action="K Qd Tc>7", by="timer")
    assert load_event(e.model_dump_json()) == e


@pytest.fixture(params=["sqlite", "postgresql"])
def any_storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    """SQLite, and PostgreSQL when ``SAMRAP_TEST_DATABASE_URL`` names one."""
    if request.param == "sqlite":
        url = sqlite_url(tmp_path / "s.db")
    else:
        url = os.environ.get(PG_ENV, "")
        if not url:
            pytest.skip(f"set {PG_ENV} to a PostgreSQL URL")
    s = Storage(url)
    s.migrate()
    yield s
    s.close()


def test_appends_on_the_driver_connection_commit_fence_and_recover(any_storage: Storage) -> None:
    """Appends run on the driver's cursor: a duplicate version is a ``StaleWrite`` on either
    database, the failed transaction is rolled back (the other appends of the batch still land),
    and the same connection keeps working afterwards."""
    s = any_storage
    # on PostgreSQL a group commit is one pipeline (one round trip); these checks run through it
    assert s.pipelined == (s.dialect == "postgresql")
    a, b = new_code(), new_code()
    try:
        check_appends(s, a, b)
    finally:  # a shared PostgreSQL database: leave no half-played table for a server to adopt
        with s.engine.begin() as conn:
            conn.execute(delete(schema.events).where(schema.events.c.table_code.in_([a, b])))
            conn.execute(delete(schema.tables).where(schema.tables.c.code.in_([a, b])))


def check_appends(s: Storage, a: str, b: str) -> None:
    assert s.create_table(a, created(), "n", "http://n", now=0.0, ttl=10.0)
    assert s.create_table(b, created(), "n", "http://n", now=0.0, ttl=10.0)
    assert s.append([Append(a, 2, [Acted(seat=0, action="D")], "playing")], 1.0) == [None]
    results = s.append(
        [Append(a, 2, [Acted(seat=1, action="D")], "playing"), Append(b, 2, [Acted(seat=0, action="D")], "playing")],
        2.0,
    )
    assert isinstance(results[0], StaleWrite) and results[1] is None
    assert s.append([Append(a, 3, [Acted(seat=0, action="X 2c"), Acted(seat=1, action="D")], "playing")], 3.0) == [None]
    assert [e.k for e in s.load_log(a)] == ["create", "act", "act", "act"]
    assert [e.k for e in s.load_log(b)] == ["create", "act"]
    with s.engine.connect() as conn:
        rows = conn.execute(select(schema.tables.c.version).where(schema.tables.c.code.in_([a, b])))
        assert sorted(r.version for r in rows) == [2, 4]
