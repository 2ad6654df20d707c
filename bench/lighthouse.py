"""Lighthouse scores of the web app at phone size (issue 12.8; a benchmark, not a CI test).

Starts a samrap server on a free port (a fresh SQLite file, bots without delay), makes a table
(a person and a bot, started, public: the home page's lobby lists it), then runs Lighthouse
12.2.3 (``bench/lighthouse/package.json``, ``npm ci`` there first) with the system Chromium on
the home page and on the table page, with Lighthouse's default mobile emulation (a mid-range
phone, 4x CPU slowdown, slow 4G). The home page shows the lobby with that table in it; the table
page mounts the chat (``chat.js``, loaded lazily after the table) and the moment banners' and the
hint's modules. Prints the performance, accessibility and best-practices scores and the main
timings; the JSON reports are written to ``bench/lighthouse/reports/``. Targets (docs/web.md):
performance >= 95, accessibility 100, best practices >= 95.

Usage::

    (cd bench/lighthouse && npm ci)
    .venv/bin/python bench/lighthouse.py [--runs 3] [--chrome /usr/bin/chromium]

Lighthouse's performance score depends on the machine's load: run it on a quiet machine, take the
median of ``--runs`` and say the load average (printed) with the figures.

On a loaded machine compare instead: ``--ab REV`` runs Lighthouse on the same pages (the home
page and the table page; ``--pages`` picks) served by two servers, one with the web app as it
was at git revision ``REV`` (old) and one with the working tree (new), in turns (the order
alternates), and prints the medians of both and their ratio: the scores, TBT, FCP, LCP, and from
each run's trace the main thread's CPU time after the first paint, slowed 4x as Lighthouse slows
it ("cpu blocking": TBT's rule applied to the tasks' CPU time; "cpu busy": all of it). A task's
wall time on a loaded machine counts the time it waited for a core; its CPU time does not, so the
cpu figures hold under load where the score and TBT do not::

    .venv/bin/python bench/lighthouse.py --ab HEAD~3 --runs 10 [--pages home,table]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "lighthouse"
ROOT = HERE.parents[1]
CATEGORIES = ("performance", "accessibility", "best-practices")
AUDITS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(url: str, body: Any = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    if data:
        req.add_header("content-type", "application/json")
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read().decode() or "null")


def start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    # the interpreter running this script, so that a worktree's PYTHONPATH serves the worktree's app
    cmd = [
        sys.executable,
        "-m",
        "samrap.cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        str(db),
        "--bot-delay",
        "0",
        "--log-level",
        "warning",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            call(f"http://127.0.0.1:{port}/healthz")
            return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the samrap server did not start")


def lighthouse(url: str, out: Path, chrome: str, assets: bool = False) -> dict[str, Any]:
    cli = HERE / "node_modules" / ".bin" / "lighthouse"
    if not cli.exists():
        raise SystemExit(f"{cli} is missing: run (cd bench/lighthouse && npm ci)")
    env = {**os.environ, "CHROME_PATH": chrome}
    cmd = [
        str(cli),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        # the old headless mode: Chromium 156's new one gives Lighthouse 12.2.3 no trace (NO_NAVSTART)
        "--chrome-flags=--headless --no-sandbox --disable-gpu",
    ]
    if assets:
        cmd.append("--save-assets")  # the trace beside the report: <out>-0.trace.json
    try:
        subprocess.run(cmd, check=True, env=env, timeout=300)
    except subprocess.CalledProcessError:
        # on a loaded machine Lighthouse now and then loses its trace or a protocol answer
        # (NO_NAVSTART, PROTOCOL_TIMEOUT): once more before giving up
        print(f"Lighthouse failed on {url}: running it again", file=sys.stderr, flush=True)
        subprocess.run(cmd, check=True, env=env, timeout=300)
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def summary(report: dict[str, Any]) -> dict[str, float]:
    row: dict[str, float] = {c: round(100 * float(report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    for a in AUDITS:
        row[a] = float(report["audits"][a]["numericValue"])
    return row


def failing(report: dict[str, Any], category: str) -> list[str]:
    """The audits of a category that did not pass (what to fix)."""
    refs = report["categories"][category]["auditRefs"]
    out = []
    for ref in refs:
        audit = report["audits"][ref["id"]]
        if ref.get("weight", 0) > 0 and audit.get("score") is not None and audit["score"] < 1:
            out.append(f"{ref['id']} ({audit['score']}): {audit['title']}")
    return out


def make_table(base: str) -> str:
    """A started public Dummy table (a person and a bot; the lobby lists it): its watch link,
    which shows the game in play with the chat mounted."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    body = {"game": "dummy", "seats": seats, "host_name": "Lighthouse", "public": True}
    made = call(f"{base}/api/tables", body)
    code = made["table"]["code"]
    call(f"{base}/api/tables/{code}/start", {"token": made["host_token"]})
    return f"{base}/t/{code}?watch={made['spectator_key']}"


class ThreadServer:
    """A samrap server in a thread of this process, serving the web app from ``static``."""

    def __init__(self, db: Path, static: Path) -> None:
        import threading

        import uvicorn

        from samrap.server.app import create_app
        from samrap.server.settings import ServerSettings, sqlite_url

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        settings = ServerSettings(database_url=sqlite_url(db), port=self.port, bot_delay_scale=0.0, static_dir=static)
        config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline:
                raise SystemExit("the samrap server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def cpu_figures(trace_file: Path) -> dict[str, float]:
    """The page's main-thread work after its first contentful paint in a Lighthouse trace, by the
    thread's own CPU time (``tdur``) slowed 4x as Lighthouse's simulation slows tasks: "cpu
    blocking" (the sum of each task's time over 50 ms, TBT's rule) and "cpu busy" (all of it).
    On a loaded machine a task's wall time also counts the time it waited for a core, its CPU
    time does not: these figures hold under load where TBT does not."""
    raw = json.loads(trace_file.read_text())
    events = raw["traceEvents"] if isinstance(raw, dict) else raw
    fcp = next(e for e in events if e.get("name") == "firstContentfulPaint")
    main = (fcp["pid"], fcp["tid"])
    runs = sorted(
        (e for e in events if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) == main),
        key=lambda e: e["ts"],
    )
    tops = []  # the top-level tasks (a task may run a nested one)
    end = -1
    for e in runs:
        if e["ts"] >= end:
            tops.append(e)
            end = e["ts"] + e["dur"]
    cpu = [4 * e.get("tdur", e["dur"]) / 1000 for e in tops if e["ts"] >= fcp["ts"]]
    return {"cpu-blocking": sum(max(0.0, d - 50) for d in cpu), "cpu-busy": sum(cpu)}


def compare(rev: str, runs: int, chrome: str, pages: list[str]) -> None:
    """Lighthouse on ``pages`` (home, table), the web app at ``rev`` against the working tree, in turns."""
    reports = HERE / "reports"
    reports.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        old.mkdir()
        archive = subprocess.run(
            ["git", "archive", rev, "src/samrap/server/static"], cwd=ROOT, check=True, capture_output=True
        )
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
        new = Path(tmp) / "new"  # a copy: the working tree may change while this runs
        shutil.copytree(ROOT / "src/samrap/server/static", new)
        servers = {
            "old": ThreadServer(Path(tmp) / "old.db", old / "src/samrap/server/static"),
            "new": ThreadServer(Path(tmp) / "new.db", new),
        }
        rows: dict[tuple[str, str], list[dict[str, float]]] = {(p, k): [] for p in pages for k in ("old", "new")}
        try:
            urls: dict[tuple[str, str], str] = {}
            for k, s in servers.items():
                urls["table", k] = make_table(s.url)
                urls["home", k] = f"{s.url}/"
            print(f"load average before: {os.getloadavg()}", file=sys.stderr)
            for i in range(runs):
                for p in pages:
                    for k in ("old", "new") if i % 2 == 0 else ("new", "old"):
                        out = reports / f"ab-{p}-{k}-{i + 1}.json"
                        report = lighthouse(urls[p, k], out, chrome, assets=True)
                        row = summary(report)
                        row.update(cpu_figures(out.with_name(f"{out.stem}-0.trace.json")))
                        rows[p, k].append(row)
                        print(
                            f"  {p} {k}: performance {row['performance']:.0f}, "
                            f"accessibility {row['accessibility']:.0f}, TBT {row['total-blocking-time']:.0f} ms, "
                            f"cpu blocking {row['cpu-blocking']:.0f} ms, cpu busy {row['cpu-busy']:.0f} ms, "
                            f"load average {os.getloadavg()[0]:.1f}",
                            file=sys.stderr,
                            flush=True,
                        )
                        if k == "new":
                            for c in CATEGORIES:
                                for line in failing(report, c):
                                    print(f"    {c}: {line}", file=sys.stderr)
            print(f"load average after: {os.getloadavg()}", file=sys.stderr)
        finally:
            for s in servers.values():
                s.stop()
    for p in pages:
        print(
            f"{p} page, median of {runs} Lighthouse runs each, in turns: "
            f"the web app at {rev} (old) and the working tree (new)"
        )
        for key in (
            "performance",
            "accessibility",
            "best-practices",
            "total-blocking-time",
            "cpu-blocking",
            "cpu-busy",
            "first-contentful-paint",
            "largest-contentful-paint",
        ):
            o = statistics.median(r[key] for r in rows[p, "old"])
            n = statistics.median(r[key] for r in rows[p, "new"])
            print(f"  {key:24s} old {o:7.0f}  new {n:7.0f}  new/old {n / o if o else float('nan'):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--chrome", default=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    ap.add_argument(
        "--ab", metavar="REV", help="compare the table page's main-thread time with the web app at git revision REV"
    )
    ap.add_argument("--pages", default="home,table", help="with --ab: the pages to compare (home, table)")
    args = ap.parse_args()
    if args.ab:
        pages = [p for p in args.pages.split(",") if p]
        if not pages or any(p not in ("home", "table") for p in pages):
            raise SystemExit(f"--pages: home and/or table, not {args.pages!r}")
        compare(args.ab, args.runs, args.chrome, pages)
        return
    reports = HERE / "reports"
    reports.mkdir(exist_ok=True)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(port, Path(tmp) / "samrap.db")
        try:
            base = f"http://127.0.0.1:{port}"
            # a public table in play: the home page's lobby lists it; its page mounts the chat
            urls = {"home": f"{base}/", "table": make_table(base)}
            print(f"load average before: {os.getloadavg()}", file=sys.stderr)
            for name, url in urls.items():
                rows = []
                last: dict[str, Any] = {}
                for k in range(args.runs):
                    last = lighthouse(url, reports / f"{name}-{k + 1}.json", args.chrome)
                    rows.append(summary(last))
                med = {key: statistics.median(r[key] for r in rows) for key in rows[0]}
                print(
                    f"{name}: performance {med['performance']:.0f}, accessibility {med['accessibility']:.0f}, "
                    f"best practices {med['best-practices']:.0f}; FCP {med['first-contentful-paint']:.0f} ms, "
                    f"LCP {med['largest-contentful-paint']:.0f} ms, TBT {med['total-blocking-time']:.0f} ms, "
                    f"CLS {med['cumulative-layout-shift']:.3f} (median of {args.runs})"
                )
                for c in CATEGORIES:
                    for line in failing(last, c):
                        print(f"  {c}: {line}")
            print(f"load average after: {os.getloadavg()}", file=sys.stderr)
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
