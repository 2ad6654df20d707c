"""Play offline (issue 25): the pack downloads on a tap, then with the network cut the page plays a
whole Dummy match against bots under Pyodide in a Web Worker, keeps its record on the device, and
that record passes ``samrap replay --verify``; a Contract Rummy deal plays the same way.

Skipped with the reason when this machine has no Pyodide core (``scripts/install`` fetches it).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from samrap.offline.pack import pack_status
from tests.web.conftest import PHONE, shot
from tests.web.driver import play_until, start_bot_table, state

PACK = pack_status()
needs_pack = pytest.mark.skipif(
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


def _wait_kept(page: Any, code: str) -> list[dict[str, Any]]:
    """The kept matches of table ``code`` (polled: the record is stored just after the last move)."""
    deadline = time.monotonic() + SLOW / 1000
    while time.monotonic() < deadline:
        found = [g for g in _kept(page) if g["table"] == code]
        if found:
            return found
        page.wait_for_timeout(500)
    raise AssertionError(f"no kept record of table {code}")


@needs_pack
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
    kept = _wait_kept(page, code)
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
    # the kept match replays offline too: its positions rebuilt by the worker
    page.goto(f"/#/replay/{kept[0]['id']}")
    page.wait_for_selector(".replay-step")
    assert page.locator(".replay-step").inner_text().startswith("Move 0 of ")

    # one Contract Rummy deal, still offline
    code = start_bot_table(page, "contract", players=3)
    assert code.startswith("OFF")
    st = play_until(page, lambda s: s["kind"] == "contract" and (s["dialog"] or s["game"] >= 1), 600)
    assert st["kind"] == "contract"
    shot(page, "offline-contract")

    # the same seed and bots in the browser and in the Python engine: the same match, move by move
    made = page.evaluate(
        """async () => {
          const m = await import('/static/js/offline/local.js');
          const body = {game: 'dummy', seats: [{kind: 'bot', level: 'easy'}, {kind: 'bot', level: 'random'}],
                        settings: {bot_delay_ms: 0}};
          const r = await m.createLocal(body, 2468);
          await m.localApi('POST', `/api/tables/${r.table.code}/start`);
          return r.table.code;
        }"""
    )
    browser_record = _wait_kept(page, made)[0]["record"]
    _same_as_python(json.loads(browser_record))


def _same_as_python(record: dict[str, Any]) -> None:
    from samrap.engine.match import run_match
    from samrap.engine.registry import configure
    from samrap.offline.table import make_seat_bot

    spec, config = configure(record["config"])
    game = spec.make_game(config)
    expected = run_match(spec, config, [make_seat_bot(game, "easy"), make_seat_bot(game, "random")], 2468)
    assert record["seed"] == 2468
    assert len(record["games"]) == len(expected.games)
    for got, want in zip(record["games"], expected.games, strict=True):
        assert [(a["seat"], a["action"]) for a in got["actions"]] == list(want.actions)
        assert got["scores"] == list(want.scores)
    assert record["result"]["totals"] == list(expected.totals)
