"""The offline table (samrap.offline.table) natively: it plays run_match's match for a seed, keeps
the server's checks and messages, writes a record replay accepts, and rebuilds from its log."""

from __future__ import annotations

import json
from typing import Any

import pytest

from samrap.engine.match import run_match
from samrap.engine.record import loads_record, verify_record
from samrap.offline.table import LocalError, LocalTable, make_seat_bot, restore

BOTS = {"game": "dummy", "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "easy"}]}


def _play_out(table: LocalTable) -> None:
    while table.bot_step() is not None:
        pass


@pytest.mark.parametrize(
    ("request_body", "seed"),
    [
        (BOTS, 7),
        ({"game": "contract", "config": "players=3", "seats": [{"kind": "bot", "level": "random"}] * 3}, 3),
    ],
)
def test_an_all_bot_table_plays_run_matchs_match(request_body: dict[str, Any], seed: int) -> None:
    table = LocalTable("OFFTEST1", request_body, seed)
    table.start()
    if table.spec.name == "contract":  # one deal is enough: stop after the first game
        while not table.games:
            assert table.bot_step() is not None
    else:
        _play_out(table)
    bots = [make_seat_bot(table.game, str(s["level"])) for s in request_body["seats"]]
    expected = run_match(table.spec, table.config, bots, seed, max_games=len(table.games))
    assert [g.actions for g in table.games] == [tuple(g.actions) for g in expected.games]
    assert [g.deck for g in table.games] == [g.deck for g in expected.games]
    assert [g.scores for g in table.games] == [g.scores for g in expected.games]


def test_a_finished_match_gives_a_record_that_replays() -> None:
    table = LocalTable("OFFTEST2", BOTS, 11)
    table.start()
    _play_out(table)
    assert table.status == "finished"
    (archive_id, text), *_ = table.records.items()
    assert archive_id == "OFFTEST2-1"
    record = loads_record(text)
    assert verify_record(record) is None
    assert record.match.seed == 11 and len(record.commitments) == len(record.match.games)
    over = [e for e in table.events if e["kind"] == "match_over"]
    assert over and over[0]["record"] == archive_id


def test_the_servers_checks_refuse_with_the_protocols_codes() -> None:
    table = LocalTable("OFFTEST3", {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot"}]}, 5)
    with pytest.raises(LocalError) as e:
        table.act(0, table.version, "D")
    assert e.value.code == "not_playing"
    table.start()
    while table.to_move() != 0:
        table.bot_step()
    with pytest.raises(LocalError) as e:
        table.act(0, table.version - 1, "D")
    assert e.value.code == "stale_version"
    with pytest.raises(LocalError) as e:
        table.act(1, table.version, "D")
    assert e.value.code == "not_your_turn"
    with pytest.raises(LocalError) as e:
        table.act(0, table.version, "nonsense!")
    assert e.value.code == "malformed"
    view = table.view(0)
    assert view["t"] == "view" and view["seat"] == 0 and view["legal"]
    assert table.view(1)["legal"] == []  # only the seat to move gets its legal list
    illegal = "X " + "2c" if "X 2c" not in view["legal"] else "K 2c"
    with pytest.raises(LocalError) as e:
        table.act(0, table.version, illegal)
    assert e.value.code in ("illegal_action", "malformed")


def test_a_bad_config_is_a_typed_error() -> None:
    with pytest.raises(LocalError) as e:
        LocalTable("OFFTEST4", {"game": "dummy", "config": "target=-3"}, 1)
    assert e.value.code == "bad_config"
    with pytest.raises(LocalError) as e:
        LocalTable("OFFTEST4", {"game": "dummy", "seats": [{"kind": "bot", "level": "godlike"}] * 2}, 1)
    assert e.value.code == "bad_config"


def test_a_table_rebuilds_from_its_log() -> None:
    table = LocalTable("OFFTEST5", {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot"}]}, 9)
    table.start()
    for _ in range(6):
        if table.to_move() == 0:
            table.act(0, table.version, table.view(0)["legal"][0])
        else:
            table.bot_step()
    log = json.loads(json.dumps(table.log()))  # through JSON, as IndexedDB keeps it
    again = restore(log)
    assert again.view(0)["view"] == table.view(0)["view"]
    assert again.actions == table.actions and again.to_move() == table.to_move()


def test_the_view_shows_only_the_seats_own_hand() -> None:
    table = LocalTable("OFFTEST6", {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot"}]}, 2)
    table.start()
    assert table.view(0)["view"] == str(table.game.observe(table.state, 0).to_string())
    assert table.view(1)["view"] == str(table.game.observe(table.state, 1).to_string())
    assert table.view(0)["view"] != table.view(1)["view"]


def _cases() -> list[tuple[str, str, int]]:
    import dataclasses

    from samrap.core.errors import ConfigError
    from samrap.engine.registry import GAMES

    out = []
    for name, spec in GAMES.items():
        for preset in spec.presets:
            for n in range(1, 11):
                try:
                    dataclasses.replace(spec.default_config, players=n)
                except ConfigError:
                    continue
                out.append((name, preset, n))
    return out


@pytest.mark.parametrize(("game", "preset", "players"), _cases())
def test_every_preset_and_player_count_deals_and_plays(game: str, preset: str, players: int) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    table = LocalTable("OFFALL01", {"game": game, "preset": preset, "seats": seats}, players)
    table.start()
    for _ in range(30):
        if table.to_move() == 0:
            legal = table.view(0)["legal"]
            assert legal
            table.act(0, table.version, legal[-1])
        elif table.bot_step() is None:
            break
    assert table.info()["seats"][0]["kind"] == "human" and len(table.info()["seats"]) == players
