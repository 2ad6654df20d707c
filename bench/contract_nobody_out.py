"""How often a Contract Rummy deal ends with nobody out, per preset and per deal number.

A deal ends with nobody out when the stock runs dry for the last time (rules 18, 28) or at the
``max_turns`` cap; everyone then scores their whole hand. Under distinct-suit sets (the ``seed``
preset) a rank's remaining cards can never be laid off once its set is complete, so a player can
be left holding cards that fit nowhere. This plays ``--deals`` seeded deals of each deal number
1-7 under each preset with four bots in the seats and reports the share that ended with nobody
out, with how many turns the deals lasted.

    .venv/bin/python -m bench.contract_nobody_out --deals 1000                    # heuristic bots
    .venv/bin/python -m bench.contract_nobody_out --deals 100 --bot ismcts:iters=8  # the search bot
    .venv/bin/python -m bench.contract_nobody_out --deals 200 --markdown --out bench/data/x.md

Deal ``i`` of deal number ``d`` under a preset uses game seed ``i`` and a bot generator seeded
from (preset, d, i), so every figure is reproducible. The search bot plays every seat (four
searches), so it is slow: use fewer deals and say so.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from samrap.games.contract import ContractConfig, ContractGame, preset
from samrap.players.levels import make_bot

PRESETS = ("seed", "pagat", "liverpool")


@dataclass
class Cell:
    deals: int = 0
    nobody_out: int = 0
    turns: list[int] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.nobody_out / self.deals if self.deals else 0.0


def play_deal(game: ContractGame, bots: Sequence[object], deal: int, seed: int, rng: random.Random) -> tuple[bool, int]:
    """One seeded deal with ``bots`` in the seats: (ended with nobody out, turns played)."""
    s = game.new_game(seed=seed, deal_number=deal, dealer=seed % game.players)
    while not game.is_terminal(s):
        seat = game.current_player(s)
        legal = game.legal_actions(s)
        a = legal[0] if len(legal) == 1 else bots[seat].choose(game.observe(s, seat), legal, rng)  # type: ignore[attr-defined]
        s = game.apply(s, a)
    return s.out < 0, s.turns


def measure(config: ContractConfig, bot: str, deals: int, deal_numbers: Sequence[int], name: str) -> dict[int, Cell]:
    game = ContractGame(config)
    bots = [make_bot(bot, game, f"{bot}-{q}") for q in range(config.players)]
    out: dict[int, Cell] = {}
    for d in deal_numbers:
        cell = Cell()
        for i in range(deals):
            rng = random.Random(f"nobody-out:{name}:{d}:{i}")
            stalled, turns = play_deal(game, bots, d, i, rng)
            cell.deals += 1
            cell.nobody_out += stalled
            cell.turns.append(turns)
        out[d] = cell
    return out


def table(results: dict[str, dict[int, Cell]], markdown: bool) -> str:
    deals = sorted(next(iter(results.values())).keys())
    head = ["preset", *(f"deal {d}" for d in deals), "all"]
    rows = []
    for name, cells in results.items():
        total = sum(c.nobody_out for c in cells.values())
        n = sum(c.deals for c in cells.values())
        rows.append([name, *(f"{cells[d].share:.1%}" for d in deals), f"{total / n:.1%}"])
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]
    return "\n".join("  ".join(str(x).rjust(w) for x, w in zip(r, widths, strict=True)) for r in [head, *rows])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200, help="deals per preset and deal number")
    ap.add_argument("--bot", default="heuristic", help="bot spec for every seat (heuristic, ismcts:iters=8, ...)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--deal-numbers", default="1,2,3,4,5,6,7")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--out", type=Path, help="also write the table to this file")
    args = ap.parse_args()
    numbers = [int(x) for x in args.deal_numbers.split(",")]
    results: dict[str, dict[int, Cell]] = {}
    started = time.process_time()
    for name in args.presets.split(","):
        cfg = ContractConfig.from_string(f"contract(preset={name},players={args.players})")
        assert cfg == preset(name) or args.players != 4
        results[name] = measure(cfg, args.bot, args.deals, numbers, name)
        print(f"{name}: done ({time.process_time() - started:.0f} s CPU)", flush=True)
    text = table(results, args.markdown)
    mean_turns = {
        n: sum(sum(c.turns) for c in cs.values()) / sum(c.deals for c in cs.values()) for n, cs in results.items()
    }
    text += "\n\nmean turns per deal: " + ", ".join(f"{n} {t:.0f}" for n, t in mean_turns.items())
    text += f"\n{args.deals} deals per cell, {args.players} players, bots: {args.bot}"
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
