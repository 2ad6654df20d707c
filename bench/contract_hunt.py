"""Hunt for Contract Rummy positions whose legal listing is slow, and the listing's distribution.

Plays seeded deals and times a listing (CPU time) at every position. Deal ``i`` is fully
determined by ``i``: the preset cycles seed, seed, pagat, liverpool (the deep pick-up of the seed
preset grows the biggest hands, so it gets half the deals), the players 3, 4, 5, the deal number
1..7 and the dealer come from the deal's own random stream, and the players are all uniform
random (one deal in four) or all the heuristic bot with a share of random moves (10 %, 30 % or
50 %: random moves take deep pick-ups and keep hands big).

Two lists, two kinds of player, as the facade defines them (``samrap.engine.protocol``):

* the uniform random players choose from ``game.legal_actions`` (the decision steps: a Contract
  go-down chosen a meld at a time), as researchers and environments step the game;
* the heuristic players choose from ``game.legal_moves`` (every move as the rules write it, a
  go-down whole), as samrap's own players do.

The timed list is ``legal_actions`` (issue 16.2's bound: the slowest listing <= 5 ms), or with
``--moves`` ``legal_moves``; the deals are the same either way (which list is timed changes no
choice), so the two distributions are over the same games. With ``--moves``, a position in the
middle of a staged go-down (a state that only decision steps reach, where no move-level player
ever stands) is not timed, and counted as skipped.

Every timed listing is put in a class: the phase (draw, play, claim), whether the player is down,
in the draw whether deep pick-ups are listed, in play whether the list holds go-downs (whole or a
first meld of one), whether a go-down is being staged, and whether a deep card is still owed
(rules 12, 24). The report is the distribution (median, p99, p99.9, max, and how many listings
took over 1, 5, 10 and 50 ms) overall and per class, and every listing over ``--threshold`` with
its class, its size by kind of action and its position string.

    .venv/bin/python -m bench.contract_hunt --deals 300                # deals 0..299
    .venv/bin/python -m bench.contract_hunt --deals 300 --start 300    # the next 300
    .venv/bin/python -m bench.contract_hunt --deals 300 --moves        # time legal_moves instead
    .venv/bin/python -m bench.contract_hunt --deals 300 --save         # add finds to the data file
    .venv/bin/python -m bench.contract_hunt --deals 10000 --threshold 0.005 --json a.json
    .venv/bin/python -m bench.contract_hunt --merge a.json b.json      # one report of several runs

The distributions are kept as histograms to the microsecond (mergeable across processes:
``--json`` writes one, ``--merge`` adds them up and prints the tables in Markdown). A listing
still running after ``--cutoff`` seconds (wall clock) is stopped and reported as such, so a
pathological position cannot stall the hunt. ``--save`` appends each find to
``bench/data/contract_slow_positions.txt`` (``bench.contract_slow_positions`` times them all).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import random
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from bench.contract_slow_positions import DATA
from samrap.games.contract import ContractGame, preset
from samrap.games.contract import staging as staging_cache
from samrap.games.contract.actions import ContractAction, GoDown, PickUp
from samrap.games.contract.state import ContractState, Phase
from samrap.players.heuristic.contract import ContractHeuristic

PRESETS = ("seed", "seed", "pagat", "liverpool")
NOISES = (None, 0.1, 0.3, 0.5)  # None: uniform random players
#: The bounds the report counts listings over, in ms (issue 16.2's is 5 ms).
OVER_MS = (1, 5, 10, 50)
#: Histogram key of a listing stopped at the cutoff.
STOPPED = -1
#: More calls of a listing over the threshold, right after it (the collector off, nothing kept
#: from the first call: :func:`_timed_again`): a listing that is fast again was slow because of
#: something else (a collector's pass, the machine's other load).
RETIMES = 3
#: Garbage-collector passes by generation so far (``gc.callbacks``).
_PASSES = [0, 0, 0]


def _count_pass(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _PASSES[info["generation"]] += 1


@dataclass
class Find:
    deal: int
    seconds: float  # -1: stopped at the cutoff
    count: int
    cls: str
    kinds: dict[str, int]
    text: str
    #: the garbage collector's passes (generations 0, 1, 2) that ran during the timed listing
    gc: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: the fastest of ``RETIMES`` more calls of the same listing right after (CPU s; -1: none)
    again: float = -1.0


@dataclass
class Listing:
    """One timed listing of a hunt deal: the state, its CPU time (-1: stopped at the cutoff; nan:
    a staging position not timed), the list, the collector's passes during it and, for a listing
    over the threshold, the fastest of ``RETIMES`` more calls (-1 when not re-timed)."""

    state: ContractState
    seconds: float
    legal: Sequence[ContractAction]
    gc: list[int]
    again: float = -1.0


@dataclass
class Tally:
    """What one hunt run measured: a histogram of listing times per class, and the finds."""

    listed: str
    first: int
    deals: int
    histograms: dict[str, Counter[int]] = field(default_factory=dict)
    finds: list[Find] = field(default_factory=list)
    skipped: int = 0
    cpu: float = 0.0
    wall: float = 0.0
    load: list[float] = field(default_factory=list)
    commit: str = ""
    threshold: float = 0.5

    def add(self, cls: str, seconds: float) -> None:
        key = STOPPED if seconds < 0 else round(seconds * 1e6)
        self.histograms.setdefault(cls, Counter())[key] += 1
        self.cpu += max(seconds, 0.0)

    def merge(self, other: Tally) -> None:
        if other.listed != self.listed:
            raise SystemExit(f"cannot merge a hunt timing {other.listed} into one timing {self.listed}")
        for cls, hist in other.histograms.items():
            self.histograms.setdefault(cls, Counter()).update(hist)
        self.finds += other.finds
        self.skipped += other.skipped
        self.cpu += other.cpu
        self.wall = max(self.wall, other.wall)
        self.deals += other.deals
        self.first = min(self.first, other.first)
        self.load += other.load
        self.threshold = max(self.threshold, other.threshold)

    def to_json(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["histograms"] = {c: {str(k): n for k, n in sorted(h.items())} for c, h in self.histograms.items()}
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Tally:
        t = cls(d["listed"], d["first"], d["deals"], skipped=d["skipped"], cpu=d["cpu"], wall=d["wall"])
        t.histograms = {c: Counter({int(k): n for k, n in h.items()}) for c, h in d["histograms"].items()}
        t.finds = [Find(**f) for f in d["finds"]]
        t.load, t.commit, t.threshold = list(d["load"]), d["commit"], d.get("threshold", 0.5)
        return t


class _Cutoff(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Cutoff


def deal_setup(i: int) -> tuple[str, int, int, int, float | None, random.Random]:
    """``(preset, players, deal number, dealer, noise, rng)`` of hunt deal ``i``."""
    rng = random.Random(f"contract-hunt:{i}")
    players = 3 + rng.randrange(3)
    return PRESETS[i % 4], players, 1 + rng.randrange(7), rng.randrange(players), NOISES[i // 4 % 4], rng


def staging(s: ContractState) -> bool:
    """Whether a go-down is half chosen (a state that only the decision steps reach)."""
    return bool(getattr(s, "staging", ()))


def is_go_down(a: ContractAction) -> bool:
    """A whole go-down (a move) or a meld of one being chosen (a decision step)."""
    return isinstance(a, GoDown) or type(a).__name__.startswith("GoDown")


def classify(s: ContractState, legal: Sequence[ContractAction]) -> str:
    """The listing's class: phase, whether the player is down, what the list holds (see the module)."""
    if s.phase is Phase.CLAIM:
        return "claim"
    down = "down" if s.down >> s.current & 1 else "not down"
    if s.phase is Phase.DRAW:
        deep = any(isinstance(a, PickUp) and a.depth > 0 for a in legal)
        return f"draw, {down}, " + ("deep pick-ups listed" if deep else "no deep pick-up")
    if staging(s):
        cls = "play, staging a go-down"
    elif down == "down":
        cls = "play, down"
    else:
        cls = "play, not down, " + ("go-downs listed" if any(is_go_down(a) for a in legal) else "no go-down")
    return cls + (", deep card owed" if s.deep >= 0 else "")


def play(i: int, cutoff: float, moves: bool, threshold: float) -> Iterator[Listing]:
    """Every position of hunt deal ``i`` with the timed list (``moves``: ``legal_moves``, else
    ``legal_actions``); a listing stopped at ``cutoff`` s ends the deal (see :class:`Listing`)."""
    name, players, number, dealer, noise, rng = deal_setup(i)
    cfg = preset(name)
    game = ContractGame(dataclasses.replace(cfg, players=players))
    bot = ContractHeuristic("hunt", noise) if noise is not None else None
    timed = game.legal_moves if moves else game.legal_actions
    # The random players step the decisions, the heuristic chooses among moves.
    for_players = game.legal_actions if bot is None else game.legal_moves
    s = game.new_game(seed=rng.getrandbits(32), deal_number=number, dealer=dealer)
    while s.phase is not Phase.OVER:
        legal: Sequence[ContractAction] | None = None
        if moves and staging(s):
            yield Listing(s, float("nan"), (), [0, 0, 0])
        else:
            passes = list(_PASSES)
            signal.setitimer(signal.ITIMER_REAL, cutoff)
            start = time.process_time()
            try:
                legal = timed(s)
            except _Cutoff:
                yield Listing(s, -1.0, (), [b - a for a, b in zip(passes, _PASSES, strict=True)])
                return
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            seconds = time.process_time() - start
            found = Listing(s, seconds, legal, [b - a for a, b in zip(passes, _PASSES, strict=True)])
            if seconds > threshold:
                found.again = min(_timed_again(timed, s, cutoff) for _ in range(RETIMES))
            yield found
        if legal is None or for_players is not timed:
            legal = for_players(s)
        a = rng.choice(legal) if bot is None else bot.choose(game.observe(s, s.to_move()), legal, rng)
        s = game.apply_unchecked(s, a)


def _timed_again(listing: Callable[[ContractState], object], s: ContractState, cutoff: float) -> float:
    """One more call's CPU seconds (``cutoff`` if stopped there), as a first call of the position
    would run but for the collector: with it off, and with nothing the last call prepared for
    the state (``staging._last``: without that a go-down's first melds would come out faster
    again only for being asked twice)."""
    staging_cache._last.put(None, None)
    collecting = gc.isenabled()
    gc.disable()
    signal.setitimer(signal.ITIMER_REAL, cutoff)
    start = time.process_time()
    try:
        listing(s)
    except _Cutoff:
        return cutoff
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if collecting:
            gc.enable()
    return time.process_time() - start


def quantile(hist: Counter[int], p: float) -> float:
    """The ``p`` quantile (nearest rank, as ``sorted(times)[int(p * n)]``) in µs; inf if stopped."""
    n = sum(hist.values())
    rank = min(n - 1, int(p * n))
    seen = 0
    for k in sorted(hist, key=lambda k: float("inf") if k == STOPPED else k):
        seen += hist[k]
        if seen > rank:
            return float("inf") if k == STOPPED else float(k)
    raise ValueError("empty histogram")


def _ms(us: float) -> str:
    return "stopped" if us == float("inf") else f"{us / 1000:.2f} ms"


def row(name: str, hist: Counter[int]) -> list[str]:
    """One line of the distribution table: positions, quantiles, and counts over each bound."""
    n = sum(hist.values())
    over = [sum(c for k, c in hist.items() if k == STOPPED or k > ms * 1000) for ms in OVER_MS]
    qs = [_ms(quantile(hist, p)) for p in (0.5, 0.99, 0.999, 1.0)]
    return [name, f"{n:,}", *qs, *(f"{c:,}" for c in over)]


def distribution(t: Tally) -> list[str]:
    """The distribution overall and per class, as a Markdown table (classes by count over 5 ms).

    With ``--threshold`` at most 5 ms every listing over 5 ms was called again (``RETIMES``), and
    the last column counts those still over 5 ms then: the listings slow in themselves."""
    total: Counter[int] = Counter()
    for h in t.histograms.values():
        total.update(h)
    retimed = t.threshold <= 0.005
    heads = ["class", "listings", "median", "p99", "p99.9", "max", *(f"> {ms} ms" for ms in OVER_MS)]
    if retimed:
        heads.append("> 5 ms again")
    lines = ["| " + " | ".join(heads) + " |", "| --- |" + " ---: |" * (len(heads) - 1)]
    if not total:
        return [*lines, "| (no positions) |"]

    def line(name: str, hist: Counter[int], finds: list[Find]) -> str:
        cells = row(name, hist)
        if retimed:
            cells.append(f"{sum(1 for x in finds if slow_twice(x)):,}")
        return "| " + " | ".join(cells) + " |"

    lines.append(line("**all**", total, t.finds))

    def slow(cls: str) -> tuple[int, int]:
        h = t.histograms[cls]
        return -sum(c for k, c in h.items() if k == STOPPED or k > 5000), -sum(h.values())

    for cls in sorted(t.histograms, key=slow):
        lines.append(line(cls, t.histograms[cls], [x for x in t.finds if x.cls == cls]))
    return lines


def finds_table(t: Tally) -> list[str]:
    """The finds, slowest first: deal, setup, time, size by kind, class, position string."""
    out = []
    for x in sorted(t.finds, key=lambda x: float("inf") if x.seconds < 0 else x.seconds, reverse=True):
        shown = "stopped at the cutoff" if x.seconds < 0 else f"{x.seconds * 1000:.1f} ms"
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(x.kinds.items(), key=lambda kv: -kv[1]))
        out.append(
            f"- deal {x.deal} {deal_setup(x.deal)[:5]}: {shown} ({_again(x)}), {x.count} listed ({kinds}); {x.cls}"
        )
        out.append(f"  `{x.text}`")
    return out


def _again(x: Find) -> str:
    """The re-time and the collector's passes during the first call, for a find's line."""
    again = "not re-timed" if x.again < 0 else f"{x.again * 1000:.1f} ms again"
    passes = "/".join(str(n) for n in x.gc)
    return f"{again}; collector passes by generation during it {passes}"


def slow_twice(x: Find, ms: float = 5.0) -> bool:
    """Whether a find was still over ``ms`` on the calls right after it (or stopped)."""
    return x.seconds < 0 or x.again > ms / 1000


def report(t: Tally) -> None:
    over5 = sum(c for h in t.histograms.values() for k, c in h.items() if k == STOPPED or k > 5000)
    if t.threshold <= 0.005:
        over5_text = f"{over5} over 5 ms ({sum(1 for x in t.finds if slow_twice(x))} still over 5 ms when called again)"
    else:
        over5_text = f"{over5} over 5 ms"
    n = sum(sum(h.values()) for h in t.histograms.values())
    load = "; ".join(", ".join(f"{x:.1f}" for x in t.load[k : k + 3]) for k in range(0, len(t.load), 3))
    print(
        f"legal_{t.listed}: {t.deals} deals from {t.first}, {n:,} listings timed ({t.skipped:,} staging positions "
        f"not timed), {t.cpu:.1f} CPU s listing in all, {over5_text}; {t.wall:.0f} s wall; "
        f"commit {t.commit or '?'}; load averages (1, 5, 15 min) at each run's start and end: {load}"
    )
    print()
    print("\n".join(distribution(t)))
    if t.finds:
        print()
        print("\n".join(finds_table(t)))


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False)
    except OSError:
        return ""
    return out.stdout.strip()


def hunt(first: int, deals: int, threshold: float, cutoff: float, moves: bool) -> Tally:
    """Play deals ``first`` .. ``first + deals - 1``, timing every listing; the tally."""
    t = Tally("moves" if moves else "actions", first, deals, commit=_commit(), load=list(os.getloadavg()))
    t.threshold = threshold
    wall = time.time()
    gc.callbacks.append(_count_pass)
    for i in range(first, first + deals):
        for x in play(i, cutoff, moves, threshold):
            secs, legal = x.seconds, x.legal
            if secs != secs:  # nan: a staging position, not timed
                t.skipped += 1
                continue
            cls = "stopped at the cutoff" if secs < 0 else classify(x.state, legal)
            t.add(cls, secs)
            if secs < 0 or secs > threshold:
                kinds = Counter(type(a).__name__ for a in legal)
                t.finds.append(Find(i, secs, len(legal), cls, dict(kinds), x.state.to_string(), x.gc, x.again))
                shown = "stopped at the cutoff" if secs < 0 else f"{secs * 1000:.1f} ms, {len(legal)} listed"
                print(f"deal {i} {deal_setup(i)[:5]}: {shown} ({_again(t.finds[-1])}); {cls}", flush=True)
    gc.callbacks.remove(_count_pass)
    t.wall = time.time() - wall
    t.load += list(os.getloadavg())
    return t


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--start", type=int, default=0, help="first deal index")
    ap.add_argument("--moves", action="store_true", help="time legal_moves (default: legal_actions)")
    ap.add_argument("--threshold", type=float, default=0.5, help="keep positions slower than this (CPU s)")
    ap.add_argument("--cutoff", type=float, default=60.0, help="stop a listing after this many s")
    ap.add_argument("--json", type=Path, help="write the histograms and finds here (for --merge)")
    ap.add_argument("--merge", type=Path, nargs="+", help="report the sum of these --json files; play nothing")
    ap.add_argument("--save", action="store_true", help="append finds to " + str(DATA))
    args = ap.parse_args(argv)
    if args.merge:
        parts = [Tally.from_json(json.loads(p.read_text())) for p in args.merge]
        t = parts[0]
        for other in parts[1:]:
            t.merge(other)
        report(t)
        return
    signal.signal(signal.SIGALRM, _alarm)
    t = hunt(args.start, args.deals, args.threshold, args.cutoff, args.moves)
    report(t)
    if args.json:
        args.json.write_text(json.dumps(t.to_json()))
    if args.save and t.finds:
        known = {line.split(" | ", 1)[1] for line in DATA.read_text().splitlines() if " | " in line}
        with DATA.open("a") as f:
            for x in t.finds:
                if x.seconds >= 0 and x.text not in known:
                    f.write(f"{x.seconds:.1f}s {x.count} legal | {x.text}\n")


if __name__ == "__main__":
    main()
