"""Perft counts for Thai Dummy, cross-checked against a naive oracle (DESIGN §7.9.1).

``tests/data/perft/dummy.perft`` holds positions in python-chess style::

    id <name>
    position <full position string>
    perft <depth> <count>

Every position string carries its deck order, so draws are deterministic. ``perft(s, d)`` counts
the legal action sequences of length ``d`` from ``s`` (a finished game has none, so it adds 0 for
``d > 0``); a turn's melds, lay-offs, the discard and the next player's draw are separate steps.
On a mismatch the test prints the sorted per-action "divide".

The naive oracle below never calls ``rules.legal_actions`` or its helpers. It re-reads the rules
from ``docs/rules/dummy.md`` and enumerates by brute force: every subset of the hand (plus the
cards a collect takes) within one suit or one rank checked with ``core.melds.is_meld``, every
discard, every way to split a knocking hand into new melds and lay-offs. Besides its own verdicts
it produces a superset of candidate actions (non-melds, wrong cards, wrong melds, wrong phases),
and checked ``rules.apply`` must accept exactly the oracle's legal set among them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.core.errors import IllegalActionError
from samrap.core.melds import is_meld
from samrap.games.dummy import DummyConfig, DummyGame, DummyState, Phase, rules
from samrap.games.dummy.actions import (
    Collect,
    Discard,
    Draw,
    DummyAction,
    Knock,
    LayOff,
    Meld,
    Pass,
    sort_key,
)

PERFT_FILE = Path(__file__).resolve().parents[2] / "data" / "perft" / "dummy.perft"

#: Depths whose counts stay at or under this many leaves run in the unit suite; bigger ones are slow.
MAX_FAST_NODES = 5_000
#: Depths cross-checked against the oracle.
ORACLE_DEPTH = 2
#: Wrong candidates put through checked ``apply`` per state (a seeded sample when there are more).
MAX_ILLEGAL_CANDIDATES = 150


# ---------------------------------------------------------------------------------------------
# The perft file


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


CASES = read_perft()


def perft(s: DummyState, depth: int) -> int:
    if depth == 0:
        return 1
    legal = rules.legal_actions(s)
    if depth == 1:
        return len(legal)
    return sum(perft(rules.apply_unchecked(s, a), depth - 1) for a in legal)


def divide(s: DummyState, depth: int) -> list[str]:
    return sorted(f"{a.text()}: {perft(rules.apply_unchecked(s, a), depth - 1)}" for a in rules.legal_actions(s))


# ---------------------------------------------------------------------------------------------
# The naive oracle


def submasks(mask: int) -> Iterator[int]:
    """Every subset of ``mask``, the empty one included."""
    sub = mask
    while True:
        yield sub
        if sub == 0:
            return
        sub = (sub - 1) & mask


def one_suit_or_rank_subsets(pool: int) -> set[int]:
    """Every subset of ``pool`` whose cards share one suit or one rank (melds are among these)."""
    out: set[int] = set()
    for part in (*SUIT_MASKS, *RANK_MASKS):
        out.update(submasks(pool & part))
    out.discard(0)
    return out


def bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _touches(a: int, b: int, ace_low: bool) -> bool:
    """Cards ``a`` and ``b`` are neighbours in one suit (an ace touches the 2 with ace_low)."""
    if a // 13 != b // 13:
        return False
    ra, rb = a % 13, b % 13
    return abs(ra - rb) == 1 or (ace_low and {ra, rb} == {0, 12})


class Oracle:
    """Rules 10-21, 30-35 and 40 re-read by brute force for the player to move in ``s``."""

    def __init__(self, s: DummyState) -> None:
        self.s = s
        self.cfg = s.config
        self.p = s.current
        self.hand = s.hands[self.p]
        limit = self.cfg.max_layoffs_per_game
        self.room = 99 if limit is None else limit - s.layoffs[self.p]

    # Lay-offs (rules 17, 40): the meld plus the group is again a meld (runs stay runs, sets get a
    # 4th card), and with layoff_on_layoff off each laid card on a run touches its owner's cards.
    def extends(self, j: int, group: int) -> bool:
        s = self.s
        meld = s.melds[j]
        if group & meld or not is_meld(meld | group, self.cfg.ace_low):
            return False
        if self.cfg.layoff_on_layoff or all(c % 13 == lowest(meld) % 13 for c in bits(meld)):
            return True
        owner = s.meld_owner[j]
        owners = meld & s.put_down[owner]
        # The group is judged as lay-offs made one by one (rule 40): some order of its cards must
        # have each touch a card of the owner already down (the owner's own laid cards count).
        for order in itertools.permutations(bits(group)):
            down = owners
            for c in order:
                if not any(_touches(c, o, self.cfg.ace_low) for o in bits(down)):
                    break
                if self.p == owner:
                    down |= 1 << c
            else:
                return True
        return False

    def shape(self, j: int) -> int:
        """The cards that could ever join meld ``j``: its rank for a set, its suit for a run."""
        meld = self.s.melds[j]
        rank = RANK_MASKS[lowest(meld) % 13]
        return rank if meld & ~rank == 0 else SUIT_MASKS[lowest(meld) // 13]

    # Knocks (rules 19, 33, 34): the whole hand but one card goes down as new melds and lay-offs.
    def knocks(self) -> tuple[set[DummyAction], set[DummyAction]]:
        legal: set[DummyAction] = set()
        cands: set[DummyAction] = set()
        hand = self.hand
        hand_melds = [m for m in one_suit_or_rank_subsets(hand) if is_meld(m, self.cfg.ace_low)]
        shapes = [self.shape(j) for j in range(len(self.s.melds))]

        def place(face: int, rest: int, melds: list[int], lays: list[tuple[int, int]]) -> None:
            if not rest:
                a = Knock(face, tuple(sorted(melds)), tuple(sorted(lays)))
                cands.add(a)
                groups: dict[int, int] = {}
                for c, j in lays:
                    groups[j] = groups.get(j, 0) | 1 << c
                if len(lays) <= self.room and all(self.extends(j, g) for j, g in groups.items()):
                    legal.add(a)
                return
            c = lowest(rest)
            for m in hand_melds:
                if m >> c & 1 and m & rest == m:
                    place(face, rest & ~m, [*melds, m], lays)
            for j, shape in enumerate(shapes):
                if shape >> c & 1:
                    place(face, rest & ~(1 << c), melds, [*lays, (c, j)])

        for face in bits(hand):
            place(face, hand & ~(1 << face), [], [])
            cands.add(Knock(face))
        return legal, cands

    # Collects (rules 12, 13, 31, 40).
    def collects(self) -> tuple[set[DummyAction], set[DummyAction]]:
        s, cfg, hand = self.s, self.cfg, self.hand
        legal: set[DummyAction] = set()
        cands: set[DummyAction] = set()
        for i, t in enumerate(s.row):
            taken = 0
            for c in s.row[i:]:
                taken |= 1 << c
            pool = hand | taken
            related = pool & (SUIT_MASKS[t // 13] | RANK_MASKS[t % 13]) & ~(1 << t)
            for sub in submasks(related):
                m = sub | 1 << t
                a = Collect(i, m)
                cands.add(a)
                if is_meld(m, cfg.ace_low) and m & hand and pool & ~m:
                    legal.add(a)
                    if i > 0:
                        cands.add(Collect(i, m | 1 << s.row[i - 1]))  # an older row card (rule 31)
            for j in range(len(s.melds) + 1):
                a = Collect(i, 0, j)
                cands.add(a)
                if cfg.collect_to_layoff and j < len(s.melds) and self.room >= 1 and self.extends(j, 1 << t):
                    legal.add(a)
        cands.add(Collect(len(s.row), 1 << s.row[-1] if s.row else 0))
        if s.phase is Phase.LAST_DRAW:
            legal = {a for a in legal if Oracle(rules.apply_unchecked(s, a)).knocks()[0]}
        return legal, cands

    def play_candidates(self) -> set[DummyAction]:
        """Melds, lay-offs and discards of every kind, right or wrong."""
        s, hand = self.s, self.hand
        cands: set[DummyAction] = set()
        for m in one_suit_or_rank_subsets(hand):
            cands.add(Meld(m))
            above = lowest(m) + 1
            if above < 52 and not hand >> above & 1:
                cands.add(Meld(m | 1 << above))  # a card not in hand
        for c in range(52):
            cands.add(Discard(c))
            for j in range(len(s.melds) + 1):
                if hand >> c & 1 or (j < len(s.melds) and self.shape(j) >> c & 1):
                    cands.add(LayOff(c, j))
        return cands

    def actions(self) -> tuple[set[DummyAction], set[DummyAction]]:
        """(the legal actions, a superset of candidate actions to check ``apply`` against)."""
        s, hand, p = self.s, self.hand, self.p
        phase = s.phase
        if phase is Phase.OVER:
            return set(), {Draw(), Pass(), *(Discard(c) for c in range(52))}
        several = hand.bit_count() >= 2
        born = s.born >> p & 1
        legal: set[DummyAction] = set()
        cands: set[DummyAction] = {Draw(), Pass()}
        col_legal, col_cands = self.collects()
        cands |= col_cands
        if phase in (Phase.PLAY, Phase.LAST_PLAY):
            knock_legal, knock_cands = self.knocks()
            cands |= knock_cands
        else:
            knock_legal = set()
            cands |= {Knock(c) for c in bits(hand)}
        cands |= self.play_candidates()
        if phase is Phase.DRAW:
            legal = {Draw(), *col_legal}
        elif phase is Phase.LAST_DRAW:
            legal = {Pass(), *col_legal}
        elif phase is Phase.LAST_PLAY:
            # Rule 35: melds and lay-offs as separate actions, each leaving a knock possible.
            legal = set(knock_legal)
            for m in one_suit_or_rank_subsets(hand):
                if is_meld(m, self.cfg.ace_low) and hand & ~m:
                    legal.add(Meld(m))
            if several and self.room >= 1:
                for c in bits(hand):
                    for j in range(len(s.melds)):
                        if self.extends(j, 1 << c):
                            legal.add(LayOff(c, j))
            legal = {a for a in legal if isinstance(a, Knock) or Oracle(rules.apply_unchecked(s, a)).knocks()[0]}
        else:
            legal = set(knock_legal)
            if several:
                legal |= {Discard(c) for c in bits(hand)}
            if born:
                for m in one_suit_or_rank_subsets(hand):
                    if is_meld(m, self.cfg.ace_low) and hand & ~m:
                        legal.add(Meld(m))
                if several and self.room >= 1:
                    for c in bits(hand):
                        for j in range(len(s.melds)):
                            if self.extends(j, 1 << c):
                                legal.add(LayOff(c, j))
        return legal, cands


def accepted(s: DummyState, a: DummyAction) -> bool:
    try:
        after = rules.apply(s, a)
    except IllegalActionError:
        return False
    assert after == rules.apply_unchecked(s, a)
    return True


def check_oracle(s: DummyState) -> set[DummyAction]:
    """Engine, oracle and checked apply agree on the legal actions of ``s``; returns them."""
    legal, cands = Oracle(s).actions()
    engine = rules.legal_actions(s)
    assert len(engine) == len(set(engine))
    missing = sorted(a.text() for a in legal - set(engine))
    extra = sorted(a.text() for a in set(engine) - legal)
    assert not missing and not extra, f"engine misses {missing}, engine extra {extra} in {s.to_string()}"
    assert legal <= cands
    illegal = sorted(cands - legal, key=sort_key)
    if len(illegal) > MAX_ILLEGAL_CANDIDATES:
        illegal = random.Random(s.to_string()).sample(illegal, MAX_ILLEGAL_CANDIDATES)
    wrong = sorted(a.text() for a in [*legal, *illegal] if accepted(s, a) != (a in legal))
    assert not wrong, f"checked apply disagrees with the oracle on {wrong} in {s.to_string()}"
    return legal


def oracle_perft(s: DummyState, depth: int) -> int:
    legal = check_oracle(s)
    if depth == 1:
        return len(legal)
    return sum(oracle_perft(rules.apply(s, a), depth - 1) for a in legal)


# ---------------------------------------------------------------------------------------------
# Tests


def test_perft_file_is_well_formed() -> None:
    names = [c.name for c in CASES]
    assert len(names) == len(set(names)) >= 10
    for case in CASES:
        s = DummyState.from_string(case.position)
        assert s.to_string() == case.position, f"{case.name}: the position string is canonical"
        assert case.counts and 1 in case.counts


def _fast_depths(case: PerftCase) -> list[int]:
    return [d for d, n in sorted(case.counts.items()) if n <= MAX_FAST_NODES]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_perft(case: PerftCase) -> None:
    s = DummyState.from_string(case.position)
    for depth in _fast_depths(case):
        got = perft(s, depth)
        if got != case.counts[depth]:
            lines = "\n".join(divide(s, depth))
            pytest.fail(f"{case.name}: perft {depth} = {got}, expected {case.counts[depth]}\ndivide:\n{lines}")


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_perft_deep(case: PerftCase) -> None:
    s = DummyState.from_string(case.position)
    for depth, count in sorted(case.counts.items()):
        assert perft(s, depth) == count, "\n".join(divide(s, depth))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_perft_matches_naive_oracle(case: PerftCase) -> None:
    s = DummyState.from_string(case.position)
    for depth in range(1, ORACLE_DEPTH + 1):
        if depth in case.counts:
            assert oracle_perft(s, depth) == case.counts[depth]


ORACLE_CONFIGS = [
    "dummy(players=2)",
    "dummy(preset=modern,players=3)",
    "dummy(players=4,ace_low=true,collect_to_layoff=true)",
    "dummy(players=3,layoff_on_layoff=false,max_layoffs_per_game=2)",
    "dummy(players=2,two_player_burn=true,ace_low=true,layoff_on_layoff=false,collect_to_layoff=true)",
]


@pytest.mark.parametrize("cfg", ORACLE_CONFIGS)
def test_oracle_on_random_games(cfg: str) -> None:
    """Depth 1 at every step of a few random games (eager players reach knocks and big collects)."""
    game = DummyGame(DummyConfig.from_string(cfg))
    for seed in range(4):
        rng = random.Random(seed)
        s = game.new_game(seed=seed)
        while True:
            legal = sorted(check_oracle(s), key=lambda a: a.text())
            if not legal:
                break
            eager = [a for a in legal if isinstance(a, Knock | Collect | Meld | LayOff)]
            s = rules.apply(s, rng.choice(eager if eager and rng.random() < 0.8 else legal))
        assert s.phase is Phase.OVER
