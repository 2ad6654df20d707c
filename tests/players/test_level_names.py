"""The bot levels' people (issue 23.6): Thai and English names, the same list as the web app's
drawn faces (static/js/faces.js), told apart in seat order."""

from __future__ import annotations

import re
from pathlib import Path

from samrap.players.levels import LEVEL_PEOPLE, LEVELS, level_names

FACES = Path(__file__).resolve().parents[2] / "src" / "samrap" / "server" / "static" / "js" / "faces.js"


def test_every_level_has_people_with_thai_and_english_names() -> None:
    assert set(LEVELS) | {"random"} == set(LEVEL_PEOPLE)
    names = [n for people in LEVEL_PEOPLE.values() for pair in people for n in pair]
    assert len(names) == len(set(names)), "a name is used twice"
    for people in LEVEL_PEOPLE.values():
        assert len(people) >= 4  # up to four bots of one level without a number
        for th, en in people:
            assert re.search(r"[\u0E00-\u0E7F]", th) and not re.search(r"[A-Za-z]", th)
            assert en.isascii() and en[0].isupper()


def test_the_web_app_draws_the_same_people() -> None:
    text = FACES.read_text(encoding="utf-8")
    block = text.split("export const BOT_PEOPLE = {", 1)[1].split("};", 1)[0]
    for level, people in LEVEL_PEOPLE.items():
        line = re.search(rf"^\s*{level}: \[(.*)\],$", block, re.M)
        assert line is not None, level
        pairs = re.findall(r'\["([^"]+)", "([^"]+)"\]', line.group(1))
        assert tuple(pairs) == people, level


def test_bots_of_one_level_are_told_apart_in_seat_order() -> None:
    levels = [None, "hard", "easy", "hard", None]
    assert level_names(levels, "th") == [None, "เฮียเสือ", "น้องมะลิ", "เจ๊หงส์", None]
    assert level_names(levels) == [None, "Hia Suea", "Nong Mali", "Je Hong", None]
    assert level_names(["medium"] * 5, "th")[4] == "พี่ต้น 2"
    assert level_names(["ismcts:1s", "heuristic"]) == [None, None]  # not a level: no person
