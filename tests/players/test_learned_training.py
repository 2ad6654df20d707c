"""examples/train_learned.py, tiny (issue 24.4): the numpy backward pass is the true gradient, and
a run of a few seconds plays games through dummy_v0, lowers the loss and writes weights the
learned bot loads."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from samrap.players.learned import load_net

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_learned.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_learned", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_backward_pass_is_the_gradient_of_the_masked_loss() -> None:
    m = _example()
    g = np.random.default_rng(3)
    layers = [[g.standard_normal((6, 5)), g.standard_normal(5)], [g.standard_normal((5, 4)), g.standard_normal(4)]]
    x = g.standard_normal((3, 6))
    mask = np.array([[1, 1, 0, 1], [0, 1, 1, 0], [1, 0, 1, 1]], bool)
    y = np.array([3, 2, 0])
    _, _, grads = m.loss_and_grads(layers, x, mask, y)
    eps = 1e-6
    for k in range(2):
        for i in range(2):
            p = layers[k][i]
            flat = p.reshape(-1)
            for j in (0, flat.size // 2, flat.size - 1):
                old = flat[j]
                flat[j] = old + eps
                up = m.loss_and_grads(layers, x, mask, y)[0]
                flat[j] = old - eps
                down = m.loss_and_grads(layers, x, mask, y)[0]
                flat[j] = old
                assert grads[k][i].reshape(-1)[j] == pytest.approx((up - down) / (2 * eps), rel=1e-4, abs=1e-7)


def test_a_tiny_run_trains_through_the_env_and_writes_loadable_weights(tmp_path: Path) -> None:
    m = _example()
    out, curve, svg = tmp_path / "w.npz", tmp_path / "c.json", tmp_path / "c.svg"
    args = ["--rounds", "2", "--games", "4", "--epochs", "6", "--hidden", "32", "--eval-deals", "1"]
    summary = m.main([*args, "--out", str(out), "--curve", str(curve), "--svg", str(svg)])
    points = summary["curve"]
    assert len(points) == 2
    assert points[1]["samples"] > points[0]["samples"] > 50  # round 1 added DAgger samples
    assert points[-1]["train_loss"] < points[0]["first_loss"]  # the loss fell
    assert all(p["games"] == 2 and 0.0 <= p["win_share"] <= 1.0 for p in points)
    net = load_net(out)
    assert net.meta["rounds"] == 2 and net.obs_size == 1819 and net.num_actions == 2428
    assert json.loads(curve.read_text())["curve"][1]["round"] == 1
    assert svg.read_text().startswith("<svg")


def test_a_game_in_the_env_reports_the_seats_reward() -> None:
    """The evaluation reads each game's reward from the env (+1 / 0 / -1); games are not all ties."""
    m = _example()
    rewards = [m.play_game(seed, None, seed % 2, False)["reward"] for seed in range(4)]
    assert set(rewards) <= {-1.0, 0.0, 1.0} and any(r != 0 for r in rewards)
