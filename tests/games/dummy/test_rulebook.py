"""The rules a player reads are the rules being played (issue 14.4): Thai Dummy's rule book is written
from the config, in Thai and English, with the rule numbers that errors cite."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from samrap.core.rulebook import RuleBook
from samrap.games.dummy.config import CLASSIC, MODERN, PRESETS, SEED, DummyConfig
from samrap.games.dummy.rulebook import rulebook
from tests.cli.test_thai import latin_words

ROOT = Path(__file__).resolve().parents[3]

#: A value other than classic's for every option, and the config it is tried on. A new option fails
#: this test until it has a variant here, and then it must change the rule book's text.
VARIANTS: dict[str, tuple[Any, DummyConfig]] = {
    "players": (2, CLASSIC),
    "hand_size": (5, CLASSIC),
    "two_player_burn": (True, dataclasses.replace(CLASSIC, players=2)),
    "ace_low": (True, CLASSIC),
    "collect_to_layoff": (True, CLASSIC),
    "max_layoffs_per_game": (3, CLASSIC),
    "layoff_on_layoff": (False, CLASSIC),
    "fall_on_stock_out": (True, CLASSIC),
    "target": (300, CLASSIC),
    "ngo_penalty": (75, CLASSIC),
    "ngo_dark_penalty": (120, CLASSIC),
    "head_bonus": (30, CLASSIC),
    "head_penalty": (30, CLASSIC),
    "speto_knock": (True, CLASSIC),
    "colour_knock": (True, CLASSIC),
    "discard_layoff_penalty": (40, CLASSIC),
    "discard_full_penalty": (40, CLASSIC),
    "speto_layoff_penalty": (40, CLASSIC),
}


def text(book: RuleBook, lang: str) -> str:
    return "\n".join(book.lines(lang))


def all_books() -> list[RuleBook]:
    books = [rulebook(c) for c in PRESETS.values()]
    books += [rulebook(dataclasses.replace(base, **{name: value})) for name, (value, base) in VARIANTS.items()]
    return books


def test_every_option_has_a_variant() -> None:
    assert set(VARIANTS) == {f.name for f in dataclasses.fields(DummyConfig)}


@pytest.mark.parametrize("name", VARIANTS)
def test_every_option_changes_the_rules_text_in_both_languages(name: str) -> None:
    value, base = VARIANTS[name]
    changed = rulebook(dataclasses.replace(base, **{name: value}))
    for lang in ("en", "th"):
        assert text(changed, lang) != text(rulebook(base), lang), f"{name}={value} is not in the {lang} rules"


def test_the_text_changes_with_the_preset() -> None:
    classic, seed, modern = rulebook(CLASSIC), rulebook(SEED), rulebook(MODERN)
    assert (classic.preset, seed.preset, modern.preset) == ("classic", "seed", "modern")
    assert len({text(b, "en") for b in (classic, seed, modern)}) == 3
    assert "There is no limit on lay-offs" in text(classic, "en")
    assert "at most 2 cards per game" in text(seed, "en") and "ไม่เกิน 2 ใบต่อเกม" in text(seed, "th")
    assert "house" not in [s.key for s in classic.sections]
    house = next(s for s in modern.sections if s.key == "house")
    th = " ".join(r.th for r in house.rules)
    for word in ("หัว", "ปี้หัว", "น็อคสี", "ทิ้งใบฝาก", "ทิ้งเต็ม", "โดนฝากสเปโต", "น็อคสเปโต"):
        assert word in th, word
    assert all(re.search(r"\b50\b", r.en) for r in house.rules if "colour" not in r.en), "points are shown"
    assert "100 if the knock is dark" in text(modern, "en")  # modern's โง่ into a dark knock
    assert rulebook(dataclasses.replace(MODERN, players=3)).preset is None


def test_thai_rules_have_no_latin_word_but_card_texts() -> None:
    for book in all_books():
        pieces = [book.title_th] + [s.th for s in book.sections] + [r.th for r in book.rules()]
        for piece in pieces:
            assert latin_words(piece) == [], piece


def test_each_rule_shows_the_number_errors_cite() -> None:
    """Every rule number the engine's errors cite is shown (as a rule's number or cited in its text), and
    every number shown is a rule of docs/rules/dummy.md."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src/samrap/games/dummy").glob("*.py"))
    cited = {int(n) for n in re.findall(r"IllegalActionError\(\s*(\d+)", source)} - {11}  # 11: not an action
    shown: set[int] = set()
    for book in all_books():
        for r in book.rules():
            if r.number is not None:
                shown.add(r.number)
            shown |= {int(n) for n in re.findall(r"\(rule (\d+)\)", r.en)}
            assert re.findall(r"\(rule (\d+)\)", r.en) == re.findall(r"\(ข้อ (\d+)\)", r.th), r.en
    assert cited - shown == set()
    page = (ROOT / "docs/rules/dummy.md").read_text(encoding="utf-8")
    numbered = {int(n) for n in re.findall(r"^(\d+)\. ", page, re.M)}
    assert shown <= numbered


def test_the_rule_book_as_json_carries_both_languages() -> None:
    d = rulebook(MODERN).to_dict()
    assert d["game"] == "dummy" and d["preset"] == "modern" and d["config"] == MODERN.to_string()
    first = d["sections"][0]["rules"][0]
    assert first["number"] == 1 and first["en"] and first["th"]
