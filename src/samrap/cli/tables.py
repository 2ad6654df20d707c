"""Rich tables for ledgers and match scores.

Ledger item names come from the game's spec in Thai or English (``--lang``), so a player sees
why they scored what they scored (rules/dummy.md rule 28) in their language; the column heads and
seat labels come from :mod:`samrap.cli.text`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from samrap.cli.text import say, seat_text
from samrap.core.text import pretty_cards
from samrap.engine.match import GameResult
from samrap.engine.registry import GameSpec


def ledger_table(spec: GameSpec, result: GameResult, names: Sequence[str], lang: str, title: str) -> Table:
    """One row per ledger item, grouped by seat, each seat closed by its game total."""
    table = Table(title=title, title_justify="left")
    table.add_column(say("table.seat", lang))
    table.add_column(say("table.item", lang))
    table.add_column(say("table.points", lang), justify="right")
    seats = list(names)
    total = say("table.unit_total", lang, unit=spec.unit_in(lang))
    for q in range(len(result.scores)):
        first = True
        for item in (i for i in result.ledger if i.seat == q):
            detail = f" ({pretty_cards(item.detail)})" if item.detail else ""
            table.add_row(
                seat_text(q, seats, lang) if first else "",
                spec.item_name(item.code, lang) + detail,
                f"{item.points:+d}",
            )
            first = False
        table.add_row(seat_text(q, seats, lang) if first else "", total, f"{result.scores[q]:+d}", end_section=True)
    return table


def match_table(spec: GameSpec, games: Sequence[GameResult], names: Sequence[str], lang: str, title: str) -> Table:
    """Scores per game (rows) and seat (columns), with the running totals as the last row."""
    table = Table(title=title, title_justify="left")
    table.add_column(spec.unit_in(lang), justify="right")
    seats = list(names)
    for q in range(len(names)):
        table.add_column(seat_text(q, seats, lang), justify="right")
    totals = [0] * len(names)
    for k, g in enumerate(games):
        table.add_row(str(k + 1), *(f"{s:+d}" for s in g.scores), end_section=k == len(games) - 1)
        totals = [t + s for t, s in zip(totals, g.scores, strict=True)]
    table.add_row(say("table.total", lang), *(f"{t:+d}" for t in totals))
    return table
