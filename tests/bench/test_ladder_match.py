"""Contract's ladder by deal number and weighed as a match (issue 24.2): the figures from units."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from bench import ladder_match


def _unit(
    seed: int, deal: int, strong: int, scores: list[list[int]], number: int = 0, **kw: object
) -> dict[str, object]:
    row: dict[str, object] = {
        "suite": "contract-seed",
        "pair": "hard>medium",
        "seed": seed,
        "deal": deal,
        "strong_seat": strong,
        "scores": scores,
        "commit": "abc",
        "hands": len(scores),
    }
    if number:
        row["deal_number"] = number
    row.update(kw)
    return row


def test_a_whole_match_unit_gives_each_of_its_deals_its_number() -> None:
    row = _unit(1, 0, 0, [[0, 3, 6, 9], [10, 4, 4, 4]])
    assert ladder_match.deal_margins(row) == [(1, 6.0), (2, -6.0)]
    # a deal played alone keeps the number it was played as
    assert ladder_match.deal_margins(_unit(1, 0, 1, [[5, 2, 5, 5]], number=6)) == [(6, 3.0)]


def test_rotations_of_one_duplicate_deal_are_averaged_before_the_spread() -> None:
    rows = [_unit(1, 0, q, [[4, 4, 4, 4]]) for q in range(4)]
    rows[0]["scores"] = [[0, 4, 4, 4]]  # the stronger seat 4 better in one rotation: +1 for the deal
    rows.append(_unit(1, 1, 0, [[8, 4, 4, 4]]))  # another duplicate deal: -4
    assert ladder_match.by_deal_number(rows) == {1: [1.0, -4.0]}


def test_seven_deal_numbers_weigh_equally_whatever_their_counts() -> None:
    rows = []
    for d in range(10):  # deal 1: ten duplicate deals at 0 and +2 alternately
        rows.append(_unit(1, d, 0, [[0 if d % 2 else 2, 2, 2, 2]]))
    for number in range(2, 8):  # deals 2-7 alone: two duplicate deals each, at 10 and 20
        for d, margin in ((number, 10), (number + 100, 20)):
            rows.append(_unit(2, d, 0, [[0, margin, margin, margin]], number=number))
    s = ladder_match.summarise(rows)
    by = {p["deal_number"]: p for p in s["by_deal_number"]}
    assert by[1]["mean"] == 1.0 and by[1]["duplicate_deals"] == 10
    assert by[4]["mean"] == 15.0 and by[4]["duplicate_deals"] == 2
    m = s["match_weighted"]
    assert m["mean"] == pytest.approx((1 + 6 * 15) / 7, abs=0.01)  # not the pooled mean of 22 deals
    se1 = math.sqrt(10 / 9 * 1) / math.sqrt(10)  # stdev of five 0s and five 2s, over sqrt(10)
    se_k = math.sqrt(50.0) / math.sqrt(2)
    assert m["se"] == pytest.approx(math.sqrt(se1**2 + 6 * se_k**2) / 7, abs=0.01)
    assert m["ci95"][0] < m["mean"] < m["ci95"][1]


def test_no_match_figure_while_a_deal_number_is_missing() -> None:
    rows = [_unit(2, d, 0, [[0, 5, 5, 5]], number=n) for n in range(2, 8) for d in (n, n + 50)]
    s = ladder_match.summarise(rows)
    assert "match_weighted" not in s and [p["deal_number"] for p in s["by_deal_number"]] == [2, 3, 4, 5, 6, 7]


def test_the_command_reads_several_files_and_keeps_timed_and_untimed_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b, out = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "m.json"
    a.write_text("".join(json.dumps(_unit(1, d, 0, [[0, 1, 1, 1]])) + "\n" for d in range(3)))
    rows = [_unit(2, d, 0, [[0, 3, 3, 3]], number=n) for n in range(2, 8) for d in (n, n + 50)]
    rows.append(_unit(3, 0, 0, [[0, 99, 99, 99]], number=2, untimed=True))
    b.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert ladder_match.main(["--units", str(a), str(b), "--out", str(out)]) == 0
    data = json.loads(out.read_text())["pairs"][0]
    assert data["match_weighted"]["mean"] == pytest.approx((1 + 6 * 3) / 7, abs=0.01)
    assert "seven deals weighed equally" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        ladder_match.main(["--units", str(tmp_path / "nope.jsonl")])
    with pytest.raises(SystemExit):
        ladder_match.main(["--units", str(a), "--pairs", "hard-hard"])
