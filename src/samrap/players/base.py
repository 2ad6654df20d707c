"""The Player protocol: what sits in a seat, from a human at a terminal to a search bot.

A player is asked for one move at a time and is given only its seat's *view* and the list of
legal moves, never a state (DESIGN §7.1 rule 5): hidden information is removed before it
reaches any player, so a bot cannot cheat even by accident. Randomness comes from the ``rng``
the match runner passes in (one generator per seat, derived from the match seed), which is what
makes a seeded match repeatable.

Players are structural: any object with ``name`` and ``choose`` is one. A player that can
recover from an illegal choice (a person who mistyped) also has ``rejected``; the match runner
calls it with the rule the action broke and asks again.

The list is the game's ``legal_moves`` (a Contract go-down whole, rule 22, as records write it),
not its ``legal_actions`` (the decision steps, a go-down a meld at a time, each list short, for
stepping the rules directly): a player answers with a move the records and people can read.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Protocol, TypeVar, runtime_checkable

from samrap.core.errors import IllegalActionError

A = TypeVar("A")
V_contra = TypeVar("V_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


@runtime_checkable
class Player(Protocol[V_contra, A]):
    """Chooses a move for its seat from the view and the legal moves (``game.legal_moves``).

    ``legal`` is never empty and is in the game's fixed order; returning one of its elements is
    always accepted. ``name`` goes into game records.
    """

    @property
    def name(self) -> str: ...

    def choose(self, view: V_contra, legal: Sequence[A], rng: Random) -> A: ...


@runtime_checkable
class Correctable(Protocol[A_contra]):
    """A player told that its last choice was illegal (``error.rule`` names the broken rule)."""

    def rejected(self, action: A_contra, error: IllegalActionError) -> None: ...
