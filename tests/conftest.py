"""Every test reads English unless it asks for Thai: the language a command picks by default comes
from the environment (``SAMRAP_LANG``, else the locale), so a Thai developer's
``LANG=th_TH.UTF-8`` must not turn the English assertions Thai, in the terminal tests or in the
server and web tests that start ``samrap serve`` (a child process inherits the variable)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

WEB = Path(__file__).parent / "web"


@pytest.fixture(autouse=True, scope="session")
def _english_environment() -> Iterator[None]:
    # Session-wide (and so before any server fixture starts its process): a test that wants
    # another language sets it itself.
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SAMRAP_LANG", "en")
        yield


def pytest_runtest_setup(item: pytest.Item) -> None:
    """No test outside tests/web starts with an event loop marked running in the main thread.

    Playwright's sync API marks its loop running between calls while the browser fixture is open
    (tests/web/conftest.py closes it with the last web test). A loop left marked made the
    external-bot tests fail later with a confusing "another loop is running"; this names the
    cause where it starts."""
    if WEB in Path(str(item.path)).parents:
        return
    loop = asyncio._get_running_loop()
    if loop is not None:
        raise RuntimeError(
            f"an earlier test or fixture left the event loop {loop!r} marked running in the main thread; "
            "close it in the fixture that opened it (see tests/web/conftest.py, browser)"
        )
