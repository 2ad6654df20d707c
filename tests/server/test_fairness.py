"""Shuffle commitments: the hash, its check, and records that carry them."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import jsonschema

from samrap.engine.fairness import Commitment, commit, commitment_hash, deck_text, is_opened_by, verify_commitments
from samrap.engine.match import run_match
from samrap.engine.record import dumps_record, loads_record, make_record
from samrap.engine.registry import get_spec
from samrap.players import RandomPlayer

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_committed_message_is_exactly_as_documented() -> None:
    spec = get_spec("dummy")
    deck = list(range(52))
    text = deck_text(spec, spec.default_config, deck)
    assert text.startswith("2c 3c 4c") and text.count(" ") == 51
    expected = hashlib.sha256((text + "\n" + "ab12").encode()).hexdigest()
    assert commitment_hash(text, "ab12") == expected
    c = commit(spec, spec.default_config, deck, "ab12")
    assert c == Commitment(expected, "ab12")
    assert is_opened_by(c, spec, spec.default_config, deck)
    assert not is_opened_by(c, spec, spec.default_config, deck[1:] + deck[:1])
    assert not is_opened_by(Commitment(expected, "ab13"), spec, spec.default_config, deck)


def test_records_carry_commitments_through_json_and_the_schema() -> None:
    spec = get_spec("dummy")
    config = spec.parse_config("dummy(players=2,target=1)", spec.default_config)
    match = run_match(spec, config, [RandomPlayer("a"), RandomPlayer("b")], seed=4)
    commitments = tuple(commit(spec, config, g.deck, f"{k:02x}" * 32) for k, g in enumerate(match.games))
    text = dumps_record(make_record(match, commitments=commitments))
    schema = json.loads((DOCS / "records.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(text), schema)
    back = loads_record(text)
    assert back.commitments == commitments
    assert all(c.ok for c in verify_commitments(back))
    plain = loads_record(dumps_record(make_record(match)))
    assert plain.commitments == () and all(c.ok is None for c in verify_commitments(plain))
    bad = json.loads(text)
    bad["games"][0]["commitment"]["sha256"] = "0" * 64
    assert verify_commitments(loads_record(json.dumps(bad)))[0].ok is False
