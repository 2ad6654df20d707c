"""Game review: every decision of one seat judged from that seat's view only, with a label and a reason.

For each decision of the chosen seat (a position where it had more than one legal move) the
review rebuilds the position from the record, takes **only that seat's observation** and runs
the shared analysis (:mod:`samrap.players.analysis`): the heuristic's best moves and the move
played are played out on the same simulated deals of the hidden cards, drawn from the
observation. The real hidden cards of the record are never given to the analysis: it receives
the view, the legal moves and a generator seeded by the review seed, the game number and the
action number (all public), so two records that differ only in what the seat could not see get
the same review (``tests/players/test_review.py``).

Per decision: the move played, the best move found, the estimated loss in points and the win
chance of both moves, a label and a one-line reason (English and Thai). The moves are compared by
their *worth* (:func:`samrap.players.analysis.worth`: 100 x the share of simulated finishes won
plus 0.3 x the points margin), and the label comes from the *confident* loss of worth, the mean
less one standard error of the paired difference, so simulation noise alone rarely makes a good
move look bad. A move is judged in two looks: the first (:func:`review_deals` deals) picks the best move;
when the move played is not it and loses at least the first threshold there, a second look on
:data:`CONFIRM` times as many fresh deals measures the loss and gives the label, since the lead
of the best of several noisy estimates is biased upwards (the winner's curse); the second look
adds rounds of as many fresh deals again, at most :data:`ROUNDS`, while the label is in doubt
(:func:`settled`; issue 24.5: on 64 deals its standard error, about 11, was as large as a
mistake, and the one-standard-error margin let a move measured at 39 lost be labelled good). With the default
thresholds (7, 15, 35) a mistake costs about 15 percentage points of winning chance, or 50
points at the same chance:

==========  =============================================
label       confident loss of worth
==========  =============================================
good        below :func:`thresholds` ``[0]``
inaccuracy  from ``[0]``
mistake     from ``[1]``
blunder     from ``[2]``
==========  =============================================

Summary: accuracy (the share of decisions labelled good), counts per label, and the points
lost per kind of decision (discards, collects/pick-ups, knocks, go-downs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from samrap.core.rng import make_rng
from samrap.engine.protocol import ViewLike
from samrap.engine.record import Record
from samrap.engine.registry import GAMES, AnyGame, GameSetup, GameSpec
from samrap.players.analysis import (
    MARGIN_WEIGHT,
    OTHERS,
    PLAIN,
    Comparison,
    Policy,
    candidates,
    compare,
    deciding_item,
    merged,
    policy_for,
)
from samrap.players.coach import coach_for
from samrap.players.words import describe

LABELS = ("good", "inaccuracy", "mistake", "blunder")
LABEL_NAMES = {
    "good": ("ดี", "good"),
    "inaccuracy": ("พลาดเล็กน้อย", "inaccuracy"),
    "mistake": ("พลาด", "mistake"),
    "blunder": ("พลาดหนัก", "blunder"),
}
KINDS = ("discard", "collect", "knock", "go_down")
KIND_NAMES = {
    "discard": ("การทิ้ง", "discards"),
    "collect": ("การเก็บและการหยิบ", "collects and pick-ups"),
    "knock": ("การน็อค", "knocks"),
    "go_down": ("การลงไพ่", "go-downs, melds and lay-offs"),
}
#: Confident loss of worth from which a move is an inaccuracy, a mistake, a blunder.


def thresholds(game: str) -> tuple[float, float, float]:
    """The confident losses of worth from which a move of ``game`` is an inaccuracy, a mistake, a
    blunder (its coach's, ``players/coaches``; 7, 15, 35 for both built-in games)."""
    return coach_for(game).review_thresholds


#: Standard errors of the paired worth gap taken off before labelling (the "confident" loss).
CONFIDENCE = 1.0


def review_deals(game: str) -> int:
    """Simulated deals per decision of ``game`` (its coach's); more is steadier and slower."""
    return coach_for(game).review_deals


#: The heuristic's best moves compared at a decision (the move played is added when missing).
TOP = 3
#: The second look (:func:`review_step`): a played move that looks worse than the best is judged
#: again on rounds of this many times the first look's deals, drawn afresh ...
CONFIRM = 2
#: ... at most this many rounds, more only while the loss's interval (one standard error either
#: side) straddles a label's threshold (:func:`settled`).
ROUNDS = 4


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision of the seat."""

    game: int
    number: int
    kind: str
    played: str
    best: str
    loss: float
    sure_loss: float
    worth_se: float
    win_played: float | None
    win_best: float | None
    label: str
    reason_en: str
    reason_th: str
    played_words: tuple[str, str]
    best_words: tuple[str, str]
    second_look: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "number": self.number,
            "kind": self.kind,
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 1),
            "sure_loss": round(self.sure_loss, 1),
            "worth_se": round(self.worth_se, 1),
            "win_played": None if self.win_played is None else round(self.win_played, 3),
            "win_best": None if self.win_best is None else round(self.win_best, 3),
            "label": self.label,
            "reason": {"en": self.reason_en, "th": self.reason_th},
            "played_words": {"th": self.played_words[0], "en": self.played_words[1]},
            "best_words": {"th": self.best_words[0], "en": self.best_words[1]},
            "second_look": self.second_look,
        }

    def reason(self, lang: str) -> str:
        return self.reason_th if lang == "th" else self.reason_en


@dataclass(frozen=True, slots=True)
class Review:
    """A whole review: the decisions, in order, and the summary."""

    game: str
    config: str
    seat: int
    player: str
    seed: int
    deals: int
    decisions: tuple[Decision, ...]
    forced: int = 0
    summary: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "version": 1,
            "game": self.game,
            "config": self.config,
            "seat": self.seat,
            "player": self.player,
            "seed": self.seed,
            "deals": self.deals,
            "thresholds": list(thresholds(self.game)),
            "forced": self.forced,
            "summary": self.summary,
            "decisions": [d.as_dict() for d in self.decisions],
        }


def loss_points(sure_loss: float) -> float:
    """The loss column: the confident loss of worth in points (``worth / MARGIN_WEIGHT``, 0.1 rounded).

    Why one figure: the column and the label must never disagree ("loss 47, good"), so the column
    shows exactly what the label is read from, the confident loss of worth, in the game's points:
    one percentage point of winning chance counts as ``1 / MARGIN_WEIGHT`` (3.3) points.
    """
    return round(sure_loss / MARGIN_WEIGHT, 1)


def loss_thresholds(game: str) -> tuple[float, float, float]:
    """:func:`thresholds` in the loss column's points (7, 15, 35 of worth: 23.3, 50, 116.7 points)."""
    a, b, c = (loss_points(t) for t in thresholds(game))
    return a, b, c


def label_of_loss(game: str, loss: float) -> str:
    """The one rule: the label of a decision is read from its loss column (``loss``, points)."""
    t = loss_thresholds(game)
    if loss >= t[2]:
        return "blunder"
    if loss >= t[1]:
        return "mistake"
    if loss >= t[0]:
        return "inaccuracy"
    return "good"


def label_for(game: str, sure_loss: float) -> str:
    """The label of a confident loss of worth under ``game``'s thresholds."""
    t = thresholds(game)
    if sure_loss >= t[2]:
        return "blunder"
    if sure_loss >= t[1]:
        return "mistake"
    if sure_loss >= t[0]:
        return "inaccuracy"
    return "good"


def kind_of(game: AnyGame, action: object) -> str:
    """The kind of decision a move belongs to (for the summary's points lost by kind), as the
    game's coach sorts its moves."""
    return coach_for(game.name).kind_of(action)


def _decision_kind(game: AnyGame, played: object, best: object) -> str:
    kinds = {kind_of(game, played), kind_of(game, best)}
    for k in ("knock", "collect", "go_down", "discard"):
        if k in kinds:
            return k
    return "discard"


def is_near_end(game: AnyGame, view: object) -> bool:
    """Close to the end of the game, where the win chance is shown beside the points."""
    return coach_for(game.name).near_end(view)


@dataclass(frozen=True, slots=True)
class Step:
    """A decision of the reviewed seat: where it is in the record, the seat's view, what was played."""

    game_index: int
    number: int
    view: ViewLike
    legal: list[object]
    played: object


def record_game(record: Record) -> tuple[GameSpec, AnyGame]:
    m = record.match
    spec = GAMES[m.game]
    return spec, spec.make_game(spec.parse_config(m.config, spec.default_config))


def steps(record: Record, seat: int, games: Sequence[int] | None = None) -> Iterator[Step]:
    """The reviewed seat's decisions (positions with more than one legal move), in order.

    The full state is rebuilt here from the record; what leaves this function is the seat's view.
    """
    spec, game = record_game(record)
    m = record.match
    totals = tuple(0 for _ in range(game.players))
    for gi, g in enumerate(m.games):
        if games is None or gi in games:
            state = spec.start_game(game, GameSetup(gi, g.deck, g.starter, g.direction, totals, g.seed))
            for k, (who, text) in enumerate(g.actions):
                action = game.parse_action(text)
                if who == seat:
                    legal = list(game.legal_moves(state))
                    if len(legal) > 1:
                        yield Step(gi, k, game.observe(state, seat), legal, action)
                state = game.apply(state, action, who)
        totals = tuple(t + s for t, s in zip(totals, g.scores, strict=True))


def count_steps(record: Record, seat: int, games: Sequence[int] | None = None) -> tuple[int, int]:
    """``(decisions, forced moves)`` of the seat, for a progress bar's total."""
    spec, game = record_game(record)
    n = forced = 0
    m = record.match
    totals = tuple(0 for _ in range(game.players))
    for gi, g in enumerate(m.games):
        if games is None or gi in games:
            state = spec.start_game(game, GameSetup(gi, g.deck, g.starter, g.direction, totals, g.seed))
            for who, text in g.actions:
                action = game.parse_action(text)
                if who == seat:
                    if len(game.legal_moves(state)) > 1:
                        n += 1
                    else:
                        forced += 1
                state = game.apply(state, action, who)
        totals = tuple(t + s for t, s in zip(totals, g.scores, strict=True))
    return n, forced


def judge(
    game: AnyGame, spec: GameSpec, view: ViewLike, legal: Sequence[object], played: object, rng: Random, deals: int
) -> tuple[Comparison | None, object]:
    """Compare the heuristic's best moves and ``played``; ``(None, played)`` when nothing else is worth a look."""
    policy = policy_for(game)
    moves = candidates(game, view, legal, TOP, (played,), policy)
    if len(moves) == 1:
        return None, played
    comp = compare(game, view, moves, rng, deals, policy)
    return comp, comp.best.action


def _item_words(spec: GameSpec, code: str, lang: str) -> str:
    if code.startswith(OTHERS):
        name = spec.item_name(code[len(OTHERS) :], lang)
        return f"{name}ของผู้เล่นอื่น" if lang == "th" else f"the other players' {name}"
    return spec.item_name(code, lang)


def _reasons(
    spec: GameSpec,
    comp: Comparison | None,
    played: object,
    best: object,
    label: str,
    loss: float,
    near: bool,
    words: Callable[[object, str], str],
) -> tuple[str, str]:
    if comp is None:
        return ("the natural move", "การเดินที่ควรเดินอยู่แล้ว")
    if label == "good":
        if played == best:
            return ("the best move found", "ดีที่สุดเท่าที่หาได้")
        return (
            f"as good as {words(best, 'en')} within the simulations' noise",
            f"ดีพอๆ กับ{words(best, 'th')} ภายในความคลาดเคลื่อนของการจำลอง",
        )
    b, p = comp.of(best), comp.of(played)
    item = deciding_item(b, p)
    n = len(b.values)
    en = f"{words(best, 'en')} was better" + (f" by about {loss:.0f} points" if loss >= 1 else "")
    th = f"{words(best, 'th')} ดีกว่า" + (f"ประมาณ {loss:.0f} แต้ม" if loss >= 1 else "")
    wb, wp = round(100 * b.win), round(100 * p.win)
    if wb != wp:  # a figure equal in both lines explains nothing ("100% against 100%")
        en += f" (win chance {wb}% against {wp}% over {n} simulated deals)"
        th += f" (โอกาสชนะ {wb}% ต่อ {wp}% จากเกมจำลอง {n} เกม)"
    if item is not None and round(item[1]) != 0:
        code, diff = item
        hb, hp = round(100 * b.hits.get(code, 0.0)), round(100 * p.hits.get(code, 0.0))
        en += f"; what decides it: {_item_words(spec, code, 'en')} ({diff:+.0f} points"
        th += f" ที่ตัดสินคือ{_item_words(spec, code, 'th')} ({diff:+.0f} แต้ม"
        if code.lstrip(OTHERS) not in PLAIN and hb != hp:
            en += f", in {hb}% of the finishes against {hp}% after the move played"
            th += f" เกิดใน {hb}% ของเกมจำลอง เทียบกับ {hp}% หลังการเดินที่เล่นไป"
        en += ")"
        th += ")"
    return en, th


def second_look(
    game: AnyGame,
    view: ViewLike,
    best: object,
    played: object,
    rng: Random,
    deals: int,
    policy: Policy | None = None,
    rounds: int = 1,
    cuts: Sequence[float] = (),
) -> Comparison:
    """The best move of the first look and the move played, compared again on fresh deals:
    ``deals`` of them a round, at most ``rounds`` rounds, until the loss is :func:`settled`
    between the thresholds ``cuts``.

    Why fresh deals: the first look's best move is the best of several noisy estimates, so its
    lead over the move played is biased upwards (the winner's curse: the largest of N noisy means
    overstates the true largest). Deals drawn afresh, independent of those that picked it, measure
    the gap without that bias; the two moves still share these deals (common random numbers).

    Why rounds: one finish's worth is won or lost (100) plus a margin, so the paired gap between
    two moves has a standard deviation of about 85 a deal in Dummy (measured); on 64 deals the standard
    error is about 11, as large as a mistake. Deals are spent where the label is in doubt: a round
    is added only while one standard error either side of the loss lies across a threshold.
    """
    comp = compare(game, view, [best, played], rng, deals, policy)
    for _ in range(rounds - 1):
        if settled(*comp.gap(best, played), cuts):
            break
        comp = merged(comp, compare(game, view, [best, played], rng, deals, policy))
    return comp


def settled(gap: float, se: float, cuts: Sequence[float]) -> bool:
    """Whether ``gap`` less and plus ``CONFIDENCE`` standard errors fall between the same ``cuts``:
    more deals would then not change the label (unless the gap itself moves)."""
    lo, hi = gap - CONFIDENCE * se, gap + CONFIDENCE * se
    return sum(1 for c in cuts if lo >= c) == sum(1 for c in cuts if hi >= c)


def review_step(
    game: AnyGame,
    spec: GameSpec,
    step: Step,
    seed: int,
    deals: int,
    confirm: int | None = None,
    rounds: int = ROUNDS,
) -> Decision:
    """Judge one decision (the generators are seeded from public facts only: seed, game, action number).

    First look: the heuristic's best moves and the move played on ``deals`` simulated deals.
    When the move played is not the best found and its loss of worth there reaches the first
    threshold, the second look (:func:`second_look`, rounds of ``confirm`` fresh deals, by default
    :data:`CONFIRM` times ``deals``, at most ``rounds``) decides the loss and the label.
    """
    rng = make_rng(f"samrap-review:{seed}:{step.game_index}:{step.number}")
    comp, best = judge(game, spec, step.view, step.legal, step.played, rng, deals)
    confirm = CONFIRM * deals if confirm is None else confirm
    near = is_near_end(game, step.view)
    loss = sure = worth_se = 0.0
    win_p = win_b = None
    looked = 0
    if comp is not None:
        gap, se = comp.gap(best, step.played)
        if best != step.played and confirm >= 2 and gap >= thresholds(game.name)[0]:
            again = make_rng(f"samrap-review-again:{seed}:{step.game_index}:{step.number}")
            comp = second_look(
                game, step.view, best, step.played, again, confirm, rounds=rounds, cuts=thresholds(game.name)
            )
            gap, se = comp.gap(best, step.played)
            looked = len(comp.best.values)
        sure = round(max(0.0, gap - CONFIDENCE * se), 1)
        worth_se = round(se, 1)
        b, p = comp.of(best), comp.of(step.played)
        loss = loss_points(sure)  # stored as shown: rebuilt reviews are equal
        win_p, win_b = round(p.win, 3), round(b.win, 3)
    label = label_of_loss(game.name, loss)

    def words(a: object, lang: str) -> str:
        return describe(game, step.view, a, lang)

    en, th = _reasons(spec, comp, step.played, best, label, loss, near, words)
    return Decision(
        game=step.game_index,
        number=step.number,
        kind=_decision_kind(game, step.played, best),
        played=game.action_text(step.played),
        best=game.action_text(best),
        loss=loss,
        sure_loss=sure,
        worth_se=worth_se,
        win_played=win_p,
        win_best=win_b,
        label=label,
        reason_en=en,
        reason_th=th,
        played_words=(words(step.played, "th"), words(step.played, "en")),
        best_words=(words(best, "th"), words(best, "en")),
        second_look=looked,
    )


def summarise(decisions: Sequence[Decision]) -> dict[str, Any]:
    """Accuracy, counts per label and points lost per kind of decision."""
    counts = {lab: sum(1 for d in decisions if d.label == lab) for lab in LABELS}
    lost = {k: round(sum(d.loss for d in decisions if d.kind == k and d.label != "good"), 1) for k in KINDS}
    n = len(decisions)
    return {
        "decisions": n,
        "accuracy": round(100.0 * counts["good"] / n, 1) if n else 100.0,
        "labels": counts,
        "lost_by_kind": lost,
        "lost_total": round(sum(lost.values()), 1),
    }


def review_record(
    record: Record,
    seat: int,
    *,
    seed: int = 0,
    deals: int | None = None,
    games: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    confirm: int | None = None,
    rounds: int = ROUNDS,
) -> Review:
    """Review every decision of ``seat`` in ``record`` (games ``games``, 0-based; all by default).

    ``progress(done, total)`` is called after each decision. ``deals`` and ``confirm`` are the
    simulated deals of the first look and of each round of the second (default :func:`review_deals`,
    and :data:`CONFIRM` times ``deals``; 0 turns the second look off); ``rounds`` caps the second
    look's rounds (:data:`ROUNDS`; 1 is the review before issue 24.5).

    Raises:
        ValueError: the seat or a game number is out of range.
        IllegalActionError: the record breaks the rules.
    """
    spec, game = record_game(record)
    if not 0 <= seat < game.players:
        raise ValueError(f"seat must be 0 to {game.players - 1}, not {seat}")
    if games is not None:
        for gi in games:
            if not 0 <= gi < len(record.match.games):
                raise ValueError(f"the record has {len(record.match.games)} games; game {gi + 1} does not exist")
    n = deals if deals is not None else review_deals(game.name)
    total, forced = count_steps(record, seat, games)
    out: list[Decision] = []
    if progress is not None:
        progress(0, total)
    for step in steps(record, seat, games):
        out.append(review_step(game, spec, step, seed, n, confirm, rounds))
        if progress is not None:
            progress(len(out), total)
    return Review(
        game=game.name,
        config=record.match.config,
        seat=seat,
        player=record.match.players[seat],
        seed=seed,
        deals=n,
        decisions=tuple(out),
        forced=forced,
        summary=summarise(out),
    )


def review_slice(
    record: Record,
    seat: int,
    start: int,
    stop: int,
    *,
    seed: int = 0,
    deals: int | None = None,
    confirm: int | None = None,
) -> list[dict[str, Any]]:
    """Decisions ``start`` to ``stop - 1`` (in :func:`steps` order) of a review, as dicts.

    The server reviews a game in slices, each a short job in its worker pool, so it can report
    progress and so hints never wait behind a whole review; the slices put together equal
    :func:`review_record` (same seeds per decision).
    """
    spec, game = record_game(record)
    n = deals if deals is not None else review_deals(game.name)
    out: list[dict[str, Any]] = []
    for k, step in enumerate(steps(record, seat)):
        if k >= stop:
            break
        if k >= start:
            out.append(review_step(game, spec, step, seed, n, confirm).as_dict())
    return out


def review_from_slices(
    record: Record, seat: int, decisions: Sequence[dict[str, Any]], *, seed: int = 0, deals: int | None = None
) -> dict[str, Any]:
    """The whole review (as :meth:`Review.as_dict` gives it) from its decisions' dicts."""
    _, game = record_game(record)
    n = deals if deals is not None else review_deals(game.name)
    _, forced = count_steps(record, seat)
    rows = [_decision_of(d) for d in decisions]
    return Review(
        game.name, record.match.config, seat, record.match.players[seat], seed, n, tuple(rows), forced, summarise(rows)
    ).as_dict()


def _decision_of(d: dict[str, Any]) -> Decision:
    return Decision(
        game=d["game"],
        number=d["number"],
        kind=d["kind"],
        played=d["played"],
        best=d["best"],
        loss=d["loss"],
        sure_loss=d["sure_loss"],
        worth_se=d.get("worth_se", 0.0),
        win_played=d["win_played"],
        win_best=d["win_best"],
        label=d["label"],
        reason_en=d["reason"]["en"],
        reason_th=d["reason"]["th"],
        played_words=(d["played_words"]["th"], d["played_words"]["en"]),
        best_words=(d["best_words"]["th"], d["best_words"]["en"]),
        second_look=d.get("second_look", 0),
    )
