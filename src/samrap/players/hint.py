"""Hints: the legal moves of a position ranked by a bot, from one seat's view, each with a reason.

:func:`rank_moves` ranks them with the analysis that game reviews use (the heuristic's best moves
played out on simulated deals of the hidden cards, scored under the table's preset), and each
reason names what decides the move: the ledger item (a knock, โง่, ทิ้งใบฝาก ...) where it gains
or loses most against the next best move.
:func:`position_at` rebuilds the position before action ``N`` of a game record, for
``samrap hint RECORD --at N``; the bot still only gets the view of the seat to move.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from samrap.core.rng import make_rng
from samrap.engine.protocol import ViewLike
from samrap.engine.record import Record
from samrap.engine.registry import GAMES, AnyGame, GameSetup
from samrap.players.analysis import (
    OTHERS,
    Comparison,
    Outcome,
    Policy,
    candidates,
    choose,
    compare,
    deciding_item,
    paired_gap,
    policy_for,
)
from samrap.players.budget import Budget, MoveEstimate
from samrap.players.coach import coach_for
from samrap.players.levels import heuristic_for, make_bot, parse_bot_spec
from samrap.players.words import describe

LANGS = ("en", "th")


@dataclass(frozen=True, slots=True)
class Hint:
    """One ranked move: its text, the bot's numbers and a one-line reason in the asked language."""

    rank: int
    action: object
    text: str
    value: float
    win: float | None
    score: float | None
    visits: int
    reason: str
    #: The move in the player's words (``players.words.describe``).
    move: str = ""
    #: Why, in a few words and no figures: what a phone shows on one line after the move.
    why: str = ""

    def as_dict(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "action": self.text,
            "value": round(self.value, 4),
            "win": None if self.win is None else round(self.win, 4),
            "score": None if self.score is None else round(self.score, 1),
            "visits": self.visits,
            "reason": self.reason,
            "move": self.move,
            "why": self.why,
        }


def signed(x: float) -> str:
    """``x`` as whole points with its sign: ``+4``, ``-32``, and ``0`` for anything that rounds to
    nothing (an f-string's ``{-0.4:+.0f}`` gives ``-0``, which a hint once showed, issue 23.7)."""
    n = round(x)
    return f"{n:+d}" if n else "0"


def _search_words(e: MoveEstimate, lang: str) -> str:
    parts = []
    if e.win is not None:
        parts.append(f"win {100 * e.win:.0f}%" if lang == "en" else f"โอกาสชนะ {100 * e.win:.0f}%")
    if e.score is not None and e.visits:
        parts.append(f"about {signed(e.score)} points" if lang == "en" else f"ประมาณ {signed(e.score)} แต้ม")
    if e.visits:
        parts.append(f"{e.visits} playouts" if lang == "en" else f"จำลอง {e.visits} ครั้ง")
    return ", ".join(parts)


def analysed(game: AnyGame) -> bool:
    """Whether the shared analysis knows ``game`` (its coach has a heuristic to name the moves
    worth comparing); other games take their hints from a bot's own ``analyse``."""
    return coach_for(game.name).heuristic is not None


#: The heuristic's best moves that a hint compares on simulated finishes.
HINT_TOP = 4


def _deals_for(game: AnyGame, budget: Budget | None, k: int) -> int:
    if budget is not None and budget.iterations is not None:
        return max(4, budget.iterations // max(1, k))
    return coach_for(game.name).hint_deals  # simulated deals per compared move without a budget


def _item_words(game: AnyGame, code: str, lang: str) -> str:
    spec = GAMES[game.name]
    if code.startswith(OTHERS):
        name = spec.item_name(code[len(OTHERS) :], lang)
        return f"{name}ของผู้เล่นอื่น" if lang == "th" else f"the other players' {name}"
    return spec.item_name(code, lang)


def _compared_reason(game: AnyGame, view: object, order: Sequence[Outcome], k: int, lang: str) -> str:
    """What decides move ``k`` of ``order`` (the hints' order): against the next move for the
    first hint, against the first hint for the others.

    The line gives both moves' win shares of the simulated finishes, the points between them when
    the better move has more, and the ledger item (:func:`deciding_item`) whose points differ most
    between the two, named with the move it is measured against, so it reads the right way round.
    """
    th = lang == "th"
    o = order[k]
    words = describe(game, view, o.action, lang)
    n = len(order)
    if n < 2:
        return words
    better, worse = (o, order[1]) if k == 0 else (order[0], o)
    other = describe(game, view, (worse if k == 0 else better).action, lang)
    gap = paired_gap(better.values, worse.values)[0]
    more = (
        f" และได้แต้มมากกว่า {gap:.0f}"
        if th
        else (f", and {gap:.0f} more points" if k == 0 else f" with {gap:.0f} more points")
    )
    points = more if gap >= 1 else ""
    a, b = f"{100 * o.win:.0f}%", f"{100 * (worse if k == 0 else better).win:.0f}%"
    if k == 0 and o.score >= worse.score:
        line = (
            f"{words}: ดีที่สุดใน {n} การเดินที่เทียบ ชนะ {a} ของเกมจำลอง เทียบกับ {b} ถ้า{other}{points}"
            if th
            else f"{words}: best of {n} moves compared, wins {a} of the simulated finishes against {b} "
            f"for {other}{points}"
        )
    elif k == 0:
        # The heuristic's move, kept (analysis.choose): the other's lead is within the noise.
        line = (
            f"{words}: ตามหลักการเล่น และไม่มีการเดินอื่นใน {n} การเดินที่เทียบที่ดีกว่าอย่างชัดเจน "
            f"(ชนะ {a} ของเกมจำลอง {other} ชนะ {b} ต่างกันไม่เกินความคลาดเคลื่อนของการจำลอง)"
            if th
            else f"{words}: the rules of play pick it, and none of the {n} moves compared did clearly better "
            f"(it wins {a} of the simulated finishes, {other} {b}: within the simulations' noise)"
        )
    else:
        line = (
            f"{words}: ชนะ {a} ของเกมจำลอง คำแนะนำแรก ({other}) ชนะ {b}{points}"
            if th
            else f"{words}: wins {a} of the simulated finishes, the first hint ({other}) {b}{points}"
        )
    item = deciding_item(better, worse)
    if item is not None:
        code, diff = item
        name = _item_words(game, code, lang)
        if k == 0:
            line += (
                f" ที่ตัดสินคือ{name} (ดีกว่า{other} {diff:.0f} แต้ม)"
                if th
                else f"; what decides it: {name} ({diff:.0f} points better than {other})"
            )
        else:
            line += (
                f" ที่ตัดสินคือ{name} (เสียเปรียบคำแนะนำแรก {diff:.0f} แต้ม)"
                if th
                else f"; what decides it: {name} ({diff:.0f} points worse than the first hint)"
            )
    return line


def _compared_why(game: AnyGame, order: Sequence[Outcome], k: int, lang: str) -> str:
    """The few words after a compared move on a phone's one line: how it was chosen and, when one
    ledger item decides it, that item's name (the figures are in ``reason``)."""
    th = lang == "th"
    n = len(order)
    if n < 2:
        return ""
    o = order[k]
    better, worse = (o, order[1]) if k == 0 else (order[0], o)
    if k == 0 and o.score >= worse.score:
        why = f"ดีที่สุดใน {n} การเดินที่เทียบ" if th else f"best of {n} moves compared"
    elif k == 0:
        why = "ตามหลักการเล่น ไม่มีการเดินอื่นที่ดีกว่าชัดเจน" if th else "the rules of play; no other move clearly better"
    else:
        why = "ด้อยกว่าคำแนะนำแรก" if th else "behind the first hint"
    item = deciding_item(better, worse)
    if item is not None:
        name = _item_words(game, item[0], lang)
        why += f" ที่ตัดสินคือ{name}" if th else f"; decided by {name}"
    return why


def _heuristic_why(reason: str) -> str:
    """The heuristic's reason without the move it starts with: its lines read "move: why"."""
    _, sep, tail = reason.partition(": ")
    return tail.strip() if sep else ""


def quick_moves(game: AnyGame, view: object, legal: Sequence[object], rng: Random, lang: str = "en") -> list[Hint]:
    """Every legal action in the game's heuristic's order, each with its one-line reason: the
    quick answer a person sees within a moment (issue 27.4), before the compared finishes of
    :func:`rank_moves` come from a worker. It simulates nothing beyond what the heuristic itself
    does (a few milliseconds; Dummy's end-game check up to about a tenth of a second).

    Raises:
        ValueError: ``lang`` is not en or th, or ``legal`` is empty.
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be en or th, not {lang!r}")
    if not legal:
        raise ValueError("no legal action: the game is over")
    if len(legal) == 1:
        only = legal[0]
        words = describe(game, view, only, lang)
        why = "การเดินเดียวที่เล่นได้" if lang == "th" else "the only legal move"
        return [Hint(1, only, game.action_text(only), 0.0, None, None, 0, words, words, why)]
    out = []
    for k, e in enumerate(heuristic_for(game).analyse(view, legal, rng)):
        words = describe(game, view, e.action, lang)
        reason = e.reason if lang == "en" else e.reason_th
        why = _heuristic_why(reason)
        line = f"{words}: {why}" if why else words
        out.append(
            Hint(k + 1, e.action, game.action_text(e.action), e.value, e.win, e.score, e.visits, line, words, why)
        )
    return out


#: Deals per round of a time-bounded comparison, and the rounds it always plays.
ROUND_DEALS = 4
MIN_ROUNDS = 2


def _merge(parts: Sequence[Comparison]) -> Comparison:
    """Comparisons of the same moves on different deals as one: every deal's values side by side,
    the ledger means weighted by the deals behind each."""
    merged = []
    for o in parts[0].outcomes:
        same = [c.of(o.action) for c in parts]
        n = sum(len(x.values) for x in same)
        items: dict[str, float] = {}
        hits: dict[str, float] = {}
        for x in same:
            for code, v in x.items.items():
                items[code] = items.get(code, 0.0) + v * len(x.values) / n
            for code, v in x.hits.items():
                hits[code] = hits.get(code, 0.0) + v * len(x.values) / n
        values = tuple(v for x in same for v in x.values)
        wins = tuple(w for x in same for w in x.wins)
        merged.append(Outcome(o.action, values, wins, items, hits))
    merged.sort(key=lambda x: -x.score)  # stable: ties keep the first comparison's order
    return Comparison(tuple(merged))


def compare_within(
    game: AnyGame,
    view: ViewLike,
    moves: Sequence[object],
    rng: Random,
    deals: int,
    policy: Policy,
    seconds: float | None,
) -> Comparison:
    """:func:`~samrap.players.analysis.compare` on ``deals`` deals, or on fewer when ``seconds``
    of wall-clock time run out: rounds of :data:`ROUND_DEALS` deals, at least :data:`MIN_ROUNDS`.

    Why: a person waits for the deeper look of a hint (issue 27.4), and on a machine whose cores
    are busy a worker at a low priority gets a small share of one; a look on fewer deals in time
    is worth more than a full one seconds late (the person already has the quick answer). The
    same seed gives the same answer only without ``seconds``."""
    if seconds is None or deals <= ROUND_DEALS * MIN_ROUNDS:
        return compare(game, view, moves, rng, deals, policy)
    until = time.monotonic() + seconds
    parts: list[Comparison] = []
    done = 0
    while done < deals:
        n = min(ROUND_DEALS, deals - done)
        if n < 2:  # compare needs two deals: the last odd one joins the round before
            break
        parts.append(compare(game, view, moves, rng, n, policy))
        done += n
        if len(parts) >= MIN_ROUNDS and time.monotonic() > until:
            break
    return _merge(parts)


def rank_moves(
    game: AnyGame,
    view: ViewLike,
    legal: Sequence[object],
    bot: Any,
    rng: Random,
    budget: Budget | None = None,
    lang: str = "en",
    seconds: float | None = None,
) -> list[Hint]:
    """Every legal action, best first, with an estimate and a reason in ``lang``.

    Hints are made by the same analysis as game reviews (:mod:`samrap.players.analysis`): the
    game's heuristic names its :data:`HINT_TOP` best moves, and these are played out on the same
    simulated deals of the hidden cards (drawn from ``view`` alone), scored by the rules engine
    under the table's preset, every penalty of that preset included. The rest follow in the
    heuristic's order. ``budget.iterations`` (when given) is the number of simulated finishes,
    split over the compared moves; ``seconds`` bounds the simulations' wall-clock time
    (:func:`compare_within`). ``bot`` is used only for a game the analysis does not know
    (it must then have ``analyse(view, legal, rng, budget)``).

    Raises:
        ValueError: ``lang`` is not en or th, or ``legal`` is empty.
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be en or th, not {lang!r}")
    if not legal:
        raise ValueError("no legal action: the game is over")
    if not analysed(game):
        return _bot_hints(game, view, legal, bot, rng, budget, lang)
    policy = policy_for(game)
    moves = candidates(game, view, legal, HINT_TOP, (), policy)
    if len(moves) < 2:
        moves += [a for a in legal if a not in moves][: 2 - len(moves)]
    out: list[Hint] = []
    if len(moves) >= 2:
        comp = compare_within(game, view, moves, rng, _deals_for(game, budget, len(moves)), policy, seconds)
        first = choose(comp, moves[0])  # the heuristic's move unless another is clearly better
        order = [first, *(o for o in comp.outcomes if o is not first)]
        for k, o in enumerate(order):
            e = MoveEstimate(o.action, round(o.score, 1), win=o.win, score=o.mean, visits=len(o.values))
            numbers = _search_words(e, lang)
            reason = _compared_reason(game, view, order, k, lang)
            line = f"{reason} ({numbers})" if numbers else reason
            words = describe(game, view, o.action, lang)
            why = _compared_why(game, order, k, lang)
            out.append(
                Hint(
                    k + 1, o.action, game.action_text(o.action), e.value, o.win, o.mean, len(o.values), line, words, why
                )
            )
        floor = min(h.value for h in out)
    else:
        floor = 0.0
    seen = {h.action for h in out}
    for e in heuristic_for(game).analyse(view, legal, rng):
        if e.action in seen:
            continue
        words = describe(game, view, e.action, lang)
        reason = e.reason if lang == "en" else e.reason_th
        why = _heuristic_why(reason)
        if lang == "th" or not reason:
            reason = words  # the heuristic's Thai lines name no deciding item; the move in words
        out.append(Hint(len(out) + 1, e.action, game.action_text(e.action), floor, None, None, 0, reason, words, why))
    return out


def _bot_hints(
    game: AnyGame, view: object, legal: Sequence[object], bot: Any, rng: Random, budget: Budget | None, lang: str
) -> list[Hint]:
    """Hints straight from a bot's ``analyse`` (for a game the shared analysis does not know)."""
    estimates: list[MoveEstimate] = bot.analyse(view, legal, rng, budget)
    out = []
    for k, e in enumerate(estimates):
        reason = e.reason if lang == "en" else e.reason_th
        numbers = _search_words(e, lang)
        line = f"{reason} ({numbers})" if numbers and reason else (reason or numbers)
        text = game.action_text(e.action)
        words = describe(game, view, e.action, lang)
        out.append(Hint(k + 1, e.action, text, e.value, e.win, e.score, e.visits, line, words, _heuristic_why(reason)))
    return out


@dataclass(frozen=True, slots=True)
class Position:
    """The position before action ``number`` (0-based) of game ``game_index`` of a record."""

    game: AnyGame
    state: object
    seat: int
    view: ViewLike
    legal: list[object]
    played: str | None


def position_at(record: Record, number: int, game_index: int = 0) -> Position:
    """Replay ``record`` up to action ``number`` of its game ``game_index`` (both 0-based).

    ``number`` may equal the number of actions only if the game is not over then (it never is for
    a finished record, so the last valid ``number`` is the last action's).

    Raises:
        ValueError: the game or the action number is out of range.
        IllegalActionError: the record breaks the rules before that point.
    """
    m = record.match
    if not 0 <= game_index < len(m.games):
        raise ValueError(f"the record has {len(m.games)} games; game {game_index + 1} does not exist")
    g = m.games[game_index]
    if not 0 <= number < len(g.actions):
        raise ValueError(f"game {game_index + 1} has {len(g.actions)} actions; --at must be 1 to {len(g.actions)}")
    spec = GAMES[m.game]
    config = spec.parse_config(m.config, spec.default_config)
    game = spec.make_game(config)
    totals = tuple(0 for _ in range(game.players))
    for prev in m.games[:game_index]:
        totals = tuple(t + s for t, s in zip(totals, prev.scores, strict=True))
    state = spec.start_game(game, GameSetup(game_index, g.deck, g.starter, g.direction, totals, g.seed))
    for seat, text in g.actions[:number]:
        state = game.apply(state, game.parse_action(text), seat)
    seat = game.current_player(state)
    return Position(game, state, seat, game.observe(state, seat), list(game.legal_moves(state)), g.actions[number][1])


def hint_record(
    record: Record,
    number: int,
    *,
    game_index: int = 0,
    bot: str = "ismcts:iters=300",
    seed: int = 0,
    lang: str = "en",
) -> tuple[Position, list[Hint]]:
    """Rank the moves before action ``number`` (0-based) of a record with the bot ``bot`` (a spec)."""
    pos = position_at(record, number, game_index)
    player = make_bot(bot, pos.game)
    if not hasattr(player, "analyse"):
        raise ValueError(f"bot {bot!r} cannot rank moves; use heuristic or ismcts")
    rng = make_rng(f"samrap-hint:{seed}:{game_index}:{number}")
    budget = parse_bot_spec(bot)[1]
    return pos, rank_moves(pos.game, pos.view, pos.legal, player, rng, budget, lang)
