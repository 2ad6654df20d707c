"""Hints: the legal moves of a position ranked by a bot, from one seat's view, each with a reason.

:func:`rank_moves` asks a bot that can analyse (ISMCTS or a heuristic) for one estimate per legal
action and joins them with the game's heuristic reasons (one line, English or Thai), so a search
bot's numbers (win chance, expected points, playouts) come with words a player can follow.
:func:`position_at` rebuilds the position before action ``N`` of a game record, for
``samrap hint RECORD --at N``; the bot still only gets the view of the seat to move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from samrap.core.rng import make_rng
from samrap.engine.record import Record
from samrap.engine.registry import GAMES, GameSetup
from samrap.players.budget import Budget, MoveEstimate
from samrap.players.levels import heuristic_for, make_bot

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

    def as_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "action": self.text,
            "value": round(self.value, 4),
            "win": None if self.win is None else round(self.win, 4),
            "score": None if self.score is None else round(self.score, 1),
            "visits": self.visits,
            "reason": self.reason,
        }


def _search_words(e: MoveEstimate, lang: str) -> str:
    parts = []
    if e.win is not None:
        parts.append(f"win {100 * e.win:.0f}%" if lang == "en" else f"โอกาสชนะ {100 * e.win:.0f}%")
    if e.score is not None and e.visits:
        parts.append(f"about {e.score:+.0f} points" if lang == "en" else f"ประมาณ {e.score:+.0f} แต้ม")
    if e.visits:
        parts.append(f"{e.visits} playouts" if lang == "en" else f"จำลอง {e.visits} ครั้ง")
    return ", ".join(parts)


def rank_moves(
    game: Any,
    view: Any,
    legal: Sequence[Any],
    bot: Any,
    rng: Random,
    budget: Budget | None = None,
    lang: str = "en",
) -> list[Hint]:
    """Every legal action, best first, with the bot's estimate and a reason in ``lang``.

    ``bot`` must have ``analyse(view, legal, rng, budget)`` (``ISMCTSPlayer``, the heuristics).

    Raises:
        ValueError: ``lang`` is not en or th, or ``legal`` is empty.
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be en or th, not {lang!r}")
    if not legal:
        raise ValueError("no legal action: the game is over")
    estimates: list[MoveEstimate] = bot.analyse(view, legal, rng, budget)
    words = {e.action: e for e in heuristic_for(game).analyse(view, legal, rng)}
    out = []
    for k, e in enumerate(estimates):
        h = words.get(e.action)
        reason = (h.reason if lang == "en" else h.reason_th) if h is not None else ""
        if not reason:
            reason = e.reason if lang == "en" else e.reason_th
        numbers = _search_words(e, lang)
        line = f"{reason} ({numbers})" if numbers and reason else (reason or numbers)
        out.append(Hint(k + 1, e.action, game.action_text(e.action), e.value, e.win, e.score, e.visits, line))
    return out


@dataclass(frozen=True, slots=True)
class Position:
    """The position before action ``number`` (0-based) of game ``game_index`` of a record."""

    game: Any
    state: Any
    seat: int
    view: Any
    legal: list[Any]
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
    state = spec.start_game(game, GameSetup(game_index, g.deck, g.starter, g.direction, totals))
    for seat, text in g.actions[:number]:
        state = game.apply(state, game.parse_action(text), seat)
    seat = game.current_player(state)
    return Position(game, state, seat, game.observe(state, seat), list(game.legal_actions(state)), g.actions[number][1])


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
    return pos, rank_moves(pos.game, pos.view, pos.legal, player, rng, None, lang)
