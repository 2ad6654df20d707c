"""The ``modern`` preset of docs/rules/dummy.md: the house rules of Thai apps, each checked under the
preset (each is also a separate option, see test_options.py)."""

from __future__ import annotations

import dataclasses

from samrap.games.dummy import scoring
from samrap.games.dummy.config import CLASSIC, MODERN, PRESETS, SEED, DummyConfig, preset
from tests.games.dummy.builders import act, items, position


def test_modern_preset_sets_exactly_the_house_rules() -> None:
    """``modern`` = classic plus head 50/50, speto and colour knocks, discard penalties 50, speto lay-off
    50 and โง่ into a dark knock 100; it is named in config strings."""
    changed = {
        f.name: getattr(MODERN, f.name)
        for f in dataclasses.fields(DummyConfig)
        if getattr(MODERN, f.name) != getattr(CLASSIC, f.name)
    }
    assert changed == {
        "ngo_dark_penalty": 100,
        "head_bonus": 50,
        "head_penalty": 50,
        "speto_knock": True,
        "colour_knock": True,
        "discard_layoff_penalty": 50,
        "discard_full_penalty": 50,
        "speto_layoff_penalty": 50,
    }
    assert PRESETS == {"classic": CLASSIC, "seed": SEED, "modern": MODERN}
    assert preset("Modern") is MODERN
    assert DummyConfig.from_string("dummy(preset=modern)") == MODERN
    assert DummyConfig.from_string(MODERN.to_string()) == MODERN
    assert DummyConfig.from_string("dummy(preset=modern,players=3)") == dataclasses.replace(MODERN, players=3)


def test_modern_head_melded_scores_50_and_a_speto_head_100() -> None:
    """Head (หัว): the player who melds the first upcard scores +50 extra, +100 if it is a speto."""
    # seat 0 (born): 7h 8h Kd 4s    row: 9h* (the head)
    s = act(position(["7h8h Kd 4s", "2d3d4d"], row="9h*", born=[0], config=MODERN), "C0 7h8h9h", "X 4s")
    assert [(i.seat, i.code, i.points) for i in s.items] == [(0, "head", 50)]
    # seat 0 (born): 3c 4c Kd 4s    row: 2c* (a speto head)
    s = act(position(["3c4c Kd 4s", "2d3d4d"], row="2c*", born=[0], config=MODERN), "C0 2c3c4c", "X 4s")
    assert [(i.seat, i.code, i.points) for i in s.items] == [(0, "head", 100)]


def _head_items(hands: list[str], row: str, collect: str) -> list[tuple[int, str, int]]:
    s = act(position(hands, row=row, born=[0], config=MODERN), collect)
    return [(i.seat, i.code, i.points) for i in s.items]


def test_modern_head_penalty_the_feeder_of_the_heads_meld_pays_50() -> None:
    """ปี้หัว: the player who discarded the newest row card, other than the head, in the collect's meld
    loses 50, not the player who discarded last."""
    # 3 seats. seat 0: 7h Kd 2s    row: 9h* 8h1 Ks2; seat 0 melds 7h 8h 9h: 8h (seat 1) fed the head.
    got = _head_items(["7h Kd 2s", "2d3d4d", "5c6c7c"], "9h* 8h1 Ks2", "C0 7h8h9h")
    assert got == [(0, "head", 50), (1, "head_penalty", -50)]
    # seat 0: 6h Kd 2s    row: 9h* 8h1 7h2 Ks1; the meld 6h-9h takes 8h (seat 1) and 7h (seat 2):
    # the newest of them, 7h, is the one that let the meld form, so seat 2 pays.
    got = _head_items(["6h Kd 2s", "2d3d4d", "5c6c7c"], "9h* 8h1 7h2 Ks1", "C0 6h7h8h9h")
    assert got == [(0, "head", 50), (2, "head_penalty", -50)]


def test_modern_head_penalty_nobody_pays_when_the_meld_holds_no_row_card_but_the_head() -> None:
    """ปี้หัว: a head meld completed from hand (no row card but the head) costs nobody 50, even though
    seat 1 discarded last (the issue's case: an unrelated K was the last discard)."""
    # seat 0: 7h 8h Kd 2s    row: 9h* 4s1 Jd0 Ks1 (seat 1 discarded last, then seat 0 takes the head)
    got = _head_items(["7h8h Kd 2s", "2d3d4d"], "9h* 4s1 Jd0 Ks1", "C0 7h8h9h")
    assert got == [(0, "head", 50)]


def test_modern_head_penalty_never_the_collector_themself() -> None:
    """ปี้หัว: when the newest row card of the meld is the collector's own discard, nobody pays."""
    # seat 0: 6h Kd 2s    row: 9h* 8h1 7h0 Ks1; the meld's newest row card 7h is seat 0's own discard.
    got = _head_items(["6h Kd 2s", "2d3d4d"], "9h* 8h1 7h0 Ks1", "C0 6h7h8h9h")
    assert got == [(0, "head", 50)]


def test_modern_speto_knock_scores_100() -> None:
    """Speto knock: knocking with a speto face down scores 100 instead of 50."""
    # seat 0 (born, after drawing): 7h 8h 9h 5s 6s 7s Qs -> knocks with Qs face down.
    s = position(["7h8h9h 5s6s7s Qs", "2d3d"], row="Ac* 4s1", phase="play", born=[0, 1], config=MODERN)
    s = act(s, "K Qs 7h8h9h 5s6s7s")
    assert [i for i in items(s) if i[0] == 0] == [(0, "table", 30), (0, "speto_knock", 100)]


def test_modern_colour_knock_doubles_and_a_dark_colour_knock_quadruples() -> None:
    """Colour knock (น็อคสี): all the knocker's table cards of one suit: ×2; dark colour knock ×4."""
    # Born: seat 0 melds 7h 8h 9h (hearts only) and knocks with Kd.
    s = position(["7h8h9h Kd", "2d3d"], row="Ac* 4s1", phase="play", born=[0, 1], config=MODERN)
    s = act(s, "K Kd 7h8h9h")
    assert scoring.game_scores(s)[0] == (15 + 50) * 2
    # Dark, on the first turn: seat 0 (not born) collects the head 9h with 7h 8h and knocks with Kd.
    s = act(position(["7h8h Kd", "2d3d"], row="9h*", config=MODERN), "C0 7h8h9h", "K Kd")
    assert items(s) == [
        (0, "table", 15),
        (0, "knock_card", 50),
        (0, "head", 50),
        (0, "colour_knock", 115),
        (0, "dark_knock", 230),
        (1, "hand", -10),
        (1, "fall", -10),
    ]
    assert scoring.game_scores(s) == (115 * 4, -20)


def test_modern_discard_penalties_lay_off_card_and_full_row_meld() -> None:
    """Each −50 to the discarder: a card that could be laid off on a table meld (ทิ้งใบฝาก), a card that
    forms a meld with cards already in the row (ทิ้งเต็ม)."""

    # seat 0 (after drawing): 7c Jh 5h 2s    table: 8c 9c Tc (seat 1)    row: 5c* 9h1 Th0 5d1 Qc0 6c1
    def discard(text: str) -> list[tuple[int, str, int]]:
        s = position(
            ["7c Jh 5h 2s", "2d3d4d"],
            row="5c* 9h1 Th0 5d1 Qc0 6c1",
            melds="8c9cTc@1",
            phase="play",
            born=[1],
            config=MODERN,
        )
        return [(i.seat, i.code, i.points) for i in act(s, text).items]

    assert discard("X Jh") == [(0, "discard_full", -50)]  # 9h Th Jh
    assert discard("X 5h") == [(0, "discard_full", -50)]  # 5c 5d 5h
    assert discard("X 7c") == [(0, "discard_layoff", -50), (0, "discard_full", -50)]  # on 8c-Tc; 5c 6c 7c
    assert discard("X 2s") == []


def test_modern_speto_laid_off_on_another_players_meld_costs_the_owner_50() -> None:
    """โดนฝากสเปโต: a speto laid off on another player's meld costs the meld's owner 50, also in a knock."""
    # seat 0 (born, after drawing): 2c Qs 4h    table: 3c 4c 5c (seat 1), 9s Ts Js (seat 0)
    s = position(
        ["2c Qs 4h", "2d3d4d"], row="Ad* 6s1", melds="3c4c5c@1 9sTsJs@0", phase="play", born=[0, 1], config=MODERN
    )
    lay = act(s, "L 2c>0")
    assert [(i.seat, i.code, i.points) for i in lay.items] == [(1, "speto_laid_on", -50)]
    assert act(s, "L Qs>1").items == ()
    knock = act(s, "K 4h 2c>0 Qs>1")
    assert (1, "speto_laid_on", -50) in items(knock)
    assert scoring.game_scores(knock)[1] == 15 - 15 - 50


def test_modern_ngo_into_a_dark_knock_costs_100() -> None:
    """โง่ into a dark knock costs −100 instead of −50."""
    # seat 0 discarded 9h; seat 1 (not born) collects only 9h with 7h 8h and knocks with Kd.
    dark = act(position(["Ah 5c", "7h8h Kd"], row="Qc* 9h0", turn=1, born=[0], config=MODERN), "C1 7h8h9h", "K Kd")
    assert scoring.is_dark_knock(dark)
    assert (0, "ngo", -100) in items(dark)
    lit = act(position(["Ah 5c", "7h8h Kd"], row="Qc* 9h0", turn=1, born=[0, 1], config=MODERN), "C1 7h8h9h", "K Kd")
    assert not scoring.is_dark_knock(lit)
    assert (0, "ngo", -50) in items(lit)
