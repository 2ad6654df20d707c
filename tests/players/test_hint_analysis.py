"""Hints worth following (issue 13.5): the first hint weighs the preset's penalties and says what decides it.

The positions are the lessons' (``samrap.learn``), each built around one penalty.
"""

from __future__ import annotations

from random import Random

from samrap.learn.lessons import find_lesson, new_state
from samrap.players.budget import Budget
from samrap.players.hint import rank_moves

BUDGET = Budget(iterations=48)


def _hints(lesson_id: str, lang: str = "en") -> list:  # type: ignore[type-arg]
    game, state = new_state(find_lesson("dummy", lesson_id))
    view = game.observe(state, 0)
    return rank_moves(game, view, game.legal_moves(state), None, Random(0), BUDGET, lang)


def test_modern_first_hint_does_not_throw_a_lay_off_card() -> None:
    """ทิ้งใบฝาก: under modern, 9s could be laid off on the run 3s-8s, so discarding it costs 50."""
    hints = _hints("modern-penalties")
    assert hints[0].text != "X 9s"
    assert hints[0].visits > 0 and "wins" in hints[0].reason


def test_first_hint_does_not_feed_the_known_card() -> None:
    """โง่: the next player holds Kd (seen when they took it) and has three cards; Kc may feed their knock."""
    assert _hints("ngo")[0].text != "X Kc"


def test_not_born_with_a_knock_coming_the_first_hint_is_born_and_says_why() -> None:
    """ตกตึก: the reason names the falling that the collect avoids."""
    hints = _hints("fall")
    assert hints[0].text == "C0 AcAdAs"
    assert "fall" in hints[0].reason
    th = _hints("fall", "th")[0].reason
    assert "ตกตึก" in th
