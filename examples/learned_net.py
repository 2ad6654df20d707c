"""The ``learned`` bot's network in training form (examples/train_learned.py): card features of
the action ids, the scorer built on them, its loss and gradients, and Adam; numpy only.

A move's score is ``h . (U phi(a) + w_a) + c . phi(a) + b_a``, ``h`` the last hidden layer of an
MLP over the observation and ``phi(a)`` the move's card features (``action_features``); since
``phi`` is fixed, :func:`plain_layers` folds it into the plain MLP the bot plays.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from samrap.env.codec_dummy import TABLE_SLOTS, DummyCodec

Params = list[list[np.ndarray]]

# ----------------------------------------------------------------------------------------------
# Card features of the action ids


def action_features(codec: DummyCodec) -> np.ndarray:
    """``phi``: one row of static features per action id, read from the id alone (no state).

    For each kind of move (collect, collect onto a table meld, meld, lay-off, discard, knock) the
    cards it moves as 52 card columns, 13 rank and 4 suit columns (a collect or meld: all the
    meld's cards; a lay-off or collect-to-layoff: the card; a knock: the face-down card), plus the
    same cards in columns shared by every kind; the kind; the table slot of a lay-off; the knock's
    variant; a meld's shape (set or run) and size.
    """
    cols: dict[str, int] = {}

    def col(name: str) -> int:
        return cols.setdefault(name, len(cols))

    kinds = [s.name for s in codec.segments]
    for k in kinds:
        col("seg:" + k)
    for k in (*kinds[2:], "any"):
        for c in range(52):
            col(f"{k}:{c}")
        for r in range(13):
            col(f"{k}:rank{r}")
        for s in range(4):
            col(f"{k}:suit{s}")
    for k in ("collect_layoff", "layoff"):
        for t in range(TABLE_SLOTS):
            col(f"{k}:slot{t}")
    for v in range(codec.knock_variants):
        col(f"knock:v{v}")
    for k in ("collect", "meld"):
        for f in ("set", "run", "n3", "n4", "n5", "n6+", "ncards"):
            col(f"{k}:{f}")
    phi = np.zeros((codec.num_actions, len(cols)), np.float32)

    def cards(i: int, kind: str, cs: list[int]) -> None:
        for c in cs:
            for name in (f"{kind}:{c}", f"{kind}:rank{c % 13}", f"{kind}:suit{c // 13}", f"any:{c}"):
                phi[i, cols[name]] += 1.0

    for seg in codec.segments:
        for j in range(seg.size):
            i = seg.start + j
            phi[i, cols["seg:" + seg.name]] = 1.0
            if seg.name in ("collect", "meld"):
                cs = [c for c in range(52) if codec.melds[j] >> c & 1]
                cards(i, seg.name, cs)
                shape = "set" if len({c % 13 for c in cs}) == 1 else "run"
                phi[i, cols[f"{seg.name}:{shape}"]] = 1.0
                phi[i, cols[f"{seg.name}:n{len(cs)}" if len(cs) < 6 else f"{seg.name}:n6+"]] = 1.0
                phi[i, cols[f"{seg.name}:ncards"]] = len(cs) / 4.0
            elif seg.name in ("collect_layoff", "layoff"):
                c, t = divmod(j, TABLE_SLOTS)
                cards(i, seg.name, [c])
                phi[i, cols[f"{seg.name}:slot{t}"]] = 1.0
            elif seg.name == "discard":
                cards(i, seg.name, [j])
            elif seg.name == "knock":
                c, v = divmod(j, codec.knock_variants)
                cards(i, seg.name, [c])
                phi[i, cols[f"knock:v{v}"]] = 1.0
    return phi


# ----------------------------------------------------------------------------------------------
# The network: init, the plain MLP it becomes, loss and gradients, Adam


def init_params(sizes: list[int], features: int, seed: int) -> Params:
    """He-initialised hidden layers ``[W, b]`` for ``sizes`` (observation first, last hidden
    last), then ``[U, c]`` (card features) and ``[W_free, b]`` (per action id; starts at zero)."""
    g = np.random.default_rng(seed)
    out = []
    for a, b in itertools.pairwise(sizes):
        out.append([(g.standard_normal((a, b)) * math.sqrt(2.0 / a)).astype(np.float32), np.zeros(b, np.float32)])
    out.append([(g.standard_normal((sizes[-1], features)) * 0.01).astype(np.float32), np.zeros(features, np.float32)])
    return out


def add_free(params: Params, num_actions: int) -> Params:
    h = params[-1][0].shape[0]
    return [*params, [np.zeros((h, num_actions), np.float32), np.zeros(num_actions, np.float32)]]


def plain_layers(params: Params, phi: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """The ordinary MLP the bot plays: output ``W = U phi^T + W_free``, ``b = phi c + b_free``."""
    (u, c), (wf, bf) = params[-2], params[-1]
    out = [(w.astype(np.float32), b.astype(np.float32)) for w, b in params[:-2]]
    return [*out, ((u @ phi.T + wf).astype(np.float32), (phi @ c + bf).astype(np.float32))]


def loss_and_grads(
    params: Params,
    phi: np.ndarray,
    x: np.ndarray,
    mask: np.ndarray,
    y: np.ndarray,
    weight: np.ndarray | None = None,
    temp: float = 1.0,
) -> tuple[float, float, Params]:
    """Mean of ``-weight * log p(y)`` under the masked softmax of the scores ÷ ``temp``:
    (loss, accuracy, gradients). With no weight it is cross-entropy to the labels ``y``; with
    advantages as weights it is the REINFORCE loss of the moves ``y`` that were played."""
    acts = [x]
    h = x
    for w, b in params[:-2]:
        h = np.maximum(h @ w + b, 0.0)
        acts.append(h)
    (u, c), (wf, bf) = params[-2], params[-1]
    w_out = u @ phi.T + wf
    z = (h @ w_out + phi @ c + bf) / temp
    z = np.where(mask, z, -1e9)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    n = len(y)
    rows = np.arange(n)
    wt = np.ones(n, np.float32) if weight is None else weight.astype(np.float32)
    loss = float(-(np.log(np.maximum(p[rows, y], 1e-12)) * wt).mean())
    acc = float((p.argmax(axis=1) == y).mean())
    d = p
    d[rows, y] -= 1.0
    d *= (wt / (n * temp))[:, None]
    dw = acts[-1].T @ d
    dsum = d.sum(axis=0)
    grads: Params = [[np.empty(0)]] * len(params)
    grads[-1] = [dw, dsum]
    grads[-2] = [dw @ phi, phi.T @ dsum]
    d = d @ w_out.T
    for k in range(len(params) - 3, -1, -1):
        d = d * (acts[k + 1] > 0)
        grads[k] = [acts[k].T @ d, d.sum(axis=0)]
        if k:
            d = d @ params[k][0].T
    return loss, acc, grads


class Adam:
    """Adam with an L2 weight decay per parameter pair (``decays``, one per ``[W, b]``)."""

    def __init__(self, params: Params, lr: float, decays: list[float]) -> None:
        self.lr, self.decays, self.t = lr, decays, 0
        self.m = [[np.zeros_like(p) for p in pair] for pair in params]
        self.v = [[np.zeros_like(p) for p in pair] for pair in params]

    def step(self, params: Params, grads: Params) -> None:
        self.t += 1
        c1, c2 = 1 - 0.9**self.t, 1 - 0.999**self.t
        for k, (pair, gpair) in enumerate(zip(params, grads, strict=True)):
            for i in range(2):
                g = gpair[i] + self.decays[k] * pair[i]
                self.m[k][i] = 0.9 * self.m[k][i] + 0.1 * g
                self.v[k][i] = 0.999 * self.v[k][i] + 0.001 * g * g
                pair[i] -= (self.lr * (self.m[k][i] / c1) / (np.sqrt(self.v[k][i] / c2) + 1e-8)).astype(np.float32)
