"""The rules' module-level caches are safe for the server's worker threads (issue 17.8).

The server lists legal moves in worker threads (``GameSpec.slow_moves``), so the caches the
rules keep (``functools`` caches of pure functions, the one-entry ``table_summary`` and pick-up
reach slots in Contract's ``melds.py`` and ``pickups.py``, Dummy's per-suit tables in
``suits.py``) are read and written by several threads at once (Contract's per-suit discard
tables in ``turn.py`` are built whole at import and only read). Each thread here walks the same
positions in its own order, so every cache is hit, missed and overwritten from all sides, and
the thread switch interval is cut to a few microseconds so that threads interleave inside the
rules; every answer must equal the one thread's answer.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from random import Random
from typing import Any

import pytest

from samrap.engine.registry import AnyGame, configure

THREADS = 6


def _positions(text: str, seeds: range, every: int) -> tuple[AnyGame, list[Any]]:
    """Positions of seeded random games of ``text``, one every ``every`` actions."""
    spec, config = configure(text)
    game = spec.make_game(config)
    out: list[Any] = []
    for seed in seeds:
        s = game.new_game(seed=seed)  # type: ignore[attr-defined]
        rng = Random(seed)
        k = 0
        while not game.is_terminal(s):
            legal = game.legal_moves(s)
            if k % every == 0:
                out.append(s)
            s = game.apply_unchecked(s, legal[rng.randrange(len(legal))])
            k += 1
    return game, out


def _texts(game: AnyGame, states: list[Any], order: list[int]) -> Iterator[tuple[int, tuple[str, ...]]]:
    for i in order:
        yield i, tuple(game.action_text(a) for a in game.legal_moves(states[i]))


@pytest.fixture
def fast_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(5e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.parametrize(
    ("text", "seeds", "every"),
    [
        ("contract(players=4)", range(3), 3),
        ("contract(players=6,buying=true)", range(2), 5),
        ("dummy(players=4)", range(4), 2),
    ],
)
@pytest.mark.usefixtures("fast_switching")
def test_legal_moves_from_several_threads_match_one_thread(text: str, seeds: range, every: int) -> None:
    game, states = _positions(text, seeds, every)
    assert len(states) > 50
    expected = dict(_texts(game, states, list(range(len(states)))))
    orders = []
    for t in range(THREADS):
        order = list(range(len(states)))
        Random(t).shuffle(order)
        orders.append(order)
    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(lambda order: dict(_texts(game, states, order)), orders))
    for got in results:
        assert got == expected
