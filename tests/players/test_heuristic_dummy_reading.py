"""Reading a born Dummy opponent's hand (``players/heuristic/dummy_reading.py``).

Why these tests: the reading changes which deals a search plays out, so it must still deal only
what fits the seat's view (a determinization, nothing peeked), stay seeded, leave positions with
nothing to read exactly as the uniform deal, and do what it says: a born opponent's hand in its
deals rarely holds a meld or a card that lays off on the table, where a uniform deal often does.
"""

from __future__ import annotations

from random import Random

from samrap.core.melds import extension_cards, meldable_cards
from samrap.games.dummy import DummyConfig, DummyGame, DummyState
from samrap.games.dummy.observe import DummyView, resample
from samrap.players.budget import Budget
from samrap.players.coach import coach_for
from samrap.players.heuristic.dummy import DummyHeuristic, completers
from samrap.players.heuristic.dummy_reading import read_resample
from samrap.players.levels import ismcts_for

GAME = DummyGame(DummyConfig(players=2))
MODERN = DummyGame(DummyConfig.from_string("dummy(players=2,preset=modern)"))


def _positions(game: DummyGame, games: int) -> list[DummyState]:
    """Seat 0 to move with the opponent born and holding cards seat 0 cannot see, in seeded
    games of the heuristic against itself (the opponent melds and lays off as the reading expects)."""
    out = []
    bot = DummyHeuristic(endgame=False)
    for g in range(games):
        s = game.new_game(seed=700 + g)
        rng = Random(g)
        while not game.is_terminal(s):
            legal = game.legal_moves(s)
            v = game.observe(s, s.current)
            if s.current == 0 and v.is_born(1) and v.hand_sizes[1] > v.known[1].bit_count():
                out.append(s)
            s = game.apply(s, bot.choose(v, legal, rng))
    return out


def _tells(view: DummyView, s: DummyState) -> tuple[bool, bool, bool]:
    """Whether the opponent's hand in ``s`` holds a meld, a card that lays off on the table, and
    two cards that meld with a row card they drew past (one older than their last discard)."""
    ext = 0
    for m in view.melds:
        ext |= extension_cards(m, view.config.ace_low)
    hand = s.hands[1]
    mine = [j for j, by in enumerate(view.row_by) if by == 1]
    passed = sum(1 << c for j, c in enumerate(view.row[: mine[-1]]) if view.row_by[j] != 1) if mine else 0
    return (
        bool(meldable_cards(hand, view.config.ace_low)),
        bool(hand & ext),
        bool(completers(hand, view.config.ace_low) & passed),
    )


def test_deals_fit_the_view_and_are_seeded() -> None:
    for s in _positions(GAME, 3)[::5]:
        view = GAME.observe(s, 0)
        t = read_resample(view, Random(4))
        assert GAME.observe(t, 0) == view  # a determinization: the seat sees exactly what it saw
        assert t == read_resample(view, Random(4))
        assert t.hands[1] & view.known[1] == view.known[1]


def test_a_born_opponents_hand_rarely_melds_lays_off_or_passed_a_meld() -> None:
    """The deals kept hold a meld, a lay-off card or the partners of a passed-over row card far
    less often than the uniform ones (``bench.reading_rates``: 12-13%, 44% and 10% uniform against
    0%, 10% and 3% in ``medium``'s true hands)."""
    for game in (GAME, MODERN):
        uniform = [0, 0, 0]
        read = [0, 0, 0]
        n = 0
        for s in _positions(game, 6):
            view = game.observe(s, 0)
            for j in range(4):
                for counts, deal in ((uniform, resample), (read, read_resample)):
                    for k, tell in enumerate(_tells(view, deal(view, Random(j)))):
                        counts[k] += tell
                n += 1
        assert n > 200
        assert uniform[0] > 0.015 * n and read[0] < 0.4 * uniform[0]
        assert uniform[1] > 0.4 * n and read[1] < 0.4 * uniform[1]
        assert uniform[2] > 0.04 * n and read[2] < 0.6 * uniform[2]


def test_nothing_to_read_deals_as_the_uniform_resample() -> None:
    """Before the opponent is born (the deal's first turns) the reading draws exactly the uniform
    deal from the same generator: nothing is weighed, nothing extra drawn."""
    s = GAME.new_game(seed=11)
    view = GAME.observe(s, s.current)
    assert not any(view.is_born(q) for q in range(2))
    rng_a, rng_b = Random(8), Random(8)
    assert read_resample(view, rng_a) == resample(view, rng_b)
    assert rng_a.random() == rng_b.random()


def test_hidden_cards_do_not_change_the_deals() -> None:
    """Two states that differ only in the opponent's hidden cards (and the stock) give the same
    deals: the reading sees the view alone."""
    s = _positions(GAME, 2)[7]
    view = GAME.observe(s, 0)
    twin = resample(view, Random(99))
    assert twin.hands[1] != s.hands[1]
    assert GAME.observe(twin, 0) == view
    assert [read_resample(GAME.observe(x, 0), Random(5)) for x in (s, twin)] == [
        read_resample(view, Random(5)) for _ in range(2)
    ]


def test_a_reading_level_deals_by_the_coach() -> None:
    """``ismcts_for(..., read=True)`` hands the Dummy coach's reading to the search; without it
    the search deals uniformly, as ``hard`` does."""
    assert coach_for("dummy").reading is read_resample
    reading = ismcts_for(GAME, Budget(iterations=8), read=True)
    plain = ismcts_for(GAME, Budget(iterations=8))
    assert reading.determinize is read_resample
    assert plain.determinize == GAME.resample
    s = _positions(GAME, 1)[3]
    view = GAME.observe(s, 0)
    move = reading.choose(view, GAME.legal_moves(s), Random(1))
    assert move in GAME.legal_moves(s)
    assert move == reading.choose(view, GAME.legal_moves(s), Random(1))
