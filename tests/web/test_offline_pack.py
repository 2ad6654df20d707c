"""The offline pack by itself (issue 25.4): after a first game the home page downloads it in the
background (the box then says it is ready), and a server upgrade, which names a new pack, drops
the old one: the page never runs the old engine under the new page, not even offline before the
new pack is down.

The background download waits 10 s after the home page shows; the tests shorten the wait with
``window.samrapPackDelayMs`` (read by offline/panel.js). ``window.samrapOfflineSeed`` pins an
offline table's seed (bench/offline.py's runs deal alike); the last test checks it is the one
kept. An upgrade is simulated in the test server's process: its pack manifest and code zip are
swapped for a build with one more file, so the pack's version and addresses change as a new
release's would (server/offline.py).
Skipped with the reason when this machine has no Pyodide core (``scripts/install`` fetches it).
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from typing import Any

import pytest

from samrap.offline.pack import PYODIDE_VERSION, current_zip, pack_manifest, pack_status
from tests.web.conftest import PHONE
from tests.web.driver import start_bot_table, state

PACK = pack_status()
needs_pack = pytest.mark.skipif(
    not PACK.present, reason=f"no Pyodide core in {PACK.folder} (run scripts/install, which fetches it from npm)"
)

#: Downloading 7 MB and booting Pyodide on a busy 2-core machine: generous waits.
SLOW = 180_000
PACKS = "async () => (await caches.keys()).filter((k) => k.startsWith('samrap-pack-')).sort()"
READY = "async () => { const p = await import('/static/js/offline/pack.js'); return p.isReady(await p.manifest()); }"
TABLE_SEED = """(code) => new Promise((resolve, reject) => {
  const open = indexedDB.open('samrap-offline');
  open.onerror = reject;
  open.onsuccess = () => {
    const get = open.result.transaction('tables').objectStore('tables').get(code);
    get.onsuccess = () => resolve(get.result && get.result.seed);
    get.onerror = reject;
  };
})"""
BOOT = """async () => {
  const l = await import('/static/js/offline/local.js');
  try { await l.boot(); return 'booted'; } catch (e) { return e.code || String(e); }
}"""


def _ready_text(page: Any) -> str:
    text: str = page.evaluate("async () => (await import('/static/js/i18n.js')).t('off.ready')")
    return text


def _home_until_ready(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("#offline-status")
    page.wait_for_function(f"() => document.getElementById('offline-status').textContent === {_ready_text(page)!r}")
    assert page.evaluate("() => localStorage.getItem('samrap.offlineReady')") == "true"


def _upgrade(monkeypatch: pytest.MonkeyPatch) -> str:
    """The server now names a new pack: samrap's code with one more file, so a new hash, a new
    version and a new code address; the old address is refused as a new release refuses it."""
    import samrap.server.app as app_module
    import samrap.server.offline as route

    buf = io.BytesIO(current_zip())
    with zipfile.ZipFile(buf, "a") as z:
        z.writestr(zipfile.ZipInfo("samrap/_release.py", date_time=(2020, 1, 1, 0, 0, 0)), "RELEASE = 2\n")
    data = buf.getvalue()
    digest = hashlib.sha256(data).hexdigest()[:16]
    old = pack_manifest()
    code = f"/offline/samrap-{digest}.zip"
    old_files = old["files"]
    assert isinstance(old_files, list)
    files = [f for f in old_files if f["url"] != old["code"]]
    new = {**old, "version": f"{PYODIDE_VERSION}-{digest}", "code": code}
    new["files"] = [*files, {"url": code, "size": len(data)}]
    monkeypatch.setattr(route, "pack_manifest", lambda: new)
    monkeypatch.setattr(route, "current_zip", lambda: data)
    monkeypatch.setattr(app_module, "pack_manifest", lambda: new)  # the new release's page names it
    return str(new["version"])


@needs_pack
def test_after_a_first_game_the_home_page_downloads_the_pack_by_itself(new_page: Any) -> None:
    page = new_page("en", PHONE)
    page.context.set_default_timeout(SLOW)
    page.add_init_script("window.samrapPackDelayMs = 300")
    page.goto("/")
    page.wait_for_selector("#offline-download")
    page.wait_for_timeout(1500)  # well past the wait: with no game played here, nothing starts
    assert page.evaluate(PACKS) == []
    assert page.is_visible("#offline-download")
    start_bot_table(page, "dummy", players=2)  # a first game: its seat is kept (recentTables)
    _home_until_ready(page)  # no tap: the box downloads the pack and says it is ready
    assert page.evaluate(PACKS) == [f"samrap-pack-{pack_manifest()['version']}"]
    assert not page.is_visible("#offline-download")
    assert page.evaluate(READY) is True


@needs_pack
def test_an_upgrade_drops_the_old_pack_and_never_runs_it(new_page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    page = new_page("en", PHONE)
    page.context.set_default_timeout(SLOW)
    page.add_init_script("window.samrapPackDelayMs = 300; window.samrapOfflineDelay = 0")
    page.goto("/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    start_bot_table(page, "dummy", players=2)
    _home_until_ready(page)
    old = f"samrap-pack-{pack_manifest()['version']}"
    assert page.evaluate(PACKS) == [old]

    version = _upgrade(monkeypatch)
    assert f"samrap-pack-{version}" != old
    # the new release's page, online; its background download held back for now
    page.add_init_script("window.samrapPackDelayMs = 600000")
    page.goto("/")
    page.wait_for_function("() => !!document.getElementById('offline-download')")
    assert page.is_visible("#offline-download") and page.inner_text("#offline-status") != _ready_text(page)
    assert page.evaluate("() => localStorage.getItem('samrap.offlineReady')") == "false"
    # cut off before the new pack is down: the old pack is kept, but this page does not run it
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function("() => (document.getElementById('offline-status') || {}).textContent")
    assert "not downloaded" in page.inner_text("#offline-status")
    assert page.evaluate(BOOT) == "nopack"
    assert page.evaluate("() => localStorage.getItem('samrap.offlineReady')") == "false"

    # online again: the new pack comes down by itself and the old one is dropped
    page.context.set_offline(False)
    page.add_init_script("window.samrapPackDelayMs = 300")
    _home_until_ready(page)
    assert page.evaluate(PACKS) == [f"samrap-pack-{version}"]
    # offline, bots play on the new pack (the only one left on the device)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline")  # the offline bar
    page.add_init_script("window.samrapOfflineSeed = 4242")  # a pinned deal, as bench/offline.py pins it
    code = start_bot_table(page, "dummy", players=2, target=50)
    first = state(page)
    assert code.startswith("OFF") and first is not None and first["kind"] == "dummy"
    assert page.evaluate(TABLE_SEED, code) == 4242


@needs_pack
def test_an_upgrade_first_opened_by_a_table_link_never_runs_the_old_pack(
    new_page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new release is first opened from a shared ``/t/CODE`` link, a page that never reads the
    pack's manifest, and then used offline: the kept page names its own pack, so the kept old pack
    is reported stale and not booted (the browser's remembered pack alone still says the old)."""
    page = new_page("en", PHONE)
    page.context.set_default_timeout(SLOW)
    page.add_init_script("window.samrapPackDelayMs = 300; window.samrapOfflineDelay = 0")
    page.goto("/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    code = start_bot_table(page, "dummy", players=2)
    _home_until_ready(page)
    old = pack_manifest()["version"]

    version = _upgrade(monkeypatch)
    page.add_init_script("window.samrapPackDelayMs = 600000")
    page.goto(f"/t/{code}")  # the new release, through a table link only
    page.wait_for_function("() => !!document.querySelector('.seat, #table, main')")
    assert page.get_attribute('meta[name="samrap-pack"]', "content") == version
    assert page.evaluate("() => localStorage.getItem('samrap.packSeen')") == old  # the page never asked
    page.context.set_offline(True)
    page.goto("/")
    page.wait_for_function("() => (document.getElementById('offline-status') || {}).textContent")
    assert "not downloaded" in page.inner_text("#offline-status")
    assert page.evaluate(BOOT) == "nopack"
    page.context.set_offline(False)
