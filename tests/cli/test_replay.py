"""``samrap replay``: exit 0 for a valid record, 1 for a rule broken, 2 for a file that is not a record."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from samrap.engine.match import run_match
from samrap.engine.record import dumps_record, make_record
from samrap.engine.registry import configure
from samrap.players import RandomPlayer
from tests.cli.helpers import run


@cache
def _text() -> str:
    spec, config = configure("dummy(players=3,target=300)")
    result = run_match(spec, config, [RandomPlayer(f"bot{q}") for q in range(3)], 1)
    return dumps_record(make_record(result, "2025-01-31T14:05:00Z"))


def _write(tmp_path: Path, doc: dict[str, Any] | None = None, text: str | None = None) -> str:
    path = tmp_path / "match.json"
    if text is None:
        text = json.dumps(doc) if doc is not None else _text()
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_valid_record_exits_0_with_score_tables(tmp_path: Path) -> None:
    result = run("replay", _write(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Ledger, game 1: " in result.stdout and "cards put down" in result.stdout
    assert "Match" in result.stdout and "valid: 6 games" in result.stdout
    assert result.stderr == ""


def test_json_report(tmp_path: Path) -> None:
    result = run("replay", _write(tmp_path), "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["valid"] is True and report["problem"] is None
    assert len(report["games"]) == 6 and report["record"]["players"] == ["bot0", "bot1", "bot2"]
    assert "commitment" not in report


def test_verify_says_there_is_no_commitment(tmp_path: Path) -> None:
    result = run("replay", _write(tmp_path), "--verify")
    assert result.exit_code == 0 and "no shuffle commitment" in result.stdout
    report = json.loads(run("replay", _write(tmp_path), "--verify", "--json").stdout)
    assert report["commitment"] is None and "no shuffle commitment" in report["commitment_note"]


def _tampered_action(tmp_path: Path) -> tuple[str, int]:
    doc = json.loads(_text())
    actions = doc["games"][1]["actions"]
    k = next(i for i, a in enumerate(actions) if a["action"].startswith("X "))
    upcard = doc["games"][1]["deck"][27]  # 3 players x 9 cards: the first upcard, in no hand
    actions[k]["action"] = f"X {upcard}"
    return _write(tmp_path, doc), k


def test_a_broken_rule_exits_1_naming_game_action_and_rule(tmp_path: Path) -> None:
    path, k = _tampered_action(tmp_path)
    result = run("replay", path)
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line.startswith(f"invalid: game 2, action {k + 1} (games[1].actions[{k}]) 'X ")
    assert "rule 18: " in line and "is not in hand" in line
    report = json.loads(run("replay", path, "--json").stdout)
    assert report["valid"] is False
    assert report["problem"]["game"] == 1 and report["problem"]["action"] == k and report["problem"]["rule"] == 18


def test_a_tampered_score_exits_1(tmp_path: Path) -> None:
    doc = json.loads(_text())
    doc["games"][2]["scores"][0] -= 10
    result = run("replay", _write(tmp_path, doc))
    assert result.exit_code == 1
    assert "invalid: game 3 (games[2]): rule 22-28: recorded scores" in result.stderr


def test_not_json_exits_2(tmp_path: Path) -> None:
    result = run("replay", _write(tmp_path, text="hello"))
    assert result.exit_code == 2
    assert "is not a samrap record: line 1 column 1: not JSON" in result.stderr


def test_a_malformed_record_exits_2_saying_where(tmp_path: Path) -> None:
    doc = json.loads(_text())
    doc["games"][2]["actions"][14]["action"] = "jump"
    result = run("replay", _write(tmp_path, doc))
    assert result.exit_code == 2
    assert "games[2].actions[14].action: not a Dummy action: 'jump'" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_a_server_record_without_a_seed_says_so_in_words(tmp_path: Path) -> None:
    """A server deal has no seed (its shuffle is committed instead): the header never prints ``None``."""
    doc = json.loads(_text())
    doc["seed"] = None
    for g in doc["games"]:
        g["seed"] = None
    result = run("replay", _write(tmp_path, doc))
    assert result.exit_code == 0, result.output
    header = result.stdout.splitlines()[0]
    assert "None" not in result.stdout and "seed none (a server deal" in header
    thai = run("replay", _write(tmp_path, doc), "--lang", "th")
    assert thai.exit_code == 0 and "ค่า seed ไม่มี (เกมจากเซิร์ฟเวอร์)" in thai.stdout.splitlines()[0]


def test_a_broken_rule_in_thai_names_game_action_and_rule(tmp_path: Path) -> None:
    path, k = _tampered_action(tmp_path)
    result = run("replay", path, "--lang", "th")
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line.startswith(f"ไม่ถูกต้อง: เกมที่ 2 การเดินที่ {k + 1} (X ") and line.endswith("ผิดกติกาข้อ 18")
