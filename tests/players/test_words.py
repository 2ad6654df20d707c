"""players/words.py: cards as the table shows them, melds numbered from 1 as the table numbers them."""

from __future__ import annotations

import re
from collections.abc import Iterator

from samrap.learn.lessons import LessonRun, course, find_lesson
from samrap.players.words import count, describe, meld_number, meld_ref, spec_text

#: a card in notation letters (Th, 7h, *): never in a sentence
NOTATION = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b|\*")


def test_melds_are_numbered_as_the_table_shows_them() -> None:
    assert meld_number(0) == 1
    assert meld_ref(0, "th") == "ชุดที่ 1" and meld_ref(2, "en") == "meld 3"


def test_cards_as_the_table_shows_them() -> None:
    assert spec_text("ThJhQh") == "10♥ J♥ Q♥"
    assert spec_text("5s6s*7s8s") == "5♠ 6♠ ★7♠ 8♠"  # a joker names the card it stands for
    assert spec_text("*") == "★"
    assert count(1, "en") == "1 card" and count(3, "th") == "3 ใบ"


def _questions(game: str) -> Iterator[LessonRun]:
    """Every lesson question of a course, with the run standing at it."""
    for les in course(game):
        run = LessonRun(les)
        while not run.done:
            yield run
            run.try_move(run.current.expect[0])


def test_a_lay_off_names_the_meld_number_and_never_notation() -> None:
    said = 0
    for name in ("dummy", "contract"):
        for run in _questions(name):
            for a in run.game.legal_moves(run.state):
                text = run.game.action_text(a)
                if text.startswith("L "):
                    target = int(text.split(">")[1])
                    th = describe(run.game, run.view(), a, "th")
                    en = describe(run.game, run.view(), a, "en")
                    assert th.endswith(f"ชุดที่ {target + 1}") and en.endswith(f"meld {target + 1}")
                    assert not NOTATION.search(th + " " + en), (th, en)
                    said += 1
    assert said > 3


def test_knocks_with_the_same_card_read_differently() -> None:
    run = LessonRun(find_lesson("dummy", "dark-knock"))
    while not run.done and not any(t.startswith("K ") for t in run.current.expect):
        run.try_move(run.current.expect[0])
    knocks = [a for a in run.game.legal_moves(run.state) if run.game.action_text(a).startswith("K ")]
    assert len(knocks) > 1
    for lang in ("th", "en"):
        said = [describe(run.game, run.view(), a, lang) for a in knocks]
        assert len(set(said)) == len(said), said
