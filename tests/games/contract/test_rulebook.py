"""The rules a player reads are the rules being played (issue 14.4): Contract Rummy's rule book is
written from the config, in Thai and English, with the rule numbers that errors cite."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from samrap.core.rulebook import RuleBook
from samrap.games.contract.config import LIVERPOOL, PAGAT, PRESETS, SEED, ContractConfig
from samrap.games.contract.rulebook import rulebook
from tests.cli.test_thai import latin_words

ROOT = Path(__file__).resolve().parents[3]

#: A value other than the seed preset's for every option a player chooses, and the config it is tried
#: on. ``max_turns`` only bounds endless deals (not a rule a player reads). A new option fails this
#: test until it has a variant here, and then it must change the rule book's text.
VARIANTS: dict[str, tuple[Any, ContractConfig]] = {
    "players": (5, SEED),
    "decks": (3, SEED),
    "jokers": (4, SEED),
    "joker_rule": ("players_minus_one", SEED),
    "ten_card_deals": (3, SEED),
    "set_suits": ("any", SEED),
    "min_run": (4, SEED),
    "same_suit_runs": ("not_adjacent", SEED),
    "pickup": ("top", SEED),
    "contract_exact": (True, SEED),
    "melds_after_down": (True, SEED),
    "deal7_discard": (True, SEED),
    "max_reshuffles": (1, SEED),
    "buying": (True, SEED),
    "max_buys": (2, LIVERPOOL),
}
NOT_RULES = {"max_turns"}


def text(book: RuleBook, lang: str) -> str:
    return "\n".join(book.lines(lang))


def all_books() -> list[RuleBook]:
    books = [rulebook(c) for c in PRESETS.values()]
    books += [rulebook(dataclasses.replace(base, **{name: value})) for name, (value, base) in VARIANTS.items()]
    books.append(rulebook(dataclasses.replace(SEED, same_suit_runs="allowed")))
    return books


def test_every_option_has_a_variant() -> None:
    assert set(VARIANTS) | NOT_RULES == {f.name for f in dataclasses.fields(ContractConfig)}


@pytest.mark.parametrize("name", VARIANTS)
def test_every_option_changes_the_rules_text_in_both_languages(name: str) -> None:
    value, base = VARIANTS[name]
    changed = rulebook(dataclasses.replace(base, **{name: value}))
    for lang in ("en", "th"):
        assert text(changed, lang) != text(rulebook(base), lang), f"{name}={value} is not in the {lang} rules"


def test_runs_of_3_and_deep_pickups_only_where_they_apply() -> None:
    seed, pagat = text(rulebook(SEED), "en"), text(rulebook(PAGAT), "en")
    assert "A run (เรียง) is 3 or more" in seed and "A run (เรียง) is 4 or more" in pagat
    assert "a deeper card with every card above it" in seed
    assert "every card above it" not in pagat and "(no deeper card)" in pagat
    assert "deals 1–4 give 10 cards" in seed and "deals 1–3 give 10 cards" in pagat
    assert "no two cards of a set may share a suit" in seed and "in any suits" in pagat


def test_why_deals_stall_is_told_only_where_sets_need_different_suits() -> None:
    """Distinct-suit sets (rule 8) make deals with nobody out common (bench/contract_nobody_out.py):
    the page says why, citing rules 14, 18 and 28; with sets of any suits it hardly happens."""
    seed_en, seed_th = text(rulebook(SEED), "en"), text(rulebook(SEED), "th")
    assert "Why a deal can end with nobody out" in seed_en and "(rules 18 and 28)" in seed_en
    assert "ทำไมบางรอบไม่มีใครหมดมือ" in seed_th and "(ข้อ 18 และ 28)" in seed_th
    for config in (PAGAT, LIVERPOOL):
        assert "Why a deal can end with nobody out" not in text(rulebook(config), "en")


def test_buying_and_its_limits_only_with_liverpool() -> None:
    seed, liverpool = rulebook(SEED), rulebook(LIVERPOOL)
    assert (seed.preset, liverpool.preset) == ("seed", "liverpool")
    assert "buying" not in [s.key for s in seed.sections]
    buy = next(s for s in liverpool.sections if s.key == "buying").rules[0]
    assert "At most 3 buys per player per deal" in buy.en and "a player who has gone down may not buy" in buy.en
    assert "ไม่เกิน 3 ครั้งต่อคนต่อรอบ" in buy.th and "ผู้ที่ลงตามสัญญาแล้วซื้อไม่ได้" in buy.th


def test_the_seven_contracts_are_listed() -> None:
    rule7 = next(r for r in rulebook(SEED).rules() if r.number == 7)
    for deal in range(1, 8):
        assert f"deal {deal}:" in rule7.en and f"รอบที่ {deal}:" in rule7.th
    assert "deal 6: one set and two runs" in rule7.en


def test_thai_rules_have_no_latin_word_but_card_texts() -> None:
    for book in all_books():
        pieces = [book.title_th] + [s.th for s in book.sections] + [r.th for r in book.rules()]
        for piece in pieces:
            assert latin_words(piece) == [], piece


def test_each_rule_shows_the_number_errors_cite() -> None:
    """Every rule number the engine's errors cite is shown (as a rule's number or cited in its text), and
    every number shown is a rule of docs/rules/contract.md."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src/samrap/games/contract").glob("*.py"))
    cited = {int(n) for n in re.findall(r"IllegalActionError\(\s*(\d+)", source)} - {32}  # 32: not an action
    shown: set[int] = set()
    for book in all_books():
        for r in book.rules():
            if r.number is not None:
                shown.add(r.number)
            shown |= {int(n) for n in re.findall(r"\(rule (\d+)\)", r.en)}
            assert re.findall(r"\(rule (\d+)\)", r.en) == re.findall(r"\(ข้อ (\d+)\)", r.th), r.en
    assert cited - shown == set()
    page = (ROOT / "docs/rules/contract.md").read_text(encoding="utf-8")
    numbered = {int(n) for n in re.findall(r"^(\d+)\. ", page, re.M)}
    assert shown <= numbered
