"""Lighthouse scores of the web app at phone size (issue 12.8; a benchmark, not a CI test).

Starts a samrap server on a free port (a fresh SQLite file, bots without delay), makes a table
(a person and a bot, started), then runs Lighthouse 12.2.3 (``bench/lighthouse/package.json``,
``npm ci`` there first) with the system Chromium on the home page and on the table page, with
Lighthouse's default mobile emulation (a mid-range phone, 4x CPU slowdown, slow 4G). Prints the
performance, accessibility and best-practices scores and the main timings; the JSON reports are
written to ``bench/lighthouse/reports/``. Targets (docs/web.md): performance >= 95,
accessibility 100, best practices >= 95.

Usage::

    (cd bench/lighthouse && npm ci)
    .venv/bin/python bench/lighthouse.py [--runs 3] [--chrome /usr/bin/chromium]

Lighthouse's performance score depends on the machine's load: run it on a quiet machine, take the
median of ``--runs`` and say the load average (printed) with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
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
    exe = ROOT / ".venv" / "bin" / "samrap"
    cmd = [str(exe), "serve", "--port", str(port), "--db", str(db), "--bot-delay", "0", "--log-level", "warning"]
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


def lighthouse(url: str, out: Path, chrome: str) -> dict[str, Any]:
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--chrome", default=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    args = ap.parse_args()
    reports = HERE / "reports"
    reports.mkdir(exist_ok=True)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(port, Path(tmp) / "samrap.db")
        try:
            base = f"http://127.0.0.1:{port}"
            seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
            made = call(f"{base}/api/tables", {"game": "dummy", "seats": seats, "host_name": "Lighthouse"})
            code = made["table"]["code"]
            call(f"{base}/api/tables/{code}/start", {"token": made["host_token"]})
            # a private table is watched with its key: the page shows the game in play
            pages = {"home": f"{base}/", "table": f"{base}/t/{code}?watch={made['spectator_key']}"}
            print(f"load average before: {os.getloadavg()}", file=sys.stderr)
            for name, url in pages.items():
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
