"""Play offline (issue 25): the pack downloads on a tap, then with the network cut the page plays a
whole Dummy match against bots under Pyodide in a Web Worker, keeps its record on the device, and
that record passes ``samrap replay --verify``; a Contract Rummy deal plays the same way.

Skipped with the reason when this machine has no Pyodide core (``scripts/install`` fetches it).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from samrap.offline.pack import pack_status
from tests.web.conftest import PHONE, shot
from tests.web.driver import play_until, start_bot_table, state

PACK = pack_status()
pytestmark = pytest.mark.skipif(
    not PACK.present, reason=f"no Pyodide core in {PACK.folder} (run scripts/install, which fetches it from npm)"
)

#: Booting Pyodide and playing a match on a busy 2-core machine: generous waits.
SLOW = 180_000


def _download_pack(page: Any) -> None:
    page.goto("/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=SLOW)
    page.wait_for_selector("#offline-download", timeout=SLOW)
    page.click("#offline-download")
    page.wait_for_function(
        "() => !document.getElementById('offline-download') || document.getElementById('offline-download').hidden",
        timeout=SLOW,
    )
    assert "Ready" in page.inner_text("#offline-status")


def _kept(page: Any) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = page.evaluate(
        "async () => (await import('/static/js/offline/local.js')).keptMatches()"
    )
    return games


def test_offline_dummy_match_and_contract_deal(new_page: Any, tmp_path: Path) -> None:
    page = new_page("en", PHONE)
    page.context.set_default_timeout(SLOW)
    page.add_init_script("window.samrapOfflineDelay = 0")
    _download_pack(page)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline")  # the offline bar

    code = start_bot_table(page, "dummy", players=2, target=50)
    assert code.startswith("OFF") and len(code) == 8
    first = state(page)
    assert first is not None and first["kind"] == "dummy"
    shot(page, "offline-dummy")
    end = play_until(page, lambda s: s["winner"], 600)
    assert end["dialog"]
    page.wait_for_function(
        "async () => (await import('/static/js/offline/local.js')).keptMatches().then((g) => g.length > 0)"
    )
    kept = _kept(page)
    assert kept[0]["table"] == code and kept[0]["game"] == "dummy"
    record = kept[0]["record"]
    path = tmp_path / "offline.json"
    path.write_text(record, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "samrap.cli.main", "replay", "--verify", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(record)["metadata"] == {"offline": True}

    # one Contract Rummy deal, still offline
    code = start_bot_table(page, "contract", players=3)
    assert code.startswith("OFF")
    st = play_until(page, lambda s: s["kind"] == "contract" and (s["dialog"] or s["game"] >= 1), 600)
    assert st["kind"] == "contract"
    shot(page, "offline-contract")
