"""Screenshots of people at the table (issue 23) for docs/web.md: the lobby, the quick-match wait
and the chat at a table, phone (360 x 740) and desktop (1366 x 900), Thai and English, written to
docs/img/web-SCREEN-SIZE-LANG.png and shrunk like ``scripts/web_screenshots.py`` (whose
``shoot`` does the work).

It walks ``tests/web/people.py`` against a samrap server it starts on a free port.

Usage: ``.venv/bin/python scripts/people_screenshots.py [--out docs/img]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from tests.web.people import people_walk  # noqa: E402
from web_screenshots import shoot  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = ap.parse_args()
    shoot(people_walk, args.out, set(), timeout_ms=30_000)


if __name__ == "__main__":
    main()
