"""Action text and position strings of Thai Dummy (DESIGN §7.7, §7.9.5).

- ``parse_action(a.text()) == a`` for every legal action of many random states, for other
  spellings of the same text, and for Hypothesis-generated actions;
- ``DummyState.from_string(s.to_string()) == s`` (and ``repr``) for random states, views likewise;
- malformed input (Hypothesis text, and near misses made by mutating valid strings) raises
  ``InvalidNotationError`` and never another exception.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from samrap.core.cards import card_pretty, parse_card
from samrap.core.cardset import FULL_DECK
from samrap.core.errors import InvalidNotationError
from samrap.games.dummy import DummyConfig, DummyGame, DummyState
from samrap.games.dummy.actions import (
    Collect,
    Discard,
    Draw,
    DummyAction,
    Knock,
    LayOff,
    Meld,
    Pass,
    parse_action,
)
from samrap.games.dummy.notation import view_from_string, view_to_string
from samrap.games.dummy.observe import observe

SETTINGS = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

CONFIGS = [
    "dummy(players=2)",
    "dummy(players=3,ace_low=true,collect_to_layoff=true)",
    "dummy(preset=modern,players=4)",
    "dummy(players=2,two_player_burn=true,layoff_on_layoff=false,max_layoffs_per_game=2)",
]


def game_states(cfg: str, seed: int) -> Iterator[DummyState]:
    game = DummyGame(DummyConfig.from_string(cfg))
    rng = random.Random(seed)
    s = game.new_game(seed=seed)
    while True:
        yield s
        legal = game.legal_actions(s)
        if not legal:
            return
        eager = [a for a in legal if isinstance(a, Collect | Knock | Meld | LayOff)]
        s = game.apply_unchecked(s, rng.choice(eager if eager and rng.random() < 0.6 else legal))


STATES = [s for cfg in CONFIGS for seed in range(3) for s in game_states(cfg, seed)]
POSITIONS = [s.to_string() for s in STATES]

# ---------------------------------------------------------------------------------------------
# Action text

_CARD_RE = re.compile(r"([2-9TJQKA])([cdhs])")


def respellings(text: str) -> list[str]:
    """Other accepted spellings of an action text: case, spacing, pretty cards (``10♥``)."""
    pretty = _CARD_RE.sub(lambda m: card_pretty(parse_card(m.group(0))), text)
    return [text.lower(), text.upper(), "  " + text.replace(" ", "   ") + " ", pretty]


def test_legal_actions_round_trip() -> None:
    n = 0
    kinds: set[type] = set()
    for s in STATES:
        for a in DummyGame(s.config).legal_actions(s):
            text = a.text()
            assert parse_action(text) == a, text
            for other in respellings(text):
                assert parse_action(other) == a, other
            kinds.add(type(a))
            n += 1
    assert kinds == {Draw, Collect, Meld, LayOff, Discard, Knock, Pass}
    assert n > 3000


def test_examples() -> None:
    h = parse_card
    assert parse_action("D") == Draw() and parse_action("-") == Pass() and parse_action("pass") == Pass()
    assert parse_action("C3 7h8h9h") == Collect(3, 1 << h("7h") | 1 << h("8h") | 1 << h("9h"))
    assert parse_action("c3  7h 8h 9h") == parse_action("C3 7♥8♥9♥")
    assert parse_action("C3 >2") == Collect(3, 0, 2)
    assert parse_action("L 5h>2") == parse_action("l 5h > 2") == LayOff(h("5h"), 2)
    assert parse_action("X 10s") == parse_action("x Ts") == Discard(h("Ts"))
    k = parse_action("K Qs 7h8h9h 5c>2")
    assert k == Knock(h("Qs"), (1 << h("7h") | 1 << h("8h") | 1 << h("9h"),), ((h("5c"), 2),))
    assert k.text() == "K Qs 7h8h9h 5c>2"


cards = st.integers(0, 51)
masks = st.integers(0, FULL_DECK)
indices = st.integers(0, 60)

actions: st.SearchStrategy[DummyAction] = st.one_of(
    st.just(Draw()),
    st.just(Pass()),
    st.builds(Collect, indices, masks),
    st.builds(lambda i, o: Collect(i, 0, o), indices, indices),
    st.builds(Meld, masks),
    st.builds(LayOff, cards, indices),
    st.builds(Discard, cards),
    st.builds(
        Knock,
        cards,
        st.lists(masks, max_size=4).map(tuple),
        st.lists(st.tuples(cards, indices), max_size=4).map(tuple),
    ),
)


@SETTINGS
@given(actions)
def test_generated_actions_round_trip(a: DummyAction) -> None:
    assert parse_action(a.text()) == a
    for other in respellings(a.text()):
        assert parse_action(other) == a


def _parse_or_none(text: str) -> DummyAction | None:
    try:
        return parse_action(text)
    except InvalidNotationError:
        return None


@SETTINGS
@given(st.text(max_size=30) | st.text(alphabet="CDMLXKPcdmlxk->0123456789 TJQKAhs♣♥²٣,", max_size=24))
def test_fuzz_parse_action(text: str) -> None:
    a = _parse_or_none(text)
    if a is not None:
        assert parse_action(a.text()) == a


@SETTINGS
@given(actions, st.integers(0, 2**32))
def test_fuzz_mutated_action_text(a: DummyAction, seed: int) -> None:
    text = a.text()
    rng = random.Random(seed)
    for _ in range(4):
        i = rng.randrange(len(text) + 1)
        j = rng.randrange(i, min(len(text), i + 3) + 1)
        junk = "".join(rng.choice("CDMLXK->0123456789 cdhsTQ²x") for _ in range(rng.randrange(3)))
        b = _parse_or_none(text[:i] + junk + text[j:])
        if b is not None:
            assert parse_action(b.text()) == b


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "D 7c",
        "Z",
        "C",
        "C 7h8h9h",
        "Cx 7h8h9h",
        "C3",
        "C3 >",
        "C3 >x",
        "C-1 7h8h9h",
        "C² 7h8h9h",
        "C٣ 7h8h9h",
        "M",
        "M 7h7h",
        "M 7h8",
        "L 5h",
        "L 5h>",
        "L 5h>-1",
        "L >2",
        "X",
        "X 7c 8c",
        "X 1c",
        "K",
        "K 7c 8x",
        "K 7c >2",
        "K 7c 5h>٣",
        "C" + "1" * 5000 + " 7h8h9h",
    ],
)
def test_malformed_actions(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_action(text)


# ---------------------------------------------------------------------------------------------
# Position strings


def test_positions_round_trip() -> None:
    for s, text in zip(STATES, POSITIONS, strict=True):
        assert "\n" not in text
        back = DummyState.from_string(text)
        assert back == s and back.to_string() == text
        assert DummyGame(s.config).state_from_string(text) == s
        assert eval(repr(s), {"DummyState": DummyState}) == s


def test_views_round_trip() -> None:
    for s in STATES[::3]:
        for p in range(s.players):
            v = observe(s, p)
            assert view_from_string(view_to_string(v)) == v


def _from_string_or_none(text: str) -> DummyState | None:
    try:
        return DummyState.from_string(text)
    except InvalidNotationError:
        return None


@SETTINGS
@given(st.text(max_size=80))
def test_fuzz_position_text(text: str) -> None:
    s = _from_string_or_none(text)
    if s is not None:
        assert DummyState.from_string(s.to_string()) == s


def mutate(text: str, rng: random.Random) -> str:
    """A near miss of a valid position string: edit a field, drop or repeat a card, splice junk."""
    fields = text.split("|")
    k = rng.randrange(len(fields))
    f = fields[k]
    key, sep, value = f.partition(":")
    choice = rng.randrange(7)
    if choice == 0:  # junk in a field's value
        junk = "".join(rng.choice("0123456789-+,?*@/:cdhsTQKA|x ²") for _ in range(rng.randrange(1, 5)))
        i = rng.randrange(len(value) + 1)
        value = value[:i] + junk + value[i + rng.randrange(3) :]
    elif choice == 1:  # drop two characters (often one card)
        i = rng.randrange(max(1, len(value) - 1))
        value = value[:i] + value[i + 2 :]
    elif choice == 2:  # a number field out of range
        value = rng.choice(["-1", "99", "", "x", "1" * 5000, "+0", "٣"])
    elif choice == 3:  # an empty or missing field
        return "|".join(fields[:k] + fields[k + 1 :]) if rng.random() < 0.5 else "|".join([*fields, ""])
    elif choice == 4:  # another config
        fields[0] = rng.choice(
            [
                "dummy(players=9)",
                "dummy(players=3)",
                "dummy(nope=1)",
                "dummy(hand_size=30)",
                "rummy()",
                "dummy(",
                "dummy(ace_low=maybe)",
                "dummy(preset=weird)",
            ]
        )
        return "|".join(fields)
    elif choice == 5:  # swap two cards between fields
        m = re.search(r"[2-9TJQKA][cdhs]", value)
        if m:
            value = value[: m.start()] + rng.choice(["2c", "As", "Qs", "10h", "♣7"]) + value[m.end() :]
    else:  # rename the key
        key = key[:-1] or "x"
    fields[k] = key + sep + value
    return "|".join(fields)


@settings(SETTINGS, max_examples=150)
@given(st.sampled_from(range(len(POSITIONS))), st.integers(0, 2**32))
def test_fuzz_mutated_positions(k: int, seed: int) -> None:
    rng = random.Random(seed)
    text = POSITIONS[k]
    for _ in range(3):
        text = mutate(text, rng)
        s = _from_string_or_none(text)
        if s is not None:
            assert DummyState.from_string(s.to_string()) == s


@settings(SETTINGS, max_examples=100)
@given(st.sampled_from(range(0, len(STATES), 5)), st.integers(0, 2**32))
def test_fuzz_mutated_views(k: int, seed: int) -> None:
    rng = random.Random(seed)
    s = STATES[k]
    text = view_to_string(observe(s, seed % s.players))
    for _ in range(3):
        text = mutate(text, rng)
        with contextlib.suppress(InvalidNotationError):
            view_from_string(text)


@pytest.mark.parametrize(
    "edit",
    [
        lambda t: "",
        lambda t: "dummy()",
        lambda t: t + "|extra:1",
        lambda t: t.replace("|draw|", "|drawing|"),
        lambda t: t.replace("turn:0", "turn:7"),
        lambda t: t.replace("deck:", "deck:2c"),
        lambda t: t.replace("dummy(players=2)", "dummy(players=9)"),
        lambda t: t.replace("dummy(players=2)", "dummy(colour=red)"),
        lambda t: t.replace("stock:23-52", "stock:x-52"),
        lambda t: t.replace("born:00", "born:2"),
        lambda t: t.replace("scores:0,0", "scores:0"),
    ],
)
def test_malformed_positions(edit: object) -> None:
    text = POSITIONS[0]
    assert text.startswith("dummy(players=2)|draw|turn:0|") and "stock:23-52" in text
    with pytest.raises(InvalidNotationError):
        DummyState.from_string(edit(text))  # type: ignore[operator]
