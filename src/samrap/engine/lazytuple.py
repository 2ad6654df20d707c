"""A tuple made only when first read: the runner's results hold their raw parts until then.

The match runner keeps what it applied (action objects, the game's own ledger items) and hands
out sequences that turn them into record form (action texts, ledger lines) only when something
reads them: a record, a replay or a person does, while ``samrap simulate``, which only counts
and adds up, never does. Each such sequence behaves as the tuple it stands for: it equals any
tuple or list of the same items, hashes as that tuple, prints as it and travels to other
processes as a plain tuple. Subclasses say how the tuple is made (``_all``) and how long it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")


class LazyTuple(Sequence[T]):
    """The sequence protocol and tuple semantics over ``_all()``, the tuple made once."""

    __slots__ = ()

    def _all(self) -> tuple[T, ...]:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self._all()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyTuple | tuple | list):
            return self._all() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return repr(self._all())

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self._all(),))
