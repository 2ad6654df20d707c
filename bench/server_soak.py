"""Server soak: memory over time with connections dropping and reconnecting (issue 15.7).

Starts ``samrap serve`` (a fresh SQLite file unless ``--db``), creates ``--tables`` two-seat tables
and plays every seat from this process with a random bot over its own websocket, as
``bench/server_load.py`` does, but no connection lives for ever: each seat's socket is dropped
after a random lifetime (``--life`` seconds on average, at most twice that) and the seat
reconnects with its token and last version, as a phone on a flaky network would. Spectators come
and go too (``--spectators`` sockets at any time, each watching a random table for a few seconds),
matches end and are rematched, so tables, connections, views and archived records keep turning
over. The server's RSS (and its open file descriptors and threads) is sampled every
``--sample`` seconds.

Output: a CSV of the samples (``--csv``), a JSON summary on stdout (RSS at the first, middle and
last sample, the growth per 10 minutes over the second half and over the last 10 minutes,
reconnects, actions, errors) and, with ``--plot``, a PNG of RSS over time (matplotlib, in the
``dev`` extra; ``--plot-before CSV`` draws an earlier run's curve beside it).

    python -m bench.server_soak --tables 200 --minutes 30 --csv soak.csv --plot docs/img/server-soak-rss.png
    python -m bench.server_soak --tables 20 --minutes 1                     # a quick check
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bench.server_load import TableClient, free_port, make_table, rematch, rss_kib, wait_until_serving


@dataclass
class Soak:
    actions: int = 0
    reconnects: int = 0
    spectator_visits: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    stop: asyncio.Event = field(default_factory=asyncio.Event)


def fds_and_threads(pid: int) -> tuple[int, int]:
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return fds, int(line.split()[1])
    return fds, 0


async def seat_forever(
    ws_url: str, t: TableClient, seat: int, soak: Soak, think: float, life: float, http: httpx.AsyncClient
) -> None:
    """Play one seat; drop the socket after a random lifetime and come back with the last version."""
    rng = random.Random(hash((t.code, seat, "soak")))
    seen = 0
    background: set[asyncio.Task[Any]] = set()
    while not soak.stop.is_set():
        deadline = time.monotonic() + rng.uniform(0.1 * life, 2 * life)
        try:
            async with connect(f"{ws_url}/ws/tables/{t.code}", max_size=2**20, open_timeout=30) as ws:
                await ws.send(json.dumps({"t": "hello", "token": t.tokens[seat], "v": seen or None}))
                pending: asyncio.Task[None] | None = None
                while not soak.stop.is_set():
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    try:
                        raw = await asyncio.wait_for(ws.recv(), min(left, 1.0))
                    except TimeoutError:
                        continue
                    msg = json.loads(raw)
                    if msg["t"] == "error":
                        code = msg["error"]["code"]
                        soak.errors[code] = soak.errors.get(code, 0) + 1
                        continue
                    if msg["t"] != "view":
                        continue
                    seen = max(seen, msg["v"])
                    for e in msg.get("events", []):
                        if e["kind"] == "act" and e.get("seat") == seat:
                            soak.actions += 1
                        if e["kind"] == "match_over" and seat == 0:
                            task = asyncio.create_task(rematch(http, t))
                            background.add(task)
                            task.add_done_callback(background.discard)
                    if msg["legal"] and (pending is None or pending.done()):
                        pending = asyncio.create_task(act_later(ws, msg, rng, think))
                if pending is not None:
                    pending.cancel()
        except (OSError, ConnectionClosed, TimeoutError) as e:
            soak.errors[type(e).__name__] = soak.errors.get(type(e).__name__, 0) + 1
            await asyncio.sleep(1.0)
        soak.reconnects += 1
        await asyncio.sleep(rng.uniform(0.0, 2.0))  # offline for a moment


async def act_later(ws: Any, view: dict[str, Any], rng: random.Random, think: float) -> None:
    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
    with_v = {"t": "act", "v": view["v"], "action": rng.choice(view["legal"])}
    with contextlib.suppress(ConnectionClosed):
        await ws.send(json.dumps(with_v))


async def spectators(ws_url: str, tables: list[TableClient], count: int, soak: Soak) -> None:
    """Keep about ``count`` spectators around, each watching a random table for 2-10 s."""
    rng = random.Random(7)

    async def visit() -> None:
        t = rng.choice(tables)
        try:
            async with connect(f"{ws_url}/ws/tables/{t.code}", open_timeout=30) as ws:
                await ws.send(json.dumps({"t": "hello"}))
                end = time.monotonic() + rng.uniform(2, 10)
                while time.monotonic() < end:
                    try:
                        await asyncio.wait_for(ws.recv(), 1.0)
                    except TimeoutError:
                        continue
            soak.spectator_visits += 1
        except (OSError, ConnectionClosed, TimeoutError):
            pass

    running: set[asyncio.Task[None]] = set()
    while not soak.stop.is_set():
        while len(running) < count:
            task = asyncio.create_task(visit())
            running.add(task)
            task.add_done_callback(running.discard)
        await asyncio.sleep(0.5)


async def run(args: argparse.Namespace, base: str, pid: int) -> dict[str, Any]:
    ws_url = base.replace("http://", "ws://")
    samples: list[dict[str, Any]] = []
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=httpx.Limits(max_connections=32)) as http:
        rss_start = rss_kib(pid)
        sem = asyncio.Semaphore(16)

        async def one() -> TableClient:
            async with sem:
                t = await make_table(http, 2)
                return t

        tables = list(await asyncio.gather(*(one() for _ in range(args.tables))))
        # the spectators watch: make the tables public (the host token may)
        for t in tables:
            await http.post(f"/api/tables/{t.code}/visibility", json={"token": t.host, "public": True})
        soak = Soak()
        seats = [
            asyncio.create_task(seat_forever(ws_url, t, q, soak, args.think, args.life, http))
            for t in tables
            for q in range(2)
        ]
        watchers = asyncio.create_task(spectators(ws_url, tables, args.spectators, soak))
        await asyncio.sleep(2.0)
        for t in tables:
            await http.post(f"/api/tables/{t.code}/start", json={"token": t.host})
        t0 = time.monotonic()
        end = t0 + 60 * args.minutes
        while time.monotonic() < end:
            fds, threads = fds_and_threads(pid)
            health = (await http.get("/healthz")).json()
            sample = {
                "t_s": round(time.monotonic() - t0, 1),
                "rss_mib": round(rss_kib(pid) / 1024, 2),
                "fds": fds,
                "threads": threads,
                "live_tables": health["tables"],
                "actions": soak.actions,
                "reconnects": soak.reconnects,
                "spectator_visits": soak.spectator_visits,
                "load_average": round(os.getloadavg()[0], 2),
            }
            samples.append(sample)
            if args.verbose:
                print(json.dumps(sample), file=sys.stderr, flush=True)
            await asyncio.sleep(args.sample)
        soak.stop.set()
        watchers.cancel()
        await asyncio.gather(*seats, watchers, return_exceptions=True)
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=list(samples[0]))
            w.writeheader()
            w.writerows(samples)
    mid = samples[len(samples) // 2]
    return {
        "tables": args.tables,
        "minutes": args.minutes,
        "rss_before_tables_mib": round(rss_start / 1024, 1),
        "rss_first_mib": samples[0]["rss_mib"],
        "rss_middle_mib": mid["rss_mib"],
        "rss_last_mib": samples[-1]["rss_mib"],
        "rss_max_mib": max(s["rss_mib"] for s in samples),
        "rss_growth_second_half_mib_per_10min": slope_per_10min(samples, samples[-1]["t_s"] / 2),
        "rss_growth_last_10min_mib_per_10min": slope_per_10min(samples, samples[-1]["t_s"] - 600),
        "fds_first_last": [samples[0]["fds"], samples[-1]["fds"]],
        "threads_first_last": [samples[0]["threads"], samples[-1]["threads"]],
        "actions": soak.actions,
        "reconnects": soak.reconnects,
        "spectator_visits": soak.spectator_visits,
        "errors": soak.errors,
        "load_average_mean": round(sum(s["load_average"] for s in samples) / len(samples), 2),
        "samples": len(samples),
    }


def slope_per_10min(samples: list[dict[str, Any]], since: float) -> float | None:
    """Least-squares slope of RSS over the samples from ``since`` seconds on, in MiB per 10 minutes."""
    part = [s for s in samples if s["t_s"] >= since]
    if len(part) < 2 or part[-1]["t_s"] <= part[0]["t_s"]:
        return None
    xs = [s["t_s"] for s in part]
    ys = [s["rss_mib"] for s in part]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum((x - mx) ** 2 for x in xs)
    return round(float(slope) * 600, 2)


def plot(csv_path: str, out: str, title: str, before: str | None = None, before_label: str = "an earlier run") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with open(csv_path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    minutes = [float(r["t_s"]) / 60 for r in rows]
    fig, ax = plt.subplots(figsize=(8, 3.6), dpi=110)
    if before is not None:
        with open(before, encoding="utf-8") as f:
            old = list(csv.DictReader(f))
        ax.plot(
            [float(r["t_s"]) / 60 for r in old],
            [float(r["rss_mib"]) for r in old],
            color="#999999",
            label=before_label,
        )
    ax.plot(minutes, [float(r["rss_mib"]) for r in rows], color="#1f4e8c", label="server RSS (MiB)")
    ax.set_xlabel("minutes")
    ax.set_ylabel("RSS (MiB)")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax2 = ax.twinx()
    ax2.plot(minutes, [int(r["reconnects"]) for r in rows], color="#c0392b", alpha=0.6, label="reconnects (total)")
    ax2.set_ylabel("reconnects so far")
    ax2.set_ylim(bottom=0)
    lines = ax.get_lines() + ax2.get_lines()
    ax.legend(lines, [str(x.get_label()) for x in lines], loc="lower right")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--minutes", type=float, default=30.0)
    p.add_argument("--think", type=float, default=1.0, help="mean seconds a seat waits before acting")
    p.add_argument("--life", type=float, default=60.0, help="mean seconds a socket lives before it drops")
    p.add_argument("--spectators", type=int, default=20, help="spectator sockets at any time")
    p.add_argument("--sample", type=float, default=10.0, help="seconds between RSS samples")
    p.add_argument("--db", default=None)
    p.add_argument("--csv", default=None)
    p.add_argument("--plot", default=None, help="write a PNG of RSS over time (needs --csv)")
    p.add_argument("--verbose", action="store_true", help="print every sample to stderr")
    p.add_argument("--plot-before", default=None, help="an earlier run's CSV, drawn in grey beside this one")
    p.add_argument("--plot-before-label", default="an earlier run")
    p.add_argument("--plot-only", action="store_true", help="only draw --plot from --csv (no run)")
    args = p.parse_args()
    if args.plot and not args.csv:
        p.error("--plot needs --csv")
    title = f"samrap serve, {args.tables} tables, sockets dropping every ~{args.life:g} s"
    if args.plot_only:
        plot(args.csv, args.plot, title, args.plot_before, args.plot_before_label)
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 8 * args.tables + 1024)), hard))
    port = free_port()
    folder = tempfile.mkdtemp(prefix="samrap-soak-")
    db = args.db or f"sqlite:///{folder}/soak.db"
    cmd = [sys.executable, "-m", "samrap.cli.main", "serve", "--port", str(port), "--db", db]
    cmd += ["--bot-delay", "0", "--log-level", "warning", "--hint-workers", "0"]
    server = subprocess.Popen(cmd, env={**os.environ, "SAMRAP_RATE_LIMITS": "off"})
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base, server)
        result = asyncio.run(run(args, base, server.pid))
    finally:
        server.terminate()
        server.wait(60)
    result["database"] = db.split(":")[0]
    print(json.dumps(result, indent=2))
    if args.plot:
        plot(args.csv, args.plot, title, args.plot_before, args.plot_before_label)


if __name__ == "__main__":
    main()
