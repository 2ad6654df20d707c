"""Every ContractConfig field: its canonical string, its validation, and a test that flips it.

Fields flipped in the rule tests too: min_run (rule 9), same_suit_runs (27), pickup (12),
contract_exact (22), deal7_discard (17), max_reshuffles (28), buying (test_rules_errors).
"""

from __future__ import annotations

import dataclasses

import pytest

from samrap.core.errors import ConfigError
from samrap.games.contract import LIVERPOOL, PAGAT, PRESETS, SEED, ContractConfig, ContractGame, preset
from samrap.games.contract.state import Phase
from tests.games.contract.builders import act, legal_of, position, rule_of


def test_canonical_strings() -> None:
    assert SEED.to_string() == "contract()" and str(SEED) == "contract()"
    cfg = ContractConfig(players=5, min_run=4)
    assert cfg.to_string() == "contract(min_run=4,players=5)"
    assert ContractConfig.from_string("contract( players = 5 , min_run=4 )") == cfg
    assert PAGAT.to_string() == (
        "contract(contract_exact=true,joker_rule=players_minus_one,min_run=4,pickup=top,set_suits=any,ten_card_deals=3)"
    )
    assert (PAGAT.ten_card_deals, PAGAT.set_suits) == (LIVERPOOL.ten_card_deals, LIVERPOOL.set_suits) == (3, "any")
    assert ContractConfig.from_string("contract(preset=liverpool)") == LIVERPOOL
    assert ContractConfig.from_string("contract(preset=pagat,players=5)").n_jokers == 4
    assert set(PRESETS) == {"seed", "pagat", "liverpool"} and preset("Pagat") == PAGAT
    for cfg in (SEED, PAGAT, LIVERPOOL, ContractConfig(players=8, decks=4, jokers=0)):
        assert ContractConfig.from_string(cfg.to_string()) == cfg


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("contract(colour=true)", "colour"),
        ("contract(players=2)", "players"),
        ("contract(players=9)", "players"),
        ("contract(players=x)", "players"),
        ("contract(decks=0)", "decks"),
        ("contract(decks=5)", "decks"),
        ("contract(jokers=11)", "jokers"),
        ("contract(jokers=-1)", "jokers"),
        ("contract(joker_rule=many)", "joker_rule"),
        ("contract(min_run=5)", "min_run"),
        ("contract(ten_card_deals=5)", "ten_card_deals"),
        ("contract(ten_card_deals=x)", "ten_card_deals"),
        ("contract(set_suits=same)", "set_suits"),
        ("contract(same_suit_runs=sometimes)", "same_suit_runs"),
        ("contract(pickup=bottom)", "pickup"),
        ("contract(contract_exact=maybe)", "contract_exact"),
        ("contract(melds_after_down=2)", "melds_after_down"),
        ("contract(deal7_discard=yes please)", "deal7_discard"),
        ("contract(max_reshuffles=-1)", "max_reshuffles"),
        ("contract(buying=sure)", "buying"),
        ("contract(max_buys=-2)", "max_buys"),
        ("contract(max_turns=0)", "max_turns"),
        ("contract(players=8,decks=1)", "decks"),
        ("contract(preset=gin)", "preset"),
        ("dummy(players=3)", "game"),
        ("contract(players=3,players=4)", "players"),
    ],
)
def test_bad_config_names_the_field(text: str, field: str) -> None:
    with pytest.raises(ConfigError) as e:
        ContractConfig.from_string(text)
    assert e.value.field == field


def test_bad_config_values_in_code() -> None:
    with pytest.raises(ConfigError) as e:
        ContractConfig(players=True)
    assert e.value.field == "players"
    with pytest.raises(ConfigError) as e:
        ContractConfig(pickup="TOP")
    assert e.value.field == "pickup"


def test_option_players() -> None:
    for n in (3, 8):
        s = ContractGame(ContractConfig(players=n)).new_game(seed=1)
        assert len(s.hands) == n and len(s.buys) == n


def test_option_decks() -> None:
    cfg = ContractConfig(players=4, decks=3)
    assert (cfg.n_decks, cfg.n_jokers, cfg.pack_size) == (3, 3, 159)
    s = ContractGame(cfg).new_game(seed=2)
    assert len(s.stock) == 159 - 40 - 1
    one = ContractConfig(players=3, decks=1)
    assert one.pack_size == 53 and "'" not in ContractGame(one).new_game(seed=1).to_string().split("|", 1)[1]


def test_option_jokers() -> None:
    for k in (0, 4):
        cfg = ContractConfig(jokers=k)
        assert cfg.n_jokers == k and cfg.pack_size == 104 + k
        assert cfg.pack.jokers_mask.bit_count() == k


def test_option_joker_rule() -> None:
    for n in (3, 4, 5):
        assert ContractConfig(players=n, joker_rule="players_minus_one").n_jokers == n - 1
    assert ContractConfig(players=5, joker_rule="players_minus_one", jokers=1).n_jokers == 1


def test_option_ten_card_deals() -> None:
    """Rule 5: the seed deals 10 cards in deals 1-4 and 12 in 5-7; ``ten_card_deals=3`` (pagat)
    deals 12 from deal 4 on."""
    for k, sizes in ((4, [10, 10, 10, 10, 12, 12, 12]), (3, [10, 10, 10, 12, 12, 12, 12])):
        cfg = ContractConfig(ten_card_deals=k)
        assert [cfg.hand_size(d) for d in range(1, 8)] == sizes
        game = ContractGame(cfg)
        dealt = [game.new_game(seed=d, deal_number=d).hands[0].bit_count() for d in range(1, 8)]
        assert dealt == sizes


def test_option_melds_after_down() -> None:
    """Off (rule 14): no new melds after going down. On: new melds, also on the turn of going down."""
    hand = "2c2d2s 9h Kd"
    table = ["0:5c5d5h", "0:7c7d7h"]
    s = position([hand, "Jd'", "Qd'"], deal=1, phase="play", down=[0], melds=table)
    assert legal_of(s, "M") == set() and rule_of(s, "M 2c2d2s") == 14
    cfg = ContractConfig(players=3, melds_after_down=True)
    s = position([hand, "Jd'", "Qd'"], deal=1, phase="play", down=[0], melds=table, config=cfg)
    assert legal_of(s, "M") == {"M 2c2d2s"}
    t = act(s, "M 2c2d2s")
    assert t.melds[-1].owner == 0 and t.hands[0].bit_count() == 2
    s = position(["4c4d4h 6s6d6h 2c2d2s Kd", "Jd'", "Qd'"], deal=1, phase="play", config=cfg)
    assert rule_of(s, "M 2c2d2s") == 13  # the contract comes first
    t = act(s, "G 4c4d4h 6d6h6s", "M 2c2d2s")
    assert len(t.melds) == 3


def test_option_max_buys() -> None:
    cfg = dataclasses.replace(LIVERPOOL, players=3, max_buys=1)
    s = position(["2c 5d 9s", "9h 4s 8c", "Kd 7c 3d"], pile="Qh", stock="Ah 6d", config=cfg, buys=[0, 1, 0])
    assert act(s, "D").claimer == 2
    cfg0 = dataclasses.replace(cfg, max_buys=0)
    s = position(["2c 5d 9s", "9h 4s 8c", "Kd 7c 3d"], pile="Qh", stock="Ah 6d", config=cfg0)
    assert act(s, "D").phase is Phase.PLAY


def test_option_max_turns() -> None:
    """The safety cap on a deal's turns: the deal ends like an exhausted stock, nobody out."""
    cfg = ContractConfig(players=3, max_turns=2)
    s = position(["2c 5d", "9h 4s", "Kd 7c"], pile="3h", config=cfg)
    t = act(s, "D", "X 5d")
    assert t.phase is Phase.DRAW and t.turns == 1
    t = act(t, "D", "X 4s")
    assert t.phase is Phase.OVER and t.out == -1 and t.turns == 2
    g = ContractGame(cfg)
    assert g.max_game_length == 2 * (3 + 1) + 2 * 106
