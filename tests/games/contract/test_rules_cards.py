"""Rules 1-11 and 31 of rules/contract-rummy.md: players, the pack, deals, contracts and melds."""

from __future__ import annotations

import pytest

from samrap.core.errors import ConfigError, IllegalActionError
from samrap.games.contract import ContractConfig, ContractGame, match
from samrap.games.contract.cards import JOKER, make_pack
from samrap.games.contract.contracts import CONTRACTS, HAND_SIZES, contract
from samrap.games.contract.melds import RUN, SET, parse_spec
from samrap.games.contract.notation import check_state
from samrap.games.contract.state import ContractState, Phase
from tests.games.contract.builders import act, legal_of, mask, position, rule_of


def test_rule_1_three_to_eight_players() -> None:
    """3-5 players (4 is the default); the page's option goes up to 8."""
    assert ContractConfig().players == 4
    for n in range(3, 9):
        s = ContractGame(ContractConfig(players=n)).new_game(seed=n)
        assert len(s.hands) == n
    for n in (2, 9):
        with pytest.raises(ConfigError) as e:
            ContractConfig(players=n)
        assert e.value.field == "players"


def test_rule_2_two_decks_and_two_jokers_or_three_and_three() -> None:
    """The pack is 2 decks + 2 jokers for 3-5 players and 3 decks + 3 jokers for 6-8 (physical ids)."""
    for n in (3, 4, 5):
        cfg = ContractConfig(players=n)
        assert (cfg.n_decks, cfg.n_jokers, cfg.pack_size) == (2, 2, 106)
    for n in (6, 7, 8):
        cfg = ContractConfig(players=n)
        assert (cfg.n_decks, cfg.n_jokers, cfg.pack_size) == (3, 3, 159)
    pack = make_pack(2, 2)
    # Two physical 9c look alike: the meld rules see one face, conservation sees two cards.
    assert pack.faces[7] == pack.faces[52 + 7] == 7
    assert pack.faces[104] == pack.faces[105] == JOKER
    assert pack.card_text(7) == "9c" and pack.card_text(59) == "9c'" and pack.card_text(105) == "*1"
    s = ContractGame().new_game(seed=3)
    check_state(s)  # every one of the 106 cards is in exactly one place


def test_rule_3_the_ace_is_high_or_low_and_runs_do_not_wrap() -> None:
    """A-2-3 and Q-K-A are runs; Q-K-A-2 is not, and no run uses the ace at both ends."""
    assert parse_spec("Ah2h3h").text() == "Ah2h3h"
    base = dict(deal=3, phase="play")
    s = position(["Ah 2h 3h Qs Ks As 9d", "Jd'", "Qd'"], **base)  # type: ignore[arg-type]
    s = act(s, "G Ah2h3h QsKsAs")
    assert [(m.kind, m.lo, m.hi) for m in s.melds] == [(RUN, 0, 2), (RUN, 11, 13)]
    s = position(["Qh Kh Ah 2h 5c6c7c 9d", "Jd'", "Qd'"], **base)  # type: ignore[arg-type]
    assert rule_of(s, "G QhKhAh2h 5c6c7c") == 3
    # A whole suit is one 13-card run with the ace high; nothing can be added to it.
    full = "2h3h4h5h6h7h8h9hThJhQhKhAh"
    s = position([full + " 5c6c7c 9d", "Jd'", "Qd'"], **base)  # type: ignore[arg-type]
    s = act(s, f"G 5c6c7c {full}")
    hearts = next(m for m in s.melds if m.key == 2)
    assert (hearts.lo, hearts.hi, hearts.ext) == (1, 13, 0)


def test_rule_4_jokers_are_wild() -> None:
    """A joker completes a set or a run."""
    s = position(["7c 7d *0 5s 6s *1 Kd", "Jd'", "Qd'"], deal=2, phase="play")
    assert "G 7c7d*7h 5s6s*7s" in legal_of(s, "G")
    assert "G 7c7d*7s *4s5s6s" in legal_of(s, "G")


def test_rule_5_seven_deals_of_ten_then_twelve_cards() -> None:
    """Deals 1-4 give 10 cards each, deals 5-7 give 12."""
    g = ContractGame()
    assert HAND_SIZES == (10, 10, 10, 10, 12, 12, 12) and match.DEALS == 7
    for deal in range(1, 8):
        s = g.new_game(seed=deal, dealer=0, deal_number=deal)
        assert [h.bit_count() for h in s.hands] == [HAND_SIZES[deal - 1]] * 4
        assert len(s.pile) == 1 and len(s.stock) == 106 - 4 * HAND_SIZES[deal - 1] - 1


def test_rule_6_dealing_and_the_first_player() -> None:
    """One card at a time from the dealer's left; the next card is the upcard; left of the dealer plays."""
    g = ContractGame(ContractConfig(players=3))
    deck = list(range(106))
    s = g.new_game(deck=deck, dealer=1)
    # Seat 2 (left of dealer 1) gets cards 0, 3, 6, ...; seat 0 gets 1, 4, ...; seat 1 gets 2, 5, ...
    assert s.hands[2] >> 0 & 1 and s.hands[0] >> 1 & 1 and s.hands[1] >> 2 & 1
    assert s.pile == (30,) and s.stock[0] == 31
    assert s.current == 2 and g.current_player(s) == 2 and s.phase is Phase.DRAW
    over = s._replace(phase=Phase.OVER)
    nxt = match.next_deal(over)
    assert nxt is not None and nxt.dealer == 2 and nxt.deal == 2


def test_rule_7_the_contracts() -> None:
    """Two sets; set + run; two runs; three sets; two sets + run; set + two runs; three runs."""
    assert CONTRACTS == ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))
    hand = "7c7d7h 9c9d9s 4s5s6s 8h 2d"
    s = position([hand, "Jd'", "Qd'"], deal=1, phase="play")
    assert legal_of(s, "G") == {"G 7c7d7h 9c9d9s"}
    assert rule_of(s, "G 7c7d7h 4s5s6s") == 13
    s = position([hand, "Jd'", "Qd'"], deal=2, phase="play")
    assert legal_of(s, "G") == {"G 7c7d7h 4s5s6s", "G 9c9d9s 4s5s6s"}
    for deal in range(1, 8):
        assert sum(contract(deal)) >= 2


def test_rule_8_a_set_is_three_or_four_of_a_rank_in_different_suits() -> None:
    """With two decks the two 7c may not share a set: the second one cannot be laid off on it."""
    s = position(["7c7c' 7d 2s 9h", "Jd'", "Qd'"], deal=1, phase="play")
    assert rule_of(s, "G 7c7c7d 9h9h9h") == 8  # a face twice: no set under set_suits=different
    s = position(["7c' *0 2d", "Jd'", "Qd'"], deal=1, phase="play", down=[0], melds=["1:7c7d7h", "1:9c9d9h"])
    assert "L 7c>0" not in legal_of(s, "L")
    assert rule_of(s, "L 7c>0") == 8
    s = act(s, "L *7s>0")
    assert s.melds[0].kind == SET and s.melds[0].size == 4
    s = position(["7s 2d", "Jd'", "Qd'"], deal=1, phase="play", down=[0], melds=["1:7c7d7h7s'", "1:9c9d9h"])
    assert rule_of(s, "L 7s>0") == 8  # a set has at most 4 cards


ANY = ContractConfig(players=3, set_suits="any")


def test_rule_8_option_any_suits_sets_repeat_suits() -> None:
    """``set_suits = any`` (pagat): a set is 3 or more cards of one rank irrespective of suit."""
    s = position(["7c7c' 7d 9h9h'9s 2s 4d", "Jd'", "Qd'"], deal=1, phase="play", config=ANY)
    gds = legal_of(s, "G")
    assert "G 7c7c7d 9h9h9s" in gds and "G 7c7c7d 9h9h9s" in {a for a in gds}
    assert all(" " in g for g in gds) and "G 7c7d7c 9s9h9h" not in gds  # listed in canonical text only
    t = act(s, "G 7c7c7d 9h9h9s")
    assert [m.size for m in t.melds] == [3, 3] and t.hands[0].bit_count() == 2
    assert ContractState.from_string(t.to_string()) == t  # a set holding a face twice round-trips
    assert rule_of(s, "G 7c7c 9h9h9s") == 8  # still 3 cards at least
    assert rule_of(s, "G 7c7c7d 9h9h9s2s") == 9  # and one rank


def test_rule_8_option_any_suits_sets_take_every_card_of_their_rank() -> None:
    """Lay-offs on a set of any suits: any card of its rank, up to every natural of two decks."""
    table = ["1:7c7d7h", "1:9c9d9h"]
    s = position(["7c' 7h' 7s 7s' *0 2d", "Jd'", "Qd'"], deal=1, phase="play", down=[0], melds=table, config=ANY)
    assert {"L 7c>0", "L 7h>0", "L 7s>0", "L *7s>0"} <= legal_of(s, "L")
    assert "L *7c>0" not in legal_of(s, "L") and rule_of(s, "L *7c>0") == 26  # a joker's suit is fixed
    t = act(s, "L 7c>0", "L 7h>0", "L 7s>0", "L 7s>0")
    assert "L *7c>0" in legal_of(t, "L")  # every suit there: a joker is written with the first
    t = act(t, "L *7c>0")
    assert t.melds[0].size == 8 and t.hands[0].bit_count() == 1
    assert rule_of(t, "E 7s>0") == 16  # a joker in a set stays dead


def test_rule_9_a_run_is_three_consecutive_cards_of_one_suit() -> None:
    """3 or more in sequence in one suit (4 with min_run=4); mixed suits are no run."""
    s = position(["5h6h7h 5c6c7c 9d 2s", "Jd'", "Qd'"], deal=3, phase="play")
    assert "G 5c6c7c 5h6h7h" in legal_of(s, "G")
    assert rule_of(s, "G 5h6h7c 5c6c7h") == 9
    cfg = ContractConfig(players=3, min_run=4)
    s = position(["5h6h7h8h 5c6c7c 9d 2s", "Jd'", "Qd'"], deal=3, phase="play", config=cfg)
    assert rule_of(s, "G 5c6c7c 5h6h7h8h") == 9
    assert legal_of(s, "G") == set()


def test_rule_10_runs_of_a_contract_are_of_different_suits() -> None:
    """Two runs of one suit do not make a two-run contract (seed default)."""
    s = position(["2h3h4h 8h9hTh Kd", "Jd'", "Qd'"], deal=3, phase="play")
    assert legal_of(s, "G") == set()
    assert rule_of(s, "G 2h3h4h 8h9hTh") == 10


def test_rule_11_a_joker_keeps_its_declared_identity() -> None:
    """The joker is written with what it stands for; in a run its place decides, and it stays."""
    s = position(["5s 6s *0 8s 7c7d7h Kd 2c", "Jd'", "Qd'"], deal=2, phase="play")
    assert "G 7c7d7h 5s6s*7s8s" in legal_of(s, "G")
    s = act(s, "G 7c7d7h 5s6s*7s8s")
    run = next(m for m in s.melds if m.kind == RUN)
    assert run.jokers == ((104, parse_spec("7s").nat.bit_length() - 1),)
    assert "*0=7s" in s.to_string()
    s = act(s, "X Kd", "D", "X Jd")  # seat 1 plays on; the joker is still 7s
    assert next(m for m in s.melds if m.kind == RUN).jokers == run.jokers


def test_rule_31_first_dealer_is_the_lowest_cut() -> None:
    """Everyone cuts, the lowest card deals (ace low); ties and jokers cut again, seeded."""
    g = ContractGame()
    dealers = [g.first_dealer(seed) for seed in range(200)]
    assert dealers == [g.first_dealer(seed) for seed in range(200)]  # deterministic
    assert set(dealers) == {0, 1, 2, 3}
    s = g.new_game(seed=11)
    assert s.dealer == g.first_dealer(11) and s.current == (s.dealer + 1) % 4


def test_mask_helper_round_trip() -> None:
    assert mask("7h 7h'") == (1 << 31) | (1 << 83)
    with pytest.raises(IllegalActionError):
        ContractGame().new_game(deck=[0] * 106)
