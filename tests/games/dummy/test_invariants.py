"""Random-simulation invariants (DESIGN §7.9.3, OpenSpiel ``RandomSimTest``).

Seeded random players play whole games under many configs; at every step we assert:

- card conservation: each of the 52 cards is in exactly one zone (hands, row, table melds,
  the stock remainder ``deck[stock_pos:]`` which also holds the burnt cards, the knock card),
  and the bookkeeping around it (``put_down``, ``known``, ``row_by``, ``meld_owner``) agrees;
- ``legal_actions`` is non-empty unless the game is over, sorted by ``actions.sort_key``, unique;
- the chosen action (and, in the "full" games, every legal action) applies through checked
  ``apply`` to the same state as ``apply_unchecked``;
- sampled illegal actions (mutated legal actions, random parsed action texts, a card not in
  hand, the wrong seat, anything after the end) raise ``IllegalActionError``;
- the position string round trips (full games: every step; others: every 16th step and the end);
- every game ends within ``game.MAX_GAME_LENGTH`` actions, and the score identities hold.

Half the seeds use a uniform random player, half an eager one (knocks, collects, melds first).
The default run plays 2,040 games (170 per config, 10 of them with the full per-step checks);
``-m slow`` adds a sweep of 12,000 more (every tenth with the full checks).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from samrap.core.cards import card_str
from samrap.core.cardset import FULL_DECK, from_cards, set_str
from samrap.core.errors import IllegalActionError
from samrap.core.melds import is_meld, melds_with
from samrap.games.dummy import DummyConfig, DummyGame, DummyState, Phase
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
    sort_key,
)
from samrap.games.dummy.cards import SPETOS, mask_value
from samrap.games.dummy.game import MAX_GAME_LENGTH
from samrap.games.dummy.scoring import game_scores, is_dark_knock, ledger

# Every config of the sweep: both presets at 2, 3 and 4 players, then single options.
CONFIGS = [
    "dummy(players=2)",
    "dummy(players=3)",
    "dummy(players=4)",
    "dummy(preset=modern,players=2)",
    "dummy(preset=modern,players=3)",
    "dummy(preset=modern,players=4)",
    "dummy(players=2,two_player_burn=true)",
    "dummy(players=3,ace_low=true,collect_to_layoff=true)",
    "dummy(players=4,layoff_on_layoff=false,max_layoffs_per_game=2)",
    "dummy(preset=modern,players=2,ace_low=true,fall_on_stock_out=true)",
    "dummy(preset=modern,players=4,collect_to_layoff=true,layoff_on_layoff=false)",
    "dummy(players=3,hand_size=4,max_layoffs_per_game=0)",
]
GAMES = {cfg: DummyGame(DummyConfig.from_string(cfg)) for cfg in CONFIGS}

_KIND_RANK = {Knock: 0, Collect: 1, Meld: 2, LayOff: 3}


def choose(rng: random.Random, legal: list[DummyAction], eager: bool) -> DummyAction:
    """A seeded random player. ``eager`` prefers knocks, then collects, melds and lay-offs
    (so games reach knocks, big collects and long lay-off chains more often)."""
    if eager and rng.random() < 0.85:
        best = min(_KIND_RANK.get(type(a), 9) for a in legal)
        if best < 9:
            return rng.choice([a for a in legal if _KIND_RANK.get(type(a), 9) == best])
    return rng.choice(legal)


def canonical(a: DummyAction) -> DummyAction:
    """Knocks list their melds and lay-offs sorted, as ``legal_actions`` does."""
    if isinstance(a, Knock):
        return Knock(a.card, tuple(sorted(a.melds)), tuple(sorted(a.layoffs)))
    return a


# ---------------------------------------------------------------------------------------------
# Per-step checks


def check_conservation(s: DummyState, deck: tuple[int, ...]) -> None:
    n = s.players
    assert s.deck == deck, "the dealt deck order never changes"
    assert 0 <= s.stock_pos <= s.stock_end <= 52
    assert s.stock_end == (47 if s.config.burn else 52)
    zones = [*s.hands, from_cards(s.row), *s.melds, from_cards(s.deck[s.stock_pos :])]
    if s.knock_card >= 0:
        zones.append(1 << s.knock_card)
    union = 0
    for z in zones:
        union |= z
    assert union == FULL_DECK and sum(z.bit_count() for z in zones) == 52, (
        f"cards not conserved: total {sum(z.bit_count() for z in zones)}, missing {set_str(FULL_DECK & ~union)}"
    )
    assert len(s.row) == len(s.row_by) and len(set(s.row)) == len(s.row)
    assert all(-1 <= b < n for b in s.row_by) and -1 not in s.row_by[1:], "only the first upcard has no discarder"
    if s.row_by[:1] == (-1,):
        assert s.row[0] == s.head
    assert len(s.melds) == len(s.meld_owner) and all(0 <= o < n for o in s.meld_owner)
    assert all(is_meld(m, s.config.ace_low) for m in s.melds), "every table meld is a set or a run"
    table = 0
    for m in s.melds:
        table |= m
    down = 0
    for q in range(n):
        assert not down & s.put_down[q], "each table card was put down by one seat"
        down |= s.put_down[q]
        assert s.known[q] & ~s.hands[q] == 0, "known cards are in their holder's hand"
    assert down == table, "the table is exactly what the seats put down"
    for i, m in enumerate(s.melds):
        assert m & s.put_down[s.meld_owner[i]], "a meld's owner put down some of it"
    assert len(s.hands) == len(s.put_down) == len(s.known) == len(s.layoffs) == len(s.scores) == n
    if s.config.max_layoffs_per_game is not None:
        assert all(k <= s.config.max_layoffs_per_game for k in s.layoffs)
    assert s.head == s.deck[n * s.config.cards_per_hand]
    if s.phase is Phase.OVER:
        assert (s.knocker >= 0) == (s.knock_card >= 0)
        if s.knocker >= 0:
            assert s.hands[s.knocker] == 0
    else:
        assert s.knocker == -1 and s.knock_card == -1
        assert 0 <= s.current < n
        assert all(h for h in s.hands), "a player in the game always holds a card"
    if s.phase in (Phase.LAST_DRAW, Phase.LAST_PLAY):
        assert s.stock_pos == s.stock_end


def check_legal(s: DummyState, legal: list[DummyAction]) -> None:
    if s.phase is Phase.OVER:
        assert legal == []
        return
    assert legal, f"no legal action in a live state: {s.to_string()}"
    keys = [sort_key(a) for a in legal]
    assert keys == sorted(keys), "legal_actions is sorted by sort_key"
    assert len(set(legal)) == len(legal) and len(set(keys)) == len(keys), "legal actions are unique"
    assert all(canonical(a) == a for a in legal)
    kinds = {type(a) for a in legal}
    match s.phase:
        case Phase.DRAW:
            assert legal[0] == Draw() and kinds <= {Draw, Collect}
        case Phase.PLAY:
            assert kinds <= {Meld, LayOff, Discard, Knock}
            assert kinds & {Discard, Knock}, "a turn can always end"
        case Phase.LAST_DRAW:
            assert legal[-1] == Pass() and kinds <= {Collect, Pass}
        case Phase.LAST_PLAY:
            assert Knock in kinds and kinds <= {Meld, LayOff, Knock}, "rule 35: no discard, a knock stays possible"


def check_roundtrip(s: DummyState) -> None:
    text = s.to_string()
    assert "\n" not in text and DummyState.from_string(text) == s


def assert_illegal(game: DummyGame, s: DummyState, a: DummyAction, seat: int | None = None) -> None:
    try:
        game.apply(s, a, seat)
    except IllegalActionError as e:
        assert str(e.rule) and e.reason
    else:
        raise AssertionError(f"{a.text()} (seat {seat}) should be illegal in {s.to_string()}")


def check_candidate(game: DummyGame, s: DummyState, legal: set[DummyAction], a: DummyAction) -> None:
    """A candidate action applies exactly when it is (the canonical form of) a legal action."""
    if canonical(a) in legal:
        assert game.apply(s, a) == game.apply_unchecked(s, canonical(a))
    else:
        assert_illegal(game, s, a)


def _rand_card(rng: random.Random) -> int:
    return rng.randrange(52)


def mutations(s: DummyState, a: DummyAction, rng: random.Random) -> Iterator[DummyAction]:
    """Near misses of a legal action ``a`` (most of them illegal)."""
    c = _rand_card(rng)
    yield Discard(c)
    match a:
        case Draw():
            yield Pass()
        case Pass():
            yield Draw()
        case Collect(index=i, meld=m, onto=o):
            yield Collect(i + rng.choice((-1, 1)), m, o)
            if o < 0:
                yield Collect(i, m ^ (1 << c))
                yield Collect(i, m, rng.randrange(len(s.melds) + 1))
            yield Collect(len(s.row), m, o)
            yield Collect(i, 0, rng.randrange(len(s.melds) + 2))
        case Meld(cards=m):
            yield Meld(m ^ (1 << c))
            yield Meld(m & ~(m & -m))
            yield LayOff(c, 0)
        case LayOff(card=lc, target=t):
            yield LayOff(lc, rng.randrange(len(s.melds) + 1))
            yield LayOff(c, t)
        case Discard():
            yield Draw()
        case Knock(card=kc, melds=ms, layoffs=ls):
            yield Knock(c, ms, ls)
            if ms:
                yield Knock(kc, ms[1:], ls)
                yield Knock(kc, (ms[0] ^ (1 << c), *ms[1:]), ls)
            if ls:
                yield Knock(kc, ms, ls[1:])
                yield Knock(kc, ms, ((ls[0][0], rng.randrange(len(s.melds) + 1)), *ls[1:]))
            yield Knock(kc, (*ms, 1 << c), ls)


def random_texts(s: DummyState, rng: random.Random) -> Iterator[str]:
    """Random well-formed action texts about this state's cards (rarely legal)."""
    hand = [c for c in range(52) if s.hands[s.current] >> c & 1]
    pool = hand + [_rand_card(rng) for _ in range(3)]
    c = rng.choice(pool)
    meld = rng.choice(melds_with(c, FULL_DECK & ~(1 << c)) or [1 << c])
    yield f"X {card_str(c)}"
    yield f"M {set_str(meld)}"
    yield f"L {card_str(c)}>{rng.randrange(len(s.melds) + 1)}"
    yield f"C{rng.randrange(len(s.row) + 1)} {set_str(meld)}"
    yield f"K {card_str(c)}"
    yield f"K {card_str(c)} {set_str(meld & ~(1 << c))}"
    yield rng.choice(["D", "-"])


def play_game(cfg: str, seed: int, full: bool) -> DummyState:
    """Play one seeded game with every check; return the final state."""
    game = GAMES[cfg]
    rng = random.Random(f"{cfg}/{seed}")
    eager = seed % 2 == 1
    s = game.new_game(seed=seed)
    deck = s.deck
    n = game.players
    steps = 0
    while True:
        check_conservation(s, deck)
        legal = game.legal_actions(s)
        check_legal(s, legal)
        if full or steps % 16 == 0 or game.is_terminal(s):
            check_roundtrip(s)
        if game.is_terminal(s):
            break
        assert steps < MAX_GAME_LENGTH, f"game {cfg} seed {seed} did not end within {MAX_GAME_LENGTH} actions"
        legal_set = set(legal)
        a = choose(rng, legal, eager)
        nxt = game.apply_unchecked(s, a)
        assert game.apply(s, a) == nxt and game.apply(s, a, s.current) == nxt
        assert_illegal(game, s, a, (s.current + rng.randrange(1, n)) % n)
        not_held = FULL_DECK & ~s.hands[s.current]
        assert_illegal(game, s, Discard(rng.choice([c for c in range(52) if not_held >> c & 1])))
        if full:
            for b in legal:
                assert game.apply(s, b) == game.apply_unchecked(s, b)
            for b in legal if len(legal) <= 6 else rng.sample(legal, 6):
                for m in mutations(s, b, rng):
                    check_candidate(game, s, legal_set, m)
            for text in random_texts(s, rng):
                check_candidate(game, s, legal_set, parse_action(text))
        else:
            for m in mutations(s, a, rng):
                check_candidate(game, s, legal_set, m)
        s = nxt
        steps += 1
    check_scores(s)
    assert eval(repr(s), {"DummyState": DummyState}) == s
    for a in (Draw(), Pass(), Discard(deck[0]), Knock(deck[0])):
        assert_illegal(game, s, a)
    return s


def check_scores(s: DummyState) -> None:
    cfg = s.config
    items = ledger(s)
    scores = game_scores(s)
    assert len(scores) == s.players
    for p in range(s.players):
        mine = [i for i in items if i.seat == p]
        assert sum(i.points for i in mine) == scores[p], "the ledger adds up to the game score"
        by_code: dict[str, int] = {}
        for i in mine:
            by_code[i.code] = by_code.get(i.code, 0) + i.points
        assert by_code.get("table", 0) == mask_value(s.put_down[p])
        assert by_code.get("hand", 0) == -mask_value(s.hands[p])
        knock_items = [i for i in mine if i.code in ("knock_card", "speto_knock")]
        if p == s.knocker:
            want = 100 if cfg.speto_knock and SPETOS >> s.knock_card & 1 else 50
            assert [i.points for i in knock_items] == [want]
            assert ("dark_knock" in by_code) == is_dark_knock(s)
            if "dark_knock" in by_code:
                before = sum(i.points for i in mine if i.code != "dark_knock")
                assert by_code["dark_knock"] == before, "a dark knock doubles the whole score"
        else:
            assert not knock_items and "dark_knock" not in by_code and "colour_knock" not in by_code
        fall = s.knocker >= 0 or cfg.fall_on_stock_out
        if fall and not s.is_born(p) and s.hands[p] and p != s.knocker:
            assert by_code["fall"] == -mask_value(s.hands[p])
        else:
            assert "fall" not in by_code
        if "ngo" in by_code:
            assert s.knocker >= 0 and s.ngo_from == p
    assert all(i.code != "ngo" for i in items) or s.knocker >= 0


# ---------------------------------------------------------------------------------------------
# The sweep

# (config, seeds played with every cheap check, seeds played with the full per-step checks)
DEFAULT_SWEEP = {cfg: (160, 10) for cfg in CONFIGS}


@pytest.mark.parametrize("cfg", CONFIGS)
def test_random_games(cfg: str) -> None:
    cheap, full = DEFAULT_SWEEP[cfg]
    knocks = stockouts = 0
    for seed in range(cheap + full):
        end = play_game(cfg, seed, full=seed < full)
        knocks += end.knocker >= 0
        stockouts += end.knocker < 0
    # The sweep reaches both ways a game ends.
    assert knocks > 0 and stockouts > 0


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS)
def test_random_games_sweep(cfg: str) -> None:
    for seed in range(10_000, 11_000):
        play_game(cfg, seed, full=seed % 10 == 0)
