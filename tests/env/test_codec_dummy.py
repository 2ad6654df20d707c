"""The Dummy action codec is a bijection on legal actions (docs/env.md, DESIGN §7.5)."""

from __future__ import annotations

import pytest

from samrap.core.errors import ConfigError
from samrap.env.codec import CodecError, layout_table
from samrap.env.codec_dummy import TABLE_SLOTS, DummyCodec, meld_table
from samrap.games.dummy import DummyConfig, DummyGame, DummyState, Knock, Meld
from tests.env.helpers import random_states

CONFIGS = [
    "dummy(players=2)",
    "dummy(players=3)",
    "dummy()",
    "dummy(players=2,ace_low=true)",
    "dummy(players=3,collect_to_layoff=true)",
    "dummy(players=2,preset=modern,max_layoffs_per_game=2,layoff_on_layoff=false)",
    "dummy(players=2,two_player_burn=true,collect_to_layoff=true,ace_low=true)",
]


@pytest.mark.parametrize("config", CONFIGS)
def test_every_legal_action_maps_to_an_id_and_back(config: str) -> None:
    cfg = DummyConfig.from_string(config)
    game = DummyGame(cfg)
    codec = DummyCodec(cfg)
    states = 0
    for s in random_states(game, range(30)):
        legal = game.legal_moves(s)
        ids = codec.legal_map(s, legal)
        assert len(ids) == len(legal), "two legal actions share an id (or one was capped)"
        assert list(ids.values()) == legal  # legal order is kept
        for i, a in ids.items():
            assert 0 <= i < codec.num_actions
            assert codec.encode(s, a) == i
            assert codec.decode(s, i) == a
        states += 1
    assert states > 800


def test_the_id_space_is_fixed_and_documented() -> None:
    classic = DummyCodec(DummyConfig(players=2))
    assert len(meld_table(False)) == 329  # 4 x 66 ace-high runs + 13 x 5 sets
    assert len(meld_table(True)) == 369  # + 4 x 10 runs with the ace low (A-2-3 .. A-2-...-Q)
    assert classic.num_actions == 1 + 1 + 329 + 0 + 329 + 52 * TABLE_SLOTS + 52 + 52 * 16
    with_layoff = DummyCodec(DummyConfig(players=2, collect_to_layoff=True))
    assert with_layoff.num_actions == classic.num_actions + 52 * TABLE_SLOTS
    assert [seg.name for seg in classic.segments] == [
        "draw",
        "pass",
        "collect",
        "collect_layoff",
        "meld",
        "layoff",
        "discard",
        "knock",
    ]
    table = layout_table(classic.segments)
    assert "| 0..0 | draw |" in table and "collect_layoff" not in table
    assert classic.describe(0) == "D"
    assert classic.describe(classic.segments[-2].start + 51) == "X As"
    meld_seg = classic.segments[4]
    assert classic.describe(meld_seg.start) == "M " + "2c3c4c"


def test_ids_do_not_depend_on_the_number_of_players() -> None:
    a, b = DummyCodec(DummyConfig(players=2)), DummyCodec(DummyConfig(players=4))
    assert a.segments == b.segments


# A late position (found by seeded random play) where seat 1 can knock in many ways: every
# card but the face-down one goes onto table melds, several of them onto either of two melds.
MANY_KNOCKS = (
    "dummy(players=2)|play|turn:1|dir:+|starter:0|deck:5hQc8s2h2cTdKs8hAh7h3cAd2dJh7sTsJd6s3d4h8cAsKd7cQs5c9h"
    "3s6cQhQdJc4sKcAc9d6d4c7d5d9cThJsTc8d6h3h5s9sKh2s4d|stock:51-52|hands:2s9s,3c9cTc8d5h6hKh5sTs|row:-"
    "|melds:JsQsKsAs@1,5c6c7c8c@1,9dTdJdQdKd@0,JcQcKc@1,AcAdAh@1,6s7s8s@0,7h8h9h@1,4c4h4s@1,5d6d7d@0,"
    "ThJhQh@0,3d3h3s@0,2c2d2h@1|put:8c3d5d6d7dTdJdQdKd3hThJhQh3s6s7s8s,2c4c5c6c7cJcQcKcAc2d9dAd2h4h7h8h9hAh"
    "4sJsQsKsAs|known:-,3c9c8d5h6hKh5sTs|born:11|layoffs:2,2|turnborn:1|ngo:-|head:Kd|items:-|scores:0,0"
    "|knock:-/-"
)


def test_knocks_past_the_cap_lose_their_id_but_every_face_down_card_keeps_one() -> None:
    s = DummyState.from_string(MANY_KNOCKS)
    game = DummyGame(s.config)
    legal = game.legal_moves(s)
    knocks = [a for a in legal if isinstance(a, Knock)]
    faces = {a.card for a in knocks}
    assert len(knocks) == 37 and len(faces) == 8
    full = DummyCodec(s.config).legal_map(s, legal)
    assert len(full) == len(legal)  # the default cap (16) keeps all of them
    capped = DummyCodec(s.config, knock_variants=2)
    ids = capped.legal_map(s, legal)
    kept = [a for a in ids.values() if isinstance(a, Knock)]
    assert {a.card for a in kept} == faces
    assert len(kept) == sum(min(2, sum(1 for k in knocks if k.card == f)) for f in faces)
    dropped = next(a for a in knocks if a not in kept)
    with pytest.raises(CodecError, match="past the cap"):
        capped.encode(s, dropped)
    for i, a in ids.items():
        assert capped.decode(s, i) == a


def test_ids_that_name_nothing_here_raise() -> None:
    cfg = DummyConfig(players=2)
    codec = DummyCodec(cfg)
    s = DummyGame(cfg).new_game(seed=5)
    with pytest.raises(CodecError, match="out of range"):
        codec.decode(s, codec.num_actions)
    knock_seg = codec.segments[-1]
    with pytest.raises(CodecError, match="no knock variant"):
        codec.decode(s, knock_seg.start)
    collect_seg = codec.segments[2]
    far = next(
        i for i in range(collect_seg.start, collect_seg.stop) if not codec.melds[i - collect_seg.start] >> s.row[0] & 1
    )
    with pytest.raises(CodecError, match="holds no row card"):
        codec.decode(s, far)
    with pytest.raises(CodecError, match="not a meld"):
        codec.encode(s, game_meld(0b111 << 13 | 1))


def game_meld(mask: int) -> Meld:
    from samrap.games.dummy import Meld

    return Meld(mask)


def test_bad_cap_is_rejected() -> None:
    with pytest.raises(ValueError, match="knock_variants"):
        DummyCodec(DummyConfig(), knock_variants=0)
    with pytest.raises(ConfigError):
        DummyConfig.from_string("dummy(players=5)")
