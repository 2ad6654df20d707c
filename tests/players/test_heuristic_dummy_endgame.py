"""The Dummy heuristic's end-game check: when it runs, what it compares, and that it is seeded."""

from __future__ import annotations

from random import Random

from samrap.games.dummy import Discard, DummyConfig, DummyGame, DummyState, Knock, Phase
from samrap.games.dummy.rules import legal_moves
from samrap.players.heuristic import dummy_endgame as endgame
from samrap.players.heuristic.dummy import DummyHeuristic, best_action
from samrap.players.levels import heuristic_for
from tests.players.dummy_late import late_positions

GAME = DummyGame(DummyConfig(players=2))


def _endgame_positions(count: int, phase: Phase) -> list[DummyState]:
    """Positions from seeded heuristic-vs-random games, late enough for the check, at ``phase``."""
    return late_positions(count, phase, endgame.ENDGAME_STOCK)


def test_no_check_while_the_stock_is_long() -> None:
    s = GAME.new_game(seed=3)
    s = GAME.apply(s, legal_moves(s)[0])  # draw: the first player now discards, 28-odd stock cards left
    view = GAME.observe(s, s.current)
    legal = legal_moves(s)
    first = best_action(view, legal)
    assert view.stock_size > endgame.ENDGAME_STOCK
    assert endgame.candidates(view, legal, first) == []
    rng = Random(5)
    assert endgame.endgame_choice(view, legal, first, rng) == first
    assert rng.random() == Random(5).random()  # the generator was not touched


def test_candidates_are_the_rule_based_move_and_its_runners_up_of_the_same_kind() -> None:
    for s in _endgame_positions(6, Phase.PLAY):
        view = GAME.observe(s, 0)
        legal = legal_moves(s)
        first = best_action(view, legal)
        moves = endgame.candidates(view, legal, first)
        assert moves[0] == first
        assert 2 <= len(moves) <= endgame.CANDIDATES
        assert len(set(moves)) == len(moves) and set(moves) <= set(legal)
        assert all(isinstance(a, Discard | Knock) for a in moves)


def test_draw_decisions_are_left_to_the_rules() -> None:
    # Late draw-or-collect decisions with a choice, from seeded random games.
    found = 0
    for seed in range(40):
        s = GAME.new_game(seed=seed)
        rng = Random(seed)
        while not GAME.is_terminal(s) and found < 3:
            legal = legal_moves(s)
            view = GAME.observe(s, s.current)
            if s.phase is Phase.DRAW and view.stock_size <= endgame.ENDGAME_STOCK and len(legal) > 1:
                assert endgame.candidates(view, legal, best_action(view, legal)) == []
                found += 1
            s = GAME.apply(s, legal[rng.randrange(len(legal))])
    assert found == 3


def test_the_check_plays_the_move_that_wins_most_finishes_and_keeps_the_rule_based_one_on_ties() -> None:
    changed = 0
    for s in _endgame_positions(12, Phase.PLAY):
        view = GAME.observe(s, 0)
        legal = legal_moves(s)
        first = best_action(view, legal)
        moves = endgame.candidates(view, legal, first)
        seed = Random(1).getrandbits(64)
        wins = endgame.simulated_wins(view, moves, seed)
        assert wins == endgame.simulated_wins(view, moves, seed)  # seeded: the same counts again
        assert all(0 <= w <= endgame.DEALS for w in wins)
        choice = endgame.endgame_choice(view, legal, first, Random(1))
        assert wins[moves.index(choice)] == max(wins)
        if choice != first:
            assert wins[0] < max(wins)
            changed += 1
    assert changed >= 1  # the check does overrule the rules of thumb in some of these positions


def test_simulated_finishes_see_only_the_seat_view() -> None:
    # Two true positions with the same view of seat 0 (the hidden cards dealt differently) give
    # the same counts: the check deals the hidden cards itself, from the view.
    s = _endgame_positions(1, Phase.PLAY)[0]
    view = GAME.observe(s, 0)
    other = GAME.resample(view, Random(99))
    assert other.hands[1] != s.hands[1]
    assert GAME.observe(other, 0) == view
    legal = legal_moves(s)
    moves = endgame.candidates(view, legal, best_action(view, legal))
    assert endgame.simulated_wins(view, moves, 7) == endgame.simulated_wins(GAME.observe(other, 0), moves, 7)


def test_ismcts_playouts_use_the_heuristic_without_the_check() -> None:
    assert heuristic_for(GAME).endgame is True
    assert heuristic_for(GAME, endgame=False).endgame is False


def test_hints_in_the_end_game_put_the_checked_moves_first_with_their_win_share() -> None:
    bot = DummyHeuristic()
    for s in _endgame_positions(6, Phase.PLAY):
        view = GAME.observe(s, 0)
        legal = legal_moves(s)
        moves = endgame.candidates(view, legal, best_action(view, legal))
        ranked = bot.analyse(view, legal, Random(4))
        wins = {e.action: e.win for e in ranked}
        assert all(wins[a] is not None for a in moves)
        assert [e.action for e in ranked][: len(moves)] == sorted(moves, key=lambda a: -(wins[a] or 0.0))
        assert ranked[0].action == bot.choose(view, legal, Random(4))  # the first hint is the bot's move
        assert all(e.visits == endgame.DEALS and e.win is not None for e in ranked[: len(moves)])
        assert all(e.win is None for e in ranked[len(moves) :])
        assert sorted(GAME.action_text(e.action) for e in ranked) == sorted(a.text() for a in legal)  # type: ignore[arg-type]
