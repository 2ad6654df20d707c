"""bench/deviations.py at a tiny size: it counts, by kind, the moves a search level plays where
``medium`` plays its own, on the positions of ``medium``'s games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import deviations as dv


def test_a_tiny_game_counts_every_asked_decision_once() -> None:
    row = dv.game_counts(("classic", 11, "hard", 1.0, 8))
    assert row["asked"] > 10
    assert sum(row["pairs"].values()) == row["asked"]
    assert 0 <= row["same"] <= row["asked"]
    kinds = {"Draw", "Collect", "Meld", "LayOff", "Discard", "Knock", "Pass"}
    assert all(set(k.split(">")) <= kinds for k in row["pairs"])
    # the same deal and share give the same counts: every draw is seeded
    assert dv.game_counts(("classic", 11, "hard", 1.0, 8)) == row


def test_the_summary_groups_by_medium_s_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {"seed": 1, "asked": 3, "same": 1, "pairs": {"LayOff>Discard": 2, "Discard>Discard": 1}},
        {"seed": 2, "asked": 1, "same": 0, "pairs": {"LayOff>LayOff": 1}},
    ]
    s = dv.summarise(rows)
    assert s["asked"] == 4 and s["same_move"] == 0.25
    assert s["by_medium_kind"] == {"Discard": {"Discard": 1}, "LayOff": {"Discard": 2, "LayOff": 1}}
    out = tmp_path / "dev.json"
    assert dv.main(["--games", "1", "--iterations", "6", "--jobs", "1", "--share", "0.3", "--out", str(out)]) == 0
    saved = json.loads(out.read_text())
    assert saved["summary"]["games"] == 1 and saved["level"] == "hard"
    assert json.loads(capsys.readouterr().out)["asked"] == saved["summary"]["asked"]
    with pytest.raises(SystemExit):
        dv.main(["--share", "0"])
