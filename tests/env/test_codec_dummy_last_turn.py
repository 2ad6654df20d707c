"""Rule 35's last turn reaches agents: after the last collect, the melds and lay-offs that keep a knock
possible have ids in the Dummy codec (and the gym mask), and each id decodes back to its action."""

from __future__ import annotations

from samrap.env.codec_dummy import DummyCodec
from samrap.games.dummy import DummyGame, Knock, LayOff, Meld
from tests.games.dummy.builders import act, position


def test_rule_35_last_turn_melds_and_lay_offs_have_ids() -> None:
    # seat 1 collected 5s 9h on the last turn: 7h 8h 9h 3c Tc left, Jc Qc Kc on the table.
    s = position(
        ["4c Kd 9h", "5c5d 7h8h 3c Tc"], row="Qd* 5s1", melds="JcQcKc@0", born=[0], stock="2d", rest_in_stock=False
    )
    s = act(s, "D", "X 9h", "C1 5c5d5s")
    game = DummyGame(s.config)
    codec = DummyCodec(s.config)
    legal = game.legal_moves(s)
    assert {type(a) for a in legal} == {Meld, LayOff, Knock}
    ids = codec.legal_map(s, legal)
    assert list(ids.values()) == legal
    for i, a in ids.items():
        assert codec.encode(s, a) == i and codec.decode(s, i) == a
    assert {codec.describe(i).split(" ")[0] for i in ids} == {"M", "L", "K"}
