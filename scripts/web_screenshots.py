"""Screenshots of every screen of the web app for docs/web.md: phone (360 x 740) and desktop
(1366 x 900), Thai and English, written to docs/img/web-SCREEN-SIZE-LANG.png.

It walks the same screens as the browser tests (``tests/web/screens.py``) against a samrap server
it starts on a free port (fresh SQLite file, bots without delay), with the system Chromium, then
shrinks each PNG to 64 colours without metadata (Pillow) so the pictures stay small.

Usage: ``.venv/bin/python scripts/web_screenshots.py [--out docs/img] [--only home,replay]``
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.conftest import ARGS, LiveServer, find_chromium  # noqa: E402
from tests.web.screens import walk  # noqa: E402

SIZES: dict[str, Any] = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1366, "height": 900}}


def shrink(path: Path) -> None:
    """64 colours, no metadata, so the pictures stay small. Pillow (in the dev environment) rather
    than ImageMagick, which a machine may lack or only imitate."""
    from PIL import Image

    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=64, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


Walk = Callable[[Any, Any, Callable[[str], None]], object]


def shoot(walk_screens: Walk, out: Path, only: set[str], timeout_ms: int = 20_000) -> None:
    """Walk ``walk_screens`` at every size and language against a fresh server, saving a shrunk
    screenshot at each screen it names (all of them, or those in ``only``)."""
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium found (set SAMRAP_CHROMIUM)")
    out.mkdir(parents=True, exist_ok=True)
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
                        ctx.set_default_timeout(timeout_ms)
                        page = ctx.new_page()

                        def visit(name: str, page: Any = page, size: str = size, lang: str = lang) -> None:
                            if only and name not in only:
                                return
                            path = out / f"web-{name}-{size}-{lang}.png"
                            page.screenshot(path=str(path))
                            shrink(path)
                            print(f"{path}: {path.stat().st_size // 1024} KB")

                        walk_screens(page, server, visit)
                        ctx.close()
                browser.close()
        finally:
            server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    ap.add_argument("--only", default="", help="comma-separated screen names (default: all)")
    args = ap.parse_args()
    shoot(walk, args.out, {s for s in args.only.split(",") if s})


if __name__ == "__main__":
    main()
