"""``samrap hint RECORD --at N``: ranked moves with reasons, in English and Thai."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from samrap.engine.match import run_match
from samrap.engine.record import make_record, write_record
from samrap.engine.registry import resolve
from samrap.players.levels import make_bot
from tests.cli.helpers import run


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    spec, cfg = resolve("dummy(players=2)")
    game = spec.make_game(cfg)
    match = run_match(spec, cfg, [make_bot("heuristic", game), make_bot("random", game)], 12, max_games=1)
    path = tmp_path_factory.mktemp("hint") / "game.json"
    write_record(path, make_record(match, "2026-01-01T00:00:00Z"))
    return path


def _first_choice(record: Path) -> int:
    """The first action number (1-based) where the player had several legal moves."""
    data = json.loads(record.read_text())
    for k, a in enumerate(data["games"][0]["actions"]):
        if a["action"].startswith("X"):
            return k + 1
    raise AssertionError("no discard in the game")


def test_json_hints_rank_every_legal_move(record: Path) -> None:
    at = _first_choice(record)
    r = run("hint", str(record), "--at", str(at), "--bot", "ismcts:iters=16", "--json")
    assert r.exit_code == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["at"] == at and d["played"].startswith("X")
    hints = d["hints"]
    assert len(hints) >= 2 and [h["rank"] for h in hints] == list(range(1, len(hints) + 1))
    visits = [h["visits"] for h in hints]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 16
    assert all(h["reason"] for h in hints)
    assert d["played"] in {h["action"] for h in hints}
    again = run("hint", str(record), "--at", str(at), "--bot", "ismcts:iters=16", "--json")
    assert json.loads(again.stdout) == d


def test_table_in_thai(record: Path) -> None:
    r = run("hint", str(record), "--at", str(_first_choice(record)), "--bot", "heuristic", "--lang", "th", "--top", "2")
    assert r.exit_code == 0, r.stderr
    assert "คำแนะนำ" in r.stdout and "ทิ้ง" in r.stdout
    assert "การเดินที่เล่นจริง" in r.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--at", "0"], "--at must be 1 to"),
        (["--at", "100000"], "--at must be 1 to"),
        (["--at", "1", "--game", "3"], "game 3 does not exist"),
        (["--at", "1", "--lang", "fr"], "--lang"),
        (["--at", "1", "--bot", "random"], "--bot"),
    ],
)
def test_errors(record: Path, args: list[str], message: str) -> None:
    r = run("hint", str(record), *args)
    assert r.exit_code == 2
    assert message in r.stderr


def test_not_a_record(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("{}")
    r = run("hint", str(bad), "--at", "1")
    assert r.exit_code == 2 and "not a samrap record" in r.stderr


def test_a_contract_record_is_shown_rendered(tmp_path: Path) -> None:
    """``samrap hint`` on a Contract Rummy record draws the position for people, not its raw string."""
    spec, cfg = resolve("contract(players=3)")
    game = spec.make_game(cfg)
    match = run_match(spec, cfg, [make_bot("random", game, name=f"bot{k}") for k in range(3)], 5, max_games=1)
    path = tmp_path / "contract.json"
    write_record(path, make_record(match, "2026-01-01T00:00:00Z"))
    r = run("hint", str(path), "--at", "3", "--bot", "heuristic")
    assert r.exit_code == 0, r.stderr
    assert "Deal 1/7  ·  contract: two sets" in r.stdout and "Your hand (" in r.stdout
    assert "|phase" not in r.stdout and "Hints, deal 1 before action 3" in r.stdout


@pytest.mark.parametrize(
    ("args", "says"), [(["--at", "0"], "เลือกการเดินที่ 1 ถึง"), (["--at", "1", "--game", "3"], "ไม่มีเกมที่ 3")]
)
def test_errors_in_thai(record: Path, args: list[str], says: str) -> None:
    r = run("hint", str(record), *args, "--lang", "th")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert r.stderr.startswith("samrap: ผิดพลาด: ") and says in r.stderr
