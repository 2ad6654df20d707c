"""A spy on the games' *action* listing, for the tests that every consumer reads the *moves*.

Contract Rummy is about to list its legal actions as decision steps (a go-down chosen a meld at a
time, each list short) while its legal moves stay what the rules and records write (a go-down
whole, rule 22). Players, the match runner, the server, the learning tools and the environments'
codecs must read ``legal_moves`` so that none of them changes behaviour when the two lists part:
the same bot moves under a seed, the same records, the same legal texts served, the same action
ids. Today the two lists are equal, so a consumer that reads the wrong one plays exactly the
same; only a spy on the call can tell. :func:`watch_legal_actions` wraps both games'
``legal_actions`` (the facades' methods and the rules modules' functions, which the codecs and
Dummy's end-game search call directly) and notes every call made from outside the game packages;
the game's own code may use its actions as it likes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from samrap.games.contract import rules as contract_rules
from samrap.games.contract.game import ContractGame
from samrap.games.dummy import rules as dummy_rules
from samrap.games.dummy.game import DummyGame

#: Calls from modules under this prefix are the games' own business, not a consumer's.
GAMES_PACKAGE = "samrap.games."


def _note(callers: list[str]) -> None:
    """Record the caller of the wrapped listing (two frames up: past the wrapper) unless it is a game's module."""
    frame = sys._getframe(2)
    module = str(frame.f_globals.get("__name__", "?"))
    if not module.startswith(GAMES_PACKAGE):
        callers.append(f"{module}.{frame.f_code.co_name}, line {frame.f_lineno}")


def watch_legal_actions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Wrap every ``legal_actions`` of both games; the list of the consumers that called one
    (``module.function, line n``), filled as the test runs. The lists returned are unchanged."""
    callers: list[str] = []

    def method(cls: type[Any]) -> None:
        original: Callable[[Any, Any], Any] = cls.legal_actions

        def watched(self: Any, s: Any) -> Any:
            _note(callers)
            return original(self, s)

        monkeypatch.setattr(cls, "legal_actions", watched)

    def function(module: Any) -> None:
        original: Callable[[Any], Any] = module.legal_actions

        def watched(s: Any) -> Any:
            _note(callers)
            return original(s)

        monkeypatch.setattr(module, "legal_actions", watched)

    method(ContractGame)
    method(DummyGame)
    function(contract_rules)
    function(dummy_rules)
    return callers
