"""What reading the opponent's hand could be worth: ``hard`` that is *shown* the hand, against ``hard``.

A diagnostic, not a player: the "seer" is ``hard``'s search (the same level, untimed: 150
iterations) whose determinizations hold the opponent's **true** hand and only the stock and the
burnt cards reshuffled (``--stock-too`` would leak the stock as well; it is not offered). No bot
of samrap sees this; it bounds what a better determinization from the seat's view (issue 24.2,
``players/heuristic/dummy_reading.py``) can gain, so that a reading is judged against the most
it could give. Each deal is played twice with the seats swapped (duplicate deals, as
``bench.ladder``); the seer's share of the games (ties half), its 95% Wilson interval and its
mean score margin are printed and written as JSON.

    python -m bench.reading_ceiling --preset modern --deals 40 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

from bench.ladder import SUITES, unit_win
from samrap.engine.registry import resolve
from samrap.engine.tournament import wilson
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.state import DummyState
from samrap.players.budget import Budget
from samrap.players.levels import make_bot


class _Seer:
    """The game as the seer's search sees it: ``resample`` keeps the opponents' true hands."""

    def __init__(
        self, game: DummyGame, from_stock: int | None = None, reveal: int | None = None, seed: int = 0
    ) -> None:
        self._game = game
        self.truth: DummyState | None = None
        #: see the hand only once the stock is down to this many cards (``None``: always)
        self.from_stock = from_stock
        #: see only this many of each opponent's hidden cards (``None``: all), the first of them
        #: in one fixed shuffle of the deck a game, so a decision sees the same ones every deal
        self.reveal = reveal
        self._order = Random(seed).sample(range(52), 52)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def resample(self, view: DummyView, rng: Random) -> DummyState:
        s = self.truth
        assert s is not None
        if self.from_stock is not None and view.stock_size > self.from_stock:
            return self._game.resample(view, rng)
        hands = tuple(
            view.known[q] if q == view.seat else self._shown(s.hands[q], view.known[q]) for q in range(len(s.hands))
        )
        return self._game.resample(dataclasses.replace(view, known=hands), rng)._replace(known=s.known)

    def _shown(self, hand: int, known: int) -> int:
        """The cards of ``hand`` the seer is shown: all, or the known ones and ``reveal`` more."""
        if self.reveal is None:
            return hand
        shown = known
        left = self.reveal
        for c in self._order:
            if left and hand >> c & 1 and not known >> c & 1:
                shown |= 1 << c
                left -= 1
        return shown


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The seer's share of the games (ties half), its 95% Wilson interval and mean score margin."""
    wins = sum(unit_win(r, False) for r in rows)
    lo, hi = wilson(wins, len(rows))
    margin = sum(r["scores"][0][r["strong_seat"]] - r["scores"][0][1 - r["strong_seat"]] for r in rows)
    return {
        "games": len(rows),
        "wins": wins,
        "share": round(wins / len(rows), 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "mean_score_margin": round(margin / len(rows), 1),
    }


def play(args: tuple[str, int, int, int, int | None, int | None]) -> dict[str, Any]:
    """One game of deal ``seed`` with the seer in seat ``seer``, both searches at ``iterations``
    (``hard``'s 150 by default), the seer seeing from ``from_stock`` stock cards down (``None``:
    from the start) and ``reveal`` of the hidden cards (``None``: all): the scores and the seats."""
    preset, seed, seer, iterations, from_stock, reveal = args
    spec, cfg = resolve(SUITES[f"dummy-{preset}"])
    game = spec.make_game(cfg)
    assert isinstance(game, DummyGame)
    seen = _Seer(game, from_stock, reveal, seed)
    bots = [make_bot("hard", seen if q == seer else game, f"hard-{q}") for q in range(2)]
    rngs = [Random(seed * 7 + q) for q in range(2)]
    s = game.new_game(seed=seed)
    while not game.is_terminal(s):
        legal = game.legal_moves(s)
        p = game.current_player(s)
        seen.truth = s
        if len(legal) == 1:
            a = legal[0]
        else:
            a = bots[p].choose(game.observe(s, p), legal, rngs[p], Budget(iterations=iterations))
        s = game.apply(s, a)
    return {"seed": seed, "strong_seat": seer, "scores": [list(game.returns(s))]}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", choices=("classic", "modern"), default="modern")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=900000, help="deal d is dealt by seed + d")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=150, help="of both searches (hard: 150)")
    ap.add_argument("--from-stock", type=int, help="the seer sees the hand only from this many stock cards down")
    ap.add_argument("--reveal", type=int, help="the seer sees only this many of the hidden cards (default: all)")
    ap.add_argument("--out", help="the summary and every game, as JSON")
    args = ap.parse_args(argv)
    tasks = [
        (args.preset, args.seed + d, seer, args.iterations, args.from_stock, args.reveal)
        for d in range(args.deals)
        for seer in (0, 1)
    ]
    rows: list[dict[str, Any]] = []
    start = time.time()
    with ProcessPoolExecutor(args.jobs) as ex:
        for row in ex.map(play, tasks):
            rows.append(row)
            if len(rows) % 10 == 0 or len(rows) == len(tasks):
                s = summarise(rows)
                print(
                    f"{len(rows)}/{len(tasks)} games, seer {s['share']:.1%} "
                    f"[{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}], {time.time() - start:.0f} s",
                    file=sys.stderr,
                )
    summary = summarise(rows)
    out = {
        "preset": args.preset,
        "deals": args.deals,
        "seed": args.seed,
        "from_stock": args.from_stock,
        "reveal": args.reveal,
        "summary": summary,
        "games": rows,
    }
    text = json.dumps(out, indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
