"""The bot protocol: parser/writer round trips, a scripted (mock) bot, and a real subprocess game."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from random import Random

import pytest

from samrap.engine.botproto import (
    ActionReply,
    BotProtocolError,
    GameOver,
    Go,
    Hello,
    HelloOk,
    Id,
    Info,
    IsReady,
    Legal,
    MockTransport,
    NewGame,
    Obs,
    Quit,
    ReadyOk,
    SyncBotClient,
    parse_command,
    parse_reply,
    write_command,
    write_reply,
)
from samrap.engine.match import run_match
from samrap.engine.registry import resolve
from samrap.games.dummy import DummyConfig, DummyGame
from samrap.players.external import ExternalPlayer
from samrap.players.levels import make_bot

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "external_bot.py"


@pytest.mark.parametrize(
    "command",
    [
        Hello(1),
        IsReady(),
        NewGame("dummy(players=2)", 1),
        Obs("dummy(players=2)|play|seat:0|turn:0"),
        Legal(("D", "C3 7h8h9h", "K Qs 7h8h9h 5c>2")),
        Legal(()),
        Go(),
        Go(iterations=500, movetime_ms=1000, seed=42),
        GameOver((120, -35)),
        Quit(),
    ],
)
def test_commands_round_trip(command: object) -> None:
    line = write_command(command)  # type: ignore[arg-type]
    assert "\n" not in line
    assert parse_command(line) == command


@pytest.mark.parametrize(
    "reply", [Id("name", "my bot 2.0"), HelloOk(), ReadyOk(), Info("iters 1200 value 0.61"), ActionReply("X Qs")]
)
def test_replies_round_trip(reply: object) -> None:
    assert parse_reply(write_reply(reply)) == reply  # type: ignore[arg-type]


def test_exact_lines() -> None:
    assert write_command(Go(iterations=5, seed=7)) == "go iters 5 seed 7"
    assert write_command(Legal(("D", "C0 7h8h9h"))) == "legal D;C0 7h8h9h"
    assert parse_command("newgame dummy(players=2,target=50) seat 1") == NewGame("dummy(players=2,target=50)", 1)


@pytest.mark.parametrize("line", ["hello", "go iters", "go depth 3", "newgame dummy", "rbp one"])
def test_bad_commands(line: str) -> None:
    with pytest.raises(BotProtocolError):
        parse_command(line)


@pytest.mark.parametrize("line", ["bestmove X Qs", "action", "id"])
def test_bad_replies(line: str) -> None:
    with pytest.raises(BotProtocolError):
        parse_reply(line)


def test_an_action_text_may_not_hold_the_separator() -> None:
    with pytest.raises(ValueError):
        write_command(Legal(("D;X",)))


def _mock_session() -> MockTransport:
    t = MockTransport()
    t.expect("rbp 1", "id name mock", "id author tests", "rbpok")
    return t


def test_mock_bot_handshake_and_a_move() -> None:
    t = _mock_session()
    t.expect("isready", "info warming up", "readyok")
    t.expect("newgame dummy(players=2) seat 0")
    t.expect("obs VIEW")
    t.expect("legal D;C0 7h8h9h")
    t.expect("go iters 10 seed 3", "info iters 10", "action C0 7h8h9h")
    t.expect("quit")
    client = SyncBotClient.over(t)
    assert client.name == "mock"
    assert client.client.ids["author"] == "tests"
    client.is_ready()
    client.new_game("dummy(players=2)", 0)
    assert client.choose("VIEW", ["D", "C0 7h8h9h"], Go(iterations=10, seed=3)) == "C0 7h8h9h"
    assert client.client.info == ["warming up", "iters 10"]
    client.close()
    t.assert_done()
    assert t.closed


def test_the_blocking_client_works_inside_a_running_event_loop() -> None:
    """A notebook or an async program already runs a loop in its thread; the blocking client
    runs its own loop in a thread of its own, so it plays there too (python-chess's SimpleEngine)."""
    t = _mock_session()
    t.expect("obs VIEW")
    t.expect("legal D;C0 7h8h9h")
    t.expect("go", "action D")
    t.expect("quit")

    async def inside_a_loop() -> str:
        client = SyncBotClient.over(t)
        try:
            return client.choose("VIEW", ["D", "C0 7h8h9h"], Go())
        finally:
            client.close()

    assert asyncio.run(inside_a_loop()) == "D"
    t.assert_done()


def test_mock_bot_that_plays_an_illegal_action_is_an_error() -> None:
    t = _mock_session()
    t.expect("obs V")
    t.expect("legal D")
    t.expect("go", "action X Qs")
    t.expect("quit")
    client = SyncBotClient.over(t)
    try:
        with pytest.raises(BotProtocolError, match="not one of the legal actions"):
            client.choose("V", ["D"], Go())
    finally:
        client.close()


def test_mock_bot_that_says_nothing_is_an_error() -> None:
    t = _mock_session()
    t.expect("obs V")
    t.expect("legal D")
    t.expect("go")
    t.expect("quit")
    client = SyncBotClient.over(t, timeout=0.2)
    try:
        with pytest.raises(BotProtocolError, match="closed its output"):
            client.choose("V", ["D"], Go())
    finally:
        client.close()


def test_external_player_over_a_mock_transport_sends_the_view_and_legal_texts() -> None:
    game = DummyGame(DummyConfig(players=2))
    s = game.new_game(seed=9)
    view, legal = game.observe(s, s.current), game.legal_moves(s)
    texts = [a.text() for a in legal]
    seed = Random(1).getrandbits(32)
    t = _mock_session()
    t.expect(f"newgame dummy(players=2) seat {s.current}")
    t.expect(f"obs {view.to_string()}")
    t.expect("legal " + ";".join(texts))
    t.expect(f"go seed {seed}", f"action {texts[-1]}")
    player = ExternalPlayer(["unused"], game)
    player._client = SyncBotClient.over(t)
    assert player.choose(view, legal, Random(1)) == legal[-1]
    assert player.name == "mock"
    t.expect("quit")
    player.close()
    t.assert_done()


def test_a_real_subprocess_bot_plays_a_whole_game() -> None:
    spec, cfg = resolve("dummy(players=2)")
    game = spec.make_game(cfg)
    bots = [make_bot(f"external:{sys.executable} {EXAMPLE}", game), make_bot("heuristic", game)]
    try:
        first = run_match(spec, cfg, bots, 21, max_games=1)
    finally:
        bots[0].close()
    assert len(first.games) == 1 and first.games[0].actions
    assert bots[0].name.startswith("external:")
    again = ExternalPlayer([sys.executable, str(EXAMPLE)], game)
    try:
        second = run_match(spec, cfg, [again, bots[1]], 21, max_games=1)
        assert again.name == "example-random"
    finally:
        again.close()
    assert second.games[0].actions == first.games[0].actions  # the go seed makes it repeatable


def test_a_missing_program_is_a_protocol_error() -> None:
    with pytest.raises(BotProtocolError, match="cannot start"):
        SyncBotClient.popen(["/nonexistent/bot-program"])
