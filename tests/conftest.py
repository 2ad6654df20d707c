"""Every test reads English unless it asks for Thai: the language a command picks by default comes
from the environment (``SAMRAP_LANG``, else the locale), so a Thai developer's
``LANG=th_TH.UTF-8`` must not turn the English assertions Thai, in the terminal tests or in the
server and web tests that start ``samrap serve`` (a child process inherits the variable)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _english_environment() -> Iterator[None]:
    # Session-wide (and so before any server fixture starts its process): a test that wants
    # another language sets it itself.
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SAMRAP_LANG", "en")
        yield
