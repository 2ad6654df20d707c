"""A game's rules in words, Thai and English, for the config being played.

Each game writes its rule book from its config (``games/<game>/rulebook.py``), so the rules a
player reads are the rules being played: a preset or an option changes the text, and a rule that
does not apply under the config is left out. Every rule carries the number that the engine's
errors cite (``IllegalActionError.rule``, the numbered rules of ``docs/rules/<game>.md``); house
rules that no error cites have none. ``samrap rules`` and the web rules page both read a rule book.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LANGS = ("en", "th")


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its number on the rules page (``None`` for a house rule) and its text in both languages."""

    number: int | None
    en: str
    th: str

    def text(self, lang: str) -> str:
        return self.th if lang == "th" else self.en


@dataclass(frozen=True, slots=True)
class Section:
    """A titled group of rules (cards and deal, a turn, scoring, ...)."""

    key: str
    en: str
    th: str
    rules: tuple[Rule, ...]

    def title(self, lang: str) -> str:
        return self.th if lang == "th" else self.en


@dataclass(frozen=True, slots=True)
class RuleBook:
    """The rules of one game under one config.

    Attributes:
        game: the game's registry name (``dummy``, ``contract``).
        config: the canonical config string the text describes.
        preset: the preset the config equals, or ``None`` when options change one.
        sections: the rules, in the order of the rules page.
    """

    game: str
    config: str
    preset: str | None
    title_en: str
    title_th: str
    sections: tuple[Section, ...]

    def title(self, lang: str) -> str:
        return self.title_th if lang == "th" else self.title_en

    def rules(self) -> tuple[Rule, ...]:
        return tuple(r for s in self.sections for r in s.rules)

    def lines(self, lang: str = "en") -> list[str]:
        """Plain text: a title line, then each section and its rules, numbered as errors cite them."""
        head = {"en": "rules", "th": "กติกา"}[_lang(lang)]
        out = [f"{self.title(lang)}: {head}"]
        for s in self.sections:
            out += ["", s.title(lang)]
            for r in s.rules:
                mark = f"{r.number:>2}." if r.number is not None else " •"
                out.append(f"  {mark} {r.text(lang)}")
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON form the web rules page reads (both languages, so the page can switch)."""
        return {
            "game": self.game,
            "config": self.config,
            "preset": self.preset,
            "title": {"en": self.title_en, "th": self.title_th},
            "sections": [
                {
                    "key": s.key,
                    "title": {"en": s.en, "th": s.th},
                    "rules": [{"number": r.number, "en": r.en, "th": r.th} for r in s.rules],
                }
                for s in self.sections
            ],
        }


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: one of {', '.join(LANGS)}")
    return lang


def preset_of(config: object, presets: dict[str, Any]) -> str | None:
    """The name of the preset ``config`` equals (the first, in the presets' order), else ``None``."""
    return next((name for name, p in presets.items() if p == config), None)
