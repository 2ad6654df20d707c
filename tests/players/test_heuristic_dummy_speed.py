"""The heuristic's fast paths give exactly what the plain definitions give (they only save time)."""

from __future__ import annotations

from random import Random

import pytest

from samrap.core.melds import meldable_cards
from samrap.games.dummy import DummyConfig, DummyGame
from samrap.games.dummy.state import Phase
from samrap.players.heuristic.dummy import DummyHeuristic, completers, knock_chance, knockable
from samrap.players.heuristic.dummy_hand import _Context
from samrap.players.heuristic.dummy_hand import _context as context


@pytest.mark.parametrize("ace_low", [False, True])
def test_completers_are_the_cards_that_make_a_meld_with_the_hand(ace_low: bool) -> None:
    rng = Random(7)
    for _ in range(3000):
        hand = 0
        for c in rng.sample(range(52), rng.randint(0, 6)):
            hand |= 1 << c
        plain = 0
        for u in range(52):
            if not hand >> u & 1 and meldable_cards(hand | 1 << u, ace_low) >> u & 1:
                plain |= 1 << u
        assert completers(hand, ace_low) == plain


def _plain_knock_chance(hand: int, ctx: _Context) -> float:
    """The definition: every unseen card tried one by one."""
    pool = ctx.unseen
    hits = sum(1 for u in range(52) if pool >> u & 1 and knockable(hand | 1 << u, ctx))
    return hits / pool.bit_count() if pool else 0.0


@pytest.mark.parametrize("config", [DummyConfig(players=2), DummyConfig(players=3, ace_low=True)])
def test_knock_chance_equals_trying_every_unseen_card(config: DummyConfig) -> None:
    game = DummyGame(config)
    bot = DummyHeuristic(endgame=False)
    checked = 0
    for seed in range(6):
        s = game.new_game(seed=seed)
        rng = Random(seed)
        while not game.is_terminal(s):
            view = game.observe(s, s.current)
            if view.phase is Phase.PLAY:
                ctx = context(view)
                rest = view.hand
                for c in range(52):  # every hand of up to five cards left after one discard
                    if rest >> c & 1 and (rest & ~(1 << c)).bit_count() <= 5:
                        kept = rest & ~(1 << c)
                        assert knock_chance(kept, ctx) == _plain_knock_chance(kept, ctx)
                        checked += 1
            legal = game.legal_moves(s)
            s = game.apply(s, bot.choose(view, legal, rng))
    assert checked > 50


def _plain_potential(c: int, hand: int, ctx: _Context) -> float:
    """``_potential`` as first written, one wanted card at a time (the reference)."""
    from samrap.core.cardset import RANK_MASKS

    unseen, row, ext = ctx.unseen, ctx.row_mask, ctx.table_ext
    live = unseen | row

    def w(x: int) -> float:
        return 1.5 if row >> x & 1 else (1.0 if live >> x & 1 else 0.0)

    if ext >> c & 1:
        return 0.9
    s, r = divmod(c, 13)
    outs = 0.0
    for d in (-1, 1):
        n = r + d
        if 0 <= n < 13 and hand >> (13 * s + n) & 1:
            for e in (r - 1 if d == 1 else r - 2, r + 2 if d == 1 else r + 1):
                if 0 <= e < 13:
                    outs += w(13 * s + e)
    for d in (-2, 2):
        n = r + d
        if 0 <= n < 13 and hand >> (13 * s + n) & 1:
            outs += w(13 * s + r + d // 2)
    if hand & ~(1 << c) & RANK_MASKS[r]:
        for q in range(4):
            x = 13 * q + r
            if not hand >> x & 1:
                outs += w(x)
    if not outs and ext & ((1 << (c + 1) if r < 12 else 0) | (1 << (c - 1) if r > 0 else 0)):
        outs = 0.5
    return min(0.75, 0.2 * outs)


def test_potential_equals_its_plain_definition() -> None:
    from samrap.players.heuristic.dummy_hand import _potential

    rng = Random(3)
    view = DummyGame(DummyConfig(players=2)).observe(DummyGame(DummyConfig(players=2)).new_game(seed=1), 0)
    for _ in range(3000):
        masks = [0, 0, 0, 0]
        weights = [rng.random() for _ in range(4)]
        for c in range(52):
            masks[rng.choices(range(4), weights)[0]] |= 1 << c  # hand, row, unseen, gone
        hand, row, unseen, _gone = masks
        ext = sum(1 << c for c in rng.sample(range(52), rng.randint(0, 8)))
        ctx = _Context(view, unseen, row, ext, False)
        for c in range(52):
            if hand >> c & 1:
                assert _potential(c, hand, ctx) == _plain_potential(c, hand, ctx)


def test_hand_cost_with_a_context_reused_equals_a_fresh_one() -> None:
    """The context remembers card potentials across the hands of one decision: never a stale one."""
    from samrap.players.heuristic.dummy_hand import hand_cost

    game = DummyGame(DummyConfig(players=2))
    rng = Random(11)
    for seed in range(3):
        view = game.observe(game.new_game(seed=seed), 0)
        shared = context(view)
        for _ in range(300):
            hand = sum(1 << c for c in rng.sample(range(52), rng.randint(1, 12)))
            born = rng.random() < 0.5
            assert hand_cost(hand, born, shared) == hand_cost(hand, born, context(view))
        assert shared.potentials  # it did remember
