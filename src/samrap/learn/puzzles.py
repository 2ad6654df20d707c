"""Puzzles (โจทย์): positions from real bot games where one move is clearly best, to find.

The puzzles are mined (:mod:`samrap.learn.mine`) and shipped as data, ``learn/data/puzzles-dummy.json``
and ``puzzles-contract.json``. A puzzle is a record prefix: the config, the deal's seed (and deal
number for Contract Rummy) and the moves played up to the position, so the rules engine rebuilds it
exactly (:func:`position`); the seat to move; the best move and every move with the same effect
(``accept``); the moves compared; the figures of the miner's two looks; a theme; an initial rating;
and a one-line explanation written with the one move formatter (:mod:`samrap.players.words`).

What a solver is shown is the seat's view only (its hand, the table, the counts), as at the table.
A try is judged by position, not by its text (:func:`judge`): the best move, or a move reaching the
same position or the same game end (:func:`samrap.learn.lessons.reaches`, the lessons' rule) is
right; one of the other moves compared is wrong (both looks found it clearly worse); any other
legal move is compared with the best on simulated deals of the seat's view and is right when the
review would call its loss "good", as ลองใหม่ judges (:mod:`samrap.learn.retry`).

Ratings are Elo's (:func:`elo`), local and with no account: the solver's rating per game and the
puzzles' ratings live in the progress file (terminal) or the browser's storage (web). The puzzle
of the day (:func:`of_the_day`) is a hash of the UTC date, the same for everyone that day.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from samrap.core.errors import IllegalActionError, SamrapError
from samrap.core.rng import make_rng
from samrap.engine.registry import AnyGame, GameSetup, get_spec
from samrap.engine.rulebooks import broken_rule
from samrap.learn.lessons import reaches
from samrap.players.analysis import Comparison, compare, deciding_item, policy_for
from samrap.players.review import label_of_loss, loss_points, review_deals
from samrap.players.words import describe

GAMES = ("dummy", "contract")
#: A JSON object as the web app gets it.
Json = dict[str, object]
#: Deal seeds of mined games have this many bits (exact in JSON and JavaScript).
PUZZLE_SEED_BITS = 48
#: A new solver's rating, and the Elo K factors of the solver and of a puzzle.
START_RATING = 1500.0
K_SOLVER = 32.0
K_PUZZLE = 16.0

#: Themes by the best move's kind: key -> (Thai, English).
THEMES: dict[str, tuple[str, str]] = {
    "draw": ("จั่ว", "draw"),
    "collect": ("เก็บ", "collect"),
    "meld": ("ลงไพ่", "meld"),
    "layoff": ("ฝาก", "lay off"),
    "discard": ("ทิ้ง", "discard"),
    "knock": ("น็อค", "knock"),
    "pickup": ("หยิบจากกองทิ้ง", "pick up"),
    "buy": ("ซื้อหรือไม่ซื้อ", "buy or not"),
    "go_down": ("ลงตามสัญญา", "go down"),
    "exchange": ("แลกโจ๊กเกอร์", "exchange a joker"),
}
_KIND_THEME = {
    "Draw": "draw",
    "Collect": "collect",
    "Meld": "meld",
    "LayOff": "layoff",
    "Discard": "discard",
    "Knock": "knock",
    "PickUp": "pickup",
    "Claim": "buy",
    "Pass": "buy",
    "GoDown": "go_down",
    "Exchange": "exchange",
}


class PuzzleError(ValueError):
    """An unknown game or puzzle, or a malformed puzzle file (names what is wrong)."""


def theme_of(action: object) -> str:
    """The theme of a puzzle from its best move's kind (``collect``, ``knock``, ``discard`` ...)."""
    return _KIND_THEME.get(type(action).__name__, "discard")


def initial_rating(gap: float, legal: int, heuristic_finds: bool) -> int:
    """A puzzle's first rating, before any solver tries it.

    Harder when the rule-based heuristic (the ``medium`` bot) would not play the best move (+300),
    when there are more legal moves to choose from (+8 a move past two, at most +200), easier the
    larger the best move's lead (-3 a point of worth past 15, at most -300). From 1300, kept within
    800 to 2200 and rounded to 10.
    """
    r = 1300.0 + (0.0 if heuristic_finds else 300.0) + min(200.0, 8.0 * max(0, legal - 2))
    r -= min(300.0, 3.0 * max(0.0, gap - 15.0))
    return int(round(max(800.0, min(2200.0, r)) / 10.0) * 10)


def why_words(
    game: AnyGame, view: object, comp: Comparison, best: object, other: object, loss: float
) -> dict[str, str]:
    """The one-line explanation in both languages: the best move, the next best, the figures, what decides it."""
    spec = get_spec(game.name)
    b, o = comp.of(best), comp.of(other)
    n = len(b.values)
    out = {}
    for lang in ("th", "en"):
        bw, ow = describe(game, view, best, lang), describe(game, view, other, lang)
        wb, wo = round(100 * b.win), round(100 * o.win)
        if lang == "th":
            text = f"{bw} ดีกว่า{ow} ประมาณ {loss:.0f} แต้ม (โอกาสชนะ {wb}% ต่อ {wo}% จากเกมจำลอง {n} เกม)"
        else:
            text = (
                f"{bw} is better than {ow} by about {loss:.0f} points"
                f" (win chance {wb}% against {wo}% over {n} simulated deals)"
            )
        item = deciding_item(b, o)
        if item is not None and round(item[1]) != 0:
            code, diff = item
            mine = not code.startswith("~")
            name = spec.item_name(code.lstrip("~"), lang)
            if lang == "th":
                text += f" ที่ตัดสินคือ{name}{'' if mine else 'ของผู้เล่นอื่น'} ({diff:+.0f} แต้ม)"
            else:
                text += f"; what decides it: {'' if mine else 'the other players’ '}{name} ({diff:+.0f} points)"
        out[lang] = text
    return out


def build(game: Any, seed: int, deal: int, moves: Sequence[str], setup: GameSetup | None = None) -> Any:
    """The position after ``moves`` of the deal from ``seed`` (deal number ``deal`` for Contract Rummy),
    or of the game ``setup`` (a recorded game: its deck order, starter, direction and totals).

    Raises:
        IllegalActionError: a move breaks the rules (a puzzle file out of step with the rules).
    """
    if setup is not None:
        state = get_spec(game.name).start_game(game, setup)
    elif deal == 0:  # a game without numbered deals (Thai Dummy's puzzles store 0)
        state = game.new_game(seed)
    else:  # the deal number of a game of numbered deals (Contract Rummy's seven)
        state = game.new_game(seed, deal_number=deal)
    for text in moves:
        state = game.apply(state, game.parse_action(text))
    return state


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One shipped puzzle (see the module docstring); ``rating`` is its initial rating."""

    id: str
    game: str
    config: str
    seed: int
    deal: int
    moves: tuple[str, ...]
    seat: int
    best: str
    accept: tuple[str, ...]
    compared: tuple[str, ...]
    looks: tuple[Json, ...]
    theme: str
    rating: int
    why: Mapping[str, str]
    #: A position from a game record (a person's reviewed game): its deck order, starter, direction
    #: and match totals, instead of a deal seed.
    deck: tuple[int, ...] = ()
    starter: int = 0
    direction: int = 1
    scores: tuple[int, ...] = ()

    def position(self) -> tuple[AnyGame, object]:
        """``(game, state)``: the puzzle's position rebuilt by the rules engine (the full state: never shown)."""
        spec = get_spec(self.game)
        game: AnyGame = spec.make_game(spec.parse_config(self.config, spec.default_config))
        setup = None
        if self.deck:
            scores = self.scores or tuple(0 for _ in range(game.players))
            setup = GameSetup(max(0, self.deal - 1), self.deck, self.starter, self.direction, scores, self.seed or None)
        return game, build(game, self.seed, self.deal, self.moves, setup)

    def theme_words(self, lang: str) -> str:
        th, en = THEMES[self.theme]
        return th if lang == "th" else en

    def answer(self, lang: str) -> str:
        """The best move and why, in words (shown after a try): the explanation begins with the move."""
        return f"คำตอบ: {self.why[lang]}" if lang == "th" else f"The answer: {self.why[lang]}"


def _puzzle(game: str, obj: object, k: int) -> Puzzle:
    where = f"{game} puzzle {k + 1}"
    if not isinstance(obj, dict):
        raise PuzzleError(f"{where}: must be an object")
    try:
        moves = obj["moves"]
        return Puzzle(
            id=str(obj["id"]),
            game=game,
            config=str(obj["config"]),
            seed=int(obj["seed"]),
            deal=int(obj.get("deal", 0)),
            moves=tuple(moves.split("|") if isinstance(moves, str) and moves else moves or ()),
            seat=int(obj["seat"]),
            best=str(obj["best"]),
            accept=tuple(obj["accept"]),
            compared=tuple(obj["compared"]),
            looks=tuple(obj["looks"]),
            theme=str(obj["theme"]),
            rating=int(obj["rating"]),
            why={"th": str(obj["why"]["th"]), "en": str(obj["why"]["en"])},
            deck=tuple(int(c) for c in obj.get("deck", ())),
            starter=int(obj.get("starter", 0)),
            direction=int(obj.get("direction", 1)),
            scores=tuple(int(x) for x in obj.get("scores", ())),
        )
    except KeyError as e:
        raise PuzzleError(f"{where}: missing field {e.args[0]!r}") from None
    except (TypeError, ValueError) as e:
        raise PuzzleError(f"{where}: {e}") from None


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise PuzzleError(f"no puzzles for {game!r}; games: {', '.join(GAMES)}")


@cache
def puzzle_file(game: str) -> Json:
    """The raw puzzle file of ``game`` (its yield and settings beside the puzzles)."""
    _check_game(game)
    text = resources.files("samrap.learn").joinpath("data", f"puzzles-{game}.json").read_text(encoding="utf-8")
    data: Json = json.loads(text)
    return data


@cache
def puzzles(game: str) -> tuple[Puzzle, ...]:
    """Every shipped puzzle of ``game``, in file order.

    Raises:
        PuzzleError: unknown game or a malformed file.
    """
    items = puzzle_file(game).get("puzzles")
    if not isinstance(items, list):
        raise PuzzleError(f"the {game} puzzle file has no list of puzzles")
    return tuple(_puzzle(game, obj, k) for k, obj in enumerate(items))


def find_puzzle(game: str, puzzle_id: str) -> Puzzle:
    """The puzzle ``puzzle_id`` of ``game``.

    Raises:
        PuzzleError: unknown game or puzzle.
    """
    for p in puzzles(game):
        if p.id == puzzle_id:
            return p
    raise PuzzleError(f"no puzzle {puzzle_id!r} in the {game} puzzles")


def of_the_day(game: str, day: dt.date | str | None = None) -> Puzzle:
    """The puzzle of the day: the same for everyone on a UTC date (a hash of the date, not a secret).

    Raises:
        PuzzleError: unknown game, or ``day`` not a ``YYYY-MM-DD`` date.
    """
    _check_game(game)
    if day is None:
        day = dt.datetime.now(dt.UTC).date()
    if isinstance(day, str):
        try:
            day = dt.date.fromisoformat(day)
        except ValueError:
            raise PuzzleError(f"not a date (YYYY-MM-DD): {day!r}") from None
    all_ = puzzles(game)
    digest = hashlib.sha256(f"samrap-puzzle:{game}:{day.isoformat()}".encode()).digest()
    return all_[int.from_bytes(digest[:8], "big") % len(all_)]


def expected(rating: float, against: float) -> float:
    """Elo's expected score of ``rating`` against ``against``."""
    return 1.0 / (1.0 + math.pow(10.0, (against - rating) / 400.0))


def elo(solver: float, puzzle: float, solved: bool) -> tuple[float, float]:
    """The new ``(solver, puzzle)`` ratings after one first try: a solve is the solver's win.

    Why Elo: two numbers and one formula, the same in Python and in the browser's JavaScript, with
    no account and no server; K is 32 for the solver (it settles in a few dozen puzzles) and 16
    for a puzzle (its rating moves slower, being tried by one solver only on this machine).
    """
    e = expected(solver, puzzle)
    s = 1.0 if solved else 0.0
    return solver + K_SOLVER * (s - e), puzzle - K_PUZZLE * (s - e)


def next_puzzle(game: str, rating: float, tried: Sequence[str], ratings: Mapping[str, float] | None = None) -> Puzzle:
    """The untried puzzle whose rating is nearest the solver's (all again once every one is tried)."""
    left = [p for p in puzzles(game) if p.id not in set(tried)] or list(puzzles(game))
    ratings = ratings or {}
    return min(left, key=lambda p: (abs(ratings.get(p.id, p.rating) - rating), p.id))


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a try is told: right or not, why (``kind``) and the words in both languages."""

    ok: bool
    kind: str  # "illegal", "best", "same", "good", "worse"
    th: str
    en: str
    rule: int | str | None = None

    def get(self, lang: str) -> str:
        return self.th if lang == "th" else self.en

    def as_dict(self) -> Json:
        return {"ok": self.ok, "kind": self.kind, "message": {"th": self.th, "en": self.en}, "rule": self.rule}


def judge(puzzle: Puzzle, text: str, deals: int | None = None) -> Verdict:
    """Judge the try ``text`` by position (see the module docstring); illegal tries name the broken rule."""
    game, state = puzzle.position()
    seat = puzzle.seat
    try:
        action = game.parse_action(text)
        after = game.apply(state, action, seat)
    except IllegalActionError as e:
        return Verdict(
            False,
            "illegal",
            f"การเดินนี้ผิด{broken_rule(game, e, 'th')} ลองใหม่อีกครั้ง",
            f"That move breaks {broken_rule(game, e, 'en')}. Try again.",
            e.rule,
        )
    except SamrapError as e:
        return Verdict(False, "illegal", "เขียนการเดินไม่ถูก ลองใหม่อีกครั้ง", f"That is not a move: {e}. Try again.")
    goals = [game.apply(state, game.parse_action(t), seat) for t in puzzle.accept]
    if reaches(game, seat, after, goals) is not None:
        kind = "best" if game.action_text(action) in puzzle.accept else "same"
        return Verdict(True, kind, "ถูกต้อง", "Right.")
    wrong = Verdict(False, "worse", "ยังไม่ใช่", "Not the best move.")
    for t in puzzle.compared:
        if t not in puzzle.accept and after == game.apply(state, game.parse_action(t), seat):
            return wrong  # both looks found it clearly worse
    n = review_deals(game.name) if deals is None else deals
    if n < 2:
        return wrong
    view = game.observe(state, seat)
    rng = make_rng(f"samrap-puzzle-try:{puzzle.id}:{game.action_text(action)}")
    best = game.parse_action(puzzle.best)
    comp = compare(game, view, [best, action], rng, n, policy_for(game))
    gap, se = comp.gap(best, action)
    if label_of_loss(game.name, loss_points(round(max(0.0, gap - se), 1))) == "good":
        return Verdict(True, "good", "ถูกต้อง: ดีพอ ๆ กับการเดินที่ดีที่สุดที่พบ", "Right: as good as the best move found.")
    return wrong


def shown(puzzle: Puzzle) -> Json:
    """What a solver may see before answering: the seat's view string, its legal moves, the theme, the rating."""
    game, state = puzzle.position()
    return {
        "id": puzzle.id,
        "game": puzzle.game,
        "seat": puzzle.seat,
        "players": game.players,
        "view": game.observe(state, puzzle.seat).to_string(),
        "legal": [game.action_text(a) for a in game.legal_moves(state)],
        "theme": {lang: puzzle.theme_words(lang) for lang in ("th", "en")},
        "rating": puzzle.rating,
    }


def answered(puzzle: Puzzle, verdict: Verdict) -> Json:
    """The answer of a try: the verdict, the best move and the explanation (after any try but an illegal one)."""
    out: Json = {"verdict": verdict.as_dict()}
    if verdict.kind != "illegal":
        out["answer"] = {lang: puzzle.answer(lang) for lang in ("th", "en")}
        out["best"] = puzzle.best
        out["looks"] = [dict(lk) for lk in puzzle.looks]
    return out


# ---- the JSON the web app gets (the server's routes and the offline worker answer alike) ----


def today_json(game: str, day: str | None = None) -> Json:
    """``GET /api/puzzles/{game}/today``: the puzzle of the day (UTC), as :func:`shown` plus the day."""
    date = dt.datetime.now(dt.UTC).date().isoformat() if day is None else day
    return {**shown(of_the_day(game, date)), "day": date}


def next_json(game: str, rating: float, tried: Sequence[str]) -> Json:
    """``GET /api/puzzles/{game}/next``: the untried puzzle nearest the solver's rating."""
    _check_game(game)
    return shown(next_puzzle(game, rating, tried))


def try_json(game: str, puzzle_id: str, text: str, solver: float, rating: float | None, first: bool) -> Json:
    """``POST /api/puzzles/{game}/{id}``: the verdict on ``text``, and after a legal try the answer;
    on a first try the solver's and the puzzle's new ratings (the browser keeps them)."""
    puzzle = find_puzzle(game, puzzle_id)
    verdict = judge(puzzle, text)
    out = answered(puzzle, verdict)
    if first and verdict.kind != "illegal":
        s, q = elo(solver, float(puzzle.rating) if rating is None else rating, verdict.ok)
        out["ratings"] = {"solver": round(s, 1), "puzzle": round(q, 1)}
    return out
