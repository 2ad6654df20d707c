"""The typed actions of Thai Dummy and their state-free text (``docs/notation.md``).

Each action carries everything needed to check it on its own: a collect names the row index
and the meld that uses the target; a knock names its face-down card and every meld and lay-off
it puts down. Text forms::

    D                    draw the top stock card (จั่ว)
    C3 7h8h9h            collect (เก็บ) from row index 3 (0 = the first upcard) and meld 7h8h9h
    C3 >2                collect_to_layoff: lay the target off on table meld 2
    M 7h8h9h             meld from hand
    L 5h>2               lay off (ฝาก) 5h on table meld 2 (melds numbered from 0, in order put down)
    X Qs                 discard Qs
    K Qs                 knock (น็อค) with Qs face down, putting nothing else down
    K Qs 7h8h9h 5c>2     knock, also melding 7h8h9h and laying 5c off on meld 2
    -                    pass the last turn after the stock ran out (rule 35)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from samrap.core.cards import card_str, parse_card
from samrap.core.cardset import CardSet, parse_set, set_str
from samrap.core.errors import InvalidNotationError


@dataclass(frozen=True, slots=True)
class Draw:
    def text(self) -> str:
        return "D"


@dataclass(frozen=True, slots=True)
class Collect:
    index: int
    meld: CardSet = 0
    onto: int = -1

    def text(self) -> str:
        if self.onto >= 0:
            return f"C{self.index} >{self.onto}"
        return f"C{self.index} {set_str(self.meld)}"


@dataclass(frozen=True, slots=True)
class Meld:
    cards: CardSet

    def text(self) -> str:
        return f"M {set_str(self.cards)}"


@dataclass(frozen=True, slots=True)
class LayOff:
    card: int
    target: int

    def text(self) -> str:
        return f"L {card_str(self.card)}>{self.target}"


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def text(self) -> str:
        return f"X {card_str(self.card)}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Knock with ``card`` face down, putting down ``melds`` and ``layoffs`` (card, meld index)."""

    card: int
    melds: tuple[CardSet, ...] = ()
    layoffs: tuple[tuple[int, int], ...] = ()

    def text(self) -> str:
        parts = ["K", card_str(self.card)]
        parts += [set_str(m) for m in self.melds]
        parts += [f"{card_str(c)}>{t}" for c, t in self.layoffs]
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Pass:
    def text(self) -> str:
        return "-"


DummyAction: TypeAlias = Draw | Collect | Meld | LayOff | Discard | Knock | Pass

DRAW = Draw()
PASS = Pass()

_KIND_ORDER = {Draw: 0, Collect: 1, Meld: 2, LayOff: 3, Discard: 4, Knock: 5, Pass: 6}


def sort_key(a: DummyAction) -> tuple[int, ...]:
    """The order of ``legal_actions``: by kind, then by the action's fields."""
    match a:
        case Collect(index=i, meld=m, onto=o):
            return (1, i, o, m)
        case Meld(cards=m):
            return (2, m)
        case LayOff(card=c, target=t):
            return (3, c, t)
        case Discard(card=c):
            return (4, c)
        case Knock(card=c, melds=ms, layoffs=ls):
            return (5, c, len(ms), *ms, -1, *(x for pair in ls for x in pair))
        case _:
            return (_KIND_ORDER[type(a)],)


_LAYOFF_RE = re.compile(r"^(.+)>([0-9]{1,9})$")


def _is_index(text: str) -> bool:
    """1 to 9 ASCII digits: ``str.isdigit`` also accepts ``²`` and ``٣``, and ``int`` refuses huge numbers."""
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


def _layoff_token(tok: str, text: str) -> tuple[int, int]:
    m = _LAYOFF_RE.match(tok)
    if not m:
        raise InvalidNotationError(f"expected card>meld in {text!r}, got {tok!r}")
    return parse_card(m.group(1)), int(m.group(2))


def parse_action(text: str) -> DummyAction:
    """Parse action text (see the module docstring); case-insensitive, extra spaces allowed.

    Raises:
        InvalidNotationError: the text is not a Dummy action.
    """
    t = " ".join(text.split())
    if not t:
        raise InvalidNotationError("empty action")
    head, _, rest = t.partition(" ")
    kind = head[0].upper()
    try:
        if t == "-" or t.lower() == "pass":
            return PASS
        if head.upper() == "D" and not rest:
            return DRAW
        if kind == "C":
            idx_text = head[1:] or ""
            if not _is_index(idx_text):
                raise InvalidNotationError(f"collect needs a row index, e.g. C3 7h8h9h: {text!r}")
            if rest.startswith(">"):
                if not _is_index(rest[1:]):
                    raise InvalidNotationError(f"expected C<index> ><meld>: {text!r}")
                return Collect(int(idx_text), 0, int(rest[1:]))
            if not rest:
                raise InvalidNotationError(f"collect needs the meld it makes, e.g. C3 7h8h9h: {text!r}")
            return Collect(int(idx_text), parse_set(rest))
        if head.upper() == "M" and rest:
            return Meld(parse_set(rest))
        if head.upper() == "L" and rest:
            c, target = _layoff_token(rest.replace(" ", ""), text)
            return LayOff(c, target)
        if head.upper() == "X" and rest and " " not in rest:
            return Discard(parse_card(rest))
        if head.upper() == "K" and rest:
            toks = rest.split(" ")
            card = parse_card(toks[0])
            melds: list[CardSet] = []
            layoffs: list[tuple[int, int]] = []
            for tok in toks[1:]:
                if ">" in tok:
                    layoffs.append(_layoff_token(tok, text))
                else:
                    melds.append(parse_set(tok))
            return Knock(card, tuple(melds), tuple(layoffs))
    except InvalidNotationError as e:
        raise InvalidNotationError(f"{e} (in action {text!r})") from None
    raise InvalidNotationError(
        f"not a Dummy action: {text!r} (D, C<i> <meld>, M <meld>, L <card>><meld>, X <card>, K <card> ..., -)"
    )


def action_text(a: DummyAction) -> str:
    return a.text()
