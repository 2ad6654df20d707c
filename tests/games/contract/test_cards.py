"""The pack's bit tricks (cards.py) against their definitions, card by card."""

from __future__ import annotations

import random

import pytest

from samrap.games.contract.cards import make_pack


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_face_layers_hold_each_face_as_often_as_the_mask_does(decks: int) -> None:
    """``face_layers(mask)[0][i]`` holds the faces with more than ``i`` copies in ``mask`` (only
    non-empty layers), and ``[1]`` counts the jokers: the written-out two- and three-deck forms
    agree with counting copies one by one."""
    pack = make_pack(decks, decks)
    rng = random.Random(decks)
    for _ in range(3000):
        k = rng.choice([0, 1, 2, 5, 12, 30, pack.size])
        cards = rng.sample(range(pack.size), k)
        mask = 0
        for c in cards:
            mask |= 1 << c
        counts = [0] * 52
        jokers = 0
        for c in cards:
            if pack.is_joker(c):
                jokers += 1
            else:
                counts[pack.face(c)] += 1
        want = []
        for i in range(decks):
            layer = sum(1 << f for f in range(52) if counts[f] > i)
            if layer:
                want.append(layer)
        assert pack.face_layers(mask) == (tuple(want), jokers)
