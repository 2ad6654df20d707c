"""The learned level (issue 24.4): legal moves only, from the seat's view, the same move every time,
weights shipped small, and clear errors where it cannot play.

That it sees only its seat's view is also checked with every other bot in test_no_peeking.py
(two states that differ only in hidden cards give it the same decision).
"""

from __future__ import annotations

from pathlib import Path
from random import Random

import numpy as np
import pytest

from samrap.core.rng import make_rng
from samrap.games.contract import ContractConfig, ContractGame
from samrap.games.dummy import DummyConfig, DummyGame, DummyState
from samrap.players.learned import WEIGHTS, LearnedPlayer, LearnedUnavailable, Net, load_net, save_net
from samrap.players.levels import LEVELS, make_bot, parse_bot_spec

GAME = DummyGame(DummyConfig(players=2))


def _play(bot: LearnedPlayer, seed: int, game: DummyGame = GAME) -> tuple[list[str], DummyState]:
    """One game with the learned bot in seat 0 and seat 1 played at random; every move of the bot is
    checked against the legal moves it was given."""
    s = game.new_game(seed=seed)
    other = make_rng(f"other:{seed}")
    moves = []
    while not game.is_terminal(s):
        seat = game.current_player(s)
        legal = game.legal_moves(s)
        if seat == 0:
            a = bot.choose(game.observe(s, seat), legal, Random(seed))
            assert a in legal, f"seed {seed}: {a} is not legal"
        else:
            a = legal[other.randrange(len(legal))]
        moves.append(a.text())
        s = game.apply(s, a)
    return moves, s


def test_the_learned_bot_plays_only_legal_moves() -> None:
    bot = make_bot("learned", GAME)
    assert isinstance(bot, LearnedPlayer)
    for seed in (1, 2, 3):
        moves, end = _play(bot, seed)
        assert GAME.is_terminal(end) and len(moves) > 10


def test_three_and_four_players_share_the_layout_and_stay_legal() -> None:
    """The observation and the action ids do not depend on the seat count, so the 2-player policy plays there too."""
    game = DummyGame(DummyConfig(players=4))
    _, end = _play(make_bot("learned", game), 5, game)
    assert game.is_terminal(end)


def test_the_same_view_gives_the_same_move_whatever_the_generator() -> None:
    bot = make_bot("learned", GAME)
    first, _ = _play(bot, 7)
    again, _ = _play(make_bot("learned", GAME), 7)
    assert first == again
    s = GAME.new_game(seed=9)
    while len(GAME.legal_moves(s)) < 2:
        s = GAME.apply(s, GAME.legal_moves(s)[0])
    view, legal = GAME.observe(s, s.current), GAME.legal_moves(s)
    assert len({bot.choose(view, legal, Random(k)).text() for k in range(5)}) == 1


def test_the_shipped_weights_are_small_and_a_numpy_mlp() -> None:
    assert WEIGHTS.is_file()
    assert WEIGHTS.stat().st_size < 5_000_000
    net = load_net()
    assert net.obs_size == 1819 and net.num_actions == 2428
    assert 100_000 < net.params() < 1_000_000
    assert net.meta["config"] == "dummy(players=2)" and net.meta["teacher"] == "medium"
    x = np.zeros(net.obs_size, np.float32)
    ids = np.array([0, 5, 2427])
    assert np.allclose(net.scores(x, ids), net.logits(x)[ids], atol=1e-5)


def test_learned_is_a_level_outside_the_ladder() -> None:
    assert "learned" not in LEVELS  # easy < medium < hard < expert stays the ladder
    assert parse_bot_spec("learned") == ("learned", None, 0.0, "")
    with pytest.raises(ValueError, match="no budget"):
        parse_bot_spec("learned:1s")


def test_the_learned_bot_refuses_other_games_and_other_action_spaces() -> None:
    with pytest.raises(ValueError, match="Thai Dummy only"):
        make_bot("learned", ContractGame(ContractConfig()))
    game = DummyGame(DummyConfig(players=2, ace_low=True))  # more melds: another action space
    s = game.new_game(seed=1)
    while len(game.legal_moves(s)) < 2:
        s = game.apply(s, game.legal_moves(s)[0])
    with pytest.raises(LearnedUnavailable, match="trained for dummy"):
        make_bot("learned", game).choose(game.observe(s, s.current), game.legal_moves(s), Random(0))


def test_a_missing_or_broken_weights_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(LearnedUnavailable, match="no learned weights"):
        load_net(tmp_path / "none.npz")
    bad = tmp_path / "bad.npz"
    np.savez(bad, x=np.zeros(3))
    with pytest.raises(LearnedUnavailable, match="not a learned policy"):
        load_net(bad)


def test_saved_weights_load_back_and_play(tmp_path: Path) -> None:
    g = np.random.default_rng(0)
    layers = [
        (g.standard_normal((1819, 8)).astype(np.float32), np.zeros(8, np.float32)),
        (g.standard_normal((8, 2428)).astype(np.float32), np.zeros(2428, np.float32)),
    ]
    path = tmp_path / "tiny.npz"
    save_net(path, layers, {"config": "dummy(players=2)"})
    net = load_net(path)
    assert isinstance(net, Net) and net.params() == 1819 * 8 + 8 + 8 * 2428 + 2428
    _, end = _play(LearnedPlayer("tiny", net), 4)
    assert GAME.is_terminal(end)
