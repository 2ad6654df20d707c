"""Rooms of one concept (issue 28.3): no Python module of the package over 600 lines.

A module that outgrows this has usually gathered a second concept; split it by concept (as
``games/contract/search.py`` became ``candidates.py``, ``search.py`` and ``feasible.py``) rather
than raise the limit.
"""

from __future__ import annotations

from pathlib import Path

LIMIT = 600
SRC = Path(__file__).resolve().parents[2] / "src" / "samrap"


def test_no_python_module_is_over_the_limit() -> None:
    over = []
    for path in sorted(SRC.rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > LIMIT:
            over.append(f"{path.relative_to(SRC.parent.parent)}: {n} lines (limit {LIMIT}): split it by concept")
    assert not over, "\n".join(over)
