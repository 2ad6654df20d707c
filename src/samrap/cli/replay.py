"""``samrap replay``: re-play a record, check every action and score, print the score tables.

Exit codes: 0 the record is valid; 1 it is a record but something in it breaks the rules (the
message names the game, the action number, the action and the rule); 2 the file is not a record
(the message says where it is malformed) or cannot be read.
"""

from __future__ import annotations

from typing import Any

from samrap.engine.fairness import verify_commitments
from samrap.engine.record import Record, ReplayReport, record_summary

NO_COMMITMENT = "no shuffle commitment in this record (only server records carry them); nothing further to verify"


def commitment_lines(record: Record) -> tuple[list[str], bool]:
    """``--verify``: one line per game's shuffle commitment, and whether none of them fails."""
    checks = verify_commitments(record)
    if all(c.ok is None for c in checks):
        return [NO_COMMITMENT], True
    marks = {True: "fair", False: "MISMATCH", None: "none"}
    lines = [f"shuffle commitment, game {c.game + 1}: {marks[c.ok]}: {c.message}" for c in checks]
    return lines, all(c.ok is not False for c in checks)


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
