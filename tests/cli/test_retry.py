"""``samrap review RECORD --seat N --retry``: ลองใหม่ in the terminal, on a real review."""

from __future__ import annotations

import json
from pathlib import Path

from samrap.engine.record import write_record
from samrap.learn.retry import record_key
from tests.cli.helpers import run
from tests.players.test_review import _record


def test_retry_asks_each_mistake_again_then_remembers_it(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_record(path, _record("dummy(players=2,preset=modern)", ("heuristic", "easy"), 21))
    prog = tmp_path / "learn.json"
    review = json.loads(run("review", str(path), "--seat", "1", "--deals", "6", "--json").stdout)
    flagged = [d for d in review["decisions"] if d["label"] in ("mistake", "blunder")]
    assert flagged, "this seed's review flags a mistake of seat 1"
    first = flagged[0]
    # the move played is refused, the best move is right; then end of input stops and keeps progress
    answers = f"?\n{first['played']}\n{first['best']}\n"
    r = run(
        "review",
        str(path),
        "--seat",
        "1",
        "--deals",
        "6",
        "--retry",
        "--progress",
        str(prog),
        "--lang",
        "th",
        input=answers,
    )
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert f"ลองใหม่ 1 จาก {len(flagged)}" in out
    assert "เดินได้:" in out  # ? listed the legal moves
    assert "นี่คือการเดินที่คุณเดินในเกม" in out and "ถูกต้อง: นี่คือการเดินที่ดีที่สุดที่พบ" in out
    assert "การเดินที่ดีที่สุดที่พบ:" in out
    # the end: every position found, or input ended before the next one (progress kept either way)
    assert ("พบแล้ว 1 จาก 1 ตำแหน่ง" in out) if len(flagged) == 1 else ("บันทึกความคืบหน้าไว้แล้ว" in out)
    key = record_key(path.read_text(encoding="utf-8"), 1)
    assert json.loads(prog.read_text())["retry"][key] == [f"{first['game']}:{first['number']}"]
