"""Bots cannot see hidden cards: views hold no other hand, and decisions depend on the view only.

Two states that differ only in cards the seat cannot see (other hands' unknown cards, the stock
order) give the same view, and every bot, given the same generator state, makes the same choice
in both (OpenSpiel's ResampleInfostateTest, applied to players).
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from random import Random

import pytest

from samrap.core.rng import make_rng
from samrap.games.dummy import DummyConfig, DummyGame, DummyState, DummyView
from samrap.players import RandomPlayer
from samrap.players.budget import Budget
from samrap.players.heuristic.dummy import DummyHeuristic, rollout
from samrap.players.ismcts import ISMCTSPlayer
from samrap.players.levels import RandomBot, make_bot

GAME = DummyGame(DummyConfig(players=2))


def _midgame(seed: int, steps: int) -> DummyState:
    """A seeded position some random actions into a game, with the seat to move not forced."""
    s = GAME.new_game(seed=seed)
    rng = make_rng(seed)
    for _ in range(steps):
        legal = GAME.legal_moves(s)
        s = GAME.apply(s, legal[rng.randrange(len(legal))])
    while len(GAME.legal_moves(s)) < 2:
        s = GAME.apply(s, GAME.legal_moves(s)[0])
    return s


def _twin(s: DummyState, seed: int) -> DummyState:
    """Another full state with the same view for the seat to move but other hidden cards."""
    seat = s.current
    for k in range(50):
        t = GAME.resample(GAME.observe(s, seat), make_rng(f"twin:{seed}:{k}"))
        if t.hands != s.hands and t.deck != s.deck:
            return t
    raise AssertionError("no different determinization found")


def test_a_view_holds_no_other_hand_and_no_deck() -> None:
    names = {f.name for f in dataclasses.fields(DummyView)}
    assert not names & {"hands", "deck", "stock_pos", "stock", "burnt"}
    s = _midgame(4, 12)
    v = GAME.observe(s, s.current)
    other = 1 - s.current
    assert v.hand == s.hands[s.current]
    assert v.hand_sizes[other] == s.hands[other].bit_count()
    # Only the row cards the other seat collected (public) are shown, never the rest of its hand.
    assert v.known[other] & ~s.hands[other] == 0
    assert v.revealed == ()


def test_choose_is_typed_on_views_not_states() -> None:
    for cls in (DummyHeuristic, ISMCTSPlayer, RandomPlayer, RandomBot):
        hints = typing.get_type_hints(cls.choose)
        view_type = hints.get("view")
        assert view_type is not DummyState
        assert "DummyState" not in str(view_type)
    params = list(inspect.signature(DummyHeuristic.choose).parameters)
    assert params == ["self", "view", "legal", "rng", "budget"]


@pytest.mark.parametrize("seed", [1, 2])
def test_hidden_cards_do_not_change_any_decision(seed: int) -> None:
    s = _midgame(seed, 9 + seed)
    t = _twin(s, seed)
    seat = s.current
    assert GAME.observe(s, seat) == GAME.observe(t, seat)
    assert GAME.legal_moves(s) == GAME.legal_moves(t)
    bots = [
        RandomBot(),
        DummyHeuristic(),
        DummyHeuristic(noise=0.5),
        ISMCTSPlayer(GAME, budget=Budget(iterations=12)),
        ISMCTSPlayer(GAME, rollout, Budget(iterations=12)),
        make_bot("hard", GAME),
        make_bot("expert", GAME),
        make_bot("learned", GAME),  # the numpy policy: the env's encoding of the view, nothing more
    ]
    for bot in bots:
        picks = []
        for state in (s, t):
            view = GAME.observe(state, seat)
            picks.append(bot.choose(view, GAME.legal_moves(state), Random(seed), Budget(iterations=12)))
        assert picks[0] == picks[1], bot.name


def test_search_sees_only_resampled_states() -> None:
    """ISMCTS asks the game for determinizations of the view and never receives the true state."""
    s = _midgame(8, 15)
    seat = s.current
    seen: list[DummyState] = []

    class Spy(DummyGame):
        def resample(self, v: DummyView, rng: Random) -> DummyState:
            out = super().resample(v, rng)
            seen.append(out)
            return out

    spy = Spy(GAME.config)
    bot = ISMCTSPlayer(spy, budget=Budget(iterations=25))
    bot.choose(spy.observe(s, seat), spy.legal_moves(s), Random(0))
    assert len(seen) == 25
    hidden_differs = sum(1 for x in seen if x.hands[1 - seat] != s.hands[1 - seat])
    assert hidden_differs >= 20  # the true hidden hand is only ever a coincidence


def test_the_focused_search_of_modern_rules_sees_the_view_only() -> None:
    """``hard`` under ``modern`` picks its root moves with the heuristic (``search_moves``) and its
    tree depth by the stock (``search_depth``): both read the view, so twins decide alike."""
    modern = DummyGame(DummyConfig.from_string("dummy(players=2,preset=modern)"))
    s = modern.new_game(seed=5)
    rng = make_rng(5)
    for _ in range(14):
        legal = modern.legal_moves(s)
        s = modern.apply(s, legal[rng.randrange(len(legal))])
    while len(modern.legal_moves(s)) < 2:
        s = modern.apply(s, modern.legal_moves(s)[0])
    seat = s.current
    t = next(
        x
        for k in range(50)
        if (x := modern.resample(modern.observe(s, seat), make_rng(f"twin:m:{k}"))).hands != s.hands
    )
    assert modern.observe(s, seat) == modern.observe(t, seat)
    hard = make_bot("hard", modern)
    picks = [
        hard.choose(modern.observe(x, seat), modern.legal_moves(x), Random(3), Budget(iterations=12)) for x in (s, t)
    ]
    assert picks[0] == picks[1]


def test_expert_playouts_in_the_last_stock_cards_see_the_view_only() -> None:
    """``expert``'s playouts run the heuristic's end-game check in the last stock cards, where it
    deals the hidden cards itself: two states with the same view still give the same move."""
    from samrap.players.coaches.dummy import CHECKED_STOCK

    medium, expert = make_bot("medium", GAME), make_bot("expert", GAME)
    seed = 30
    while True:
        seed += 1
        s = GAME.new_game(seed=seed)
        rng = Random(seed)
        while not GAME.is_terminal(s) and not (
            GAME.observe(s, s.current).stock_size <= CHECKED_STOCK + 2 and len(GAME.legal_moves(s)) > 1
        ):
            s = GAME.apply(s, medium.choose(GAME.observe(s, s.current), GAME.legal_moves(s), rng))
        if not GAME.is_terminal(s):
            break
    seat = s.current
    view = GAME.observe(s, seat)
    t = next(x for k in range(50) if (x := GAME.resample(view, make_rng(f"twin:e:{k}"))).hands != s.hands)
    assert GAME.observe(t, seat) == view
    picks = [
        expert.choose(GAME.observe(x, seat), GAME.legal_moves(x), Random(4), Budget(iterations=20)) for x in (s, t)
    ]
    assert picks[0] == picks[1]


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_contract_searches_decide_from_the_view_alone(level: str) -> None:
    """Contract's ``hard`` and ``expert`` (its wider candidate list) choose alike in two states
    that differ only in cards the seat cannot see."""
    from samrap.games.contract.game import ContractGame
    from samrap.players.heuristic.contract import ContractHeuristic

    game, heuristic = ContractGame(), ContractHeuristic()
    s = game.new_game(seed=6, deal_number=3)
    rng = make_rng(6)
    for _ in range(40):
        s = game.apply(s, heuristic.choose(game.observe(s, game.current_player(s)), game.legal_moves(s), rng))
    while len(game.legal_moves(s)) < 2:
        s = game.apply(s, game.legal_moves(s)[0])
    seat = game.current_player(s)
    view = game.observe(s, seat)
    twin = game.resample(view, make_rng("twin-contract"))
    assert game.observe(twin, seat) == view and twin.hands != s.hands
    bot = make_bot(level, game)
    budget = Budget(iterations=18)
    picks = [bot.choose(game.observe(x, seat), game.legal_moves(x), Random(2), budget) for x in (s, twin)]
    assert picks[0] == picks[1] and picks[0] in game.legal_moves(s)
