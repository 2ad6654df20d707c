"""The players' one table per game (issue 28.1): what bots, hints, reviews, words and lessons know
about a game beyond the engine's :class:`~samrap.engine.registry.GameSpec`.

Why a second table: the engine's spec says how a game is dealt, scored and written; how it is
*played well* (its heuristic bot, the search that suits it, the moves worth comparing in a hint,
how a move reads in a sentence, which moves count as a knock in a review) belongs to the players
layer, which the engine may not import. Each game has one :class:`Coach`, built by its own module
under ``players/coaches/`` (the only players modules besides the heuristics that import a game);
every other module of the players and learn layers asks :func:`coach_for` and never branches on
a game's name or on action class names.

A game without a coach (one registered later, like the tests' Tiny Rummy) gets
:data:`GENERIC`: random-playout search, moves in the game's own notation, every move of one
review kind. It plays, hints and reviews through the same code, only less wisely.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from samrap.engine.registry import AnyGame
from samrap.players.budget import Budget

if TYPE_CHECKING:
    from samrap.players.analysis import Policy


@dataclass(frozen=True, slots=True)
class Mining:
    """How the puzzle miner (``samrap.learn.mine``) plays and judges a game's positions: tuned per
    game, since a game whose deals vary more needs other thresholds to keep any puzzle at all
    (docs/learn.md, "Puzzles").

    Attributes:
        top: the heuristic's best moves compared at a decision.
        first_deals: simulated deals of the first look (the second draws more, independently).
        min_gap: the least lead of worth of the best move over the second best, in both looks.
        z: standard errors of the paired gap required (first look, second look).
        share: the share of decisions examined.
        discards_too: whether a decision between discards only is examined.
        plans: the tables the games are played at, ``(preset, players)`` in turn.
        numbered_deals: deal numbers the games cycle through (Contract Rummy's 7); 0: none.
        late_from: examine only once the stock is down to this many cards (``stock_size`` of the
            view); ``None``: from the start.
    """

    top: int = 3
    first_deals: int = 32
    min_gap: float = 10.0
    z: tuple[float, float] = (2.0, 2.0)
    share: float = 1.0
    discards_too: bool = True
    plans: tuple[tuple[str, int], ...] = ()
    numbered_deals: int = 0
    late_from: int | None = None


@dataclass(frozen=True, slots=True)
class LessonDeal:
    """How a fixed deal of a lesson hands out its cards: the hand size, every physical card's face
    (card id -> face, in pack order) and the seats in the order the deal serves them."""

    hand_size: int
    faces: tuple[int, ...]
    order: tuple[int, ...]


def _one_kind(action: object) -> str:
    return "go_down"


def _never(value: object) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Coach:
    """Everything the players and learn layers know about playing one game.

    Attributes:
        heuristic: ``(game, noise, name, endgame) -> bot`` with ``choose`` and ``analyse``; ``None``
            when the game has no rule-based bot (search then plays out at random).
        search: ``(game, budget, name) -> bot``: a search other than the default ISMCTS.
        policy: ``game -> analysis Policy`` (playouts and candidate moves of hints and reviews);
            ``None``: random playouts over the moves in the game's order.
        describe: ``(view, action, lang) -> words`` for people; ``None``: the action's notation.
        kind_of: action -> the review's kind of decision (``discard``, ``collect``, ``knock``,
            ``go_down``; ``players.review.KIND_NAMES``).
        near_end: view -> whether the game is close to its end (a review then shows win chances).
        same_turn: action -> whether the mover keeps the turn after it (a lesson's look ahead).
        lesson_deal: ``(game, start, deal number) -> LessonDeal`` for lessons' fixed decks.
        lesson_start: ``(game, deck, start, deal number) -> state``: a lesson's deal, dealt.
        hint_deals: simulated deals per compared move of a hint without a budget.
        review_deals: simulated deals of a review's first look.
        review_thresholds: confident losses of worth from which a move is an inaccuracy, a
            mistake, a blunder.
        mining: how the puzzle miner plays and judges the game (:class:`Mining`).
        learned: ``(game, name) -> bot``: a policy learned for this game (the ``learned`` level);
            ``None``: the game has none.
        search_moves: ``(view, legal) -> the moves the levels' search compares`` (a non-empty
            subset, ``ISMCTSPlayer.root_filter``); ``None``: every legal move.
        search_depth: ``view -> how deep the levels' search builds its tree`` (``None`` from it:
            no limit; ``ISMCTSPlayer.tree_depth``); ``None``: no limit.
        checked_playouts: ``(game, budget) -> (playout policy, budget)`` of ``expert``'s search:
            playouts better than ``hard``'s (Dummy: the heuristic with a cheap end-game check)
            and the level's budget cut to pay for them; ``None``: ``expert`` plays out like
            ``hard``.
        cut_playouts: ``(game, budget) -> (playout moves, cutoff, budget)`` of a level whose
            playouts stop after that many moves and are scored by ``cutoff`` (Dummy:
            ``coaches.dummy.static_scores``), with the level's budget changed to match.
        reading: ``(view, rng) -> state``, the deals of the hidden cards weighted by how the
            opponents have played (Dummy: ``heuristic.dummy_reading.read_resample``), for a
            level that reads hands (``Level.read``); ``None``: the game's uniform ``resample``.
        search_budget: ``(view, legal, budget) -> budget`` of one decision, for a level that
            spends its budget unevenly (``Level.weighed``; Dummy: ``coaches.dummy.putdown_budget``,
            the whole budget where a meld or lay-off can be made, a quarter elsewhere); ``None``:
            the level's budget for every decision.
    """

    heuristic: Callable[[AnyGame, float, str, bool], Any] | None = None
    search: Callable[[AnyGame, Budget | None, str], Any] | None = None
    policy: Callable[[AnyGame], Policy] | None = None
    describe: Callable[[object, object, str], str] | None = None
    kind_of: Callable[[object], str] = _one_kind
    near_end: Callable[[object], bool] = _never
    same_turn: Callable[[object], bool] = _never
    lesson_deal: Callable[[AnyGame, int, int], LessonDeal] | None = None
    lesson_start: Callable[[AnyGame, Sequence[int], int, int], object] | None = None
    hint_deals: int = 12
    review_deals: int = 16
    review_thresholds: tuple[float, float, float] = (7.0, 15.0, 35.0)
    mining: Mining = Mining()
    learned: Callable[[AnyGame, str], object] | None = None
    search_moves: Callable[[object, Sequence[object]], Sequence[object]] | None = None
    search_depth: Callable[[object], int | None] | None = None
    checked_playouts: Callable[[AnyGame, Budget], tuple[Callable[..., object], Budget]] | None = None
    cut_playouts: Callable[[AnyGame, Budget], tuple[int, Callable[[object], Sequence[float]], Budget]] | None = None
    reading: Callable[..., object] | None = None
    search_budget: Callable[[object, Sequence[object], Budget], Budget] | None = None


#: The coach of a game that has none of its own.
GENERIC = Coach()

#: game name -> the module whose ``COACH`` is the game's coach (imported on first use).
_MODULES: dict[str, str] = {
    "dummy": "samrap.players.coaches.dummy",
    "contract": "samrap.players.coaches.contract",
}
_LOADED: dict[str, Coach] = {}


def register_coach(name: str, coach: Coach) -> None:
    """Give a game registered from outside (``engine.registry.register_game``) its coach.

    Raises:
        ValueError: the game has a coach already.
    """
    if name in _MODULES or name in _LOADED:
        raise ValueError(f"the game {name!r} has a coach already")
    _LOADED[name] = coach


def unregister_coach(name: str) -> None:
    """Forget a coach given by :func:`register_coach` (the built-in games keep theirs)."""
    if name in _MODULES:
        raise ValueError(f"{name!r} is built in")
    _LOADED.pop(name, None)


def coach_for(name: str) -> Coach:
    """The coach of the game named ``name``, or :data:`GENERIC` for a game without one."""
    coach = _LOADED.get(name)
    if coach is None and name in _MODULES:
        found: Coach = importlib.import_module(_MODULES[name]).COACH
        _LOADED[name] = coach = found
    return GENERIC if coach is None else coach
