"""bench/reading_ceiling.py at a tiny size: the seer's search really deals the opponent's true
hand (and only that: the stock is still reshuffled), and a game and its summary come out whole."""

from __future__ import annotations

from random import Random

from bench import reading_ceiling as rc
from samrap.games.dummy import DummyConfig, DummyGame


def test_the_seer_deals_the_true_hand_and_a_fresh_stock() -> None:
    game = DummyGame(DummyConfig(players=2))
    s = game.new_game(seed=4)
    seen = rc._Seer(game)
    seen.truth = s
    view = game.observe(s, s.current)
    other = 1 - s.current
    deals = [seen.resample(view, Random(j)) for j in range(4)]
    assert all(d.hands[other] == s.hands[other] for d in deals)
    assert all(game.observe(d, s.current) == view for d in deals)
    assert len({d.deck for d in deals}) > 1  # the stock is not leaked
    late = rc._Seer(game, from_stock=view.stock_size - 1)  # not yet: a uniform deal
    late.truth = s
    assert [late.resample(view, Random(j)) for j in range(4)] == [game.resample(view, Random(j)) for j in range(4)]
    partial = rc._Seer(game, reveal=2, seed=1)  # two of the hidden cards, the same two every deal
    partial.truth = s
    hidden = s.hands[other] & ~view.known[other]
    shown = [partial.resample(view, Random(j)).hands[other] & hidden for j in range(6)]
    assert all(x.bit_count() >= 2 for x in shown)
    both = shown[0]
    for x in shown:
        both &= x
    assert both.bit_count() == 2 and len(set(shown)) > 1


def test_a_game_and_its_summary() -> None:
    row = rc.play(("modern", 900000, 1, 6, None, None))
    assert row["strong_seat"] == 1 and len(row["scores"][0]) == 2
    other = {**row, "strong_seat": 0}
    s = rc.summarise([row, other])
    assert s["games"] == 2 and s["wins"] == 1.0  # the same game counted from both seats
    assert s["mean_score_margin"] == 0.0
    assert s["ci95"][0] < 0.5 < s["ci95"][1]
