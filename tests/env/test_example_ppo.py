"""A short smoke run of examples/train_maskable_ppo.py (slow; needs sb3-contrib, torch, matplotlib)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


@pytest.mark.slow
def test_the_example_trains_evaluates_and_plots(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "curve.png"
    summary = module.main(
        ["--timesteps", "512", "--eval-every", "256", "--eval-games", "4", "--envs", "2", "--out", str(out)]
    )
    assert out.stat().st_size > 10_000
    assert summary["timesteps"] == 512
    assert len(summary["curve"]["eval_win"]) >= 2
    assert all(0.0 <= w <= 1.0 for w in summary["curve"]["eval_win"])
