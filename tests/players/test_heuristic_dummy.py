"""The heuristic Dummy bot on curated positions (frozen expectations) and in whole games."""

from __future__ import annotations

from random import Random

from samrap.core.cardset import parse_set
from samrap.games.dummy import Discard, DummyConfig, DummyGame, DummyState, Knock, parse_action
from samrap.games.dummy.rules import legal_moves
from samrap.players.heuristic.dummy import DummyHeuristic, evaluate, knock_points, rollout
from samrap.players.heuristic.dummy_hand import _context as context
from samrap.players.heuristic.dummy_hand import best_partition, danger
from tests.games.dummy.builders import position

GAME = DummyGame(DummyConfig(players=2))
BOT = DummyHeuristic()


def _choose(s: DummyState) -> str:
    view = GAME.observe(s, s.current)
    return BOT.choose(view, legal_moves(s), Random(0)).text()


def test_best_partition_takes_the_most_points() -> None:
    value, melds = best_partition(parse_set("7h8h9hThJh9c9d"), False)
    assert value == 35 and melds == (parse_set("7h8h9hThJh"),)
    value, melds = best_partition(parse_set("9c9d9h9s8h7h"), False)
    assert value == 30 and set(melds) == {parse_set("7h8h9h"), parse_set("9c9d9s")}
    assert best_partition(parse_set("2c5d9hKs"), False) == (0, ())


def test_knocks_as_soon_as_it_wins() -> None:
    # Seat 0 is born, has drawn, and can put down 7h8h9h and 5c5d5s keeping Kd: a winning knock.
    s = position(
        ["7h8h9h5c5d5sKd", "2d3h4s6c7c8sJd"],
        row="Qh* 9d1",
        melds="TcJcQc@0",
        phase="play",
        born=[0],
    )
    assert _choose(s).startswith("K ")
    view = GAME.observe(s, 0)
    knocks = [a for a in legal_moves(s) if isinstance(a, Knock)]
    best = max(knocks, key=lambda a: knock_points(view, a))
    assert best.card == parse_set("Kd").bit_length() - 1 or knock_points(view, best) >= 50


def test_melds_and_lays_off_before_discarding() -> None:
    s = position(["7h8h9h2c4dJs", "2d3h4s6c7c8sJd"], melds="TcJcQc@1", phase="play", born=[0, 1])
    assert _choose(s) == "M 7h8h9h"
    s = position(["Kc2d4hJs", "2h3h4s6c7c8sJd"], melds="TcJcQc@1", phase="play", born=[0, 1])
    assert _choose(s) == "L Kc>0"


def test_does_not_feed_the_next_player() -> None:
    # Seat 1 is known to hold 8s8d (collected from the row): throwing 8h would hand them a set.
    s = position(
        ["8h Kd 3c 4c 9s", "8s8dAh2h3d4d5d"],
        known={1: "8s8d"},
        phase="play",
        born=[0, 1],
        melds="TcJcQc@0",
    )
    ctx = context(GAME.observe(s, 0))
    assert danger(parse_set("8h").bit_length() - 1, ctx) > danger(parse_set("Kd").bit_length() - 1, ctx)
    assert _choose(s) != "X 8h"


def test_keeps_a_live_speto() -> None:
    # Qs (50 points) is live (Js/Ks unseen); the bot throws another card rather than feed it.
    s = position(["Qs 2d 7h 9c", "3c4c5c6c7c8c9d"], phase="play", born=[0])
    assert _choose(s) != "X Qs"


def test_collects_when_it_pays_and_declines_a_deep_collect_that_does_not() -> None:
    # 8h on top of the row melds with 9hTh in hand: collect it.
    s = position(["9hTh2c5d", "3c4c5c6c7c8c9d"], row="Kd* 8h1")
    assert _choose(s).startswith("C1")
    # The only collect digs out a long row of dead cards for a 15-point meld: draw instead.
    s2 = position(
        ["9h Th 4s 5s", "3c4c5c6c7c8c9d"],
        row="8h* Kd1 2c0 Js1 6d0 Qc1 Ad1",
        born=[0],
    )
    view = GAME.observe(s2, 0)
    legal = legal_moves(s2)
    ctx = context(view)
    deep = [a for a in legal if a.text().startswith("C0")]
    assert deep
    assert evaluate(view, parse_action("D"), ctx) > evaluate(view, deep[0], ctx)


def test_estimates_rank_every_legal_action_with_a_reason() -> None:
    s = position(["7h8h9h2c4dJs", "2d3h4s6c7c8sJd"], phase="play", born=[0])
    legal = legal_moves(s)
    est = BOT.analyse(GAME.observe(s, 0), legal, Random(0))
    assert {e.action for e in est} == set(legal)
    assert [e.value for e in est] == sorted((e.value for e in est), reverse=True)
    assert all(e.reason and e.reason_th for e in est)


def test_whole_games_are_legal_and_deterministic() -> None:
    for seed in range(3):
        scores = []
        for _ in range(2):
            s = GAME.new_game(seed=seed)
            while not GAME.is_terminal(s):
                legal = GAME.legal_moves(s)
                a = BOT.choose(GAME.observe(s, s.current), legal, Random(seed))
                assert a in legal
                s = GAME.apply(s, a)
            scores.append(GAME.returns(s))
        assert scores[0] == scores[1]


def test_rollout_policy_plays_legal_moves_to_the_end() -> None:
    rng = Random(5)
    s = GAME.new_game(seed=5)
    steps = 0
    while not GAME.is_terminal(s):
        legal = GAME.legal_moves(s)
        a = rollout(s, legal, rng)
        assert a in legal
        if any(isinstance(x, Knock) for x in legal):
            assert isinstance(a, Knock)
        s = GAME.apply(s, a)
        steps += 1
    assert steps < 400
    assert isinstance(Discard(0), Discard)


def _card(text: str) -> int:
    return parse_set(text).bit_length() - 1


def test_danger_counts_the_meld_the_next_player_would_make() -> None:
    # Seat 1 is known to hold 2c4c and 2d4d: 3c completes a 60-point run with the speto 2c, 3d a
    # 15-point run. Both are certain collects; the speto run is the costlier gift.
    s = position(
        ["3c 3d Kh 9s", "2c4c2d4dAh7s8h"],
        known={1: "2c4c2d4d"},
        phase="play",
        born=[0, 1],
        melds="TcJcQc@0",
    )
    ctx = context(GAME.observe(s, 0))
    assert danger(_card("3c"), ctx) > danger(_card("3d"), ctx) + 30
    assert _choose(s) not in ("X 3c", "X 3d")


def test_never_hands_a_short_hand_its_knock() -> None:
    # Seat 1 holds three cards, two of them 8s8d (known): collecting 8h would let them knock and
    # make this discard a โง่. 5d is safe (its partners are on the table or in this hand).
    s = position(
        ["8h 5d 6d Kc", "8s8dAh"],
        known={1: "8s8d"},
        phase="play",
        born=[0, 1],
        melds="5c5h5s@0 2d3d4d@1",
    )
    assert _choose(s) != "X 8h"
    ctx = context(GAME.observe(s, 0))
    assert danger(_card("8h"), ctx) > 100


def test_does_not_lay_off_into_a_knock_that_loses() -> None:
    # Seat 0 could lay off Kc and knock with 5s for 50 + its small table, but seat 1 has a much
    # bigger table and one card in hand: the knock loses, so it keeps two cards and discards.
    s = position(
        ["Kc 5s", "4d"],
        phase="play",
        born=[0, 1],
        melds="TcJcQc@0 9h9d9s@1 TsJsQsKsAs@1 2h3h4h5h6h7h8h@1 AcAdAh@1",
        stock="2s 3s 4s 6s 7s 8s 9c 6c 7c 8c 2c 3c 4c 5c",
    )
    legal = legal_moves(s)
    assert any(isinstance(a, Knock) for a in legal)
    assert _choose(s).startswith("X ")
