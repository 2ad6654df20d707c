"""Positions made by playing the engine, to draw on a live table page: a late game (few stock
cards, many melds, a long row) that a test of the layout or of the card marks needs, without
playing a whole game through the browser first."""

from __future__ import annotations

import json
from collections.abc import Callable
from random import Random
from typing import Any


def dummy_position(
    seed: int, want: Callable[[str, list[str]], bool], config: str = "dummy(players=2)"
) -> tuple[str, list[str]]:
    """Seat 0's view and legal moves at the first turn of seat 0 where ``want(view, legal)`` holds,
    in a two-player Dummy game (under ``config``) the heuristic bot plays from ``seed``."""
    from samrap.engine.registry import GAMES
    from samrap.games.dummy import DummyGame
    from samrap.players.heuristic.dummy import DummyHeuristic

    spec = GAMES["dummy"]
    game = DummyGame(spec.parse_config(config, spec.default_config))
    s = game.new_game(seed)
    bot = DummyHeuristic(endgame=False)
    rng = Random(seed)
    while not game.is_terminal(s):
        q = game.current_player(s)
        legal = game.legal_moves(s)
        if q == 0:
            text = game.observe(s, 0).to_string()
            texts = [game.action_text(a) for a in legal]
            if want(text, texts):
                return text, texts
        s = game.apply(s, bot.choose(game.observe(s, q), legal, rng))
    raise ValueError(f"seed {seed}: no such position of seat 0")


def late_dummy(seed: int, stock: int = 8) -> tuple[str, list[str]]:
    """A late position: seat 0 to play (after its draw) with at most ``stock`` stock cards left."""
    return dummy_position(
        seed, lambda view, _: "|play|" in view and int(view.split("|stock:")[1].split("|")[0]) <= stock
    )


def show_view(page: Any, view: str, legal: list[str]) -> None:
    """Draw ``view`` on the live table page as if the server had sent it (seat 0 to move): the
    page's own socket handler takes it, so everything after is what the page does with a view."""
    msg = {"t": "view", "seat": 0, "game": 0, "view": view, "legal": legal, "to_move": 0, "events": []}
    page.evaluate(
        "m => { const t = window.samrapTable; t.onView({...m, v: t.msg.v}); }",
        json.loads(json.dumps(msg)),
    )
