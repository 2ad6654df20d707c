"""What ``bench/server_load.py`` reports from its measurements: percentiles, each stage's share of
an action's latency, the hint presses of a window and the markdown table of the windows.

Kept apart from the load client (the sockets, the seats, the server process) so that each module
holds one concept and stays under the 600-line limit (``tests/architecture/test_sizes.py``);
``bench/chaos.py`` reads its percentiles from here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class HintAsk:
    """One press of the hint button the way the web app makes it (``static/js/hint.js``): the quick
    answer, then the deeper one asked again each second while it is ``busy``."""

    quick_s: float | None = None  # press to the quick line (None: no quick answer)
    deep_s: float | None = None  # press to the deeper answer (None: not had)
    busy: int = 0  # busy answers to the deep request, asked again (never shown to the person)
    ended: str = "pending"  # deep, or why not: the turn passed, gave up, an error code


def percentile(values: list[float], p: float) -> float:
    xs = sorted(values)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else float("nan")


#: The stages of an action's latency, from the seat's send to the other seat's receipt (see
#: ``samrap.server.stages``): the names, and the pair of stamps each lies between.
STAGES = (
    ("to_server", "sent", "read"),  # client send, kernel, the server's loop getting round to the frame
    ("parse", "read", "entered"),  # validating the frame, dispatch
    ("lock", "entered", "locked"),  # waiting for the table's lock
    ("plan", "locked", "planned"),  # the rules check
    ("apply", "planned", "applied"),  # applying the event in memory
    ("store", "applied", "stored"),  # the writer's queue and the database commit
    ("broadcast", "stored", "broadcast"),  # building each seat's view, queueing it
    ("to_client", "broadcast", "received"),  # the sender task, kernel, the client's loop
)


def stage_split(samples: list[tuple[str, int, float, float]], report: dict[str, Any]) -> dict[str, Any]:
    """Each stage's share of the measured actions' latency: over all of them and over the slowest 1%."""
    fields = report["fields"]
    by_key = {(c[0], c[1]): dict(zip(fields, c, strict=True)) for c in report["commits"]}
    rows = []
    for code, v, sent, received in samples:
        c = by_key.get((code, v))
        if c is None or c["read"] is None:
            continue
        stamps = {**c, "sent": sent, "received": received}
        rows.append((received - sent, {name: stamps[b] - stamps[a] for name, a, b in STAGES}))
    if not rows:
        return {"matched": 0}
    rows.sort(key=lambda r: r[0])
    slow = rows[-max(1, len(rows) // 100) :]

    def shares(part: list[tuple[float, dict[str, float]]]) -> dict[str, Any]:
        total = sum(r[0] for r in part)
        return {
            "mean_ms": round(1000 * total / len(part), 1),
            **{name: f"{100 * sum(r[1][name] for r in part) / total:.0f}%" for name, _, _ in STAGES},
        }

    return {"matched": len(rows), "all": shares(rows), "slowest_1pct": shares(slow)}


def hint_summary(asks: list[HintAsk]) -> dict[str, Any]:
    """The presses of one window: quick and deep answers' times from the press, busy asked again."""
    quick = [a.quick_s for a in asks if a.quick_s is not None]
    deep = [a.deep_s for a in asks if a.deep_s is not None]
    ended: dict[str, int] = {}
    for a in asks:
        ended[a.ended] = ended.get(a.ended, 0) + 1

    def ms(xs: list[float], p: float) -> float | None:
        return round(percentile(xs, p) * 1000, 1) if xs else None

    return {
        "asked": len(asks),
        "quick_answered": len(quick),
        "quick_p50_ms": ms(quick, 0.5),
        "quick_p95_ms": ms(quick, 0.95),
        "quick_max_ms": round(max(quick) * 1000, 1) if quick else None,
        "deep_answered": len(deep),
        "deep_p50_ms": ms(deep, 0.5),
        "deep_p95_ms": ms(deep, 0.95),
        "deep_max_ms": round(max(deep) * 1000, 1) if deep else None,
        "busy_asked_again": sum(a.busy for a in asks),
        "ended": ended,
    }


def phase_table(result: dict[str, Any]) -> str:
    """One markdown row per measured window: what docs/performance.md records for 15.8 and 15.6."""
    head = (
        "| window | load average | actions | p50 | p99 | max | over 100 ms | server CPU | loop lag p99 "
        "| collector pauses | slowest 1 %: to_server, store, to_client "
        "| hints (asked / quick, p95 / deep, p95 / busy) |"
    )
    rows = [head, "|" + " --- |" * (head.count("|") - 1)]
    for ph in result["phases"]:
        server = ph.get("server", {})
        slow = ph.get("stages", {}).get("slowest_1pct", {})
        gcp = server.get("gc_pause", {})
        pauses = f"{gcp['count']}, max {gcp['max_ms']:.0f} ms" if gcp.get("count") else "0"
        hints = ph.get("hints")
        if not hints:
            hint_text = ""
        elif "deep_p95_ms" in hints:  # asked / quick answered, p95 / deep answered, p95 / busy asked again
            hint_text = (
                f"{hints['asked']} / quick {hints['quick_answered']}, {hints['quick_p95_ms']} ms "
                f"/ deep {hints['deep_answered']}, {hints['deep_p95_ms']} ms / {hints['busy_asked_again']} busy"
            )
        else:
            hint_text = f"{hints['asked']} / {hints['answered']} / {hints['busy']}, {hints['p95_ms']} ms"
        lag = server.get("loop_lag", {}).get("p99_ms")
        rows.append(
            f"| {ph['phase']} | {ph['load_average_start']} → {ph['load_average']} | {ph['actions']} "
            f"| {ph['p50_ms']} ms | **{ph['p99_ms']} ms** | {ph['max_ms']} ms | {ph['over_100ms']} "
            f"| {ph['server_cpu_percent']} % | {lag} ms | {pauses} "
            f"| {slow.get('to_server', '')}, {slow.get('store', '')}, {slow.get('to_client', '')} | {hint_text} |"
        )
    return "\n".join(rows)
