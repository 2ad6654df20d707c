"""Game review (issue 13): one seat's view only, fixed seeds, labels by documented thresholds."""

from __future__ import annotations

import dataclasses
import re
from random import Random

import pytest

from samrap.engine.match import run_match
from samrap.engine.record import Record, make_record
from samrap.engine.registry import GameSetup, resolve
from samrap.players.analysis import compare, merged
from samrap.players.levels import make_bot
from samrap.players.review import (
    CONFIRM,
    LABELS,
    ROUNDS,
    Review,
    label_for,
    label_of_loss,
    loss_points,
    loss_thresholds,
    review_record,
    settled,
    steps,
    thresholds,
)

DEALS = 6
#: Card texts, the only Latin letters a Thai line may hold.
CARDS = re.compile(r"(?:(?:[2-9TJQKA]|10)[♣♦♥♠])+")  # cards as people read them (players/words.py)


def _record(text: str, bots: tuple[str, ...], seed: int) -> Record:
    spec, cfg = resolve(text)
    game = spec.make_game(cfg)
    match = run_match(spec, cfg, [make_bot(b, game, f"{b}-{q}") for q, b in enumerate(bots)], seed, max_games=1)
    return make_record(match, "2026-01-01T00:00:00Z")


@pytest.fixture(scope="module")
def dummy_record() -> Record:
    return _record("dummy(players=2,preset=modern)", ("heuristic", "easy"), 21)


def _seen_by(record: Record, seat: int) -> int:
    """Every card seat ``seat`` could see at any point of game 1 before the end (hand, row, table, known)."""
    spec, cfg = resolve(record.match.config)
    game = spec.make_game(cfg)
    g = record.match.games[0]
    s = spec.start_game(game, GameSetup(0, g.deck, g.starter, g.direction, (0, 0), g.seed))
    seen = 0
    for who, text in g.actions:
        v = game.observe(s, seat)
        seen |= v.hand | sum(1 << c for c in v.row) | sum(v.put_down) | sum(v.known)
        s = game.apply(s, game.parse_action(text), who)
    return seen


def _swap_hidden(record: Record, seat: int) -> Record:
    """The same record with two cards swapped in the deck that ``seat`` never saw."""
    g = record.match.games[0]
    hidden = [c for c in g.deck if not _seen_by(record, seat) >> c & 1]
    assert len(hidden) >= 2, "every card was seen: pick another seed"
    a, b = hidden[0], hidden[-1]
    deck = tuple(b if c == a else a if c == b else c for c in g.deck)
    games = (dataclasses.replace(g, deck=deck), *record.match.games[1:])
    return dataclasses.replace(record, match=dataclasses.replace(record.match, games=games))


def test_two_records_differing_only_in_hidden_cards_get_the_same_review(dummy_record: Record) -> None:
    """Issue 13.6: the review of seat N uses only seat N's view at each step."""
    for seat in (0, 1):
        other = _swap_hidden(dummy_record, seat)
        assert other.match.games[0].deck != dummy_record.match.games[0].deck
        a = review_record(dummy_record, seat, deals=DEALS)
        b = review_record(other, seat, deals=DEALS)
        assert a.as_dict() == b.as_dict()


def test_a_change_the_seat_can_see_changes_the_review(dummy_record: Record) -> None:
    """The check above can fail: the review does depend on the seat's own cards (its seed included)."""
    a = review_record(dummy_record, 0, deals=DEALS, seed=0)
    b = review_record(dummy_record, 0, deals=DEALS, seed=1)
    assert [d.loss for d in a.decisions] != [d.loss for d in b.decisions]


@pytest.fixture(scope="module")
def easy_review(dummy_record: Record) -> Review:
    return review_record(dummy_record, 1, deals=DEALS)


def test_same_record_and_seed_give_the_same_review(dummy_record: Record, easy_review: Review) -> None:
    """Issue 13.3: fixed seeds, so one record always gets the same review."""
    assert review_record(dummy_record, 1, deals=DEALS).as_dict() == easy_review.as_dict()


def test_a_move_is_labelled_worse_than_good_only_on_fresh_deals(easy_review: Review) -> None:
    """The winner's curse: the deals that picked the best move overstate its lead, so every label
    worse than good comes from the second look, on rounds of CONFIRM x DEALS deals drawn afresh,
    and its reason names how many."""
    worse = [d for d in easy_review.decisions if d.label != "good"]
    assert worse
    for d in worse:
        assert d.second_look in [k * CONFIRM * DEALS for k in range(1, ROUNDS + 1)]
        assert f"over {d.second_look} simulated deals" in d.reason_en
        assert f"จากเกมจำลอง {d.second_look} เกม" in d.reason_th


def test_the_second_look_adds_rounds_only_while_the_label_is_in_doubt(easy_review: Review) -> None:
    """Issue 24.5: a second look stops before its last round only when one standard error either
    side of the loss lies between the same thresholds; at most ROUNDS rounds."""
    looked = [d for d in easy_review.decisions if d.second_look]
    assert looked
    cuts = thresholds("dummy")
    for d in looked:
        assert d.second_look <= ROUNDS * CONFIRM * DEALS
    # some stop early and some go on: the rounds are spent where the label is in doubt
    assert any(d.second_look < ROUNDS * CONFIRM * DEALS for d in looked)
    assert any(d.second_look > CONFIRM * DEALS for d in looked)
    assert settled(20.0, 2.0, cuts) and not settled(16.0, 2.0, cuts) and settled(-5.0, 3.0, cuts)


def test_one_round_is_the_review_before_the_rounds(dummy_record: Record) -> None:
    """``rounds=1`` keeps the single second look on CONFIRM x DEALS deals."""
    r = review_record(dummy_record, 1, deals=DEALS, rounds=1)
    assert {d.second_look for d in r.decisions} <= {0, CONFIRM * DEALS}


def test_rounds_together_are_one_comparison_on_all_their_deals(dummy_record: Record) -> None:
    """Merging two rounds drawn from one generator gives the comparison on all their deals at once:
    the rounds are the same deals as one longer look, cut where the label is settled."""
    spec, cfg = resolve(dummy_record.match.config)
    game = spec.make_game(cfg)
    step = next(s for s in steps(dummy_record, 1) if len(s.legal) >= 3)
    moves = step.legal[:2]
    rng = Random(5)
    two = merged(compare(game, step.view, moves, rng, 4), compare(game, step.view, moves, rng, 4))
    one = compare(game, step.view, moves, Random(5), 8)
    for a in moves:
        assert two.of(a).values == one.of(a).values and two.of(a).wins == one.of(a).wins
        assert two.of(a).items == pytest.approx(one.of(a).items)
    assert two.gap(moves[0], moves[1]) == pytest.approx(one.gap(moves[0], moves[1]))


def test_the_second_look_clears_some_moves_the_first_look_doubted(easy_review: Review) -> None:
    """The second look is a real test, not a stamp: some doubted moves come out good."""
    assert any(d.second_look and d.label == "good" for d in easy_review.decisions)


def test_without_a_second_look_the_first_look_labels(dummy_record: Record) -> None:
    r = review_record(dummy_record, 1, deals=DEALS, confirm=0)
    assert all(d.second_look == 0 for d in r.decisions)
    assert any(d.label != "good" for d in r.decisions)


def test_every_decision_has_played_best_loss_label_and_reasons(easy_review: Review) -> None:
    r = easy_review
    assert r.decisions and r.summary["decisions"] == len(r.decisions)
    for d in r.decisions:
        assert d.label in LABELS
        assert d.loss >= 0 and d.sure_loss >= 0 and d.worth_se >= 0
        assert d.label == label_of_loss("dummy", d.loss) and d.loss == loss_points(d.sure_loss)
        assert d.reason_en and d.reason_th
        for a, b in re.findall(r"(\d+)% against (\d+)%", d.reason_en):
            assert a != b, d.reason_en  # a reason never names a figure equal in both lines
        assert "+0 points" not in d.reason_en and "-0 points" not in d.reason_en
        for th in (d.reason_th, *d.played_words[:1], *d.best_words[:1]):
            assert not re.search("[A-Za-z]", CARDS.sub("", th)), th
    s = r.summary
    assert sum(s["labels"].values()) == len(r.decisions)
    assert s["accuracy"] == round(100 * s["labels"]["good"] / len(r.decisions), 1)
    assert set(s["lost_by_kind"]) == {"discard", "collect", "knock", "go_down"}


def test_the_label_follows_the_loss_column() -> None:
    """One rule (issue 26.7): the column shows the confident loss in points and the label is read from it."""
    t = loss_thresholds("dummy")
    assert t == (23.3, 50.0, 116.7)
    assert label_of_loss("dummy", 0) == "good" and label_of_loss("dummy", t[0] - 0.1) == "good"
    assert label_of_loss("dummy", t[0]) == "inaccuracy"
    assert label_of_loss("dummy", t[1]) == "mistake" and label_of_loss("dummy", t[2]) == "blunder"
    for worth in (0.0, 3.0, 7.0, 14.9, 15.0, 35.0, 60.0):
        loss = loss_points(worth)
        assert label_of_loss("dummy", loss) == label_for("dummy", worth)


def test_labels_follow_the_documented_thresholds() -> None:
    t = thresholds("dummy")
    assert label_for("dummy", t[0] - 0.1) == "good"
    assert label_for("dummy", t[0]) == "inaccuracy"
    assert label_for("dummy", t[1]) == "mistake"
    assert label_for("dummy", t[2]) == "blunder"


@pytest.mark.slow
def test_a_contract_deal_is_reviewed() -> None:
    rec = _record("contract(players=3)", ("heuristic", "easy", "heuristic"), 4)
    r = review_record(rec, 1, deals=3)
    assert r.game == "contract" and r.decisions
    assert all(d.label in LABELS for d in r.decisions)


def test_bad_seat_is_refused(dummy_record: Record) -> None:
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        review_record(dummy_record, 2)
