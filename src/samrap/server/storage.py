"""Storage behind SQLAlchemy 2: SQLite by default (one file, nothing to run), PostgreSQL by URL.

:class:`Storage` is synchronous and knows SQL; :class:`samrap.server.writer.Writer` runs it on a
thread so the event loop never waits on the disk. Every method is one transaction.

The log append (:meth:`Storage.append`) is the durability point of the server: a table's events
are inserted with their sequence numbers as part of the primary key, so a stale owner (a process
that lost its lease) fails to insert instead of forking the table's history, and it is committed
before anything about it is broadcast.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Executable,
    Table,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import ConnectionPoolEntry

from samrap.engine.record import dumps_record, make_record
from samrap.server import migrate, ratings, schema
from samrap.server.daily import Score
from samrap.server.events import AnyEvent, Created, dump_event, load_event
from samrap.server.table import FinishedMatch


@dataclass(frozen=True, slots=True)
class Append:
    """Events to add to one table's log, from version ``first_seq`` on, plus their consequences."""

    code: str
    first_seq: int
    events: Sequence[AnyEvent]
    status: str
    finished: FinishedMatch | None = None
    #: The table's visibility after these events, when one of them changed it.
    public: bool | None = None


class StaleWrite(Exception):
    """The log already has these versions: another process wrote them (this one lost the lease)."""


def _as_append_error(e: Exception, item: Append, dbapi_integrity: type[Exception] = IntegrityError) -> Exception:
    """The error an append reports: a duplicate version (SQLAlchemy's or the driver's own
    ``IntegrityError``, since appends run on the driver connection) means a stale owner."""
    if isinstance(e, IntegrityError | dbapi_integrity):
        return StaleWrite(f"table {item.code}: version {item.first_seq} is already in the log")
    return e


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    # WAL: readers never block the writer; NORMAL: a commit survives a process crash (kill -9),
    # which is the failure the server is built for, and costs no fsync per action.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    # No checkpoint inside a commit: it would write the WAL back to the database file (with an
    # fsync) on the event loop every thousand pages; Storage.checkpoint does it from a thread.
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the settings the server relies on (WAL for SQLite files)."""
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=5, max_overflow=5, pool_pre_ping=True)


class _Prepared:
    """A statement compiled once for the engine's dialect and run on the driver's cursor.

    Why: the log append runs for every action, and building, caching and compiling a SQLAlchemy
    statement plus checking a connection out of the pool costs ~0.7 ms of CPU per append, ten
    times the database's own work; even ``exec_driver_sql`` adds some 40 us per statement of
    result and event machinery. The statement is still written with SQLAlchemy (so it is the
    same SQL on SQLite and PostgreSQL); only its execution skips the per-call machinery.
    """

    def __init__(self, statement: Any, engine: Engine) -> None:
        compiled = statement.compile(dialect=engine.dialect)
        self.sql = str(compiled)
        self.order: list[str] | None = list(compiled.positiontup) if compiled.positiontup else None

    def params(self, values: dict[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        return tuple(values[k] for k in self.order) if self.order is not None else values


class Storage:
    """Every query the server makes. Methods are safe to call from any one thread at a time."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        t = schema.tables
        self._insert_event = _Prepared(insert(schema.events), self.engine)
        self._update_table = _Prepared(
            update(t)
            .where(t.c.code == bindparam("b_code"))
            .values(version=bindparam("b_version"), status=bindparam("b_status"), updated_at=bindparam("b_at")),
            self.engine,
        )
        self._log: Connection | None = None
        #: Group commits in one pipeline (PostgreSQL with psycopg 3; :meth:`_commit_pipelined`).
        self.pipelined = self.dialect == "postgresql" and self.engine.dialect.driver == "psycopg"

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def migrate(self) -> None:
        migrate.upgrade(self.engine)

    def close(self) -> None:
        self._drop_log_connection()
        self.engine.dispose()

    def checkpoint(self) -> None:
        """Copy the SQLite WAL back into the database file without blocking anyone (PASSIVE).

        Run from a background thread while the event loop keeps committing; a no-op elsewhere.
        """
        if self.dialect != "sqlite":
            return
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _log_connection(self) -> Connection:
        """The connection kept open for log appends (see :class:`_Prepared`)."""
        if self._log is None:
            self._log = self.engine.connect()
        return self._log

    def _drop_log_connection(self) -> None:
        if self._log is not None:
            with contextlib.suppress(Exception):
                self._log.close()
            self._log = None

    # -----------------------------------------------------------------------------------------
    # Tables and their logs

    def create_table(self, code: str, created: Created, node: str, url: str, now: float, ttl: float) -> bool:
        """Insert a new table (owned by ``node``) and its first event; ``False`` if the code is taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(schema.tables).values(
                        code=code,
                        game=created.game,
                        config=created.config,
                        status="lobby",
                        version=1,
                        rated=created.settings.rated,
                        public=created.public,
                        created_at=now,
                        updated_at=now,
                        owner=node,
                        owner_url=url,
                        lease_until=now + ttl,
                    )
                )
                conn.execute(
                    insert(schema.events).values(
                        table_code=code, seq=1, kind=created.k, data=dump_event(created), at=now
                    )
                )
        except IntegrityError:
            return False
        return True

    def append(self, batch: Sequence[Append], now: float) -> list[Exception | None]:
        """Commit several tables' appends in one transaction (group commit); on any failure, retry
        them one by one so that one stale write does not sink the others."""
        if not batch:
            return []
        integrity: type[Exception] = self.engine.dialect.dbapi.IntegrityError  # type: ignore[union-attr]
        try:
            self._commit_appends(batch, now)
            return [None] * len(batch)
        except Exception as e:
            if len(batch) == 1:
                return [_as_append_error(e, batch[0], integrity)]
        results: list[Exception | None] = []
        for item in batch:
            try:
                self._commit_appends([item], now)
                results.append(None)
            except Exception as e:  # reported to the one request that caused it
                results.append(_as_append_error(e, item, integrity))
        return results

    def _commit_appends(self, batch: Sequence[Append], now: float) -> None:
        """The appends run on the driver's own connection and cursor (see :class:`_Prepared`);
        archiving a finished match goes through SQLAlchemy on the same connection, in the same
        transaction."""
        conn = self._log_connection()
        raw = conn.connection.dbapi_connection
        assert raw is not None
        if self.pipelined and all(item.public is None and item.finished is None for item in batch):
            self._commit_pipelined(raw, batch, now)
            return
        try:
            cursor = raw.cursor()
            try:
                for item in batch:
                    self._append(conn, cursor, item, now)
            finally:
                cursor.close()
            if conn.in_transaction():  # something went through SQLAlchemy: let it commit (the same connection)
                conn.commit()
            else:
                raw.commit()
        except Exception:
            try:
                raw.rollback()
                if conn.in_transaction():
                    conn.rollback()
            except Exception:  # the connection itself is broken: open a new one next time
                self._drop_log_connection()
            raise

    def _commit_pipelined(self, raw: Any, batch: Sequence[Append], now: float) -> None:
        """PostgreSQL: every statement of the batch and the commit in one pipeline, so the whole
        group commit is one round trip to the server instead of two per append plus the commit.

        Why: each round trip is a hand-off between this thread and the database's backend process,
        and on a machine whose cores are busy each hand-off waits for a time slice; a batch of 30
        appends was 61 of them (measured: ``docs/performance.md``, 15.8). Batches that archive a
        match or change a table's visibility go through SQLAlchemy and keep the plain path."""
        try:
            with raw.pipeline():
                cursor = raw.cursor()
                for item in batch:
                    self._append(None, cursor, item, now)
                raw.commit()
        except Exception:
            try:
                raw.rollback()
            except Exception:  # the connection itself is broken: open a new one next time
                self._drop_log_connection()
            raise

    def _append(self, conn: Connection | None, cursor: Any, item: Append, now: float) -> None:
        rows = [
            self._insert_event.params(
                {"table_code": item.code, "seq": item.first_seq + k, "kind": e.k, "data": dump_event(e), "at": now}
            )
            for k, e in enumerate(item.events)
        ]
        if len(rows) == 1:
            cursor.execute(self._insert_event.sql, rows[0])
        else:
            cursor.executemany(self._insert_event.sql, rows)
        version = item.first_seq + len(item.events) - 1
        values = {"b_code": item.code, "b_version": version, "b_status": item.status, "b_at": now}
        cursor.execute(self._update_table.sql, self._update_table.params(values))
        if item.public is not None:
            assert conn is not None
            t = schema.tables
            conn.execute(update(t).where(t.c.code == item.code).values(public=item.public))
        if item.finished is not None:
            assert conn is not None
            self._archive(conn, item.code, item.finished, now)

    def _archive(self, conn: Any, code: str, f: FinishedMatch, now: float) -> None:
        metadata = {"stand_ins": list(f.stand_ins)} if f.stand_ins else {}
        record = make_record(f.result, commitments=f.commitments, metadata=metadata)
        conn.execute(
            insert(schema.archive).values(
                id=f.archive_id,
                table_code=code,
                match=f.match,
                game=f.result.game,
                config=f.result.config,
                players=json.dumps(list(f.result.players), ensure_ascii=False),
                totals=json.dumps(list(f.result.totals)),
                winners=json.dumps(list(f.result.winners)),
                rated=f.rated,
                finished_at=now,
                record=dumps_record(record),
                finished_by_stand_ins=f.finished_by_stand_ins,
            )
        )
        if f.rated and all(p is not None for p in f.player_ids):
            self._rate(conn, f, now)
        if f.daily is not None:
            self._daily(conn, f, now)

    def _daily(self, conn: Connection, f: FinishedMatch, now: float) -> None:
        """Note a finished daily game; the player's first of the day and game is their result."""
        d = f.daily
        assert d is not None
        conn.execute(insert(schema.daily_plays).values(archive_id=f.archive_id, day=d.day, game_key=d.key, at=now))
        if d.player is None or 0 in f.stand_ins:  # not counted: a replay, or a stand-in played for them
            return
        values: dict[str, object] = {
            "day": d.day,
            "game_key": d.key,
            "player": d.player,
            "name": d.name or f.result.players[0],
            "score": int(f.result.totals[0]),
            "archive_id": f.archive_id,
            "at": now,
        }
        conn.execute(self._insert_new(schema.daily_results, values))

    def _insert_new(self, table: Table, values: dict[str, object]) -> Executable:
        """An insert that does nothing when the primary key is taken (SQLite and PostgreSQL)."""
        if self.dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            return pg_insert(table).values(**values).on_conflict_do_nothing()
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return sqlite_insert(table).values(**values).on_conflict_do_nothing()

    # -----------------------------------------------------------------------------------------
    # The daily deal

    def daily_secret(self, fresh: str) -> str:
        """The database's daily-deal key: ``fresh`` if none was stored yet, else the stored one."""
        with self.engine.begin() as conn:
            conn.execute(self._insert_new(schema.secrets, {"name": "daily", "value": fresh}))
            row = conn.execute(select(schema.secrets.c.value).where(schema.secrets.c.name == "daily")).one()
            return str(row.value)

    def daily_day(self, archive_id: str) -> str | None:
        """The day of a daily game's record, ``None`` for any other record."""
        p = schema.daily_plays
        with self.engine.connect() as conn:
            row = conn.execute(select(p.c.day).where(p.c.archive_id == archive_id)).first()
            return None if row is None else str(row.day)

    def daily_results(self, day: str, key: str) -> list[Score]:
        """The day's counted results of one daily game: player key, name, score, time."""
        r = schema.daily_results
        q = select(r.c.player, r.c.name, r.c.score, r.c.at).where(and_(r.c.day == day, r.c.game_key == key))
        with self.engine.connect() as conn:
            return [Score(str(row.player), str(row.name), int(row.score), float(row.at)) for row in conn.execute(q)]

    def _rate(self, conn: Any, f: FinishedMatch, now: float) -> None:
        ids = [p for p in f.player_ids if p is not None]
        game = f.result.game
        found = {
            r.player_id: (r.mu, r.sigma, r.matches)
            for r in conn.execute(
                select(schema.ratings).where(and_(schema.ratings.c.game == game, schema.ratings.c.player_id.in_(ids)))
            )
        }
        before = [found.get(p, (None, None, 0)) for p in ids]
        after = ratings.rate_match([(b[0], b[1]) for b in before], ratings.match_ranks(f.result))
        for pid, (mu, sigma), (_, _, played) in zip(ids, after, before, strict=True):
            values = {"mu": mu, "sigma": sigma, "matches": played + 1, "updated_at": now}
            if pid in found:
                conn.execute(
                    update(schema.ratings)
                    .where(and_(schema.ratings.c.player_id == pid, schema.ratings.c.game == game))
                    .values(**values)
                )
            else:
                conn.execute(insert(schema.ratings).values(player_id=pid, game=game, **values))

    def load_log(self, code: str) -> list[AnyEvent]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(schema.events.c.data).where(schema.events.c.table_code == code).order_by(schema.events.c.seq)
            )
            return [load_event(r.data) for r in rows]

    def table_exists(self, code: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(schema.tables.c.code).where(schema.tables.c.code == code)).first() is not None

    def list_tables(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """The lobby: public tables only, most recently changed first."""
        t = schema.tables
        q = select(t).where(t.c.public.is_(True)).order_by(t.c.updated_at.desc()).limit(limit)
        if status is not None:
            q = q.where(schema.tables.c.status == status)
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(q)]

    def set_summary(self, code: str, summary: str) -> None:
        """Store the lobby summary of ``code`` (its owner calls this when seats or watchers change)."""
        t = schema.tables
        with self.engine.begin() as conn:
            conn.execute(update(t).where(t.c.code == code).values(summary=summary))

    def lobby(self, limit: int) -> list[dict[str, Any]]:
        """Public tables not finished long ago, for the lobby: waiting ones first, then those in
        play (to watch), each most recently changed first; with their summaries."""
        t = schema.tables
        q = (
            select(t.c.code, t.c.game, t.c.config, t.c.status, t.c.version, t.c.updated_at, t.c.summary)
            .where(and_(t.c.public.is_(True), t.c.status.in_(["lobby", "playing", "finished"])))
            .order_by(t.c.updated_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(q)]

    # -----------------------------------------------------------------------------------------
    # Quick match: one open table per game config, claimed by primary key

    def quick_table(self, config: str) -> str | None:
        q = schema.quick
        with self.engine.connect() as conn:
            row = conn.execute(select(q.c.table_code).where(q.c.config == config)).first()
            return None if row is None else str(row.table_code)

    def quick_claim(self, config: str, code: str, now: float) -> bool:
        """Make ``code`` the open quick-match table of ``config``; ``False`` if another already is
        (the insert of the primary key is what two processes cannot both win)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(schema.quick).values(config=config, table_code=code, at=now))
        except IntegrityError:
            return False
        return True

    def quick_release(self, config: str, code: str) -> None:
        """``code`` is no longer open for quick match (full, started or gone); only its own claim
        is removed, so a newer table claimed meanwhile stays."""
        q = schema.quick
        with self.engine.begin() as conn:
            conn.execute(delete(q).where(and_(q.c.config == config, q.c.table_code == code)))

    # -----------------------------------------------------------------------------------------
    # Leases: which process owns a table

    def claim(self, code: str, node: str, url: str, now: float, ttl: float) -> tuple[bool, str | None]:
        """Take (or keep) the lease of ``code`` for ``node`` if it is free, expired or already ours.

        Returns whether ``node`` owns it now, and otherwise the owner's URL. One conditional
        UPDATE, so two processes racing for a free table cannot both win.
        """
        t = schema.tables
        with self.engine.begin() as conn:
            won = conn.execute(
                update(t)
                .where(and_(t.c.code == code, or_(t.c.owner == node, t.c.owner.is_(None), t.c.lease_until < now)))
                .values(owner=node, owner_url=url, lease_until=now + ttl)
            ).rowcount
            if won:
                return True, None
            row = conn.execute(select(t.c.owner_url).where(t.c.code == code)).first()
            return False, (row.owner_url if row is not None else None)

    def renew(self, node: str, codes: Sequence[str], now: float, ttl: float) -> set[str]:
        """Extend ``node``'s leases on ``codes``; returns the codes it still owns."""
        if not codes:
            return set()
        t = schema.tables
        with self.engine.begin() as conn:
            conn.execute(
                update(t).where(and_(t.c.owner == node, t.c.code.in_(list(codes)))).values(lease_until=now + ttl)
            )
            rows = conn.execute(select(t.c.code).where(and_(t.c.owner == node, t.c.code.in_(list(codes)))))
            return {r.code for r in rows}

    def release(self, node: str, codes: Sequence[str]) -> None:
        if not codes:
            return
        t = schema.tables
        with self.engine.begin() as conn:
            conn.execute(
                update(t).where(and_(t.c.owner == node, t.c.code.in_(list(codes)))).values(owner=None, lease_until=0.0)
            )

    def resumable(self, node: str, now: float) -> list[str]:
        """Tables in play that this node may own: its own (after a restart) and abandoned ones
        (their owner's lease ran out). Tables in the lobby wait to be asked for: nothing happens
        at them without a request."""
        t = schema.tables
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(t.c.code).where(
                    and_(t.c.status == "playing", or_(t.c.owner == node, t.c.owner.is_(None), t.c.lease_until < now))
                )
            )
            return [r.code for r in rows]

    # -----------------------------------------------------------------------------------------
    # Archive

    def record(self, archive_id: str) -> str | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(schema.archive.c.record).where(schema.archive.c.id == archive_id)).first()
            return None if row is None else str(row.record)

    def list_archive(self, table: str | None, limit: int) -> list[dict[str, Any]]:
        """Finished matches, newest first: of one table (whoever knows its code), or of every
        public table (a private table's games are not listed to strangers)."""
        a, t = schema.archive, schema.tables
        q = select(a).order_by(a.c.finished_at.desc()).limit(limit)
        if table is not None:
            q = q.where(a.c.table_code == table)
        else:
            q = q.join(t, t.c.code == a.c.table_code).where(t.c.public.is_(True))
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(q)]

    # -----------------------------------------------------------------------------------------
    # Players and ratings

    def create_player(self, player_id: str, name: str, token_hash: str, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(schema.players).values(id=player_id, name=name, token_hash=token_hash, created_at=now))

    def player_by_token(self, token_hash: str) -> tuple[str, str] | None:
        p = schema.players
        with self.engine.connect() as conn:
            row = conn.execute(select(p.c.id, p.c.name).where(p.c.token_hash == token_hash)).first()
            return None if row is None else (str(row.id), str(row.name))

    def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        r, p = schema.ratings, schema.players
        ordinal = (r.c.mu - 3 * r.c.sigma).label("ordinal")
        q = (
            select(p.c.id, p.c.name, r.c.mu, r.c.sigma, r.c.matches, ordinal)
            .join(p, p.c.id == r.c.player_id)
            .where(r.c.game == game)
            .order_by(ordinal.desc(), p.c.name)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(row._mapping) for row in conn.execute(q)]

    # -----------------------------------------------------------------------------------------
    # Chat and mutes

    def add_chat(self, code: str, seat: int, name: str, text: str, at: float) -> int:
        with self.engine.begin() as conn:
            result = conn.execute(insert(schema.chat).values(table_code=code, seat=seat, name=name, text=text, at=at))
            key = result.inserted_primary_key
            return int(key[0]) if key is not None else 0

    def recent_chat(self, code: str, limit: int, after: int | None = None) -> list[dict[str, Any]]:
        """The last ``limit`` chat lines of a table; ``after``: only those written after the
        event of that version was stored (when the table went public, ``chat.history_floor``).

        The two times come from the clock of the process that owns the table, which writes both;
        a line sent while the visibility change was being stored counts as written before it."""
        c = schema.chat
        q = select(c).where(c.c.table_code == code)
        if after is not None:
            e = schema.events
            moment = select(e.c.at).where(e.c.table_code == code, e.c.seq == after).scalar_subquery()
            q = q.where(c.c.at > moment)
        with self.engine.connect() as conn:
            rows = conn.execute(q.order_by(c.c.id.desc()).limit(limit))
            return [dict(r._mapping) for r in reversed(list(rows))]

    def set_mute(self, code: str, seat: int, muted_seat: int, muted: bool) -> None:
        m = schema.mutes
        key = and_(m.c.table_code == code, m.c.seat == seat, m.c.muted_seat == muted_seat)
        with self.engine.begin() as conn:
            conn.execute(delete(m).where(key))
            if muted:
                conn.execute(insert(m).values(table_code=code, seat=seat, muted_seat=muted_seat))

    def mutes(self, code: str) -> set[tuple[int, int]]:
        m = schema.mutes
        with self.engine.connect() as conn:
            return {(r.seat, r.muted_seat) for r in conn.execute(select(m).where(m.c.table_code == code))}
