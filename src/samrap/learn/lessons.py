"""Lessons: hand-built positions that each teach one idea by asking the learner to find the move.

A course is a data file (``learn/data/dummy.json``, ``learn/data/contract.json``): each lesson names
its config, the cards each seat is dealt, the first upcard and the top of the stock (the rest of the
deck follows in card order, so the deal is fixed), the moves played before the question (``before``:
scripted moves of any seat) and its steps. A step has a prompt in Thai and English, the expected
move (or a few equally right ones), the rule it teaches (the number on the rules page) and the
explanation shown after a wrong move, then the scripted moves that follow a right one (``after``).

:class:`LessonRun` plays a lesson through the rules engine: a move that breaks a rule gets the
engine's own message (it names the rule), a legal but wrong move gets the step's explanation,
and either way the learner tries again. ``tests/learn/test_lessons.py`` plays every lesson's
expected moves through the engine, so a rules change cannot silently break a lesson.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from samrap.core.cards import parse_card
from samrap.core.errors import IllegalActionError, SamrapError
from samrap.core.rng import make_rng
from samrap.engine.protocol import ViewLike
from samrap.engine.registry import AnyGame, get_spec
from samrap.engine.rulebooks import broken_rule
from samrap.players.coach import coach_for
from samrap.players.levels import heuristic_for
from samrap.players.words import describe

COURSES = ("dummy", "contract")
JOKER_TEXT = "*"


@dataclass(frozen=True, slots=True)
class Words:
    """One text in both languages."""

    th: str
    en: str

    def get(self, lang: str) -> str:
        return self.th if lang == "th" else self.en

    @classmethod
    def of(cls, obj: Any, where: str) -> Words:
        if not isinstance(obj, dict) or not isinstance(obj.get("th"), str) or not isinstance(obj.get("en"), str):
            raise LessonError(f"{where}: needs a th and an en text")
        return cls(obj["th"], obj["en"])


class LessonError(ValueError):
    """A lesson file is malformed (names the lesson and the field)."""


@dataclass(frozen=True, slots=True)
class Step:
    prompt: Words
    expect: tuple[str, ...]
    rule: int | str
    why: Words
    well: Words | None = None
    after: tuple[str, ...] = ()
    #: Further rules the step's texts teach besides ``rule``: rule numbers, house-rule option names
    #: (``head_penalty``), preset names (``liverpool``); tests/learn/test_coverage.py maps every rule to a step.
    teaches: tuple[int | str, ...] = ()

    def rules(self) -> tuple[int | str, ...]:
        return (self.rule, *(r for r in self.teaches if r != self.rule))


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    game: str
    title: Words
    intro: Words
    config: str
    learner: int
    hands: tuple[tuple[str, ...], ...]
    upcard: str
    stock: tuple[str, ...]
    start: int
    deal: int = 1
    before: tuple[str, ...] = ()
    steps: tuple[Step, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "title": {"th": self.title.th, "en": self.title.en},
            "intro": {"th": self.intro.th, "en": self.intro.en},
            "steps": len(self.steps),
            "rules": list(self.rules()),
            "rule_words": {"th": rules_words(self.rules(), "th"), "en": rules_words(self.rules(), "en")},
        }

    def rules(self) -> tuple[int | str, ...]:
        """Every rule the lesson teaches, in step order, each once."""
        return tuple(dict.fromkeys(r for s in self.steps for r in s.rules()))


def _cards(text: str) -> tuple[str, ...]:
    """``7h8h9h Kd *`` -> ``('7h', '8h', '9h', 'Kd', '*')``."""
    out: list[str] = []
    for word in text.split():
        k = 0
        while k < len(word):
            if word[k] == JOKER_TEXT:
                out.append(JOKER_TEXT)
                k += 1
            else:
                out.append(word[k : k + 2])
                k += 2
    return tuple(out)


def _lesson(game: str, obj: Any, k: int) -> Lesson:
    where = f"{game} lesson {k + 1}"
    if not isinstance(obj, dict):
        raise LessonError(f"{where}: must be an object")
    try:
        lid = str(obj["id"])
        where = f"{game} lesson {lid!r}"
        steps = tuple(
            Step(
                prompt=Words.of(s["prompt"], f"{where} step {j + 1} prompt"),
                expect=tuple(s["expect"]),
                rule=s["rule"],
                why=Words.of(s["why"], f"{where} step {j + 1} why"),
                well=Words.of(s["well"], f"{where} step {j + 1} well") if "well" in s else None,
                after=tuple(s.get("after", ())),
                teaches=tuple(s.get("teaches", ())),
            )
            for j, s in enumerate(obj["steps"])
        )
        return Lesson(
            id=lid,
            game=game,
            title=Words.of(obj["title"], f"{where} title"),
            intro=Words.of(obj["intro"], f"{where} intro"),
            config=str(obj["config"]),
            learner=int(obj.get("learner", 0)),
            hands=tuple(_cards(h) for h in obj["hands"]),
            upcard=str(obj["upcard"]),
            stock=_cards(obj.get("stock", "")),
            start=int(obj.get("start", 0)),
            deal=int(obj.get("deal", 1)),
            before=tuple(obj.get("before", ())),
            steps=steps,
        )
    except KeyError as e:
        raise LessonError(f"{where}: missing field {e.args[0]!r}") from None
    except (TypeError, ValueError) as e:
        raise LessonError(f"{where}: {e}") from None


@cache
def course(game: str) -> tuple[Lesson, ...]:
    """The lessons of ``game`` (``dummy`` or ``contract``), in teaching order.

    Raises:
        LessonError: unknown course, or a malformed lesson file.
    """
    if game not in COURSES:
        raise LessonError(f"no course for {game!r}; courses: {', '.join(COURSES)}")
    text = resources.files("samrap.learn").joinpath("data", f"{game}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return tuple(_lesson(game, obj, k) for k, obj in enumerate(data["lessons"]))


def find_lesson(game: str, lesson_id: str) -> Lesson:
    for lesson in course(game):
        if lesson.id == lesson_id:
            return lesson
    raise LessonError(f"no lesson {lesson_id!r} in the {game} course")


def _face(text: str) -> int:
    return 52 if text == JOKER_TEXT else parse_card(text)


def build_deck(game: AnyGame, lesson: Lesson) -> list[int]:
    """The fixed deck order of a lesson: the hands as the deal hands them out, the upcard, the stock.

    Cards not named fill the hands, then the stock, in card order (jokers last).

    Raises:
        LessonError: a card is named twice (more often than the pack holds it) or a hand is too big.
    """
    n = game.players
    if len(lesson.hands) != n:
        raise LessonError(f"{lesson.id}: {n} hands needed, {len(lesson.hands)} given")
    layout = coach_for(game.name).lesson_deal
    if layout is None:
        raise LessonError(f"{lesson.id}: the game {game.name!r} has no lessons")
    deal = layout(game, lesson.start, lesson.deal)  # the game's own dealing order (its coach)
    size, faces, order = deal.hand_size, deal.faces, deal.order
    free: dict[int, list[int]] = {}
    for pid, f in enumerate(faces):
        free.setdefault(f, []).append(pid)

    def take(text: str) -> int:
        f = _face(text)
        if not free.get(f):
            raise LessonError(f"{lesson.id}: card {text} is named more often than the pack holds it")
        return free[f].pop(0)

    hands: list[list[int]] = []
    for q, named in enumerate(lesson.hands):
        if len(named) > size:
            raise LessonError(f"{lesson.id}: hand {q} has {len(named)} cards, the deal gives {size}")
        hands.append([take(c) for c in named])
    up = take(lesson.upcard)
    stock = [take(c) for c in lesson.stock]
    rest = sorted((pid for ids in free.values() for pid in ids), key=lambda p: (faces[p], p))
    for h in hands:
        while len(h) < size:
            h.append(rest.pop(0))
    deck = [hands[order[k % n]][k // n] for k in range(n * size)]
    return [*deck, up, *stock, *rest]


def new_state(lesson: Lesson) -> tuple[AnyGame, object]:
    """``(game, state)`` at the lesson's first question (the ``before`` moves played)."""
    spec = get_spec(lesson.game)
    config = spec.parse_config(lesson.config, spec.default_config)
    game: AnyGame = spec.make_game(config)
    deck = build_deck(game, lesson)
    start = coach_for(game.name).lesson_start
    if start is None:
        raise LessonError(f"{lesson.id}: the game {lesson.game!r} has no lessons")
    state = start(game, deck, lesson.start, lesson.deal)
    return game, play_script(game, state, lesson, lesson.before, "before")


#: In a script, this word plays the other seats with the heuristic bot (seeded) until the learner is to move.
BOT = "bot"
#: The level whose bot that is (the heuristic, no noise): the other seats of a lesson are named as
#: that level's people (``players.levels.LEVEL_PEOPLE``) in the terminal and on the web.
BOT_LEVEL = "medium"


def play_script(game: AnyGame, state: object, lesson: Lesson, script: Sequence[str], where: str) -> object:
    """Play scripted moves (action texts, or :data:`BOT` for the bots' turns up to the learner's)."""
    for k, text in enumerate(script):
        if text != BOT:
            state = game.apply(state, game.parse_action(text))
            continue
        bot = heuristic_for(game)
        rng = make_rng(f"samrap-lesson:{lesson.id}:{where}:{k}")
        while not game.is_terminal(state) and game.current_player(state) != lesson.learner:
            seat = game.current_player(state)
            state = game.apply(state, bot.choose(game.observe(state, seat), game.legal_moves(state), rng), seat)
    return state


#: Rules outside the numbered list, by the name a step gives them.
_NAMED_RULES = {
    "modern": ("กติกาเสริมแบบใหม่", "the modern preset's rules"),
    "liverpool": ("กติกาลิเวอร์พูล", "the Liverpool preset's rules"),
    "head_bonus": ("หัว (กติกาเสริม)", "the head bonus (หัว, a house rule)"),
    "head_penalty": ("ปี้หัว (กติกาเสริม)", "ปี้หัว (fed the head, a house rule)"),
    "speto_knock": ("น็อคสเปโต (กติกาเสริม)", "the speto knock (น็อคสเปโต, a house rule)"),
    "colour_knock": ("น็อคสี (กติกาเสริม)", "the colour knock (น็อคสี, a house rule)"),
    "discard_layoff_penalty": ("ทิ้งใบฝาก (กติกาเสริม)", "ทิ้งใบฝาก (discarding a lay-off card, a house rule)"),
    "discard_full_penalty": ("ทิ้งเต็ม (กติกาเสริม)", "ทิ้งเต็ม (discarding into the row, a house rule)"),
    "speto_layoff_penalty": ("โดนฝากสเปโต (กติกาเสริม)", "โดนฝากสเปโต (a speto laid on your meld, a house rule)"),
    "ngo_dark_penalty": ("โง่ตอนน็อคมืด (กติกาเสริม)", "โง่ in a dark knock (a house rule)"),
}


def rule_words(rule: int | str, lang: str) -> str:
    """``rule 12`` / ``กติกาข้อ 12``, or the name of a preset's unnumbered rules."""
    if isinstance(rule, str) and rule in _NAMED_RULES:
        return _NAMED_RULES[rule][0 if lang == "th" else 1]
    return f"กติกาข้อ {rule}" if lang == "th" else f"rule {rule}"


def rules_words(rules: Sequence[int | str], lang: str) -> str:
    """What a lesson teaches, for its entry in the course: ``กติกาข้อ 12, 14 · ปี้หัว (กติกาเสริม)``."""
    numbers = [str(r) for r in rules if isinstance(r, int)]
    named = [rule_words(r, lang) for r in rules if not isinstance(r, int)]
    head = []
    if numbers:
        head = [("กติกาข้อ " if lang == "th" else "rules " if len(numbers) > 1 else "rule ") + ", ".join(numbers)]
    return " · ".join(head + named)


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner is told after a move."""

    ok: bool
    done: bool
    message: Words
    rule: int | str | None = None


class LessonRun:
    """One learner working through one lesson (state kept here; the rules engine checks every move)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game, self.state = new_state(lesson)
        self.step = 0
        self.mistakes = 0

    @property
    def done(self) -> bool:
        return self.step >= len(self.lesson.steps)

    @property
    def current(self) -> Step:
        return self.lesson.steps[self.step]

    def view(self) -> ViewLike:
        view: ViewLike = self.game.observe(self.state, self.lesson.learner)
        return view

    def after_move(self, text: str) -> object:
        try:
            return self.game.apply(self.state, self.game.parse_action(text), self.lesson.learner)
        except SamrapError:
            return None  # an expected move that does not apply here (a step may accept a few)

    def is_legal(self, text: str) -> bool:
        return self.after_move(text) is not None

    def judge(self, after: object) -> tuple[object, tuple[object, ...]] | None:
        """Whether the position ``after`` the learner's move is as good as the step's answer (docs/learn.md).

        As good means one of: (1) the same position as after an expected move (the same move written
        in another order, or another move with the same effect); (2) both end the game with the same
        score for every seat; (3) the learner, still to move in the same turn, reaches what an expected
        move reaches (the same position, or the game's end with the same scores) with at most two
        more moves of that turn (a go-down leaving 7♥ in hand that can be laid off on it at once).
        Returns the position the lesson goes on from and the moves played for the learner in case
        (3), or None when the move is worse.
        """
        goals = [g for g in (self.after_move(t) for t in self.current.expect) if g is not None]
        return reaches(self.game, self.lesson.learner, after, goals)

    def try_move(self, text: str) -> Feedback:
        """Play ``text`` for the learner: as good as the answer -> next step (scripted replies played);
        worse -> the step's explanation; illegal -> the broken rule's text; either way, retry."""
        if self.done:
            return Feedback(True, True, Words("บทเรียนนี้จบแล้ว", "This lesson is finished."))
        step = self.current
        try:
            action = self.game.parse_action(text)
            after = self.game.apply(self.state, action, self.lesson.learner)
        except IllegalActionError as e:
            self.mistakes += 1
            return Feedback(
                False,
                False,
                Words(
                    f"การเดินนี้ผิด{broken_rule(self.game, e, 'th')} ลองใหม่อีกครั้ง",
                    f"That move breaks {broken_rule(self.game, e, 'en')}. Try again.",
                ),
                e.rule,
            )
        except SamrapError as e:
            self.mistakes += 1
            return Feedback(
                False,
                False,
                Words("เขียนการเดินไม่ถูก ลองใหม่อีกครั้ง", f"That is not a move: {e}. Try again."),
                getattr(e, "rule", None),
            )
        judged = self.judge(after)
        if judged is None:
            self.mistakes += 1
            return Feedback(
                False,
                False,
                Words(
                    f"ยังไม่ใช่ ({rule_words(step.rule, 'th')}): {step.why.th} ลองใหม่อีกครั้ง",
                    f"Not quite ({rule_words(step.rule, 'en')}): {step.why.en} Try again.",
                ),
                step.rule,
            )
        position, played = judged
        view = self.game.observe(after, self.lesson.learner)
        well = step.well or Words("ถูกต้อง", "Right.")
        if played:
            moves = {lang: ", ".join(describe(self.game, view, a, lang) for a in played) for lang in ("th", "en")}
            well = Words(
                f"{well.th} (ตานี้คุณ{moves['th']}ต่อได้ทันที ได้ผลเท่ากับคำตอบ จึงเดินให้แล้ว)",
                f"{well.en} (This turn you can then {moves['en']} at once, the same as the answer: played for you.)",
            )
        self.state = play_script(self.game, position, self.lesson, step.after, f"step{self.step}")
        self.step += 1
        return Feedback(True, self.done, well, step.rule)


def _same_end(game: AnyGame, a: object, b: object) -> bool:
    return bool(game.is_terminal(a) and game.is_terminal(b) and tuple(game.returns(a)) == tuple(game.returns(b)))


def reaches(
    game: AnyGame, seat: int, after: object, goals: Sequence[object]
) -> tuple[object, tuple[object, ...]] | None:
    """Whether ``after`` (a position after ``seat``'s move) is as good as one of ``goals`` (the
    positions after the expected moves): the rule of :meth:`LessonRun.judge`, shared with the
    puzzles (:mod:`samrap.learn.puzzles`). Returns the position to go on from and the moves of
    ``seat``'s own turn played to reach a goal, or None when the move is worse.
    """
    if any(after == g for g in goals):
        return after, ()
    if game.is_terminal(after):
        return (after, ()) if any(_same_end(game, g, after) for g in goals) else None
    # the moves that go on with a turn already begun (not a draw, pick-up, collect, buy or pass)
    same_turn = coach_for(game.name).same_turn
    frontier: list[tuple[object, tuple[object, ...]]] = [(after, ())]
    budget = _REACH_BUDGET  # a bounded look: an answer is judged inside a web request
    for _ in range(_REACH):
        nxt: list[tuple[object, tuple[object, ...]]] = []
        for state, path in frontier:
            if game.is_terminal(state) or game.current_player(state) != seat:
                continue
            for a in game.legal_moves(state):
                if not same_turn(a):
                    continue
                budget -= 1
                if budget < 0:
                    return None
                s2 = game.apply(state, a, seat)
                if any(s2 == g or _same_end(game, s2, g) for g in goals):
                    return s2, (*path, a)
                nxt.append((s2, (*path, a)))
        frontier = nxt
    return None


#: How many more moves of the learner's own turn an answer may need to reach the expected position.
_REACH = 2
#: At most this many continuations are tried (a collect of twenty row cards opens thousands of melds):
#: past it the move is judged not as good, which no lesson's answer needs (tests/learn).
_REACH_BUDGET = 200
