"""The shared analysis of hints and reviews: which compared move is recommended, and the paired gap."""

from __future__ import annotations

import pytest

from samrap.players.analysis import CHOOSE_MIN, Comparison, Outcome, choose, paired_gap, worth


def _outcome(action: str, wins: list[float], values: list[float]) -> Outcome:
    return Outcome(action, tuple(values), tuple(wins))


def _comparison(*outs: Outcome) -> Comparison:
    return Comparison(tuple(sorted(outs, key=lambda o: -o.score)))


def test_a_lead_within_the_noise_keeps_the_heuristics_move() -> None:
    """The winner's curse: a move that wins one lucky deal more is not recommended over the default."""
    default = _outcome("X 3d", [0, 1, 0, 1], [-40, 30, -20, 50])
    lucky = _outcome("X 9s", [1, 1, 0, 1], [-40, 13, -53, 50])  # ahead on the mean by one lucky deal
    comp = _comparison(default, lucky)
    assert comp.best.action == "X 9s"
    assert choose(comp, "X 3d").action == "X 3d"


def test_a_clearly_better_move_replaces_the_heuristics_move() -> None:
    default = _outcome("X 9s", [0, 0, 1, 0, 0, 1], [-50, -60, 10, -40, -55, 5])
    better = _outcome("X 3d", [1, 1, 1, 0, 1, 1], [30, 20, 60, -10, 25, 55])
    assert choose(_comparison(default, better), "X 9s").action == "X 3d"


def test_a_gain_below_the_minimum_keeps_the_default() -> None:
    """Equal win shares and a margin a tiny bit better on every deal: certain, but under CHOOSE_MIN."""
    default = _outcome("D", [1, 0, 1], [10, -10, 20])
    step = CHOOSE_MIN / 0.3 / 2  # half the minimum gain of worth, in points
    nudge = _outcome("C0 AcAdAs", [1, 0, 1], [10 + step, -10 + step, 20 + step])
    assert choose(_comparison(default, nudge), "D").action == "D"


def test_the_largest_clear_gain_is_recommended() -> None:
    default = _outcome("a", [0] * 5, [0, 1, 2, 3, 4])
    good = _outcome("b", [1, 1, 1, 1, 0], [10, 11, 12, 13, 14])
    best = _outcome("c", [1] * 5, [20, 21, 22, 23, 24])
    assert choose(_comparison(default, good, best), "a").action == "c"


def test_paired_gap_is_the_mean_and_standard_error_of_the_differences() -> None:
    mean, se = paired_gap([3, 5, 7], [1, 2, 3])
    assert mean == pytest.approx(3.0)
    assert se == pytest.approx(((1 + 0 + 1) / 2 / 3) ** 0.5)


def test_worth_is_win_points_plus_a_little_margin() -> None:
    assert worth(1.0, 100.0) == pytest.approx(130.0)
    assert worth(0.0, -50.0) == pytest.approx(-15.0)
