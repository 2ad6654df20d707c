"""``expert`` in Thai Dummy: ``hard``'s search with its budget weighed toward the put-downs
(``coaches.dummy.putdown_budget``), and the playouts with a cheap end-game check it used before
(``coaches.dummy.checked_playouts``, still an option).

Why these tests: the weighed budget is the only thing that tells ``expert`` from ``hard`` in
Dummy, so it must spend all 600 iterations where a meld or lay-off can be made or held and
``hard``'s 150 elsewhere, stay seeded, and leave ``hard`` exactly as it was; the checked
playouts must stay the heuristic's own check (only later and on fewer finishes).
"""

from __future__ import annotations

import hashlib
from random import Random

from samrap.games.dummy import DummyConfig, DummyGame, DummyState, Phase
from samrap.games.dummy.rules import legal_moves
from samrap.players.budget import Budget
from samrap.players.coaches.dummy import (
    CHECKED_DEALS,
    CHECKED_STOCK,
    checked_heuristic,
    checked_playouts,
    putdown_budget,
)
from samrap.players.heuristic import dummy_endgame as endgame
from samrap.players.heuristic.dummy import DummyHeuristic, best_action
from samrap.players.ismcts import ISMCTSPlayer
from samrap.players.levels import LEVELS, make_bot
from tests.games.dummy.builders import position
from tests.players.dummy_late import late_positions

GAME = DummyGame(DummyConfig(players=2))
MODERN = DummyGame(DummyConfig.from_string("dummy(players=2,preset=modern)"))


def _late_plays(count: int) -> list[DummyState]:
    """Play-phase positions of seat 0 in the last stock cards where the check compares moves."""
    return late_positions(count, Phase.PLAY, CHECKED_STOCK)


def test_the_checked_playout_bot_is_the_heuristics_check_started_late_on_fewer_finishes() -> None:
    bot = checked_heuristic()
    budget = checked_playouts(GAME, Budget(iterations=600, seconds=2.5))[1]
    assert budget == Budget(iterations=300, seconds=2.5)
    assert checked_playouts(GAME, Budget(seconds=1.0))[1] == Budget(seconds=1.0)
    for s in _late_plays(4):
        view, legal = GAME.observe(s, 0), legal_moves(s)
        first = best_action(view, legal)
        # the plain twin: the end-game check itself, on CHECKED_DEALS finishes
        assert bot.choose(view, legal, Random(2)) == endgame.endgame_choice(
            view, legal, first, Random(2), CHECKED_DEALS
        )
        ranked = bot.analyse(view, legal, Random(2))
        assert ranked[0].action == bot.choose(view, legal, Random(2))
        assert ranked[0].visits == CHECKED_DEALS
    # earlier in the game the bot plays the rules alone and leaves the generator alone
    s = GAME.apply(GAME.new_game(seed=3), legal_moves(GAME.new_game(seed=3))[0])
    view, legal = GAME.observe(s, s.current), legal_moves(s)
    assert view.stock_size > CHECKED_STOCK
    rng = Random(5)
    assert bot.choose(view, legal, rng) == best_action(view, legal)
    assert rng.random() == Random(5).random()


def test_default_heuristic_keeps_its_full_check() -> None:
    full, limited = DummyHeuristic(), DummyHeuristic(endgame_stock=endgame.ENDGAME_STOCK, endgame_deals=endgame.DEALS)
    for s in _late_plays(3):
        view, legal = GAME.observe(s, 0), legal_moves(s)
        assert full.choose(view, legal, Random(9)) == limited.choose(view, legal, Random(9))
        assert full.analyse(view, legal, Random(9)) == limited.analyse(view, legal, Random(9))


def _meld_or_draw() -> tuple[DummyState, DummyState]:
    """Seat 0 to play with a meld and a lay-off to make or hold; and seat 0 to draw or collect 5h."""
    play = position(["7h8h9h5c5d5sKd", "2d3h4s6c7c8sJd"], row="Qh* 9d1", melds="TcJcQc@0", phase="play", born=[0])
    draw = position(["7h8h9h5c5dKd2s", "2d3h4s6c7c8sJd"], row="Qh* 5h1", phase="draw")
    return play, draw


def test_the_budget_is_whole_where_a_put_down_can_be_made_and_a_quarter_elsewhere() -> None:
    play, draw = _meld_or_draw()
    budget = Budget(iterations=600, seconds=2.5, actions=9000)
    assert putdown_budget(GAME.observe(play, 0), legal_moves(play), budget) == budget
    assert putdown_budget(GAME.observe(draw, 0), legal_moves(draw), budget) == Budget(150, 2.5, 9000)
    assert putdown_budget(GAME.observe(draw, 0), legal_moves(draw), Budget(seconds=1.0)) == Budget(seconds=1.0)
    assert putdown_budget(GAME.observe(draw, 0), legal_moves(draw), Budget(iterations=3)) == Budget(iterations=1)


def test_expert_weighs_its_budget_toward_put_downs_and_hard_does_not() -> None:
    assert LEVELS["expert"].weighed and not LEVELS["expert"].checked
    assert not LEVELS["hard"].weighed and not LEVELS["hard"].checked
    for game in (GAME, MODERN):
        expert, hard = make_bot("expert", game), make_bot("hard", game)
        assert isinstance(expert, ISMCTSPlayer) and expert.budget == Budget(iterations=600, seconds=2.5)
        assert expert.budget_for is putdown_budget and hard.budget_for is None
        assert hard.budget == LEVELS["hard"].budget and hard.budget.iterations == 150
        assert expert.tree_depth is hard.tree_depth and expert.root_filter is hard.root_filter
    assert make_bot("ismcts:iters=77", GAME).budget == Budget(iterations=77)  # a spec is not a level
    # what a decision costs: all 600 iterations with a meld to make or hold, hard's 150 to draw
    expert = make_bot("expert", GAME)
    expert.budget = expert.budget.untimed
    for s, iterations in zip(_meld_or_draw(), (600, 150), strict=True):
        before = expert.total_iterations
        assert expert.choose(GAME.observe(s, 0), legal_moves(s), Random(1)) in legal_moves(s)
        assert expert.total_iterations - before == iterations


def test_expert_is_seeded_and_plays_legal_moves() -> None:
    expert, medium = make_bot("expert", MODERN), make_bot("medium", MODERN)
    checked, seed = 0, 20
    while checked < 2:  # the last stock cards of games of medium (many end earlier, by a knock)
        seed += 1
        s = MODERN.new_game(seed=seed)
        rng = Random(seed)
        while not MODERN.is_terminal(s):
            legal = MODERN.legal_moves(s)
            view = MODERN.observe(s, s.current)
            if len(legal) > 1 and view.stock_size <= CHECKED_STOCK + 2:
                a = expert.choose(view, legal, Random(checked), Budget(iterations=8))
                assert a in legal
                assert a == expert.choose(view, legal, Random(checked), Budget(iterations=8))
                checked += 1
            s = MODERN.apply(s, medium.choose(view, legal, rng))


def _hard_digest() -> str:
    h = hashlib.sha256()
    for preset in ("classic", "modern"):
        game = DummyGame(DummyConfig.from_string(f"dummy(players=2,preset={preset})"))
        medium, hard = make_bot("medium", game), make_bot("hard", game)
        s = game.new_game(seed=11)
        rng = Random(11)
        k = 0
        while not game.is_terminal(s):
            legal = game.legal_moves(s)
            view = game.observe(s, s.current)
            if len(legal) > 1 and (k % 5 == 0 or view.stock_size <= 8):
                est = hard.analyse(view, legal, Random(k), Budget(iterations=24))
                h.update(repr([(game.action_text(e.action), e.visits, round(e.value, 9)) for e in est]).encode())
                h.update(game.action_text(hard.choose(view, legal, Random(k), Budget(iterations=24))).encode())
            k += 1
            s = game.apply(s, medium.choose(view, legal, rng))
    return h.hexdigest()


def test_hard_plays_as_before_expert_got_its_playouts() -> None:
    # hard's searches and moves over a seeded game per preset, hashed with the code before
    # checked_playouts (commit db39657): the shared heuristic, levels and search changed since
    # (the weighed budget among them), hard did not
    assert _hard_digest() == "50f1eef59e696554db51ecb76574d85c11aca94a8d4f8995f9db2d7731b6476a"
