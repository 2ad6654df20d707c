"""Offline play's errors are clear and leave online play working (issue 25): a browser without
WebAssembly, and a pack download that the network cut."""

from __future__ import annotations

from typing import Any

import pytest

from samrap.offline.pack import pack_status
from tests.web.conftest import PHONE
from tests.web.driver import start_bot_table

PACK = pack_status()
needs_pack = pytest.mark.skipif(
    not PACK.present, reason=f"no Pyodide core in {PACK.folder} (run scripts/install, which fetches it from npm)"
)


def test_without_webassembly_the_box_says_so_and_online_play_works(new_page: Any) -> None:
    page = new_page("th", PHONE)
    page.add_init_script("delete window.WebAssembly")
    page.goto("/")
    page.wait_for_selector("#offline-status")
    page.wait_for_function("() => document.getElementById('offline-status').textContent.length > 0")
    assert "WebAssembly" in page.inner_text("#offline-status")
    assert "เล่นออนไลน์ได้" in page.inner_text("#offline-status")  # "online play still works"
    code = start_bot_table(page, "dummy", players=2)
    assert len(code) == 6  # a server table: online play is untouched


@needs_pack
def test_a_cut_download_says_so_and_can_be_tapped_again(new_page: Any) -> None:
    page = new_page("en", PHONE)
    page.goto("/")
    page.wait_for_selector("#offline-download")
    page.context.set_offline(True)
    page.click("#offline-download")
    page.wait_for_function("() => document.getElementById('offline-status').classList.contains('error')")
    assert "download stopped" in page.inner_text("#offline-status")
    assert page.is_enabled("#offline-download")  # tap again to carry on
    page.context.set_offline(False)
    code = start_bot_table(page, "dummy", players=2)
    assert len(code) == 6
