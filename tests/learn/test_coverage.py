"""A course that covers the rules (issue 26.3): every rule of both rules pages, every modern house
rule and every Contract deal is taught by at least one lesson step, and a step names what it teaches."""

from __future__ import annotations

import dataclasses
import re

import pytest

from samrap.engine.registry import GAMES
from samrap.engine.rulebooks import rulebook_for
from samrap.learn.lessons import COURSES, course, rule_words


def _numbered(game: str) -> set[int]:
    """Every numbered rule of the game's rules page, under every preset."""
    spec = GAMES[game]
    return {r.number for p in spec.presets for r in rulebook_for(game, p).rules() if r.number is not None}


def _taught(game: str) -> set[int | str]:
    return {r for lesson in course(game) for r in lesson.rules()}


@pytest.mark.parametrize("game", COURSES)
def test_every_numbered_rule_is_taught_by_a_step(game: str) -> None:
    missing = sorted(_numbered(game) - _taught(game))
    assert not missing, f"{game}: no lesson step teaches rules {missing}"


def test_every_modern_house_rule_is_taught_by_a_step() -> None:
    spec = GAMES["dummy"]
    classic, modern = spec.presets["classic"], spec.presets["modern"]
    extras = {f.name for f in dataclasses.fields(classic) if getattr(classic, f.name) != getattr(modern, f.name)}
    assert {"head_penalty", "speto_layoff_penalty", "discard_full_penalty", "colour_knock", "speto_knock"} <= extras
    missing = sorted(extras - _taught("dummy"))
    assert not missing, f"no lesson step teaches the modern rules {missing}"
    for lesson in course("dummy"):  # a house rule is taught at a table that plays it
        if any(r in extras for r in lesson.rules()):
            assert "preset=modern" in lesson.config, lesson.id


def test_every_contract_deal_has_a_lesson() -> None:
    deals = {lesson.deal for lesson in course("contract")}
    assert deals == set(range(1, 8)), f"deals without a lesson: {sorted(set(range(1, 8)) - deals)}"
    assert "liverpool" in _taught("contract")  # buying, the Liverpool preset's rules


@pytest.mark.parametrize("game", COURSES)
def test_a_step_names_each_rule_it_teaches(game: str) -> None:
    """Honest mapping: every further rule a step claims is named by number in its texts, both languages."""
    for lesson in course(game):
        for k, step in enumerate(lesson.steps):
            th = " ".join(w.th for w in (step.prompt, step.why, step.well) if w is not None)
            en = " ".join(w.en for w in (step.prompt, step.why, step.well) if w is not None)
            for r in step.teaches:
                if isinstance(r, int):
                    assert re.search(rf"ข้อ {r}\b", th), (lesson.id, k, r, th)
                    assert re.search(rf"rules? {r}\b", en), (lesson.id, k, r, en)
                else:
                    assert rule_words(r, "th") != r, (lesson.id, r)  # a known name with Thai words


def test_the_course_listing_names_each_lessons_rules() -> None:
    for game in COURSES:
        for lesson in course(game):
            d = lesson.as_dict()
            assert d["rules"] and d["rule_words"]["th"] and d["rule_words"]["en"]
            assert not re.search("[A-Za-z]", d["rule_words"]["th"]), d["rule_words"]["th"]
