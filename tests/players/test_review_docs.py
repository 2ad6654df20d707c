"""docs/bots.md says what the review does: its label table and deal counts must be the code's."""

from __future__ import annotations

import re
from pathlib import Path

from samrap.players.review import CONFIRM, ROUNDS, review_deals, thresholds

DOC = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def _review_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Game review") :]


def test_the_documented_label_thresholds_are_the_codes() -> None:
    doc = _review_section()
    low, mid, high = thresholds("dummy")
    assert thresholds("contract") == thresholds("dummy")  # the page gives one table for both

    def n(x: float) -> str:
        return f"{x:g}"

    assert re.search(rf"\| good \| below {n(low)} \|", doc)
    assert re.search(rf"\| inaccuracy \| {n(low)} to {n(mid)} \|", doc)
    assert re.search(rf"\| mistake \| {n(mid)} to {n(high)} \|", doc)
    assert re.search(rf"\| blunder \| {n(high)} or more \|", doc)


def test_the_documented_deals_of_both_looks_are_the_codes() -> None:
    doc = " ".join(_review_section().split())
    dummy, contract = review_deals("dummy"), review_deals("contract")
    assert f"on {dummy} simulated deals (Contract: {contract})" in doc
    assert CONFIRM == 2 and "twice as many deals" in doc
    assert f"({CONFIRM * dummy}; Contract {CONFIRM * contract})" in doc


def test_the_documented_rounds_of_the_second_look_are_the_codes() -> None:
    doc = " ".join(_review_section().split())
    dummy, contract = review_deals("dummy"), review_deals("contract")
    assert (
        f"at most {ROUNDS} rounds (`ROUNDS`: {ROUNDS * CONFIRM * dummy} deals; Contract {ROUNDS * CONFIRM * contract})"
        in doc
    )
