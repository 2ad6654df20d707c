"""Server load: N concurrent tables of bot players over real websockets on loopback.

Starts ``samrap serve`` as a subprocess on a free port (a fresh SQLite file unless ``--db`` is
given; ``SAMRAP_RATE_LIMITS=off``, since every table comes from one address), creates
``--tables`` tables with two people each, and plays every seat from this process with a random
bot over its own websocket: each bot "thinks" for a random time around ``--think``
seconds, then acts. When a match ends, the table is rematched, so the load stays steady.

Measured:

* **actions/s**: actions acknowledged by the server per second of the measured window;
* **latency**: from the moment a seat sends its action to the moment the *other* seat receives
  the view that contains it (p50, p99, max), i.e. the time another person waits to see a move;
* **nothing lost**: every action sent got its view back, no error other than ``stale_version``
  from a rematch race, and at the end each table's version on the server (``GET``) equals the last
  version its clients saw;
* **memory per table**: the server's RSS growth from before the tables were created to the end,
  divided by the number of tables;
* **server CPU**: its share of one core in the window (and the part spent in the kernel), and
  CPU milliseconds per measured action, which unlike the latencies hardly depends on what else
  runs on the machine;
* **load average** (one minute) when the window starts and when it ends: latencies measured on
  a busy machine are inflated, so they mean little without it.

* **hints** (``--hint-clients N``, the ``hints`` windows): seat 0 of N tables presses the hint
  button when to move (at most every ``--hint-every`` seconds) and reads the answer before it
  thinks about its move. By default (``--hint-mode two``) as the web app does it: the quick
  answer, then the deeper one, each ``busy`` asked again after a second; reported: the quick and
  the deep answers' p50/p95/max from the press, and the busy answers asked again (which a person
  never sees). ``--hint-mode full`` makes the single request of older clients.

Both processes share this machine's cores, so the client's own work is part of the picture.
The client is one process standing in for every player: once its sockets are open it freezes
them out of its cycle collector and collects the young generation less often, as the server does,
so that its own collector pauses are not counted as server latency (``client_loop_lag_*``
reports how late its event loop woke up).

    python -m bench.server_load                         # 500 tables, 60 s, think 1 s
    python -m bench.server_load --tables 50 --seconds 10 --markdown
    python -m bench.server_load --tables 200 --seconds 20 --profile server.prof   # cProfile the server
    python -m bench.server_load --tables 30 --seconds 20 --phases base,hints,base,hints \
        --hint-clients 8 --hint-every 3 --markdown                                # issue 27.4
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from bench.load_report import HintAsk, hint_summary, percentile, phase_table, stage_split

#: The load client's collector thresholds once every socket is open (CPython's default: 700, 10, 10).
CLIENT_GC_THRESHOLDS = (10_000, 10, 10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_until_serving(base: str, server: subprocess.Popen[bytes], seconds: float = 60.0) -> None:
    """Wait until the server at ``base`` answers ``/healthz``; raise, naming it, if it exits or
    does not answer within ``seconds`` (a benchmark must not measure a server that is not there)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the samrap server for {base} exited with code {server.returncode}")
        try:
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the samrap server at {base} did not answer /healthz in {seconds:g} s")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / ticks, int(fields[12]) / ticks


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    actions: int = 0
    sent: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    measuring: bool = False
    #: (table code, version, sent, received) of every measured action, to line up with the server's stages
    samples: list[tuple[str, int, float, float]] = field(default_factory=list)
    #: hint requests: (seconds, HTTP status) with ``--hint-mode full``; with ``two``, one
    #: :class:`HintAsk` per press of the hint button
    hints: list[tuple[float, int]] = field(default_factory=list)
    asks: list[HintAsk] = field(default_factory=list)
    hinting: bool = False
    hint_mode: str = "two"


@dataclass
class TableClient:
    code: str
    tokens: list[str]
    host: str
    sent_at: dict[int, float] = field(default_factory=dict)
    last_v: int = 0
    rematches: int = 0
    #: seat 0 of this table asks for a hint at most every this many seconds when to move (0: never)
    hint_every: float = 0.0
    last_hint: float = 0.0


async def seat_loop(
    ws_url: str, t: TableClient, seat: int, stats: Stats, think: float, stop: asyncio.Event, http: httpx.AsyncClient
) -> None:
    """One seat: read every message, and act (after thinking) whenever the view offers actions."""
    rng = random.Random(hash((t.code, seat)))
    background: set[asyncio.Task[None]] = set()
    async with connect(f"{ws_url}/ws/tables/{t.code}", max_size=2**20) as ws:
        await ws.send(json.dumps({"t": "hello", "token": t.tokens[seat]}))
        pending: asyncio.Task[None] | None = None
        closer = asyncio.create_task(close_on(stop, ws))
        try:
            async for raw in ws:
                now = time.perf_counter()
                msg = json.loads(raw)
                if msg["t"] == "error":
                    code = msg["error"]["code"]
                    stats.errors[code] = stats.errors.get(code, 0) + 1
                    continue
                if msg["t"] != "view":
                    continue
                t.last_v = max(t.last_v, msg["v"])
                for e in msg.get("events", []):
                    if e["kind"] == "act" and e.get("seat") != seat:
                        sent = t.sent_at.pop(e["v"], None)
                        if sent is not None and stats.measuring:
                            stats.latencies.append(now - sent)
                            stats.samples.append((t.code, e["v"], sent, now))
                            stats.actions += 1
                    if e["kind"] == "match_over" and seat == 0:
                        t.rematches += 1
                        task = asyncio.create_task(rematch(http, t))
                        background.add(task)
                        task.add_done_callback(background.discard)
                if msg["legal"] and (pending is None or pending.done()):
                    hint: asyncio.Task[None] | None = None
                    if t.hint_every and stats.hinting and now - t.last_hint >= t.hint_every and seat == 0:
                        t.last_hint = now
                        asking = ask_hint if stats.hint_mode == "full" else ask_hint_twice
                        hint = asyncio.create_task(asking(http, t, stats))
                        background.add(hint)
                        hint.add_done_callback(background.discard)
                    # a person who asked for a hint reads it before thinking about the move
                    pending = asyncio.create_task(act_later(ws, t, msg, rng, think, stats, hint))
        finally:
            closer.cancel()
            if pending is not None:
                pending.cancel()
            for task in background:
                task.cancel()


async def watch_lag(stats: Stats, stop: asyncio.Event) -> None:
    """How late this process's own event loop wakes up: a late client inflates every latency."""
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        if stats.measuring:
            stats.lags.append(time.perf_counter() - start - 0.01)


async def close_on(stop: asyncio.Event, ws: ClientConnection) -> None:
    await stop.wait()
    await ws.close()


async def act_later(
    ws: ClientConnection,
    t: TableClient,
    view: dict[str, Any],
    rng: random.Random,
    think: float,
    stats: Stats,
    after: asyncio.Task[None] | None = None,
) -> None:
    if after is not None:
        await asyncio.wait([after], timeout=HINT_GIVE_UP)
    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
    t.sent_at[view["v"] + 1] = time.perf_counter()
    stats.sent += 1
    await ws.send(json.dumps({"t": "act", "v": view["v"], "action": rng.choice(view["legal"])}))


async def ask_hint(http: httpx.AsyncClient, t: TableClient, stats: Stats) -> None:
    """What a person pressing the hint button waits for (a 503 ``busy`` counts, with its time)."""
    start = time.perf_counter()
    r = await http.post(f"/api/tables/{t.code}/hint", json={"token": t.tokens[0]})
    if stats.measuring:
        stats.hints.append((time.perf_counter() - start, r.status_code))


#: Seconds a hinting client keeps asking for the deeper answer (as ``static/js/hint.js``), and
#: between two asks while it is busy.
HINT_GIVE_UP = 60.0
HINT_RETRY = 1.0


async def ask_hint_twice(http: httpx.AsyncClient, t: TableClient, stats: Stats) -> None:
    """A press of the hint button as the web app makes it: ``depth: quick``, then ``depth: deep``
    until it is answered (each ``busy`` asked again after a second), the position gone, or a minute."""
    start = time.perf_counter()
    ask = HintAsk()
    if stats.measuring:  # counted in the window it was asked in, however long its answer takes
        stats.asks.append(ask)
    path = f"/api/tables/{t.code}/hint"
    r = await http.post(path, json={"token": t.tokens[0], "depth": "quick"})
    if r.status_code == 200:
        ask.quick_s = time.perf_counter() - start
        if r.json().get("depth") == "deep":
            ask.deep_s = ask.quick_s
    while ask.deep_s is None and time.perf_counter() - start < HINT_GIVE_UP:
        r = await http.post(path, json={"token": t.tokens[0], "depth": "deep"})
        if r.status_code == 200:
            ask.deep_s = time.perf_counter() - start
        elif r.status_code == 503:
            ask.busy += 1
            await asyncio.sleep(HINT_RETRY)
        else:
            ask.ended = r.json().get("code", str(r.status_code))
            break
    if ask.deep_s is not None:
        ask.ended = "deep"
    elif ask.ended == "pending":
        ask.ended = "gave up"


def burner(n: int) -> list[subprocess.Popen[bytes]]:
    """``n`` processes that spin on the CPU at normal priority: other work on the machine."""
    code = "import time\nwhile True: pass"
    return [subprocess.Popen([sys.executable, "-c", code]) for _ in range(n)]


def fresh_schema(url: str) -> tuple[str, str]:
    """A new PostgreSQL schema in ``url``'s database, and a URL whose connections use it."""
    import sqlalchemy as sa

    name = f"samrap_load_{os.getpid()}_{random.randrange(16**6):06x}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{name}"'))
    engine.dispose()
    sep = "&" if "?" in url else "?"
    return name, f"{url}{sep}options=-csearch_path%3D{name}"


def drop_schema(url: str, name: str) -> None:
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA "{name}" CASCADE'))
    engine.dispose()


async def rematch(http: httpx.AsyncClient, t: TableClient) -> None:
    await http.post(f"/api/tables/{t.code}/rematch", json={"token": t.host})


async def make_table(http: httpx.AsyncClient, players: int) -> TableClient:
    r = await http.post("/api/tables", json={"game": f"dummy(players={players})", "settings": {"bot_delay_ms": 0}})
    created = r.json()
    code = created["table"]["code"]
    tokens = []
    for q in range(players):
        j = await http.post(f"/api/tables/{code}/join", json={"name": f"p{q}"})
        tokens.append(j.json()["token"])
    return TableClient(code, tokens, created["host_token"])


async def run(args: argparse.Namespace, base: str, pid: int) -> dict[str, Any]:
    ws_url = base.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=32)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        rss_before = rss_kib(pid)
        sem = asyncio.Semaphore(16)

        async def one() -> TableClient:
            async with sem:
                return await make_table(http, args.players)

        tables = await asyncio.gather(*(one() for _ in range(args.tables)))
        stats = Stats(hint_mode=args.hint_mode)
        stop = asyncio.Event()
        seats = [
            asyncio.create_task(seat_loop(ws_url, t, q, stats, args.think, stop, http))
            for t in tables
            for q in range(args.players)
        ]
        lag = asyncio.create_task(watch_lag(stats, stop))
        await asyncio.sleep(1.0)  # let every socket say hello before the first deal
        # This one process stands in for every player, so its own collector pauses would show up
        # as server latency: keep them short, as the server does (samrap.server.collector).
        gc.collect()
        gc.freeze()
        gc.set_threshold(*CLIENT_GC_THRESHOLDS)
        for t in tables:
            await http.post(f"/api/tables/{t.code}/start", json={"token": t.host})
        for t in tables[: args.hint_clients]:
            t.hint_every = args.hint_every
        await asyncio.sleep(args.warmup)
        phases = []
        asks: list[list[HintAsk]] = []
        for name in args.phases.split(","):
            burn = burner(args.burn) if "burn" in name else []
            stats.hinting = "hints" in name
            try:
                await asyncio.sleep(args.settle)
                phases.append(await measure(name, args, http, stats, pid, len(tables)))
                asks.append(stats.asks)
            finally:
                stats.hinting = False
                for b in burn:
                    b.kill()
                    b.wait()
        # the hints asked in a window are summed up once each has its answer (or gave up)
        deadline = time.perf_counter() + HINT_GIVE_UP + 10
        while any(a.ended == "pending" for batch in asks for a in batch) and time.perf_counter() < deadline:
            await asyncio.sleep(0.5)
        for phase, batch in zip(phases, asks, strict=True):
            if batch:
                phase["hints"] = hint_summary(batch)
        rss_after = rss_kib(pid)
        # drain: stop acting, let every in-flight action come back, then compare versions
        for t in tables:
            t.sent_at.clear()
        stop.set()
        await asyncio.gather(*seats, lag, return_exceptions=True)
        lost = 0
        for t in tables:
            info = (await http.get(f"/api/tables/{t.code}")).json()
            if info["version"] < t.last_v:
                lost += 1
        result = {
            "tables": args.tables,
            "players": args.players,
            "think_s": args.think,
            "burn": args.burn,
            "hint_clients": args.hint_clients,
            "hint_every_s": args.hint_every,
            "hint_mode": args.hint_mode,
            "cores": os.cpu_count(),
            "errors": stats.errors,
            "tables_behind_clients": lost,
            "server_rss_mib": round(rss_after / 1024, 1),
            "kib_per_table": round((rss_after - rss_before) / args.tables, 1),
            "rematches": sum(t.rematches for t in tables),
        }
        if len(phases) == 1:
            result.update(phases[0])
        else:
            result["phases"] = phases
        return result


async def measure(
    name: str, args: argparse.Namespace, http: httpx.AsyncClient, stats: Stats, pid: int, tables: int
) -> dict[str, Any]:
    """One measured window: the latencies, the server's CPU, the load and each stage's share."""
    stats.latencies, stats.lags, stats.samples, stats.hints, stats.asks = [], [], [], [], []
    stats.actions = 0
    stats.measuring = True
    load0 = os.getloadavg()[0]
    cpu0, wall0, own0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    await asyncio.sleep(args.seconds)
    stats.measuring = False
    cpu1, wall1, own1 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return percentile(lat, p) * 1000

    out: dict[str, Any] = {
        "phase": name,
        "seconds": round(wall1 - wall0, 1),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / (wall1 - wall0), 1),
        "p50_ms": round(pct(0.50), 1),
        "p99_ms": round(pct(0.99), 1),
        "max_ms": round(lat[-1] * 1000, 1) if lat else None,
        "mean_ms": round(statistics.fmean(lat) * 1000, 1) if lat else None,
        "over_100ms": sum(1 for x in lat if x > 0.1),
        "client_loop_lag_p99_ms": round(percentile(stats.lags, 0.99) * 1000, 1) if stats.lags else None,
        "client_loop_lag_max_ms": round(max(stats.lags) * 1000, 1) if stats.lags else None,
        "server_cpu_percent": round(100 * (sum(cpu1) - sum(cpu0)) / (wall1 - wall0), 1),
        "server_sys_percent": round(100 * (cpu1[1] - cpu0[1]) / (wall1 - wall0), 1),
        "server_cpu_ms_per_action": round(1000 * (sum(cpu1) - sum(cpu0)) / max(1, stats.actions), 3),
        "client_cpu_percent": round(100 * (own1 - own0) / (wall1 - wall0), 1),
        "load_average_start": round(load0, 2),
        "load_average": round(os.getloadavg()[0], 2),
    }
    if stats.hints:
        ok = [d for d, status in stats.hints if status == 200]
        out["hints"] = {
            "asked": len(stats.hints),
            "answered": len(ok),
            "busy": sum(1 for _, status in stats.hints if status == 503),
            "p50_ms": round(percentile(ok, 0.5) * 1000, 1) if ok else None,
            "p95_ms": round(percentile(ok, 0.95) * 1000, 1) if ok else None,
            "max_ms": round(max(ok) * 1000, 1) if ok else None,
        }
    r = await http.get("/api/debug/stages", params={"since": wall0})
    if r.status_code == 200:
        report = r.json()
        out["stages"] = stage_split(stats.samples, report)
        out["server"] = {
            k: report[k]
            for k in (
                "loop_lag",
                "writer_commit",
                "wal_checkpoint",
                "bot_thread",
                "gc_pause",
                "gc_cpu",
                "gc_pause_by_generation",
                "gc_stats",
            )
            if k in report
        }
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seconds", type=float, default=60.0, help="measured window")
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--think", type=float, default=1.0, help="mean seconds a seat waits before acting")
    p.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    p.add_argument("--markdown", action="store_true", help="print a markdown table (one row per window)")
    p.add_argument("--out", default=None, help="also write the full JSON result to this file")
    p.add_argument("--profile", default=None, help="run the server under cProfile and write its stats to this file")
    p.add_argument(
        "--phases",
        default="base",
        help="comma list of measured windows, each --seconds long, in one run on one server: base, burn "
        "(with --burn CPU burners), hints (with the hint clients), burn+hints",
    )
    p.add_argument("--burn", type=int, default=0, help="CPU-burning processes during the 'burn' phases")
    p.add_argument("--settle", type=float, default=3.0, help="seconds between a phase's start and its window")
    p.add_argument("--hint-clients", type=int, default=0, help="tables whose seat 0 asks for hints (hint phases)")
    p.add_argument("--hint-every", type=float, default=3.0, help="seconds between one client's hints")
    p.add_argument("--hint-workers", type=int, default=None, help="the server's --hint-workers")
    p.add_argument("--hint-nice", type=int, default=None, help="the server's --hint-nice")
    p.add_argument(
        "--hint-mode",
        choices=("two", "full"),
        default="two",
        help="two: a quick then a deep request, busy asked again, as the web app does; full: one request "
        "(depth full), busy counted",
    )
    p.add_argument("--loop", default="auto", help="the server's --loop (auto, asyncio, uvloop)")
    p.add_argument("--server-nice", type=int, default=0, help="run the server at this nice value (negative: root)")
    p.add_argument("--client-nice", type=int, default=0, help="run this client at this nice value (negative: root)")
    args = p.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 4 * args.tables * args.players + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    port = free_port()
    folder = tempfile.mkdtemp(prefix="samrap-load-")
    schema = None
    if args.db and args.db.startswith("postgresql"):
        # a schema of its own, dropped at the end: in a shared database the server would otherwise
        # resume every earlier run's unfinished tables at startup, and their stand-in bots would
        # play them out during the measured windows
        schema, db = fresh_schema(args.db)
    else:
        db = args.db or f"sqlite:///{folder}/load.db"
    cmd = [sys.executable, *(["-m", "cProfile", "-o", args.profile] if args.profile else [])]
    cmd += ["-m", "samrap.cli.main", "serve", "--port", str(port), "--db", db]
    cmd += ["--bot-delay", "0", "--log-level", "warning"]
    if args.hint_workers is not None:
        cmd += ["--hint-workers", str(args.hint_workers)]
    if args.hint_nice is not None:
        cmd += ["--hint-nice", str(args.hint_nice)]
    cmd += ["--loop", args.loop]
    # the benchmark creates hundreds of tables from one address: no per-address limits; the server
    # records each commit's stages (samrap.server.stages) for the split reported per phase
    env = {**os.environ, "SAMRAP_RATE_LIMITS": "off", "SAMRAP_STAGE_TIMING": "1"}
    server = subprocess.Popen(cmd, env=env)
    if args.server_nice:
        os.setpriority(os.PRIO_PROCESS, server.pid, args.server_nice)
    if args.client_nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.client_nice)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base, server)
        result = asyncio.run(run(args, base, server.pid))
    finally:
        # uvicorn re-raises the signal it stopped on: SIGINT ends in KeyboardInterrupt, which lets
        # cProfile write its file (SIGTERM would kill the process before that)
        server.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
        server.wait(60)
        if schema is not None:
            drop_schema(args.db, schema)
    result["database"] = db.split(":")[0] + (f" (schema {schema}, dropped)" if schema else "")
    result["loop"] = args.loop
    result["server_nice"] = args.server_nice
    result["client_nice"] = args.client_nice
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    if args.markdown and "phases" not in result:
        keys = list(result)
        print("| " + " | ".join(keys) + " |")
        print("|" + "---|" * len(keys))
        print("| " + " | ".join(str(result[k]) for k in keys) + " |")
    elif args.markdown:
        print(phase_table(result))
    else:
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
