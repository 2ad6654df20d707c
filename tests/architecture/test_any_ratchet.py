"""The `Any` ratchet (``scripts/any_ratchet.py``, issue 28.2) counts as the issue does and holds."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "any_ratchet.py"


def _ratchet() -> ModuleType:
    spec = importlib.util.spec_from_file_location("any_ratchet", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_counts_every_word_any_and_nothing_else(tmp_path: Path) -> None:
    pkg = tmp_path / "src" / "samrap"
    pkg.mkdir(parents=True)
    (pkg / "a.py").write_text("from typing import Any\nx: Any = 1  # Any\nAnyGame = 2\nmany = 'Anyway'\n")
    (pkg / "b.py").write_text("y = 1\n")
    assert _ratchet().count(pkg) == {"src/samrap/a.py": 3}


def test_the_package_is_within_the_limit() -> None:
    ratchet = _ratchet()
    total = sum(ratchet.count().values())
    assert total <= ratchet.LIMIT, f"{total} occurrences of Any, over the ratchet's {ratchet.LIMIT}"
