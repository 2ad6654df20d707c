"""The daily deal (issue 26.6): deals derived from a secret and the day, committed in advance and
revealed after; on a real server (SQLite and PostgreSQL) everyone gets the same cards and the
same bot answers, one result per player counts, the results show names and scores only, and a
daily game's record (closed until the day is over) verifies with ``samrap replay --verify``."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from samrap.cli.main import app
from samrap.engine.fairness import commitment_hash, verify_commitments
from samrap.engine.record import loads_record, replay_record
from samrap.server import daily
from samrap.server.settings import sqlite_url
from samrap.server.storage import Storage
from tests.server.live import PG_ENV, LiveServer, live_server, pg_schema, play_seat

PG_URL = os.environ.get(PG_ENV)
SECRET = "daily-test-secret"
DEVICE_A = "device-a-0123456789abcdef"
DEVICE_B = "device-b-0123456789abcdef"


# ---------------------------------------------------------------------------------------------
# The deal itself


def test_default_games_are_dummy_classic_for_two_and_contract_seed() -> None:
    games = daily.parse_games(daily.DEFAULT_GAMES)
    assert [(g.key, g.game, g.players, g.level) for g in games] == [
        ("dummy", "dummy", 2, "medium"),
        ("contract", "contract", 3, "medium"),
    ]
    assert games[1].lower_is_better and not games[0].lower_is_better


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("dummy", "key=game@level"),
        ("dummy=dummy@champion", "unknown bot level"),
        ("dummy=dummy(players=9)@easy", "players"),
        ("a=dummy@easy;a=dummy@easy", "twice"),
        ("", "no daily game"),
    ],
)
def test_bad_daily_settings_are_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(daily.DailyError, match=words):
        daily.parse_games(text)


def test_a_deal_depends_on_secret_day_and_game_only() -> None:
    dummy, contract = daily.parse_games(daily.DEFAULT_GAMES)
    a = daily.deal(b"s", "2026-12-06", dummy)
    assert a == daily.deal(b"s", "2026-12-06", dummy)
    assert a.seed != daily.deal(b"s", "2026-12-07", dummy).seed
    assert a.seed != daily.deal(b"t", "2026-12-06", dummy).seed
    assert a.salt != daily.deal(b"s", "2026-12-06", contract).salt
    assert 0 <= a.seed < 2**daily.SEED_BITS and len(a.salt) == 64
    with pytest.raises(daily.DailyError):
        daily.deal(b"s", "2026-13-01", dummy)


def test_a_past_days_reveal_opens_its_commitment() -> None:
    """What ``GET /api/daily/{day}`` reveals after the day hashes to what it listed before."""
    from samrap.engine.fairness import deck_text
    from samrap.engine.registry import get_spec

    for g in daily.parse_games(daily.DEFAULT_GAMES):
        d = daily.deal(b"s", "2026-01-01", g)
        spec = get_spec(g.game)
        config = spec.parse_config(g.config, spec.default_config)
        deck = spec.make_game(config).deal_order(d.seed)
        assert commitment_hash(deck_text(spec, config, deck), d.salt) == d.commitment().sha256


def test_days_are_utc_dates() -> None:
    late = dt.datetime(2026, 12, 6, 23, 30, tzinfo=dt.UTC)
    bangkok = late.astimezone(dt.timezone(dt.timedelta(hours=7)))  # already the 7th there
    assert daily.today(bangkok) == "2026-12-06"
    assert daily.is_over("2026-12-05", late) and not daily.is_over("2026-12-06", late)


def test_ranking_shares_ranks_and_follows_the_games_direction() -> None:
    rows = [daily.Score(k, k, s, float(i)) for i, (k, s) in enumerate([("a", 5), ("b", 9), ("c", 5)])]
    high = daily.ranking(rows, lower_is_better=False)
    assert [(r.name, r.rank) for r in high] == [("b", 1), ("a", 2), ("c", 2)]
    low = daily.ranking(rows, lower_is_better=True)
    assert [(r.name, r.rank) for r in low] == [("a", 1), ("c", 1), ("b", 3)]
    assert daily.player_key("p_1", "x" * 20) == "p:p_1"
    assert daily.player_key(None, None) is None
    assert daily.player_key(None, DEVICE_A) != daily.player_key(None, DEVICE_B)


# ---------------------------------------------------------------------------------------------
# On a real server


def play(server: LiveServer, key: str, name: str, device: str | None, seed: int) -> tuple[dict[str, Any], str]:
    body: dict[str, Any] = {"name": name}
    if device:
        body["device"] = device
    started = server.post(f"/api/daily/{key}/play", body)
    code = started["table"]["code"]
    view = asyncio.run(play_seat(server.ws, code, started["token"], random.Random(seed)))
    over = next(e for e in view["events"] if e["kind"] == "match_over")
    return started, str(over["record"])


def run_daily(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMRAP_DAILY_SECRET", SECRET)
    monkeypatch.delenv("SAMRAP_DAILY_GAMES", raising=False)
    games = {g.key: g for g in daily.parse_games(daily.DEFAULT_GAMES)}
    with live_server(url, extra=("--bot-delay", "0")) as server:
        index = server.get("/api/daily").json()
        today = index["today"]["day"]
        assert index["zone"] == "UTC" and index["tomorrow"]["day"] == daily.shift(today, 1)
        for when in ("today", "tomorrow"):  # published in advance, opened only after
            for g in index[when]["games"]:
                expected = daily.deal(SECRET.encode(), index[when]["day"], games[g["key"]]).commitment()
                assert g["commitment"] == expected.sha256 and g["seed"] is None and g["salt"] is None
        for g in index["yesterday"]["games"]:
            assert commitment_hash(g["deck"], g["salt"]) == g["commitment"]
        assert server.get(f"/api/daily/{daily.shift(today, 2)}").json()["code"] == "not_found"
        assert server.get("/api/daily/yesterday").json()["code"] == "malformed"

        # two plays by one browser (the second not counted), one by another, one anonymous
        first, rec_a = play(server, "dummy", "Somchai", DEVICE_A, seed=5)
        again, rec_a2 = play(server, "dummy", "Somchai", DEVICE_A, seed=5)
        other, rec_b = play(server, "dummy", "Malee", DEVICE_B, seed=9)
        anon, rec_c = play(server, "dummy", "Guest", None, seed=9)
        assert first["counts"] and not again["counts"] and other["counts"] and not anon["counts"]
        assert first["day"] == today and first["seat"] == 0
        assert [s["kind"] for s in first["table"]["seats"]] == ["human", "bot"]
        assert first["table"]["seats"][1]["level"] == "medium"

        # the record stays closed today; the server's archive has it
        closed = server.get(f"/api/games/{rec_a}/record")
        assert closed.status_code == 409 and closed.json()["code"] == "bad_state"
        assert server.get(f"/api/games/{rec_a}/replay").status_code == 409
        storage = Storage(url)
        try:
            texts = {r: storage.record(r) for r in (rec_a, rec_a2, rec_b, rec_c)}
        finally:
            storage.close()
        records = {r: loads_record(t or "") for r, t in texts.items()}
        today_dummy = next(g for g in index["today"]["games"] if g["key"] == "dummy")
        for rec in records.values():
            assert len(rec.match.games) == 1 and not rec.match.complete
            assert replay_record(rec).problem is None
            assert [c.ok for c in verify_commitments(rec)] == [True]
            assert [c.sha256 for c in rec.commitments if c is not None] == [
                today_dummy["commitment"]
            ]  # the deal listed in advance
        decks = {rec.match.games[0].deck for rec in records.values()}
        assert len(decks) == 1  # everyone got the same cards
        # what GET /api/daily/{today} reveals once the day is over opens these records
        from samrap.engine.registry import get_spec

        reveal = daily.deal(SECRET.encode(), today, games["dummy"])
        spec = get_spec("dummy")
        config = spec.parse_config(games["dummy"].config, spec.default_config)
        assert decks == {tuple(spec.make_game(config).deal_order(reveal.seed))}
        assert {c.salt for rec in records.values() for c in rec.commitments if c is not None} == {reveal.salt}
        # the same moves met the same bot answers
        assert records[rec_a].match.games[0].actions == records[rec_a2].match.games[0].actions
        path = tmp_path / "daily.json"
        path.write_text(texts[rec_a] or "", encoding="utf-8")
        done = CliRunner().invoke(app, ["replay", "--verify", str(path)])
        assert done.exit_code == 0, done.output
        assert "fair" in done.stdout

        # results: only for who finished, names and scores only
        path_results = f"/api/daily/{today}/dummy/results"
        refused = server.get(path_results)
        assert refused.status_code == 409 and refused.json()["code"] == "bad_state"
        mine = httpx.get(server.url + path_results, headers={"X-Daily-Device": DEVICE_B}, timeout=10)
        assert mine.status_code == 200, mine.text
        res = mine.json()
        scores = {"Somchai": records[rec_a].match.totals[0], "Malee": records[rec_b].match.totals[0]}
        assert res["count"] == 2 and res["you"]["name"] == "Malee" and res["you"]["score"] == scores["Malee"]
        assert sorted((b["name"], b["score"]) for b in res["best"]) == sorted(scores.items())
        assert sum(b["count"] for b in res["distribution"]) == 2
        text = json.dumps(res)
        for secret in (DEVICE_A, DEVICE_B, first["token"], "p:", "d:"):
            assert secret not in text
        assert all(set(row) == {"rank", "name", "score"} for row in [res["you"], *res["best"]])
        bad = httpx.get(server.url + path_results, headers={"X-Player-Token": "nope"}, timeout=10)
        assert bad.status_code == 403 and bad.json()["code"] == "unauthorized"
        assert server.get(f"/api/daily/{today}/chess/results").json()["code"] == "not_found"
        assert httpx.post(server.url + "/api/daily/chess/play", json={"name": "A"}).json()["code"] == "not_found"

        # Contract: the seed preset, three seats, the lowest score is best
        c, _ = play(server, "contract", "Somchai", DEVICE_A, seed=3)
        assert c["counts"] and [s["kind"] for s in c["table"]["seats"]] == ["human", "bot", "bot"]
        contract_results = server.url + f"/api/daily/{today}/contract/results"
        cres = httpx.get(contract_results, headers={"X-Daily-Device": DEVICE_A}, timeout=10).json()
        assert cres["lower_is_better"] and cres["count"] == 1 and cres["you"]["rank"] == 1


def test_daily_deal_on_sqlite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_daily(sqlite_url(tmp_path / "daily.db"), tmp_path, monkeypatch)


@pytest.mark.skipif(not PG_URL, reason=f"set {PG_ENV} to a PostgreSQL URL")
def test_daily_deal_on_postgresql(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert PG_URL is not None
    with pg_schema(PG_URL) as url:
        run_daily(url, tmp_path, monkeypatch)
