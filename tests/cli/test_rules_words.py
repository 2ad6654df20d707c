"""``samrap rules GAME --preset P --option k=v``: the rules of that preset with those options, in words, in
English or Thai, before the list of presets and options (issue 14.4)."""

from __future__ import annotations

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
    for args in (("dummy", "-p", "modern"), ("contract", "-p", "liverpool")):
        out = run("rules", *args, "--lang", "th").stdout
        first = out.splitlines()[0]
        assert first.endswith(f"(ชุดกติกา {args[2]})")
        assert latin_words(out.replace(first, ""), paths=(f"samrap rules {args[0]} --lang en",)) == []


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
