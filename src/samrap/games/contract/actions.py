"""The typed actions of Contract Rummy and their state-free text (``docs/notation-contract.md``).

Actions name *faces*, never physical copies: with two decks the two 9♣ are interchangeable, and
the rules pick which copy moves (see ``rules.pick``). A joker put down names what it stands for.
Text forms::

    D                        draw the top stock card (in liverpool: decline the top discard first)
    P                        take the top discard
    P3                       take the card 3 below the top and the 3 cards above it (rule 12)
    C                        claim (buy) the declined top discard (liverpool)
    -                        pass the claim
    G 7c7d*7h 5s6s*7s8s      go down with exactly the contract (rule 13); *7h is a joker as 7h
    G+ 7c7d*7h               choose the next meld of a go-down put down a meld at a time (rule 22)
    M 7c7d7h                 put down a new meld after going down (option melds_after_down)
    L 8h>2                   lay 8h off on table meld 2 (melds numbered from 0 in order put down)
    L *9h>2                  lay a joker off on meld 2 as 9h
    E 7s>2                   put 7s in meld 2 in place of the joker standing for 7s (rule 16)
    X 9c                     discard 9c
    X *                      discard a joker
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

from samrap.core.cards import parse_card
from samrap.core.errors import InvalidNotationError
from samrap.games.contract.cards import JOKER, face_str
from samrap.games.contract.melds import Spec, parse_spec, sort_specs


@dataclass(frozen=True, slots=True)
class Draw:
    def text(self) -> str:
        return "D"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take the discard ``depth`` cards below the top, with every card above it (0 = the top card)."""

    depth: int = 0

    def text(self) -> str:
        return f"P{self.depth}" if self.depth else "P"


@dataclass(frozen=True, slots=True)
class Claim:
    def text(self) -> str:
        return "C"


@dataclass(frozen=True, slots=True)
class Pass:
    def text(self) -> str:
        return "-"


@dataclass(frozen=True, slots=True)
class GoDown:
    """Put down the whole contract at once; ``melds`` in ``sort_specs`` order (sets first), so
    equal go-downs are equal."""

    melds: tuple[Spec, ...]

    def text(self) -> str:
        return "G " + " ".join(m.text() for m in self.melds)


@dataclass(frozen=True, slots=True)
class GoDownMeld:
    """Choose the next meld of a go-down put down a meld at a time (``rules.legal_actions``).

    Rule 22 makes the whole contract one move (:class:`GoDown`, what ``rules.legal_moves`` and
    the records write); a program choosing among tens of thousands of go-downs chooses one meld
    at a time instead, in ``Spec.order_key`` order (sets first), so each list is short. The
    chosen melds wait in ``ContractState.staging``, their cards still in the hand, until the
    last one puts the whole go-down on the table at once.
    """

    meld: Spec

    def text(self) -> str:
        return f"G+ {self.meld.text()}"


@dataclass(frozen=True, slots=True)
class Meld:
    meld: Spec

    def text(self) -> str:
        return f"M {self.meld.text()}"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay a card of ``face`` off on table meld ``target``; with ``joker`` a joker standing for ``face``."""

    face: int
    target: int
    joker: bool = False

    def text(self) -> str:
        return f"L {'*' if self.joker else ''}{face_str(self.face)}>{self.target}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Put the natural ``face`` in table run ``target`` in place of the joker standing for it."""

    face: int
    target: int

    def text(self) -> str:
        return f"E {face_str(self.face)}>{self.target}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card of ``face`` (52 = a joker)."""

    face: int

    def text(self) -> str:
        return f"X {face_str(self.face)}"


ContractAction: TypeAlias = Draw | PickUp | Claim | Pass | GoDown | GoDownMeld | Meld | LayOff | Exchange | Discard

DRAW = Draw()
CLAIM = Claim()
PASS = Pass()
#: Interned actions: move generation hands out these shared values instead of building new ones.
DISCARDS: tuple[Discard, ...] = tuple(Discard(f) for f in range(53))


@cache
def pickup(depth: int) -> PickUp:
    return PickUp(depth)


@cache
def layoff(face: int, target: int, joker: bool = False) -> LayOff:
    return LayOff(face, target, joker)


@cache
def exchange(face: int, target: int) -> Exchange:
    return Exchange(face, target)


def sort_key(a: ContractAction) -> tuple[int, ...]:
    """The order of ``legal_actions``: by kind, then by the action's fields."""
    match a:
        case Draw():
            return (0,)
        case PickUp(depth=d):
            return (1, d)
        case Claim():
            return (2,)
        case Pass():
            return (3,)
        case GoDown(melds=ms):
            return (4, len(ms), *(x for m in ms for x in m.order_key()))
        case GoDownMeld(meld=m):  # before every whole go-down (a contract has two melds or more)
            return (4, 0, *m.order_key())
        case Meld(meld=m):
            return (5, *m.order_key()[1:])
        case LayOff(face=f, target=t, joker=j):
            return (6, t, int(j), f)
        case Exchange(face=f, target=t):
            return (7, t, f)
        case Discard(face=f):
            return (8, f)


_TARGET_RE = re.compile(r"^(\*?)(.+)>(\d+)$")


def parse_action(text: str) -> ContractAction:
    """Parse action text (see the module docstring); case-insensitive, extra spaces allowed.

    Raises:
        InvalidNotationError: the text is not a Contract Rummy action.
    """
    t = " ".join(text.split())
    if not t:
        raise InvalidNotationError("empty action")
    head, _, rest = t.partition(" ")
    h = head.upper()
    try:
        if t == "-" or t.lower() == "pass":
            return PASS
        if h == "D" and not rest:
            return DRAW
        if h == "C" and not rest:
            return CLAIM
        if h[0] == "P" and not rest and (len(h) == 1 or h[1:].isdigit()):
            return PickUp(int(h[1:] or "0"))
        if h == "G" and rest:
            return GoDown(sort_specs(parse_spec(tok) for tok in rest.split(" ")))
        if h == "G+" and rest and " " not in rest:
            return GoDownMeld(parse_spec(rest))
        if h == "M" and rest and " " not in rest:
            return Meld(parse_spec(rest))
        if h in ("L", "E") and rest:
            m = _TARGET_RE.match(rest.replace(" ", ""))
            if not m:
                raise InvalidNotationError(f"expected card>meld, e.g. {h} 8h>2")
            face = parse_card(m.group(2))
            if h == "E":
                if m.group(1):
                    raise InvalidNotationError("an exchange puts a natural card in, not a joker")
                return Exchange(face, int(m.group(3)))
            return LayOff(face, int(m.group(3)), bool(m.group(1)))
        if h == "X" and rest and " " not in rest:
            return Discard(JOKER if rest == "*" else parse_card(rest))
    except InvalidNotationError as e:
        raise InvalidNotationError(f"{e} (in action {text!r})") from None
    raise InvalidNotationError(
        f"not a Contract Rummy action: {text!r} (D, P, P<depth>, C, -, G <melds>, G+ <meld>, M <meld>, "
        "L <card>><meld>, E <card>><meld>, X <card>)"
    )


def action_text(a: ContractAction) -> str:
    return a.text()
