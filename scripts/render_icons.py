"""Render the app icon (src/samrap/server/static/icons/icon.svg) to its PNGs with the system Chromium.

ImageMagick's own SVG renderer draws rotated shapes wrongly, so the browser renders them. Usage:
``.venv/bin/python scripts/render_icons.py src/samrap/server/static/icons`` then optimise each PNG
with ``convert F -strip -define png:compression-level=9 F``.
"""

from __future__ import annotations

import pathlib
import sys

from playwright.sync_api import sync_playwright

SIZES = [
    ("icon-192.png", False, 192),
    ("icon-512.png", False, 512),
    ("maskable-512.png", True, 512),
    ("apple-touch-icon.png", True, 180),
    ("favicon-32.png", False, 32),
]


def main(folder: pathlib.Path) -> None:
    svg = (folder / "icon.svg").read_text()
    # maskable: the artwork inside the central 80% safe zone, on a full-bleed background
    mask = svg.replace(
        '<rect width="512" height="512" rx="96" fill="#0f4730"/>',
        '<rect width="512" height="512" fill="#0f4730"/><g transform="translate(51.2 51.2) scale(0.8)">',
    ).replace("</svg>", "</g></svg>")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        for name, maskable, size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = (mask if maskable else svg).replace("<svg ", f'<svg width="{size}" height="{size}" ')
            page.set_content(f'<html><body style="margin:0;background:transparent">{sized}</body></html>')
            page.screenshot(path=str(folder / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]))
