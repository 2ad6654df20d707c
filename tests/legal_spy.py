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
the game's own code may use its actions as it likes. :func:`staged` gives the positions the
split makes possible: a go-down under way, which every consumer must also take.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from samrap.games.contract import rules as contract_rules
from samrap.games.contract.actions import GoDownMeld
from samrap.games.contract.game import ContractGame
from samrap.games.contract.state import ContractState
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
        raw = cls.__dict__["legal_actions"]
        if isinstance(raw, staticmethod):  # (Contract's facade binds the rules' function itself)
            static: Callable[[Any], Any] = raw.__func__

            def watched_static(s: Any) -> Any:
                _note(callers)
                return static(s)

            monkeypatch.setattr(cls, "legal_actions", staticmethod(watched_static))
            return
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


def staged(game: ContractGame, seed: int, deals: Sequence[int] = (1, 3, 5, 7)) -> list[ContractState]:
    """States of seeded random play of ``game`` stepping ``legal_actions``, with a go-down under way
    (``state.staging``): a go-down's next meld is taken seven times in ten when one is listed."""
    out = []
    for deal in deals:
        rng = random.Random(seed * 10 + deal)
        s = game.new_game(seed=seed, deal_number=deal)
        while not game.is_terminal(s):
            actions = game.legal_actions(s)
            if s.staging:
                out.append(s)
            steps = [a for a in actions if isinstance(a, GoDownMeld)]
            s = game.apply_unchecked(s, steps[0] if steps and rng.random() < 0.7 else rng.choice(actions))
    return out
