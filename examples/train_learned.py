"""Train the ``learned`` Thai Dummy bot through ``dummy_v0``, numpy only, and write its weights and curve.

One command (2 CPU cores; the documented full run is at most 2 hours)::

    python examples/train_learned.py --jobs 2     # the documented run (clone, DAgger, branches)
    python examples/train_learned.py --jobs 2 --pg-steps 1000 --minutes 110   # then REINFORCE to 110 min
    python examples/train_learned.py --games 600 --dagger-games 200 --branch-games 400 --jobs 2   # shorter

What it does, honestly (docs/bots.md, "The learned bot"):

1. **Data through the environment.** ``--games`` games of two-player Dummy are played in the
   PettingZoo AEC environment ``samrap.env.dummy_v0`` with ``medium`` (the rule-based heuristic)
   in both seats; every decision with more than one legal move records the acting seat's
   observation vector and action mask, as the environment hands them out, and ``medium``'s move
   from that seat's view (``game.observe``) as the label.
2. **Behaviour cloning with a network that knows cards.** An MLP turns the observation into a
   hidden vector ``h``; a move's score is ``h . (U phi(a) + w_a) + c . phi(a) + b_a`` where
   ``phi(a)`` are the move's *card features* (its kind; for each kind, the cards it moves, their
   ranks and suits; the table slot of a lay-off; a meld's size and shape), the same for every
   move that touches those cards, so a meld seen a few times shares its weights with every move
   of the same cards; ``w_a`` and ``b_a`` are a small free correction per action id (heavier
   weight decay). Masked softmax cross-entropy over the legal ids, Adam, ``--epochs`` passes;
   every 10th game is held out.
3. **DAgger and branches.** The clone then plays one seat against ``medium`` in
   ``--dagger-games`` games, ``medium`` labelling every decision (the positions the clone itself
   reaches), and ``--branch-games`` more games in which, at a share ``--branch-p`` of the clone's
   decisions, a second move is tried (``medium``'s when it differs, else one sampled from the
   clone's softmax): the game's moves are replayed into a fresh environment (same deal, same
   stock), the other move is played and the game finished the same way. When the two finishes
   end differently, the move that won is a label with weight ``--branch-weight`` x the reward
   gap ÷ 2 (``branch_game``). ``--tune-epochs`` passes over all the labels at ``--tune-lr``
   follow, from the clone's weights.
4. **Policy gradient** (optional, ``--pg-steps``, until ``--minutes``): REINFORCE with the
   environment's win reward (+1 / 0 / -1). The network plays one seat against ``medium``,
   sampling its moves from the softmax at temperature ``--temp``; each deal and seat is played
   ``--k`` times, and the baseline of a game is the mean reward of the other games of the same
   deal and seat (leave-one-out: the deal's luck cancels out).

After cloning, after tuning and every ``--eval-every`` policy-gradient steps the greedy policy
plays ``--eval-deals`` duplicate deals against ``medium`` (each deal twice, seats swapped; a tie
counts half): the curve.

The bot plays the greedy move of the same scores. Since ``phi`` is fixed, ``U phi(a) + w_a`` is
one ordinary output matrix: the weights file holds a plain MLP (``Net``), so the bot in
``samrap.players.learned`` needs nothing of this script. Weights go to
``src/samrap/players/data/learned-dummy.npz`` (float32, compressed); the curve to ``--curve``
(JSON) and ``--svg`` (a small SVG plot written by hand: no matplotlib needed). Everything is
seeded (``--seed``); each game has its own seed, so ``--jobs`` changes only the wall clock.
"""

import argparse
import json
import math
import sys
import time  # noqa: TID251 (an example timing its own run)
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from samrap.env import dummy_v0
from samrap.env.codec_dummy import DummyCodec
from samrap.players.learned import WEIGHTS, save_net

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the two modules beside this one
from learned_net import Adam, Params, action_features, add_free, init_params, loss_and_grads, plain_layers
from learned_play import (
    CONFIG,
    _branch_job,
    branch_game,
    evaluate,
    play_game,
    run_games,
)

__all__ = ["action_features", "advantages", "branch_game", "loss_and_grads", "main", "plain_layers", "play_game"]

ROOT = Path(__file__).resolve().parent.parent
#: Seeds: training games, policy-gradient games and the curve's evaluation deals never share a deal.
DATA_SEED, PG_SEED, EVAL_SEED = 1_000_000, 30_000_000, 7_000_000

# ----------------------------------------------------------------------------------------------
# Behaviour cloning


class Data:
    """Labelled decisions: observations (float16), legal-id masks (bit-packed), labels, game index."""

    def __init__(self, games: list[dict[str, Any]], num_actions: int) -> None:
        self.num_actions = num_actions
        obs, legal, y, game, w = [], [], [], [], []
        for k, g in enumerate(games):
            obs += g["obs"]
            legal += g["legal"]
            y += g["y"]
            game += [k] * len(g["y"])
            w += g.get("w", [1.0] * len(g["y"]))
        self.x = np.stack(obs) if obs else np.zeros((0, 1), np.float16)
        mask = np.zeros((len(y), num_actions), bool)
        for i, ids in enumerate(legal):
            mask[i, ids] = True
        self.mask = np.packbits(mask, axis=1)
        self.y = np.asarray(y, np.int64)
        self.game = np.asarray(game, np.int64)
        self.w = np.asarray(w, np.float32)

    def __len__(self) -> int:
        return len(self.y)

    def batch(self, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        m = np.unpackbits(self.mask[idx], axis=1, count=self.num_actions).astype(bool)
        return self.x[idx].astype(np.float32), m, self.y[idx], self.w[idx]


def clone(
    params: Params,
    phi: np.ndarray,
    data: Data,
    epochs: int,
    lr: float,
    args: argparse.Namespace,
    g: np.random.Generator,
    log: Any,
) -> list[dict[str, float]]:
    """``epochs`` passes of (weighted) masked cross-entropy over the training games; every 10th
    game is held out, and the held-out figures count every label once (unweighted)."""
    held = np.flatnonzero(data.game % 10 == 9)
    train = np.flatnonzero(data.game % 10 != 9)
    opt = Adam(params, lr, [args.decay] * (len(params) - 1) + [args.free_decay])
    points = []
    for epoch in range(epochs):
        losses = []
        order = g.permutation(train)
        for k in range(0, len(order), args.batch):
            loss, _, grads = loss_and_grads(params, phi, *data.batch(order[k : k + args.batch]))
            opt.step(params, grads)
            losses.append(loss)
        hl = ha = 0.0
        for k in range(0, len(held), 2048):
            x, m, y, _ = data.batch(held[k : k + 2048])
            loss, acc, _ = loss_and_grads(params, phi, x, m, y)
            hl, ha = hl + loss * len(y), ha + acc * len(y)
        point = {
            "epoch": epoch,
            "first_loss": float(losses[0]) if losses else math.nan,
            "train_loss": float(np.mean(losses[-max(1, len(losses) // 4) :])) if losses else math.nan,
            "held_loss": hl / max(1, len(held)),
            "held_agree": ha / max(1, len(held)),
        }
        log(
            f"epoch {epoch}: loss {point['train_loss']:.3f} (held out {point['held_loss']:.3f}, "
            f"agrees with medium {point['held_agree']:.1%})"
        )
        points.append(point)
    return points


# ----------------------------------------------------------------------------------------------
# Policy gradient against medium


def advantages(rewards: np.ndarray) -> np.ndarray:
    """Leave-one-out advantages: each game's reward minus the mean reward of the other games in
    its row (one row per deal and seat, so the cards dealt are the same for the whole row)."""
    k = rewards.shape[1]
    return rewards - (rewards.sum(axis=1, keepdims=True) - rewards) / (k - 1)


def pg_step(
    params: Params, phi: np.ndarray, opt: Adam, step: int, args: argparse.Namespace, pool: ProcessPoolExecutor | None
) -> dict[str, float]:
    """One REINFORCE step: ``args.deals`` deals x 2 seats x ``args.k`` sampled games against
    ``medium``; a game's advantage is its reward minus the mean of the other ``k - 1`` games of
    the same deal and seat; every decision of the game carries it."""
    layers = plain_layers(params, phi)
    base = PG_SEED + args.seed * 1_000_000 + step * 1000
    jobs = [
        (base + d, layers, q, False, args.temp, (base + d) * 8 + q * 4 + j)
        for d in range(args.deals)
        for q in (0, 1)
        for j in range(args.k)
    ]
    games = run_games(jobs, pool)
    r = np.array([g["reward"] for g in games]).reshape(-1, args.k)
    adv = advantages(r).reshape(-1)
    xs, ids, acts, weights = [], [], [], []
    for g, a in zip(games, adv, strict=True):
        if a != 0:
            xs += g["my_obs"]
            ids += g["my_legal"]
            acts += g["my_act"]
            weights += [a] * len(g["my_act"])
    if xs:
        mask = np.zeros((len(xs), phi.shape[0]), bool)
        for i, legal in enumerate(ids):
            mask[i, legal] = True
        w = np.asarray(weights, np.float32) * (len(xs) / len(games))  # a sum over a game's moves, a mean over games
        _, _, grads = loss_and_grads(params, phi, np.stack(xs).astype(np.float32), mask, np.asarray(acts), w, args.temp)
        opt.step(params, grads)
    return {"reward": float(r.mean()), "decisions": float(len(xs))}


# ----------------------------------------------------------------------------------------------
# The plot


def write_svg(path: Path, curve: list[dict[str, Any]]) -> None:
    """Win share against medium (with its 95% interval) per evaluation, over minutes of training."""
    w, h, pad = 640, 360, 50
    xmax = max([c["minutes"] for c in curve] or [1.0]) or 1.0

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
        f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle">minutes of training (cloning, then REINFORCE)</text>',
        f'<text x="{pad}" y="{pad - 20}">learned vs medium: win share on duplicate deals (95% interval)</text>',
    ]
    for v in (0, 0.25, 0.5, 0.75, 1):
        out.append(f'<text x="{pad - 6}" y="{py(v) + 4}" text-anchor="end">{v:g}</text>')
    out.append(f'<text x="{w - pad}" y="{py(0) + 16}" text-anchor="end">{xmax:.0f}</text>')
    pts = " ".join(f"{px(c['minutes']):.1f},{py(c['win_share']):.1f}" for c in curve)
    out.append(f'<polyline points="{pts}" fill="none" stroke="#1f5fbf" stroke-width="2"/>')
    for c in curve:
        x = px(c["minutes"])
        out.append(
            f'<line x1="{x:.1f}" y1="{py(c["low"]):.1f}" x2="{x:.1f}" y2="{py(c["high"]):.1f}" stroke="#1f5fbf"/>'
        )
        colour = "#2a9d4b" if c["stage"] == "clone" else "#1f5fbf"
        out.append(f'<circle cx="{x:.1f}" cy="{py(c["win_share"]):.1f}" r="3" fill="{colour}"/>')
    out.append("</svg>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n")


# ----------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument(
        "--minutes", type=float, default=110.0, help="wall-clock budget; no policy-gradient step starts past it"
    )
    ap.add_argument("--games", type=int, default=3000, help="games of medium against itself labelled for cloning")
    ap.add_argument("--epochs", type=int, default=3, help="passes over the labelled decisions")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3, help="cloning learning rate")
    ap.add_argument("--decay", type=float, default=1e-5, help="weight decay of the shared weights")
    ap.add_argument("--free-decay", type=float, default=1e-3, help="weight decay of the per-action-id weights")
    ap.add_argument("--hidden", default="256,128", help="hidden layer sizes, comma-separated")
    ap.add_argument(
        "--dagger-games", type=int, default=1000, help="games of the clone against medium, medium labelling"
    )
    ap.add_argument("--branch-games", type=int, default=2000, help="games of the clone against medium with branches")
    ap.add_argument("--branch-p", type=float, default=0.2, help="share of the clone's decisions that branch")
    ap.add_argument("--branch-weight", type=float, default=2.0, help="weight of a branch label (x reward gap ÷ 2)")
    ap.add_argument("--tune-epochs", type=int, default=1, help="passes over all labels after the branches")
    ap.add_argument("--tune-lr", type=float, default=3e-4)
    ap.add_argument("--pg-steps", type=int, default=0, help="at most this many policy-gradient steps (0: none)")
    ap.add_argument("--pg-lr", type=float, default=1e-4)
    ap.add_argument("--deals", type=int, default=32, help="deals per policy-gradient step (x 2 seats x --k)")
    ap.add_argument("--k", type=int, default=4, help="sampled games per deal and seat (the baseline's group)")
    ap.add_argument("--temp", type=float, default=0.5, help="sampling temperature of the policy-gradient games")
    ap.add_argument("--eval-every", type=int, default=10, help="policy-gradient steps between evaluations")
    ap.add_argument("--eval-deals", type=int, default=100, help="duplicate deals against medium per evaluation")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes playing games")
    ap.add_argument(
        "--init",
        type=Path,
        default=None,
        help="skip cloning: start the policy gradient from these training-form params",
    )
    ap.add_argument("--out", type=Path, default=WEIGHTS)
    ap.add_argument("--params", type=Path, default=None, help="also save the training form (U, c, W_free) here")
    ap.add_argument("--curve", type=Path, default=ROOT / "docs" / "img" / "learned-curve.json")
    ap.add_argument("--svg", type=Path, default=ROOT / "docs" / "img" / "learned-curve.svg")
    args = ap.parse_args(argv)

    start = time.monotonic()

    def minutes() -> float:
        return (time.monotonic() - start) / 60

    def log(msg: str) -> None:
        print(f"[{minutes():6.1f} min] {msg}", flush=True)

    env = dummy_v0.raw_env(CONFIG)
    obs_size = env.observation_space(env.possible_agents[0])["observation"].shape[0]
    codec = env.binding.codec
    assert isinstance(codec, DummyCodec)
    phi = action_features(codec)
    hidden = [int(x) for x in args.hidden.split(",") if x.strip()]
    g = np.random.default_rng(args.seed)
    meta: dict[str, Any] = {"config": CONFIG, "hidden": hidden, "seed": args.seed, "teacher": "medium"}
    curve: list[dict[str, Any]] = []
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None

    def record(stage: str, extra: dict[str, Any]) -> None:
        layers = plain_layers(params, phi)
        ev = evaluate(layers, args.eval_deals, EVAL_SEED + args.seed, pool) if args.eval_deals else {}
        point = {"stage": stage, **extra, **ev, "minutes": minutes()}
        curve.append(point)
        if ev:
            log(f"{stage} {extra}: vs medium {ev['win_share']:.1%} [{ev['low']:.1%}, {ev['high']:.1%}]")
        save_net(args.out, layers, meta)
        if args.params is not None:
            np.savez(
                args.params,
                n=len(params),
                **{f"p{k}{c}": params[k][i] for k in range(len(params)) for i, c in enumerate("ab")},
            )
        args.curve.parent.mkdir(parents=True, exist_ok=True)
        saved = {"args": {k: str(v) for k, v in vars(args).items()}, "curve": curve}
        args.curve.write_text(json.dumps(saved, indent=1) + "\n")
        if args.svg and ev:
            write_svg(args.svg, curve)

    try:
        if args.init is not None:
            with np.load(args.init) as z:
                params = [[z[f"p{k}a"], z[f"p{k}b"]] for k in range(int(z["n"]))]
            meta["method"] = "init"
        else:
            log(f"playing {args.games} games of medium against itself in dummy_v0")
            games = run_games([(DATA_SEED * args.seed + k, None, None, True, 0.0, 0) for k in range(args.games)], pool)
            data = Data(games, codec.num_actions)
            log(f"{len(data):,} labelled decisions")
            params = add_free(init_params([obs_size, *hidden], phi.shape[1], args.seed), codec.num_actions)
            meta.update(method="clone", samples=len(data))
            points = clone(params, phi, data, args.epochs, args.lr, args, g, log)
            del data
            record("clone", {"step": 0, **points[-1], "first_loss": points[0]["first_loss"]})
            if args.dagger_games or args.branch_games:
                layers = plain_layers(params, phi)
                base = DATA_SEED * args.seed + 500_000
                log(f"playing {args.dagger_games} games of the clone against medium, medium labelling")
                games += run_games([(base + k, layers, k % 2, True, 0.0, 0) for k in range(args.dagger_games)], pool)
                log(f"playing {args.branch_games} games of the clone against medium with branches")
                base += 250_000
                jobs = [(base + k, layers, k % 2, args.branch_p, base + k) for k in range(args.branch_games)]
                branched = list(pool.map(_branch_job, jobs, chunksize=4)) if pool else [_branch_job(j) for j in jobs]
                tried = sum(b["branches"] for b in branched)
                log(f"{tried} branches, {sum(len(b['y']) for b in branched)} with a winner")
                for b in branched:
                    b["w"] = [args.branch_weight * w for w in b["w"]]
                data = Data(games + branched, codec.num_actions)
                del games, branched
                meta.update(method="clone+dagger+branches", samples=len(data), branches=tried)
                points = clone(params, phi, data, args.tune_epochs, args.tune_lr, args, g, log)
                del data
                record("tune", {"step": 0, **points[-1], "first_loss": points[0]["first_loss"]})
        opt = Adam(params, args.pg_lr, [0.0] * len(params))
        if args.pg_steps:
            log(f"policy gradient against medium until {args.minutes:g} minutes")
        step = 0
        while step < args.pg_steps and minutes() < args.minutes:
            stats = pg_step(params, phi, opt, step, args, pool)
            step += 1
            meta["pg_steps"] = step
            log(f"step {step}: mean reward {stats['reward']:+.3f}, {stats['decisions']:.0f} decisions")
            if step % args.eval_every == 0 or step == args.pg_steps:
                record("pg", {"step": step, "reward": stats["reward"]})
        if step and curve[-1]["step"] != step:
            record("pg", {"step": step})
    finally:
        if pool is not None:
            pool.shutdown()
    log(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")
    return {
        "curve": curve,
        "params": int(sum(w.size + b.size for w, b in plain_layers(params, phi))),
        "out": str(args.out),
    }


if __name__ == "__main__":
    main()
