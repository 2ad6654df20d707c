"""The tools at engine speed: ``samrap simulate`` and ``samrap tournament`` against the raw loop.

The raw loop is the playout benchmark's (``bench/playout.py``: the public facade, uniformly
random choices, nothing else) with one difference: it chooses among the legal *moves*
(``game.legal_moves``: a Contract go-down whole, rule 22), not among the decision steps the
playout benchmark steps (``legal_actions``: a Contract go-down a meld at a time), because the
random players ``samrap simulate`` and ``samrap tournament`` seat choose among moves; so the loop
and the tools play the same kind of game, move for move (in Dummy the two lists are the same).
``samrap simulate`` runs such games through the match runner (seeded seats, each game's deal and
starter, the ledger, the summary) and ``samrap tournament`` through the duplicate-deal tournament
runner with one random bot per seat; both are invoked in this process as a user types them
(``--json``), so Typer's parsing and the output are in the time too. The raw loop plays other
games than ``simulate`` (its own seeds, one generator for everything), of the same kind (random
first games, seeded starters); so the bench also plays ``simulate``'s own games, move for move,
through the same raw loop with only the seeding they need (``same_games``), and reports both
ratios. Every measurement is CPU time (``time.process_time``) after an untimed warm-up of each,
and the four are run interleaved, round after round, each round starting one step later, so that
the load of a shared machine falls on all alike; the figures to trust are the ratios
(``simulate`` actions/s over the raw loop's; ``tournament`` games/s over the raw loop's).

    python -m bench.tools_speed --rounds 5                       # Dummy, 4 players
    python -m bench.tools_speed --game contract --games 140 --rounds 5
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from typing import Any

from samrap.engine.registry import find_game


def raw_loop(text: str, games: int, seed: int) -> tuple[int, int, float]:
    """``games`` random games through the facade, random moves (``legal_moves``, as ``simulate``'s
    players choose): (games, actions, CPU seconds).

    Each is a first game (Contract Rummy: deal 1), as ``simulate`` and ``tournament --hands 1``
    play them.
    """
    game: Any = find_game(text)
    legal_moves, apply_unchecked, is_terminal = game.legal_moves, game.apply_unchecked, game.is_terminal
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    start = time.process_time()
    for _ in range(games):
        s = game.new_game(seed=rng.getrandbits(32))
        while not is_terminal(s):
            s = apply_unchecked(s, choice(legal_moves(s)))
            actions += 1
    return games, actions, time.process_time() - start


def same_games(text: str, games: int, seed: int, runner: bool) -> tuple[int, int, float]:
    """The games ``samrap simulate --seed <seed>`` plays: (games, actions, CPU seconds).

    Through the match runner (``runner``), or through the raw facade loop with the same match
    seeds, deals, starters and seat generators, so the same actions one for one, and only the
    seeding a replayable simulated game needs (a run stream, the first match's seat generators for
    the run, a deal stream per game). For instruction counts of the runner's own cost::

        PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
            .venv/bin/python -m bench.tools_speed --loop same --games 100     # and 300; runner
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
        start = time.process_time()
        actions = sum(len(r.games[0].actions) for r in single_games(spec, config, seats, seed, games))
        return games, actions, time.process_time() - start
    legal_moves, apply_unchecked, current_player = game.legal_moves, game.apply_unchecked, game.current_player
    zeros = (0,) * n
    actions = 0
    start = time.process_time()
    seeds = make_rng(f"samrap-games:{seed}")
    rngs: list[Any] = []
    for _ in range(games):
        match_seed = seeds.getrandbits(SEED_BITS)
        if not rngs:
            rngs = seat_rngs(match_seed, n)  # the first match's, for the whole run
        game_seed = deal_rng(match_seed).getrandbits(SEED_BITS)
        setup = GameSetup(0, game.deal_order(game_seed), spec.first_starter(game, game_seed), 1, zeros, game_seed)
        s = spec.start_game(game, setup)
        seat = current_player(s)
        while seat >= 0:
            s = apply_unchecked(s, rngs[seat].choice(legal_moves(s)))
            actions += 1
            seat = current_player(s)
    return games, actions, time.process_time() - start


def _cli(args: list[str]) -> tuple[dict[str, Any], float]:
    """Run ``samrap <args>`` in this process; its JSON output and the CPU seconds it took."""
    from samrap.cli.main import app  # here: a ``--loop playout`` process must not pay for the CLI

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


def _child_cpu(argv: list[str]) -> tuple[str, str, float]:
    """Run ``argv`` as a child process: its stdout, stderr and CPU seconds (user + system, start-up and all)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, capture_output=True, text=True, check=True, env=os.environ.copy())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.stdout, done.stderr, seconds


def whole_processes(game: str, players: int, games: int, rounds: int, seed: int) -> None:
    """``samrap simulate`` against the raw loop, each as a whole process: start-up, imports and all.

    The raw process is ``python -m bench.tools_speed --loop playout`` (the interpreter, the
    registry and the games, then the loop); the command is the console script's ``main()`` in a
    fresh interpreter, as a user's ``samrap simulate … --json`` runs. Alternating order, CPU time of
    the child (``RUSAGE_CHILDREN``), the ratio taken in each round.
    """
    py = sys.executable
    raw_argv = [py, "-m", "bench.tools_speed", "--loop", "playout", "--game", game, "--players", str(players)]
    entry = "from samrap.cli.main import main; main()"
    ratios: list[float] = []
    raws: list[float] = []
    sims: list[float] = []
    for r in range(rounds):

        def raw(r: int = r) -> float:
            _, err, s = _child_cpu([*raw_argv, "--games", str(games), "--seed", str(seed + r)])
            return int(err.strip().splitlines()[-1]) / s

        def sim(r: int = r) -> float:
            args = ["simulate", game, "-n", str(players), "--games", str(games), "--seed", str(seed + r), "--json"]
            out, _, s = _child_cpu([py, "-c", entry, *args])
            return int(json.loads(out)["actions"]) / s

        if r % 2:
            b, a = sim(), raw()
        else:
            a, b = raw(), sim()
        raws.append(a)
        sims.append(b)
        ratios.append(b / a)
        print(
            f"round {r + 1}: raw process {a:,.0f} actions/s; simulate process {b:,.0f} ({b / a:.2f}x)", file=sys.stderr
        )
    med = statistics.median
    print(f"{game} {players}p, whole processes of {games} games, {rounds} rounds, medians (CPU time of the child):")
    print(f"  raw loop process     {med(raws):>10,.0f} actions/s")
    spread = f"rounds {min(ratios):.2f}-{max(ratios):.2f}"
    print(f"  samrap simulate      {med(sims):>10,.0f} actions/s  ({med(ratios):.2f}x raw; {spread})")
    print(f"  load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=("dummy", "contract"), default="dummy")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=1000, help="games per measurement (Dummy ~60 actions each)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--loop",
        choices=("playout", "raw", "runner", "simulate"),
        help="once, for callgrind: the raw loop (random moves), simulate's games raw, them through the runner, "
        "or the whole samrap simulate command (after a one-game call that imports what it needs)",
    )
    ap.add_argument("--calls", type=int, default=1, help="with --loop simulate: invocations (the fixed cost)")
    ap.add_argument(
        "--process",
        action="store_true",
        help="whole processes: `samrap simulate` and the raw loop each in a fresh interpreter, start-up included",
    )
    args = ap.parse_args(argv)
    if args.process:
        whole_processes(args.game, args.players, args.games, args.rounds, args.seed)
        return
    text = f"{args.game}(players={args.players})"
    if args.loop:
        if args.loop == "playout":
            print(raw_loop(text, args.games, args.seed)[1], file=sys.stderr)
        elif args.loop == "simulate":
            simulate(args.game, args.players, 1, args.seed + 1)
            actions = sum(simulate(args.game, args.players, args.games, args.seed)[1] for _ in range(args.calls))
            print(actions, file=sys.stderr)
        else:
            print(same_games(text, args.games, args.seed, args.loop == "runner")[1], file=sys.stderr)
        return
    deals = max(1, args.games // args.players)
    # Untimed warm-up: the first call of each imports and builds what later calls reuse (the
    # bots' modules, Rich, the games' tables), which a round's figure should not carry.
    warm = min(args.games, 20)
    raw_loop(text, warm, args.seed)
    same_games(text, warm, args.seed, False)
    simulate(args.game, args.players, warm, args.seed)
    tournament(args.game, args.players, 1, args.seed)
    figures: dict[str, list[float]] = {k: [] for k in ("raw", "raw_g", "raw_apg", "same", "sim", "sim_apg", "tour")}
    reported: list[float] = []

    def run_raw(r: int) -> None:
        g, a, s = raw_loop(text, args.games, args.seed + r)
        figures["raw"].append(a / s)
        figures["raw_g"].append(g / s)
        figures["raw_apg"].append(a / g)

    def run_same(r: int) -> None:
        _, a, s = same_games(text, args.games, args.seed + r, False)
        figures["same"].append(a / s)

    def run_sim(r: int) -> None:
        g, a, s = simulate(args.game, args.players, args.games, args.seed + r)
        figures["sim"].append(a / s)
        figures["sim_apg"].append(a / g)

    def run_tour(r: int) -> None:
        g, s, rep = tournament(args.game, args.players, deals, args.seed + r)
        figures["tour"].append(g / s)
        if rep is not None:
            reported.append(rep)

    steps = [run_raw, run_same, run_sim, run_tour]
    for r in range(args.rounds):
        for step in steps[r % 4 :] + steps[: r % 4]:  # each round starts one step later
            step(r)
        f = {k: v[-1] for k, v in figures.items()}
        print(
            f"round {r + 1}: raw {f['raw']:,.0f} actions/s {f['raw_g']:,.1f} games/s; "
            f"simulate's games raw {f['same']:,.0f} ({f['same'] / f['raw']:.2f}x); "
            f"simulate {f['sim']:,.0f} actions/s ({f['sim'] / f['raw']:.2f}x raw, "
            f"{f['sim'] / f['same']:.2f}x its games raw); "
            f"tournament {f['tour']:,.1f} games/s ({f['tour'] / f['raw_g']:.2f}x)",
            file=sys.stderr,
        )
    med = statistics.median

    def ratio(a: str, b: str) -> float:
        return med(x / y for x, y in zip(figures[a], figures[b], strict=True))

    raw, sim = med(figures["raw"]), med(figures["sim"])
    print(f"{text}, {args.rounds} rounds of {args.games} games, medians (CPU time; ratios: medians of the rounds'):")
    print(f"  raw loop (moves)     {raw:>10,.0f} actions/s  {med(figures['raw_g']):>8,.1f} games/s", end="")
    print(f"  {med(figures['raw_apg']):.1f} actions a game")
    print(f"  simulate's games raw {med(figures['same']):>10,.0f} actions/s  ({ratio('same', 'raw'):.2f}x raw)")
    print(f"  samrap simulate      {sim:>10,.0f} actions/s  ({ratio('sim', 'raw'):.2f}x raw, ", end="")
    print(f"{ratio('sim', 'same'):.2f}x its games raw)  {med(figures['sim_apg']):.1f} actions a game")
    print(f"  samrap tournament    {med(figures['tour']):>10,.1f} games/s    ({ratio('tour', 'raw_g'):.2f}x raw)")
    if reported:
        print(f"  tournament's own games/s (wall time): {med(reported):,.1f}")


if __name__ == "__main__":
    main()
