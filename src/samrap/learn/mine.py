"""The puzzle miner: positions of seeded bot games where one move is clearly best, twice over.

``python -m samrap.learn.mine --game dummy --count 200 --seed 1 --out FILE`` plays seeded games
between bots (``medium`` and ``hard`` seats alternating; Dummy with the classic and modern presets
at 2 to 4 players, Contract Rummy with the seed and pagat presets at 3 and 4 players, every deal
number) and examines their decisions from the deciding seat's view only, with the analysis the
hints and the reviews use (:func:`samrap.players.analysis.compare`: the heuristic's best moves
played out on simulated deals of the hidden cards).

A position is kept when both looks agree:

1. **First look**: the heuristic's :data:`TOP` best moves (moves with the same effect counted once)
   on :data:`FIRST_DEALS` simulated deals. The best must beat the second best by at least
   :data:`MIN_GAP` of worth (:func:`samrap.players.analysis.worth`: 100 x the win share plus 0.3 x
   the points margin; 15 is the review's "mistake", about 50 points) and by :data:`Z` standard
   errors of the paired gap.
2. **Second look**: the same moves on :data:`CONFIRM` times as many deals, drawn from an independent
   generator. Its best must be the first look's best (or a move with the same effect, judged on the
   position after it, never by its text), again ahead of every other move by :data:`MIN_GAP` and
   :data:`Z` standard errors; else the position is rejected by the second look.

The yield (positions examined, rejected by the first look, rejected by the second, kept) is written
with the puzzles, and ``docs/learn.md`` reports it. Deterministic: the output is a function of the
arguments. Mining takes minutes to hours: run it at ``nice -n 10``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import TypeVar, cast

from samrap.core.rng import make_rng
from samrap.engine.record import Record, read_record
from samrap.engine.registry import AnyGame, GameSetup, configure, get_spec
from samrap.learn.puzzles import GAMES, PUZZLE_SEED_BITS, Json, build, initial_rating, theme_of, why_words
from samrap.players.analysis import Comparison, candidates, compare, policy_for
from samrap.players.coach import Mining, coach_for
from samrap.players.levels import make_bot
from samrap.players.review import loss_points, record_game

T = TypeVar("T")


def _per_game(pick: Callable[[Mining], T]) -> dict[str, T]:
    """One setting of every game with puzzles, from its coach (``players.coach.Mining``, where
    each game's tuning and its reasons live)."""
    return {g: pick(coach_for(g).mining) for g in GAMES}


#: The heuristic's best moves compared at a decision, per game.
TOP: dict[str, int] = _per_game(lambda m: m.top)
#: Simulated deals of the first look, per game.
FIRST_DEALS: dict[str, int] = _per_game(lambda m: m.first_deals)
#: The second look draws this many times the first look's deals, from another generator.
CONFIRM = 3
#: A cheap screen before the first look: this many deals, and positions whose best move leads by
#: less than :data:`SCREEN_GAP` of worth there are not looked at further (the second look, drawn
#: independently, is what confirms a puzzle, so the screen cannot make a puzzle, only miss one).
SCREEN_DEALS = 8
SCREEN_GAP = 10.0
#: The least lead of worth of the best move over the second best, in both looks, per game.
MIN_GAP: dict[str, float] = _per_game(lambda m: m.min_gap)
#: ... and this many standard errors of the paired gap: (first look, second look), per game.
Z: dict[str, tuple[float, float]] = _per_game(lambda m: m.z)
#: The share of the decisions examined, per game.
SHARE: dict[str, float] = _per_game(lambda m: m.share)
#: Games whose decisions between discards only are not examined.
NOT_DISCARDS_ONLY = frozenset(g for g in GAMES if not coach_for(g).mining.discards_too)
#: At most this many puzzles from one game (variety over volume).
PER_GAME = 3
#: Decisions of a game with a ``late_from`` are examined from this many cards left in the stock
#: down (Thai Dummy's 12: earlier ones rarely separate the moves within the simulations' noise).
DUMMY_STOCK = 12

#: The tables the games are played at: (preset, players), in turn.
PLANS: dict[str, tuple[tuple[str, int], ...]] = _per_game(lambda m: m.plans)
#: Bot levels by seat, alternating from the game number.
LEVELS = ("medium", "easy")


@dataclass(slots=True)
class Yield:
    """What the miner saw: decisions examined, rejected by each look, kept."""

    games: int = 0
    examined: int = 0
    screened_out: int = 0
    first_rejected: int = 0
    second_rejected: int = 0
    kept: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, int]:
        return {
            "games": self.games,
            "examined": self.examined,
            "screened_out": self.screened_out,
            "rejected_first_look": self.first_rejected,
            "rejected_second_look": self.second_rejected,
            "kept": self.kept,
            "seconds": round(self.seconds),
        }


@dataclass(slots=True)
class Table:
    """One mined game: its config text, deal seed, deal number and the seats' bot levels."""

    config: str
    seed: int
    deal: int
    levels: tuple[str, ...]
    moves: list[str] = field(default_factory=list)


def table_for(game_name: str, seed: int, k: int) -> Table:
    """The ``k``-th game of a mining run (its preset, players, deal seed and bots)."""
    preset, players = PLANS[game_name][k % len(PLANS[game_name])]
    _, config = configure(game_name, preset=preset, players=players)
    deal_seed = make_rng(f"samrap-mine:{game_name}:{seed}:{k}").getrandbits(PUZZLE_SEED_BITS)
    numbered = coach_for(game_name).mining.numbered_deals
    deal = 1 + (k // len(PLANS[game_name])) % numbered if numbered else 0
    levels = tuple(LEVELS[(q + k) % 2] for q in range(players))
    return Table(config.to_string(), deal_seed, deal, levels)


def distinct(game: AnyGame, state: object, moves: Sequence[object]) -> list[object]:
    """``moves`` with those of the same effect (the same position after them) counted once."""
    out: list[object] = []
    seen: list[object] = []
    for a in moves:
        after = game.apply(state, a)
        if any(after == s for s in seen):
            continue
        seen.append(after)
        out.append(a)
    return out


def lead(comp: Comparison) -> tuple[float, float]:
    """The best move's smallest lead over any other move: ``(mean, se)`` of the closest pair."""
    best = comp.best.action
    return min((comp.gap(best, o.action) for o in comp.outcomes[1:]), key=lambda g: g[0])


def clear(game: str, gap: tuple[float, float], look_index: int) -> bool:
    mean, se = gap
    return mean >= MIN_GAP[game] and mean >= Z[game][look_index] * se


def look(comp: Comparison, text: Callable[[object], str]) -> Json:
    """A look's figures as stored with the puzzle."""
    mean, se = lead(comp)
    return {
        "deals": len(comp.best.values),
        "best": text(comp.best.action),
        "gap": round(mean, 1),
        "se": round(se, 1),
        "win": [round(o.win, 3) for o in comp.outcomes[:2]],
        "order": [text(o.action) for o in comp.outcomes],
    }


def examine(game: AnyGame, state: object, seat: int, tag: str, tally: Yield) -> Json | None:
    """The puzzle at ``state`` (``seat`` to move) when both looks agree, else None (counted in ``tally``)."""
    view = game.observe(state, seat)
    legal = game.legal_moves(state)
    policy = policy_for(game)
    moves = distinct(game, state, candidates(game, view, legal, TOP[game.name], (), policy))
    if len(moves) < 2:
        return None
    if game.name in NOT_DISCARDS_ONLY and all(theme_of(a) == "discard" for a in moves):
        return None
    tally.examined += 1
    screen = compare(game, view, moves, make_rng(f"samrap-mine-screen:{tag}"), SCREEN_DEALS, policy)
    if lead(screen)[0] < SCREEN_GAP:
        tally.screened_out += 1
        return None
    first = compare(game, view, moves, make_rng(f"samrap-mine-first:{tag}"), FIRST_DEALS[game.name], policy)
    if not clear(game.name, lead(first), 0):
        tally.first_rejected += 1
        return None
    deals = CONFIRM * FIRST_DEALS[game.name]
    second = compare(game, view, moves, make_rng(f"samrap-mine-second:{tag}"), deals, policy)
    best = first.best.action
    if second.best.action != best or not clear(game.name, lead(second), 1):
        tally.second_rejected += 1
        return None
    tally.kept += 1
    text = game.action_text
    runner_up = second.outcomes[1].action
    looks = [look(comp, text) for comp in (first, second)]
    gap, se = lead(second)
    accept = [text(a) for a in legal if game.apply(state, a) == game.apply(state, best)]
    return {
        "seat": seat,
        "best": text(best),
        "accept": accept,
        "compared": [text(a) for a in moves],
        "looks": looks,
        "theme": theme_of(best),
        "rating": initial_rating(gap, len(legal), moves[0] == best),
        "why": why_words(game, view, second, best, runner_up, loss_points(max(0.0, gap - se))),
    }


def decisions(game: AnyGame, table: Table, dummy_stock: int) -> Iterator[tuple[object, int]]:
    """Play ``table`` with its bots and yield every decision worth examining, ``(state, seat)``.

    The moves played so far are kept in ``table.moves`` (the record prefix of the position).
    """
    spec = get_spec(game.name)
    bots = [make_bot(level, game) for level in table.levels]
    rng = Random(table.seed)
    pick = Random(table.seed + 1)
    share = SHARE[game.name]
    late_from = coach_for(game.name).mining.late_from
    state = build(game, table.seed, table.deal, ())
    limit = spec.max_game_length(game.config)
    while not game.is_terminal(state) and len(table.moves) < limit:
        seat = game.current_player(state)
        legal = game.legal_moves(state)
        late = late_from is None or int(getattr(game.observe(state, seat), "stock_size", 0)) <= dummy_stock
        if len(legal) > 1 and late and (share >= 1.0 or pick.random() < share):
            yield state, seat
        action = bots[seat].choose(game.observe(state, seat), legal, rng)
        table.moves.append(game.action_text(action))
        state = game.apply(state, action)


def mine(
    game_name: str,
    count: int,
    seed: int,
    report: Callable[[Yield, int], None] | None = None,
    games: int | None = None,
    dummy_stock: int = DUMMY_STOCK,
    found: list[Json] | None = None,
) -> tuple[list[Json], Yield]:
    """Mine ``count`` puzzles (or stop after ``games`` games) into ``found``; ``report(tally, n found)``
    after each decision."""
    spec = get_spec(game_name)
    tally = Yield()
    found = [] if found is None else found
    t0 = time.monotonic()
    k = 0
    while len(found) < count and (games is None or k < games):
        table = table_for(game_name, seed, k)
        game = spec.make_game(spec.parse_config(table.config, spec.default_config))
        here = 0
        for state, seat in decisions(game, table, dummy_stock):
            if here >= PER_GAME or len(found) >= count:
                break
            tag = f"{game_name}:{seed}:{k}:{len(table.moves)}"
            puzzle = examine(game, state, seat, tag, tally)
            if puzzle is not None:
                here += 1
                prefix = {
                    "config": table.config,
                    "seed": table.seed,
                    "deal": table.deal,
                    "moves": "|".join(table.moves),
                }
                found.append({"id": f"{game_name[0]}{seed}-{k}-{len(table.moves)}", **prefix, **puzzle})
                found[-1]["source"] = " vs ".join(table.levels)
            tally.seconds = time.monotonic() - t0
            if report is not None:
                report(tally, len(found))
        k += 1
        tally.games = k
    tally.seconds = time.monotonic() - t0
    return found, tally


def mine_record(record: Record, seat: int | None = None, tally: Yield | None = None) -> tuple[list[Json], Yield]:
    """Puzzles from a game record (a person's game, as reviews read it): every decision of ``seat``
    (every seat when None) examined as in :func:`mine`, at most :data:`PER_GAME` a game.

    The position is stored as the record's game setup (deck order, starter, direction, totals) and
    the moves before it, so :meth:`samrap.learn.puzzles.Puzzle.position` rebuilds it exactly.
    """
    spec, game = record_game(record)
    tally = tally or Yield()
    found: list[Json] = []
    m = record.match
    totals = tuple(0 for _ in range(game.players))
    t0 = time.monotonic()
    for gi, g in enumerate(m.games):
        setup = GameSetup(gi, g.deck, g.starter, g.direction, totals, g.seed)
        state = spec.start_game(game, setup)
        here = 0
        for k, (who, text) in enumerate(g.actions):
            if here < PER_GAME and (seat is None or who == seat) and len(game.legal_moves(state)) > 1:
                tag = f"record:{record.match.seed}:{gi}:{k}"
                puzzle = examine(game, state, who, tag, tally)
                if puzzle is not None:
                    here += 1
                    deal = gi + 1 if coach_for(game.name).mining.numbered_deals else 0
                    prefix: Json = {"config": m.config, "seed": g.seed or 0, "deal": deal}
                    prefix |= {"deck": list(g.deck), "starter": g.starter, "direction": g.direction}
                    prefix |= {"scores": list(totals), "moves": "|".join(t for _, t in g.actions[:k])}
                    found.append({"id": f"r{record.match.seed}-{gi}-{k}", **prefix, **puzzle, "source": "record"})
            state = game.apply(state, game.parse_action(text), who)
        totals = tuple(t + s for t, s in zip(totals, g.scores, strict=True))
        tally.games += 1
    tally.seconds += time.monotonic() - t0
    return found, tally


def settings() -> Json:
    """The thresholds a run used, written beside its yield."""
    return {
        "top": TOP,
        "screen_deals": SCREEN_DEALS,
        "screen_gap": SCREEN_GAP,
        "first_deals": FIRST_DEALS,
        "confirm": CONFIRM,
        "min_gap": MIN_GAP,
        "z": Z,
        "per_game": PER_GAME,
        "share": SHARE,
        "not_discards_only": sorted(NOT_DISCARDS_ONLY),
        "dummy_stock": DUMMY_STOCK,
        "levels": list(LEVELS),
    }


def _part(p: object) -> tuple[Json, dict[str, int], list[object], list[object]]:
    """A run's file checked: the object, its yield, its puzzles, its seeds."""
    if not isinstance(p, dict) or not isinstance(p.get("yield"), dict) or not isinstance(p.get("puzzles"), list):
        raise ValueError("not a miner's output: an object with a yield and puzzles")
    seeds = p["seeds"] if isinstance(p.get("seeds"), list) else [p.get("seed")]
    return p, {str(k): int(v) for k, v in p["yield"].items()}, list(p["puzzles"]), list(seeds)


def merge(parts: Sequence[object]) -> Json:
    """Runs of one game with other seeds (mined side by side) as one puzzle file: their puzzles in
    turn, their yields added up, each run's seeds, settings and yield kept under ``runs``; the
    top-level ``settings`` are those every run shares (a run may have screened differently: the
    screen can miss a puzzle, never make one, so only the looks' thresholds must be common).

    Raises:
        ValueError: the runs are of different games, or not the miner's output.
    """
    if not parts:
        raise ValueError("nothing to merge")
    runs = [_part(p) for p in parts]
    first = runs[0][0]
    if any(p.get("game") != first.get("game") for p, _, _, _ in runs):
        raise ValueError("the runs to merge must be of one game")
    each = [cast(Json, p["settings"]) if isinstance(p.get("settings"), dict) else {} for p, _, _, _ in runs]
    common = {k: v for k, v in each[0].items() if all(s.get(k) == v for s in each)}
    total = {k: sum(y.get(k, 0) for _, y, _, _ in runs) for k in runs[0][1]}
    puzzles = [z for _, _, zs, _ in runs for z in zs]
    seeds = [s for _, _, _, ss in runs for s in ss]
    kept = [{"seeds": ss, "settings": s, "yield": y} for (_, y, _, ss), s in zip(runs, each, strict=True)]
    game = first.get("game")
    return {"game": game, "seeds": seeds, "yield": total, "settings": common, "runs": kept, "puzzles": puzzles}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m samrap.learn.mine", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("dummy", "contract"))
    ap.add_argument("--merge", type=Path, nargs="+", help="merge these runs' files into --out, then stop")
    ap.add_argument("--record", type=Path, help="mine this game record (a person's game) instead of bot games")
    ap.add_argument("--seat", type=int, default=None, help="with --record: only this seat's decisions")
    ap.add_argument("--count", type=int, default=200, help="puzzles to find (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=None, help="stop after this many games")
    ap.add_argument("--out", type=Path, default=None, help="the puzzle file to write (default: stdout)")
    args = ap.parse_args(argv)
    if args.merge:
        try:
            merged = merge([json.loads(p.read_text(encoding="utf-8")) for p in args.merge])
        except (OSError, ValueError, KeyError) as e:
            ap.error(f"--merge: {e}")
        text = json.dumps(merged, ensure_ascii=False, separators=(",", ":"))
        if args.out is None:
            print(text)
        else:
            args.out.write_text(text + "\n", encoding="utf-8")
        return 0
    if args.record is not None:
        try:
            record = read_record(args.record)
        except (OSError, ValueError) as e:
            ap.error(f"--record: {e}")
        players = len(record.match.players)
        if args.seat is not None and not 0 <= args.seat < players:
            ap.error(f"--seat must be 0 to {players - 1}, not {args.seat}")
        got, y = mine_record(record, args.seat)
        data = {"game": record.match.game, "yield": y.as_dict(), "settings": settings(), "puzzles": got}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        if args.out is None:
            print(text)
        else:
            args.out.write_text(text + "\n", encoding="utf-8")
        return 0
    if args.game is None:
        ap.error("--game is required (dummy or contract)")
    if args.count < 1:
        ap.error(f"--count must be at least 1, not {args.count}")
    last = [0.0]
    found: list[Json] = []

    def save(t: Yield) -> None:
        data = {"game": args.game, "seed": args.seed, "yield": t.as_dict(), "settings": settings(), "puzzles": found}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        if args.out is None:
            print(text)
        else:
            tmp = args.out.with_suffix(".tmp")
            tmp.write_text(text + "\n", encoding="utf-8")
            tmp.replace(args.out)

    def report(t: Yield, n: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 10:
            last[0] = now
            if args.out is not None:
                save(t)  # an interrupted run keeps what it found, with its yield so far
            print(
                f"{t.seconds:7.0f}s games {t.games} examined {t.examined} first-look rejected {t.first_rejected}"
                f" second-look rejected {t.second_rejected} kept {n}/{args.count}",
                file=sys.stderr,
                flush=True,
            )

    tally = mine(args.game, args.count, args.seed, report, args.games, found=found)[1]
    save(tally)
    print(json.dumps(tally.as_dict()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
