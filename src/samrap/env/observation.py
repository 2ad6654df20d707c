"""Flat observation vectors made of named slices (OpenSpiel observer ``pieces``), for both games.

An :class:`ObsLayout` is a list of ``(name, shape, meaning)`` pieces laid end to end in one flat
``float32`` vector; ``layout.views(vector)`` gives a dict of reshaped numpy views onto it. The
game encoders (``encode_dummy``, ``encode_contract``) fill the pieces from a seat's *view* only,
never from a state, so hidden cards cannot leak into an observation.

Card planes use the game's card order (``suit*13 + rank``, suits ``c d h s``, ranks 2..A).
Seat pieces are *relative*: slot 0 is the observing seat, slot ``k`` the seat ``k`` places after it
in seat-number order (the direction of play is its own piece).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Piece:
    name: str
    shape: tuple[int, ...]
    meaning: str
    start: int

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        return self.start + self.size


class ObsLayout:
    """Named pieces of one flat vector."""

    def __init__(self, pieces: Sequence[tuple[str, tuple[int, ...], str]]) -> None:
        out: list[Piece] = []
        start = 0
        for name, shape, meaning in pieces:
            p = Piece(name, shape, meaning, start)
            out.append(p)
            start = p.stop
        self.pieces = tuple(out)
        self.size = start
        self.by_name = {p.name: p for p in out}

    def zeros(self) -> Vector:
        return np.zeros(self.size, dtype=np.float32)

    def views(self, vector: Vector) -> dict[str, Vector]:
        """Reshaped views of ``vector`` by piece name (writes go through to the vector)."""
        return {p.name: vector[p.start : p.stop].reshape(p.shape) for p in self.pieces}

    def table(self) -> str:
        """The layout as a Markdown table (``docs/env.md``)."""
        lines = ["| slice | offset | shape | meaning |", "| --- | --- | --- | --- |"]
        for p in self.pieces:
            shape = "×".join(map(str, p.shape))
            lines.append(f"| `{p.name}` | {p.start} | {shape} | {p.meaning} |")
        return "\n".join(lines)


#: Byte value -> its 8 bits as float32, low bit first (a gather beats unpackbits + astype).
_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(np.float32)


def bits_to_vector(big: int, size: int) -> Vector:
    """The low ``size`` bits of ``big`` as a ``float32`` 0/1 vector (bit ``i`` at index ``i``)."""
    raw = np.frombuffer(big.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    out: Vector = _BYTE_BITS.take(raw, axis=0, mode="clip").ravel()[:size]
    return out


def bits_into(big: int, rows: Vector) -> None:
    """Write the bits of ``big`` into ``rows``, a ``(k, 8)`` ``float32`` view (bit ``i`` at flat
    index ``i``; every one of the ``8 k`` entries is written; ``big`` must be below ``2 ** (8 k)``).

    Straight into the view: ``take`` with ``out`` and ``mode="clip"`` (a byte never needs the
    clip) is not buffered, about half the time of building the vector and assigning it.
    """
    raw = np.frombuffer(big.to_bytes(len(rows), "little"), dtype=np.uint8)
    _BYTE_BITS.take(raw, axis=0, out=rows, mode="clip")
