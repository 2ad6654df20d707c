"""bench/decision_gain.py at a tiny size: the screen's positions, its true-hand deals and its
baseline cache (issue 24.2's screening tool, docs/bots.md "expert's search in kind")."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from bench import decision_gain as dg
from samrap.players.budget import Budget
from samrap.players.levels import ismcts_for


def test_specs_parse_and_name_the_shipped_searches() -> None:
    assert dg.Spec.parse("hard") == dg.Spec()
    assert dg.Spec.parse("expert") == dg.Spec(iters=300, checked=True)
    assert dg.Spec.parse("iters=40,noise=0.2,limit=30,margin=0,halving=1") == dg.Spec(
        40, False, 0.2, 30, 0.0, True, False
    )
    with pytest.raises(ValueError):
        dg.Spec.parse("depth=3")


def test_the_baseline_spec_is_hard_as_shipped() -> None:
    """The screen's ``hard`` chooses as ``levels.ismcts_for`` does with the same seed."""
    game = dg._game("modern")
    _, _, s = next(dg.positions(game, 1, 5000))
    view, legal = game.observe(s, 0), game.legal_moves(s)
    ours = dg.make_search(game, dg.Spec(iters=12)).search(view, legal, Random(1))
    shipped = ismcts_for(game, Budget(iterations=12)).search(view, legal, Random(1))
    assert [(e.action, e.visits) for e in ours.estimates] == [(e.action, e.visits) for e in shipped.estimates]


def test_true_deals_keep_every_hand_and_reshuffle_the_stock() -> None:
    game = dg._game("classic")
    _, _, s = next(dg.positions(game, 1, 5000))
    deals = dg.true_deals(game, s, 3, "k")
    assert all(d.hands == s.hands and d.known == s.known and d.row == s.row for d in deals)
    assert all(sorted(d.deck[d.stock_pos :]) == sorted(s.deck[s.stock_pos :]) for d in deals)
    assert len({d.deck[d.stock_pos : d.stock_end] for d in deals}) > 1


def test_a_tiny_screen_reports_and_caches_the_baseline(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache, out = tmp_path / "cache.json", tmp_path / "rows.jsonl"
    argv = ["--presets", "modern", "--games", "1", "--max-positions", "3", "--deals", "2", "--base", "iters=6"]
    dg.main([*argv, "--cand", "iters=6,margin=0,paired=1", "--cache", str(cache), "--out", str(out)])
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(rows) == 3 and all(r["preset"] == "modern" for r in rows)
    assert all(("gain" in r) == r["differ"] for r in rows)
    assert "modern: " in capsys.readouterr().out
    assert len(json.loads(cache.read_text())) == 3
    # the same candidate as the baseline never differs, its cached choices read back
    dg.main([*argv, "--cand", "iters=6", "--cache", str(cache), "--out", str(out), "--finish", "checked"])
    assert not any(json.loads(x)["differ"] for x in out.read_text().splitlines())
