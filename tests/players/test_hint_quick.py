"""The quick hint (issue 27.4) and the one-line words of every hint (issue 23.7)."""

from __future__ import annotations

from random import Random

import pytest

from samrap.learn.lessons import find_lesson, new_state
from samrap.players.budget import Budget
from samrap.players.hint import quick_moves, rank_moves, signed


def test_signed_points_never_read_minus_zero() -> None:
    assert [signed(x) for x in (-0.4, 0.0, 0.4, -0.5, 3.6, -32.2)] == ["0", "0", "0", "0", "+4", "-32"]


@pytest.mark.parametrize("lang", ["en", "th"])
def test_quick_hints_rank_every_legal_move_with_words_and_the_heuristics_why(lang: str) -> None:
    game, state = new_state(find_lesson("dummy", "modern-penalties"))
    view = game.observe(state, 0)
    legal = game.legal_moves(state)
    quick = quick_moves(game, view, legal, Random(0), lang)
    assert sorted(h.text for h in quick) == sorted(game.action_text(a) for a in legal)
    assert [h.rank for h in quick] == list(range(1, len(quick) + 1))
    assert all(h.move and h.reason.startswith(h.move) for h in quick)
    assert any(h.why for h in quick)  # a discard says whether it is safe
    assert all(":" not in h.why for h in quick)  # the move is not said twice


def test_the_deep_first_hint_has_a_short_why_without_figures() -> None:
    game, state = new_state(find_lesson("dummy", "fall"))
    view = game.observe(state, 0)
    for lang, words in (("en", "moves compared"), ("th", "ทางเลือกที่เทียบ")):
        first = rank_moves(game, view, game.legal_moves(state), None, Random(0), Budget(iterations=48), lang)[0]
        assert first.move and first.why and "%" not in first.why
        assert words in first.why or "ตามหลักการเล่น" in first.why or "rules of play" in first.why
        assert "-0 " not in first.reason + " "


def test_a_single_legal_move_is_said_to_be_the_only_one() -> None:
    game, state = new_state(find_lesson("dummy", "fall"))
    view = game.observe(state, 0)
    only = [game.legal_moves(state)[0]]
    (hint,) = quick_moves(game, view, only, Random(0), "th")
    assert hint.why == "ทางเดียวที่เล่นได้" and hint.move


def test_a_time_bounded_comparison_plays_whole_rounds_and_at_least_two() -> None:
    """The deeper look of a person's hint stops when its seconds are up (issue 27.4), after at
    least two rounds of deals; with time to spare it plays every deal asked for."""
    from samrap.players.analysis import candidates, policy_for
    from samrap.players.hint import MIN_ROUNDS, ROUND_DEALS, compare_within

    game, state = new_state(find_lesson("dummy", "fall"))
    view = game.observe(state, 0)
    policy = policy_for(game)
    moves = candidates(game, view, game.legal_moves(state), 3, (), policy)
    short = compare_within(game, view, moves, Random(1), 24, policy, 1e-9)
    assert {len(o.values) for o in short.outcomes} == {MIN_ROUNDS * ROUND_DEALS}
    full = compare_within(game, view, moves, Random(1), 14, policy, 3600.0)
    assert {len(o.values) for o in full.outcomes} == {14}
    assert [o.score for o in full.outcomes] == sorted((o.score for o in full.outcomes), reverse=True)
    for o in full.outcomes:  # the ledger means stay means: a share of finishes is at most 1
        assert all(0.0 <= h <= 1.0 + 1e-9 for h in o.hits.values())
