"""The tools at engine speed: ``samrap simulate`` and ``samrap tournament`` against the raw loop.

The raw loop is the playout benchmark's (``bench/playout.py``): the public facade, uniformly
random legal actions, nothing else. ``samrap simulate`` runs the same kind of games through the
match runner (seeded seats, each game's deal and starter, the ledger, the summary) and
``samrap tournament`` through the duplicate-deal tournament runner with one random bot per seat;
both are invoked in this process as a user types them (``--json``), so Typer's parsing and the
output are in the time too. Every measurement is CPU time (``time.process_time``), and the three
are run interleaved, round after round, so that the load of a shared machine falls on all alike;
the figures to trust are the ratios (``simulate`` actions/s over the raw loop's; ``tournament``
games/s over the raw loop's).

    python -m bench.tools_speed                          # Dummy, 4 players, 3 rounds
    python -m bench.tools_speed --game contract --games 35 --rounds 3
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import statistics
import sys
import time
from typing import Any

from samrap.cli.main import app
from samrap.engine.registry import find_game


def raw_loop(text: str, games: int, seed: int) -> tuple[int, int, float]:
    """``games`` random games through the facade: (games, actions, CPU seconds).

    Each is a first game (Contract Rummy: deal 1), as ``simulate`` and ``tournament --hands 1``
    play them.
    """
    game: Any = find_game(text)
    legal_actions, apply_unchecked, is_terminal = game.legal_actions, game.apply_unchecked, game.is_terminal
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    start = time.process_time()
    for _ in range(games):
        s = game.new_game(seed=rng.getrandbits(32))
        while not is_terminal(s):
            s = apply_unchecked(s, choice(legal_actions(s)))
            actions += 1
    return games, actions, time.process_time() - start


def same_games(text: str, games: int, seed: int, runner: bool) -> int:
    """The games ``samrap simulate --seed <seed>`` plays, through the match runner
    (``runner``) or the raw facade loop with the same seeds and seat generators (so the same
    actions); the number of actions. For instruction counts of the runner's own cost::

        PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
            .venv/bin/python -m bench.tools_speed --loop raw --games 100     # and 300; runner
    """
    from samrap.cli.lineup import line_up
    from samrap.core.rng import make_rng
    from samrap.engine.match import SEED_BITS, deal_rng, seat_rngs, single_games
    from samrap.engine.registry import GameSetup, resolve

    spec, config = resolve(text)
    game: Any = spec.make_game(config)
    n = game.players
    if runner:
        seats = line_up("random", n, game)
        return sum(len(r.games[0].actions) for r in single_games(spec, config, seats, seed, games))
    legal_actions, apply_unchecked, current_player = game.legal_actions, game.apply_unchecked, game.current_player
    seeds = make_rng(f"samrap-games:{seed}")
    actions = 0
    for _ in range(games):
        match_seed = seeds.getrandbits(SEED_BITS)
        game_seed = deal_rng(match_seed).getrandbits(SEED_BITS)
        rngs = seat_rngs(match_seed, n)
        setup = GameSetup(0, game.deal_order(game_seed), spec.first_starter(game, game_seed), 1, (0,) * n, game_seed)
        s = spec.start_game(game, setup)
        seat = current_player(s)
        while seat >= 0:
            s = apply_unchecked(s, rngs[seat].choice(legal_actions(s)))
            actions += 1
            seat = current_player(s)
    return actions


def _cli(args: list[str]) -> tuple[dict[str, Any], float]:
    """Run ``samrap <args>`` in this process; its JSON output and the CPU seconds it took."""
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out):
        app(args=args, prog_name="samrap", standalone_mode=False)
    seconds = time.process_time() - start
    return json.loads(out.getvalue()), seconds


def simulate(game: str, players: int, games: int, seed: int) -> tuple[int, int, float]:
    """``samrap simulate <game> -n <players> --games <games> --json``: (games, actions, CPU s)."""
    data, seconds = _cli(["simulate", game, "-n", str(players), "--games", str(games), "--seed", str(seed), "--json"])
    return int(data["games"]), int(data["actions"]), seconds


def tournament(game: str, players: int, deals: int, seed: int) -> tuple[int, float, float | None]:
    """``samrap tournament`` with random bots, single games: (games, CPU s, its reported games/s)."""
    seats = ",".join(["random"] * players)
    args = ["tournament", game, "-n", str(players), "--seats", seats, "--games", str(deals), "--seed", str(seed)]
    data, seconds = _cli([*args, "--hands", "1", "--json"])
    return int(data["units"]), seconds, data.get("games_per_second")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=("dummy", "contract"), default="dummy")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1000, help="games per measurement (Dummy ~60 actions each)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--loop", choices=("raw", "runner"), help="play simulate's games raw or through the runner, once (callgrind)"
    )
    args = ap.parse_args(argv)
    text = f"{args.game}(players={args.players})"
    if args.loop:
        print(same_games(text, args.games, args.seed, args.loop == "runner"), file=sys.stderr)
        return
    deals = max(1, args.games // args.players)
    raw_a, raw_g, sim_a, tour_g, reported = [], [], [], [], []
    for r in range(args.rounds):
        g, a, s = raw_loop(text, args.games, args.seed + r)
        raw_a.append(a / s)
        raw_g.append(g / s)
        g, a, s = simulate(args.game, args.players, args.games, args.seed + r)
        sim_a.append(a / s)
        g, s, rep = tournament(args.game, args.players, deals, args.seed + r)
        tour_g.append(g / s)
        if rep is not None:
            reported.append(rep)
        print(
            f"round {r + 1}: raw {raw_a[-1]:,.0f} actions/s {raw_g[-1]:,.1f} games/s; "
            f"simulate {sim_a[-1]:,.0f} actions/s ({sim_a[-1] / raw_a[-1]:.2f}x); "
            f"tournament {tour_g[-1]:,.1f} games/s ({tour_g[-1] / raw_g[-1]:.2f}x)",
            file=sys.stderr,
        )
    med = statistics.median
    sim_x = med(a / b for a, b in zip(sim_a, raw_a, strict=True))
    tour_x = med(a / b for a, b in zip(tour_g, raw_g, strict=True))
    print(f"{text}, {args.rounds} rounds of {args.games} games, medians (CPU time):")
    print(f"  raw loop            {med(raw_a):>10,.0f} actions/s  {med(raw_g):>8,.1f} games/s")
    print(f"  samrap simulate     {med(sim_a):>10,.0f} actions/s  ({sim_x:.2f}x raw)")
    print(f"  samrap tournament   {med(tour_g):>10,.1f} games/s    ({tour_x:.2f}x raw)")
    if reported:
        print(f"  tournament's own games/s (wall time): {med(reported):,.1f}")


if __name__ == "__main__":
    main()
