"""A third game through every game-agnostic layer, registered only through the registry (28.1).

Tiny Rummy (``game.py``, ``spec.py``) adds nothing outside this package but one
``register_game`` call; the match runner, records and replay, the random and search bots and a
tournament must then take it as they take Dummy and Contract Rummy.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest

from samrap.engine.match import run_match
from samrap.engine.record import dumps_record, loads_record, make_record, replay_record, verify_record
from samrap.engine.registry import GAMES, find_game, register_game, resolve, unregister_game
from samrap.engine.tournament import run_tournament
from samrap.env.bots import make_player
from samrap.players.levels import make_bot
from tests.games.tiny.game import Discard, Draw, TinyConfig, TinyGame, is_meld, parse_card
from tests.games.tiny.spec import tiny_spec


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    register_game("tiny", tiny_spec)
    try:
        yield
    finally:
        unregister_game("tiny")


def test_the_registry_finds_it_by_name_and_config_string() -> None:
    assert "tiny" in GAMES
    spec, config = resolve("tiny(players=3)")
    assert spec.name == "tiny" and config == TinyConfig(players=3)
    assert find_game("tiny").config == TinyConfig()
    with pytest.raises(ValueError, match="registered already"):
        register_game("tiny", tiny_spec)


def test_its_own_rules() -> None:
    """Rule 3: a set or a run of three; rule 2: draw, then discard."""
    assert is_meld(sum(1 << parse_card(t) for t in ("3c", "3d", "3h")))
    assert is_meld(sum(1 << parse_card(t) for t in ("Ah", "2h", "3h")))
    assert not is_meld(sum(1 << parse_card(t) for t in ("Ah", "2h", "4h")))
    game = TinyGame(TinyConfig())
    s = game.new_game(7)
    assert game.legal_moves(s) == [Draw()]
    s = game.apply(s, Draw())
    assert all(isinstance(a, Discard) for a in game.legal_moves(s)) and len(game.legal_moves(s)) == 4


@pytest.mark.parametrize("bots", [("random", "random"), ("random", "ismcts:iters=20")])
def test_a_match_is_recorded_and_replays(bots: tuple[str, str]) -> None:
    spec, config = resolve("tiny")
    game = spec.make_game(config)
    players = [make_bot(b, game, name=f"{b}-{q}") for q, b in enumerate(bots)]
    match = run_match(spec, config, players, seed=11)
    assert match.complete and match.games
    record = loads_record(dumps_record(make_record(match, date="2026-12-06T00:00:00Z")))
    report = replay_record(record)
    assert report.is_valid, report.problem
    assert verify_record(record) is None
    assert report.totals == record.match.totals == match.totals


def test_the_search_bot_takes_a_winning_discard() -> None:
    """ISMCTS works from the protocol alone (random playouts for a game without a heuristic):
    holding 3c 3d 3h 4c after the draw, it throws 4c and wins (rule 3)."""
    game = TinyGame(TinyConfig())
    deck = [parse_card(t) for t in ("3c", "3d", "3h", "Ac", "Ad", "4h", "4c", "2c", "2d", "2h", "Ah", "4d")]
    s = game.apply(game.new_game(deck=deck), Draw())
    bot = make_bot("ismcts:iters=60", game)
    choice = bot.choose(game.observe(s, 0), game.legal_moves(s), Random(3))
    assert choice == Discard(parse_card("4c"))


def test_a_tournament() -> None:
    report = run_tournament("tiny", ["random", "ismcts:iters=10"], deals=2, seed=5, make_player=make_player)
    assert report.game == "tiny"
    assert sum(b.entries for b in report.bots) == 8  # 2 deals x 2 seat rotations x 2 seats


def test_the_env_codec_and_an_aec_episode() -> None:
    """The environments take it through their table of bindings: an AEC episode with uniformly
    random legal ids runs to the end, every id decoding to a legal move."""
    from samrap.env.aec import SamrapAEC
    from samrap.env.binding import binding_for, register_binding, unregister_binding
    from tests.games.tiny.env import tiny_binding

    register_binding("tiny", tiny_binding)
    try:
        binding = binding_for("tiny")
        env = SamrapAEC(binding)
        env.reset(seed=4)
        rng = Random(4)
        steps = 0
        for _ in env.agent_iter(max_iter=100):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            assert obs is not None
            ids = [i for i, m in enumerate(obs["action_mask"]) if m]
            assert ids and all(
                binding.codec.describe(i)
                in ("D", *(f"X {t}" for t in ["Ac", "2c", "3c", "4c", "Ad", "2d", "3d", "4d", "Ah", "2h", "3h", "4h"]))
                for i in ids
            )
            env.step(rng.choice(ids))
            steps += 1
        assert steps > 0 and not env.agents
    finally:
        unregister_binding("tiny")


def test_a_server_table_of_bots_plays_a_match_and_archives_it(tmp_path: Path) -> None:
    """The server takes it from the registry too: a table of two random bots is created, started,
    played to the end of the match and archived as a record that replays."""
    from fastapi.testclient import TestClient

    from samrap.server.app import create_app
    from tests.server.conftest import create, hello, make_settings, recv_until

    with TestClient(create_app(make_settings(tmp_path / "samrap.db"))) as client:
        t = create(
            client,
            game="tiny(players=2,target=1)",
            public=True,
            seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
            settings={"bot_delay_ms": 0},
        )
        code = t["table"]["code"]
        assert t["table"]["game"] == "tiny"
        with client.websocket_connect(f"/ws/tables/{code}") as spectator:
            hello(spectator)
            client.post(f"/api/tables/{code}/start", json={"token": t["host_token"]})
            recv_until(spectator, "view", lambda m: any(e["kind"] == "match_over" for e in m["events"]))
        record = loads_record(client.get(f"/api/games/{code}-1/record").text)
        assert record.match.game == "tiny" and replay_record(record).is_valid


def test_the_analysis_compares_its_moves_by_playouts() -> None:
    """Hints' and reviews' analysis (players/analysis.py) takes a game it has no heuristic for:
    random playouts on deals drawn from the view; the winning discard scores best."""
    from samrap.players.analysis import compare, policy_for

    game = TinyGame(TinyConfig())
    deck = [parse_card(t) for t in ("3c", "3d", "3h", "Ac", "Ad", "4h", "4c", "2c", "2d", "2h", "Ah", "4d")]
    s = game.apply(game.new_game(deck=deck), Draw())
    policy = policy_for(game)
    assert not policy.lower_is_better
    moves = game.legal_moves(s)
    comp = compare(game, game.observe(s, 0), moves, Random(1), 8, policy)
    best = max(comp.outcomes, key=lambda o: o.score)
    assert best.action == Discard(parse_card("4c"))


def test_a_hint_and_a_review_take_the_generic_route() -> None:
    """Without a coach (players/coach.py) the players layer has no heuristic for Tiny Rummy: a hint
    comes from the search bot's own analysis, the moves read in the game's notation, and a review
    of a recorded match labels every decision with the generic kind."""
    from samrap.players.hint import analysed, rank_moves
    from samrap.players.levels import heuristic_for, ismcts_for
    from samrap.players.review import KINDS, review_record
    from samrap.players.words import describe

    game = TinyGame(TinyConfig())
    assert not analysed(game)
    with pytest.raises(ValueError, match="no heuristic bot for 'tiny'"):
        heuristic_for(game)
    deck = [parse_card(t) for t in ("3c", "3d", "3h", "Ac", "Ad", "4h", "4c", "2c", "2d", "2h", "Ah", "4d")]
    s = game.apply(game.new_game(deck=deck), Draw())
    view, legal = game.observe(s, 0), game.legal_moves(s)
    assert describe(game, view, Discard(parse_card("4c")), "th") == "X 4c"
    bot = ismcts_for(game, None)
    hints = rank_moves(game, view, legal, bot, Random(2), lang="th")
    assert sorted(h.text for h in hints) == sorted(game.action_text(a) for a in legal)
    assert all(h.move == h.text for h in hints)  # the notation, the only words the game has

    spec, config = resolve("tiny")
    match = run_match(spec, config, [make_bot("random", game), make_bot("random", game)], seed=3)
    review = review_record(make_record(match, date="2026-12-06T00:00:00Z"), 0, deals=4)
    assert review.decisions and all(d.kind in KINDS for d in review.decisions)


def test_a_registered_coach_is_the_one_the_players_read() -> None:
    """A game brings its players-side facts by one registration, as its GameSpec: its words."""
    from samrap.players.coach import Coach, coach_for, register_coach, unregister_coach
    from samrap.players.words import describe

    game = TinyGame(TinyConfig())
    register_coach("tiny", Coach(describe=lambda view, a, lang: "จั่ว" if isinstance(a, Draw) else "ทิ้ง"))
    try:
        assert describe(game, game.observe(game.new_game(1), 0), Draw(), "th") == "จั่ว"
        with pytest.raises(ValueError, match="has a coach already"):
            register_coach("tiny", Coach())
    finally:
        unregister_coach("tiny")
    assert coach_for("tiny").describe is None
