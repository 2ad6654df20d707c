"""engine/ledger.py: a game's ledger as the runner keeps it, the lines made when read."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from samrap.engine.ledger import LedgerLine, LedgerLines, ledger_items, ledger_lines, ledger_scores
from samrap.engine.match import single_games
from samrap.engine.registry import GameSetup, configure, resolve
from samrap.players import RandomPlayer


def test_ledger_lines_are_the_items_detached_one_by_one() -> None:
    spec, config = configure("dummy", players=4)
    game = spec.make_game(config)
    for m in single_games(spec, config, [RandomPlayer() for _ in range(4)], 2, 20):
        g = m.games[0]
        state = spec.start_game(game, GameSetup(0, g.deck, g.starter, g.direction, (0,) * 4, g.seed))
        for _, text in g.actions:
            state = game.apply(state, game.parse_action(text))
        items = game.ledger(state)
        lines = ledger_lines(items)
        assert lines == tuple(LedgerLine.of(i) for i in items) == g.ledger and len(lines) == len(items)
        assert all(type(line) is LedgerLine for line in lines) and hash(lines) == hash(g.ledger)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lines[0].points = 0  # type: ignore[misc]


@pytest.mark.parametrize("text", ["dummy(players=4)", "contract(players=3)"])
def test_the_runners_ledger_is_its_lines_made_when_read(text: str) -> None:
    """A runner's ledger (``LedgerLines``) keeps the game's items, which the summary reads
    (``ledger_items``), and equals, hashes, indexes, pickles and prints as the tuple of lines."""
    spec, config = resolve(text)
    game = spec.make_game(config)
    n = game.players
    for m in single_games(spec, config, [RandomPlayer() for _ in range(n)], 5, 6):
        g = m.games[0]
        assert type(g.ledger) is LedgerLines
        items = ledger_items(g.ledger)
        assert items is g.ledger.items and all(type(i) is not LedgerLine for i in items)
        assert ledger_scores(items, n) == g.scores
        lines = ledger_lines(items)
        assert len(g.ledger) == len(lines) and g.ledger == lines and lines == g.ledger and list(lines) == g.ledger
        assert hash(g.ledger) == hash(lines) and repr(g.ledger) == repr(lines)
        assert tuple(g.ledger) == lines and g.ledger[0] == lines[0] and g.ledger[1:] == lines[1:]
        assert pickle.loads(pickle.dumps(g)) == g and type(pickle.loads(pickle.dumps(g.ledger))) is tuple
        assert dataclasses.replace(g, ledger=lines) == g
        assert ledger_items(lines) is lines
