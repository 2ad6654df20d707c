"""Thai Dummy's coach: its heuristic, the moves a hint compares, its moves in words, its review
kinds and how a lesson deals (``players/coach.py`` says why one table per game)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import cast

from samrap.core.cards import card_pretty
from samrap.engine.registry import AnyGame
from samrap.games.dummy.actions import Collect, Discard, Draw, DummyAction, Knock, LayOff, Meld, Pass
from samrap.games.dummy.cards import mask_value
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.state import DummyState
from samrap.players.analysis import Policy
from samrap.players.budget import Budget
from samrap.players.coach import Coach, LessonDeal, Mining
from samrap.players.heuristic.dummy import DummyHeuristic, best_action, evaluate
from samrap.players.heuristic.dummy_hand import _context
from samrap.players.heuristic.dummy_reading import read_resample
from samrap.players.ismcts import bot_rollout
from samrap.players.words import count, mask_text, meld_number, phrase


def heuristic(game: AnyGame, noise: float, name: str, endgame: bool) -> DummyHeuristic:
    return DummyHeuristic(name, noise, endgame=endgame)


def candidates(view: DummyView, legal: Sequence[DummyAction], k: int) -> list[DummyAction]:
    """The heuristic's own move first (its rules: knock or not, lay-offs, the meld plan), then its
    next best by its rough points. The order matters: the first is the default of ``choose``."""
    first = best_action(view, legal)
    bot = DummyHeuristic("analysis", endgame=False)
    rest = [cast(DummyAction, e.action) for e in bot.analyse(view, legal, Random(0)) if e.action != first]
    return [first, *rest[: k - 1]]


#: The discards the levels' search compares: the heuristic's best few by its rough points.
SEARCHED_DISCARDS = 4


def search_moves(view: object, legal: Sequence[object]) -> Sequence[object]:
    """Every move but the discards, and of those the heuristic's :data:`SEARCHED_DISCARDS` best.

    Why: a turn offers up to a dozen discards, most plainly worse than the heuristic's few best,
    and at a few hundred playouts each extra root move is fewer playouts for the others; the
    search then picks the luckiest of many noisy estimates. Melds, lay-offs, knocks and collects
    are few and are all compared (keeping a meld in hand, or not collecting, can be right).
    """
    v = cast(DummyView, view)
    if not focused(v):
        return legal
    discards = [a for a in legal if isinstance(a, Discard)]
    if len(discards) <= SEARCHED_DISCARDS:
        return legal
    ctx = _context(v)
    keep = set(sorted(discards, key=lambda a: -evaluate(v, a, ctx))[:SEARCHED_DISCARDS])
    return [a for a in legal if not isinstance(a, Discard) or a in keep]


#: From this many stock cards down the levels' search builds its whole tree (above: one level).
DEEP_STOCK = 8


def search_depth(view: object) -> int | None:
    """One level of tree (each move judged by the heuristic's continuation), but the whole tree
    once the stock is down to :data:`DEEP_STOCK` cards.

    Why: one level is a better reading of a meld or a lay-off, whose follow-ups a shallow tree
    tries in random order (measured in docs/bots.md, "The ladder"); but it trusts the playouts'
    opponent, the heuristic without its end-game check, to feed a last collect and knock that
    ``medium`` (which checks) does not give. In the last turns the tree's own look at the
    opponent's replies, few by then, sees that.
    """
    v = cast(DummyView, view)
    return None if not focused(v) or v.stock_size <= DEEP_STOCK else 1


#: ``expert``'s playouts run the heuristic's end-game check from this many stock cards down...
CHECKED_STOCK = 4
#: ...on this many simulated finishes per compared move (``medium``: 16 from 20 stock cards).
CHECKED_DEALS = 4


def checked_heuristic() -> DummyHeuristic:
    """The bot that plays out ``expert``'s search (:func:`checked_playouts`)."""
    return DummyHeuristic("playout", endgame=True, endgame_stock=CHECKED_STOCK, endgame_deals=CHECKED_DEALS)


def checked_playouts(game: AnyGame, budget: Budget) -> tuple[Callable[..., object], Budget]:
    """``expert``'s playouts and budget: the heuristic with its end-game check in the last
    :data:`CHECKED_STOCK` stock cards, on :data:`CHECKED_DEALS` finishes (:func:`checked_heuristic`),
    and half the level's iterations (the seconds' and the actions' caps kept).

    Why: ``hard``'s playouts use the heuristic without the check, for both seats, so the search
    trusts an opponent that feeds a last collect and knock a careful player does not give, and
    four times the iterations did not help (docs/bots.md, "The ladder"): more of the same biased
    playouts. The check at its full size (16 finishes from 20 stock cards) in every playout would
    cost tens of times a playout, so it starts late and plays four finishes; half the iterations
    keep ``expert``'s time near what 600 plain ones took.
    """
    iters = None if budget.iterations is None else max(1, budget.iterations // 2)
    return bot_rollout(game, checked_heuristic()), Budget(iters, budget.seconds, budget.actions)


#: ``expert`` spends its whole budget on a decision with a meld or lay-off to make or hold, and
#: this share of it (a quarter: ``hard``'s 150 of 600 iterations) on every other decision.
OTHER_SHARE = 4


def putdown_budget(view: object, legal: Sequence[object], budget: Budget) -> Budget:
    """One decision's budget for ``expert`` (``ISMCTSPlayer.budget_for``): the whole of it where a
    meld or lay-off is among the moves searched, :data:`OTHER_SHARE` less of it elsewhere (the
    seconds' and actions' caps kept).

    Why: where ``hard`` leaves ``medium`` most is the put-downs, holding three in four of the
    melds and lay-offs ``medium`` makes, and the choice is worth a lot either way (forced to put
    down as the heuristic does, or to hold by a rule, ``hard`` lost about two games in three to
    itself); with one or two put-downs and four discards at the root, 150 iterations leave each a
    few dozen playouts, so noise decides many of these near ties (docs/bots.md, "Where hard
    leaves medium"). Four times the search there, and ``hard``'s elsewhere, costs about 1.6 times
    ``hard``'s time where four times everywhere cost four.
    """
    if budget.iterations is None or any(isinstance(a, (Meld, LayOff)) for a in legal):
        return budget  # a time budget alone is the level's wait, whatever the decision
    return Budget(max(1, budget.iterations // OTHER_SHARE), budget.seconds, budget.actions)


def static_scores(s: object) -> tuple[float, ...]:
    """A cut playout's scores (``ISMCTSPlayer(cutoff=...)``): each seat's table cards and the
    points accrued in play, less the cards in its hand, as if the game ended now without a knock.

    Why: a truncated playout buys more iterations at the cost of this rough reading of a game
    still running (no knock bonus, no fall, no ngo); docs/bots.md, "expert's search in kind".
    """
    st = cast(DummyState, s)
    pts = [float(mask_value(st.put_down[p]) - mask_value(st.hands[p])) for p in range(st.config.players)]
    for item in st.items:
        pts[item.seat] += item.points
    return tuple(pts)


#: ``expert``'s playouts stop after this many moves (about three turns a seat)...
CUT_MOVES = 24


def cut_playouts(game: AnyGame, budget: Budget) -> tuple[int, Callable[[object], tuple[float, ...]], Budget]:
    """``expert``'s truncated playouts: :data:`CUT_MOVES` moves of the plain heuristic, scored
    by :func:`static_scores`, and three quarters of the level's iterations (600: 450, about 1.8
    times ``hard``'s 150 full playouts in CPU; bench/decision_gain.py, ``iters=450,limit=24``).

    Why: a playout's far end is the heuristic's bias for both seats; a short one read by the
    score so far trades that bias for the static reading's, and buys three times the playouts.
    """
    iters = None if budget.iterations is None else max(1, budget.iterations * 3 // 4)
    return CUT_MOVES, static_scores, Budget(iters, budget.seconds, budget.actions)


def focused(view: DummyView) -> bool:
    """Whether the levels search the focused way (:func:`search_moves`, :func:`search_depth`):
    under rules that fine a discard that could have been laid off (ทิ้งใบฝาก, ``modern``).

    Measured on the same deals against ``medium`` (docs/bots.md, "The ladder"): under ``modern``
    the focused search won 46 of 60 games where the whole tree over every move won 35; under
    ``classic`` it did no better than the whole tree (37 of 60 against 40 of 60), so ``classic``
    keeps the whole tree. Why the rules decide it is a reading, not a measurement: holding
    lay-offs, which the whole tree's random follow-ups favour, costs a fine under ``modern``.
    """
    return view.config.discard_layoff_penalty > 0


def policy(game: AnyGame) -> Policy:
    # Playouts by the rule-based heuristic, as the ISMCTS bot's: the cheap rollout policy
    # judged the heuristic's own moves about as often wrong as the easy bot's random ones.
    return Policy(bot_rollout(game, DummyHeuristic("analysis", endgame=False)), candidates, lower_is_better=False)


def describe(view: object, a: object, lang: str) -> str:
    """One short phrase for a Dummy move played from ``view`` (which gives a collect's card)."""
    v = cast(DummyView, view)
    if isinstance(a, Draw):
        return phrase("draw", lang)
    if isinstance(a, Collect):
        card = card_pretty(v.row[a.index]) if 0 <= a.index < len(v.row) else "?"
        n = count(len(v.row) - a.index, lang)
        if a.onto >= 0:
            return phrase("collectOnto", lang, card=card, count=n, m=meld_number(a.onto))
        return phrase("collect", lang, card=card, count=n, cards=mask_text(a.meld))
    if isinstance(a, Meld):
        return phrase("meldCards", lang, cards=mask_text(a.cards))
    if isinstance(a, LayOff):
        return phrase("layoff", lang, card=card_pretty(a.card), m=meld_number(a.target))
    if isinstance(a, Discard):
        return phrase("discard", lang, card=card_pretty(a.card))
    if isinstance(a, Knock):
        # every part named, so two knocks with the same face-down card never read alike
        key = "knock" if v.turn_born else "knockDark"
        parts = [phrase(key, lang, card=card_pretty(a.card))]
        parts += [phrase("meldCards", lang, cards=mask_text(m)) for m in a.melds]
        parts += [phrase("layoff", lang, card=card_pretty(c), m=meld_number(t)) for c, t in a.layoffs]
        return phrase("also", lang).join(parts)
    if isinstance(a, Pass):
        return phrase("pass", lang)
    return str(a)


def kind_of(a: object) -> str:
    if isinstance(a, Discard):
        return "discard"
    if isinstance(a, (Draw, Collect, Pass)):
        return "collect"
    if isinstance(a, Knock):
        return "knock"
    return "go_down"


def lesson_deal(game: AnyGame, start: int, deal: int) -> LessonDeal:
    n = game.players
    size = cast(DummyGame, game).config.cards_per_hand
    return LessonDeal(size, tuple(range(52)), tuple((start + k) % n for k in range(n)))  # the starter first (rule 2)


def learned(game: AnyGame, name: str) -> object:
    """The ``learned`` level: the numpy policy trained through ``dummy_v0`` (imported on first use:
    it needs numpy, which the rules and the other bots do not)."""
    from samrap.players.learned import learned_for

    return learned_for(game, name)


COACH = Coach(
    heuristic=heuristic,
    policy=policy,
    describe=describe,
    kind_of=kind_of,
    near_end=lambda view: cast(DummyView, view).stock_size <= 10,
    same_turn=lambda a: isinstance(a, (Meld, LayOff, Knock, Discard)),
    lesson_deal=lesson_deal,
    lesson_start=lambda game, deck, start, deal: cast(DummyGame, game).new_game(deck=deck, starter=start),
    learned=learned,
    search_moves=search_moves,
    search_depth=search_depth,
    checked_playouts=checked_playouts,
    cut_playouts=cut_playouts,
    reading=read_resample,
    search_budget=putdown_budget,
    hint_deals=24,
    review_deals=32,
    mining=Mining(
        plans=(("classic", 2), ("modern", 3), ("classic", 4), ("modern", 2), ("classic", 3), ("modern", 4)),
        # earlier decisions rarely separate the moves within the simulations' noise, and cost the
        # longest playouts
        late_from=12,
    ),
)
