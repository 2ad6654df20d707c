"""Thai words enforced (issue 26.8): no Thai text the product can show uses a word of the "not" column.

``docs/thai-terms.md`` says, for each thing, the word to say and the words not to say. This test
reads the "not" column (and the "(not X)" notes of its prose), and searches every Thai text a player
can meet: every Thai string literal of the package's Python (CLI, hints, review, lessons' code, rule
books, errors, renderings), every Thai string of the web app's JavaScript (i18n.js and the rest), the
lesson files, and the rule books of every preset written out in Thai.

A forbidden word is not flagged where it is part of a word the list says to use (กอง inside
กองจั่ว, จั่วจากกอง inside จั่วจากกองจั่ว, ที่รู้ inside ไพ่ที่รู้ว่าถือ). Words that are also right
words elsewhere, so no string search can tell the wrong use (ตา is a turn and not a deal; เก็บ is
Dummy's collect and not keeping a card; ออก is an everyday verb), are listed in :data:`BY_CONTEXT`
and left to review.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from samrap.engine.rulebooks import rulebook_for

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "samrap"
DOC = ROOT / "docs" / "thai-terms.md"
THAI = re.compile(r"[\u0E00-\u0E7F]")
THAI_RUN = re.compile(r"[\u0E00-\u0E7F]+(?: ?\{[a-z]\}| ?[\u0E00-\u0E7F]+)*")

#: "not" words that are also right words in another sense: a string search cannot judge them.
BY_CONTEXT = {
    "กอง": "กอง is the stock, the row and the pile (กองจั่ว, กองกลาง, กองทิ้ง); only a meld must not be",
    "ตา": "ตา is the word for a turn; only a deal must not be called ตา",
    "เก็บ": "เก็บ is Dummy's collect; only keeping a card must not be called เก็บ",
    "ออก": "an everyday verb (ออกจากโต๊ะ); only going out must not be called ออก",
    "ที่ฝาก": "ไพ่ที่ฝากได้ (a card that can be laid off) is plain grammar; only the noun is wrong",
}


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def terms() -> tuple[dict[str, str], set[str]]:
    """``(forbidden word -> the row it comes from, every word the list says to use)``."""
    text = DOC.read_text(encoding="utf-8")
    bad: dict[str, str] = {}
    good: set[str] = set()
    for line in text.splitlines():
        if line.startswith("|") and not line.startswith("|---") and "| say |" not in line:
            cells = _cells(line)
            if len(cells) == 3:
                meaning, say, nots = cells
                good.update(THAI_RUN.findall(say))
                outside = re.sub(r"\([^)]*\)", "", nots)
                words = THAI_RUN.findall(outside)
                if "a mix of" in nots:  # "a mix of คะแนน and แต้ม": the first is the wrong one
                    words = words[:1]
                for word in words:
                    bad[word.strip()] = meaning
        else:
            for m in re.finditer(r"\(not ([^)]*)\)", line):
                for word in THAI_RUN.findall(m.group(1)):
                    bad[word.strip()] = "prose"
            good.update(THAI_RUN.findall(re.sub(r"\(not [^)]*\)", "", line)))
    for word in BY_CONTEXT:
        bad.pop(word, None)
    return bad, good


def _pattern(word: str) -> re.Pattern[str]:
    """``ตาที่ {i}`` matches ``ตาที่ 7`` and ``ตาที่ {i}``; other words as written."""
    parts = re.split(r"\{[a-z]\}", word)
    return re.compile(r"(?:\d+|\{\w+\})".join(re.escape(p) for p in parts))


def _python_texts() -> Iterator[tuple[str, str]]:
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and THAI.search(node.value):
                if _is_docstring(node, tree):
                    continue
                yield f"{path.relative_to(ROOT)}:{node.lineno}", node.value


def _is_docstring(node: ast.Constant, tree: ast.Module) -> bool:
    for parent in ast.walk(tree):
        if isinstance(parent, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            body = parent.body
            if body and isinstance(body[0], ast.Expr) and body[0].value is node:
                return True
    return False


JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|\'((?:[^\'\\\n]|\\.)*)\'')


def _js_texts() -> Iterator[tuple[str, str]]:
    for path in sorted((SRC / "server" / "static").rglob("*.js")):
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if line.lstrip().startswith("//"):
                continue
            for m in JS_STRING.finditer(line):
                s = next(g for g in m.groups() if g is not None)
                if THAI.search(s):
                    yield f"{path.relative_to(ROOT)}:{k + 1}", s


def _lesson_texts() -> Iterator[tuple[str, str]]:
    for path in sorted((SRC / "learn" / "data").glob("*.json")):
        stack = [json.loads(path.read_text(encoding="utf-8"))]
        while stack:
            o = stack.pop()
            if isinstance(o, dict):
                if isinstance(o.get("th"), str):
                    yield f"{path.relative_to(ROOT)}", o["th"]
                stack.extend(o.values())
            elif isinstance(o, list):
                stack.extend(o)


def _rulebook_texts() -> Iterator[tuple[str, str]]:
    from samrap.engine.registry import GAMES

    for name, spec in GAMES.items():
        for preset in (None, *spec.presets):
            book = rulebook_for(name, preset)
            for line in book.lines("th"):
                yield f"rules {name} {preset}", line


def texts() -> list[tuple[str, str]]:
    return [*_python_texts(), *_js_texts(), *_lesson_texts(), *_rulebook_texts()]


def test_the_list_is_read() -> None:
    bad, good = terms()
    assert {"คะแนน", "บัญชีคะแนน", "ลงสัญญา", "ไพ่ลงโทษ", "กติกาบ้าน", "ตาที่ {i}"} <= set(bad)
    assert {"แต้ม", "ลงตามสัญญา", "ไพ่ปรับ", "กองจั่ว"} <= good


def test_no_thai_text_uses_a_word_the_list_says_not_to_use() -> None:
    bad, good = terms()
    checks = [(word, _pattern(word), [g for g in good if word in g and g != word]) for word in bad]
    found = []
    all_texts = texts()
    assert len(all_texts) > 500  # every source was read
    for where, text in all_texts:
        for word, pat, longer in checks:
            for m in pat.finditer(text):
                if any(text[max(0, m.start() - g.index(word)) :].startswith(g) for g in longer if word in g):
                    continue  # part of a right word (กองจั่ว, ไพ่ที่รู้ว่าถือ)
                found.append(f"{where}: {word!r} ({bad[word]}) in {text!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("word", sorted(BY_CONTEXT))
def test_words_left_to_review_are_in_the_list(word: str) -> None:
    """A word left to review is a real entry of the list, and is left out of the string search."""
    assert word in DOC.read_text(encoding="utf-8")
    assert word not in terms()[0]
