"""Golden playthroughs (DESIGN §7.9.2, OpenSpiel ``playthroughs/``).

For a few seeds per config a seeded random player plays one whole game. Each file in
``tests/data/golden/dummy/`` records the config and seed, then for every step the full position
string, the mover's view string, the sorted legal action texts and the chosen action, and at the
end the final position, the ledger and the game scores. The test regenerates every file in memory
and diffs; ``scripts/update-golden`` rewrites them, and reviewers read the diff.
"""

from __future__ import annotations

import difflib
import random
from pathlib import Path

import pytest

from samrap.games.dummy import DummyConfig, DummyGame, DummyState
from samrap.games.dummy.actions import Collect, DummyAction, Knock, LayOff, Meld, parse_action

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "data" / "golden" / "dummy"

#: (config string, seed): 2, 3 and 4 players under both presets. Even seeds use the eager player
#: (games that end in a knock, about 15-35 steps); the seeds were picked once for what their games
#: show, so the files stay small. The odd seed is a uniform player whose game runs the stock out.
CASES: list[tuple[str, int]] = [
    ("dummy(players=2)", 28),
    ("dummy(players=3)", 12),
    ("dummy(players=3)", 80),  # ตกตึก
    ("dummy(players=4)", 7),  # the stock runs out, the last turn passes (rules 21, 35)
    ("dummy(players=4)", 26),  # dark knock, ตกตึก
    ("dummy(players=4)", 52),  # โง่, ตกตึก
    ("dummy(preset=modern,players=2)", 104),  # head melded from hand: no ปี้หัว
    ("dummy(preset=modern,players=2)", 106),  # head melded from hand (no ปี้หัว), โง่
    ("dummy(preset=modern,players=3)", 0),  # ปี้หัว paid by the feeder (4h), not the last discarder
    ("dummy(preset=modern,players=3)", 20),  # head melded from hand (no ปี้หัว), ตกตึก
    ("dummy(preset=modern,players=3)", 142),  # ทิ้งใบฝาก
    ("dummy(preset=modern,players=4)", 28),  # dark knock, head
    ("dummy(preset=modern,players=4)", 70),  # dark knock, โดนฝากสเปโต, ทิ้งใบฝาก
]

_EAGER = (Knock, Collect, Meld, LayOff)


def golden_name(cfg: str, seed: int) -> str:
    config = DummyConfig.from_string(cfg)
    preset = "modern" if "modern" in cfg else "classic"
    return f"{preset}-{config.players}p-seed{seed}.txt"


def choose(rng: random.Random, legal: list[DummyAction], seed: int) -> DummyAction:
    """The seeded random player: uniform for odd seeds; for even seeds it mostly picks a knock,
    collect, meld or lay-off when it has one (shorter games that end in knocks)."""
    if seed % 2 == 0 and rng.random() < 0.95:
        eager = [a for a in legal if isinstance(a, _EAGER)]
        if eager:
            return rng.choice(eager)
    return rng.choice(legal)


def render(cfg: str, seed: int) -> str:
    """Play the game of ``(cfg, seed)`` and write its golden text."""
    game = DummyGame(DummyConfig.from_string(cfg))
    rng = random.Random(f"golden:{cfg}:{seed}")
    s = game.new_game(seed=seed)
    lines = [
        "# Golden playthrough of samrap's Thai Dummy rules; regenerate with scripts/update-golden.",
        f"config {game.config.to_string()}",
        f"seed {seed}",
        "player seeded random (see tests/games/dummy/test_golden.py)",
    ]
    step = 0
    while not game.is_terminal(s):
        legal = game.legal_actions(s)
        a = choose(rng, legal, seed)
        lines += [
            "",
            f"step {step} seat {s.current}",
            f"position {s.to_string()}",
            f"view {game.observe(s, s.current).to_string()}",
            f"legal {len(legal)}: " + " | ".join(sorted(b.text() for b in legal)),
            f"action {a.text()}",
        ]
        s = game.apply(s, a)
        step += 1
    lines += ["", f"final {s.to_string()}"]
    lines += [f"ledger {i.seat} {i.code} {i.points:+d} {i.detail}".rstrip() for i in game.ledger(s)]
    lines.append("scores " + " ".join(f"{x:+d}" for x in game.returns(s)))
    return "\n".join(lines) + "\n"


def write_all(directory: Path = GOLDEN_DIR) -> list[Path]:
    """Rewrite every golden file (and remove stale ones); returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for cfg, seed in CASES:
        path = directory / golden_name(cfg, seed)
        path.write_text(render(cfg, seed), encoding="utf-8")
        written.append(path)
    for stale in set(directory.glob("*.txt")) - set(written):
        stale.unlink()
    return written


@pytest.mark.parametrize(("cfg", "seed"), CASES, ids=[golden_name(c, s)[:-4] for c, s in CASES])
def test_golden_playthrough(cfg: str, seed: int) -> None:
    path = GOLDEN_DIR / golden_name(cfg, seed)
    assert path.exists(), f"{path} is missing: run scripts/update-golden"
    want = path.read_text(encoding="utf-8")
    got = render(cfg, seed)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "golden", "now", lineterm="", n=1)
        shown = "\n".join(line[:240] for line in list(diff)[:40])
        pytest.fail(f"{path.name} differs from a fresh playthrough (scripts/update-golden rewrites it):\n{shown}")


def test_golden_files_replay() -> None:
    """Each file is self-consistent: its positions, actions and final state replay with checked apply."""
    for cfg, seed in CASES:
        text = (GOLDEN_DIR / golden_name(cfg, seed)).read_text(encoding="utf-8")
        s: DummyState | None = None
        game = DummyGame(DummyConfig.from_string(cfg))
        for line in text.splitlines():
            key, _, value = line.partition(" ")
            if key == "position":
                here = DummyState.from_string(value)
                assert s is None or here == s
                s = here
            elif key == "action":
                assert s is not None
                s = game.apply(s, parse_action(value))
            elif key == "final":
                assert s is not None and game.is_terminal(s) and s == DummyState.from_string(value)
            elif key == "scores":
                assert s is not None and value.split() == [f"{x:+d}" for x in game.returns(s)]


def test_no_stray_golden_files() -> None:
    names = {golden_name(c, s) for c, s in CASES}
    assert {p.name for p in GOLDEN_DIR.glob("*")} == names
    assert sum(p.stat().st_size for p in GOLDEN_DIR.glob("*")) < 600_000, "keep the goldens small"
