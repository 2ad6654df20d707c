"""The one-entry caches of the Contract rules (``lastasked.LastAsked``) under racing threads.

Every slot the rules keep (``melds.table_summary``, ``deepcard``'s table reach, ``pickups``'
pick-up reach, ``staging``'s go-down walk) is a :class:`LastAsked`, so this is the check of
their one safety argument: a thread never gets one key's answer for another key, however the
threads interleave between :meth:`get` and :meth:`put`.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

from samrap.games.contract import deepcard, melds, pickups, staging
from samrap.games.contract.lastasked import LastAsked

THREADS = 6
ROUNDS = 4000


@pytest.fixture
def fast_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(5e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _race(slot: LastAsked[tuple[int, ...], tuple[int, ...]], keys: list[tuple[int, ...]], equal: bool) -> list[str]:
    """Each thread asks every key in its own order, answering a miss with the key's own answer
    (``key * 2``); the wrong answers any thread saw."""
    wrong: list[str] = []
    start = threading.Barrier(THREADS)

    def work(t: int) -> None:
        start.wait()
        for i in range(ROUNDS):
            key = keys[(i * (t + 1) + t) % len(keys)]
            got = slot.get_equal(key) if equal else slot.get(key)
            if got is None:
                got = slot.put(key, key * 2)
            if got != key * 2:
                wrong.append(f"thread {t} asked {key} and got {got}")

    threads = [threading.Thread(target=work, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return wrong


@pytest.mark.usefixtures("fast_switching")
@pytest.mark.parametrize("equal", [False, True])
def test_racing_threads_never_get_another_keys_answer(equal: bool) -> None:
    keys: list[tuple[int, ...]] = [(i, i + 1) for i in range(7)]
    slot: LastAsked[tuple[int, ...], tuple[int, ...]] = LastAsked((), ())
    assert _race(slot, keys, equal) == []


def test_identity_and_equality() -> None:
    """``get`` answers only the very key object; ``get_equal`` any equal key; ``put`` replaces."""
    key = (1, 2)
    slot: LastAsked[tuple[int, ...], str] = LastAsked(key, "a")
    same_value = tuple([1, 2])
    assert slot.get(key) == "a"
    assert slot.get(same_value) is None
    assert slot.get_equal(same_value) == "a"
    assert slot.put(same_value, "b") == "b"
    assert slot.get(key) is None
    assert slot.get(same_value) == "b"


def test_every_slot_of_the_rules_is_a_last_asked() -> None:
    """The four slots of the rules are :class:`LastAsked` (no hand-rolled list slot is left)."""
    slots = [melds._last_summary, deepcard._last_table, pickups._last_reach, staging._last]
    assert all(isinstance(s, LastAsked) for s in slots)
