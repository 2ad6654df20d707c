"""The difficulty ladder, measured: every adjacent pair of levels on duplicate deals (issue 24.1).

The levels promise random < easy < medium < hard < expert. For each adjacent pair (stronger >
weaker) and each suite this plays ``--deals`` duplicate deals:

* **2-player Dummy** (``dummy-classic``, ``dummy-modern``): each deal is one game played twice,
  with the seats swapped, so both levels hold both hands and the luck of the cards cancels out.
  The figure is the stronger level's share of the games (ties count half) with its 95% Wilson
  interval.
* **Contract Rummy** (``contract-seed``, ``contract-pagat``): four seats, one held by the stronger
  level and three by the weaker, played once per seat of the stronger (4 rotations of the same
  deal). A unit is the first ``--contract-hands`` deals of the match (default 1, deal 1's
  contract; a whole match is 7). The figure is the mean, per duplicate deal, of the weaker
  seats' mean penalty minus the stronger seat's penalty (positive: the stronger level did
  better), with its standard error over the duplicate deals (the rotations of one deal share its
  cards, so they are averaged first) and a 95% interval of +-1.96 standard errors.

Every decision with more than one legal move is timed (wall time, as a person waits for it);
``ladder.json`` gives each level's median and 95th percentile per suite, and the machine's load
average while the run went (``os.getloadavg``): a time budget (``expert``'s, ``hard``'s cut) gets
fewer iterations on a busy machine, so read their strength with the load, or play ``--untimed``.

Resumable: every finished unit is appended to the units file (``--units``, one JSON line each)
as soon as it is played, and a run skips the units already there (same suite, pair, seed, deal,
rotation and hands), so an interrupted run keeps what it measured and a longer run (more
``--deals``) adds to a shorter one. ``ladder.json`` is rewritten from the units after every pair.
Delete the units file when the bots change: each line records the commit it was played at.

    python -m bench.ladder --deals 200 --jobs 2                     # everything
    python -m bench.ladder --suites dummy-classic --pairs hard-medium --deals 50
    python -m bench.ladder --suites dummy-classic --pairs learned-medium --deals 1000 --jobs 2 \
        --out bench/data/learned.json --units bench/data/learned-units.jsonl   # the learned bot (24.4)
    nice -n 10 python -m bench.ladder --deals 20 --jobs 1 --out /tmp/l.json --units /tmp/l.jsonl
    python -m bench.ladder --suites contract-pagat --pairs hard-medium --contract-deals 2-7 --deals 60 \
        --out bench/data/ladder-contract.json --units bench/data/ladder-contract-units.jsonl  # deals 2-7 alone
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from random import Random
from typing import Any

from samrap.engine.ledger import ledger_lines, ledger_scores
from samrap.engine.match import SEED_BITS, deal_rng, play_game, run_match, seat_rngs
from samrap.engine.registry import GameSetup, resolve
from samrap.engine.tournament import make_tasks, wilson
from samrap.players.budget import Budget
from samrap.players.levels import make_bot

#: The ladder, weakest first; a pair is two neighbours.
LADDER = ("random", "easy", "medium", "hard", "expert")
PAIRS = tuple(f"{LADDER[i + 1]}>{LADDER[i]}" for i in range(len(LADDER) - 1))
#: Levels measured against the ladder but outside its order (never in the default pairs): the
#: research bot ``learned`` (issue 24.4) is played as ``--pairs learned-medium --suites dummy-classic``.
OUTSIDE = ("learned",)

#: Suite name -> game config string.
SUITES: dict[str, str] = {
    "dummy-classic": "dummy(players=2,preset=classic)",
    "dummy-modern": "dummy(players=2,preset=modern)",
    "contract-seed": "contract(preset=seed)",
    "contract-pagat": "contract(preset=pagat)",
}

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "data" / "ladder.json"
DEFAULT_UNITS = HERE / "data" / "ladder-units.jsonl"


@dataclass(frozen=True, slots=True)
class Unit:
    """One match to play: ``lineup[q]`` is the level in seat ``q``; ``strong_seat`` holds the stronger."""

    suite: str
    pair: str
    seed: int
    deal: int
    rotation: int
    match_seed: int
    lineup: tuple[str, ...]
    hands: int
    untimed: bool = False
    #: Contract: 0 plays the match from deal 1 (``hands`` deals); 1..7 plays that deal alone, the
    #: match's own cards and dealer for it, from totals of zero (``--contract-deals``).
    deal_number: int = 0

    @property
    def key(self) -> str:
        tail = "|untimed" if self.untimed else ""
        if self.deal_number:
            tail += f"|d{self.deal_number}"
        return f"{self.suite}|{self.pair}|{self.seed}|{self.deal}|{self.rotation}|{self.hands}{tail}"


def parse_pair(text: str) -> tuple[str, str]:
    """``"hard>medium"`` (or ``"hard-medium"``, which needs no quotes in a shell) -> ``("hard", "medium")``.

    Raises:
        ValueError: not two levels of the ladder.
    """
    strong, sep, weak = text.strip().replace("-", ">").partition(">")
    known = (*LADDER, *OUTSIDE)
    if not sep or strong not in known or weak not in known or strong == weak:
        raise ValueError(f"a pair is STRONG>WEAK with levels from {', '.join(known)}: {text!r}")
    return strong, weak


def units_for(
    suite: str,
    pair: str,
    deals: int,
    seed: int,
    contract_hands: int = 1,
    untimed: bool = False,
    contract_deals: Sequence[int] = (),
) -> list[Unit]:
    """Every unit of one suite and pair: ``deals`` duplicate deals, each once per rotation.

    ``contract_deals`` (Contract only): duplicate deal ``d`` plays deal number
    ``contract_deals[d % len(contract_deals)]`` of its match alone, so a run can weigh the deals
    with runs (2-7), where a search has more to choose than in deal 1's two sets.
    """
    strong, weak = parse_pair(pair)
    pair = f"{strong}>{weak}"
    config = SUITES[suite]
    spec, cfg = resolve(config)
    players = spec.make_game(cfg).players
    seats = (strong, *([weak] * (players - 1)))
    hands = 1 if spec.name == "dummy" else contract_hands
    numbers = tuple(contract_deals) if spec.name == "contract" else ()
    if numbers:
        hands = 1
    out = []
    for t in make_tasks(spec.config_string(cfg), seats, deals, seed, hands):
        number = numbers[t.deal % len(numbers)] if numbers else 0
        out.append(Unit(suite, pair, seed, t.deal, t.rotation, t.seed, t.seats, hands, untimed, number))
    return out


def play_one_deal(spec: Any, cfg: Any, bots: Sequence[Any], match_seed: int, number: int) -> tuple[int, ...]:
    """Deal ``number`` of the match ``match_seed`` played alone: the deck and the starter the
    match gives that deal (the deck seeds are drawn in order, the deal passes left), the match
    totals zero. Each seat's penalty points."""
    game = spec.make_game(cfg)
    deals = deal_rng(match_seed)
    game_seed = 0
    for _ in range(number):
        game_seed = deals.getrandbits(SEED_BITS)
    first = spec.first_starter(game, deals_first_seed(match_seed))
    starter = (first + number - 1) % game.players
    setup = GameSetup(number - 1, game.deal_order(game_seed), starter, 1, (0,) * game.players, game_seed)
    final, _ = play_game(spec, game, setup, bots, seat_rngs(match_seed, game.players))
    return ledger_scores(ledger_lines(game.ledger(final)), game.players)


def deals_first_seed(match_seed: int) -> int:
    """The deck seed of a match's first deal (which also draws the first starter)."""
    return deal_rng(match_seed).getrandbits(SEED_BITS)


def parse_numbers(text: str) -> tuple[int, ...]:
    """``"2-7"`` -> ``(2, 3, 4, 5, 6, 7)``, ``"3,5"`` -> ``(3, 5)``, ``""`` -> ``()`` (Contract deal numbers).

    Raises:
        ValueError: not deal numbers 1 to 7.
    """
    out: list[int] = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        lo, sep, hi = part.partition("-")
        try:
            a, b = int(lo), int(hi) if sep else int(lo)
        except ValueError:
            raise ValueError(f"--contract-deals takes numbers 1 to 7 like 2-7 or 3,5: {text!r}") from None
        if not 1 <= a <= b <= 7:
            raise ValueError(f"--contract-deals takes numbers 1 to 7 like 2-7 or 3,5: {text!r}")
        out.extend(range(a, b + 1))
    return tuple(out)


class _Clocked:
    """A bot that records the wall time of each decision where it had a choice."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.ms: list[float] = []
        #: CPU time of this process per timed decision: on a busy machine, close to what the wall
        #: time would be on a free core (the bots are single-threaded).
        self.cpu_ms: list[float] = []
        #: Search iterations (playouts) per timed decision, for bots that count them: with a time
        #: budget this is what the machine's load left the search.
        self.iters: list[int] = []
        self.cut = 0  #: timed decisions whose search stopped before its iterations (a cap, the clock)

    @property
    def name(self) -> str:
        return str(self.bot.name)

    def choose(self, view: Any, legal: Sequence[Any], rng: Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        before, cut = getattr(self.bot, "total_iterations", None), getattr(self.bot, "total_cut", 0)
        start, cpu = time.perf_counter(), time.process_time()
        action = self.bot.choose(view, legal, rng)
        self.ms.append((time.perf_counter() - start) * 1000)
        self.cpu_ms.append((time.process_time() - cpu) * 1000)
        if before is not None:
            self.iters.append(self.bot.total_iterations - before)
        self.cut += getattr(self.bot, "total_cut", 0) - cut
        return action


def play(unit: Unit) -> dict[str, Any]:
    """Play one unit (in any process) and return its JSON line."""
    spec, cfg = resolve(SUITES[unit.suite])
    game = spec.make_game(cfg)
    bots = [_Clocked(_bot(level, game, f"{level}-{q}", unit.untimed)) for q, level in enumerate(unit.lineup)]
    start = time.perf_counter()
    if unit.deal_number:
        scores = [list(play_one_deal(spec, cfg, bots, unit.match_seed, unit.deal_number))]
    else:
        match = run_match(spec, cfg, bots, unit.match_seed, max_games=unit.hands)
        scores = [list(g.scores) for g in match.games]
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    iters: dict[str, list[int]] = {}
    cut = dict.fromkeys(unit.lineup, 0)
    for level, b in zip(unit.lineup, bots, strict=True):
        times.setdefault(level, []).extend(round(x, 1) for x in b.ms)
        cpu.setdefault(level, []).extend(round(x, 1) for x in b.cpu_ms)
        if b.iters:
            iters.setdefault(level, []).extend(b.iters)
            cut[level] += b.cut
    strong = parse_pair(unit.pair)[0]
    return {
        **asdict(unit),
        "key": unit.key,
        "strong_seat": unit.lineup.index(strong),
        "scores": scores,
        **_compact_times("ms", times),
        **_compact_times("cpu_ms", cpu),
        "iters": iters,
        "cut": {level: n for level, n in cut.items() if level in iters},
        "wall": round(time.perf_counter() - start, 2),
        "load": round(os.getloadavg()[0], 2),
        "commit": _commit(),
    }


def _bot(level: str, game: Any, name: str, untimed: bool) -> Any:
    """The level's bot; ``untimed`` drops the seconds from an iteration budget that has both
    (``hard``, ``expert``; an action cap stays), so its strength does not hang on the load."""
    bot = make_bot(level, game, name)
    budget = getattr(bot, "budget", None)
    if untimed and isinstance(budget, Budget):
        bot.budget = budget.untimed
    return bot


_COMMIT: str | None = None


def _commit() -> str:
    global _COMMIT
    if _COMMIT is None:
        try:
            out = subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True, timeout=10
            )
            _COMMIT = out.stdout.strip() or "unknown"
        except (OSError, subprocess.SubprocessError):
            _COMMIT = "unknown"
    return _COMMIT


def unit_margin(row: dict[str, Any]) -> float:
    """Contract: the weaker seats' mean penalty minus the stronger seat's, per deal of the unit."""
    q = row["strong_seat"]
    diffs = []
    for scores in row["scores"]:
        others = [s for i, s in enumerate(scores) if i != q]
        diffs.append(sum(others) / len(others) - scores[q])
    return float(sum(diffs) / len(diffs))


def unit_win(row: dict[str, Any], lower_is_better: bool) -> float:
    """The stronger seat's win share of the unit (summed over its deals, best total wins)."""
    n = len(row["scores"][0])
    totals = [sum(g[i] for g in row["scores"]) for i in range(n)]
    best = min(totals) if lower_is_better else max(totals)
    k = sum(1 for t in totals if t == best)
    return 1.0 / k if totals[row["strong_seat"]] == best else 0.0


def percentile(xs: Sequence[float], p: float) -> float:
    """The ``p`` quantile (0..1) by linear interpolation between order statistics."""
    if not xs:
        return math.nan
    s = sorted(xs)
    pos = p * (len(s) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def summarise_pair(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one suite and pair from its unit rows."""
    suite = rows[0]["suite"]
    strong, weak = parse_pair(rows[0]["pair"])
    contract = suite.startswith("contract")
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        by_deal.setdefault(r["deal"], []).append(r)
    out: dict[str, Any] = {
        "suite": suite,
        "game": SUITES[suite],
        "pair": rows[0]["pair"],
        "stronger": strong,
        "weaker": weak,
        "seeds": sorted({r["seed"] for r in rows}),
        "untimed": any(r.get("untimed") for r in rows),
        "duplicate_deals": len(by_deal),
        "units": len(rows),
        "hands_per_unit": rows[0]["hands"],
        "deal_numbers": sorted({r.get("deal_number", 0) for r in rows}),
        "commits": sorted({r["commit"] for r in rows}),
    }
    wins = sum(unit_win(r, contract) for r in rows)
    lo, hi = wilson(wins, len(rows))
    if not contract:
        out.update(wins=wins, games=len(rows), win_rate=round(wins / len(rows), 4), ci95=[round(lo, 4), round(hi, 4)])
        margins = [_dummy_margin(r) for r in rows]
        out["mean_score_margin"] = round(statistics.fmean(margins), 1)
    else:
        per_deal = [statistics.fmean(unit_margin(r) for r in rs) for rs in by_deal.values()]
        mean = statistics.fmean(per_deal)
        se = statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else math.nan
        out.update(
            mean_score_diff=round(mean, 2),
            se=round(se, 2) if not math.isnan(se) else None,
            ci95=[round(mean - 1.96 * se, 2), round(mean + 1.96 * se, 2)] if not math.isnan(se) else None,
            deal_wins=wins,
            deal_win_rate=round(wins / len(rows), 4),
            deal_win_ci95=[round(lo, 4), round(hi, 4)],
            equal_seat_win_rate=round(1 / len(rows[0]["lineup"]), 4),
        )
    return out


def _dummy_margin(row: dict[str, Any]) -> float:
    q = row["strong_seat"]
    g = row["scores"][0]
    return float(g[q] - max(s for i, s in enumerate(g) if i != q))


def timing(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per suite and level: decisions timed, median and 95th percentile in ms of wall time and of
    CPU time, and for searches the median and 5th percentile of iterations per decision and the
    share of decisions cut short (by an action cap or the clock; of the rows that count them)."""
    acc: dict[str, dict[str, list[float]]] = {}
    its: dict[str, dict[str, list[float]]] = {}
    cpus: dict[str, dict[str, list[float]]] = {}
    cuts: dict[tuple[str, str], list[int]] = {}
    for r in rows:
        for level, ms in r.get("cpu_ms", {}).items():
            fast = r.get("cpu_ms_under_1", {}).get(level, 0)
            cpus.setdefault(r["suite"], {}).setdefault(level, []).extend([*ms, *([FAST_MS] * fast)])
        for level, ms in r["ms"].items():
            fast = r.get("ms_under_1", {}).get(level, 0)
            acc.setdefault(r["suite"], {}).setdefault(level, []).extend([*ms, *([FAST_MS] * fast)])
        for level, n in r.get("iters", {}).items():
            its.setdefault(r["suite"], {}).setdefault(level, []).extend(n)
            if level in r.get("cut", {}):
                cuts.setdefault((r["suite"], level), []).extend((r["cut"][level], len(n)))  # cut, of
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for suite, levels in acc.items():
        out[suite] = {}
        for level, ms in sorted(levels.items(), key=lambda kv: (*LADDER, *OUTSIDE).index(kv[0])):
            entry: dict[str, Any] = {
                "decisions": len(ms),
                "median_ms": round(percentile(ms, 0.5), 2),
                "p95_ms": round(percentile(ms, 0.95), 2),
            }
            c = cpus.get(suite, {}).get(level)
            if c:
                entry["cpu_decisions"] = len(c)
                entry["cpu_median_ms"] = round(percentile(c, 0.5), 2)
                entry["cpu_p95_ms"] = round(percentile(c, 0.95), 2)
            n = its.get(suite, {}).get(level)
            if n:
                entry["median_iterations"] = percentile(n, 0.5)
                entry["p5_iterations"] = percentile(n, 0.05)
            if k := cuts.get((suite, level)):
                entry["cut_share"] = round(sum(k[::2]) / sum(k[1::2]), 4)
            out[suite][level] = entry
    return out


#: Decisions faster than this many ms are counted, not listed (most of the heuristics' and all
#: of the random bot's): the units file stays small, and a percentile among them reads as 1 ms.
FAST_MS = 1.0


def _compact_times(key: str, times: dict[str, list[float]]) -> dict[str, Any]:
    """``{key: the times of FAST_MS or more per level, key_under_1: how many were faster}``."""
    return {
        key: {level: [x for x in ms if x >= FAST_MS] for level, ms in times.items()},
        f"{key}_under_1": {level: sum(1 for x in ms if x < FAST_MS) for level, ms in times.items()},
    }


def compact(row: dict[str, Any]) -> dict[str, Any]:
    """A row in the compact form (rows written before it listed every decision's time)."""
    for key in ("ms", "cpu_ms"):
        if key in row and f"{key}_under_1" not in row:
            row.update(_compact_times(key, row[key]))
    return row


def read_units(path: Path) -> list[dict[str, Any]]:
    """The rows of a units file (a torn last line, from a killed run, is skipped)."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        try:
            rows.append(compact(json.loads(line)))
        except json.JSONDecodeError:
            continue
    return rows


def report(
    rows: Sequence[dict[str, Any]],
    wanted: Sequence[tuple[str, str]],
    command: str,
    loads: Sequence[float],
    untimed: bool = False,
) -> dict[str, Any]:
    """``ladder.json``: per (suite, pair) asked for, its figures; timing; the machine.

    Only the units played the same way (``untimed`` or not) are pooled."""
    keyset = set(wanted)
    mine = [r for r in rows if (r["suite"], r["pair"]) in keyset and bool(r.get("untimed")) == untimed]
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in mine:
        groups.setdefault((r["suite"], r["pair"]), []).append(r)
    unit_loads = [r["load"] for r in mine]
    return {
        "command": command,
        "pairs": [summarise_pair(groups[k]) for k in wanted if k in groups],
        "timing": timing(mine),
        "timing_note": (
            "per level and suite, decisions with more than one legal move: wall time (ms) as a person "
            "waits on this machine at its load, and CPU time of the deciding process (cpu_ms), about "
            "the wall time on a free core; a decision under 1 ms counts as 1 ms"
        ),
        "machine": {
            "cpus": os.cpu_count(),
            "load_1min_this_run": _spread(loads),
            "load_1min_at_units": _spread(unit_loads),
        },
        "written": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def _spread(xs: Sequence[float]) -> dict[str, float] | None:
    if not xs:
        return None
    return {"min": round(min(xs), 2), "median": round(statistics.median(xs), 2), "max": round(max(xs), 2)}


def run(units: Sequence[Unit], jobs: int) -> Iterator[dict[str, Any]]:
    """Play the units, yielding each row as it finishes."""
    if jobs <= 1:
        for u in units:
            yield play(u)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play, u) for u in units]
        for f in as_completed(futures):
            yield f.result()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=50, help="duplicate deals per suite and pair")
    ap.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated STRONG>WEAK pairs")
    ap.add_argument("--suites", default=",".join(SUITES), help=f"comma-separated, from {', '.join(SUITES)}")
    ap.add_argument("--seed", type=int, default=2026, help="the seed every deal derives from")
    ap.add_argument("--jobs", type=int, default=1, help="processes")
    ap.add_argument("--contract-hands", type=int, default=1, help="Contract deals per unit (7: whole matches)")
    ap.add_argument(
        "--contract-deals",
        default="",
        help="Contract: play one deal a unit, duplicate deal d at deal number LIST[d %% len] (e.g. 2-7 or 3,5)",
    )
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--units", type=Path, default=DEFAULT_UNITS)
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    ap.add_argument(
        "--untimed",
        action="store_true",
        help="searches with iterations and seconds keep only the iterations (strength independent of load)",
    )
    ap.add_argument("--no-play", action="store_true", help="only rewrite the JSON from the units file")
    ap.add_argument(
        "--compact", action="store_true", help="rewrite the units file in the compact form (nothing else writing it)"
    )
    args = ap.parse_args(argv)
    pairs = [p.strip().replace("-", ">") for p in args.pairs.split(",") if p.strip()]
    suites = [s.strip() for s in args.suites.split(",") if s.strip()]
    try:
        numbers = parse_numbers(args.contract_deals)
        for p in pairs:
            parse_pair(p)
        for s in suites:
            if s not in SUITES:
                raise ValueError(f"unknown suite {s!r}; known: {', '.join(SUITES)}")
        if args.deals < 1 or args.jobs < 1 or not 1 <= args.contract_hands <= 7:
            raise ValueError("--deals and --jobs must be at least 1, --contract-hands 1 to 7")
    except ValueError as e:
        ap.error(str(e))
    command = "python -m bench.ladder " + shlex.join(sys.argv[1:] if argv is None else list(argv))
    wanted = [(s, p) for s in suites for p in pairs]
    args.units.parent.mkdir(parents=True, exist_ok=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    rows = read_units(args.units)
    if args.compact:
        lines = [json.dumps(r, separators=(",", ":")) for r in rows]
        args.units.write_text("".join(line + "\n" for line in lines))
    if args.units.exists() and args.units.stat().st_size:
        with args.units.open("rb") as f:
            f.seek(-1, os.SEEK_END)
            torn = f.read(1) != b"\n"
        if torn:  # a run killed mid-line: the next row starts on a line of its own
            with args.units.open("a") as f:
                f.write("\n")
    done = {r["key"] for r in rows}
    loads = [os.getloadavg()[0]]
    for suite, pair in wanted:
        units = units_for(suite, pair, args.deals, args.seed, args.contract_hands, args.untimed, numbers)
        todo = [] if args.no_play else [u for u in units if u.key not in done]
        total = len(todo)
        keys = {u.key for u in units}
        started = time.perf_counter()
        with args.units.open("a") as f:
            for k, row in enumerate(run(todo, args.jobs), 1):
                f.write(json.dumps(row, separators=(",", ":")) + "\n")
                f.flush()
                rows.append(row)
                loads.append(os.getloadavg()[0])
                if not args.quiet:
                    mine = [r for r in rows if r["key"] in keys]
                    s = summarise_pair(mine)
                    figure = (
                        f"{s['win_rate']:.1%} [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]"
                        if "win_rate" in s
                        else f"diff {s['mean_score_diff']:+.1f} se {s['se']}"
                    )
                    eta = (time.perf_counter() - started) / k * (total - k)
                    print(
                        f"{suite} {pair}: {k}/{total} units, stronger {figure}, "
                        f"load {loads[-1]:.1f}, ~{eta / 60:.0f} min left",
                        file=sys.stderr,
                        flush=True,
                    )
        args.out.write_text(json.dumps(report(rows, wanted, command, loads, args.untimed), indent=1) + "\n")
    data = report(rows, wanted, command, loads, args.untimed)
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    for p in data["pairs"]:
        if "win_rate" in p:
            line = f"{p['win_rate']:.1%} of {p['games']} games, 95% {p['ci95'][0]:.1%}-{p['ci95'][1]:.1%}"
        else:
            line = f"mean penalty diff {p['mean_score_diff']:+.1f} (se {p['se']}) over {p['duplicate_deals']} deals"
        print(f"{p['suite']:15} {p['pair']:15} {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
