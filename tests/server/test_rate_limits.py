"""Per-address limits on creating tables and players, joining and hints: over the limit a request
gets 429 ``rate_limited`` with ``Retry-After`` and writes nothing; within it everything works."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from samrap.server import ratelimit
from samrap.server.app import create_app
from samrap.server.ratelimit import Rate, RateLimiter, RateLimits, TokenBuckets
from samrap.server.settings import ServerSettings
from tests.server.conftest import create, join, make_settings


def rows(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        count: int = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        return count


@pytest.fixture
def tight(db_path: Path) -> Iterator[TestClient]:
    limits = RateLimits(tables=Rate(3, 60), players=Rate(2, 60), joins=Rate(2, 60), hints=Rate(1, 60))
    with TestClient(create_app(make_settings(db_path, rate_limits=limits))) as c:
        yield c


def assert_refused(r: object, what: str) -> None:
    assert r.status_code == 429, r.text  # type: ignore[attr-defined]
    body = r.json()  # type: ignore[attr-defined]
    assert body["code"] == "rate_limited" and body["rule"] is None
    assert what in body["message"]
    retry = int(r.headers["retry-after"])  # type: ignore[attr-defined]
    assert 1 <= retry <= 60


def test_table_creation_over_the_limit_is_refused_and_creates_nothing(tight: TestClient, db_path: Path) -> None:
    for _ in range(3):
        create(tight)
    assert rows(db_path, "samrap_tables") == 3
    r = tight.post("/api/tables", json={})
    assert_refused(r, "table creations")
    assert int(r.headers["retry-after"]) == 20  # 3 per minute: the next token in 20 s
    assert rows(db_path, "samrap_tables") == 3
    assert len(tight.get("/api/tables").json()["tables"]) == 0  # made private by default: not listed
    # other kinds have their own buckets
    assert tight.post("/api/players", json={"name": "Ann"}).status_code == 201


def test_player_creation_over_the_limit_is_refused(tight: TestClient, db_path: Path) -> None:
    for name in ("Ann", "Bob"):
        assert tight.post("/api/players", json={"name": name}).status_code == 201
    assert_refused(tight.post("/api/players", json={"name": "Cat"}), "player creations")
    assert rows(db_path, "samrap_players") == 2


def test_joins_over_the_limit_are_refused_and_take_no_seat(tight: TestClient) -> None:
    code = create(tight, game="dummy(players=4)")["table"]["code"]
    join(tight, code, "Bob")
    join(tight, code, "Cat")
    assert_refused(tight.post(f"/api/tables/{code}/join", json={"name": "Dan"}), "joins")
    seats = tight.get(f"/api/tables/{code}").json()["seats"]
    assert [s["name"] for s in seats if s["kind"] == "human"] == ["Bob", "Cat"]


def test_hints_are_limited(tight: TestClient) -> None:
    code = create(tight)["table"]["code"]
    first = tight.post(f"/api/tables/{code}/hint", json={"token": "x"})
    assert first.status_code != 429
    assert_refused(tight.post(f"/api/tables/{code}/hint", json={"token": "x"}), "hints")


def test_each_address_has_its_own_buckets(db_path: Path) -> None:
    app = create_app(make_settings(db_path, rate_limits=RateLimits(tables=Rate(1, 60))))
    with TestClient(app, client=("10.0.0.1", 5000)) as a, TestClient(app, client=("10.0.0.2", 5000)) as b:
        create(a)
        assert a.post("/api/tables", json={}).status_code == 429
        create(b)
        assert b.post("/api/tables", json={}).status_code == 429


def test_off_and_exempt_addresses_are_not_limited(db_path: Path, tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(db_path, rate_limits=RateLimits.off()))) as c:
        for _ in range(30):
            create(c)
    exempt = RateLimits(tables=Rate(1, 60), exempt=frozenset({"testclient"}))
    with TestClient(create_app(make_settings(tmp_path / "other.db", rate_limits=exempt))) as c:
        for _ in range(5):
            create(c)


def test_defaults_allow_a_burst_then_limit(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in limits (no environment): 20 tables at once, then one every 3 s."""
    assert ServerSettings(database_url="sqlite://").rate_limits == RateLimits()
    for _ in range(RateLimits().tables.count):  # type: ignore[union-attr]
        create(client)
    r = client.post("/api/tables", json={})
    assert r.status_code == 429 and r.headers["retry-after"] == "3"


def test_bucket_refills_over_time() -> None:
    b = TokenBuckets(Rate(2, 10))  # two at once, then one every 5 s
    assert b.take("a", 100.0) == 0 and b.take("a", 100.0) == 0
    assert b.take("a", 100.0) == pytest.approx(5.0)
    assert b.take("a", 101.0) == pytest.approx(4.0)  # a refused request spends nothing
    assert b.take("a", 105.0) == 0
    assert b.take("a", 105.0) == pytest.approx(5.0)
    assert b.take("a", 200.0) == 0 and b.take("a", 200.0) == 0  # never more than the burst
    assert b.take("a", 200.0) > 0


def test_full_buckets_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratelimit, "SWEEP_AT", 100)
    b = TokenBuckets(Rate(5, 1))
    for k in range(100):
        b.take(f"10.0.{k}.1", 0.0)
    assert len(b.buckets) == 100
    b.take("new", 10.0)  # all the old buckets have refilled by now
    assert list(b.buckets) == ["new"]
    # when the buckets are all still in use, the next sweep waits until there are twice as many
    for k in range(100):
        b.take(f"10.1.{k}.1", 20.0)
    assert b.sweep_at == 2 * 99  # the sweep at the 100th found 99 buckets in use
    n = len(b.buckets)
    b.take("newer", 20.0)  # no sweep until then
    assert len(b.buckets) == n + 1


def test_limiter_kinds_and_exemptions() -> None:
    limiter = RateLimiter(RateLimits(tables=Rate(1, 60), joins=None, exempt=frozenset({"::1"})))
    assert limiter.take("tables", "1.2.3.4", 0.0) == 0
    assert limiter.take("tables", "1.2.3.4", 0.0) == pytest.approx(60.0)
    assert all(limiter.take("joins", "1.2.3.4", 0.0) == 0 for _ in range(100))
    assert all(limiter.take("tables", "::1", 0.0) == 0 for _ in range(100))


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ratelimit.ENV, raising=False)
    assert RateLimits.from_env() == RateLimits()
    monkeypatch.setenv(ratelimit.ENV, "off")
    assert RateLimits.from_env() == RateLimits.off()
    assert ServerSettings(database_url="sqlite://").rate_limits == RateLimits.off()
    monkeypatch.setenv(ratelimit.ENV, " tables=5/30, joins=off ,players=7")
    got = RateLimits.from_env()
    assert got.tables == Rate(5, 30) and got.joins is None and got.players == Rate(7, 60)
    assert got.hints == RateLimits().hints and got.exempt == frozenset()
    got = RateLimits.parse("exempt=10.0.0.5  ::1, hints=2/1")
    assert got.exempt == frozenset({"10.0.0.5", "::1"}) and got.hints == Rate(2, 1)
    assert RateLimits.parse("off", got).exempt == got.exempt
    for bad in ("tables", "games=1/2", "tables=x/1", "tables=0/60", "tables=1/0", "tables=1/inf"):
        with pytest.raises(ValueError, match=ratelimit.ENV):
            RateLimits.parse(bad)
    assert str(Rate(5, 30)) == "5/30"
