"""Rules 29 and 38-39 of docs/rules/dummy.md: the match (see games/dummy/match.py)."""

from __future__ import annotations

from samrap.games.dummy import scoring
from samrap.games.dummy.config import CLASSIC, DummyConfig
from samrap.games.dummy.game import DummyGame
from samrap.games.dummy.match import is_match_over, match_winners, next_game
from samrap.games.dummy.state import Phase
from tests.games.dummy.builders import act, deck_for, position

# Game 1 of a 2-player match: seat 0 starts with
#   2h 3h 4h 5h  6s 7s 8s 9s  9d 9c  Kd      and draws 9h: three melds and Kd face down (dark).
# seat 1: 2d 3d 4d 5d 6d 7d 8d Td Jd Qc 2s   (not born: it falls off the building)
HANDS = ["2h3h4h5h 6s7s8s9s 9d9c Kd", "2d3d4d5d6d7d8d TdJd Qc 2s"]


def test_rule_29_scores_accumulate_over_games() -> None:
    """Scores accumulate over games: each game starts from the match totals before it."""
    game = DummyGame(DummyConfig(players=2))
    s = game.new_game(deck=deck_for(HANDS, "As", "9h"), starter=0, scores=(120, 300))
    s = act(s, "D", "K Kd 2h3h4h5h 6s7s8s9s 9c9d9h")
    assert s.phase is Phase.OVER
    assert scoring.game_scores(s) == ((55 + 50) * 2, -2 * (7 * 5 + 10 + 10 + 10 + 5))
    totals = tuple(t + g for t, g in zip(s.scores, scoring.game_scores(s), strict=True))
    assert totals == (330, 160)
    nxt = next_game(s)
    g2 = game.new_game(deck=list(range(52)), starter=nxt.starter, direction=nxt.direction, scores=totals)
    assert g2.scores == (330, 160)
    assert g2.current == 0  # the knocker starts (rule 7)
    assert "scores:330,160" in g2.to_string()


def test_rule_29_the_first_to_reach_the_target_wins_ties_are_shared() -> None:
    """The first player to reach 500 or more wins; if several do, the highest total wins; a tie is shared."""
    assert not is_match_over(CLASSIC, (499, 10, -40))
    assert match_winners(CLASSIC, (499, 10, -40)) == ()
    assert is_match_over(CLASSIC, (500, 10, -40))
    assert match_winners(CLASSIC, (500, 10, -40)) == (0,)
    assert match_winners(CLASSIC, (520, 610, 100)) == (1,)
    assert match_winners(CLASSIC, (550, 550, 20)) == (0, 1)
    low = DummyConfig(target=100)
    assert is_match_over(low, (100, 0, 0)) and match_winners(low, (100, 0, 0)) == (0,)


def test_rule_38_no_knock_next_starter_is_the_next_seat_in_this_games_direction() -> None:
    """After a game with no knock, the next starter is the seat after this game's starter, in this game's
    direction; game 1 has a seeded random dealer and goes clockwise from the next seat."""
    # 3 players, reversed (i -> i-1), seat 0 started; seat 2 drew the last card, seat 1 passes.
    s = position(
        ["Ah 5c", "2c 3d", "4c 9h"], row="Qc* 5d0", turn=2, starter=0, direction=-1, stock="Kd", rest_in_stock=False
    )
    s = act(s, "D", "X Kd", "-")
    assert s.knocker == -1
    nxt = next_game(s)
    assert (nxt.starter, nxt.direction) == (2, -1)
    # Clockwise, the seat after starter 2 of 3 is seat 0.
    s = position(["Ah 5c", "2c 3d", "4c 9h"], row="Qc* 5d1", turn=2, starter=2, stock="Kd", rest_in_stock=False)
    s = act(s, "D", "X Kd", "-")
    assert (next_game(s).starter, next_game(s).direction) == (0, 1)
    # Game 1: seeded, clockwise, the starter is the seat after the (seeded) dealer.
    game = DummyGame(DummyConfig(players=3))
    for seed in range(5):
        g = game.new_game(seed)
        assert g.direction == 1
        assert g.starter == game.first_starter(seed) == game.new_game(seed).starter


def test_rule_39_match_ends_after_the_game_reaching_target_highest_over_it_wins() -> None:
    """The match ends after the game in which anyone reaches the target; the highest total among those at
    or over it wins; an exact tie has several winners."""
    totals = (480, 495, 300, 10)
    assert not is_match_over(CLASSIC, totals)
    after = (480 + 30, 495 - 20, 300 + 215, 10)  # seats 0 and 2 cross in the same game
    assert is_match_over(CLASSIC, after)
    assert match_winners(CLASSIC, after) == (2,)
    assert match_winners(CLASSIC, (515, 515, 515, 499)) == (0, 1, 2)
