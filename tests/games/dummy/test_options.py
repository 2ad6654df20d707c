"""Every DummyConfig field flips behaviour (DESIGN §7.6), with rule 40's precise option semantics, the
canonical config string and ConfigError naming the bad field."""

from __future__ import annotations

import dataclasses

import pytest

from samrap.core.cardset import from_cards, set_str
from samrap.core.errors import ConfigError
from samrap.games.dummy import rules, scoring
from samrap.games.dummy.config import CLASSIC, DummyConfig
from samrap.games.dummy.match import is_match_over, match_winners
from samrap.games.dummy.state import DummyState, Phase
from tests.games.dummy.builders import act, card, cards, items, legal, legal_of, position, rule_of

#: One non-default value per field: the fields this file flips. A new field must be added here
#: (and get a test below), or test_every_field_is_covered fails.
FLIPPED: dict[str, object] = {
    "players": 3,
    "hand_size": 5,
    "two_player_burn": True,
    "ace_low": True,
    "collect_to_layoff": True,
    "max_layoffs_per_game": 2,
    "layoff_on_layoff": False,
    "fall_on_stock_out": True,
    "target": 300,
    "ngo_penalty": 30,
    "ngo_dark_penalty": 100,
    "head_bonus": 50,
    "head_penalty": 50,
    "speto_knock": True,
    "colour_knock": True,
    "discard_layoff_penalty": 50,
    "discard_full_penalty": 50,
    "speto_layoff_penalty": 50,
}


def test_every_field_is_covered() -> None:
    assert set(FLIPPED) == {f.name for f in dataclasses.fields(DummyConfig)}


# --- the config string -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "value"), FLIPPED.items())
def test_config_string_round_trips_each_field(name: str, value: object) -> None:
    """``to_string`` writes the fields that differ from classic; ``from_string`` reads them back."""
    config = DummyConfig(**{name: value})  # type: ignore[arg-type]
    text = config.to_string()
    shown = str(value).lower()
    assert text == f"dummy({name}={shown})"
    assert DummyConfig.from_string(text) == config
    assert config != CLASSIC


def test_config_string_sorts_keys_and_omits_defaults() -> None:
    assert CLASSIC.to_string() == "dummy()"
    config = DummyConfig(players=3, ace_low=True, max_layoffs_per_game=0)
    assert config.to_string() == "dummy(ace_low=true,max_layoffs_per_game=0,players=3)"
    assert DummyConfig.from_string("dummy( players = 3 , ace_low=on,max_layoffs_per_game=0)") == config
    assert DummyConfig.from_string("dummy(max_layoffs_per_game=none)") == CLASSIC
    assert DummyConfig.from_string("dummy") == CLASSIC
    everything = DummyConfig(**FLIPPED)  # type: ignore[arg-type]
    assert DummyConfig.from_string(everything.to_string()) == everything


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("dummy(jokers=2)", "jokers"),
        ("dummy(players=x)", "players"),
        ("dummy(players=7)", "players"),
        ("dummy(players=1)", "players"),
        ("dummy(ace_low=maybe)", "ace_low"),
        ("dummy(hand_size=1)", "hand_size"),
        ("dummy(players=3,hand_size=17)", "hand_size"),
        ("dummy(two_player_burn=true,players=2,hand_size=23)", "hand_size"),
        ("dummy(max_layoffs_per_game=-1)", "max_layoffs_per_game"),
        ("dummy(target=0)", "target"),
        ("dummy(target=lots)", "target"),
        ("dummy(ngo_penalty=-50)", "ngo_penalty"),
        ("dummy(ngo_dark_penalty=-1)", "ngo_dark_penalty"),
        ("dummy(head_bonus=-50)", "head_bonus"),
        ("dummy(head_penalty=-50)", "head_penalty"),
        ("dummy(speto_knock=2)", "speto_knock"),
        ("dummy(colour_knock=yes please)", "colour_knock"),
        ("dummy(discard_layoff_penalty=-50)", "discard_layoff_penalty"),
        ("dummy(discard_full_penalty=x)", "discard_full_penalty"),
        ("dummy(speto_layoff_penalty=-50)", "speto_layoff_penalty"),
        ("dummy(fall_on_stock_out=none)", "fall_on_stock_out"),
        ("dummy(layoff_on_layoff=)", "layoff_on_layoff"),
        ("dummy(collect_to_layoff=0.5)", "collect_to_layoff"),
        ("dummy(players=3,players=4)", "players"),
        ("dummy(preset=wild)", "preset"),
        ("rummy(players=3)", "game"),
    ],
)
def test_unknown_or_invalid_fields_raise_config_error_naming_the_field(text: str, field: str) -> None:
    with pytest.raises(ConfigError) as info:
        DummyConfig.from_string(text)
    assert info.value.field == field


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"ace_low": "yes"}, "ace_low"),
        ({"players": True}, "players"),
        ({"target": 1.5}, "target"),
        ({"hand_size": "7"}, "hand_size"),
        ({"max_layoffs_per_game": False}, "max_layoffs_per_game"),
        ({"two_player_burn": 1}, "two_player_burn"),
    ],
)
def test_constructor_rejects_ill_typed_fields(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(ConfigError) as info:
        DummyConfig(**kwargs)  # type: ignore[arg-type]
    assert info.value.field == field


# --- players and hand_size ---------------------------------------------------------------------


def test_option_players_sets_seats_hand_size_and_turn_order() -> None:
    """``players``: 2-4 seats, 11/9/7 cards, play wraps from the last seat to seat 0."""
    for n, size in ((2, 11), (3, 9), (4, 7)):
        s = rules.new_game(DummyConfig(players=n), range(52), 0)
        assert len(s.hands) == n
        assert {h.bit_count() for h in s.hands} == {size}
        hands = ["2c3c", "2d3d", "2h3h", "2s3s"][:n]
        s = act(position(hands, row="Kd*", turn=n - 1, phase="play"), f"X {hands[-1][:2]}")
        assert s.current == 0


def test_option_hand_size_overrides_the_deal() -> None:
    """``hand_size``: each player gets that many cards; the stock holds the rest but the upcard."""
    s = rules.new_game(DummyConfig(players=3, hand_size=5), range(52), 0)
    assert [h.bit_count() for h in s.hands] == [5, 5, 5]
    assert s.row == (15,)
    assert s.stock_size == 52 - 15 - 1
    # 2 x 23 cards fit one deck, but not once the two-player burn sets 5 more aside (rule 40).
    assert DummyConfig(players=2, hand_size=23).cards_per_hand == 23
    with pytest.raises(ConfigError) as info:
        DummyConfig(players=2, hand_size=23, two_player_burn=True)
    assert info.value.field == "hand_size"
    # The default follows the number of players (rule 2).
    assert DummyConfig(players=3).cards_per_hand == 9


# --- rule 40: two_player_burn ------------------------------------------------------------------


def test_option_two_player_burn_the_last_5_cards_are_never_drawn() -> None:
    """``two_player_burn``: the last 5 cards of the dealt deck are out of play; the stock is empty once
    the other cards are drawn; no effect with 3-4 players."""
    s = rules.new_game(DummyConfig(players=2, two_player_burn=True), range(52), 0)
    draws = 0
    seen = from_cards(s.row) | s.hands[0] | s.hands[1]
    while s.phase is Phase.DRAW:
        before = s.hands[s.current]
        s = act(s, "D")
        drawn = s.hands[s.current] & ~before
        seen |= drawn
        draws += 1
        s = act(s, f"X {set_str(drawn)}")
    assert draws == 24
    assert s.phase is Phase.LAST_DRAW
    assert seen == from_cards(range(47))
    plain = rules.new_game(DummyConfig(players=2), range(52), 0)
    assert plain.stock_size == 29
    for n in (3, 4):
        with_burn = rules.new_game(DummyConfig(players=n, two_player_burn=True), range(52), 0)
        assert with_burn.stock_end == 52
        assert with_burn.stock_size == rules.new_game(DummyConfig(players=n), range(52), 0).stock_size


# --- rule 40: ace_low --------------------------------------------------------------------------


def test_option_ace_low_allows_a_2_3_but_never_both_ends() -> None:
    """``ace_low``: A-2-3 or Q-K-A, never both ends in one run (no K-A-2); an ace is worth 15 either way."""
    # seat 0 (born, after drawing): Ah 2h 3h Kh Qh 9d
    hand = "Ah2h3h KhQh 9d"
    off = position([hand, "2d3d4d"], row="Jd* 6s1", phase="play", born=[0])
    on = position([hand, "2d3d4d"], row="Jd* 6s1", phase="play", born=[0], config=DummyConfig(ace_low=True))
    assert legal_of(off, "M") == {"M QhKhAh"}
    assert legal_of(on, "M") == {"M QhKhAh", "M 2h3hAh"}
    assert rule_of(off, "M 2h3hAh") == 10
    assert rule_of(on, "M 2h3hKhAh") == 10
    assert rule_of(on, "M 2h3hQhKhAh") == 10
    # Collects: Ah in the row melds with 2h 3h only with ace_low, also with 2h taken after it.
    # seat 0: 2h 3h 9d 5c  /  3h 9d 5c      row: Jd* Ah1  /  Jd* Ah0 2h1
    for config, expected in ((CLASSIC, {"D"}), (DummyConfig(ace_low=True), {"D", "C1 2h3hAh"})):
        assert legal(position(["2h3h 9d 5c", "6d7d8d"], row="Jd* Ah1", config=config)) == expected
        assert legal(position(["3h 9d 5c", "6d7d8d"], row="Jd* Ah0 2h1", config=config)) == expected
    # Lay-offs: Ah goes below 2h 3h 4h only with ace_low.
    cfg = DummyConfig(ace_low=True)
    for config, expected in ((CLASSIC, set()), (cfg, {"L Ah>0"})):
        s = position(["Ah 9d 5c", "6d7d8d"], row="Jd* 6s1", melds="2h3h4h@1", phase="play", born=[0, 1], config=config)
        assert legal_of(s, "L") == expected
    s = act(s, "L Ah>0")
    assert s.melds[0] == cards("Ah2h3h4h")
    # 2s goes below 3s 4s 5s, never above Q K A; Js below Q K A.
    s = position(
        ["Ah Kh 2s 9d Js 5c", "6d7d8d"],
        row="Jd* 6s1",
        melds="2c3c4c@1 3s4s5s@1 QsKsAs@1",
        phase="play",
        born=[0, 1],
        config=cfg,
    )
    assert legal_of(s, "L") == {"L 5c>0", "L 2s>1", "L Js>2"}
    assert rule_of(s, "L 2s>2") == 17
    # On an ace-low run, K cannot be laid off above the ace.
    s = position(["Kh 9d 5h", "6d7d8d"], row="Jd* 6s1", melds="Ah2h3h4h@1", phase="play", born=[0, 1], config=cfg)
    assert legal_of(s, "L") == {"L 5h>0"}
    assert rule_of(s, "L Kh>0") == 17
    # An ace counts 15 when played low.
    s = position(["Ah2h3h Kd", "2d3d"], row="Jd* 6s1", phase="play", born=[0, 1], config=cfg)
    s = act(s, "K Kd 2h3hAh")
    assert items(s)[0] == (0, "table", 15 + 5 + 5)


# --- rule 40: collect_to_layoff ----------------------------------------------------------------


def _collect_to_layoff_position(config: DummyConfig) -> DummyState:
    # seat 0 (not born): 5h 6s 3d      row: 2d* 9c1 4s1      table: Tc Jc Qc (seat 1)
    return position(["5h 6s 3d", "7d8d Ks"], row="2d* 9c1 4s1", melds="TcJcQc@1", born=[1], config=config)


def test_option_collect_to_layoff_target_alone_goes_on_a_table_meld() -> None:
    """``collect_to_layoff``: the target alone goes on a table meld, needs no hand card, makes the player
    born and counts as a lay-off; the other taken cards go to hand."""
    off = _collect_to_layoff_position(CLASSIC)
    assert legal(off) == {"D"}
    assert rule_of(off, "C1 >0") == 12
    on = _collect_to_layoff_position(DummyConfig(collect_to_layoff=True))
    assert legal(on) == {"D", "C1 >0"}
    s = act(on, "C1 >0")
    assert s.is_born(0)
    assert s.melds[0] == cards("9cTcJcQc")
    assert s.meld_owner == (1,)
    assert s.put_down == (cards("9c"), cards("TcJcQc"))
    assert s.layoffs == (1, 0)
    assert s.hands[0] == cards("5h 6s 3d 4s")
    assert s.row == (card("2d"),)
    assert s.phase is Phase.PLAY
    # It counts as a lay-off: with no lay-offs allowed it is not offered.
    none = _collect_to_layoff_position(DummyConfig(collect_to_layoff=True, max_layoffs_per_game=0))
    assert legal(none) == {"D"}
    assert rule_of(none, "C1 >0") == 17


# --- rule 40: max_layoffs_per_game -------------------------------------------------------------


def test_option_max_layoffs_per_game_counts_each_players_lay_offs_knocks_included() -> None:
    """``max_layoffs_per_game``: each player's lay-offs in a game, those inside a knock included."""
    unlimited = position(
        ["7c Qc 2s", "2d3d4d"], row="Ad* 6s1", melds="8c9cTcJc@1", phase="play", born=[0, 1], layoffs=(9, 0)
    )
    assert legal_of(unlimited, "L") == {"L 7c>0", "L Qc>0"}
    cfg = DummyConfig(max_layoffs_per_game=2)

    def at(hand: str, used: tuple[int, int]) -> DummyState:
        return position(
            [hand, "2d3d4d"], row="Ad* 6s1", melds="8c9cTcJc@1", phase="play", born=[0, 1], layoffs=used, config=cfg
        )

    full = at("7c Qc 2s", (2, 0))
    assert legal(full) == {"X 7c", "X Qc", "X 2s"}
    assert rule_of(full, "L 7c>0") == 17
    assert rule_of(full, "K 2s 7c>0 Qc>0") == 17
    one_left = at("7c Qc 2s", (1, 0))
    assert legal_of(one_left, "L") == {"L 7c>0", "L Qc>0"}
    assert legal_of(one_left, "K") == set()
    assert rule_of(one_left, "K 2s 7c>0 Qc>0") == 17
    assert legal_of(at("7c 2s", (1, 0)), "K") == {"K 2s 7c>0"}
    # Lay-offs inside a knock count.
    s = act(at("7c Qc 2s", (0, 0)), "K 2s 7c>0 Qc>0")
    assert s.layoffs == (2, 0)
    # The limit is per player: seat 1 has laid off nothing yet.
    other = position(
        ["2d3d4d", "7c Qc 2s"],
        row="Ad* 6s0",
        melds="8c9cTcJc@0",
        phase="play",
        turn=1,
        born=[0, 1],
        layoffs=(2, 0),
        config=cfg,
    )
    assert legal_of(other, "L") == {"L 7c>0", "L Qc>0"}


# --- rule 40: layoff_on_layoff -----------------------------------------------------------------


def test_option_layoff_on_layoff_off_lay_offs_must_touch_the_owners_cards() -> None:
    """``layoff_on_layoff`` off: a lay-off must touch a card the meld's owner put down (a set's 4th card
    always may). On (default): a laid-off card extends the meld for everyone (rule 17)."""

    # table: 7c 8c 9c Tc Jc (seat 0 put 8c..Jc, seat 1 laid off 7c), 5d 5h 5s (seat 0, 5s laid off by
    # seat 1).  seat 2 (born, after drawing): 6c Qc 5c 2s 3s
    def at(config: DummyConfig) -> DummyState:
        return position(
            ["2d3d4d", "9h Th", "6c Qc 5c 2s 3s"],
            row="Ad* 6s1",
            melds="7c8c9cTcJc@0 5d5h5s@0",
            put={1: "7c 5s"},
            phase="play",
            turn=2,
            born=[0, 1, 2],
            config=config,
        )

    assert legal_of(at(CLASSIC), "L") == {"L 6c>0", "L Qc>0", "L 5c>1"}
    off = at(DummyConfig(layoff_on_layoff=False))
    assert legal_of(off, "L") == {"L Qc>0", "L 5c>1"}
    assert rule_of(off, "L 6c>0") == 40
    # Nor may the player who laid off 7c extend its own lay-off: seat 1 (after drawing) holds 6c.
    s = position(
        ["2d3d4d", "6c 9h Th", "Qc 2s 3s"],
        row="Ad* 6s0",
        melds="7c8c9cTcJc@0",
        put={1: "7c"},
        phase="play",
        turn=1,
        born=[0, 1, 2],
        config=DummyConfig(layoff_on_layoff=False),
    )
    assert legal_of(s, "L") == set()
    assert rule_of(s, "L 6c>0") == 40


def _own_meld_with_anothers_layoff(config: DummyConfig) -> DummyState:
    # seat 0 owns Jh Qh Kh Ah, whose Jh seat 1 laid off; seat 0 (born, after drawing) holds 9h Th Jd.
    return position(
        ["9h Th Jd", "2c 3c", "5s 6s"],
        row="Ad* 6d1",
        melds="JhQhKhAh@0",
        put={1: "Jh"},
        phase="play",
        turn=0,
        born=[0, 1, 2],
        config=config,
    )


@pytest.mark.parametrize("knock", ["K Jd 9h>0 Th>0", "K Jd Th>0 9h>0"])
def test_option_layoff_on_layoff_off_binds_a_knocks_lay_offs_in_either_order(knock: str) -> None:
    """Rule 40 inside a knock (rule 19): the owner may not lay ``Th`` on their ``Jh Qh Kh Ah`` whose
    ``Jh`` another player laid off, one by one or inside a knock, whichever order the knock lists
    its lay-offs in: ``9h`` and ``Th`` may not vouch for each other."""
    off = _own_meld_with_anothers_layoff(DummyConfig(layoff_on_layoff=False))
    assert legal_of(off, "L") == set()
    assert rule_of(off, "L Th>0") == 40
    assert legal_of(off, "K") == set()
    assert rule_of(off, knock) == 40
    # On (default), and when the owner put the Jh down themself, the same knock is legal.
    assert legal_of(_own_meld_with_anothers_layoff(CLASSIC), "K") == {"K Jd 9h>0 Th>0"}
    own = position(
        ["9h Th Jd", "2c 3c", "5s 6s"],
        row="Ad* 6d1",
        melds="JhQhKhAh@0",
        phase="play",
        turn=0,
        born=[0, 1, 2],
        config=DummyConfig(layoff_on_layoff=False),
    )
    assert legal_of(own, "K") == {"K Jd 9h>0 Th>0"}
    assert act(own, knock) == act(own, "K Jd 9h>0 Th>0")


# --- fall_on_stock_out -------------------------------------------------------------------------


def test_option_fall_on_stock_out_applies_fall_with_no_knock() -> None:
    """``fall_on_stock_out``: ตกตึก also when the game ends with no knock."""

    def ended(config: DummyConfig) -> DummyState:
        # seat 0 draws the last card Kd and discards it; seat 1 (not born, holds Ah 2c) passes.
        s = position(["4c 9h", "Ah 2c"], row="Ac* 4s1", stock="Kd", rest_in_stock=False, born=[0], config=config)
        return act(s, "D", "X Kd", "-")

    assert [i for i in items(ended(CLASSIC)) if i[0] == 1] == [(1, "hand", -65)]
    assert [i for i in items(ended(DummyConfig(fall_on_stock_out=True))) if i[0] == 1] == [
        (1, "hand", -65),
        (1, "fall", -65),
    ]
    assert [i for i in items(ended(DummyConfig(fall_on_stock_out=True))) if i[0] == 0] == [(0, "hand", -10)]


# --- target ------------------------------------------------------------------------------------


def test_option_target_sets_the_match_points() -> None:
    """``target``: the points that end the match."""
    assert not is_match_over(CLASSIC, (450, 300))
    assert is_match_over(DummyConfig(target=400), (450, 300))
    assert match_winners(DummyConfig(target=300), (450, 300)) == (0,)


# --- ngo_penalty / ngo_dark_penalty ------------------------------------------------------------


def _ngo(config: DummyConfig, born: tuple[int, ...]) -> DummyState:
    # seat 0 discarded 9h; seat 1 collects only 9h with 7h 8h and knocks with Kd.
    s = position(["Ah 5c", "7h8h Kd"], row="Qc* 9h0", turn=1, born=born, config=config)
    return act(s, "C1 7h8h9h", "K Kd")


def test_option_ngo_penalty() -> None:
    """``ngo_penalty``: what the discarder loses for a โง่ (classic 50)."""
    assert (0, "ngo", -50) in items(_ngo(CLASSIC, (0, 1)))
    assert (0, "ngo", -30) in items(_ngo(DummyConfig(ngo_penalty=30), (0, 1)))


def test_option_ngo_dark_penalty() -> None:
    """``ngo_dark_penalty``: the โง่ penalty when the knock is dark; a knock that is not dark keeps
    ``ngo_penalty``."""
    cfg = DummyConfig(ngo_dark_penalty=100)
    assert (0, "ngo", -50) in items(_ngo(CLASSIC, (0,)))  # dark, classic
    assert (0, "ngo", -100) in items(_ngo(cfg, (0,)))  # dark
    assert (0, "ngo", -50) in items(_ngo(cfg, (0, 1)))  # not dark


# --- head_bonus / head_penalty -----------------------------------------------------------------


def test_option_head_bonus_for_melding_the_first_upcard() -> None:
    """``head_bonus``: the player who melds the head (first upcard) scores it extra, doubled for a speto."""
    s = act(position(["7h8h Kd 4s", "2d3d4d"], row="9h*"), "C0 7h8h9h")
    assert s.items == ()
    cfg = DummyConfig(head_bonus=50)
    s = act(position(["7h8h Kd 4s", "2d3d4d"], row="9h*", config=cfg), "C0 7h8h9h")
    assert [(i.seat, i.code, i.points) for i in s.items] == [(0, "head", 50)]
    s = act(position(["3c4c Kd 4s", "2d3d4d"], row="2c*", config=cfg), "C0 2c3c4c")
    assert [(i.seat, i.code, i.points) for i in s.items] == [(0, "head", 100)]
    # Not the head: a later card.
    s = act(position(["7h8h Kd 4s", "2d3d4d"], row="Qc* 9h1", config=cfg), "C1 7h8h9h")
    assert s.items == ()


def test_option_head_penalty_for_the_discard_that_fed_the_head() -> None:
    """``head_penalty`` (ปี้หัว): the discarder of the newest row card in the head's meld loses it."""
    row = "9h* 8h1 Jd0 Ks1"
    s = act(position(["7h Kd 2s 4c", "2d3d4d"], row=row), "C0 7h8h9h")
    assert s.items == ()
    cfg = DummyConfig(head_penalty=50)
    s = act(position(["7h Kd 2s 4c", "2d3d4d"], row=row, config=cfg), "C0 7h8h9h")
    assert [(i.seat, i.code, i.points) for i in s.items] == [(1, "head_penalty", -50)]
    # On the first turn nobody discarded yet: no penalty.
    s = act(position(["7h8h Kd 2s", "2d3d4d"], row="9h*", config=cfg), "C0 7h8h9h")
    assert s.items == ()


# --- speto_knock / colour_knock ----------------------------------------------------------------


def _knock_with(face: str, config: DummyConfig, born: tuple[int, ...] = (0, 1), hand: str = "7h8h9h") -> DummyState:
    s = position([f"{hand} {face}", "2d3d"], row="Ac* 4s1", phase="play", born=born, config=config)
    return act(s, f"K {face} {hand}")


def test_option_speto_knock_scores_100() -> None:
    """``speto_knock``: knocking with a speto face down scores 100 instead of 50."""
    assert (0, "knock_card", 50) in items(_knock_with("Qs", CLASSIC))
    assert (0, "speto_knock", 100) in items(_knock_with("Qs", DummyConfig(speto_knock=True)))
    assert (0, "speto_knock", 100) in items(_knock_with("2c", DummyConfig(speto_knock=True)))
    assert (0, "knock_card", 50) in items(_knock_with("Kd", DummyConfig(speto_knock=True)))


def test_option_colour_knock_doubles_a_one_suit_table() -> None:
    """``colour_knock`` (น็อคสี): all the knocker's table cards of one suit doubles the score."""
    assert scoring.game_scores(_knock_with("Kd", CLASSIC))[0] == 15 + 50
    colour = DummyConfig(colour_knock=True)
    s = _knock_with("Kd", colour)
    assert [i for i in items(s) if i[0] == 0] == [(0, "table", 15), (0, "knock_card", 50), (0, "colour_knock", 65)]
    assert scoring.game_scores(s)[0] == 130
    # Two suits on the table: no colour knock.
    s = _knock_with("Kd", colour, hand="7h8h9h 5s6s7s")
    assert "colour_knock" not in {code for _, code, _ in items(s)}


# --- discard penalties and speto lay-offs ------------------------------------------------------


def test_option_discard_layoff_penalty() -> None:
    """``discard_layoff_penalty`` (ทิ้งใบฝาก): discarding a card that could be laid off on a table meld."""

    def discard(config: DummyConfig, text: str) -> DummyState:
        s = position(["7c 2s 3h", "2d3d4d"], row="Ad* 6s1", melds="8c9cTcJc@1", phase="play", config=config)
        return act(s, text)

    assert discard(CLASSIC, "X 7c").items == ()
    cfg = DummyConfig(discard_layoff_penalty=50)
    assert [(i.seat, i.code, i.points) for i in discard(cfg, "X 7c").items] == [(0, "discard_layoff", -50)]
    assert discard(cfg, "X 2s").items == ()


def test_option_discard_layoff_penalty_only_for_cards_that_could_be_laid_off() -> None:
    """ทิ้งใบฝาก is for a card that *could* be laid off: with ``layoff_on_layoff`` off, a card that only
    touches another player's lay-off could not, so discarding it costs nothing."""
    # table: 7c 8c 9c Tc Jc (seat 0 put 8c..Jc, seat 1 laid off 7c)
    # seat 2 (after drawing): 6c Qc 2s
    cfg = DummyConfig(discard_layoff_penalty=50, layoff_on_layoff=False)

    def discard(text: str) -> list[tuple[int, str, int]]:
        s = position(
            ["2d3d4d", "9h Th", "6c Qc 2s"],
            row="Ad* 6s1",
            melds="7c8c9cTcJc@0",
            put={1: "7c"},
            phase="play",
            turn=2,
            born=[0, 1, 2],
            config=cfg,
        )
        return [(i.seat, i.code, i.points) for i in act(s, text).items]

    assert discard("X Qc") == [(2, "discard_layoff", -50)]
    assert discard("X 6c") == []


def test_option_discard_full_penalty() -> None:
    """``discard_full_penalty`` (ทิ้งเต็ม): discarding a card that forms a meld with cards in the row."""

    def discard(config: DummyConfig, text: str) -> DummyState:
        s = position(["Jh 5h Jd 2s", "2d3d4d"], row="5c* 9h1 Th0 5d1", phase="play", config=config)
        return act(s, text)

    assert discard(CLASSIC, "X Jh").items == ()
    cfg = DummyConfig(discard_full_penalty=50)
    assert [(i.seat, i.code, i.points) for i in discard(cfg, "X Jh").items] == [(0, "discard_full", -50)]
    assert [(i.seat, i.code, i.points) for i in discard(cfg, "X 5h").items] == [(0, "discard_full", -50)]
    assert discard(cfg, "X Jd").items == ()


def test_option_speto_layoff_penalty() -> None:
    """``speto_layoff_penalty`` (โดนฝากสเปโต): a meld's owner loses it when another player lays a speto on it."""

    def lay(config: DummyConfig, text: str) -> DummyState:
        s = position(
            ["2c Qs 2s 3h", "2d3d4d"],
            row="Ad* 6s1",
            melds="3c4c5c@1 9sTsJs@0",
            phase="play",
            born=[0, 1],
            config=config,
        )
        return act(s, text)

    assert lay(CLASSIC, "L 2c>0").items == ()
    cfg = DummyConfig(speto_layoff_penalty=50)
    assert [(i.seat, i.code, i.points) for i in lay(cfg, "L 2c>0").items] == [(1, "speto_laid_on", -50)]
    assert lay(cfg, "L Qs>1").items == ()  # own meld
