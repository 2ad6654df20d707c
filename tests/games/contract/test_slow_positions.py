"""The positions of ``bench/data/contract_slow_positions.txt`` list the same legal actions as before.

Their listings once took seconds to a minute (docs/performance.md, "Known slow positions"). The
digests below (SHA-256 of the ``repr`` of the list of the actions' ``sort_key`` tuples, in order:
every field of every action) were taken from the engine as it was then, before the rule-30
shortcuts and the go-down listing changes. Timing belongs to ``bench.contract_slow_positions``;
this only pins the lists. The five biggest (15,000-95,000 actions) run with ``-m slow``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from samrap.games.contract.actions import sort_key
from samrap.games.contract.rules import legal_moves
from samrap.games.contract.state import ContractState

DATA = Path(__file__).parents[3] / "bench" / "data" / "contract_slow_positions.txt"

#: line of the data file (1-based): (number of legal actions, digest of their texts)
EXPECTED = {
    1: (7614, "2bd5ea00c01a9334"),
    2: (95719, "5bc14a7f7fa18e5c"),
    3: (29, "90c6ae6246b9b1e1"),
    4: (60300, "98ada00738dc7034"),
    5: (18379, "08aa73e6a7d59804"),
    6: (15520, "7165c19a014f3346"),
    7: (19386, "a2be7fd639211d52"),
    8: (15560, "6ece6ace87529c69"),
    9: (13, "7a3c47ffa64722f4"),
}
BIG = (2, 4, 5, 7, 8)


def _check(line: int) -> None:
    _, count, text = DATA.read_text().splitlines()[line - 1].split(" ", 2)
    s = ContractState.from_string(text.removeprefix("legal | "))
    legal = [sort_key(a) for a in legal_moves(s)]
    want_count, want_digest = EXPECTED[line]
    assert len(legal) == want_count == int(count)
    assert hashlib.sha256(repr(legal).encode()).hexdigest()[:16] == want_digest


@pytest.mark.parametrize("line", [k for k in EXPECTED if k not in BIG])
def test_slow_position(line: int) -> None:
    _check(line)


@pytest.mark.slow
@pytest.mark.parametrize("line", BIG)
def test_big_slow_position(line: int) -> None:
    _check(line)


def test_every_line_is_pinned() -> None:
    assert len(DATA.read_text().splitlines()) == len(EXPECTED)
