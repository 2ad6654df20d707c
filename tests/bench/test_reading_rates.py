"""bench/reading_rates.py at a tiny size: the measurement behind the Dummy hand reading's
constants (``players/heuristic/dummy_reading.py``) counts what it says it counts."""

from __future__ import annotations

from bench import reading_rates as rr
from samrap.games.dummy import DummyConfig, DummyGame


def test_the_tells_of_a_hand_are_read_from_the_view() -> None:
    game = DummyGame(DummyConfig(players=2))
    s = game.new_game(seed=3)
    view = game.observe(s, 0)
    assert not view.is_born(1)
    # before the opponent is born only the passed-over tell applies, and nothing has been passed yet
    assert rr.tells(view, s.hands[1], 1) == {"passed": False}


def test_a_tiny_run_gives_rates_for_every_tell_and_reads_them_down() -> None:
    out = rr.measure("classic", games=3, seed=5000, draws=2)
    assert {"meld (born)", "layoff (born)", "passed (born)", "placed"} <= set(out)
    placed = out.pop("placed")
    assert 0 < placed["uniform"] < placed["true"] and 0 < placed["read"] < placed["true"]
    for row in out.values():
        assert row["positions"] > 0
        assert all(0.0 <= row[k] <= 1.0 for k in ("true", "uniform", "read"))
    layoff = out["layoff (born)"]
    assert layoff["read"] < layoff["uniform"]
