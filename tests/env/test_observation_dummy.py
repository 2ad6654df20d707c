"""Dummy observations are built from the seat's view alone: hidden cards never change them."""

from __future__ import annotations

import random

import numpy as np
import pytest

from samrap.env.encode_dummy import LAYOUT, DummyEncoder
from samrap.games.dummy import DummyConfig, DummyGame, DummyState
from tests.env.helpers import random_states


def _swap_hidden(s: DummyState, seat: int, rng: random.Random) -> DummyState:
    """``s`` with the cards ``seat`` cannot see dealt anew among other hands, the stock and the burn."""
    return DummyGame(s.config).resample(DummyGame(s.config).observe(s, seat), rng)


@pytest.mark.parametrize("config", ["dummy(players=2)", "dummy()", "dummy(players=3,preset=modern)"])
def test_hidden_cards_never_change_the_observation(config: str) -> None:
    cfg = DummyConfig.from_string(config)
    game = DummyGame(cfg)
    enc = DummyEncoder(cfg)
    rng = random.Random(7)
    changed_states = 0
    for s in random_states(game, range(12)):
        for seat in range(cfg.players):
            other = _swap_hidden(s, seat, rng)
            if other.hands != s.hands or other.deck[other.stock_pos :] != s.deck[s.stock_pos :]:
                changed_states += 1
            a = enc.encode(game.observe(s, seat))
            b = enc.encode(game.observe(other, seat))
            assert np.array_equal(a, b)
    assert changed_states > 500  # the swaps really moved hidden cards


def test_the_observation_does_see_what_the_seat_may_see() -> None:
    cfg = DummyConfig(players=3)
    game = DummyGame(cfg)
    enc = DummyEncoder(cfg)
    s = game.new_game(seed=11)
    x = enc.encode(game.observe(s, 1))
    views = LAYOUT.views(x)
    hand = [c for c in range(52) if s.hands[1] >> c & 1]
    assert list(np.flatnonzero(views["hand"])) == hand
    assert list(np.flatnonzero(views["row"])) == [s.row[0]]
    assert views["head"][s.row[0]] == 1.0
    assert views["row_depth"][s.row[0]] == pytest.approx(1 / 52)
    assert views["hand_size"][:3].tolist() == [1.0, 1.0, 1.0]
    assert views["hand_size"][3] == 0.0  # no fourth seat
    assert views["stock"][0] == pytest.approx(s.stock_size / 52)
    assert views["players"].tolist() == [0.0, 1.0, 0.0]
    # seat 1 sees seat s.current at relative slot (s.current - 1) % 3
    assert int(np.flatnonzero(views["to_move"])[0]) == (s.current - 1) % 3
    # another seat's hand differs, so its own hand plane differs
    y = enc.encode(game.observe(s, 2))
    assert not np.array_equal(LAYOUT.views(y)["hand"], views["hand"])


def test_public_zones_are_seen_relative_to_the_seat() -> None:
    """Play until melds are down, then check meld owners, put-down cards and row discarders."""
    cfg = DummyConfig(players=2)
    game = DummyGame(cfg)
    enc = DummyEncoder(cfg)
    s = next(s for s in random_states(game, range(50)) if len(s.melds) >= 2 and len(s.row) >= 3)
    for seat in range(2):
        v = LAYOUT.views(enc.encode(game.observe(s, seat)))
        for j, meld in enumerate(s.melds):
            assert list(np.flatnonzero(v["table"][j])) == [c for c in range(52) if meld >> c & 1]
            assert v["meld_owner"][j, (s.meld_owner[j] - seat) % 2] == 1.0
        for q in range(2):
            assert v["put_down"][(q - seat) % 2].sum() == s.put_down[q].bit_count()
        for c, by in zip(s.row, s.row_by, strict=True):
            if by >= 0:
                assert v["row_by"][(by - seat) % 2, c] == 1.0
    assert LAYOUT.size == sum(p.size for p in LAYOUT.pieces)
    assert "| `hand` | 0 | 52 | own hand |" in LAYOUT.table()


def test_observations_stay_inside_the_declared_bounds() -> None:
    from samrap.env.binding import dummy_binding

    b = dummy_binding(players=2)
    for s in random_states(b.game, range(10), with_terminal=True):
        for seat in range(2):
            x = b.encode(b.game.observe(s, seat))
            assert x.dtype == np.float32
            assert np.all(x >= b.low) and np.all(x <= b.high)


@pytest.mark.parametrize("config", ["dummy(players=2)", "dummy(players=3,preset=modern)", "dummy()"])
def test_the_fast_path_equals_the_view_encoding(config: str) -> None:
    cfg = DummyConfig.from_string(config)
    game = DummyGame(cfg)
    enc = DummyEncoder(cfg)
    count = 0
    for s in random_states(game, range(15), with_terminal=True):
        for seat in range(cfg.players):
            assert np.array_equal(enc.encode_state(s, seat), enc.encode(game.observe(s, seat)))
            count += 1
    assert count > 1000


def _reference(s: DummyState, seat: int) -> np.ndarray:
    """The observation written out plainly, piece by piece, from the seat's view (what the layout says)."""
    from samrap.env.codec_dummy import TABLE_SLOTS
    from samrap.env.encode_dummy import SCORE_CLIP

    v = DummyGame(s.config).observe(s, seat)
    n = v.config.players
    x = LAYOUT.zeros()
    p = LAYOUT.views(x)

    def rel(q: int) -> int:
        return (q - seat) % n

    def cards(mask: int) -> list[int]:
        return [c for c in range(52) if mask >> c & 1]

    p["hand"][cards(v.hand)] = 1
    for i, (c, by) in enumerate(zip(v.row, v.row_by, strict=True)):
        p["row"][c] = 1
        if by >= 0:
            p["row_by"][rel(by), c] = 1
        p["row_depth"][c] = (len(v.row) - i) / 52
    if v.head >= 0:
        p["head"][v.head] = 1
    for q in range(n):
        p["known"][rel(q), cards(v.known[q])] = 1
        p["put_down"][rel(q), cards(v.put_down[q])] = 1
        p["born"][rel(q)] = v.born >> q & 1
        p["hand_size"][rel(q)] = v.hand_sizes[q] / v.config.cards_per_hand
        p["layoffs"][rel(q)] = v.layoffs[q] / TABLE_SLOTS
        p["scores"][rel(q)] = max(-SCORE_CLIP, min(SCORE_CLIP, v.scores[q] / v.config.target))
    for j, meld in enumerate(v.melds):
        p["table"][j, cards(meld)] = 1
        p["meld_owner"][j, rel(v.meld_owner[j])] = 1
    p["phase"][int(v.phase)] = 1
    p["to_move"][rel(v.current)] = 1
    p["direction"][0] = v.direction == 1
    p["turn_born"][0] = v.turn_born
    if v.ngo_from >= 0:
        p["ngo_from"][rel(v.ngo_from)] = 1
    p["players"][n - 2] = 1
    p["stock"][0] = v.stock_size / 52
    return x


@pytest.mark.parametrize("config", ["dummy(players=2)", "dummy(players=3,preset=modern)", "dummy(players=4)"])
def test_the_encoding_matches_a_plain_reference(config: str) -> None:
    """One encoder, seats observed in game order and out of it (its per-seat buffers are reused), games
    back to back, match scores: every observation equals the plain piece-by-piece encoding, and
    later observations never change an earlier one."""
    cfg = DummyConfig.from_string(config)
    game = DummyGame(cfg)
    enc = DummyEncoder(cfg)
    rng = random.Random(5)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for seed in range(6):
        scores = tuple(rng.randrange(-6 * cfg.target, 6 * cfg.target) for _ in range(cfg.players))
        s = game.new_game(seed=seed, scores=scores)
        while True:
            seats = [s.current if not game.is_terminal(s) else 0, rng.randrange(cfg.players)]
            for seat in seats:
                x = enc.encode_state(s, seat)
                ref = _reference(s, seat)
                assert np.array_equal(x, ref), seat
                assert x.flags.writeable and x.flags.owndata
                kept.append((x, ref))
            if game.is_terminal(s):
                break
            legal = game.legal_moves(s)
            s = game.apply_unchecked(s, legal[rng.randrange(len(legal))])
    assert all(np.array_equal(x, ref) for x, ref in kept)
