"""How often an opponent's hand shows each tell of ``players/heuristic/dummy_reading.py``: in
their true hand, in a uniform deal of the unseen cards (``resample``) and in the reading's deal.

The reading's constants are ratios of the first two rates, so this is the measurement behind
them (docs/bots.md, "expert reads the hand"). Positions: seat 0's decisions with a choice in
``--games`` seeded two-player games of ``medium`` against itself (game ``g`` dealt by seed
``--seed + g``), where the opponent holds cards seat 0 cannot see; ``--draws`` deals of each kind
a position. Tells (``born``: only positions where the opponent is born):

* ``meld``: the hand holds a meld (born);
* ``layoff``: a card that lays off on the table (born);
* ``passed``: two cards that meld with a row card older than the opponent's last discard, one
  they drew past (born and not born counted apart).

``placed`` is not a rate but a count: of the opponent's cards that seat 0 cannot see (``true``:
how many, a position), how many a deal puts in their hand, a mean over positions. It is the
cheap yardstick of a reading: a uniform deal places about a quarter of them by chance; a deal
that knew the hand would place them all (``bench.reading_ceiling`` plays that seer).

    python -m bench.reading_rates --games 40
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from random import Random

from bench.decision_gain import positions
from samrap.core.melds import extension_cards, meldable_cards
from samrap.engine.registry import resolve
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.observe import DummyView, resample
from samrap.games.dummy.state import DummyState
from samrap.players.heuristic.dummy import completers
from samrap.players.heuristic.dummy_reading import read_resample


def tells(view: DummyView, hand: int, q: int) -> dict[str, bool]:
    """Which tells opponent ``q``'s ``hand`` shows, from ``view`` (the born ones only if born)."""
    ace_low = view.config.ace_low
    ext = 0
    for m in view.melds:
        ext |= extension_cards(m, ace_low)
    mine = [j for j, by in enumerate(view.row_by) if by == q]
    passed = 0
    for j in range(mine[-1] if mine else 0):
        if view.row_by[j] != q:
            passed |= 1 << view.row[j]
    out = {"passed": bool(completers(hand, ace_low) & passed)}
    if view.is_born(q):
        out["meld"] = bool(meldable_cards(hand, ace_low))
        out["layoff"] = bool(hand & ext)
    return out


def measure(preset: str, games: int, seed: int, draws: int) -> dict[str, dict[str, float]]:
    """The rates by tell and kind of deal (``true``, ``uniform``, ``read``), with the positions."""
    spec, cfg = resolve(f"dummy(players=2,preset={preset})")
    game = spec.make_game(cfg)
    assert isinstance(game, DummyGame)
    deals: dict[str, Callable[[DummyView, Random], DummyState]] = {"uniform": resample, "read": read_resample}
    counts: dict[str, dict[str, float]] = {}
    for g, k, s in positions(game, games, seed):
        v = game.observe(s, 0)
        if v.hand_sizes[1] <= v.known[1].bit_count():
            continue
        born = "born" if v.is_born(1) else "unborn"
        truth = tells(v, s.hands[1], 1)
        for tell, hit in truth.items():
            row = counts.setdefault(f"{tell} ({born})", {"positions": 0, "true": 0, "uniform": 0, "read": 0})
            row["positions"] += 1
            row["true"] += hit
        hidden = s.hands[1] & ~v.known[1]
        placed = counts.setdefault("placed", {"positions": 0, "true": 0, "uniform": 0, "read": 0})
        placed["positions"] += 1
        placed["true"] += hidden.bit_count()
        for j in range(draws):
            for kind, deal in deals.items():
                hand = deal(v, Random(f"{g}:{k}:{j}")).hands[1]
                for tell, hit in tells(v, hand, 1).items():
                    counts[f"{tell} ({born})"][kind] += hit / draws
                placed[kind] += (hand & hidden).bit_count() / draws
    for row in counts.values():
        n = row["positions"]
        for kind in ("true", "uniform", "read"):
            row[kind] = round(row[kind] / n, 4)  # placed: cards a position; the tells: shares
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--presets", default="classic,modern")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--draws", type=int, default=10, help="deals of each kind a position")
    args = ap.parse_args(argv)
    out = {}
    for preset in args.presets.split(","):
        out[preset] = measure(preset, args.games, args.seed, args.draws)
        for tell, row in sorted(out[preset].items()):
            print(
                f"{preset:8} {tell:16} positions {row['positions']:5.0f}  true {row['true']:.3f}  "
                f"uniform {row['uniform']:.3f}  read {row['read']:.3f}",
                file=sys.stderr,
            )
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
