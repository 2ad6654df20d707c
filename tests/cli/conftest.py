"""The terminal tests read English unless a test asks for Thai: the language a command picks by
default comes from the environment (``SAMRAP_LANG``, else the locale), so a Thai developer's
``LANG=th_TH.UTF-8`` must not turn the English assertions Thai."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMRAP_LANG", "en")
