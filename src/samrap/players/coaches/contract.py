"""Contract Rummy's coach: its heuristic, its focused search, the moves a hint compares, its moves
in words, its review kinds and how a lesson deals (``players/coach.py`` says why one table per game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from samrap.engine.registry import AnyGame
from samrap.games.contract.actions import (
    Claim,
    ContractAction,
    Discard,
    Draw,
    Exchange,
    GoDown,
    LayOff,
    Meld,
    Pass,
    PickUp,
)
from samrap.games.contract.cards import face_str
from samrap.games.contract.game import ContractGame
from samrap.games.contract.observe import ContractView
from samrap.games.contract.state import ContractState
from samrap.players.analysis import Policy
from samrap.players.budget import Budget
from samrap.players.coach import Coach, LessonDeal, Mining
from samrap.players.focused import FocusedSearch
from samrap.players.heuristic import contract
from samrap.players.words import MELD_SEP, count, face_text, meld_number, phrase, spec_text


def heuristic(game: AnyGame, noise: float, name: str, endgame: bool) -> contract.ContractHeuristic:
    return contract.ContractHeuristic(name, noise)


def search(
    game: AnyGame, budget: Budget | None, name: str
) -> FocusedSearch[ContractState, ContractAction, ContractView]:
    """A deal of Contract Rummy runs to hundreds of actions and most decisions are obvious (lay
    off, go down): the focused search compares only the heuristic's few best moves, on whole-deal
    playouts that share their determinizations (players/focused.py).

    It scores a playout by the chance of winning the match from the totals it leads to (plus a
    little of the deal's margin), and races the candidates: one clearly worse than the
    heuristic's move stops drawing playouts, which go to the others.

    A budget of :data:`~samrap.players.heuristic.contract.WIDE_PLAYOUTS` playouts or more (the
    ``expert`` level's 600) compares six moves instead of four: more discards, and a second way
    to wait when the contract can be met. Four times ``hard``'s playouts over the same four
    moves only narrows estimates that already decide most choices; the wider list lets the
    search find moves the heuristic ranks lower (docs/bots.md, "Contract's hard and expert").
    """
    budget = budget or Budget(iterations=48)
    return FocusedSearch(
        game,
        contract.rollout,
        _wide if (budget.iterations or 0) >= contract.WIDE_PLAYOUTS else contract.candidates,
        contract.deal_value,
        budget,
        name=name,
        playout_state=contract.playout_state,
        value_for=contract.match_value,
        prune_z=2.0,
    )


def _wide(view: ContractView, legal: Sequence[ContractAction]) -> list[ContractAction]:
    """The wider search's moves: :func:`contract.candidates` with six."""
    return contract.candidates(view, legal, contract.WIDE_CANDIDATES)


def candidates(view: ContractView, legal: Sequence[ContractAction], k: int) -> list[ContractAction]:
    return list(contract.candidates(view, legal, k))


def policy(game: AnyGame) -> Policy:
    return Policy(contract.rollout, candidates, lower_is_better=True, playout_state=contract.playout_state)


def describe(view: object, a: object, lang: str) -> str:
    """One short phrase for a Contract Rummy move played from ``view`` (which gives a pick-up's card)."""
    v = cast(ContractView, view)
    pack = v.config.pack

    def pile_face(depth: int) -> str:
        pile = v.pile
        return face_text(face_str(pack.faces[pile[-1 - depth]])) if depth < len(pile) else "?"

    if isinstance(a, Draw):
        return phrase("draw", lang)
    if isinstance(a, PickUp):
        if a.depth:
            return phrase("pickupDeep", lang, card=pile_face(a.depth), count=count(a.depth, lang))
        return phrase("pickup", lang, card=pile_face(0))
    if isinstance(a, Claim):
        return phrase("claim", lang, card=pile_face(0))
    if isinstance(a, Pass):
        return phrase("noBuy", lang)
    if isinstance(a, GoDown):
        return phrase("godown", lang, cards=MELD_SEP.join(spec_text(m.text()) for m in a.melds))
    if isinstance(a, Meld):
        return phrase("meldCards", lang, cards=spec_text(a.meld.text()))
    if isinstance(a, LayOff):
        key = "layoffJoker" if a.joker else "layoff"
        return phrase(key, lang, card=face_text(face_str(a.face)), m=meld_number(a.target))
    if isinstance(a, Exchange):
        return phrase("exchange", lang, card=face_text(face_str(a.face)), m=meld_number(a.target))
    if isinstance(a, Discard):
        return phrase("discard", lang, card=face_text(face_str(a.face)))
    text = getattr(a, "text", None)
    return str(text()) if callable(text) else str(a)


def kind_of(a: object) -> str:
    if isinstance(a, Discard):
        return "discard"
    if isinstance(a, (Draw, PickUp, Claim, Pass)):
        return "collect"
    return "go_down"


def lesson_deal(game: AnyGame, start: int, deal: int) -> LessonDeal:
    n = game.players
    config = cast(ContractGame, game).config
    order = tuple((start + 1 + k) % n for k in range(n))  # from the dealer's left (rule 6)
    return LessonDeal(config.hand_size(deal), tuple(config.pack.faces), order)


def lesson_start(game: AnyGame, deck: Sequence[int], start: int, deal: int) -> object:
    return cast(ContractGame, game).new_game(deck=deck, dealer=start, deal_number=deal)


COACH = Coach(
    heuristic=heuristic,
    search=search,
    policy=policy,
    describe=describe,
    kind_of=kind_of,
    near_end=lambda view: cast(ContractView, view).deal >= 7,
    same_turn=lambda a: isinstance(a, (Meld, LayOff, Exchange, GoDown, Discard)),
    lesson_deal=lesson_deal,
    lesson_start=lesson_start,
    hint_deals=12,
    review_deals=16,
    # Its best two (with a third the first look's lead was mostly the winner's curse); a more
    # lenient first look (a deal's finishes vary more: at 2 standard errors a first trial kept none
    # of 92 positions); one decision in two, none between discards only (they rarely part within
    # the noise: a second trial kept none of 22), so its pick-ups, buys, go-downs and lay-offs.
    mining=Mining(
        top=2,
        min_gap=7.0,
        z=(1.5, 2.0),
        share=0.5,
        discards_too=False,
        plans=(("seed", 3), ("pagat", 4), ("seed", 4), ("pagat", 3)),
        numbered_deals=7,
    ),
)
