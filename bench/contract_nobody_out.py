"""How often a Contract Rummy deal ends with nobody out, per preset and per deal number.

A deal ends with nobody out when the stock runs dry for the last time (rules 18, 28) or at the
``max_turns`` cap; everyone then scores their whole hand. Under distinct-suit sets (the ``seed``
preset) a rank's remaining cards can never be laid off once its set is complete, so a player can
be left holding cards that fit nowhere. This plays ``--deals`` seeded deals of each deal number
1-7 under each preset with four bots in the seats and reports the share that ended with nobody
out, with how many turns the deals lasted.

    .venv/bin/python -m bench.contract_nobody_out --deals 1000                    # heuristic bots
    .venv/bin/python -m bench.contract_nobody_out --deals 100 --bot ismcts:iters=8  # the search bot
    .venv/bin/python -m bench.contract_nobody_out --deals 200 --markdown --out bench/data/x.md

For a slow bot, ``--log FILE`` appends one JSON line per deal as it finishes and ``--interleave``
plays deal index 0 of every (preset, deal number) cell, then index 1, and so on, so a run stopped
at any point has about as many deals in every cell; ``--shard K/N`` plays only the indices
``i % N == K`` (one process per core), ``--skip LOG...`` leaves out the deals some logs already
hold (to resume a stopped run), and ``--summarise FILE...`` builds the table from such logs.
Shares are printed with 95% Wilson score intervals (``--wilson``; always in summaries).

    nice -n 5 .venv/bin/python -m bench.contract_nobody_out --bot ismcts:iters=4 --deals 1000 \
        --interleave --shard 0/2 --log /tmp/no0.jsonl &     # and 1/2
    .venv/bin/python -m bench.contract_nobody_out --summarise /tmp/no0.jsonl /tmp/no1.jsonl --markdown

Deal ``i`` of deal number ``d`` under a preset uses game seed ``i`` and a bot generator seeded
from (preset, d, i), so every figure is reproducible. The search bot plays every seat (four
searches), so it is slow: use fewer deals and say so.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from samrap.engine.tournament import wilson
from samrap.games.contract import ContractConfig, ContractGame, preset
from samrap.players.levels import make_bot

PRESETS = ("seed", "pagat", "liverpool")


@dataclass
class Cell:
    deals: int = 0
    nobody_out: int = 0
    turns: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.nobody_out / self.deals if self.deals else 0.0

    def wilson(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% Wilson score interval of the share (sound at 0 of n and for small n)."""
        return wilson(self.nobody_out, self.deals, z)


def play_deal(game: ContractGame, bots: Sequence[object], deal: int, seed: int, rng: random.Random) -> tuple[bool, int]:
    """One seeded deal with ``bots`` in the seats: (ended with nobody out, turns played)."""
    s = game.new_game(seed=seed, deal_number=deal, dealer=seed % game.players)
    while not game.is_terminal(s):
        seat = game.current_player(s)
        legal = game.legal_moves(s)  # the bots choose among moves (a go-down whole)
        a = legal[0] if len(legal) == 1 else bots[seat].choose(game.observe(s, seat), legal, rng)  # type: ignore[attr-defined]
        s = game.apply(s, a)
    return s.out < 0, s.turns


def _cut(candidates: Callable[[Any, Sequence[Any]], Sequence[Any]], kinds: tuple[type, ...]) -> Any:
    """``candidates`` with no search on the turns whose heuristic move is one of ``kinds``."""

    def cut(view: Any, legal: Sequence[Any]) -> Sequence[Any]:
        out = candidates(view, legal)
        return out[:1] if isinstance(out[0], kinds) else out

    return cut


def traced_deal(game: ContractGame, bots: Sequence[Any], deal: int, seed: int, rng: random.Random) -> dict[str, Any]:
    """:func:`play_deal` with a record: when each seat went down, the discards taken, and where
    the bots' moves differ from the heuristic's shown the same view (by kind and phase)."""
    from samrap.games.contract.actions import Discard, GoDown, PickUp
    from samrap.games.contract.cards import face_value
    from samrap.players.heuristic.contract import best_action

    s = game.new_game(seed=seed, deal_number=deal, dealer=seed % game.players)
    down_turn: dict[int, int] = {}
    differ: dict[str, int] = {}
    pickups = 0
    cheaper = 0  # penalty points the bots' differing discards saved against the heuristic's
    full = (1 << game.players) - 1
    while not game.is_terminal(s):
        seat = game.current_player(s)
        legal = game.legal_moves(s)  # the bots choose among moves (a go-down whole)
        view = game.observe(s, seat)
        a = legal[0] if len(legal) == 1 else bots[seat].choose(view, legal, rng)
        h = best_action(view, legal) if len(legal) > 1 else a
        phase = "all down" if s.down == full else ("down" if s.down >> seat & 1 else "not down")
        if a != h:
            key = f"{type(h).__name__} -> {type(a).__name__}, {phase}"
            differ[key] = differ.get(key, 0) + 1
            if isinstance(a, Discard) and isinstance(h, Discard):
                cheaper += face_value(h.face) - face_value(a.face)
        pickups += isinstance(a, PickUp)
        if isinstance(a, GoDown):
            down_turn[seat] = s.turns
        s = game.apply(s, a)
    return {
        "nobody_out": s.out < 0,
        "turns": s.turns,
        "down_turns": sorted(down_turn.values()),
        "pickups": pickups,
        "differ": differ,
        "discard_points_saved": cheaper,
    }


STUDY_BOTS = ("heuristic", "search", "search, draws not searched", "search, discards not searched")


def study(name: str, deal: int, indices: Sequence[int], bot: str, log: Path | None) -> dict[str, list[dict[str, Any]]]:
    """Why a cell stalls more with searches: each deal played by four heuristics, four searches
    (``bot``), and four searches that do not search their draws (take the discard or draw) or
    their discards (the heuristic's move on those turns), on the same seeds as the main runs."""
    from samrap.games.contract.actions import Discard, Draw, PickUp

    game = ContractGame(ContractConfig.from_string(f"contract(preset={name},players=4)"))
    seats: dict[str, list[Any]] = {
        "heuristic": [make_bot("heuristic", game, f"heuristic-{q}") for q in range(4)],
        "search": [make_bot(bot, game, f"{bot}-{q}") for q in range(4)],
    }
    for label, kinds in (("search, draws not searched", (Draw, PickUp)), ("search, discards not searched", (Discard,))):
        seats[label] = [make_bot(bot, game, f"{bot}-{q}") for q in range(4)]
        for b in seats[label]:
            b.candidates = _cut(b.candidates, kinds)
    out: dict[str, list[dict[str, Any]]] = {label: [] for label in STUDY_BOTS}
    for i in indices:
        for label in STUDY_BOTS:
            rng = random.Random(f"nobody-out:{name}:{deal}:{i}")
            row = {"preset": name, "deal": deal, "index": i, "bots": label} | traced_deal(
                game, seats[label], deal, i, rng
            )
            out[label].append(row)
            if log is not None:
                with log.open("a") as f:
                    f.write(json.dumps(row) + "\n")
    return out


def study_report(out: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    base = {r["index"]: r["nobody_out"] for r in out["heuristic"]}
    for label, rows in out.items():
        n = len(rows)
        k = sum(r["nobody_out"] for r in rows)
        lo, hi = wilson(k, n)
        full = [r["down_turns"][-1] for r in rows if len(r["down_turns"]) == 4]
        last = f"{sum(full) / len(full):.0f}" if full else "-"
        only = sum(1 for r in rows if r["nobody_out"] and not base[r["index"]])
        less = sum(1 for r in rows if not r["nobody_out"] and base[r["index"]])
        lines.append(
            f"{label}: nobody out {k}/{n} ({k / n:.0%} [{lo:.0%}, {hi:.0%}]); against the heuristics on the same deals "
            f"{only} more, {less} fewer; pick-ups {sum(r['pickups'] for r in rows)}; "
            f"the fourth player down at turn {last} on average; mean turns {sum(r['turns'] for r in rows) / n:.0f}"
        )
        differ: dict[str, int] = {}
        for r in rows:
            for key, v in r["differ"].items():
                differ[key] = differ.get(key, 0) + v
        if differ:
            saved = sum(r["discard_points_saved"] for r in rows)
            lines.append(
                "    moves unlike the heuristic's: " + ", ".join(f"{k_} {v}" for k_, v in sorted(differ.items()))
            )
            lines.append(
                f"    their differing discards were {saved} penalty points cheaper than the heuristic's, summed"
            )
    return "\n".join(lines)


def measure(config: ContractConfig, bot: str, deals: int, deal_numbers: Sequence[int], name: str) -> dict[int, Cell]:
    game = ContractGame(config)
    bots = [make_bot(bot, game, f"{bot}-{q}") for q in range(config.players)]
    out: dict[int, Cell] = {}
    for d in deal_numbers:
        cell = Cell()
        for i in range(deals):
            rng = random.Random(f"nobody-out:{name}:{d}:{i}")
            stalled, turns = play_deal(game, bots, d, i, rng)
            cell.deals += 1
            cell.nobody_out += stalled
            cell.turns.append(turns)
        out[d] = cell
    return out


def interleaved(
    configs: dict[str, ContractConfig],
    bot: str,
    deals: int,
    deal_numbers: Sequence[int],
    shard: tuple[int, int],
    log: Path | None,
    start: int = 0,
    skip: frozenset[tuple[str, int, int]] = frozenset(),
) -> dict[str, dict[int, Cell]]:
    """Deal index 0 of every cell, then index 1, ...: the same deals :func:`measure` plays, in an
    order that keeps the cells level when the run is stopped; each deal logged as it ends. The
    deals in ``skip`` ((preset, deal number, index), already logged) are not played again."""
    games = {name: ContractGame(cfg) for name, cfg in configs.items()}
    bots = {name: [make_bot(bot, g, f"{bot}-{q}") for q in range(g.players)] for name, g in games.items()}
    out: dict[str, dict[int, Cell]] = {name: {d: Cell() for d in deal_numbers} for name in configs}
    k, n = shard
    for i in range(start + k, deals, n):
        for name, game in games.items():
            for d in deal_numbers:
                if (name, d, i) in skip:
                    continue
                rng = random.Random(f"nobody-out:{name}:{d}:{i}")
                t = time.process_time()
                stalled, turns = play_deal(game, bots[name], d, i, rng)
                cell = out[name][d]
                cell.deals += 1
                cell.nobody_out += stalled
                cell.turns.append(turns)
                if log is not None:
                    row = {"preset": name, "deal": d, "index": i, "bot": bot, "nobody_out": stalled}
                    row |= {"turns": turns, "cpu_s": round(time.process_time() - t, 3)}
                    with log.open("a") as f:
                        f.write(json.dumps(row) + "\n")
    return out


def logged(paths: Sequence[Path]) -> frozenset[tuple[str, int, int]]:
    """The (preset, deal number, index) of every deal in per-deal logs."""
    out = set()
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                out.add((str(row["preset"]), int(row["deal"]), int(row["index"])))
    return frozenset(out)


def summarise(paths: Sequence[Path]) -> tuple[dict[str, dict[int, Cell]], str, float]:
    """The cells of per-deal logs (a deal logged twice counts once): cells, bot, CPU seconds."""
    seen: dict[tuple[str, int, int], dict[str, object]] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                seen[(row["preset"], row["deal"], row["index"])] = row
    bots = sorted({str(r["bot"]) for r in seen.values()})
    if len(bots) != 1:
        raise SystemExit(f"the logs hold {len(bots)} bots ({', '.join(bots)}); summarise one at a time")
    results: dict[str, dict[int, Cell]] = {}
    cpu = 0.0
    rank = {name: i for i, name in enumerate(PRESETS)}
    for (name, d, _), row in sorted(seen.items(), key=lambda kv: (rank.get(kv[0][0], len(rank)), kv[0])):
        cell = results.setdefault(name, {}).setdefault(d, Cell())
        cell.deals += 1
        cell.nobody_out += bool(row["nobody_out"])
        cell.turns.append(int(str(row["turns"])))
        cell.cpu.append(float(str(row["cpu_s"])))
        cpu += float(str(row["cpu_s"]))
    return results, bots[0], cpu


def _pct(x: float) -> str:
    return f"{x:.1%}"


def table(results: dict[str, dict[int, Cell]], markdown: bool, intervals: bool = False) -> str:
    deals = sorted({d for cells in results.values() for d in cells})
    head = ["preset", *(f"deal {d}" for d in deals), "all"]
    rows = []
    for name, cells in results.items():
        total = sum(c.nobody_out for c in cells.values())
        n = sum(c.deals for c in cells.values())
        row = [name]
        for d in deals:
            c = cells.get(d, Cell())
            lo, hi = c.wilson()
            row.append(f"{c.share:.1%} [{lo:.0%}, {hi:.0%}] ({c.nobody_out}/{c.deals})" if intervals else _pct(c.share))
        lo, hi = wilson(total, n)
        row.append(f"{total / n:.1%} [{lo:.1%}, {hi:.1%}] ({total}/{n})" if intervals else _pct(total / n))
        rows.append(row)
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]
    return "\n".join("  ".join(str(x).rjust(w) for x, w in zip(r, widths, strict=True)) for r in [head, *rows])


def cpu_table(results: dict[str, dict[int, Cell]], markdown: bool) -> str:
    """Mean CPU seconds per logged deal, by cell (what another run of each cell would cost)."""
    deals = sorted({d for cells in results.values() for d in cells})
    head = ["CPU s a deal", *(f"deal {d}" for d in deals), "a round"]
    rows = []
    for name, cells in results.items():
        means = [sum(c.cpu) / len(c.cpu) if c.cpu else 0.0 for c in (cells.get(d, Cell()) for d in deals)]
        rows.append([name, *(f"{m:.1f}" for m in means), f"{sum(means):.0f}"])
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]
    return "\n".join("  ".join(str(x).rjust(w) for x, w in zip(r, widths, strict=True)) for r in [head, *rows])


def report(results: dict[str, dict[int, Cell]], markdown: bool, intervals: bool, footer: str) -> str:
    text = table(results, markdown, intervals)
    mean_turns = {
        n: sum(sum(c.turns) for c in cs.values()) / sum(c.deals for c in cs.values()) for n, cs in results.items()
    }
    text += "\n\nmean turns per deal: " + ", ".join(f"{n} {t:.0f}" for n, t in mean_turns.items())
    if intervals:
        text += "\nshare [95% Wilson interval] (nobody out / deals)"
    return text + "\n" + footer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200, help="deals per preset and deal number")
    ap.add_argument("--bot", default="heuristic", help="bot spec for every seat (heuristic, ismcts:iters=8, ...)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--deal-numbers", default="1,2,3,4,5,6,7")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--wilson", action="store_true", help="show 95%% Wilson intervals and counts")
    ap.add_argument("--out", type=Path, help="also write the table to this file")
    ap.add_argument("--interleave", action="store_true", help="index 0 of every cell, then index 1, ...")
    ap.add_argument("--shard", default="0/1", help="K/N: play only deal indices i %% N == K (with --interleave)")
    ap.add_argument("--start", type=int, default=0, help="first deal index (with --interleave)")
    ap.add_argument("--log", type=Path, help="append one JSON line per deal (with --interleave)")
    ap.add_argument("--skip", type=Path, nargs="+", metavar="LOG", help="skip the deals these logs hold (--interleave)")
    ap.add_argument("--summarise", type=Path, nargs="+", metavar="LOG", help="the table of per-deal logs")
    ap.add_argument("--study", metavar="PRESET:DEAL", help="why a cell stalls: heuristics, searches, cut searches")
    ap.add_argument("--indices", default="0-19", help="with --study: deal indices A-B (inclusive)")
    ap.add_argument("--cpu", action="store_true", help="with --summarise: mean CPU seconds a deal, by cell")
    args = ap.parse_args()
    if args.study:
        name, _, d = args.study.partition(":")
        a, _, b = args.indices.partition("-")
        bot = args.bot if args.bot != "heuristic" else "ismcts:iters=4"
        print(study_report(study(name, int(d), range(int(a), int(b or a) + 1), bot, args.log)))
        return
    if args.summarise:
        results, bot, cpu = summarise(args.summarise)
        counts = sorted({c.deals for cs in results.values() for c in cs.values()})
        per_cell = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        footer = f"{per_cell} deals per cell, bots: {bot}, {cpu:,.0f} s CPU in all"
        text = report(results, args.markdown, True, footer)
        if args.cpu:
            text += "\n\n" + cpu_table(results, args.markdown)
        print(text)
        if args.out:
            args.out.write_text(text + "\n")
        return
    numbers = [int(x) for x in args.deal_numbers.split(",")]
    configs: dict[str, ContractConfig] = {}
    for name in args.presets.split(","):
        cfg = ContractConfig.from_string(f"contract(preset={name},players={args.players})")
        assert cfg == preset(name) or args.players != 4
        configs[name] = cfg
    started = time.process_time()
    if args.interleave:
        k, _, n = args.shard.partition("/")
        skip = logged(args.skip) if args.skip else frozenset()
        shard = (int(k), int(n))
        results = interleaved(configs, args.bot, args.deals, numbers, shard, args.log, args.start, skip)
    else:
        results = {}
        for name, cfg in configs.items():
            results[name] = measure(cfg, args.bot, args.deals, numbers, name)
            print(f"{name}: done ({time.process_time() - started:.0f} s CPU)", flush=True)
    footer = f"{args.deals} deals per cell, {args.players} players, bots: {args.bot}"
    text = report(results, args.markdown, args.wilson, footer)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
