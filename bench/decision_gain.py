"""Screen a change to the levels' Dummy search decision by decision, against the true cards.

A ladder game of ``expert`` against ``hard`` costs about 25 s of CPU, and 400 duplicate deals
(800 games a preset) 5-6 CPU-hours, so a candidate is judged first on single decisions, where a
pair of searches can be compared against the truth of the deal (docs/bots.md, "A stronger
``expert`` looked for" and "expert's search in kind"):

1. *Positions*: seat 0's decisions with a choice in ``--games`` seeded 2-player games of
   ``medium`` against itself (game ``g`` is dealt by seed ``--seed + g``; its bots draw from
   ``Random(seed + g)``), under each preset of ``--presets``.
2. At each, the *baseline* search (``--base``, default ``hard`` as shipped, untimed: 150
   iterations) and the *candidate* (``--cand``) choose, both from a generator seeded by the
   position, seeing only seat 0's view.
3. Where they differ, both moves are played out from ``--deals`` states that hold the
   opponent's **true** hand and a freshly shuffled stock (the same stocks and the same playout
   generator for both moves), by the finishing policy ``--finish`` in both seats (``heuristic``:
   the heuristic without its end-game check, as ``hard``'s playouts; ``checked``: with
   ``expert``'s cheap end-game check in the last 4 stock cards). The gain of the position is the
   mean difference of the search's own reward (0.7 x win share + 0.3 x squashed margin) for
   seat 0, candidate minus baseline; the figure is its mean over the differing positions with
   its standard error across them.

Caveat: the finishing policy is a continuation of its own, the same kind of player that plays
out ``hard``'s search. A candidate that plays out the way the evaluator finishes (the same
heuristic) is judged by a continuation that agrees with it, and a move that is good only against
a stronger opponent is missed. A gain or a loss within the evaluator's bias is not a measurement
of strength; the ladder (``bench.ladder``) is.

A search spec is ``key=value`` pairs joined by commas (``hard``/``expert`` name the shipped ones):

    iters=150     iterations a decision (untimed, seeded)
    checked=1     expert's playouts: the heuristic with its end-game check in the last 4 stock cards
    noise=0.15    playouts play a uniform random move that often (both seats)
    limit=30      cut each playout after 30 moves, scored by ``coaches.dummy.static_scores``
    margin=0      the reward's margin weight (0: pure win share; 0.3 as shipped)
    halving=1     sequential halving at the root over the iteration budget instead of UCB1
    paired=1      halving with common random numbers: each root move's j-th playout on the same deal
    c=0.7         the UCB1 exploration constant
    read=1        deals weighted by how a born opponent plays (``heuristic.dummy_reading``)

    python -m bench.decision_gain --games 6 --deals 16 --cand "iters=150,margin=0" \\
        --cache /tmp/dg-cache.json --out /tmp/dg-margin.jsonl
    python -m bench.decision_gain --cand expert --finish checked --jobs 2

The baseline's choices are kept in ``--cache`` (keyed by its spec and the position), so several
candidates screened against it pay for its searches once.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from samrap.engine.registry import find_game
from samrap.games.dummy.actions import DummyAction
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.state import DummyState
from samrap.players.budget import Budget
from samrap.players.coaches.dummy import checked_heuristic, search_depth, search_moves, static_scores
from samrap.players.heuristic.dummy import DummyHeuristic
from samrap.players.heuristic.dummy_reading import read_resample
from samrap.players.ismcts import ISMCTSPlayer, Outcome, bot_rollout

#: Shipped searches by name (``expert``: its checked playouts run half its 600 iterations).
NAMED = {"hard": "iters=150", "expert": "iters=300,checked=1"}
#: The reward the searches back up and the screen scores: ``hard``'s.
REWARD = Outcome(margin_weight=0.3, scale=100.0)
FINISHES = ("heuristic", "checked")


@dataclass(frozen=True, slots=True)
class Spec:
    """One search's options (see the module docstring)."""

    iters: int = 150
    checked: bool = False
    noise: float = 0.0
    limit: int | None = None
    margin: float = 0.3
    halving: bool = False
    paired: bool = False
    c: float = 0.7
    read: bool = False

    @classmethod
    def parse(cls, text: str) -> Spec:
        text = NAMED.get(text.strip(), text)
        kw: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = part.partition("=")
            if key in ("iters", "limit"):
                kw[key] = int(value)
            elif key in ("checked", "halving", "paired", "read"):
                kw[key] = value not in ("0", "", "false")
            elif key in ("noise", "margin", "c"):
                kw[key] = float(value)
            else:
                raise ValueError(f"unknown search option {key!r} in {text!r}")
        return cls(**kw)


def make_search(game: DummyGame, spec: Spec, name: str = "search") -> ISMCTSPlayer[Any, Any, Any]:
    """The levels' Dummy search (``levels.ismcts_for``) with ``spec``'s options."""
    bot = checked_heuristic() if spec.checked else DummyHeuristic("playout", spec.noise, endgame=False)
    return ISMCTSPlayer(
        game,
        bot_rollout(game, bot),
        Budget(iterations=spec.iters),
        exploration=spec.c,
        outcome=Outcome(margin_weight=spec.margin, scale=100.0),
        name=name,
        playout_limit=spec.limit,
        cutoff=static_scores if spec.limit is not None else None,
        tree_depth=search_depth,
        root_filter=search_moves,
        root_halving=spec.halving or spec.paired,
        paired=spec.paired,
        determinize=read_resample if spec.read else None,
    )


def finisher(game: DummyGame, finish: str) -> Callable[[Any, Sequence[Any], Random], Any]:
    """The policy that plays both seats from a move to the game's end."""
    if finish not in FINISHES:
        raise ValueError(f"unknown finishing policy {finish!r}; known: {', '.join(FINISHES)}")
    bot = checked_heuristic() if finish == "checked" else DummyHeuristic("finish", endgame=False)
    return bot_rollout(game, bot)


def positions(game: DummyGame, games: int, seed: int) -> Iterator[tuple[int, int, DummyState]]:
    """``(game, index, state)`` for seat 0's decisions with a choice in ``medium`` self-play."""
    medium = DummyHeuristic("medium")
    for g in range(games):
        rng = Random(seed + g)
        s = game.new_game(seed=seed + g)
        i = 0
        while not game.is_terminal(s):
            legal = game.legal_moves(s)
            p = game.current_player(s)
            if p == 0 and len(legal) > 1:
                yield g, i, s
                i += 1
            s = game.apply(s, medium.choose(game.observe(s, p), legal, rng))


def true_deals(game: DummyGame, s: DummyState, k: int, key: str) -> list[DummyState]:
    """``k`` states with every hand as in ``s`` and the stock (and burnt cards) shuffled afresh."""
    view = game.observe(s, 0)
    told = dataclasses.replace(view, known=tuple(s.hands[q] if q else view.known[q] for q in range(game.players)))
    return [game.resample(told, Random(f"{key}:deal:{j}"))._replace(known=s.known) for j in range(k)]


def finish_reward(
    game: DummyGame, s: DummyState, move: DummyAction, policy: Callable[..., Any], rng: Random
) -> tuple[float, float]:
    """Seat 0's reward and win share when ``move`` is played from ``s`` and ``policy`` finishes."""
    s = game.apply(s, move)
    while not game.is_terminal(s):
        s = game.apply_unchecked(s, policy(s, game.legal_moves(s), rng))
    scores = game.returns(s)
    return REWARD.rewards(scores)[0], REWARD.win_share(scores, 0)


@dataclass(frozen=True, slots=True)
class Job:
    preset: str
    game: int
    index: int
    state: DummyState
    base: str
    cand: str
    deals: int
    finish: str
    base_move: str | None  # from the cache


def screen(job: Job) -> dict[str, Any]:
    """One position: both searches' moves and, where they differ, the gain with its standard error."""
    game = _game(job.preset)
    s = job.state
    view, legal = game.observe(s, 0), game.legal_moves(s)
    key = f"{job.preset}:{job.game}:{job.index}"
    t0 = time.process_time()
    if job.base_move is None:
        base = make_search(game, Spec.parse(job.base)).choose(view, legal, Random(key))
    else:
        base = game.parse_action(job.base_move)
    cand = make_search(game, Spec.parse(job.cand)).choose(view, legal, Random(key))
    row: dict[str, Any] = {
        "preset": job.preset,
        "game": job.game,
        "index": job.index,
        "stock": s.stock_size,
        "legal": len(legal),
        "base": base.text(),
        "cand": cand.text(),
        "differ": base != cand,
    }
    if base != cand:
        policy = finisher(game, job.finish)
        diffs, wins = [], []
        for j, st in enumerate(true_deals(game, s, job.deals, key)):
            rb, wb = finish_reward(game, st, base, policy, Random(f"{key}:play:{j}"))
            rc, wc = finish_reward(game, st, cand, policy, Random(f"{key}:play:{j}"))
            diffs.append(rc - rb)
            wins.append(wc - wb)
        row["gain"] = sum(diffs) / len(diffs)
        row["sd"] = _sd(diffs)
        row["win_gain"] = sum(wins) / len(wins)
    row["cpu"] = round(time.process_time() - t0, 3)
    return row


def _game(preset: str) -> DummyGame:
    game = find_game(f"dummy(players=2,preset={preset})")
    assert isinstance(game, DummyGame)
    return game


def _sd(xs: Sequence[float]) -> float:
    if len(xs) < 2:
        return 0.0
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


@dataclass
class Tally:
    """A preset's screen so far."""

    positions: int = 0
    gains: list[float] = dataclasses.field(default_factory=list)
    wins: list[float] = dataclasses.field(default_factory=list)

    def add(self, row: dict[str, Any]) -> None:
        self.positions += 1
        if row["differ"]:
            self.gains.append(row["gain"])
            self.wins.append(row["win_gain"])

    @property
    def mean(self) -> float:
        return _mean(self.gains)

    @property
    def se(self) -> float:
        return _se(self.gains)

    def text(self) -> str:
        n = len(self.gains)
        return (
            f"{n} of {self.positions} differ, gain {self.mean:+.4f} (se {self.se:.4f}) a differing decision,"
            f" win share {_mean(self.wins):+.4f} (se {_se(self.wins):.4f})"
        )


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _se(xs: Sequence[float]) -> float:
    return _sd(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0


def run(args: argparse.Namespace) -> dict[str, Tally]:
    cache_path = Path(args.cache) if args.cache else None
    cache: dict[str, str] = json.loads(cache_path.read_text()) if cache_path and cache_path.exists() else {}
    base_key = Spec.parse(args.base)
    out = Path(args.out) if args.out else None
    if out:
        out.write_text("")
    tallies: dict[str, Tally] = {}
    for preset in args.presets.split(","):
        game = _game(preset)
        jobs: list[Job] = []
        for g, i, s in positions(game, args.games, args.seed):
            if args.max_positions and len(jobs) >= args.max_positions:
                break
            ck = f"{base_key}|{preset}:{args.seed + g}:{i}"
            jobs.append(Job(preset, args.seed + g, i, s, args.base, args.cand, args.deals, args.finish, cache.get(ck)))
        tally = tallies[preset] = Tally()
        rows: Iterator[dict[str, Any]]
        if args.jobs > 1:
            pool = ProcessPoolExecutor(args.jobs)
            rows = pool.map(screen, jobs)
        else:
            rows = map(screen, jobs)
        for k, row in enumerate(rows, 1):
            cache[f"{base_key}|{preset}:{row['game']}:{row['index']}"] = row["base"]
            tally.add(row)
            if out:
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            if k % args.every == 0 or k == len(jobs):
                print(f"{preset} {k}/{len(jobs)}: {tally.text()}", file=sys.stderr, flush=True)
        if args.jobs > 1:
            pool.shutdown()
        if cache_path:
            cache_path.write_text(json.dumps(cache))
    return tallies


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--presets", default="classic,modern")
    ap.add_argument("--games", type=int, default=6, help="medium self-play games a preset")
    ap.add_argument("--seed", type=int, default=5000, help="game g is dealt by seed + g")
    ap.add_argument("--deals", type=int, default=16, help="true-hand finishes a differing decision")
    ap.add_argument("--base", default="hard", help="the baseline search (hard, expert or a spec)")
    ap.add_argument("--cand", required=True, help="the candidate search (hard, expert or a spec)")
    ap.add_argument("--finish", choices=FINISHES, default="heuristic", help="the policy that plays both moves out")
    ap.add_argument("--max-positions", type=int, default=0, help="at most this many positions a preset (0: all)")
    ap.add_argument("--cache", help="a JSON file of the baseline's choices, read and extended")
    ap.add_argument("--out", help="JSON lines, one a position")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--every", type=int, default=10, help="print progress every this many positions")
    args = ap.parse_args(argv)
    Spec.parse(args.base), Spec.parse(args.cand)  # fail before any game is played
    print(
        f"base {args.base!r} cand {args.cand!r} finish {args.finish} games {args.games} seed {args.seed} "
        f"deals {args.deals}",
        file=sys.stderr,
    )
    for preset, tally in run(args).items():
        print(f"{preset}: {tally.text()}")


if __name__ == "__main__":
    main()
