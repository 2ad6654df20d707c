"""ลองใหม่ (samrap.learn.retry): flagged positions from the seat's view only, judged as the review judges."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from samrap.engine.record import Record
from samrap.learn.progress import Progress
from samrap.learn.retry import pending, record_key, retry_positions
from samrap.players.review import steps
from tests.players.test_review import _record, _swap_hidden

SEAT = 1


@pytest.fixture(scope="module")
def record() -> Record:
    return _record("dummy(players=2,preset=modern)", ("heuristic", "easy"), 21)


def fake_review(record: Record, seat: int, every: int = 4) -> dict[str, Any]:
    """A review (``Review.as_dict`` shape) flagging every ``every``-th decision, its best another legal move.

    The retry works from any review; a made-up one keeps these tests fast and the flagged set known.
    """
    decisions = []
    for k, st in enumerate(steps(record, seat)):
        game = _game(record)
        played = game.action_text(st.played)
        other = next(game.action_text(a) for a in st.legal if game.action_text(a) != played)
        label = ("mistake", "blunder")[k // every % 2] if k % every == 0 else ("good" if k % 2 else "inaccuracy")
        decisions.append(
            {
                "game": st.game_index,
                "number": st.number,
                "played": played,
                "best": other,
                "label": label,
                "reason": {"th": "เหตุผล", "en": "a reason"},
            }
        )
    return {"decisions": decisions}


def _game(record: Record) -> Any:
    from samrap.players.review import record_game

    return record_game(record)[1]


def test_only_mistakes_and_blunders_are_asked_again(record: Record) -> None:
    review = fake_review(record, SEAT)
    flagged = [d for d in review["decisions"] if d["label"] in ("mistake", "blunder")]
    positions = retry_positions(record, SEAT, review)
    assert [(p.game_index, p.number) for p in positions] == [(d["game"], d["number"]) for d in flagged]
    assert len(positions) >= 3
    assert all(p.label in ("mistake", "blunder") for p in positions)
    assert all(len(p.legal) > 1 and p.view.seat == SEAT for p in positions)


def test_a_retry_never_shows_a_card_the_seat_could_not_see(record: Record) -> None:
    """Two records that differ only in cards the seat never saw give the same retry positions."""
    review = fake_review(record, SEAT)
    other = _swap_hidden(record, SEAT)
    assert other.match.games[0].deck != record.match.games[0].deck
    mine = [p.as_dict() for p in retry_positions(record, SEAT, review)]
    theirs = [p.as_dict() for p in retry_positions(other, SEAT, review)]
    assert mine == theirs and mine
    for p in retry_positions(record, SEAT, review):  # the view is the seat's observation, nothing more
        assert p.as_dict()["view"] == p.game.observe(p._state, SEAT).to_string()
        assert p.as_dict()["view"] != p.game.observe(p._state, 1 - SEAT).to_string()


def test_the_best_move_is_right_the_played_move_is_not_and_a_broken_rule_is_named(record: Record) -> None:
    p = retry_positions(record, SEAT, fake_review(record, SEAT))[0]
    best = p.judge(p.best, deals=0)
    assert best.ok and best.kind == "best"
    played = p.judge(p.played, deals=0)
    assert not played.ok and played.kind == "played" and "เดินในเกม" in played.th
    bad = p.judge("K 2c", deals=0)  # not a legal knock here
    assert not bad.ok and bad.kind == "illegal" and bad.rule is not None
    assert f"กติกาข้อ {bad.rule}" in bad.th and f"rule {bad.rule}" in bad.en
    nonsense = p.judge("jump", deals=0)
    assert not nonsense.ok and nonsense.kind == "illegal"
    # the answer names the best move and the move played in words, never in notation
    assert "Best move found" in p.answer("en") and "การเดินที่ดีที่สุดที่พบ" in p.answer("th")


def test_another_move_is_judged_by_the_reviews_label(record: Record) -> None:
    """A move neither best nor played is compared with the best on simulated deals; the verdict follows
    the review's label of its loss (good is right), and the same seed gives the same verdict."""
    positions = retry_positions(record, SEAT, fake_review(record, SEAT))
    p = next(p for p in positions if len(p.legal) > 2)
    g = p.game
    other = next(g.action_text(a) for a in p.legal if g.action_text(a) not in (p.best, p.played))
    a, b = p.judge(other, deals=4), p.judge(other, deals=4)
    assert a == b and a.kind in ("good", "worse") and a.loss is not None
    assert a.ok == (a.kind == "good")
    assert p.judge(other, deals=0).kind == "worse"  # no simulation: only the best's effect is right


def test_a_review_of_another_record_is_refused(record: Record) -> None:
    review = fake_review(record, SEAT)
    with pytest.raises(ValueError, match="not seat 0"):
        retry_positions(record, 0, review)


def test_progress_is_kept_per_record_and_seat(tmp_path: Path, record: Record) -> None:
    path = tmp_path / "learn.json"
    prog = Progress.load(path)
    prog.finish("dummy", "draw", 0)
    key = record_key("record text", SEAT)
    assert key != record_key("record text", 0) and key != record_key("other text", SEAT)
    prog.find(key, "0:5")
    prog.find(key, "0:5")
    again = Progress.load(path)
    assert again.found(key) == ["0:5"] and again.is_done("dummy", "draw")
    positions = retry_positions(record, SEAT, fake_review(record, SEAT))
    left = pending(positions, [positions[0].key])
    assert left == positions[1:]
    assert pending(positions, [p.key for p in positions]) == positions  # all found: start over


def test_contract_positions_are_asked_again_too() -> None:
    record = _record("contract(players=3)", ("heuristic", "easy", "easy"), 3)
    positions = retry_positions(record, SEAT, fake_review(record, SEAT, every=6))
    assert len(positions) >= 3
    for p in positions[:5]:
        assert p.as_dict()["view"] == p.game.observe(p._state, SEAT).to_string()
        assert p.judge(p.best, deals=0).ok and p.judge(p.played, deals=0).kind == "played"
    some = next(p for p in positions if len(p.legal) > 2)
    other = next(a for a in some.legal if some.game.action_text(a) not in (some.best, some.played))
    verdict = some.judge(some.game.action_text(other), deals=4)
    assert verdict.kind in ("good", "worse") and verdict.ok == (verdict.kind == "good")
    assert "·" in some.answer("en") and some.answer("th").startswith("การเดินที่ดีที่สุดที่พบ")
