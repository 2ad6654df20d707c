"""The shape every game facade has, as structural protocols (DESIGN §7.3).

Games never import this module: ``DummyGame`` satisfies :class:`Game` because it has the right
methods, not because it inherits anything. That keeps the dependency arrow pointing one way
(core -> games -> engine) while mypy still checks, at the one place the engine builds a game
(``registry``), that the facade matches what the engine calls.

The protocol is generic in the game's state ``S``, action ``A`` and view (observation) ``V``;
the engine only ever moves these values between the game's own methods, and turns actions into
text (``action_text``) for records and people.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)


class ConfigLike(Protocol):
    """A game's frozen config: how many seats, and its canonical config string."""

    @property
    def players(self) -> int: ...

    def to_string(self) -> str: ...


class ViewLike(Protocol):
    """What every game's view (one seat's observation) has: its seat and its text (the notation
    that records, tools and the web's protocol show)."""

    @property
    def seat(self) -> int: ...

    def to_string(self) -> str: ...


class LedgerItemLike(Protocol):
    """One line of a game's score: a seat, an item code, points and a free-text detail."""

    @property
    def seat(self) -> int: ...

    @property
    def code(self) -> str: ...

    @property
    def points(self) -> int: ...

    @property
    def detail(self) -> str: ...


@runtime_checkable
class Game(Protocol[S, A, V]):
    """A game under one config; stateless, every method a function of its arguments.

    The deal is the game's single chance event: ``deal_order(seed)`` gives a deck order, so a
    record holding the deck order replays exactly. How a game is *dealt* (``new_game``) and who
    starts the first one differ between games (Dummy takes a starting seat and a direction,
    Contract Rummy a dealer and a deal number), so those two are adapted per game in the
    registry (``GameSpec.start_game``, ``GameSpec.first_starter``) rather than fixed here.
    ``current_player`` returns a seat, or a negative marker once the game is over.
    """

    @property
    def name(self) -> str: ...

    @property
    def config(self) -> ConfigLike: ...

    @property
    def players(self) -> int: ...

    def deal_order(self, seed: int) -> tuple[int, ...]: ...

    def current_player(self, s: S) -> int: ...

    def legal_actions(self, s: S) -> Sequence[A]:
        """The legal *actions*: one decision each, every list short (a Contract go-down is chosen
        a meld at a time here). What a researcher stepping the facade directly and uniformly random
        play step. samrap's own environments (``samrap.env``) read ``legal_moves`` instead, so that
        each of their action ids is one move of the records."""
        ...

    def legal_moves(self, s: S) -> Sequence[A]:
        """The legal *moves* as the rules and records write them (a Contract go-down whole, rule
        22), complete; the list the players, the server and the records use. In Dummy every move
        is one action, so both lists are the same."""
        ...

    def apply(self, s: S, a: A, seat: int | None = None) -> S: ...

    def apply_unchecked(self, s: S, a: A) -> S:
        """``apply`` without the legality checks, for an action taken from ``legal_actions(s)`` or
        ``legal_moves(s)`` (the playouts' and environments' fast path; ``apply`` stays the one for
        untrusted input)."""
        ...

    def is_terminal(self, s: S) -> bool: ...

    def returns(self, s: S) -> tuple[int, ...]: ...

    def ledger(self, s: S) -> Sequence[LedgerItemLike]: ...

    def observe(self, s: S, seat: int) -> V: ...

    def resample(self, v: V, rng: Random) -> S: ...

    def parse_action(self, text: str) -> A: ...

    def action_text(self, a: A) -> str: ...


@runtime_checkable
class Agent(Protocol[V_contra, A]):
    """What the match runner needs from whoever sits in a seat.

    ``samrap.players.base.Player`` is the public name of this shape; the engine states it again
    here so that it does not import the layer above it. An agent sees only its seat's view and
    the legal actions, never a state (DESIGN §7.1 rule 5).
    """

    @property
    def name(self) -> str: ...

    def choose(self, view: V_contra, legal: Sequence[A], rng: Random) -> A: ...


#: An agent of any game: what the game-agnostic layers (the match runner, tournaments, the
#: server's seats) hold, since the view and action types are each game's own.
AnyAgent: TypeAlias = Agent[Any, Any]
