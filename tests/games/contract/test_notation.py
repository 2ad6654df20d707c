"""Action text, meld text, physical card tokens and position strings: parsers, writers, round trips."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from samrap.core.errors import ConfigError, InvalidNotationError
from samrap.games.contract import ContractConfig, ContractGame, ContractState, ContractView
from samrap.games.contract.actions import (
    CLAIM,
    DRAW,
    PASS,
    ContractAction,
    Discard,
    Exchange,
    GoDown,
    GoDownMeld,
    LayOff,
    Meld,
    PickUp,
    parse_action,
)
from samrap.games.contract.cards import make_pack
from samrap.games.contract.melds import Spec, parse_spec, sort_specs
from tests.games.contract.sim import deal_states

DOC = Path(__file__).resolve().parents[3] / "docs" / "notation-contract.md"

faces = st.integers(0, 51)
spec_masks = st.tuples(st.integers(1, (1 << 52) - 1), st.integers(0, (1 << 52) - 1)).map(
    lambda t: Spec(t[0], t[1] & ~t[0])
)
actions: st.SearchStrategy[ContractAction] = st.one_of(
    st.just(DRAW),
    st.just(CLAIM),
    st.just(PASS),
    st.integers(0, 200).map(PickUp),
    st.lists(spec_masks, min_size=1, max_size=3).map(lambda ms: GoDown(sort_specs(ms))),
    spec_masks.map(Meld),
    spec_masks.map(GoDownMeld),
    st.builds(LayOff, faces, st.integers(0, 60), st.booleans()),
    st.builds(Exchange, faces, st.integers(0, 60)),
    st.integers(0, 52).map(Discard),
)


@given(actions)
def test_action_text_round_trips(a: ContractAction) -> None:
    assert parse_action(a.text()) == a
    assert parse_action("  " + a.text().lower() + " ") == a


def test_action_text_examples() -> None:
    assert parse_action("P0") == PickUp(0) and PickUp(0).text() == "P" and PickUp(3).text() == "P3"
    g = parse_action("G 5s6s*7s8s 7c7d*7h")
    assert g.text() == "G 7c7d*7h 5s6s*7s8s"  # sets first
    assert parse_action("L 10h>2") == LayOff(34, 2) and parse_action("L *9h > 2") == LayOff(33, 2, True)
    assert parse_action("E 7s>0").text() == "E 7s>0" and parse_action("X *").text() == "X *"
    assert parse_spec("2h*Ah3h").text() == "*Ah2h3h"  # a run in order, the ace low here
    assert parse_spec("Qh*Ah*Kh").text() == "Qh*Kh*Ah"
    assert parse_spec("7s*7h7c").text() == "7c*7h7s"


def test_repeated_faces_text() -> None:
    """A set of any suits (rule 8's option ``set_suits = any``) repeats faces: ``more`` holds the
    repeats, the text lists each face as often as it is held, its joker after it."""
    spec = parse_spec("7h7d7h*7c")
    assert (spec.nat, spec.jok, spec.more) == (1 << 31 | 1 << 18, 1 << 5, (1 << 31,))
    assert spec.size == 4 and spec.copies(31) == 2 and spec.text() == "*7c7d7h7h"
    assert parse_spec(spec.text()) == spec
    assert parse_spec("7h*7h7h").text() == "7h7h*7h"


@pytest.mark.parametrize("bad", ["7h*7h*7h", "7h7h7h7h7h", "*", "*7", "7h*", "7", "Zh", "7x", "10"])
def test_bad_meld_text(bad: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_spec(bad)


def test_physical_card_tokens() -> None:
    pack = make_pack(3, 3)
    assert [pack.card_text(p) for p in (31, 83, 135, 156, 158)] == ["7h", "7h'", "7h''", "*0", "*2"]
    assert pack.parse_ids("7h''*2=10c") == [(135, -1), (158, 8)]
    assert pack.parse_mask(pack.mask_text(pack.full)) == pack.full
    for bad in ("7h'''", "*3", "*", "7h7h", "*0=7h"):
        with pytest.raises(InvalidNotationError):
            pack.parse_mask(bad)


@pytest.mark.parametrize(
    "config", ["contract(players=3)", "contract()", "contract(preset=liverpool,players=5)", "contract(players=7)"]
)
def test_position_and_view_strings_round_trip(config: str) -> None:
    game = ContractGame(ContractConfig.from_string(config))
    for seed in (1, 2):
        for i, s in enumerate(deal_states(config, seed)):
            if i % 7 and not game.is_terminal(s):
                continue
            text = s.to_string()
            assert ContractState.from_string(text) == s and game.state_from_string(text) == s
            assert eval(repr(s), {"ContractState": ContractState}) == s
            for seat in range(game.players):
                v = game.observe(s, seat)
                assert ContractView.from_string(v.to_string()) == v == game.view_from_string(v.to_string())


def test_position_string_errors() -> None:
    s = next(deal_states("contract(players=3)", 5))
    text = s.to_string()
    with pytest.raises(InvalidNotationError):
        ContractState.from_string(text.replace("|deal:", "|dael:"))
    with pytest.raises(InvalidNotationError):
        ContractState.from_string(text + "|extra:1")
    with pytest.raises(InvalidNotationError):
        ContractState.from_string(text.replace("|draw|", "|dance|"))
    hands = re.search(r"\|hands:([^|]*)", text)
    assert hands is not None
    first = hands.group(1).split(",")[0]
    token = re.match(r"\*\d|[2-9TJQKA][cdhs]'*", first)
    assert token is not None
    card = token.group(0)
    with pytest.raises(InvalidNotationError, match="two places"):
        ContractState.from_string(text.replace(f"|hands:{first},", f"|hands:{first},{card}", 1))
    with pytest.raises(InvalidNotationError, match="nowhere"):
        ContractState.from_string(text.replace(f"|hands:{first}", f"|hands:{first[len(card) :]}", 1))
    with pytest.raises(ConfigError):
        ContractState.from_string(text.replace("contract(players=3)", "contract(players=1)"))
    with pytest.raises(InvalidNotationError):
        ContractState.from_string(text.replace("|melds:-", "|melds:0:7c8d9h"))


def test_doc_examples() -> None:
    """Every ``position``/``view``/``action`` example line of docs/notation-contract.md parses and round trips."""
    text = DOC.read_text(encoding="utf-8")
    seen = 0
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("position contract("):
            s = ContractState.from_string(line[len("position ") :])
            assert s.to_string() == line[len("position ") :]
            seen += 1
        elif line.startswith("view contract("):
            v = ContractView.from_string(line[len("view ") :])
            assert v.to_string() == line[len("view ") :]
            seen += 1
        elif line.startswith("action "):
            body, _, _ = line[len("action ") :].partition("  ")
            assert parse_action(body).text() == body
            seen += 1
    assert seen >= 10
