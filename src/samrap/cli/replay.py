"""``samrap replay``: re-play a record, check every action and score, print the score tables.

Exit codes: 0 the record is valid; 1 it is a record but something in it breaks the rules (the
message names the game, the action number, the action and the rule); 2 the file is not a record
(the message says where it is malformed) or cannot be read.
"""

from __future__ import annotations

from typing import Any

from samrap.cli.text import say
from samrap.engine.fairness import verify_commitments
from samrap.engine.record import Record, ReplayReport, record_summary
from samrap.engine.registry import get_spec

NO_COMMITMENT = say("replay.no_commitment")


def commitment_lines(record: Record, lang: str = "en") -> tuple[list[str], bool]:
    """``--verify``: one line per game's shuffle commitment, and whether none of them fails."""
    checks = verify_commitments(record)
    if all(c.ok is None for c in checks):
        return [say("replay.no_commitment", lang)], True
    marks = {True: "commitment.fair", False: "commitment.mismatch", None: "commitment.none"}
    unit = get_spec(record.match.game).unit_in(lang)
    lines = [
        say("replay.commitment", lang, unit=unit, number=c.game + 1, mark=say(marks[c.ok], lang), message=c.message)
        for c in checks
    ]
    return lines, all(c.ok is not False for c in checks)


def report_dict(record: Record, report: ReplayReport, verify: bool) -> dict[str, object]:
    out: dict[str, Any] = {
        "valid": report.is_valid,
        "record": dict(record_summary(record)),
        "games": [
            {
                "starter": g.starter,
                "direction": g.direction,
                "actions": len(g.actions),
                "scores": list(g.scores),
                "ledger": [{"seat": i.seat, "item": i.code, "points": i.points, "detail": i.detail} for i in g.ledger],
            }
            for g in report.games
        ],
        "totals": list(report.totals),
        "winners": list(report.winners),
        "problem": report.problem.as_dict() if report.problem else None,
    }
    if verify:
        checks = verify_commitments(record)
        if all(c.ok is None for c in checks):
            out["commitment"] = None
            out["commitment_note"] = NO_COMMITMENT
        else:
            out["commitment"] = {
                "verified": all(c.ok is not False for c in checks),
                "games": [c.as_dict() for c in checks],
            }
    return out
