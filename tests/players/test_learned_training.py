"""examples/train_learned.py, tiny (issue 24.4): the numpy backward pass is the true gradient of
the (weighted, tempered) masked loss; the card features name each action id's cards; the trained
form is the plain MLP the bot plays; the policy-gradient baseline is leave-one-out per deal and
seat; and a run of a few seconds plays games through dummy_v0, clones, fine-tunes and writes
weights the learned bot loads."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from samrap.env.codec_dummy import DummyCodec
from samrap.games.dummy import DummyConfig
from samrap.games.dummy.actions import Discard, LayOff, Meld
from samrap.players.learned import Net, load_net

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_learned.py"


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_learned", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tiny(g: np.random.Generator) -> list[list[np.ndarray]]:
    """Hidden 6 -> 4, card features 5, 7 action ids."""
    return [
        [g.standard_normal((6, 4)), g.standard_normal(4)],
        [g.standard_normal((4, 5)), g.standard_normal(5)],
        [g.standard_normal((4, 7)), g.standard_normal(7)],
    ]


def test_the_backward_pass_is_the_gradient_of_the_weighted_tempered_masked_loss() -> None:
    m = _example()
    g = np.random.default_rng(3)
    params, phi = _tiny(g), g.standard_normal((7, 5))
    x = g.standard_normal((3, 6))
    mask = np.array([[1, 1, 0, 1, 0, 0, 1], [0, 1, 1, 0, 1, 0, 0], [1, 0, 1, 1, 0, 1, 1]], bool)
    y = np.array([3, 2, 0])
    weight = np.array([1.0, -0.5, 2.0])  # advantages may be negative

    def loss() -> float:
        return float(m.loss_and_grads(params, phi, x, mask, y, weight, 0.7)[0])

    _, _, grads = m.loss_and_grads(params, phi, x, mask, y, weight, 0.7)
    eps = 1e-6
    for k in range(3):
        for i in range(2):
            flat = params[k][i].reshape(-1)
            for j in range(flat.size):
                old = flat[j]
                flat[j] = old + eps
                up = loss()
                flat[j] = old - eps
                down = loss()
                flat[j] = old
                assert grads[k][i].reshape(-1)[j] == pytest.approx((up - down) / (2 * eps), rel=1e-4, abs=1e-6)


def test_the_trained_form_is_the_plain_mlp_the_bot_plays() -> None:
    """U phi^T + W_free folds into one output matrix: the bot's scores are the training logits."""
    m = _example()
    g = np.random.default_rng(5)
    params, phi = _tiny(g), g.standard_normal((7, 5))
    net = Net(tuple(m.plain_layers(params, phi)), {})
    x = g.standard_normal(6).astype(np.float32)
    mask = np.ones((1, 7), bool)
    probs = []
    for y in range(7):  # -log p(y) under the training loss, for every y: the softmax of the logits
        probs.append(np.exp(-m.loss_and_grads(params, phi, x[None], mask, np.array([y]))[0]))
    logits = net.logits(x)
    expected = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()
    assert np.allclose(probs, expected, atol=1e-5)


def test_card_features_name_each_ids_cards_and_kind() -> None:
    m = _example()
    config = DummyConfig(players=2)
    codec = DummyCodec(config)
    phi = m.action_features(codec)
    assert phi.shape[0] == codec.num_actions
    kinds = phi[:, : len(codec.segments)]
    assert (kinds.sum(axis=1) == 1).all()  # every id has exactly one kind
    state = None  # the ids below are encoded from their fields alone
    meld = codec.melds[10]
    meld_id, discard_id = codec.encode(state, Meld(meld)), codec.encode(state, Discard(5))  # type: ignore[arg-type]
    layoff_id = codec.encode(state, LayOff(5, 3))  # type: ignore[arg-type]
    cards = bin(meld).count("1")
    # the meld's row counts its cards three times over in its kind's columns (card, rank, suit) and
    # once more in the shared card columns
    assert phi[meld_id, len(codec.segments) :].sum() == pytest.approx(4 * cards + 1 + 1 + cards / 4)
    # a discard and a lay-off of the same card share its column in the cards shared by every kind
    shared = np.flatnonzero(phi[discard_id] * phi[layoff_id])
    assert len(shared) == 1
    assert phi[layoff_id].sum() == pytest.approx(1 + 4 + 1)  # kind, the card 4 ways, the slot


def test_the_baseline_is_the_mean_of_the_other_games_of_the_same_deal_and_seat() -> None:
    m = _example()
    r = np.array([[1.0, -1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0], [-1.0, -1.0, -1.0, 1.0]])
    adv = m.advantages(r)
    assert np.allclose(adv[0], [1 - 1 / 3, -2, 1 - 1 / 3, 1 - 1 / 3])
    assert np.allclose(adv[1], 0)  # all the same: nothing to learn from the deal
    assert np.allclose(adv[2], [-1 - (-1 / 3), -1 - (-1 / 3), -1 - (-1 / 3), 2])


def test_a_tiny_run_clones_fine_tunes_and_writes_loadable_weights(tmp_path: Path) -> None:
    m = _example()
    out, curve, svg, params = tmp_path / "w.npz", tmp_path / "c.json", tmp_path / "c.svg", tmp_path / "p.npz"
    args = ["--games", "10", "--epochs", "8", "--hidden", "16", "--pg-steps", "2", "--deals", "1", "--k", "2"]
    args += [
        "--dagger-games",
        "2",
        "--branch-games",
        "2",
        "--branch-p",
        "0.5",
        "--eval-every",
        "2",
        "--eval-deals",
        "1",
    ]
    summary = m.main([*args, "--out", str(out), "--curve", str(curve), "--svg", str(svg), "--params", str(params)])
    points = summary["curve"]
    assert [p["stage"] for p in points] == ["clone", "tune", "pg"] and points[2]["step"] == 2
    assert points[0]["train_loss"] < points[0]["first_loss"]  # cloning lowered the loss
    assert all(p["games"] == 2 and 0.0 <= p["win_share"] <= 1.0 for p in points)
    net = load_net(out)
    samples = net.meta["samples"]
    assert net.meta["pg_steps"] == 2 and isinstance(samples, int) and samples > 100
    assert isinstance(net.meta["branches"], int) and net.meta["branches"] > 0
    assert net.obs_size == 1819 and net.num_actions == 2428
    assert json.loads(curve.read_text())["curve"][2]["stage"] == "pg"
    assert svg.read_text().startswith("<svg")
    # the policy gradient can resume from the saved training form
    resume = ["--init", str(params), "--pg-steps", "1", "--deals", "1", "--k", "2", "--eval-deals", "1"]
    again = m.main([*resume, "--out", str(out), "--curve", str(curve), "--svg", str(svg)])
    assert again["curve"][-1]["step"] == 1


def test_games_in_the_env_report_the_seats_reward_and_sampled_moves() -> None:
    """The evaluation reads each game's reward from the env (+1 / 0 / -1); a sampling learner
    records its own decisions (what the policy gradient learns from), a greedy one does not."""
    m = _example()
    rewards = [m.play_game(seed, None, None, False)["reward"] for seed in range(2)]
    assert rewards == [0.0, 0.0]  # no learner: nobody's reward
    g = np.random.default_rng(0)
    layers = [(g.standard_normal((1819, 8)).astype(np.float32), np.zeros(8, np.float32))]
    layers.append((g.standard_normal((8, 2428)).astype(np.float32), np.zeros(2428, np.float32)))
    net = Net(tuple(layers), {})
    greedy = [m.play_game(seed, net, seed % 2, False) for seed in range(3)]
    sampled = m.play_game(1, net, 1, False, temp=1.0, sample_seed=4)
    assert all(r["reward"] in (-1.0, 0.0, 1.0) and not r["my_act"] for r in greedy)
    assert len(sampled["my_act"]) == len(sampled["my_obs"]) == len(sampled["my_legal"]) > 5
    assert all(a in legal for a, legal in zip(sampled["my_act"], sampled["my_legal"], strict=True))


def test_branch_labels_are_legal_moves_weighted_by_the_reward_gap() -> None:
    """Branching half the decisions of a game: each label is one of the legal ids of its decision,
    weighted 0.5 (a win or loss against a tie) or 1 (a win against a loss)."""
    m = _example()
    g = np.random.default_rng(1)
    layers = [(g.standard_normal((1819, 8)).astype(np.float32), np.zeros(8, np.float32))]
    layers.append((g.standard_normal((8, 2428)).astype(np.float32), np.zeros(2428, np.float32)))
    net = Net(tuple(layers), {})
    games = [m.branch_game(seed, net, seed % 2, 0.5, seed) for seed in (2,)]
    assert sum(b["branches"] for b in games) > 5
    assert sum(len(b["y"]) for b in games) > 0  # some branches end differently
    for b in games:
        assert b["reward"] in (-1.0, 0.0, 1.0) and len(b["y"]) <= b["branches"]
        assert all(y in legal for y, legal in zip(b["y"], b["legal"], strict=True))
        assert set(b["w"]) <= {0.5, 1.0}
    assert games[0]["w"].count(1.0) > 1  # seed 2: wins against losses among them


def test_the_session_drivers_replay_their_stages(tmp_path: Path) -> None:
    """examples/learned_session.py, tiny: labelled games to shard files, a clone, DAgger games of
    the clone, branch games, and a tuning pass from the clone's training form with branch labels."""
    spec = importlib.util.spec_from_file_location("learned_session", EXAMPLE.parent / "learned_session.py")
    assert spec is not None and spec.loader is not None
    s = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(s)
    d = ["--dir", str(tmp_path)]
    s.main([*d, "games", "--start", "5", "--count", "2", "--tag", "mm", "--shard", "1"])
    clone = ["--data", f"{tmp_path}/m*.npz", "--epochs", "1", "--hidden", "8", "--eval", "0"]
    s.main([*d, "train", *clone, "--out", f"{tmp_path}/clone.npz"])
    s.main([*d, "games", "--start", "7", "--count", "1", "--tag", "dg", "--weights", f"{tmp_path}/clone.npz"])
    s.main(
        [
            *d,
            "branch",
            "--start",
            "2",
            "--games",
            "1",
            "--p",
            "0.5",
            "--weights",
            f"{tmp_path}/clone.npz",
            "--tag",
            "br",
        ]
    )
    tune = ["--data", f"{tmp_path}/[dm]*.npz", "--branch", f"{tmp_path}/b*.npz", "--epochs", "1", "--eval", "0"]
    s.main([*d, "train", *tune, "--init", f"{tmp_path}/clone-params0.npz", "--out", f"{tmp_path}/tuned.npz"])
    assert {"mm-00000.npz", "mm-00001.npz", "dg-00000.npz", "clone-params0.npz"} <= {p.name for p in tmp_path.iterdir()}
    tuned = load_net(tmp_path / "tuned.npz")
    assert tuned.obs_size == 1819 and tuned.num_actions == 2428 and tuned.layers[0][0].shape[1] == 8
