"""``samrap rules GAME --preset P --option k=v``: the rules of that preset with those options, in words, in
English or Thai, before the list of presets and options (issue 14.4)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from samrap.engine.registry import GAMES
from tests.cli.helpers import run
from tests.cli.test_thai import latin_words


def test_rules_show_the_chosen_preset_in_words() -> None:
    classic = run("rules", "dummy")
    assert classic.exit_code == 0, classic.output
    assert classic.stdout.splitlines()[0] == "Thai Dummy (ดัมมี่): rules (preset classic)"
    assert "There is no limit on lay-offs" in classic.stdout and "House rules" not in classic.stdout
    modern = run("rules", "dummy", "--preset", "modern").stdout
    assert "House rules" in modern and "ปี้หัว (fed the head)" in modern and "loses 50" in modern
    seed = run("rules", "dummy", "-p", "seed").stdout
    assert "at most 2 cards per game" in seed
    assert "Presets (use --preset NAME" in seed  # the preset and option list follows


def test_rules_options_change_the_words() -> None:
    out = run("rules", "dummy", "-p", "seed", "-o", "target=300", "--option", "ace_low=true").stdout
    assert out.splitlines()[0].endswith("(preset seed, ace_low=true, target=300)")
    assert "The first to reach 300 or more wins" in out and "A-2-3 are runs" in out
    same = run("rules", "dummy", "--preset", "seed", "--config", "target=300,ace_low=true").stdout
    assert same == out


def test_contract_rules_list_the_seven_contracts_and_follow_the_preset() -> None:
    seed = run("rules", "contract").stdout
    assert "deal 7: three runs" in seed and "A run (เรียง) is 3 or more" in seed
    pagat = run("rules", "contract", "--preset", "pagat").stdout
    assert "A run (เรียง) is 4 or more" in pagat and "(no deeper card)" in pagat
    liverpool = run("rules", "contract", "--preset", "liverpool").stdout
    assert "At most 3 buys per player per deal" in liverpool


def test_rules_in_thai_have_no_latin_word_but_card_texts() -> None:
    """Thai top to bottom (issue 26.8): the preset and options in Thai words, the lists described in
    Thai; the only Latin words are the names ``--preset`` and ``--option`` take."""
    for args, title in (
        (("dummy", "-p", "modern"), "(ชุดกติกา สมัยใหม่ (กติกาแบบแอปไทย))"),
        (("contract", "-p", "liverpool"), "(ชุดกติกา ลิเวอร์พูล (ซื้อไพ่ได้))"),
        (("contract", "-p", "pagat", "-o", "min_run=3"), "(ชุดกติกา กติกาตามตำรา, เรียงสั้นที่สุด (ใบ): 3)"),
    ):
        out = run("rules", *args, "--lang", "th").stdout
        first = out.splitlines()[0]
        assert first.endswith(title), first
        assert "--lang en" not in out and "pagat" not in first and "min_run" not in first
        spec = GAMES[args[0]]
        names = (*spec.presets, *(f.name for f in dataclasses.fields(spec.config_class)), "A-2-3")  # ranks
        assert latin_words(out.replace(first, ""), names=names) == []
        assert "ชุดกติกา (เลือกด้วย --preset ชื่อ):" in out and "ตัวเลือก (--option ชื่อ=ค่า)" in out


def test_rules_are_listed_in_number_order_within_each_section() -> None:
    for game in ("dummy", "contract"):
        for lang in ("th", "en"):
            numbers: list[int] = []
            for line in [*run("rules", game, "--lang", lang).stdout.splitlines(), ""]:
                m = re.match(r"^\s{1,3}(\d+)\. ", line)
                if m:
                    numbers.append(int(m.group(1)))
                elif not line.startswith("   •"):
                    assert numbers == sorted(numbers), (game, lang, numbers)
                    numbers = []


def test_the_thai_option_words_are_the_web_apps() -> None:
    """One vocabulary: the terminal's Thai preset and option names are i18n.js's (``preset.*``, ``opt.*``)."""
    from samrap.cli.rules import _TH_WORDS

    js = (Path(__file__).resolve().parents[2] / "src/samrap/server/static/js/i18n.js").read_text(encoding="utf-8")
    th = js[js.index("\n  th: {") :]
    web = dict(re.findall(r'^\s+"((?:opt|preset)\.(?:dummy|contract)\.[a-z_0-9.]+)": "([^"]*)",', th, re.M))
    assert web and all(_TH_WORDS[k] == v for k, v in web.items())
    for name, spec in GAMES.items():
        for f in dataclasses.fields(spec.config_class):
            assert f"opt.{name}.{f.name}" in _TH_WORDS, f.name


def test_bad_options_are_one_line_and_exit_2() -> None:
    for args, words in (
        (("dummy", "-o", "bogus"), "key=value"),
        (("dummy", "-o", "ace_low=maybe"), "ace_low"),
        (("dummy", "-p", "nope"), "preset"),
        (("dummy", "--lang", "fr"), "--lang"),
    ):
        result = run("rules", *args)
        assert result.exit_code == 2, args
        assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1
