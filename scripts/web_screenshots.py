"""Screenshots of every screen of the web app for docs/web.md: phone (360 x 740) and desktop
(1366 x 900), Thai and English, written to docs/img/web-SCREEN-SIZE-LANG.png.

It walks the same screens as the browser tests (``tests/web/screens.py``) against a samrap server
it starts on a free port (fresh SQLite file, bots without delay), with the system Chromium, then
shrinks each PNG with ImageMagick (``convert``: 64 colours, no metadata) so the pictures stay small.

Usage: ``.venv/bin/python scripts/web_screenshots.py [--out docs/img] [--only home,replay]``
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.conftest import ARGS, LiveServer, find_chromium  # noqa: E402
from tests.web.screens import walk  # noqa: E402

SIZES: dict[str, Any] = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1366, "height": 900}}


def shrink(path: Path) -> None:
    if shutil.which("convert"):
        subprocess.run(["convert", str(path), "-strip", "-dither", "None", "-colors", "64", str(path)], check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    ap.add_argument("--only", default="", help="comma-separated screen names (default: all)")
    args = ap.parse_args()
    only = {s for s in args.only.split(",") if s}
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium found (set SAMRAP_CHROMIUM)")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "samrap.db")
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, args=ARGS)
                for size, viewport in SIZES.items():
                    for lang in ("th", "en"):
                        ctx = browser.new_context(
                            viewport=viewport,
                            locale="th-TH" if lang == "th" else "en-US",
                            base_url=server.url,
                            reduced_motion="reduce",
                        )
                        ctx.set_default_timeout(20_000)
                        page = ctx.new_page()

                        def visit(name: str, page: Any = page, size: str = size, lang: str = lang) -> None:
                            if only and name not in only:
                                return
                            path = args.out / f"web-{name}-{size}-{lang}.png"
                            page.screenshot(path=str(path))
                            shrink(path)
                            print(f"{path}: {path.stat().st_size // 1024} KB")

                        walk(page, server, visit)
                        ctx.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
