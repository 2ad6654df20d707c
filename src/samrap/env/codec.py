"""Action codecs: every legal action of a game under one config <-> a fixed integer id (for RL).

Integer ids exist only here (DESIGN §7.5): the games speak typed actions. A codec splits its id
range ``0 .. num_actions-1`` into named :class:`Segment` s (draw, collect, meld, ...), each a
documented block whose position inside the block is computed from the action's fields, so an id
means the same thing in every state of every game under that config. Ids that need the state to
be turned back into an action (a Dummy collect names its meld; the row index follows from the
row) are decoded against the state.

A codec is a *bijection on legal actions*: in every state, distinct legal actions get distinct
ids and ``decode(state, encode(state, a)) == a``. The one documented exception is a cap on how
many variants of one combinatorial action get an id (``docs/env.md``); actions past the cap are
left out of the mask and :meth:`encode` raises :class:`CodecError` for them.

The legal actions a codec numbers are the game's ``legal_moves`` (a Contract go-down whole,
rule 22, ranked among the state's legal go-downs), which the environments step, not its
``legal_actions`` (Contract's go-down a meld at a time): so an id names the same move as before
the game split its go-downs into steps, and a policy trained on the ids keeps its meaning.

This module is pure Python (no numpy): the masks are built by the encoders in ``samrap.env``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

S_contra = TypeVar("S_contra", contravariant=True)
A = TypeVar("A")


class CodecError(ValueError):
    """An action has no id under this codec (past a documented cap), or an id names no action here."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One block of ids: ``start .. start+size-1``, what the ids of the block mean, and how."""

    name: str
    start: int
    size: int
    layout: str

    @property
    def stop(self) -> int:
        return self.start + self.size

    def __contains__(self, i: object) -> bool:
        return isinstance(i, int) and self.start <= i < self.stop


class ActionCodec(Protocol[S_contra, A]):
    """What the environments need from a game's codec."""

    @property
    def num_actions(self) -> int: ...

    @property
    def segments(self) -> tuple[Segment, ...]: ...

    def legal_map(self, s: S_contra, legal: Sequence[A]) -> dict[int, A]:
        """Id -> action for the legal actions ``legal`` of ``s`` (capped variants left out)."""
        ...

    def encode(self, s: S_contra, a: A) -> int: ...

    def decode(self, s: S_contra, i: int) -> A: ...

    def describe(self, i: int) -> str: ...


def segment_of(segments: Sequence[Segment], i: int) -> Segment:
    """The segment holding id ``i``.

    Raises:
        CodecError: ``i`` is outside every segment.
    """
    for seg in segments:
        if seg.start <= i < seg.stop:
            return seg
    raise CodecError(f"action id {i} is out of range 0..{segments[-1].stop - 1}")


def layout_table(segments: Sequence[Segment]) -> str:
    """The segments as a Markdown table (what ``docs/env.md`` shows)."""
    lines = ["| ids | segment | id within the segment |", "| --- | --- | --- |"]
    for seg in segments:
        if seg.size:
            lines.append(f"| {seg.start}..{seg.stop - 1} | {seg.name} | {seg.layout} |")
    return "\n".join(lines)
