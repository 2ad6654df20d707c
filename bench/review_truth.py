"""What do the review's labels miss? Each move's loss measured on many fresh deals, beside its label.

Plays seeded two-player Dummy games of ``hard`` against ``easy`` as ``bench/review_labels.py``
does (the same seeds give the same games), with ``easy`` instrumented here, not in the product,
to say which of its decisions were its random move (the heuristic's ``noise``). For every random
decision of ``easy``, every decision of ``hard`` that differs from the heuristic's move, and one in
``--every`` of the others, it prints the review's label with one round of second look (the review
before issue 24.5) and with the default rounds, and the move's loss measured independently:

* *screen*: every legal move played out on ``--screen`` deals, the two best kept;
* *truth*: those two, the heuristic's three best and the move played, on ``--truth`` fresh deals
  (shared by the moves); ``loss_h0`` is the loss of worth to the heuristic's move (unbiased, a
  lower bound of the loss to the best move), ``loss_best`` to the best of them on these deals
  (biased upwards by the winner's curse of picking the best of a few noisy means).

The truth uses the review's own playouts (the heuristic for every seat), so it measures whether the
judge reads its own model accurately, not whether that model is right.

    .venv/bin/python bench/review_truth.py --seed 91 --games 6 --rows truth.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from random import Random
from typing import Any

from samrap.core.rng import make_rng
from samrap.engine.match import single_games
from samrap.engine.record import make_record
from samrap.engine.registry import get_spec
from samrap.players.analysis import candidates, compare, paired_gap, policy_for
from samrap.players.heuristic.dummy import DummyHeuristic, best_action
from samrap.players.heuristic.dummy_endgame import endgame_choice
from samrap.players.levels import LEVELS, make_bot
from samrap.players.review import ROUNDS, review_deals, review_step, steps


class LoggedEasy(DummyHeuristic):
    """The ``easy`` level's choices, drawn from the generator exactly as it draws them, with a log
    of which decisions were the random move."""

    def __init__(self, name: str) -> None:
        super().__init__(name, LEVELS["easy"].noise, endgame=True)
        self.log: list[bool] = []

    def choose(self, view: Any, legal: Sequence[Any], rng: Random, budget: object = None) -> Any:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.noise:
            self.log.append(True)
            return legal[rng.randrange(len(legal))]
        self.log.append(False)
        return endgame_choice(view, legal, best_action(view, legal), rng)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=91)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--screen", type=int, default=48)
    ap.add_argument("--truth", type=int, default=256)
    ap.add_argument("--every", type=int, default=3, help="one in this many of the other decisions")
    ap.add_argument("--rows", default="", help="append every measured decision (JSON lines) here")
    args = ap.parse_args()
    spec = get_spec("dummy")
    config = spec.parse_config("dummy(players=2)", spec.default_config)
    game = spec.make_game(config)
    policy = policy_for(game)
    deals = review_deals("dummy")
    for k in range(args.start, args.start + args.games):
        names = ["easy", "easy"]
        names[k % 2] = "hard"
        bots = [make_bot("hard", game, "hard") if n == "hard" else LoggedEasy(f"easy-{q}") for q, n in enumerate(names)]
        record = make_record(next(iter(single_games(spec, config, bots, args.seed * 1000 + k, 1))))
        for q, bot in enumerate(bots):
            log = bot.log if isinstance(bot, LoggedEasy) else None
            for i, st in enumerate(steps(record, q, [0])):
                rnd = log[i] if log is not None else None
                top = candidates(game, st.view, st.legal, 3, (), policy)
                differs = st.played != top[0]
                if not (rnd or (log is None and differs) or i % args.every == 0):
                    continue
                labels = {}
                for rounds in (1, ROUNDS):
                    t = time.process_time()
                    d = review_step(game, spec, st, 0, deals, None, rounds)
                    labels[rounds] = {
                        "label": d.label,
                        "sure": d.sure_loss,
                        "se": d.worth_se,
                        "deals": d.second_look,
                        "cpu_s": round(time.process_time() - t, 2),
                    }
                rng = make_rng(f"probe-screen:{k}:{q}:{i}")  # the generators of the first runs (docs)
                screen = compare(game, st.view, list(dict.fromkeys([*top, st.played, *st.legal])), rng, args.screen)
                moves = list(dict.fromkeys([o.action for o in screen.outcomes[:2]] + [*top, st.played]))
                rng = make_rng(f"probe-truth:{k}:{q}:{i}")
                truth = compare(game, st.view, moves, rng, args.truth, policy)
                p = truth.of(st.played)
                loss_best, se_best = paired_gap(truth.best.scores, p.scores)
                loss_h0, se_h0 = paired_gap(truth.of(top[0]).scores, p.scores)
                row = {
                    "seed": args.seed,
                    "match": k,
                    "bot": names[q],
                    "i": i,
                    "number": st.number,
                    "random": rnd,
                    "differs": differs,
                    "legal": len(st.legal),
                    "played": game.action_text(st.played),
                    "h0": game.action_text(top[0]),
                    "best": game.action_text(truth.best.action),
                    "loss_best": round(loss_best, 2),
                    "se_best": round(se_best, 2),
                    "loss_h0": round(loss_h0, 2),
                    "se_h0": round(se_h0, 2),
                    "win_played": round(p.win, 3),
                    "win_best": round(truth.best.win, 3),
                    "review": labels,
                }
                print(json.dumps(row, ensure_ascii=False), flush=True)
                if args.rows:
                    with open(args.rows, "a", encoding="utf-8") as f:
                        f.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
