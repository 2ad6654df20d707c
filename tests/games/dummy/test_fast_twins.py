"""The Dummy engine's fast paths against their plain twins, over seeded random games.

Each fast path of the listing keeps a plain twin (the code it replaced, or a direct reading of
the rule), and these tests play seeded random games under several rule sets and compare the two
at every position they reach. The rule sets cover what the fast paths branch on: 2, 3 and 4
players, ``ace_low``, ``layoff_on_layoff`` off, ``collect_to_layoff`` with a lay-off limit, and the
``modern`` penalties.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from samrap.core.melds import extension_cards, is_run, is_set, meldable_cards, melds_in, melds_with, suit_neighbours
from samrap.games.dummy import DummyConfig, DummyGame, DummyState, Phase, rules, suits, transitions
from samrap.games.dummy.actions import Collect, Discard, Draw, DummyAction, LayOff, Meld
from samrap.games.dummy.config import MODERN
from samrap.games.dummy.putdown import (
    chain_reach,
    covers,
    knocks,
    layoff_groups,
    layoff_groups_plain,
    layoff_room,
    owner_allows,
    single_layoffs,
    table_reach,
    with_derived,
)

CONFIGS = {
    "classic-2": DummyConfig(players=2),
    "classic-3": DummyConfig(players=3),
    "classic-4": DummyConfig(players=4),
    "modern-2": dataclasses.replace(MODERN, players=2),
    "ace-low-strict-2": DummyConfig(players=2, ace_low=True, layoff_on_layoff=False),
    "ace-low-strict-4": DummyConfig(players=4, ace_low=True, layoff_on_layoff=False),
    "to-layoff-limit-2": DummyConfig(players=2, collect_to_layoff=True, max_layoffs_per_game=2),
    "to-layoff-limit-3": DummyConfig(players=3, collect_to_layoff=True, max_layoffs_per_game=3, ace_low=True),
}

#: Games per rule set: about 75 positions each with 2 players.
GAMES = 40


def positions(config: DummyConfig, games: int = GAMES, seed: int = 7) -> Iterator[DummyState]:
    """Every position of ``games`` seeded random games (uniform choices, as the benchmark plays)."""
    game = DummyGame(config)
    rng = random.Random(seed)
    for _ in range(games):
        s = game.new_game(seed=rng.getrandbits(32))
        while not game.is_terminal(s):
            yield s
            s = game.apply_unchecked(s, rng.choice(game.legal_actions(s)))


def play_actions_plain(s: DummyState, p: int) -> list[DummyAction]:
    """``rules._play_actions``' plain twin (its code before the tables): each kind of action asked
    of its own function, kind by kind in sort_key order (melds, lay-offs, discards, knocks)."""
    hand = s.hands[p]
    ace_low = s.config.ace_low
    meldable = meldable_cards(hand, ace_low)
    out: list[DummyAction] = []
    several = hand.bit_count() >= 2
    if s.born >> p & 1:
        out += [Meld(m) for m in melds_in(hand, ace_low) if hand & ~m]
        if several:
            out += [LayOff(c, t) for c, t in sorted(single_layoffs(s, p, hand))]
    if several:
        out += [Discard(c) for c in range(52) if hand >> c & 1]
    out += knocks(s, p, hand, meldable)
    return out


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_play_listing_is_its_plain_twin(name: str) -> None:
    """``_play_actions`` (per-suit tables, the table reach looked up once, the knock prune
    inlined) lists exactly what ``play_actions_plain`` lists, in order."""
    seen = knocking = 0
    for s in positions(CONFIGS[name]):
        if s.phase is Phase.PLAY:
            fast = rules._play_actions(s, s.current)
            assert fast == play_actions_plain(s, s.current), s.to_string()
            seen += 1
            knocking += any(a.text().startswith("K") for a in fast)
    assert seen > 500 and knocking > 0  # the games reach play turns, some of them with knocks


@pytest.mark.parametrize("ace_low", [False, True])
def test_chain_reach_of_uncovered_cards_is_one_step_without_ace_low(ace_low: bool) -> None:
    """The claim ``knocks`` rests on: without ``ace_low`` the uncovered cards of a hand that the
    lay-off chain reaches are those in ``reach`` or next to it; with ``ace_low`` not always (K-A-2
    steps through the ace, no run), so the walk is asked there."""
    rng = random.Random(11)
    differs = 0
    for _ in range(20_000):
        hand = sum(1 << c for c in rng.sample(range(52), rng.randint(2, 14)))
        reach = hand & sum(1 << c for c in rng.sample(range(52), rng.randint(1, 20)))
        uncovered = hand & ~meldable_cards(hand, ace_low)
        walked = uncovered & chain_reach(reach, hand, ace_low)
        one_step = uncovered & (reach | suit_neighbours(reach, ace_low))
        if ace_low:
            differs += walked != one_step
        else:
            assert walked == one_step, (hand, reach)
    if ace_low:
        assert differs > 0  # the walk is needed there: the claim is not a vacuous one


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_layoff_groups_are_their_plain_twin(name: str) -> None:
    """``layoff_groups`` (the groups remembered by the meld and the hand's cards of its suit or
    rank) gives ``layoff_groups_plain``'s list, in order, for every table meld and the hand of the
    player to move, with the room the rules give and with room for one card."""
    asked = found = 0
    for s in positions(CONFIGS[name], games=25):
        seat = s.current
        hand = s.hands[seat]
        for target in range(len(s.melds)):
            for room in (layoff_room(s, seat), 1):
                fast = layoff_groups(s, target, hand, seat, room)
                assert fast == layoff_groups_plain(s, target, hand, seat, room), (s.to_string(), target, room)
                asked += 1
                found += bool(fast)
    assert asked > 1000 and found > 50


def collects_plain(s: DummyState, seat: int) -> list[Collect]:
    """A plain reading of rule 12 (and 40's ``collect_to_layoff``): for every row card, oldest
    first, every meld of it with cards of the hand and the cards after it that holds a hand card
    and leaves a card over, by mask, then every table meld it may be laid off on."""
    hand = s.hands[seat]
    ace_low = s.config.ace_low
    out: list[Collect] = []
    for i, t in enumerate(s.row):
        avail = hand
        for c in s.row[i + 1 :]:
            avail |= 1 << c
        for m in melds_in(avail | 1 << t, ace_low):
            if m >> t & 1 and m & hand and (avail | 1 << t) & ~m:
                out.append(Collect(i, m))
        if s.config.collect_to_layoff and layoff_room(s, seat) > 0:
            for j, meld in enumerate(s.melds):
                if extension_cards(meld, ace_low) >> t & 1 and owner_allows(s, j, 1 << t, seat):
                    out.append(Collect(i, 0, j))
    return out


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_collects_are_their_plain_reading(name: str) -> None:
    """``_collects`` (a filter over the row, every suit at once, then a walk newest first) lists what
    ``collects_plain`` lists, in order, at every draw and last-draw position."""
    seen = found = 0
    for s in positions(CONFIGS[name]):
        if s.phase in (Phase.DRAW, Phase.LAST_DRAW):
            fast = rules._collects(s, s.current)
            assert fast == collects_plain(s, s.current), s.to_string()
            seen += 1
            found += bool(fast)
    assert seen > 500 and found > 100


def test_suit_tables_are_their_plain_readings() -> None:
    """The per-suit tables of the listing (``suits.py``), for every 13-bit pattern of every suit:
    the discards (two halves joined on a miss), the run melds and the run windows (with and
    without ``ace_low``), against the whole-deck functions of ``core.melds``."""
    for suit, discards in enumerate(suits.SUIT_DISCARDS):
        for pattern in range(1 << 13):
            mask = pattern << 13 * suit
            assert discards[pattern] == tuple(suits.DISCARDS[c] for c in range(52) if mask >> c & 1)
            for ace_low in (False, True):
                runs = melds_in(mask, ace_low)
                assert [m.cards for m in suits.RUN_MELDS[ace_low][suit][pattern]] == runs
                covered = 0
                for m in runs:
                    covered |= m
                assert suits.WINDOWS[ace_low][pattern] << 13 * suit == covered == meldable_cards(mask, ace_low)
    for rank in range(13):
        for marks in range(16):
            cards = sum(1 << (13 * s + rank) for s in range(4) if marks >> s & 1)
            spread = sum(1 << 13 * s for s in range(4) if marks >> s & 1)
            assert [m.cards for m in suits.SET_MELDS[rank][spread]] == melds_in(cards)


@pytest.mark.parametrize("ace_low", [False, True])
def test_melds_with_a_card_are_melds_with(ace_low: bool) -> None:
    """``RUNS_WITH`` and ``SETS_WITH`` (the collect walk's tables) hold exactly the runs and the
    sets of ``core.melds.melds_with``, for every card with seeded masks of the other cards."""
    rng = random.Random(5)
    for _ in range(4_000):
        t = rng.randrange(52)
        full = sum(1 << c for c in rng.sample(range(52), rng.randint(2, 25))) | 1 << t
        shift = 13 * (t // 13)
        runs = suits.RUNS_WITH[ace_low][(full >> shift & 0x1FFF) << 6 | t]
        marks = full >> t % 13 & suits.RANK0
        sets = suits.SETS_WITH[marks << 6 | t]
        assert sorted(runs + sets) == list(melds_with(t, full, ace_low))
        assert all(is_run(m, ace_low) for m in runs) and all(is_set(m) for m in sets)
        assert sets == () or marks.bit_count() >= 3


def _with_seat(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return tuple(value if i == seat else v for i, v in enumerate(values))


def _derived(s: DummyState, **changes: object) -> DummyState:
    """``s._replace(**changes)`` with the derived fields (the row's mask, the table's reach) read
    afresh from the changed row and table."""
    return with_derived(s._replace(**changes))  # type: ignore[arg-type]


def draw_plain(s: DummyState) -> DummyState:
    """Rule 11's draw by ``_replace``: the top stock card into the hand, the play phase."""
    p = s.current
    hand = s.hands[p] | 1 << s.deck[s.stock_pos]
    return s._replace(phase=Phase.PLAY, stock_pos=s.stock_pos + 1, hands=_with_seat(s.hands, p, hand))


def discard_plain(s: DummyState, c: int) -> DummyState:
    """Rule 18's discard by ``_replace``: the card to the row, the turn to the next seat."""
    p = s.current
    nxt = (p + s.direction) % s.players
    cfg = s.config
    penalties = cfg.discard_layoff_penalty or cfg.discard_full_penalty
    return _derived(
        s,
        phase=Phase.LAST_DRAW if s.stock_pos >= s.stock_end else Phase.DRAW,
        current=nxt,
        hands=_with_seat(s.hands, p, s.hands[p] & ~(1 << c)),
        row=(*s.row, c),
        row_by=(*s.row_by, p),
        known=_with_seat(s.known, p, s.known[p] & ~(1 << c)),
        turn_born=s.is_born(nxt),
        ngo_from=-1,
        items=transitions._discard_penalties(s, p, c) if penalties else s.items,
    )


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_draw_and_discard_successors_are_their_plain_twins(name: str) -> None:
    """``apply_unchecked``'s draw and discard (every field unpacked and written out whole) give
    the states ``_replace`` gives, field for field, for every draw and discard of the games."""
    draws = discards = 0
    for s in positions(CONFIGS[name], games=25):
        for a in rules.legal_actions(s):
            if isinstance(a, Draw):
                assert tuple(rules.apply_unchecked(s, a)) == tuple(draw_plain(s)), s.to_string()
                draws += 1
            elif isinstance(a, Discard):
                after = rules.apply_unchecked(s, a)
                assert type(after) is DummyState and tuple(after) == tuple(discard_plain(s, a.card)), s.to_string()
                discards += 1
    assert draws > 300 and discards > 3000


def collect_plain(s: DummyState, a: Collect) -> DummyState:
    """Rule 12's collect by ``_replace`` (the ledger left as it was: the modern head and speto
    items are the golden and modern tests' to check): the target and every later row card into
    the hand, then the meld or the lay-off down from it."""
    p = s.current
    taken = 0
    for c in s.row[a.index :]:
        taken |= 1 << c
    down = a.meld if a.onto < 0 else 1 << s.row[a.index]
    melds = (*s.melds, a.meld) if a.onto < 0 else _with_seat(s.melds, a.onto, s.melds[a.onto] | down)
    hand = (s.hands[p] | taken) & ~down
    newest = a.index == len(s.row) - 1
    return _derived(
        s,
        phase=Phase.LAST_PLAY if s.phase is Phase.LAST_DRAW else Phase.PLAY,
        hands=_with_seat(s.hands, p, hand),
        row=s.row[: a.index],
        row_by=s.row_by[: a.index],
        melds=melds,
        meld_owner=(*s.meld_owner, p) if a.onto < 0 else s.meld_owner,
        put_down=_with_seat(s.put_down, p, s.put_down[p] | down),
        known=_with_seat(s.known, p, (s.known[p] | taken) & hand),
        born=s.born | 1 << p,
        layoffs=s.layoffs if a.onto < 0 else _with_seat(s.layoffs, p, s.layoffs[p] + 1),
        ngo_from=s.row_by[a.index] if newest and s.row_by[a.index] >= 0 else -1,
    )


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_collect_successors_are_their_plain_twin(name: str) -> None:
    """``apply_unchecked``'s collect (every field unpacked and written out whole) gives the state
    ``collect_plain`` gives, every field but the ledger, for every collect of the games."""
    items = DummyState._fields.index("items")
    collects = 0
    for s in positions(CONFIGS[name], games=25):
        for a in rules.legal_actions(s):
            if isinstance(a, Collect):
                after = list(rules.apply_unchecked(s, a))
                plain = list(collect_plain(s, a))
                del after[items], plain[items]
                assert after == plain, (s.to_string(), a.text())
                collects += 1
    assert collects > 300


@pytest.mark.parametrize("ace_low", [False, True])
def test_an_uncovered_face_leaves_the_covered_cards(ace_low: bool) -> None:
    """The claim ``knocks`` uses for its faces: without a card in no meld of the hand, the cards
    in some meld are the same (every meld of the hand stays in what is left)."""
    rng = random.Random(13)
    for _ in range(5_000):
        hand = sum(1 << c for c in rng.sample(range(52), rng.randint(2, 14)))
        covered = meldable_cards(hand, ace_low)
        for face in range(52):
            if hand >> face & 1 and not covered >> face & 1:
                assert meldable_cards(hand & ~(1 << face), ace_low) == covered


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_derived_fields_are_read_afresh(name: str) -> None:
    """Every successor of every legal action keeps the derived fields the transitions update a
    meld or a card at a time (``reach_after``, the row's mask) equal to a fresh reading of its row
    and table (``table_reach``), and a state read back from its position string has them too."""
    kinds: set[str] = set()
    for s in positions(CONFIGS[name], games=15):
        for a in rules.legal_actions(s):
            after = rules.apply_unchecked(s, a)
            assert after == with_derived(after), (s.to_string(), a.text())
            kinds.add(type(a).__name__)
        assert s.reach == table_reach(s.melds, s.config.ace_low)
        assert DummyState.from_string(s.to_string()) == s
    assert {"Collect", "Discard", "Draw", "LayOff", "Meld"} <= kinds


def layoff_or_meld_plain(s: DummyState, a: LayOff | Meld) -> DummyState:
    """Rules 16 and 17 by ``_replace`` (the ledger left as it was: the speto item is the modern
    tests' to check): the cards from the hand onto the table, put down by the player."""
    p = s.current
    if isinstance(a, LayOff):
        down = 1 << a.card
        melds = _with_seat(s.melds, a.target, s.melds[a.target] | down)
        owners = s.meld_owner
        layoffs = _with_seat(s.layoffs, p, s.layoffs[p] + 1)
    else:
        down = a.cards
        melds = (*s.melds, down)
        owners = (*s.meld_owner, p)
        layoffs = s.layoffs
    return _derived(
        s,
        hands=_with_seat(s.hands, p, s.hands[p] & ~down),
        melds=melds,
        meld_owner=owners,
        put_down=_with_seat(s.put_down, p, s.put_down[p] | down),
        known=_with_seat(s.known, p, s.known[p] & ~down),
        layoffs=layoffs,
    )


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_layoff_and_meld_successors_are_their_plain_twin(name: str) -> None:
    """``apply_unchecked``'s lay-off and meld (every field unpacked and written out whole) give
    the state ``layoff_or_meld_plain`` gives, every field but the ledger."""
    items = DummyState._fields.index("items")
    seen = 0
    for s in positions(CONFIGS[name], games=25):
        for a in rules.legal_actions(s):
            if isinstance(a, LayOff | Meld):
                after = list(rules.apply_unchecked(s, a))
                plain = list(layoff_or_meld_plain(s, a))
                del after[items], plain[items]
                assert after == plain, (s.to_string(), a.text())
                seen += 1
    assert seen > 100


def covers_plain(rest: int, ace_low: bool) -> list[tuple[int, ...]]:
    """``covers``' plain twin (its code before ``melds_with``): every meld of ``rest`` that holds
    its lowest card, read off ``melds_in``."""
    if not rest:
        return [()]
    low = rest & -rest
    out: list[tuple[int, ...]] = []
    for m in melds_in(rest, ace_low):
        if m & low:
            out += [tuple(sorted((m, *tail))) for tail in covers_plain(rest & ~m, ace_low)]
    return out


@pytest.mark.parametrize("ace_low", [False, True])
def test_covers_are_their_plain_twin(ace_low: bool) -> None:
    """``covers`` (the melds of the lowest card from ``melds_with``) splits random hands exactly
    as ``covers_plain`` does, in the same order."""
    rng = random.Random(17)
    split = 0
    for _ in range(3_000):
        hand = sum(1 << c for c in rng.sample(range(52), rng.randint(3, 12)))
        rest = meldable_cards(hand, ace_low)  # (cards in no meld leave nothing to split)
        found = covers(rest, ace_low)
        assert found == covers_plain(rest, ace_low)
        split += bool(found) and rest != 0
    assert split > 300
