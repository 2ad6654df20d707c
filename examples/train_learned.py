"""Train the ``learned`` Thai Dummy bot through ``dummy_v0``, numpy only, and write its weights and curve.

One command (2 CPU cores; the documented full run is at most 2 hours)::

    python examples/train_learned.py --minutes 110 --jobs 2     # the documented run
    python examples/train_learned.py --minutes 20 --jobs 2      # a shorter run (docs/bots.md)

What it does, honestly (docs/bots.md, "learned"):

* **Data through the environment.** Games of two-player Dummy are played in the PettingZoo AEC
  environment ``samrap.env.dummy_v0``; every decision with more than one legal move records the
  acting seat's observation vector and action mask, as the environment hands them out. The
  *label* is the move the ``medium`` bot (the rule-based heuristic) chooses from that seat's view
  (``game.observe``), turned into the environment's action id: behaviour cloning of ``medium``.
* **DAgger rounds.** Round 0 lets ``medium`` play both seats. Later rounds let the network play
  one seat of each game (greedy, its own mistakes included) while ``medium`` still labels every
  decision, so the data covers the positions the network itself reaches; the data of all rounds
  is kept.
* **The network.** An MLP (observation -> ReLU hidden layers -> one logit per action id), forward
  and backward written here in numpy, masked softmax cross-entropy, Adam. The weights go to
  ``src/samrap/players/data/learned-dummy.npz`` (float32, compressed), which
  ``samrap.players.learned`` loads.
* **The curve.** After every round the network plays ``--eval-deals`` duplicate deals against
  ``medium`` in the environment (each deal twice, seats swapped; a tie counts half); the win
  share per round, the held-out loss and the agreement with ``medium`` go to ``--curve`` (JSON)
  and ``--svg`` (a small SVG plot written by hand: no matplotlib needed).

The environment's rewards score the evaluation games; the policy itself learns from the labels
(imitation), not from the rewards: policy-gradient fine-tuning against ``medium`` is the next step
(docs/bots.md). Everything is seeded (``--seed``): the same command on the same code gives the
same weights with ``--jobs 1``; with more jobs the games are the same too (each game has its own
seed) and only the wall clock differs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import time  # noqa: TID251 (an example timing its own run)
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from samrap.core.rng import Random
from samrap.env import dummy_v0
from samrap.players.learned import WEIGHTS, Net, load_net, save_net
from samrap.players.levels import make_bot

ROOT = Path(__file__).resolve().parent.parent
CONFIG = "dummy(players=2)"

# ----------------------------------------------------------------------------------------------
# The network: init, forward with caches, backward, Adam


def init_layers(sizes: list[int], seed: int) -> list[list[np.ndarray]]:
    """He-initialised ``[W, b]`` pairs for layer sizes ``sizes`` (input first, actions last)."""
    g = np.random.default_rng(seed)
    out = []
    for a, b in itertools.pairwise(sizes):
        out.append([(g.standard_normal((a, b)) * math.sqrt(2.0 / a)).astype(np.float32), np.zeros(b, np.float32)])
    out[-1][0] *= 0.1  # small initial logits: a near-uniform policy over the legal moves
    return out


def loss_and_grads(
    layers: list[list[np.ndarray]], x: np.ndarray, mask: np.ndarray, y: np.ndarray
) -> tuple[float, float, list[list[np.ndarray]]]:
    """Masked softmax cross-entropy of labels ``y``: (mean loss, accuracy, gradients)."""
    acts = [x]
    h = x
    for w, b in layers[:-1]:
        h = np.maximum(h @ w + b, 0.0)
        acts.append(h)
    w, b = layers[-1]
    z = h @ w + b
    z = np.where(mask, z, -1e9)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    n = len(y)
    rows = np.arange(n)
    loss = float(-np.log(np.maximum(p[rows, y], 1e-12)).mean())
    acc = float((p.argmax(axis=1) == y).mean())
    d = p
    d[rows, y] -= 1.0
    d /= n
    grads: list[list[np.ndarray]] = []
    for k in range(len(layers) - 1, -1, -1):
        a = acts[k]
        grads.append([a.T @ d, d.sum(axis=0)])
        if k:
            d = (d @ layers[k][0].T) * (acts[k] > 0)
    grads.reverse()
    return loss, acc, grads


class Adam:
    def __init__(self, layers: list[list[np.ndarray]], lr: float, decay: float = 1e-5) -> None:
        self.lr, self.decay, self.t = lr, decay, 0
        self.m = [[np.zeros_like(p) for p in pair] for pair in layers]
        self.v = [[np.zeros_like(p) for p in pair] for pair in layers]

    def step(self, layers: list[list[np.ndarray]], grads: list[list[np.ndarray]]) -> None:
        self.t += 1
        c1, c2 = 1 - 0.9**self.t, 1 - 0.999**self.t
        for pair, gpair, mpair, vpair in zip(layers, grads, self.m, self.v, strict=True):
            for i in range(2):
                g = gpair[i] + self.decay * pair[i]
                mpair[i] = 0.9 * mpair[i] + 0.1 * g
                vpair[i] = 0.999 * vpair[i] + 0.001 * g * g
                pair[i] -= (self.lr * (mpair[i] / c1) / (np.sqrt(vpair[i] / c2) + 1e-8)).astype(np.float32)


def as_net(layers: list[list[np.ndarray]], meta: dict[str, Any]) -> Net:
    return Net(tuple((w.copy(), b.copy()) for w, b in layers), meta)


# ----------------------------------------------------------------------------------------------
# Games in the environment


def _act(net: Net | None, obs: np.ndarray, ids: list[int]) -> int:
    arr = np.asarray(ids)
    return int(arr[int(np.argmax(net.scores(obs, arr)))]) if net is not None else ids[0]


def play_game(seed: int, net: Net | None, learner_seat: int | None, label: bool) -> dict[str, Any]:
    """One game of ``dummy_v0`` (deal from ``seed``); seat ``learner_seat`` is played by ``net``
    (greedy), every other seat by ``medium``. With ``label``, every decision with a choice records
    (observation, legal ids, medium's id). Returns the samples and the learner's reward."""
    env = dummy_v0.raw_env(CONFIG)
    env.reset(seed=seed)
    game = env.binding.game
    medium = make_bot("medium", game)
    rng = Random(seed)
    obs_l: list[np.ndarray] = []
    legal_l: list[np.ndarray] = []
    y_l: list[int] = []
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        o, r, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = float(r)  # the game's reward, read as each agent leaves
            env.step(None)
            continue
        assert o is not None
        ids = np.flatnonzero(o["action_mask"]).tolist()
        seat = int(agent.rsplit("_", 1)[1])
        if len(ids) == 1:
            env.step(ids[0])
            continue
        teach: int | None = None
        if label or seat != learner_seat:
            s = env.game_state
            legal_map = env.legal_actions()
            choice = medium.choose(game.observe(s, seat), game.legal_moves(s), rng)
            teach = next((i for i, a in legal_map.items() if a == choice), None)
        if label and teach is not None:
            obs_l.append(o["observation"].astype(np.float16))
            legal_l.append(np.asarray(ids, np.int16))
            y_l.append(teach)
        act = _act(net, o["observation"], ids) if seat == learner_seat else teach
        env.step(act if act is not None else ids[0])
    reward = final[f"player_{learner_seat}"] if learner_seat is not None else 0.0
    return {"obs": obs_l, "legal": legal_l, "y": y_l, "reward": reward}


def _job(args: tuple[int, dict[str, Any] | None, int | None, bool]) -> dict[str, Any]:
    seed, packed, seat, label = args
    net = Net(tuple((w, b) for w, b in packed["layers"]), {}) if packed is not None else None
    return play_game(seed, net, seat, label)


def run_games(jobs: list[tuple[int, Net | None, int | None, bool]], pool: ProcessPoolExecutor | None) -> list[Any]:
    packed = [(s, {"layers": list(n.layers)} if n is not None else None, q, lab) for s, n, q, lab in jobs]
    if pool is None:
        return [_job(j) for j in packed]
    return list(pool.map(_job, packed, chunksize=max(1, len(packed) // 16)))


def evaluate(net: Net, deals: int, seed: int, pool: ProcessPoolExecutor | None) -> dict[str, float]:
    """Win share of ``net`` against ``medium`` over ``deals`` duplicate deals (ties half) and a 95% Wilson interval."""
    jobs: list[tuple[int, Net | None, int | None, bool]] = [
        (seed + k, net, q, False) for k in range(deals) for q in (0, 1)
    ]
    rewards = [r["reward"] for r in run_games(jobs, pool)]
    wins = sum(1.0 if r > 0 else 0.5 if r == 0 else 0.0 for r in rewards)
    n = len(rewards)
    p = wins / n
    z = 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"games": n, "win_share": p, "low": mid - half, "high": mid + half}


# ----------------------------------------------------------------------------------------------
# Data and training


class Data:
    """All samples so far: observations (float16), legal ids and labels."""

    def __init__(self) -> None:
        self.obs: list[np.ndarray] = []
        self.legal: list[np.ndarray] = []
        self.y: list[int] = []

    def add(self, games: list[dict[str, Any]]) -> None:
        for g in games:
            self.obs += g["obs"]
            self.legal += g["legal"]
            self.y += g["y"]

    def __len__(self) -> int:
        return len(self.y)

    def batch(self, idx: np.ndarray, num_actions: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        x = np.stack([self.obs[i] for i in idx]).astype(np.float32)
        mask = np.zeros((len(idx), num_actions), bool)
        for r, i in enumerate(idx):
            mask[r, self.legal[i]] = True
        return x, mask, np.asarray([self.y[i] for i in idx])


def train_epochs(
    layers: list[list[np.ndarray]], opt: Adam, data: Data, epochs: int, batch: int, g: np.random.Generator
) -> dict[str, float]:
    """``epochs`` passes over the training part of ``data`` (every 10th sample is held out)."""
    a = layers[-1][0].shape[1]
    n = len(data)
    held = np.arange(0, n, 10)
    train = np.setdiff1d(np.arange(n), held)
    losses = []
    for _ in range(epochs):
        order = g.permutation(train)
        for k in range(0, len(order), batch):
            x, m, y = data.batch(order[k : k + batch], a)
            loss, _, grads = loss_and_grads(layers, x, m, y)
            opt.step(layers, grads)
            losses.append(loss)
    hl, ha = [], []
    for k in range(0, len(held), 1024):
        x, m, y = data.batch(held[k : k + 1024], a)
        loss, acc, _ = loss_and_grads(layers, x, m, y)
        hl.append(loss * len(y))
        ha.append(acc * len(y))
    return {
        "train_loss": float(np.mean(losses[-max(1, len(losses) // 4) :])) if losses else float("nan"),
        "held_loss": float(sum(hl) / max(1, len(held))),
        "held_agree": float(sum(ha) / max(1, len(held))),
        "first_loss": float(losses[0]) if losses else float("nan"),
    }


# ----------------------------------------------------------------------------------------------
# The plot


def write_svg(path: Path, curve: list[dict[str, Any]]) -> None:
    """Win share against medium (with its 95% interval) and agreement with medium, per round."""
    w, h, pad = 640, 360, 50
    xs = [c["samples"] for c in curve] or [0]
    xmax = max(xs) or 1

    def px(v: float) -> float:
        return pad + (w - 2 * pad) * v / xmax

    def py(v: float) -> float:
        return h - pad - (h - 2 * pad) * v

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<line x1="{pad}" y1="{py(0)}" x2="{w - pad}" y2="{py(0)}" stroke="black"/>',
        f'<line x1="{pad}" y1="{py(0)}" x2="{pad}" y2="{py(1)}" stroke="black"/>',
        f'<line x1="{pad}" y1="{py(0.5)}" x2="{w - pad}" y2="{py(0.5)}" stroke="#999" stroke-dasharray="4"/>',
        f'<line x1="{pad}" y1="{py(0.55)}" x2="{w - pad}" y2="{py(0.55)}" stroke="#c66" stroke-dasharray="2"/>',
        f'<text x="{w - pad}" y="{py(0.55) - 4}" text-anchor="end" fill="#c66">target 0.55</text>',
        f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle">training samples (labelled decisions)</text>',
        f'<text x="{pad}" y="{pad - 20}">learned vs medium: win share (blue, 95% interval), '
        "agreement with medium (green)</text>",
    ]
    for v in (0, 0.25, 0.5, 0.75, 1):
        out.append(f'<text x="{pad - 6}" y="{py(v) + 4}" text-anchor="end">{v:g}</text>')
    out.append(f'<text x="{w - pad}" y="{py(0) + 16}" text-anchor="end">{xmax}</text>')
    for key, colour in (("win_share", "#1f5fbf"), ("held_agree", "#2a9d4b")):
        pts = " ".join(f"{px(c['samples']):.1f},{py(c[key]):.1f}" for c in curve)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
    for c in curve:
        x = px(c["samples"])
        lo, hi = py(c["low"]), py(c["high"])
        out.append(f'<line x1="{x:.1f}" y1="{lo:.1f}" x2="{x:.1f}" y2="{hi:.1f}" stroke="#1f5fbf"/>')
        out.append(f'<circle cx="{x:.1f}" cy="{py(c["win_share"]):.1f}" r="3" fill="#1f5fbf"/>')
    out.append("</svg>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n")


# ----------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--minutes", type=float, default=110.0, help="wall-clock budget; no new round starts past it")
    ap.add_argument("--rounds", type=int, default=1000, help="at most this many rounds")
    ap.add_argument("--games", type=int, default=300, help="games played per round")
    ap.add_argument("--epochs", type=int, default=3, help="passes over all the data per round")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--hidden", default="128,128", help="hidden layer sizes, comma-separated")
    ap.add_argument("--eval-deals", type=int, default=50, help="duplicate deals against medium after each round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes playing games")
    ap.add_argument("--init", type=Path, default=None, help="start from these weights (resume)")
    ap.add_argument("--out", type=Path, default=WEIGHTS)
    ap.add_argument("--curve", type=Path, default=ROOT / "docs" / "img" / "learned-curve.json")
    ap.add_argument("--svg", type=Path, default=ROOT / "docs" / "img" / "learned-curve.svg")
    args = ap.parse_args(argv)

    start = time.monotonic()
    env = dummy_v0.raw_env(CONFIG)
    obs_size = env.observation_space(env.possible_agents[0])["observation"].shape[0]
    num_actions = env.binding.num_actions
    hidden = [int(x) for x in args.hidden.split(",") if x.strip()]
    meta = {"config": CONFIG, "hidden": hidden, "seed": args.seed, "teacher": "medium", "method": "dagger-bc"}
    if args.init is not None:
        layers = [[w.copy(), b.copy()] for w, b in load_net(args.init).layers]
    else:
        layers = init_layers([obs_size, *hidden, num_actions], args.seed)
    params = sum(w.size + b.size for w, b in layers)
    print(f"network {[obs_size, *hidden, num_actions]}: {params:,} parameters", flush=True)
    opt = Adam(layers, args.lr)
    g = np.random.default_rng(args.seed)
    data = Data()
    curve: list[dict[str, Any]] = []
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for r in range(args.rounds):
            if r and time.monotonic() - start > 60 * args.minutes:
                break
            net = as_net(layers, meta) if r or args.init is not None else None
            base = args.seed * 1_000_000 + r * 10_000
            # round 0 (from scratch): medium plays both seats; then the network plays one seat of each game
            jobs = [(base + k, net, (k % 2) if net is not None else None, True) for k in range(args.games)]
            t0 = time.monotonic()
            data.add(run_games(jobs, pool))
            t1 = time.monotonic()
            stats = train_epochs(layers, opt, data, args.epochs, args.batch, g)
            t2 = time.monotonic()
            ev = evaluate(as_net(layers, meta), args.eval_deals, 7_000_000 + args.seed, pool) if args.eval_deals else {}
            point = {"round": r, "samples": len(data), **stats, **ev, "minutes": (time.monotonic() - start) / 60}
            curve.append(point)
            print(
                f"round {r}: {len(data):,} samples (+{t1 - t0:.0f}s play), loss {stats['first_loss']:.3f} -> "
                f"{stats['train_loss']:.3f} (held {stats['held_loss']:.3f}, agrees with medium "
                f"{stats['held_agree']:.1%}, {t2 - t1:.0f}s)"
                + (f"; vs medium {ev['win_share']:.1%} [{ev['low']:.1%}, {ev['high']:.1%}]" if ev else "")
                + f"; {point['minutes']:.1f} min",
                flush=True,
            )
            meta["rounds"] = r + 1
            meta["samples"] = len(data)
            save_net(args.out, [(w, b) for w, b in layers], meta)
            args.curve.parent.mkdir(parents=True, exist_ok=True)
            saved = {"args": {k: str(v) for k, v in vars(args).items()}, "curve": curve}
            args.curve.write_text(json.dumps(saved, indent=1) + "\n")
            if args.svg and args.eval_deals:
                write_svg(args.svg, curve)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)", flush=True)
    return {"curve": curve, "params": int(params), "out": str(args.out)}


if __name__ == "__main__":
    main()
