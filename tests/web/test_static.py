"""Checks of the web app's files that need no browser: names agree with the games, every string
exists in both languages, imports resolve, the font is the licensed subset, nothing is fetched
from another origin."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "samrap" / "server" / "static"
JS = STATIC / "js"


def _js(name: str) -> str:
    return (JS / name).read_text(encoding="utf-8")


def _dictionary(lang: str) -> dict[str, str]:
    text = _js("i18n.js")
    start = text.index(f"  {lang}: {{")
    end = text.index("\n  },", start)
    return dict(re.findall(r'"([\w.]+)":\s*"((?:[^"\\]|\\.)*)"', text[start:end]))


def _ledger_names(game: str) -> dict[str, list[str]]:
    text = _js("ledger.js")
    start = text.index(f"  {game}: {{")
    end = text.index("\n  },", start)
    body = "{" + text[start:end].split("{", 1)[1] + "}"
    body = re.sub(r"(\w+):", r'"\1":', body)
    names: dict[str, list[str]] = json.loads(re.sub(r",\s*}", "}", body))
    return names


def test_ledger_item_names_match_the_games() -> None:
    from samrap.games.dummy.scoring import ITEM_NAMES

    assert _ledger_names("dummy") == {k: list(v) for k, v in ITEM_NAMES.items()}
    try:
        from samrap.games.contract.scoring import ITEM_NAMES as CONTRACT_NAMES
    except ImportError:
        pytest.skip("Contract Rummy scoring is not importable")
    assert _ledger_names("contract") == {k: list(v) for k, v in CONTRACT_NAMES.items()}


def test_every_string_exists_in_thai_and_english() -> None:
    en, th = _dictionary("en"), _dictionary("th")
    assert len(en) > 150
    assert set(en) == set(th), sorted(set(en) ^ set(th))
    used = set()
    for path in JS.glob("*.js"):
        used |= set(re.findall(r'\bt\("([\w.]+)"', path.read_text(encoding="utf-8")))
    used = {k for k in used if not k.endswith(".")}  # t("level." + name): the families are checked below
    assert used <= set(en), sorted(used - set(en))
    for family, members in {"level": "easy medium hard expert", "suit": "c d h s", "rank": "2 T J Q K A"}.items():
        for m in members.split():
            assert f"{family}.{m}" in en, f"{family}.{m}"
    # the games' own Thai words appear in the Thai strings as they are
    thai_text = " ".join(th.values())
    for word in ("เกิด", "เก็บ", "ฝาก", "น็อค", "กองจั่ว", "กองกลาง", "หัว"):
        assert word in thai_text, word


def test_imports_and_page_references_resolve() -> None:
    for path in JS.glob("*.js"):
        for ref in re.findall(r'from\s+"(\./[\w./-]+)"|import\("(\./[\w./-]+)"\)', path.read_text(encoding="utf-8")):
            target = next(r for r in ref if r)
            assert (path.parent / target).is_file(), f"{path.name} imports missing {target}"
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert len(refs) >= 3
    for ref in refs:
        assert (STATIC / ref.removeprefix("/static/")).is_file(), ref
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    for ref in re.findall(r"url\(([^)#]+)\)", css):
        assert (STATIC / ref.strip("\"'")).is_file(), ref


def test_font_is_a_small_licensed_woff2_subset() -> None:
    TTFont = pytest.importorskip("fontTools.ttLib").TTFont

    licence = (STATIC / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Noto Project Authors" in licence
    fonts = sorted((STATIC / "fonts").glob("noto-*.woff2"))
    assert [f.name for f in fonts] == ["noto-sans-thai-400.woff2", "noto-sans-thai-700.woff2"]
    for f in fonts:
        assert f.read_bytes()[:4] == b"wOF2"
        assert f.stat().st_size < 40_000
        cmap = TTFont(f).getBestCmap()
        for ch in "กองจั่วน็อคเกิดAZaz09":
            assert ord(ch) in cmap, (f.name, ch)
        assert ord("ก") in cmap and ord("\u0e4c") in cmap  # consonants and the thanthakhat mark
        assert len(cmap) < 250  # a subset, not the whole font


def test_nothing_is_loaded_from_another_origin() -> None:
    allowed = {"http://www.w3.org/2000/svg"}
    # LINE's share address is a link the player taps to leave for LINE (share.js): nothing is loaded
    linked = ("https://line.me/R/share?text=",)
    for path in STATIC.rglob("*"):
        if path.suffix not in (".js", ".css", ".html"):
            continue
        text = path.read_text(encoding="utf-8")
        found = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'`)]*", text)) - allowed
        urls = {u for u in found if not u.startswith(linked)}
        assert not urls, f"{path.name} refers to {urls}"


def test_every_character_the_app_shows_is_in_a_shipped_font() -> None:
    """No glyph falls back to a system font: Thai, Latin and the signs are in Noto Sans Thai, the
    suits and the joker star in our own samrap-suits font."""
    TTFont = pytest.importorskip("fontTools.ttLib").TTFont

    covered: set[int] = set()
    for f in (STATIC / "fonts").glob("*.woff2"):
        covered |= set(TTFont(f).getBestCmap())
    for s in "♣♦♥♠★":
        assert ord(s) in TTFont(STATIC / "fonts" / "samrap-suits.woff2").getBestCmap()
    for path in STATIC.rglob("*"):
        if path.suffix not in (".js", ".css", ".html"):
            continue
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"/\*.*?\*/|^\s*//.*$", "", text, flags=re.S | re.M)  # comments are not shown
        missing = {ch for ch in text if ord(ch) > 0x7E and ord(ch) not in covered}
        assert not missing, f"{path.name}: {sorted(missing)}"


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def test_every_preset_and_option_has_words_in_both_languages() -> None:
    """The lobby shows presets and options in words (never a config string): every preset, option
    and choice the server lists (``GET /api/presets``) has a name in English and in Thai, and the
    Thai names use no English word (card texts such as A-2-3 are single letters)."""
    from samrap.server.presets import preset_list

    en, th = _dictionary("en"), _dictionary("th")
    keys = []
    for g in preset_list().games:
        keys += [f"game.{g.name}"] + [f"preset.{g.name}.{p.name}" for p in g.presets]
        for o in g.options:
            keys.append(f"opt.{g.name}.{o.name}")
            keys += [f"opt.{g.name}.{o.name}.{c}" for c in o.choices or []]
            if o.kind == "int_or_none":
                keys.append(f"opt.{g.name}.{o.name}.none")
    missing = [k for k in keys if k not in en or k not in th]
    assert not missing, f"no words for: {missing}"
    english = {k: th[k] for k in keys if LATIN_WORD.search(th[k])}
    assert not english, english


#: thai-terms.md's "not" column: words a Thai screen must not use for these things.
NOT_THAI_TERMS = {
    "บัญชีคะแนน": "สรุปแต้ม",
    "คะแนน": "แต้ม",
    "ค่าผูกมัด": "ค่าแฮชที่ประกาศก่อนแจก",
    "ซีด": "ค่า seed",
    "ล้างที่เลือก": "ยกเลิกที่เลือกไว้",
    "กติกาบ้าน": "กติกาเสริม",
    "ไพ่ลงโทษ": "ไพ่ปรับ",
    "ไพ่ที่อยู่บนมัน": "ไพ่ที่ทับอยู่",
    "ถูกฝากสเปโต": "โดนฝากสเปโต",
    "เก็บจากกองทิ้ง": "หยิบจากกองทิ้ง",
    "ลงสัญญา": "ลงตามสัญญา",
    "ตาที่": "รอบที่ (Contract) or การเดินที่ (a move)",
}


def test_thai_strings_use_the_words_of_thai_terms() -> None:
    """One word for one thing (shared/rules/thai-terms.md): ชุด for a meld (กอง is only a pile:
    กองจั่ว, กองกลาง, กองทิ้ง), แต้ม for points, and no word from the list's "not" column."""
    th = _dictionary("th")
    wrong = []
    for key, text in th.items():
        plain = text.replace("ลงตามสัญญา", "")
        for word, say in NOT_THAI_TERMS.items():
            if word in plain:
                wrong.append(f"{key}: {word!r} -> {say!r} in {text!r}")
        if "กอง" in re.sub("กองจั่ว|กองกลาง|กองทิ้ง", "", text):
            wrong.append(f"{key}: กอง for a meld -> ชุด in {text!r}")
    assert not wrong, "\n".join(wrong)


def _css_depth_errors(text: str) -> list[str]:
    """Where a stylesheet's braces do not balance: a rule left open swallows every rule after it
    (the browser drops them without a word, as a merge that lost one ``}`` did on 2026-12-06)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'', '""', text)
    depth, problems = 0, []
    for number, line in enumerate(text.splitlines(), 1):
        for ch in line:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if depth < 0:
                problems.append(f"line {number}: a }} closes nothing")
                depth = 0
        # a selector line opening a rule while another rule is still open (at-rules nest, rules do not)
        if depth >= 2 and re.match(r"^\s*[.#\w\[:*>][^{]*\{\s*$", line) and not _inside_at_rule(text, number):
            problems.append(f"line {number}: a rule opens inside another rule (a }} is missing above)")
    if depth:
        problems.append(f"end of file: {depth} rule(s) left open")
    return problems


def _inside_at_rule(text: str, number: int) -> bool:
    """Whether line ``number`` is inside an ``@media``/``@supports`` block (where depth 2 is right)."""
    depth_stack: list[bool] = []
    for line in text.splitlines()[: number - 1]:
        for ch in line:
            if ch == "{":
                depth_stack.append(line.lstrip().startswith("@"))
            elif ch == "}" and depth_stack:
                depth_stack.pop()
    return len(depth_stack) >= 1 and all(depth_stack[:-1] or [True]) and depth_stack[0]


@pytest.mark.parametrize("sheet", sorted(p.name for p in STATIC.glob("*.css")))
def test_every_stylesheet_closes_every_rule(sheet: str) -> None:
    assert _css_depth_errors((STATIC / sheet).read_text(encoding="utf-8")) == []


def test_the_brace_check_finds_a_rule_left_open() -> None:
    assert _css_depth_errors(".a {\n  color: red;\n}\n@media (max-width: 9px) {\n  .b {\n    x: y;\n  }\n}\n") == []
    assert _css_depth_errors(".a {\n  color: red;\n.b {\n  x: y;\n}\n") != []
    assert _css_depth_errors(".a {\n  color: red;\n}\n}\n") != []
