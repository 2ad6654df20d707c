"""The positions of ``bench/data/contract_slow_positions.txt`` list the same legal actions as before.

Their listings once took seconds to a minute (docs/performance.md, "Known slow positions"). The
digests below (SHA-256 of the ``repr`` of the list of the actions' ``sort_key`` tuples, in order:
every field of every action) were taken from the engine as it was then, before the rule-30
shortcuts and the go-down listing changes. Timing belongs to ``bench.contract_slow_positions``;
this only pins the lists. The five biggest (15,000-95,000 actions) run with ``-m slow``.

Lines 10-15 are issue 16.2's: positions where ``legal_actions`` (the go-down chosen a meld at a
time) took 5-12 ms, met by ``bench.contract_hunt`` (deals 4020, 7205, 8245, 9188, 14665 and 15784;
the first field is that hunt's first-call time of ``legal_actions``, the count that of
``legal_moves``): two draws of deep pick-ups and four first-meld listings with the deep card
owed (rules 12, 24, 30). Both lists of those are pinned, from the engine before the staging
shortcuts that made them fast (``staging._Completions``: live deep-card paths).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from samrap.games.contract import staging
from samrap.games.contract.actions import ContractAction, sort_key
from samrap.games.contract.rules import legal_actions, legal_moves
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
    10: (26, "5da8f46e4f156775"),
    11: (22, "d961f76220ad1759"),
    12: (1346, "2ce2d16e5c0777c4"),
    13: (6333, "dcaabbae782557fc"),
    14: (3504, "f3c534656c95dab4"),
    15: (150, "60818450a0ce1c0f"),
}
#: line: (number of legal_actions, digest), for the positions found slow by that list
EXPECTED_ACTIONS = {
    10: (26, "5da8f46e4f156775"),
    11: (22, "d961f76220ad1759"),
    12: (58, "fd25ff760c5181c2"),
    13: (39, "f5322064fb37d27b"),
    14: (40, "20397b8961473fac"),
    15: (7, "110d016ffd81816f"),
}
BIG = (2, 4, 5, 7, 8)


def _state(line: int) -> tuple[ContractState, int]:
    _, count, text = DATA.read_text().splitlines()[line - 1].split(" ", 2)
    return ContractState.from_string(text.removeprefix("legal | ")), int(count)


def _digest(legal: list[ContractAction]) -> tuple[int, str]:
    keys = [sort_key(a) for a in legal]
    return len(keys), hashlib.sha256(repr(keys).encode()).hexdigest()[:16]


def _check(line: int) -> None:
    s, count = _state(line)
    assert _digest(legal_moves(s)) == EXPECTED[line]
    assert EXPECTED[line][0] == count


@pytest.mark.parametrize("line", [k for k in EXPECTED if k not in BIG])
def test_slow_position(line: int) -> None:
    _check(line)


@pytest.mark.slow
@pytest.mark.parametrize("line", BIG)
def test_big_slow_position(line: int) -> None:
    _check(line)


@pytest.mark.parametrize("line", sorted(EXPECTED_ACTIONS))
def test_slow_action_listing(line: int) -> None:
    """Rules 12, 22, 24 and 30: the decision steps of the positions once slow to list them."""
    s, _ = _state(line)
    assert _digest(legal_actions(s)) == EXPECTED_ACTIONS[line]
    staging._last.put(None, None)  # (and again with nothing prepared for the state)
    assert _digest(legal_actions(s)) == EXPECTED_ACTIONS[line]


def test_every_line_is_pinned() -> None:
    assert len(DATA.read_text().splitlines()) == len(EXPECTED)
