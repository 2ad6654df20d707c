"""``samrap replay``: re-play a record, check every action and score, print the score tables.

Exit codes: 0 the record is valid; 1 it is a record but something in it breaks the rules (the
message names the game, the action number, the action and the rule); 2 the file is not a record
(the message says where it is malformed) or cannot be read.
"""

from __future__ import annotations

from typing import Any

from samrap.engine.record import Record, ReplayReport, record_summary

NO_COMMITMENT = "no shuffle commitment in this record (version 1 records carry none); nothing further to verify"


def report_dict(record: Record, report: ReplayReport, verify: bool) -> dict[str, Any]:
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
        out["commitment"] = None
        out["commitment_note"] = NO_COMMITMENT
    return out
