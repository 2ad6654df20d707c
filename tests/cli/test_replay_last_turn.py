"""``samrap replay`` accepts rule 35's last turn played as separate actions: after the stock runs out,
a collect, then a meld from hand (``M ...``), then the knock."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from random import Random

from samrap.engine.match import run_match
from samrap.engine.record import dumps_record, make_record
from samrap.engine.registry import configure
from samrap.games.dummy import DummyGame
from samrap.games.dummy.actions import Collect, DummyAction, Knock, Meld
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.state import Phase
from tests.cli.helpers import run


class LastTurnMelder:
    """Plays on to the empty stock (never knocks early), collects on the last turn and melds before
    knocking: the record rule 35 allows and ``samrap replay`` once refused."""

    name = "last-turn-melder"

    def choose(self, view: DummyView, legal: Sequence[DummyAction], rng: Random) -> DummyAction:
        if view.phase is Phase.LAST_DRAW:
            return next((a for a in legal if isinstance(a, Collect)), legal[-1])
        if view.phase is Phase.LAST_PLAY:
            return next((a for a in legal if isinstance(a, Meld)), legal[-1])
        rest = [a for a in legal if not isinstance(a, Knock)]
        return rng.choice(rest or list(legal))


def test_rule_35_replay_accepts_collect_meld_then_knock_on_the_last_turn(tmp_path: Path) -> None:
    spec, config = configure("dummy(players=2)")
    result = run_match(spec, config, [LastTurnMelder(), LastTurnMelder()], 9, max_games=1)
    g = result.games[0]
    texts = [text for _, text in g.actions]
    collect = max(i for i, t in enumerate(texts) if t.startswith("C"))
    assert texts[collect + 1].startswith("M ") and texts[-1].startswith("K "), texts[collect:]
    game = DummyGame(config)
    s = game.new_game(deck=g.deck, starter=g.starter, direction=g.direction)
    for text in texts[:collect]:
        s = game.apply(s, game.parse_action(text))
    assert s.phase is Phase.LAST_DRAW, "the collect is the last turn's, after the stock ran out"
    path = tmp_path / "last-turn.json"
    path.write_text(dumps_record(make_record(result, "2026-12-01T12:00:00Z")), encoding="utf-8")
    out = run("replay", str(path))
    assert out.exit_code == 0, out.output
    assert "valid: 1 game" in out.stdout
