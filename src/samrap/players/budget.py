"""What a bot is given besides the view: a thinking budget, and what a searching bot can say back.

The :class:`samrap.players.base.Player` protocol asks ``choose(view, legal, rng)``. Bots add one
more input, a :class:`Budget` (iterations, seconds, simulated actions), as an optional fourth argument: a bot
called without it uses the budget it was built with, so every bot is also a plain ``Player``
that the match runner can seat. Nothing else reaches a bot: no state, no other hand, no deck
order (DESIGN §7.1 rule 5); the types say so (``view`` is the game's view type) and
``tests/players/test_no_peeking.py`` checks it.

A bot that can explain itself also implements :class:`Analyst`: ``analyse`` returns one
:class:`MoveEstimate` per legal action, best first, which is what hints are made of.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Protocol, TypeVar, runtime_checkable

V_contra = TypeVar("V_contra", contravariant=True)
A = TypeVar("A")
A_contra = TypeVar("A_contra", contravariant=True)


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think about one decision: ``iterations`` and/or ``seconds``, and a cap
    on the work, ``actions``.

    With more than one set, the search stops at whichever comes first. ``actions`` caps the game
    actions an ISMCTS search simulates (its tree steps and playout moves, counted between
    iterations, so the iteration that crosses it still finishes): a work budget that, unlike
    ``seconds``, does not depend on the machine, so a seeded search stays deterministic; it bounds
    the decisions whose playouts are long (the first turns of a Dummy game). It is a cap on top
    of ``iterations`` or ``seconds``, never a budget alone, and the Contract focused search, whose
    playouts are whole deals, does not count it (``players/focused.py``). An iteration budget,
    with or without ``actions``, makes a seeded search deterministic; a time budget does not (it
    depends on the machine's speed). Bots that do not search (random, heuristic) ignore the budget.
    """

    iterations: int | None = None
    seconds: float | None = None
    actions: int | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")
        if self.actions is not None and self.actions < 1:
            raise ValueError(f"actions must be at least 1, not {self.actions}")

    @property
    def is_deterministic(self) -> bool:
        return self.seconds is None

    @property
    def untimed(self) -> Budget:
        """This budget without its seconds where it has iterations (the strength a seeded run
        measures whatever the load, as ``bench.ladder --untimed``); else the budget itself."""
        if self.seconds is None or self.iterations is None:
            return self
        return Budget(self.iterations, None, self.actions)

    def text(self) -> str:
        """``iters=500``, ``time=1s``, ``time=250ms``, ``actions=8000`` or several joined by ``,``
        (parsed by :meth:`parse`)."""
        parts = []
        if self.iterations is not None:
            parts.append(f"iters={self.iterations}")
        if self.actions is not None:
            parts.append(f"actions={self.actions}")
        if self.seconds is not None:
            ms = self.seconds * 1000
            parts.append(f"time={ms:g}ms" if ms < 1000 else f"time={self.seconds:g}s")
        return ",".join(parts)

    @classmethod
    def parse(cls, text: str) -> Budget:
        """Parse ``500``, ``iters=500``, ``1s``, ``250ms``, ``time=0.5s``, ``iters=500,time=2s`` or
        ``iters=150,actions=8000,time=900ms``.

        Raises:
            ValueError: the text is not a budget.
        """
        iterations: int | None = None
        seconds: float | None = None
        actions: int | None = None
        for part in text.replace(" ", "").split(","):
            key, _, value = part.rpartition("=")
            if key in ("", "iters", "iterations") and value.isdigit():
                iterations = int(value)
                continue
            if key == "actions" and value.isdigit():
                actions = int(value)
                continue
            m = _TIME.match(value)
            if key in ("", "time", "movetime", "seconds") and m:
                number, unit = float(m.group(1)), m.group(2) or "s"
                seconds = number / 1000 if unit == "ms" else number
                continue
            raise ValueError(f"not a budget: {text!r} (e.g. iters=500, 1s, 250ms)")
        return cls(iterations, seconds, actions)

    def __str__(self) -> str:
        return self.text()


_TIME = re.compile(r"^(\d+(?:\.\d*)?|\.\d+)(s|ms)?$")


@dataclass(frozen=True, slots=True)
class MoveEstimate:
    """A bot's opinion of one legal action.

    Attributes:
        action: the action (the game's action value).
        value: the number the bot ranks by (higher is better): a win chance in [0, 1] for a
            search bot, a points estimate for the heuristic.
        win: estimated chance of winning the game (``None`` when the bot does not estimate it).
        score: estimated points for this seat at the end of the game (``None`` if not estimated).
        visits: search iterations spent on the action (0 for bots that do not search).
        reason: one line for people, in English.
        reason_th: the same line in Thai.
    """

    action: object
    value: float
    win: float | None = None
    score: float | None = None
    visits: int = 0
    reason: str = ""
    reason_th: str = ""


@runtime_checkable
class Bot(Protocol[V_contra, A]):
    """A player that takes an optional budget; its ``choose`` is the Player protocol's plus one argument."""

    @property
    def name(self) -> str: ...

    def choose(self, view: V_contra, legal: Sequence[A], rng: Random, budget: Budget | None = None) -> A: ...


@runtime_checkable
class Analyst(Protocol[V_contra, A_contra]):
    """A bot that can rank every legal action (for hints)."""

    def analyse(
        self, view: V_contra, legal: Sequence[A_contra], rng: Random, budget: Budget | None = None
    ) -> list[MoveEstimate]: ...
