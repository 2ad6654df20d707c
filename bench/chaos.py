"""Chaos: two nodes on PostgreSQL behind nginx, one of them killed with ``kill -9`` every minute (issue 27.5).

What a person deploying samrap needs to know is whether people keep playing while a node dies.
This starts, in a temporary folder:

* a fresh schema in the PostgreSQL database ``--db`` (default ``$SAMRAP_TEST_DATABASE_URL``);
* two ``samrap serve`` nodes on loopback ports sharing it (each with its own ``--node`` and
  ``--node-url``, the balancer's address as ``--public-url``, ``--forwarded-allow-ips 127.0.0.1``),
  rate limits off (every client is here);
* Debian's nginx in front of them, configured with ``deploy/nginx/samrap-proxy.conf``, the very
  proxy settings ``docs/deployment.md`` tells people to install (websocket upgrades passed on, a
  refused connection retried on the other node), plus an upstream block naming the two ports
  with the server parameters of ``deploy/nginx/samrap.conf``.

Then ``--tables`` tables (half with two people, half with one person and an ``easy`` bot) are
played through nginx by people-like clients: each person thinks 1-3 s before a move, keeps one
websocket, and when it drops reconnects through nginx (to either node) with its token and the
last version it saw, backing off 0.2-1 s between attempts. A finished match is rematched. Every
``--kill-every`` seconds one node (in turn) is killed with SIGKILL and started again at once; its
tables are reclaimed when it is back (same ``--node``), or adopted by the other node when its
leases run out.

Reported (JSON on stdout, ``--json FILE`` too):

* **lost acknowledged events**: every action event a client saw in a view (the server commits
  before it broadcasts, so a view is the acknowledgement) must be in the database's log at that
  version with the same seat and action; a missing one is lost, a different one a fork;
* **conflicting views**: two clients shown different actions at the same table version;
* **stuck tables**: a table whose version did not move for ``--stuck-after`` seconds while its
  people were playing (the longest stall of each table is reported too);
* **reconnect time**: from a person's socket dropping to the first view on a new one, p50/p95;
* **action latency**: from sending an action to seeing it in a view, p50/p99, split by whether
  both nodes were up when it was sent or one was down (from the kill until the restarted node
  answers ``/healthz``).

    python -m bench.chaos                          # 30 minutes, 40 tables, a kill a minute
    nice -n 10 python -m bench.chaos --minutes 5   # the run in docs/deployment.md
    python -m bench.chaos --minutes 1.2 --tables 10 --kill-every 30 --verbose   # every kill and reconnect
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from bench.load_report import percentile
from bench.server_load import drop_schema, free_port, fresh_schema

ROOT = Path(__file__).resolve().parents[1]
PROXY_SNIPPET = ROOT / "deploy" / "nginx" / "samrap-proxy.conf"
SITE = ROOT / "deploy" / "nginx" / "samrap.conf"
NGINX = "/usr/sbin/nginx"


def server_parameters(site: str) -> str:
    """The parameters of the deployed site's first upstream ``server`` line (``max_fails=0``), so
    the balancer measured here counts node failures exactly as the one people install."""
    match = re.search(r"^\s*server\s+127\.0\.0\.1:\d+\s*([^;]*);", site, re.MULTILINE)
    if match is None:
        raise ValueError(f"{SITE}: no upstream 'server 127.0.0.1:PORT ...;' line")
    return match.group(1).strip()


def nginx_config(folder: Path, listen: int, node_ports: list[int], params: str | None = None) -> str:
    """A whole nginx configuration around the deployed proxy snippet, living in ``folder``; each
    node's ``server`` line has ``params`` (default: the deployed site's)."""
    if params is None:
        params = server_parameters(SITE.read_text(encoding="utf-8"))
    nodes = "\n".join(f"        server 127.0.0.1:{p} {params};".replace(" ;", ";") for p in node_ports)
    return f"""
worker_processes 1;
pid {folder}/nginx.pid;
daemon off;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream samrap_nodes {{
{nodes}
        keepalive 32;
    }}
    map $http_upgrade $samrap_connection {{
        default upgrade;
        "" "";
    }}
    server {{
        listen 127.0.0.1:{listen};
        location / {{
            include {PROXY_SNIPPET};
        }}
    }}
}}
"""


@dataclass
class Node:
    name: str
    port: int
    db: str
    log: Path
    public_url: str
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [sys.executable, "-m", "samrap.cli.main", "serve", "--port", str(self.port), "--db", self.db]
        cmd += ["--node", self.name, "--public-url", self.public_url, "--node-url", self.url]
        cmd += ["--forwarded-allow-ips", "127.0.0.1"]
        cmd += ["--hint-workers", "0", "--log-level", "warning"]
        env = {**os.environ, "SAMRAP_RATE_LIMITS": "off", "PYTHONUNBUFFERED": "1"}
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=out, env=env)

    async def healthy(self, timeout: float = 120.0) -> float:
        """Seconds until ``/healthz`` answers (the node is serving)."""
        t0 = time.monotonic()
        async with httpx.AsyncClient(timeout=2) as http:
            while time.monotonic() - t0 < timeout:
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get(self.url + "/healthz")).status_code == 200:
                        return time.monotonic() - t0
                await asyncio.sleep(0.1)
        raise RuntimeError(f"node {self.name} did not come up; see {self.log}")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Table:
    code: str
    host: str
    people: list[tuple[int, str]]  # (seat, token)
    last_v: int = 0
    last_progress: float = 0.0
    longest_stall: float = 0.0
    #: (from, seconds) of every stall longer than the run's ``--stuck-after``, on the run's clock
    stalls: list[tuple[float, float]] = field(default_factory=list)


@dataclass
class Chaos:
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    #: set while a node is down (from its kill until it answers again)
    down: bool = False
    seen: dict[tuple[str, int], tuple[int, str]] = field(default_factory=dict)
    conflicts: int = 0
    acked: int = 0
    latency: dict[str, list[float]] = field(default_factory=lambda: {"both_up": [], "one_down": []})
    reconnects: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    kills: int = 0
    restart_s: list[float] = field(default_factory=list)
    rematches: int = 0
    trace: bool = False
    #: the run's clock starts here; stalls longer than ``stall_report`` seconds are kept with
    #: their times, and so are the kills, so that one episode can be told from many
    t0: float = field(default_factory=time.monotonic)
    stall_report: float = 60.0
    kill_times: list[float] = field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def record(self, t: Table, view: dict[str, Any]) -> None:
        now = time.monotonic()
        for e in view.get("events", []):
            if e["kind"] != "act":
                continue
            key, value = (t.code, int(e["v"])), (int(e["seat"]), str(e["action"]))
            old = self.seen.setdefault(key, value)
            if old != value:
                self.conflicts += 1
        if view["v"] > t.last_v:
            if t.last_progress:
                t.longest_stall = max(t.longest_stall, now - t.last_progress)
                if now - t.last_progress > self.stall_report:
                    t.stalls.append((t.last_progress - self.t0, now - t.last_progress))
            t.last_v, t.last_progress = view["v"], now


async def rematch(http: httpx.AsyncClient, t: Table, chaos: Chaos) -> None:
    """The host asks for the next match, through failovers: until it is taken or already done."""
    for _ in range(30):
        with contextlib.suppress(httpx.HTTPError):
            r = await http.post(f"/api/tables/{t.code}/rematch", json={"token": t.host})
            if r.status_code == 200:
                chaos.rematches += 1
                return
            if r.status_code == 409:  # already rematched (from another client's view)
                return
        await asyncio.sleep(1.0)
    chaos.error("rematch_gave_up")


async def person(ws_url: str, http: httpx.AsyncClient, t: Table, seat: int, token: str, chaos: Chaos) -> None:
    """One person at a table: think, move, and come back through the balancer when dropped."""
    rng = random.Random(f"{t.code}:{seat}")
    seen_v = 0
    dropped_at: float | None = None
    background: set[asyncio.Task[None]] = set()
    while not chaos.stop.is_set():
        pending: dict[str, Any] = {}
        acting: asyncio.Task[None] | None = None
        try:
            async with connect(f"{ws_url}/ws/tables/{t.code}", max_size=2**20, open_timeout=10) as ws:
                await ws.send(json.dumps({"t": "hello", "token": token, "v": seen_v or None}))
                while not chaos.stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 1.0)
                    except TimeoutError:
                        continue
                    msg = json.loads(raw)
                    if msg["t"] == "error":
                        chaos.error(msg["error"]["code"])
                        if pending.get("v") is not None and msg["error"]["code"] != "rate_limited":
                            pending.clear()
                        continue
                    if msg["t"] != "view":
                        continue
                    now = time.monotonic()
                    if dropped_at is not None:
                        chaos.reconnects.append(now - dropped_at)
                        if chaos.trace:
                            print(f"reconnect {t.code} seat {seat} {now - dropped_at:.1f}s", file=sys.stderr)
                        dropped_at = None
                    chaos.record(t, msg)
                    seen_v = max(seen_v, msg["v"])
                    for e in msg.get("events", []):
                        if e["kind"] == "act" and e.get("seat") == seat and pending:
                            chaos.acked += 1
                            chaos.latency[pending["phase"]].append(now - pending["sent"])
                            pending.clear()
                        if e["kind"] == "match_over" and token == t.people[0][1]:
                            task = asyncio.create_task(rematch(http, t, chaos))
                            background.add(task)
                            task.add_done_callback(background.discard)
                    if msg["legal"] and not pending and (acting is None or acting.done()):
                        acting = asyncio.create_task(act_later(ws, msg, rng, pending, chaos))
        except InvalidStatus as e:  # the balancer's own answer (502: no node took the upgrade)
            chaos.error(f"http_{e.response.status_code}")
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as e:
            chaos.error(type(e).__name__)
        finally:
            if acting is not None:
                acting.cancel()
        if chaos.stop.is_set():
            break
        if dropped_at is None:
            dropped_at = time.monotonic()
        await asyncio.sleep(rng.uniform(0.2, 1.0))


async def act_later(ws: Any, view: dict[str, Any], rng: random.Random, pending: dict[str, Any], chaos: Chaos) -> None:
    await asyncio.sleep(rng.uniform(1.0, 3.0))  # a person reads the table, then moves
    pending.update(v=view["v"], sent=time.monotonic(), phase="one_down" if chaos.down else "both_up")
    with contextlib.suppress(ConnectionClosed):
        await ws.send(json.dumps({"t": "act", "v": view["v"], "action": rng.choice(view["legal"])}))


async def make_table(http: httpx.AsyncClient, k: int) -> Table:
    if k % 2 == 0:
        seats = [{"kind": "human"}, {"kind": "human"}]
    else:
        seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    r = await http.post("/api/tables", json={"game": "dummy", "seats": seats, "host_name": "p0"})
    r.raise_for_status()
    created = r.json()
    code = created["table"]["code"]
    people = [(int(created["seat"]), str(created["token"]))]
    if k % 2 == 0:
        j = await http.post(f"/api/tables/{code}/join", json={"name": "p1"})
        j.raise_for_status()
        people.append((int(j.json()["seat"]), str(j.json()["token"])))
    return Table(code, created["host_token"], people)


async def killer(nodes: list[Node], every: float, chaos: Chaos) -> None:
    """Kill a node (in turn) every ``every`` seconds, kill to kill, and start it again at once."""
    start = time.monotonic()
    k = 0
    while True:
        wait = start + (k + 1) * every - time.monotonic()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(chaos.stop.wait(), max(0.0, wait))
        if chaos.stop.is_set():
            return
        node = nodes[k % len(nodes)]
        k += 1
        chaos.down = True
        if chaos.trace:
            print(f"kill {node.name} at {time.monotonic() - start:.1f}s", file=sys.stderr, flush=True)
        node.kill()
        chaos.kills += 1
        chaos.kill_times.append(time.monotonic() - chaos.t0)
        node.start()
        chaos.restart_s.append(await node.healthy())
        chaos.down = False
        if chaos.trace:
            print(f"{node.name} up again after {chaos.restart_s[-1]:.1f}s", file=sys.stderr, flush=True)


async def watch_stalls(tables: list[Table], chaos: Chaos) -> None:
    while not chaos.stop.is_set():
        now = time.monotonic()
        for t in tables:
            if t.last_progress:
                t.longest_stall = max(t.longest_stall, now - t.last_progress)
        await asyncio.sleep(1.0)


def check_log(db: str, chaos: Chaos, codes: set[str]) -> dict[str, int]:
    """Every action a client was shown, against the database's log."""
    import sqlalchemy as sa

    engine = sa.create_engine(db)
    stored: dict[tuple[str, int], tuple[int, str]] = {}
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT table_code, seq, data FROM samrap_events WHERE kind = 'act'"))
        for code, seq, data in rows:
            if code in codes:
                d = json.loads(data)
                stored[(code, int(seq))] = (int(d["seat"]), str(d["action"]))
    engine.dispose()
    lost = sum(1 for key in chaos.seen if key not in stored)
    forked = sum(1 for key, value in chaos.seen.items() if key in stored and stored[key] != value)
    return {"actions_shown": len(chaos.seen), "actions_stored": len(stored), "lost": lost, "forked": forked}


def summary(values: list[float], *ps: float) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(values)}
    for p in ps:
        out[f"p{p:g}_ms"] = round(percentile(values, p / 100) * 1000) if values else None
    out["max_ms"] = round(max(values) * 1000) if values else None
    return out


async def run(args: argparse.Namespace, balancer: str, nodes: list[Node], db: str) -> dict[str, Any]:
    ws_url = balancer.replace("http://", "ws://")
    chaos = Chaos(trace=args.verbose, stall_report=args.stuck_after)
    async with httpx.AsyncClient(base_url=balancer, timeout=30) as http:
        tables = [await make_table(http, k) for k in range(args.tables)]
        for t in tables:
            r = await http.post(f"/api/tables/{t.code}/start", json={"token": t.host})
            r.raise_for_status()
            t.last_progress = time.monotonic()
        people = [
            asyncio.create_task(person(ws_url, http, t, seat, token, chaos)) for t in tables for seat, token in t.people
        ]
        stalls = asyncio.create_task(watch_stalls(tables, chaos))
        kills = asyncio.create_task(killer(nodes, args.kill_every, chaos))
        load: list[float] = []
        t0 = time.monotonic()
        while time.monotonic() - t0 < 60 * args.minutes:
            await asyncio.sleep(5.0)
            load.append(os.getloadavg()[0])
            if args.verbose:
                print(
                    json.dumps(
                        {
                            "t_s": round(time.monotonic() - t0),
                            "acked": chaos.acked,
                            "kills": chaos.kills,
                            "errors": chaos.errors,
                            "down": chaos.down,
                        }
                    ),
                    file=sys.stderr,
                    flush=True,
                )
        chaos.stop.set()
        await kills
        await asyncio.gather(*people, stalls, return_exceptions=True)
    end = time.monotonic()
    stuck = [t for t in tables if t.longest_stall > args.stuck_after or end - t.last_progress > args.stuck_after]
    stalls_s = sorted(t.longest_stall for t in tables)
    return {
        "minutes": args.minutes,
        "tables": args.tables,
        "people": sum(len(t.people) for t in tables),
        "kill_every_s": args.kill_every,
        "kills": chaos.kills,
        "node_restart_s": summary(chaos.restart_s, 50),
        "actions_acknowledged": chaos.acked,
        "log_check": check_log(db, chaos, {t.code for t in tables}),
        "conflicting_views": chaos.conflicts,
        "stuck_tables": len(stuck),
        "longest_stall_s": {"p50": round(percentile(stalls_s, 0.5), 1), "max": round(stalls_s[-1], 1)},
        "reconnect": summary(chaos.reconnects, 50, 95),
        "action_latency_both_up": summary(chaos.latency["both_up"], 50, 99),
        "action_latency_one_down": summary(chaos.latency["one_down"], 50, 99),
        "rematches": chaos.rematches,
        "stall_episodes": sorted(
            ({"table": t.code, "from_s": round(a, 1), "seconds": round(b, 1)} for t in tables for a, b in t.stalls),
            key=lambda e: float(e["from_s"]),
        ),
        "kill_times_s": [round(k, 1) for k in chaos.kill_times],
        "errors": dict(sorted(chaos.errors.items())),
        "load_average_mean": round(sum(load) / len(load), 2) if load else None,
        "cores": os.cpu_count(),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--minutes", type=float, default=30.0)
    p.add_argument("--tables", type=int, default=40)
    p.add_argument("--kill-every", type=float, default=60.0, help="seconds between two kills")
    p.add_argument("--stuck-after", type=float, default=60.0, help="a table still this long is stuck")
    p.add_argument("--db", default=os.environ.get("SAMRAP_TEST_DATABASE_URL"), help="a PostgreSQL URL")
    p.add_argument("--json", default=None, help="also write the result here")
    p.add_argument("--keep", action="store_true", help="keep the temporary folder (logs, nginx config)")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    if not args.db or not args.db.startswith("postgresql"):
        p.error("--db (or $SAMRAP_TEST_DATABASE_URL) must name a PostgreSQL database")
    if not Path(NGINX).exists():
        p.error(f"{NGINX} is not installed (apt-get install nginx)")
    # Stopped with Ctrl-C or `kill` (SIGINT is ignored in a shell's background job): unwind through
    # the `finally` below, so the nodes and nginx stop and the schema is dropped.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    folder = Path(tempfile.mkdtemp(prefix="samrap-chaos-"))
    folder.chmod(0o755)  # nginx's workers (user nobody) write their temporary files here
    schema, db = fresh_schema(args.db)
    listen = free_port()
    balancer = f"http://127.0.0.1:{listen}"
    nodes = [Node(f"chaos-{k}", free_port(), db, folder / f"node-{k}.log", balancer) for k in range(2)]
    conf = folder / "nginx.conf"
    conf.write_text(nginx_config(folder, listen, [n.port for n in nodes]), encoding="utf-8")
    nginx: subprocess.Popen[bytes] | None = None
    try:
        subprocess.run(
            [NGINX, "-t", "-q", "-c", str(conf), "-p", str(folder), "-e", str(folder / "nginx-error.log")], check=True
        )
        nginx = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(folder), "-e", str(folder / "nginx-error.log")])
        for n in nodes:
            n.start()

        async def go() -> dict[str, Any]:
            for n in nodes:
                await n.healthy()
            return await run(args, balancer, nodes, db)

        result = asyncio.run(go())
    except KeyboardInterrupt:
        print("chaos: stopped before the end; nodes, nginx and the schema cleaned up", file=sys.stderr)
        raise SystemExit(130) from None
    finally:
        for n in nodes:
            n.stop()
        if nginx is not None:
            nginx.terminate()
            nginx.wait(30)
        drop_schema(args.db, schema)
        if args.keep:
            print(f"kept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
