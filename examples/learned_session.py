"""The stage-by-stage drivers that made the shipped ``learned`` weights (docs/bots.md, "The learned bot").

``train_learned.py`` runs the same method end to end in one command; these drivers are what the
session of 2026-12-06 ran, one stage at a time, with data kept in shard files between stages
(so a stage could be stopped, measured and resumed on 2 shared cores). Replaying the commands
in docs/bots.md gives the shipped weights (up to floating-point summation order in numpy's BLAS)::

    python examples/learned_session.py games --start 20000000 --count 1000 --tag mm
    python examples/learned_session.py games --start 21000000 --count 500 --tag mn
    python examples/learned_session.py train --data 'DIR/m*.npz' --epochs 3 --out DIR/clone.npz
    python examples/learned_session.py games --start 22000000 --count 1000 --tag dg --shard 200 \\
        --weights DIR/clone.npz
    python examples/learned_session.py branch --start 40000000 --games 650 --weights DIR/clone.npz --tag br
    python examples/learned_session.py branch --start 41000000 --games 350 --weights DIR/clone.npz --tag bs
    python examples/learned_session.py train --data 'DIR/[dm]*.npz' --branch 'DIR/b*.npz' --epochs 1 \\
        --lr 3e-4 --init DIR/clone-params2.npz --out DIR/tuned.npz

``DIR`` is ``--dir`` (default ``/tmp/learned-data``). The last file of ``--data`` in name order
is held out (``mn-00250.npz`` above).
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
import time  # noqa: TID251 (an example timing its own run)
from pathlib import Path
from typing import Any

import numpy as np

from samrap.core.rng import Random
from samrap.env import dummy_v0
from samrap.players.learned import Net, load_net, save_net
from samrap.players.levels import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent))
import learned_net as m
from learned_play import CONFIG, _finish, _medium_move, evaluate, play_game


def _save_shard(path: str, obs: list[Any], legal: list[Any], **extra: Any) -> None:
    mask = np.zeros((len(obs), 2428), bool)
    for i, ids in enumerate(legal):
        mask[i, ids] = True
    np.savez(path, obs=np.stack(obs), legal=np.packbits(mask, axis=1), **extra)


def games(a: argparse.Namespace) -> None:
    """Labelled games: ``medium`` in both seats, or (``--weights``) the network in seat ``k % 2``."""
    net = load_net(a.weights) if a.weights else None
    for shard in range(0, a.count, a.shard):
        obs: list[Any] = []
        legal: list[Any] = []
        y: list[int] = []
        for k in range(shard, min(a.count, shard + a.shard)):
            r = play_game(a.start + k, net, k % 2 if net is not None else None, True)
            obs += r["obs"]
            legal += r["legal"]
            y += r["y"]
        _save_shard(f"{a.dir}/{a.tag}-{shard:05d}.npz", obs, legal, y=np.array(y, np.int16))
        print(a.tag, shard, len(y), time.ctime(), flush=True)


def branch_game(seed: int, net: Net, seat: int, p_branch: float, sample_seed: int, temp: float) -> list[Any]:
    """``learned_play.branch_game`` as the session ran it (the same method; it draws its random
    numbers in another order): the branches that ended differently, as (observation, legal ids,
    the network's move, the other move, reward gap, whether the other move was ``medium``'s)."""
    g = np.random.default_rng(sample_seed)
    env = dummy_v0.raw_env(CONFIG)
    env.reset(seed=seed)
    medium = make_bot("medium", env.binding.game)
    rng = Random(seed)
    hist: list[int] = []
    points = []
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        o, r, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = float(r)
            env.step(None)
            continue
        ids = np.flatnonzero(o["action_mask"])
        q = int(agent.rsplit("_", 1)[1])
        if len(ids) == 1:
            a = int(ids[0])
        elif q != seat:
            a = _medium_move(env, medium, q, rng)
        else:
            sc = net.scores(o["observation"], ids)
            a = int(ids[int(np.argmax(sc))])
            if g.random() < p_branch:
                label_rng = Random(0)
                label_rng.setstate(rng.getstate())
                label = _medium_move(env, medium, q, label_rng)
                if label != a and g.random() < 0.5:
                    alt = label
                else:
                    z = np.exp((sc - sc.max()) / temp)
                    z[ids == a] = 0
                    alt = int(ids[int(g.choice(len(ids), p=z / z.sum()))]) if z.sum() > 0 else a
                if alt != a:
                    obs = o["observation"].astype(np.float16)
                    points.append((len(hist), obs, ids.astype(np.int16), a, alt, rng.getstate(), alt == label))
        hist.append(a)
        env.step(a)
    reward = final[f"player_{seat}"]
    out = []
    for at, obs, ids, first, alt, state, was_label in points:
        env = dummy_v0.raw_env(CONFIG)
        env.reset(seed=seed)
        for x in hist[:at]:
            env.step(x)
        env.step(alt)
        r2 = Random(0)
        r2.setstate(state)
        diff = _finish(env, net, seat, r2) - reward
        if diff:
            out.append((obs, ids, first, alt, diff, was_label))
    return out


def branch(a: argparse.Namespace) -> None:
    net = load_net(a.weights)
    buf: list[Any] = []
    for k in range(a.games):
        buf += branch_game(a.start + k, net, k % 2, a.p, a.start + k, a.temp)
        if k % 50 == 49 or k == a.games - 1:
            if buf:
                cols = list(zip(*buf, strict=True))
                _save_shard(
                    f"{a.dir}/{a.tag}-{k // 50:04d}.npz",
                    list(cols[0]),
                    list(cols[1]),
                    greedy=np.array(cols[2]),
                    alt=np.array(cols[3]),
                    diff=np.array(cols[4]),
                    label=np.array(cols[5]),
                )
            print(k + 1, "games", len(buf), "labels in this shard", time.ctime(), flush=True)
            buf = []


def train(a: argparse.Namespace) -> None:
    """Clone (or tune, ``--init``) on shard files; ``--branch`` shards add weighted branch labels."""
    xs, masks, ys = [], [], []
    for f in sorted(glob.glob(a.data)):
        with np.load(f) as z:
            xs.append(z["obs"])
            masks.append(z["legal"])
            ys.append(z["y"].astype(np.int64))
    held_n = len(ys[-1])
    ws = [np.ones(len(y), np.float32) for y in ys]
    for f in sorted(glob.glob(a.branch)) if a.branch else []:
        with np.load(f) as z:
            d = z["diff"]
            xs.insert(0, z["obs"])
            masks.insert(0, z["legal"])
            ys.insert(0, np.where(d > 0, z["alt"], z["greedy"]).astype(np.int64))
            ws.insert(0, (a.bw * np.abs(d) / 2).astype(np.float32))
    x_all, mask_all, y_all, w_all = (np.concatenate(v) for v in (xs, masks, ys, ws))
    n = len(y_all)
    train_idx, held = np.arange(n - held_n), np.arange(n - held_n, n)
    codec = dummy_v0.raw_env(CONFIG).binding.codec
    phi = m.action_features(codec)
    hidden = [int(h) for h in a.hidden.split(",")]
    params = m.add_free(m.init_params([x_all.shape[1], *hidden], phi.shape[1], 1), codec.num_actions)
    if a.init:
        with np.load(a.init) as z:
            params = [[z[f"p{k}a"], z[f"p{k}b"]] for k in range(int(z["n"]))]
    opt = m.Adam(params, a.lr, [1e-5] * (len(params) - 1) + [1e-3])
    g = np.random.default_rng(1)

    def batch(idx: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        mask = np.unpackbits(mask_all[idx], axis=1, count=codec.num_actions).astype(bool)
        return x_all[idx].astype(np.float32), mask, y_all[idx], w_all[idx]

    for epoch in range(a.epochs):
        order = g.permutation(train_idx)
        for k in range(0, len(order), 256):
            x, mask, y, w = batch(order[k : k + 256])
            _, _, grads = m.loss_and_grads(params, phi, x, mask, y, w)
            opt.step(params, grads)
        loss = agree = 0.0
        for k in range(0, len(held), 2048):
            x, mask, y, _ = batch(held[k : k + 2048])
            lo, ac, _ = m.loss_and_grads(params, phi, x, mask, y)
            loss, agree = loss + lo * len(y), agree + ac * len(y)
        print(f"epoch {epoch}: held-out loss {loss / len(held):.3f}, agrees {agree / len(held):.1%}", flush=True)
        flat = {f"p{k}{c}": params[k][i] for k in range(len(params)) for i, c in enumerate("ab")}
        np.savez(a.out.removesuffix(".npz") + f"-params{epoch}.npz", n=len(params), **flat)
    layers = m.plain_layers(params, phi)
    save_net(a.out, layers, {"config": CONFIG, "teacher": "medium"})
    if a.eval:
        print("eval", json.dumps(evaluate(layers, a.eval, 7_000_001, None)), flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--dir", default="/tmp/learned-data")
    sub = ap.add_subparsers(dest="stage", required=True)
    p = sub.add_parser("games")
    p.add_argument("--start", type=int, required=True)
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--tag", required=True)
    p.add_argument("--shard", type=int, default=250)
    p.add_argument("--weights", default=None)
    p = sub.add_parser("branch")
    p.add_argument("--start", type=int, required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--weights", required=True)
    p.add_argument("--tag", required=True)
    p.add_argument("--p", type=float, default=0.2)
    p.add_argument("--temp", type=float, default=1.0)
    p = sub.add_parser("train")
    p.add_argument("--data", required=True)
    p.add_argument("--branch", default=None)
    p.add_argument("--bw", type=float, default=2.0)
    p.add_argument("--hidden", default="256,128")
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--init", default=None)
    p.add_argument("--eval", type=int, default=100)
    p.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    Path(a.dir).mkdir(parents=True, exist_ok=True)
    {"games": games, "branch": branch, "train": train}[a.stage](a)


if __name__ == "__main__":
    main()
