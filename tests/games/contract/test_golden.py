"""Golden playthroughs (DESIGN §7.9.2, OpenSpiel ``playthroughs/``).

For a few (config, deal, seed) cases a seeded eager random player (see ``sim.choose``) plays one
whole deal. Each file in ``tests/data/golden/contract/`` records the config, seed and deal, then
for every step the full position string, the mover's view string, the sorted legal action texts
and the chosen action, and at the end the final position, the ledger and the deal's penalty
points. The test regenerates every file in memory and diffs;
``python -m tests.games.contract.test_golden --write`` rewrites them, and reviewers read the diff.
"""

from __future__ import annotations

import difflib
import random
import sys
from pathlib import Path

import pytest

from samrap.games.contract import ContractConfig, ContractGame, ContractState
from samrap.games.contract.actions import parse_action
from tests.games.contract.sim import choose

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "data" / "golden" / "contract"

#: (config string, deal number, seed), picked once for what their deals show.
CASES: list[tuple[str, int, int]] = [
    ("contract(players=3)", 2, 12),  # deep pick-ups, going down with a joker, an exchange, out
    ("contract(preset=liverpool,players=3)", 2, 8),  # claim windows and buys, an exchange, out
]


def golden_name(cfg: str, deal: int, seed: int) -> str:
    config = ContractConfig.from_string(cfg)
    preset = "liverpool" if "liverpool" in cfg else "pagat" if "pagat" in cfg else "seed"
    return f"{preset}-{config.players}p-deal{deal}-seed{seed}.txt"


def render(cfg: str, deal: int, seed: int) -> str:
    """Play the deal of ``(cfg, deal, seed)`` and write its golden text."""
    game = ContractGame(ContractConfig.from_string(cfg))
    rng = random.Random(f"golden:{cfg}:{deal}:{seed}")
    s = game.new_game(seed=seed, deal_number=deal)
    lines = [
        "# Golden playthrough of samrap's Contract Rummy rules; regenerate with",
        "# python -m tests.games.contract.test_golden --write",
        f"config {game.config.to_string()}",
        f"seed {seed}",
        f"deal {deal}",
        "player seeded eager random (see tests/games/contract/sim.py)",
    ]
    step = 0
    while not game.is_terminal(s):
        legal = game.legal_moves(s)
        a = choose(rng, legal, eager=True)
        mover = game.current_player(s)
        lines += [
            "",
            f"step {step} seat {mover}",
            f"position {s.to_string()}",
            f"view {game.observe(s, mover).to_string()}",
            f"legal {len(legal)}: " + " | ".join(sorted(b.text() for b in legal)),
            f"action {a.text()}",
        ]
        s = game.apply(s, a, mover)
        step += 1
    lines += ["", f"final {s.to_string()}"]
    lines += [f"ledger {i.seat} {i.code} {i.points:+d} {i.detail}".rstrip() for i in game.ledger(s)]
    lines.append("penalties " + " ".join(str(x) for x in game.returns(s)))
    return "\n".join(lines) + "\n"


def write_all(directory: Path = GOLDEN_DIR) -> list[Path]:
    """Rewrite every golden file (and remove stale ones); returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for case in CASES:
        path = directory / golden_name(*case)
        path.write_text(render(*case), encoding="utf-8")
        written.append(path)
    for stale in set(directory.glob("*.txt")) - set(written):
        stale.unlink()
    return written


@pytest.mark.parametrize("case", CASES, ids=[golden_name(*c)[:-4] for c in CASES])
def test_golden_playthrough(case: tuple[str, int, int]) -> None:
    path = GOLDEN_DIR / golden_name(*case)
    assert path.exists(), f"{path} is missing: run python -m tests.games.contract.test_golden --write"
    want = path.read_text(encoding="utf-8")
    got = render(*case)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "golden", "now", lineterm="", n=1)
        shown = "\n".join(line[:240] for line in list(diff)[:40])
        pytest.fail(f"{path.name} differs from a fresh playthrough:\n{shown}")


def test_golden_files_replay() -> None:
    """Each file is self-consistent: its positions, actions and final state replay with checked apply."""
    for case in CASES:
        text = (GOLDEN_DIR / golden_name(*case)).read_text(encoding="utf-8")
        game = ContractGame(ContractConfig.from_string(case[0]))
        s: ContractState | None = None
        for line in text.splitlines():
            key, _, value = line.partition(" ")
            if key == "position":
                here = ContractState.from_string(value)
                assert s is None or here == s
                s = here
            elif key == "action":
                assert s is not None
                s = game.apply(s, parse_action(value))
            elif key == "final":
                assert s is not None and game.is_terminal(s) and s == ContractState.from_string(value)
            elif key == "penalties":
                assert s is not None and value.split() == [str(x) for x in game.returns(s)]


def test_no_stray_golden_files() -> None:
    names = {golden_name(*c) for c in CASES}
    assert {p.name for p in GOLDEN_DIR.glob("*")} == names
    assert sum(p.stat().st_size for p in GOLDEN_DIR.glob("*")) < 600_000, "keep the goldens small"


if __name__ == "__main__" and "--write" in sys.argv:
    for p in write_all():
        print(f"wrote {p}")
