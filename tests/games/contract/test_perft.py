"""Perft counts for Contract Rummy, cross-checked against a naive oracle (DESIGN §7.9.1).

``tests/data/perft/contract.perft`` holds positions in python-chess style::

    id <name>
    position <full position string>
    perft <depth> <count>

Every position string carries its stock order and reshuffle seed, so draws are deterministic.
``perft(s, d)`` counts the legal action sequences of length ``d`` from ``s`` (a finished deal has
none, so it adds 0 for ``d > 0``); every draw, claim answer, go-down, lay-off, exchange and discard
is one step. On a mismatch the test prints the sorted per-action "divide".

The oracle (``oracle.py``) never calls the engine's move generation: at every node up to
``ORACLE_DEPTH`` its brute-force legal set must equal ``rules.legal_moves``, and checked
``rules.apply`` must accept exactly that set among the oracle's superset of candidates.
Regenerate the file after a deliberate rules change with
``python -m tests.games.contract.test_perft --write`` and read the diff.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from samrap.core.errors import IllegalActionError
from samrap.games.contract import ContractConfig, ContractGame, ContractState, rules
from samrap.games.contract.state import Phase
from tests.games.contract.oracle import Oracle

PERFT_FILE = Path(__file__).resolve().parents[2] / "data" / "perft" / "contract.perft"

#: Depths whose counts stay at or under this many leaves run in the unit suite; bigger ones are slow.
MAX_FAST_NODES = 3_000
#: Depths cross-checked against the oracle.
ORACLE_DEPTH = 2


@dataclass
class PerftCase:
    name: str
    position: str
    counts: dict[int, int] = field(default_factory=dict)


def read_perft(path: Path = PERFT_FILE) -> list[PerftCase]:
    cases: list[PerftCase] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            cases.append(PerftCase(value, ""))
        elif key == "position":
            cases[-1].position = value
        elif key == "perft":
            depth, count = value.split()
            cases[-1].counts[int(depth)] = int(count)
        else:
            raise ValueError(f"unknown perft line {line!r}")
    return cases


def perft(s: ContractState, depth: int) -> int:
    if depth == 0:
        return 1
    legal = rules.legal_moves(s)
    if depth == 1:
        return len(legal)
    return sum(perft(rules.apply_unchecked(s, a), depth - 1) for a in legal)


def divide(s: ContractState, depth: int) -> list[str]:
    return sorted(f"{a.text()}: {perft(rules.apply_unchecked(s, a), depth - 1)}" for a in rules.legal_moves(s))


CASES = read_perft() if PERFT_FILE.exists() else []


def _fast(case: PerftCase) -> list[int]:
    return [d for d, n in sorted(case.counts.items()) if n <= MAX_FAST_NODES]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_perft_counts(case: PerftCase) -> None:
    s = ContractState.from_string(case.position)
    assert s.to_string() == case.position
    for depth in _fast(case):
        got = perft(s, depth)
        if got != case.counts[depth]:
            shown = "\n".join(divide(s, depth))
            pytest.fail(f"{case.name} depth {depth}: {got} != {case.counts[depth]}\n{shown}")


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_perft_counts_deep(case: PerftCase) -> None:
    s = ContractState.from_string(case.position)
    for depth, count in sorted(case.counts.items()):
        assert perft(s, depth) == count, f"{case.name} depth {depth}"


def _oracle_nodes(s: ContractState, depth: int) -> list[ContractState]:
    out = [s]
    frontier = [s]
    for _ in range(depth):
        frontier = [rules.apply_unchecked(t, a) for t in frontier for a in rules.legal_moves(t)]
        out.extend(frontier)
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_perft_against_the_oracle(case: PerftCase) -> None:
    s = ContractState.from_string(case.position)
    for node in _oracle_nodes(s, ORACLE_DEPTH):
        oracle = Oracle(node)
        want = oracle.legal()
        got = set(rules.legal_moves(node))
        assert got == want, (
            f"{case.name}: engine-only {sorted(a.text() for a in got - want)}, "
            f"oracle-only {sorted(a.text() for a in want - got)}\n{node.to_string()}"
        )
        if node.phase is Phase.OVER:
            continue
        for a in oracle.candidates():
            if a in want:
                rules.apply(node, a)
            else:
                with pytest.raises(IllegalActionError):
                    rules.apply(node, a)


# ---------------------------------------------------------------------------------------------
# Writing the file


def _positions() -> list[tuple[str, str, ContractState] | tuple[str, str, ContractState, int]]:
    """(name, comment, position[, deepest depth to count]) of every perft case."""
    from tests.games.contract.builders import position

    liverpool3 = ContractConfig.from_string("contract(preset=liverpool,players=3)")
    pos: list[tuple[str, str, ContractState] | tuple[str, str, ContractState, int]] = [
        (
            "opening-3p",
            "A fresh 3-player deal 1: draw or take the upcard.",
            ContractGame(ContractConfig(players=3)).new_game(seed=1),
        ),
        (
            "deep-pickup",
            "Seat 0 (not down, two sets) may take the top 4d, or dig down to 7h and go down with it (rule 12).",
            position(["7c7d 9c9d9s 2h Kd 5s", "Jd' 3c", "Qd' 8s"], pile="5c 7h 3s 4d", stock="Ah 6h 2d"),
        ),
        (
            "jokers-down",
            "Seat 0 is down with a joker; seat 1's run has a joker as 7h and seat 0 holds a 7h (rule 16).",
            position(
                ["7h *0 2c Kd", "4s 9d", "Qd' 8s"],
                deal=1,
                down=[0, 1],
                melds=["1:5h6h*1=7h", "1:9c9h9s", "0:4c4d4h", "0:TcTdTh"],
                pile="3d Js",
                stock="Ad 2s 6c",
            ),
        ),
        (
            "forbidden-face",
            "Seat 0 is down holding only 9c; the top discard is 9c' (rules 25, 30).",
            position(
                ["9c", "4s 9d'", "Qd' 8s"], deal=3, down=[0], melds=["1:6c7c8c", "1:9d9h9s"], pile="9c'", stock="Ah"
            ),
        ),
        (
            "stock-runs-out",
            "One stock card left: the next turn starts with a reshuffle (rule 28). Seat 2 holds the spare cards.",
            position(["2c 5d 8h", "9h 4s Jc", "Kd 7c 3s"], pile="3h 8c", stock="Ah", rest="seat2", seed=42),
            4,
        ),
        (
            "last-reshuffle",
            "Both reshuffles used: the next empty stock ends the deal (rule 28). Seat 2 holds the spare cards.",
            position(["2c 5d 8h", "9h 4s Jc", "Kd 7c 3s"], pile="3h 8c", stock="Ah", rest="seat2", reshuffles=2),
            4,
        ),
        (
            "claim-window",
            "Liverpool: declining the top discard offers it to seats 1 and 2 in turn.",
            position(["2c 5d 9s", "9h 4s 8c", "Kd 7c 3d"], pile="Qh", stock="Ah 6d Tc 2s", config=liverpool3),
        ),
        (
            "deal7-out",
            "Deal 7: three runs of different suits, going out at once with no discard (rule 17).",
            position(["2c3c4c 5d6d7d8d 9sTsJsQs *0", "9h 4h", "Kd 7h"], deal=7, pile="5c", stock="Ks 2h"),
        ),
        (
            "melds-after-down",
            "melds_after_down: after going down seat 0 may also put down 2c2d2s.",
            position(
                ["4c4d4h 6s6d6h 2c2d2s Kd", "9h 4s", "Qd' 8s"],
                deal=1,
                phase="play",
                config=ContractConfig(players=3, melds_after_down=True),
            ),
        ),
        (
            "melds-after-down-min-run-4",
            "melds_after_down with min_run=4: seat 0 (down) may meld 5h6h7h8h but not 5h6h7h.",
            position(
                ["5h6h7h8h 2c", "9s 4s", "Qd' 8d"],
                deal=1,
                phase="play",
                down=[0],
                melds=["0:5c5d5s", "0:7c7d7s"],
                config=ContractConfig(players=3, melds_after_down=True, min_run=4),
            ),
        ),
        (
            "not-adjacent",
            "same_suit_runs=not_adjacent: two heart runs may go down unless they would join (rule 27).",
            position(
                ["2h3h4h 5h6h7h 3h'4h'5h' Kd", "9s 4s", "Qd' 8s"],
                deal=3,
                phase="play",
                config=ContractConfig(players=3, same_suit_runs="not_adjacent"),
            ),
        ),
        (
            "pagat-exact",
            "pagat: runs of exactly 4 and sets of exactly 3 in the contract; top discard only.",
            position(
                ["7c7d7h7s 4s5s6s7s'8s Kd", "9h 4h", "Qd' 8d", "2c 3d"],
                deal=2,
                pile="3s 9c",
                config=ContractConfig.from_string("contract(preset=pagat)"),
            ),
        ),
        (
            "any-suits",
            "set_suits=any: sets repeat suits (two 7c, two 9h); a joker's suit in such a set is fixed (rules 8, 26).",
            position(
                ["7c7c'7d 9h9h'9s *0 Kd", "9c 4h", "Qd' 8d"],
                deal=1,
                pile="3s 7s",
                config=ContractConfig(players=3, set_suits="any"),
            ),
        ),
        (
            "any-suits-layoffs",
            "set_suits=any, down: every card of a set's rank lays off on it, twice the same face too.",
            position(
                ["7c' 7h' 7s *0 2d", "Jd'", "Qd'"],
                deal=1,
                phase="play",
                down=[0],
                melds=["1:7c7d7h", "1:9c9d9h"],
                config=ContractConfig(players=3, set_suits="any"),
            ),
        ),
        (
            "pagat-any",
            "pagat (ten_card_deals=3, set_suits=any): deal 4, three sets of exactly 3 in any suits.",
            position(
                ["5c5c'5d 8h8h'8s Jd Jd' *0 2s", "9h 4h", "Qd' 8d", "2c 3d"],
                deal=4,
                pile="3s Js",
                config=ContractConfig.from_string("contract(preset=pagat,ten_card_deals=3,set_suits=any)"),
            ),
        ),
    ]
    return pos


def write_perft(path: Path = PERFT_FILE, max_nodes: int = 60_000, max_depth: int = 6) -> None:
    lines = [
        "# Contract Rummy perft: legal action sequences of each length from fixed positions (stock order",
        "# and reshuffle seed included). Counts come from rules.legal_moves, cross-checked to depth 2",
        "# against the naive oracle in tests/games/contract/oracle.py. Depths above 3,000 leaves run only",
        "# with -m slow. Regenerate: python -m tests.games.contract.test_perft --write",
    ]
    for name, comment, s, *deepest in _positions():
        lines += ["", f"# {comment}", f"id {name}", f"position {s.to_string()}"]
        for depth in range(1, (deepest[0] if deepest else max_depth) + 1):
            n = perft(s, depth)
            lines.append(f"perft {depth} {n}")
            if n > max_nodes or n == 0:
                break
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__" and "--write" in sys.argv:
    write_perft()
    print(f"wrote {PERFT_FILE}")
