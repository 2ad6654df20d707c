"""One-entry caches of the Contract rules: the last question asked and its answer.

Why: the table, and a go-down under way, stay the same object from state to state until a card
is put down, so remembering the *last* answer nearly always hits, and costs one comparison
instead of a dictionary of every table ever seen. Several modules keep such a slot
(``melds.table_summary``, ``deepcard``'s table reach, ``pickups``' deep pick-up reach,
``staging``'s go-down walk); they all use :class:`LastAsked`, so the one argument for their
safety lives here.

Why it is safe for the server's worker threads (``GameSpec.slow_moves`` lists moves in threads):
the slot holds one immutable pair, read once (:meth:`LastAsked.get`, or ``slot.pair`` read
into a local) and replaced whole
(:meth:`LastAsked.put`), so a thread sees either the old pair or the new one, never one
question with another question's answer. The answers stored must be values: immutable, or, like
staging's walk, grown only with entries that are a function of their key (two threads that fill
the same entry write equal values). ``tests/games/contract/test_lastasked.py`` races threads
on one slot; ``tests/engine/test_threads.py`` races the rules themselves.
"""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LastAsked(Generic[K, V]):
    """The last key asked about and its answer. :meth:`get` compares keys by identity (a table is
    a tuple held here, so ``is`` means the very same immutable melds); :meth:`get_equal` by
    equality, for keys that are rebuilt but often equal (states)."""

    __slots__ = ("pair",)

    def __init__(self, key: K, answer: V) -> None:
        #: ``(key, answer)``, replaced whole. The hottest callers read it themselves, once
        #: (``last = slot.pair``), and compare ``last[0] is key``: the same as :meth:`get` without
        #: a method call, which a lookup made several times an action notices.
        self.pair = (key, answer)

    def get(self, key: K) -> V | None:
        """The answer for this very ``key`` object, or ``None`` when another key was asked last."""
        pair = self.pair
        return pair[1] if pair[0] is key else None

    def get_equal(self, key: K) -> V | None:
        """The answer for a key equal to ``key``, or ``None``."""
        pair = self.pair
        return pair[1] if pair[0] is key or pair[0] == key else None

    def put(self, key: K, answer: V) -> V:
        """Remember ``answer`` for ``key`` (replacing the pair whole) and return it."""
        self.pair = (key, answer)
        return answer
