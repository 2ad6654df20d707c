"""The offline pack's size and the time to the first move offline (issue 25; a benchmark, not a test).

Starts ``samrap serve`` on a free port (a fresh SQLite file), opens the home page in the system
Chromium (Playwright), downloads the offline pack, cuts the network, slows the CPU with the
DevTools protocol's ``Emulation.setCPUThrottlingRate`` (default 4x, Lighthouse's mobile figure)
and reloads: a repeat visit in airplane mode. Then it taps "Play now" (Dummy, 2 players, bots at
``medium``) and prints the milliseconds from the reload to the table shown (its first view) and to
the person's first turn (the first moment they can move), with the seat that starts: when a bot
starts, the second figure also holds the bot's turn (its delay, its move and the animation), so
the two are reported apart. The deal is pinned (``--seed``, sent to the page as
``window.samrapOfflineSeed``), so every run deals the same cards to the same starter and runs
compare. Also prints the pack's bytes, raw and gzip-compressed (what the server
sends: its GZip middleware at level 6... here ``gzip -6``).

Usage::

    .venv/bin/python bench/offline.py [--rate 4] [--runs 3] [--seed 7] [--chrome /usr/bin/chromium]

Run it on a quiet machine; the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import gzip
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

from samrap.offline.pack import PYODIDE_DIR, PYODIDE_FILES, current_zip, pack_status


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pack_sizes() -> tuple[int, int]:
    raw = comp = 0
    for name in PYODIDE_FILES:
        data = (PYODIDE_DIR / name).read_bytes()
        raw += len(data)
        comp += len(gzip.compress(data, 6))
    code = current_zip()
    return raw + len(code), comp + len(gzip.compress(code, 6))


def one_run(browser: Any, url: str, rate: float, seed: int) -> tuple[float, float, int, int]:
    """(ms to the table shown, ms to the person's first turn, the starting seat, the person's seat)."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, base_url=url, locale="th-TH")
    ctx.set_default_timeout(240_000)
    ctx.add_init_script(f"window.samrapOfflineSeed = {seed}")  # the same deal in every run
    page = ctx.new_page()
    page.goto("/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.click("#offline-download")
    page.wait_for_function("() => document.getElementById('offline-download').hidden")
    print("  pack downloaded", flush=True)
    page.evaluate("localStorage.setItem('samrap.play', JSON.stringify({game: 'dummy', players: 2, level: 'medium'}))")
    ctx.set_offline(True)
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    t0 = time.monotonic()
    page.reload()
    page.click("#playnow")
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    first_view = time.monotonic() - t0
    starter, seat = page.evaluate("() => [window.samrapTable.view.starter, window.samrapTable.seat]")
    page.wait_for_function("() => window.samrapTable.myTurn && window.samrapTable.legal.length > 0")
    can_move = time.monotonic() - t0
    ctx.close()
    return first_view * 1000, can_move * 1000, int(starter), int(seat)


def who(starter: int, seat: int) -> str:
    return f"seat {starter} starts ({'the person' if starter == seat else 'a bot'})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rate", type=float, default=4.0, help="CPU slowdown (1 = none)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7, help="the offline table's seed (the same deal every run)")
    ap.add_argument("--chrome", default="/usr/bin/chromium")
    args = ap.parse_args()
    if not pack_status().present:
        print("no Pyodide core: run scripts/install (it fetches the pinned pack)", file=sys.stderr)
        return 1
    raw, comp = pack_sizes()
    print(f"offline pack: {raw / 1e6:.2f} MB raw, {comp / 1e6:.2f} MB gzip-compressed")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "samrap.cli.main", "serve", "--port", str(port), "--db", str(Path(tmp) / "b.db")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            url = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    urllib.request.urlopen(url + "/api/health", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            from playwright.sync_api import sync_playwright

            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=args.chrome, args=["--headless", "--no-sandbox"])
                views, moves, starts = [], [], set()
                for _ in range(args.runs):
                    v, m, starter, seat = one_run(browser, url, args.rate, args.seed)
                    views.append(v)
                    moves.append(m)
                    starts.add(who(starter, seat))
                    print(f"  run: table shown {v:.0f} ms, the person's first turn {m:.0f} ms; {who(starter, seat)}")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    load = os.getloadavg()[0]
    view, move = statistics.median(views), statistics.median(moves)
    print(
        f"CPU x{args.rate:g}, offline repeat visit, seed {args.seed} ({'; '.join(sorted(starts))}),"
        f" medians of {args.runs}: table shown {view:.0f} ms, the person's first turn {move:.0f} ms"
        f" (load average {load:.1f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
