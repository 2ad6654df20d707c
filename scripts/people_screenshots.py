"""Screenshots of people at the table (issue 23) for docs/web.md: the lobby, the quick-match wait
and the chat at a table, phone (360 x 740) and desktop (1366 x 900), Thai and English, written to
docs/img/web-SCREEN-SIZE-LANG.png and shrunk to 64 colours like ``scripts/web_screenshots.py``.

It walks ``tests/web/people.py`` against a samrap server it starts on a free port.

Usage: ``.venv/bin/python scripts/people_screenshots.py [--out docs/img]``
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from tests.web.conftest import ARGS, LiveServer, find_chromium  # noqa: E402
from tests.web.people import people_walk  # noqa: E402
from web_screenshots import SIZES  # noqa: E402


def shrink(path: Path) -> None:
    """64 colours, no metadata, as ``web_screenshots.shrink`` does with ImageMagick (Pillow here:
    it is in the dev environment, ImageMagick may not be)."""
    from PIL import Image

    with Image.open(path) as im:
        small = im.convert("RGB").quantize(colors=64, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = ap.parse_args()
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
                        ctx.set_default_timeout(30_000)
                        page = ctx.new_page()

                        def visit(name: str, page: Any = page, size: str = size, lang: str = lang) -> None:
                            path = args.out / f"web-{name}-{size}-{lang}.png"
                            page.screenshot(path=str(path))
                            shrink(path)
                            print(f"{path}: {path.stat().st_size // 1024} KB")

                        people_walk(page, server, visit)
                        ctx.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
