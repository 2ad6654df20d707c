"""The match runner: seeded and deterministic, and each game starts as rules 7, 8, 38 and 39 say."""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Sequence
from random import Random
from typing import Any

import pytest

from samrap.core.errors import IllegalActionError
from samrap.core.rng import make_rng, reseed
from samrap.engine.ledger import LedgerLine, ledger_scores
from samrap.engine.match import (
    SEED_BITS,
    GameResult,
    MatchObserver,
    MatchResult,
    draws_uniformly,
    play_game,
    run_match,
    seat_draws,
    single_games,
)
from samrap.engine.record import make_record, verify_record
from samrap.engine.registry import GameSetup, GameSpec, configure, resolve
from samrap.games.dummy import Discard, DummyAction, DummyGame, DummyView
from samrap.players import RandomPlayer
from tests.games.dummy.builders import deck_for

KNOCKS = {"knock_card", "speto_knock"}


def _match(players: int, seed: int, options: str = "target=150", **kw: Any) -> tuple[GameSpec, MatchResult]:
    spec, config = configure("dummy", players=players, options=options)
    return spec, run_match(spec, config, [RandomPlayer(f"r{q}") for q in range(players)], seed, **kw)


def test_same_seed_and_players_give_the_same_match() -> None:
    _, a = _match(3, 11)
    _, b = _match(3, 11)
    assert a == b
    _, c = _match(3, 12)
    assert c.games[0].deck != a.games[0].deck


def test_seat_choices_do_not_disturb_the_deals() -> None:
    """Deals come from their own stream: a different player in a seat leaves game 1's deck as is."""

    class FirstLegal:
        name = "first"

        def choose(self, view: object, legal: Sequence[DummyAction], rng: Random) -> DummyAction:
            return legal[0]

    spec, config = configure("dummy", players=2, options="target=150")
    a = run_match(spec, config, [RandomPlayer(), RandomPlayer()], 5, max_games=1)
    b = run_match(spec, config, [FirstLegal(), RandomPlayer()], 5, max_games=1)
    assert a.games[0].deck == b.games[0].deck
    assert a.games[0].starter == b.games[0].starter


def _knocker(g: GameResult) -> int | None:
    """Who knocked, read from the ledger (the knock card line), not from the rules code."""
    return next((i.seat for i in g.ledger if i.code in KNOCKS), None)


def _check_starts(result: MatchResult, players: int) -> tuple[int, int]:
    """Re-derive each game's starter and direction from the previous game's ledger (rules 7, 8, 38)."""
    flips = no_knocks = 0
    assert result.games[0].direction == 1  # game 1 is clockwise (rule 6)
    for prev, game in zip(result.games, result.games[1:], strict=False):
        knocker = _knocker(prev)
        ngo = any(i.code == "ngo" for i in prev.ledger)
        expected_direction = -prev.direction if ngo else prev.direction
        if knocker is not None:
            expected_starter = knocker
        else:
            expected_starter = (prev.starter + prev.direction) % players
            no_knocks += 1
        flips += ngo
        assert (game.starter, game.direction) == (expected_starter, expected_direction)
    return flips, no_knocks


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_game_starts_with_the_knocker_or_the_next_seat(players: int) -> None:
    flips = no_knocks = 0
    for seed in range(12):
        _, result = _match(players, seed)
        f, n = _check_starts(result, players)
        flips += f
        no_knocks += n
    assert no_knocks > 0  # the no-knock rule (38) was exercised


def test_a_fool_reverses_the_direction_of_the_next_games() -> None:
    """Search seeded two-player matches for a โง่ that is not the last game (random play makes some)."""
    for seed in range(60):
        _, result = _match(2, seed, options="target=1000")
        ngo = [k for k, g in enumerate(result.games[:-1]) if any(i.code == "ngo" for i in g.ledger)]
        if ngo:
            k = ngo[0]
            assert result.games[k + 1].direction == -result.games[k].direction
            _check_starts(result, 2)
            return
    pytest.fail("no โง่ in 60 seeded matches")


def test_the_match_ends_with_the_first_game_reaching_the_target() -> None:
    _, result = _match(3, 3)
    running = [0, 0, 0]
    for k, g in enumerate(result.games):
        running = [t + s for t, s in zip(running, g.scores, strict=True)]
        over = max(running) >= 150
        assert over == (k == len(result.games) - 1)
    assert tuple(running) == result.totals
    best = max(result.totals)
    assert result.winners == tuple(q for q, t in enumerate(result.totals) if t == best)
    assert result.complete


def test_max_games_stops_early_without_winners() -> None:
    _, result = _match(4, 1, options="target=5000", max_games=2)
    assert len(result.games) == 2
    assert not result.complete and result.winners == ()


def test_the_result_records_deals_actions_and_ledgers() -> None:
    spec, result = _match(2, 8, max_games=1)
    g = result.games[0]
    assert sorted(g.deck) == list(range(52))
    assert g.actions[0][0] == g.starter
    assert sum(i.points for i in g.ledger) == sum(g.scores)
    assert result.players == ("r0", "r1")
    assert result.config == "dummy(players=2,target=150)"
    assert g.seed is not None and spec.make_game(configure("dummy", players=2)[1]).deal_order(g.seed) == g.deck


def test_wrong_number_of_players_is_refused() -> None:
    spec, config = configure("dummy", players=3)
    with pytest.raises(ValueError, match="3 seats, 2 players"):
        run_match(spec, config, [RandomPlayer(), RandomPlayer()], 1)


class _Cheater:
    """Discards a card it does not hold on its first choice."""

    name = "cheater"

    def __init__(self) -> None:
        self.rejections: list[IllegalActionError] = []

    def choose(self, view: DummyView, legal: Sequence[DummyAction], rng: Random) -> DummyAction:
        if not self.rejections:
            missing = next(c for c in range(52) if not view.hand >> c & 1)
            return Discard(missing)
        return legal[0]


def test_an_illegal_choice_from_a_bot_raises_with_the_rule() -> None:
    spec, config = configure("dummy", players=2)
    with pytest.raises(IllegalActionError) as e:
        run_match(spec, config, [_Cheater(), _Cheater()], 1, max_games=1)
    assert e.value.rule in (18, 30)


def test_a_correctable_player_is_told_the_rule_and_asked_again() -> None:
    class Correctable(_Cheater):
        def rejected(self, action: DummyAction, error: IllegalActionError) -> None:
            self.rejections.append(error)

    spec, config = configure("dummy", players=2)
    p = Correctable()
    result = run_match(spec, config, [p, RandomPlayer()], 1, max_games=1)
    assert len(p.rejections) == 1 and p.rejections[0].rule in (18, 30)
    assert result.games[0].actions  # the game went on


def test_the_observer_sees_every_action_and_game_in_order() -> None:
    events: list[tuple[Any, ...]] = []

    class Recorder(MatchObserver):
        def game_started(self, index: int, setup: GameSetup) -> None:
            events.append(("start", index, setup.starter))

        def action_played(self, index: int, number: int, seat: int, text: str) -> None:
            events.append(("action", index, number, seat, text))

        def game_finished(self, index: int, result: GameResult, totals: tuple[int, ...]) -> None:
            events.append(("end", index, totals))

    _, result = _match(2, 4, max_games=2, observer=Recorder())
    expected: list[tuple[Any, ...]] = []
    totals = (0, 0)
    for k, g in enumerate(result.games):
        expected.append(("start", k, g.starter))
        expected += [("action", k, n, seat, text) for n, (seat, text) in enumerate(g.actions)]
        totals = tuple(t + s for t, s in zip(totals, g.scores, strict=True))  # type: ignore[assignment]
        expected.append(("end", k, totals))
    assert events == expected


# ---------------------------------------------------------------------------------------------
# Crafted games: a โง่ then a knock, so the starting seats and directions are known in advance.


def _crafted(spec: GameSpec, config: Any, setup: GameSetup, actions: list[tuple[int, str]]) -> tuple[Any, GameResult]:
    """Play ``actions`` from ``setup`` with checked applies; the final state and its GameResult."""
    game = spec.make_game(config)
    state = spec.start_game(game, setup)
    for seat, text in actions:
        state = game.apply(state, game.parse_action(text), seat)
    assert game.is_terminal(state)
    ledger = tuple(LedgerLine.of(i) for i in game.ledger(state))
    return state, GameResult(setup.deck, setup.starter, setup.direction, tuple(actions), game.returns(state), ledger)


def test_crafted_fool_then_knock_fix_the_next_starters_and_directions() -> None:
    spec, config = configure("dummy(players=3,target=1000)")
    # Game 1, clockwise from seat 0: seat 0 discards 7h, seat 1 collects just that card into
    # 7h8h9h and knocks at once: a โง่ (rule 27), so seat 1 starts game 2 (rule 7) and the
    # direction reverses (rule 8).
    deck1 = deck_for(
        ["7h 2h 3h 4s 6s 8s Ts Ah Qc", "8h 9h 2c 3c 4c 5d 6d 7d Kc", "Js Qs Ks As 9c Tc 9d Td Jd"], "Jc", "Jh"
    )
    first, game1 = _crafted(
        spec,
        config,
        GameSetup(0, tuple(deck1), 0, 1, (0, 0, 0)),
        [(0, "D"), (0, "X 7h"), (1, "C1 7h8h9h"), (1, "K Kc 2c3c4c 5d6d7d")],
    )
    assert any(i.code == "ngo" and i.seat == 0 for i in game1.ledger)
    assert spec.next_game(first) == (1, -1)
    # Game 2, counter-clockwise from seat 1: seat 1 draws and knocks (no โง่): seat 1 starts
    # game 3 and the direction stays reversed.
    deck2 = deck_for(
        ["2c 5c 9c 3d 8d Jd 4h 7h Qh", "2s 3s 4s 5s 6s 7s 8s 9s Ts", "3c 6c Tc 4d 9d Qd 5h 8h Kh"],
        "Ac",
        "Ad",
        starter=1,
        direction=-1,
    )
    second, game2 = _crafted(
        spec, config, GameSetup(1, tuple(deck2), 1, -1, game1.scores), [(1, "D"), (1, "K Ad 2s3s4s 5s6s7s 8s9sTs")]
    )
    assert spec.next_game(second) == (1, -1)
    totals = tuple(a + b for a, b in zip(game1.scores, game2.scores, strict=True))
    match = MatchResult("dummy", config.to_string(), ("a", "b", "c"), None, (game1, game2), totals, (), False)
    assert verify_record(make_record(match, "2025-01-31T14:05:00Z")) is None
    wrong_starter = dataclasses.replace(game2, starter=2)
    problem = verify_record(make_record(dataclasses.replace(match, games=(game1, wrong_starter)), "x"))
    assert problem is not None and (problem.game, problem.rule) == (1, 7)
    wrong_way = dataclasses.replace(game2, direction=1)
    problem = verify_record(make_record(dataclasses.replace(match, games=(game1, wrong_way)), "x"))
    assert problem is not None and (problem.game, problem.rule) == (1, 8)


# ---------------------------------------------------------------------------------------------
# The runner builds nothing nobody reads (issue 16.4), and the games stay the same.


def _counted_match(players: list[Any], seed: int = 3) -> tuple[dict[str, int], MatchResult]:
    """One game with a Dummy facade that counts its ``observe``, ``apply`` and ``action_text`` calls."""
    calls = {"observe": 0, "apply": 0, "action_text": 0}

    class Counting(DummyGame):
        __slots__ = ()

        def observe(self, s: Any, seat: int) -> Any:
            calls["observe"] += 1
            return DummyGame.observe(self, s, seat)

        def apply(self, s: Any, a: Any, seat: int | None = None) -> Any:
            calls["apply"] += 1
            return DummyGame.apply(self, s, a, seat)

        def action_text(self, a: Any) -> str:
            calls["action_text"] += 1
            return DummyGame.action_text(self, a)

    spec, config = configure("dummy", players=len(players))
    counting = dataclasses.replace(spec, make_game=Counting)
    return calls, run_match(counting, config, players, seed, max_games=1)


def test_random_players_get_no_view_and_no_checked_apply() -> None:
    calls, result = _counted_match([RandomPlayer(), RandomPlayer()])
    assert calls["observe"] == 0 and calls["apply"] == 0
    assert calls["action_text"] == 0  # nobody read the texts yet
    n = len(result.games[0].actions)
    assert calls["action_text"] == 0 and n > 10
    spec, config = configure("dummy", players=2)
    plain = run_match(spec, config, [RandomPlayer(), RandomPlayer()], 3, max_games=1)
    assert result == plain and list(result.games[0].actions) == list(plain.games[0].actions)
    assert calls["action_text"] == n  # each text made once, when first read


def test_a_player_reading_views_gets_its_own_and_an_equal_copy_is_checked() -> None:
    """A choice equal to a legal action but not the listed object goes through the checked apply."""
    seen: list[int] = []

    class Reparsing:
        name = "reparse"

        def choose(self, view: DummyView, legal: Sequence[DummyAction], rng: Random) -> DummyAction:
            assert view is not None
            seen.append(view.seat)
            action = legal[rng.randrange(len(legal))]
            return dataclasses.replace(action)

    calls, result = _counted_match([Reparsing(), RandomPlayer()])
    seat0 = sum(1 for q, _ in result.games[0].actions if q == 0)
    assert seen and set(seen) == {0} and len(seen) == seat0
    assert calls["observe"] == seat0 and calls["apply"] == seat0
    assert verify_record(make_record(result)) is None


def test_action_texts_equal_tuples_and_pickle_as_tuples() -> None:

    _, result = _match(2, 8, max_games=1)
    texts = result.games[0].actions
    as_tuple = tuple(texts)
    assert texts == as_tuple and as_tuple == texts and hash(texts) == hash(as_tuple)
    assert texts[0] == as_tuple[0] and texts[:3] == as_tuple[:3]
    assert pickle.loads(pickle.dumps(texts)) == as_tuple and type(pickle.loads(pickle.dumps(texts))) is tuple
    assert pickle.loads(pickle.dumps(result)) == result


@pytest.mark.parametrize("text", ["dummy(players=2)", "dummy(players=4)", "contract(players=3)", "contract(players=5)"])
def test_the_runner_s_scores_are_the_game_s_returns(text: str) -> None:
    """The runner sums each game's ledger (``ledger_scores``); the games' ``returns`` are those sums."""
    spec, config = configure(text)
    game = spec.make_game(config)
    players = [RandomPlayer() for _ in range(game.players)]
    result = run_match(spec, config, players, 17, max_games=3)
    totals = (0,) * game.players
    for k, g in enumerate(result.games):
        state = spec.start_game(game, GameSetup(k, g.deck, g.starter, g.direction, totals, g.seed))
        for _, text_ in g.actions:
            state = game.apply(state, game.parse_action(text_))
        assert game.returns(state) == g.scores == ledger_scores(g.ledger, game.players)
        totals = tuple(t + s for t, s in zip(totals, g.scores, strict=True))


def test_single_games_repeat_for_a_seed_and_deal_as_their_recorded_match_seed() -> None:
    """``single_games``: the same run for a seed; game ``k``'s deal and starter are the first game's
    of its recorded match seed (what a record's ``seed`` promises), and every game replays."""
    spec, config = configure("dummy", players=4)
    players = [RandomPlayer(f"r{q}") for q in range(4)]
    a = list(single_games(spec, config, players, 9, 12))
    assert a == list(single_games(spec, config, players, 9, 12))
    assert [m.games[0].deck for m in a] != [m.games[0].deck for m in single_games(spec, config, players, 10, 12)]
    seeds = make_rng("samrap-games:9")
    for m in a:
        assert m.seed == seeds.getrandbits(SEED_BITS) and len(m.games) == 1 and not m.complete
        first = run_match(spec, config, players, m.seed, max_games=1).games[0]
        g = m.games[0]
        assert (g.deck, g.starter, g.direction, g.seed) == (first.deck, first.starter, first.direction, first.seed)
        assert verify_record(make_record(m)) is None


def test_single_games_seed_each_seat_once_a_run_and_one_deal_stream_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's seat generators are the first match's, made once (not per game); the first game is
    that match's first game; and a seat's player never moves a deal."""
    import samrap.engine.match as match

    made: list[int | str] = []

    def counting(seed: int | str) -> Random:
        made.append(seed)
        return make_rng(seed)

    def reseeding(rng: Random, seed: int | str) -> Random:
        made.append(seed)
        return reseed(rng, seed)

    monkeypatch.setattr(match, "make_rng", counting)
    monkeypatch.setattr(match, "reseed", reseeding)
    spec, config = configure("dummy", players=3)
    players = [RandomPlayer(f"r{q}") for q in range(3)]
    run = list(single_games(spec, config, players, 4, 10))
    first = run[0].seed
    assert first is not None
    # the run's stream, one generator reseeded as each game's deal stream, the first match's seats
    assert made[:5] == ["samrap-games:4", 0, *(f"samrap-match:{first}:seat:{q}" for q in range(3))]
    assert made[5:] == [f"samrap-match:{m.seed}:deal" for m in run]  # one deal stream per game, no seat's
    made.clear()
    assert run[0] == run_match(spec, config, players, first, max_games=1)  # the first game is its match's

    class FirstLegal:
        name = "first"

        def choose(self, view: object, legal: Sequence[DummyAction], rng: Random) -> DummyAction:
            return legal[0]

    other = list(single_games(spec, config, [FirstLegal(), *players[1:]], 4, 10))
    assert [m.games[0].deck for m in other] == [m.games[0].deck for m in run]
    assert [m.games[0].starter for m in other] == [m.games[0].starter for m in run]
    assert [m.games[0].actions for m in other] != [m.games[0].actions for m in run]


def test_a_game_past_its_length_bound_is_a_rules_bug() -> None:
    spec, config = configure("dummy", players=2)
    players = [RandomPlayer(), RandomPlayer()]
    played = run_match(spec, config, players, 3, max_games=1)
    length = len(played.games[0].actions)
    assert length > 5
    exact = dataclasses.replace(spec, max_game_length=lambda config: length)
    assert run_match(exact, config, players, 3, max_games=1) == played  # the bound itself is allowed
    short = dataclasses.replace(spec, max_game_length=lambda config: 5)
    with pytest.raises(RuntimeError, match="ran past 5 actions"):
        run_match(short, config, players, 3, max_games=1)
    zero = dataclasses.replace(spec, max_game_length=lambda config: 0)
    with pytest.raises(RuntimeError, match="ran past 0 actions"):
        run_match(zero, config, players, 3, max_games=1)


@dataclasses.dataclass(frozen=True)
class _AskedRandom:
    """A random player the runner must ask (no ``draws_uniformly``): the general loop's twin."""

    name: str = "random"
    ignores_view = True

    def choose(self, view: object, legal: Sequence[Any], rng: Random) -> Any:
        return rng.choice(legal)


@pytest.mark.parametrize("text", ["dummy(players=4)", "contract(players=4)"])
def test_the_runner_drawing_for_random_players_plays_what_asking_them_plays(text: str) -> None:
    """Random players' draws made by the runner (``draws_uniformly``) are the very games their
    ``choose`` calls give: the same actions, scores and ledgers, game after game of a run."""
    spec, config = resolve(text)
    assert draws_uniformly(RandomPlayer()) and not draws_uniformly(_AskedRandom())
    drawn = list(single_games(spec, config, [RandomPlayer() for _ in range(4)], 5, 3))
    asked = list(single_games(spec, config, [_AskedRandom() for _ in range(4)], 5, 3))
    assert [r.games for r in drawn] == [r.games for r in asked]
    assert all(len(r.games[0].actions) > 0 for r in drawn)


class _SubRandom(Random):
    """A ``Random`` subclass drawing as ``Random`` does: the runner may not assume so, and asks."""


@pytest.mark.parametrize("text", ["dummy(players=4)", "contract(players=3)"])
def test_the_runners_written_out_draw_is_rng_choice(text: str) -> None:
    """The runner's draw for random players on plain generators (``Random.choice`` written out)
    plays what the seats' ``choose`` plays on a subclass's generators (the general loop, which
    calls ``rng.choice``): the same actions and final states, and the generators end alike."""
    spec, config = resolve(text)
    game = spec.make_game(config)
    players = [RandomPlayer() for _ in range(game.players)]
    for seed in range(12):
        setup = GameSetup(0, game.deal_order(seed), spec.first_starter(game, seed), 1, (0,) * game.players, seed)
        plain = [Random(f"{seed}:{q}") for q in range(game.players)]
        sub = [_SubRandom(f"{seed}:{q}") for q in range(game.players)]
        final, actions = play_game(spec, game, setup, players, plain)
        final_sub, actions_sub = play_game(spec, game, setup, players, sub)
        assert final == final_sub and actions == actions_sub and len(actions) > 0
        assert [r.getstate() for r in plain] == [r.getstate() for r in sub]


def test_the_runner_draws_only_for_uniform_players_on_plain_generators() -> None:
    """``seat_draws`` (asked once a match, or once a ``single_games`` run) gives each seat's
    ``getrandbits`` when every player draws uniformly from a plain ``Random``, else ``None``:
    one asked player or one subclass's generator sends every seat to ``choose``."""
    plain = [Random(q) for q in range(3)]
    draws = seat_draws([RandomPlayer() for _ in range(3)], plain)
    assert draws is not None and [d.__self__ for d in draws] == plain  # type: ignore[attr-defined]
    assert seat_draws([RandomPlayer(), _AskedRandom(), RandomPlayer()], plain) is None
    assert seat_draws([RandomPlayer() for _ in range(3)], [Random(0), _SubRandom(1), Random(2)]) is None


def test_the_runners_results_are_their_classes_own() -> None:
    """The runner writes its results through their slots (``_game_result``, ``_match_result``):
    every field set, in the classes' own order, each result equal to and hashing as the one
    their constructors make from the same fields."""
    game_fields = ["deck", "starter", "direction", "actions", "scores", "ledger", "seed"]
    match_fields = ["game", "config", "players", "seed", "games", "totals", "winners", "complete"]
    assert [f.name for f in dataclasses.fields(GameResult)] == game_fields
    assert [f.name for f in dataclasses.fields(MatchResult)] == match_fields
    spec, config = resolve("dummy(players=2)")
    seats = [RandomPlayer(), RandomPlayer()]
    for m in [run_match(spec, config, seats, 4, max_games=3), *single_games(spec, config, seats, 4, 3)]:
        made = MatchResult(*(getattr(m, name) for name in match_fields))
        assert type(m) is MatchResult and m == made and hash(m) == hash(made) and repr(m) == repr(made)
        for g in m.games:
            again = GameResult(*(getattr(g, name) for name in game_fields))
            assert type(g) is GameResult and g == again and hash(g) == hash(again) and repr(g) == repr(again)
