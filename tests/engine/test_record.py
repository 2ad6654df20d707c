"""Records: writer/reader round trip, the JSON Schema, located errors and replay verification."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from samrap.engine.match import MatchResult, run_match
from samrap.engine.record import (
    Record,
    RecordError,
    ReplayProblem,
    dumps_record,
    loads_record,
    make_record,
    parse_record,
    read_record,
    record_to_dict,
    replay_record,
    verify_record,
    write_record,
)
from samrap.engine.registry import configure
from samrap.players import RandomPlayer

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "records.schema.json").read_text(encoding="utf-8"))
DATE = "2025-01-31T14:05:00Z"


@cache
def _match(game: str, seed: int) -> MatchResult:
    spec, config = configure(game)
    players = [RandomPlayer(f"bot{q}") for q in range(config.players)]
    return run_match(spec, config, players, seed)


def _record(game: str = "dummy(players=3,target=300)", seed: int = 1) -> Record:
    return make_record(_match(game, seed), DATE)


def _doc(game: str = "dummy(players=3,target=300)", seed: int = 1) -> dict[str, Any]:
    return copy.deepcopy(record_to_dict(_record(game, seed)))


# ---------------------------------------------------------------------------------------------
# Writing and reading


@pytest.mark.parametrize(
    "game", ["dummy(players=2,target=150)", "dummy(players=3,target=150)", "dummy(players=4,target=100)"]
)
def test_round_trip_through_text(game: str, tmp_path: Path) -> None:
    record = _record(game)
    text = dumps_record(record)
    assert loads_record(text) == record
    assert dumps_record(loads_record(text)) == text
    path = tmp_path / "match.json"
    write_record(path, record)
    assert read_record(path) == record


def test_the_writer_puts_one_action_per_line() -> None:
    text = dumps_record(_record())
    first = _record().match.games[0]
    seat, action = first.actions[0]
    assert f'        {{"seat": {seat}, "action": "{action}"}},\n' in text


def test_make_record_dates_in_utc_by_default() -> None:
    date = make_record(_match("dummy(players=2,target=150)", 1)).date
    assert date.endswith("Z") and len(date) == len("2025-01-31T14:05:00Z")


@pytest.mark.parametrize(
    "game",
    [
        "dummy(players=2,target=150)",
        "dummy(players=3,target=150)",
        "dummy(players=4,target=100)",
        "dummy(preset=modern,players=4,target=100)",
        "dummy(players=2,target=100,two_player_burn=true,ace_low=true)",
    ],
)
def test_written_records_satisfy_the_json_schema(game: str) -> None:
    doc = json.loads(dumps_record(_record(game)))
    jsonschema.validate(doc, SCHEMA, cls=jsonschema.Draft202012Validator)


def test_the_schema_itself_is_valid_and_rejects_a_bad_deck() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    doc = _doc()
    doc["games"][0]["deck"][0] = "1x"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, SCHEMA, cls=jsonschema.Draft202012Validator)


# ---------------------------------------------------------------------------------------------
# Malformed records: where, and what


def _error(doc: object) -> RecordError:
    with pytest.raises(RecordError) as e:
        parse_record(doc)
    return e.value


def _edit(path: str, value: object) -> dict[str, Any]:
    """A record with the value at a dotted path (``games.0.actions.3.action``) replaced."""
    doc = _doc()
    node: Any = doc
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    for k in keys[:-1]:
        node = node[k]
    node[keys[-1]] = value
    return doc


@pytest.mark.parametrize(
    ("path", "value", "where", "says"),
    [
        ("format", "pgn", "format", "expected 'samrap-record'"),
        ("version", 2, "version", "not supported"),
        ("version", "1", "version", "whole number"),
        ("game", "chess", "game", "unknown game"),
        ("config", "dummy(players=9)", "config", "players"),
        ("config", "contract(players=4)", "config", "not a dummy config"),
        ("players", ["a", "b"], "players", "3 seats"),
        ("players", ["a", "b", 3], "players[2]", "string"),
        ("seed", "x", "seed", "whole number"),
        ("result.totals", [1, 2], "result.totals", "3 numbers"),
        ("result.winners", [5], "result.winners[0]", "out of range"),
        ("result.complete", 1, "result.complete", "true or false"),
        ("games", {}, "games", "list"),
        ("games.0.deck.5", "Zz", "games[0].deck[5]", "not a card"),
        ("games.0.deck.5", 7, "games[0].deck[5]", "string"),
        ("games.1.starter", 3, "games[1].starter", "out of range"),
        ("games.1.direction", 0, "games[1].direction", "1 or -1"),
        ("games.0.actions.3", ["D"], "games[0].actions[3]", "object"),
        ("games.0.actions.3.seat", True, "games[0].actions[3].seat", "whole number"),
        ("games.0.actions.3.action", "jump", "games[0].actions[3].action", "not a Dummy action"),
        ("games.0.actions.3.action", "X 1z", "games[0].actions[3].action", "not a card"),
        ("games.0.scores", [0, 0], "games[0].scores", "3 numbers"),
        ("games.0.ledger.0.points", 1.5, "games[0].ledger[0].points", "whole number"),
        ("metadata", {"people": [7]}, "metadata.people[0]", "out of range"),
        ("metadata", {"people": 0}, "metadata.people", "list"),
    ],
)
def test_malformed_records_are_reported_with_their_location(path: str, value: object, where: str, says: str) -> None:
    e = _error(_edit(path, value))
    assert e.path == where
    assert says in e.message
    assert str(e).startswith(f"{where}: ")


def test_a_repeated_card_is_reported_on_the_deck() -> None:
    doc = _doc()
    doc["games"][0]["deck"][1] = doc["games"][0]["deck"][0]
    e = _error(doc)
    assert e.path == "games[0].deck"
    assert "repeated" in e.message and "missing" in e.message


def test_missing_and_unknown_keys() -> None:
    doc = _doc()
    del doc["games"][0]["ledger"]
    e = _error(doc)
    assert (e.path, e.message) == ("games[0]", "missing key 'ledger'")
    doc = _doc()
    doc["games"][0]["actions"][0]["comment"] = "!"
    assert _error(doc).path == "games[0].actions[0].comment"


@pytest.mark.parametrize(
    ("text", "where"),
    [("", "line 1 column 1"), ("{\n  'x': 1}", "line 2 column 3"), ("[1, 2]", "record"), ("null", "record")],
)
def test_text_that_is_not_a_record(text: str, where: str) -> None:
    with pytest.raises(RecordError) as e:
        loads_record(text)
    assert e.value.path == where


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(RecordError, match="not UTF-8"):
        read_record(path)


# ---------------------------------------------------------------------------------------------
# Replay: every action checked, every claim compared


def _replay(doc: dict[str, Any]) -> ReplayProblem | None:
    return verify_record(parse_record(doc))


def test_an_honest_record_replays_to_its_result() -> None:
    record = _record()
    directions = [g.direction for g in record.match.games]
    assert len(directions) >= 3 and -1 in directions  # the sample exercises rules 7 and 8
    report = replay_record(record)
    assert report.is_valid and report.problem is None
    assert report.games == record.match.games
    assert report.totals == record.match.totals and report.winners == record.match.winners


def _first_discard(doc: dict[str, Any], game: int) -> int:
    return next(k for k, a in enumerate(doc["games"][game]["actions"]) if a["action"].startswith("X "))


def test_a_tampered_action_names_the_game_action_and_rule() -> None:
    doc = _doc()
    k = _first_discard(doc, 1)
    held = doc["games"][1]["actions"][k]["action"]
    # Discard a card this seat does not hold: the first upcard is never in a hand at the start.
    upcard = doc["games"][1]["deck"][len(doc["players"]) * 9]
    doc["games"][1]["actions"][k]["action"] = f"X {upcard}"
    problem = _replay(doc)
    assert problem is not None
    assert (problem.game, problem.action, problem.action_text, problem.rule) == (1, k, f"X {upcard}", 18)
    assert problem.describe().startswith(f"game 2, action {k + 1} (games[1].actions[{k}]) 'X {upcard}': rule 18: ")
    assert held != f"X {upcard}"


def test_an_action_by_the_wrong_seat_breaks_rule_6() -> None:
    doc = _doc()
    doc["games"][0]["actions"][0]["seat"] = (doc["games"][0]["actions"][0]["seat"] + 1) % 3
    problem = _replay(doc)
    assert problem is not None and (problem.game, problem.action, problem.rule) == (0, 0, 6)


def test_a_tampered_score_is_detected() -> None:
    doc = _doc()
    doc["games"][0]["scores"][1] += 5
    problem = _replay(doc)
    assert problem is not None
    assert (problem.game, problem.action, problem.rule) == (0, None, "22-28")
    assert "recorded scores" in problem.message


def test_a_tampered_ledger_is_detected() -> None:
    doc = _doc()
    doc["games"][0]["ledger"][0]["points"] += 5
    problem = _replay(doc)
    assert problem is not None and problem.game == 0 and "ledger[0]" in problem.message


def test_a_wrong_starting_seat_breaks_rule_7_and_a_wrong_direction_rule_8() -> None:
    doc = _doc()
    doc["games"][1]["starter"] = (doc["games"][1]["starter"] + 1) % 3
    problem = _replay(doc)
    assert problem is not None and (problem.game, problem.rule) == (1, 7)
    doc = _doc()
    doc["games"][1]["direction"] *= -1
    problem = _replay(doc)
    assert problem is not None and (problem.game, problem.rule) == (1, 8)


def test_the_first_game_must_match_its_seed() -> None:
    doc = _doc()
    doc["games"][0]["deck"][0], doc["games"][0]["deck"][1] = doc["games"][0]["deck"][1], doc["games"][0]["deck"][0]
    problem = _replay(doc)
    assert problem is not None and "seed" in problem.message
    doc = _doc()
    doc["games"][0]["starter"] = (doc["games"][0]["starter"] + 1) % 3
    problem = _replay(doc)
    assert problem is not None and problem.rule == 6


def test_a_deal_without_a_seed_is_accepted() -> None:
    doc = _doc()
    for g in doc["games"]:
        g["seed"] = None
    assert _replay(doc) is None


def test_a_game_cut_short_is_not_over() -> None:
    doc = _doc()
    doc["games"][0]["actions"].pop()
    problem = _replay(doc)
    assert problem is not None and problem.game == 0 and "not over" in problem.message


def test_an_action_after_the_end_of_a_game() -> None:
    doc = _doc()
    doc["games"][0]["actions"].append({"seat": 0, "action": "D"})
    problem = _replay(doc)
    assert problem is not None and problem.action == len(doc["games"][0]["actions"]) - 1
    assert "over" in problem.message


def test_a_game_after_the_match_ended_breaks_rule_39() -> None:
    doc = _doc()
    doc["games"].append(copy.deepcopy(doc["games"][-1]))
    problem = _replay(doc)
    assert problem is not None and (problem.game, problem.rule) == (len(doc["games"]) - 1, 39)


def test_header_result_is_checked() -> None:
    doc = _doc()
    doc["result"]["totals"][0] += 1
    problem = _replay(doc)
    assert problem is not None and problem.game is None and problem.path == "result"
    doc = _doc()
    doc["result"]["winners"] = [q for q in range(3) if q not in doc["result"]["winners"]][:1]
    problem = _replay(doc)
    assert problem is not None and problem.rule == 39
    doc = _doc()
    doc["result"]["complete"] = False
    problem = _replay(doc)
    assert problem is not None and "incomplete" in problem.message


def test_an_incomplete_match_record_replays() -> None:
    spec, config = configure("dummy(players=2,target=5000)")
    result = run_match(spec, config, [RandomPlayer(), RandomPlayer()], 3, max_games=2)
    assert verify_record(make_record(result, DATE)) is None
