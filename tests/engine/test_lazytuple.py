"""A lazy result behaves as the tuple it stands for (engine/lazytuple.py): records compare them."""

from __future__ import annotations

import pickle

from samrap.engine.lazytuple import LazyTuple


class Squares(LazyTuple[int]):
    """The squares below ``n``, counting how often the tuple is made."""

    __slots__ = ("_made", "made", "n")

    def __init__(self, n: int) -> None:
        self.n, self.made = n, 0
        self._made: tuple[int, ...] | None = None

    def _all(self) -> tuple[int, ...]:
        if self._made is None:
            self.made += 1
            self._made = tuple(k * k for k in range(self.n))
        return self._made


def test_it_reads_as_the_tuple_and_makes_it_once() -> None:
    s = Squares(5)
    assert s.made == 0  # nothing made until read
    assert len(s) == 5 and s[2] == 4 and s[-1] == 16 and s[1:3] == (1, 4) and list(s) == [0, 1, 4, 9, 16]
    assert 9 in s and s.index(9) == 3 and s.count(4) == 1
    assert s.made == 1


def test_it_equals_hashes_and_prints_as_the_tuple() -> None:
    s, t = Squares(4), (0, 1, 4, 9)
    assert s == t and t == s and s == list(t) and s == Squares(4)
    assert s != (0, 1, 4) and s != Squares(3)
    by_tuple: dict[object, int] = {s: 1}
    assert hash(s) == hash(t) and by_tuple[t] == 1
    assert repr(s) == repr(t)
    assert s.__eq__("0149") is NotImplemented  # other kinds are not compared by content


def test_it_travels_as_a_plain_tuple() -> None:
    back = pickle.loads(pickle.dumps(Squares(3)))
    assert type(back) is tuple and back == (0, 1, 4)
