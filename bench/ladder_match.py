"""Contract's ladder by deal number, and a match's seven deals weighed equally (issue 24.2).

The ladder (``bench.ladder``) measures a Contract pair in units of one deal: deal 1 of a match
(the default), or one deal number alone (``--contract-deals 2-7``), and keeps each kind of run in
its own units file. A match is seven deals of equal weight, so "the stronger level's mean score
per deal" over a match is the mean of the seven deal numbers' means, each measured on its own
duplicate deals; deal 1 (two sets, mostly stalls) is one seventh of it, not the whole, and not
left out. This reads any number of units files, finds for each suite and pair the units of every
deal number (a whole-match unit gives one to each of its deals), and reports per deal number the
mean of the weaker seats' mean penalty minus the stronger seat's, its standard error over the
duplicate deals (the rotations of one deal averaged first, as ``bench.ladder`` does), and the
stratified mean over the seven numbers with its standard error ``sqrt(sum se_k^2) / 7``.

    python -m bench.ladder_match --pairs hard-medium \\
        --units bench/data/ladder-units.jsonl bench/data/ladder-contract-units.jsonl \\
        --out bench/data/ladder-contract-match.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.ladder import parse_pair, read_units

DEALS = 7
HERE = Path(__file__).resolve().parent


def deal_margins(row: dict[str, Any]) -> list[tuple[int, float]]:
    """Each deal of one unit as (deal number, the weaker seats' mean penalty minus the stronger's)."""
    q = row["strong_seat"]
    first = row.get("deal_number", 0) or 1
    out = []
    for i, scores in enumerate(row["scores"]):
        others = [s for k, s in enumerate(scores) if k != q]
        out.append((first + i, sum(others) / len(others) - scores[q]))
    return out


def by_deal_number(rows: Sequence[dict[str, Any]]) -> dict[int, list[float]]:
    """Per deal number, one margin per duplicate deal: its rotations' margins averaged."""
    cells: dict[tuple[int, int, int], list[float]] = {}
    for r in rows:
        for number, margin in deal_margins(r):
            cells.setdefault((number, r["seed"], r["deal"]), []).append(margin)
    out: dict[int, list[float]] = {}
    for (number, _seed, _deal), margins in sorted(cells.items()):
        out.setdefault(number, []).append(statistics.fmean(margins))
    return out


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One suite and pair by deal number; the match-weighted mean once every number 1-7 has two deals."""
    numbers = by_deal_number(rows)
    per: list[dict[str, Any]] = []
    for number in sorted(numbers):
        xs = numbers[number]
        se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else None
        per.append(
            {
                "deal_number": number,
                "duplicate_deals": len(xs),
                "mean": round(statistics.fmean(xs), 2),
                "se": None if se is None else round(se, 2),
            }
        )
    out: dict[str, Any] = {
        "suite": rows[0]["suite"],
        "pair": rows[0]["pair"],
        "by_deal_number": per,
        "commits": sorted({r.get("commit", "?") for r in rows}),
    }
    full = [p for p in per if 1 <= p["deal_number"] <= DEALS and p["se"] is not None]
    if len(full) == DEALS:
        means = [statistics.fmean(numbers[n]) for n in range(1, DEALS + 1)]
        ses = [statistics.stdev(numbers[n]) / math.sqrt(len(numbers[n])) for n in range(1, DEALS + 1)]
        mean = statistics.fmean(means)
        se = math.sqrt(sum(s * s for s in ses)) / DEALS
        out["match_weighted"] = {
            "mean": round(mean, 2),
            "se": round(se, 2),
            "ci95": [round(mean - 1.96 * se, 2), round(mean + 1.96 * se, 2)],
        }
    return out


def report(rows: Sequence[dict[str, Any]], pairs: Sequence[str], untimed: bool) -> list[dict[str, Any]]:
    """One summary per Contract suite and asked pair that has units (timed or ``--untimed`` ones, never both)."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows:
        if r["suite"].startswith("contract") and r["pair"] in pairs and bool(r.get("untimed")) == untimed:
            groups.setdefault((r["suite"], r["pair"]), []).append(r)
    return [summarise(groups[k]) for k in sorted(groups)]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ladder_match", description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=Path, nargs="+", required=True, help="units files of bench.ladder")
    ap.add_argument("--pairs", default="hard-medium", help="comma-separated STRONG>WEAK pairs")
    ap.add_argument("--untimed", action="store_true", help="the --untimed units instead of the timed ones")
    ap.add_argument("--out", type=Path, help="write the figures here as JSON")
    args = ap.parse_args(argv)
    try:
        pairs = ["{}>{}".format(*parse_pair(p)) for p in args.pairs.split(",") if p.strip()]
    except ValueError as e:
        ap.error(str(e))
    missing = [str(p) for p in args.units if not p.exists()]
    if missing:
        ap.error(f"no such units file: {', '.join(missing)}")
    rows = [r for path in args.units for r in read_units(path)]
    data = report(rows, pairs, args.untimed)
    if args.out:
        args.out.write_text(json.dumps({"pairs": data}, indent=1) + "\n")
    for s in data:
        cells = ", ".join(
            f"d{p['deal_number']} {p['mean']:+.1f} (se {p['se']}, n {p['duplicate_deals']})"
            for p in s["by_deal_number"]
        )
        print(f"{s['suite']:15} {s['pair']:12} {cells}")
        m = s.get("match_weighted")
        if m:
            print(
                f"{'':28} seven deals weighed equally: {m['mean']:+.2f} (se {m['se']}), "
                f"95% {m['ci95'][0]:+.2f} to {m['ci95'][1]:+.2f}"
            )
        else:
            print(f"{'':28} not every deal number 1-7 has two duplicate deals: no match-weighted figure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
