"""``coaches.dummy.static_scores``: a cut playout's reading, the ledger of a game that ended now
without a knock (table cards and accrued items, less the hand), so that a truncated search
(bench/decision_gain.py, ``limit=``) scores what it has seen."""

from __future__ import annotations

from samrap.games.dummy import DummyConfig, DummyGame
from samrap.games.dummy.cards import mask_value
from samrap.players.coaches.dummy import static_scores
from tests.games.dummy.builders import position

GAME = DummyGame(DummyConfig(players=2))


def test_a_fresh_deal_counts_each_hand_against_its_holder() -> None:
    s = GAME.new_game(seed=3)
    assert static_scores(s) == tuple(float(-mask_value(h)) for h in s.hands)


def test_table_cards_count_for_their_owner() -> None:
    s = position(["7h8h9h5c5d5sKd", "2d3h4s6c7c8sJd"], row="Qh* 9d1", melds="TcJcQc@0", phase="play", born=[0])
    mine, theirs = static_scores(s)
    assert mine == mask_value(s.put_down[0]) - mask_value(s.hands[0]) + sum(i.points for i in s.items if i.seat == 0)
    assert theirs == -mask_value(s.hands[1]) + sum(i.points for i in s.items if i.seat == 1)
    assert mask_value(s.put_down[0]) > 0


def test_cut_playouts_stop_early_scored_by_the_cards_so_far_on_three_quarters_of_the_iterations() -> None:
    """``levels.ismcts_for(cut=True)``: the coach's cut_playouts (24 moves, static_scores, 450 of 600)."""
    from samrap.players.budget import Budget
    from samrap.players.coaches.dummy import CUT_MOVES, cut_playouts
    from samrap.players.ismcts import ISMCTSPlayer
    from samrap.players.levels import ismcts_for

    assert cut_playouts(GAME, Budget(iterations=600, seconds=2.5))[::2] == (CUT_MOVES, Budget(450, 2.5))
    bot = ismcts_for(GAME, Budget(iterations=600, seconds=2.5), cut=True)
    assert isinstance(bot, ISMCTSPlayer)
    assert bot.playout_limit == CUT_MOVES and bot.cutoff is static_scores and bot.budget == Budget(450, 2.5)
    plain = ismcts_for(GAME, Budget(iterations=600, seconds=2.5))
    assert plain.cutoff is None and plain.budget == Budget(600, 2.5)
