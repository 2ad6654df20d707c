"""Thai ``--help`` and Thai parse errors (``cli/helptext.py``), picked from the environment as a
gettext-translated CLI picks them: ``SAMRAP_LANG`` first, else a ``th`` locale in LC_ALL,
LC_MESSAGES or LANG (the first one set), else English; a ``--lang`` typed on the command wins.

A Thai help screen holds no Latin word but option names and the literal values a player types
(game names, bot specs, config strings, variable and package names): ``latin_words`` of
``test_thai.py`` checks the whole screen.
"""

from __future__ import annotations

import re

import pytest
from typer.main import get_command

from samrap.cli.common import env_lang
from samrap.cli.helptext import thai_help
from samrap.cli.main import app
from tests.cli.helpers import run
from tests.cli.test_thai import latin_words

COMMANDS = ("play", "simulate", "replay", "rules", "serve", "tournament", "hint", "review", "learn", "export-static")
#: What a Thai help screen may show in Latin letters: values typed (with their punctuation) ...
PHRASES = (
    *("dummy(players=3)", "contract(players=4)", "'target=50,ace_low=true'", "external:'python my_bot.py'"),
    *("ismcts:iters=200", "ismcts:iters=300", "ismcts:1s", "tables=20/60,joins=off,exempt='10.0.0.2'"),
    *("docs/deployment.md", "~/.samrap/learn.json", "http://", "127.0.0.1"),
)
#: ... and single words: commands, values, variables, formats and programs. Anything else is
#: English left on a Thai screen.
WORDS = {
    *COMMANDS,
    *("dummy", "contract", "random", "heuristic", "easy", "medium", "hard", "expert", "learned", "numpy"),
    *("en", "th", "off", "info"),
    *("$SAMRAP_RATE_LIMITS", "$SAMRAP_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "X-Forwarded-For"),
    *("JSON", "SQLite", "PNG", "SVG", "uvicorn"),
}


def _thai_screen(text: str) -> list[str]:
    """The Latin words of a Thai screen that are none of the kinds it may show (short options too)."""
    bad = latin_words(text, names=PHRASES)
    return [w for w in bad if w not in WORDS and not re.fullmatch(r"-[a-z]", w)]


def test_every_command_and_option_has_its_thai_help() -> None:
    group = get_command(app)
    assert thai_help("samrap", "")
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        assert thai_help(name, ""), name
        for param in command.params:
            assert thai_help(name, param.name), f"{name} {param.name}"


def test_the_environment_picks_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("SAMRAP_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert env_lang() == "en"
    monkeypatch.setenv("LANG", "th_TH.UTF-8")
    assert env_lang() == "th"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # the first one set wins, as in gettext
    assert env_lang() == "en"
    monkeypatch.setenv("SAMRAP_LANG", "th")  # samrap's own variable before the locale
    assert env_lang() == "th"
    monkeypatch.setenv("SAMRAP_LANG", "fr")  # not a language of samrap: ignored, never an error
    assert env_lang() == "en"


def test_samrap_lang_th_makes_the_app_help_thai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMRAP_LANG", "th")
    for args in (("--help",), ()):  # no words at all prints the help too (on stderr)
        result = run(*args)
        assert "วิธีใช้: samrap" in result.output and "คำสั่ง:" in result.output, result.output
        assert "จำลอง" in result.output and _thai_screen(result.output) == []


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_help_is_thai_under_samrap_lang_th(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    monkeypatch.setenv("SAMRAP_LANG", "th")
    result = run(command, "--help")
    assert result.exit_code == 0, result.output
    assert f"วิธีใช้: samrap {command}" in result.stdout and "ตัวเลือก:" in result.stdout
    assert _thai_screen(result.stdout) == []


def test_a_thai_locale_makes_simulate_help_thai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SAMRAP_LANG")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "th_TH.UTF-8")
    result = run("simulate", "--help")
    assert "จำนวนเกม  [ค่าปกติ: 100]" in result.stdout and _thai_screen(result.stdout) == []


def test_lang_typed_on_the_command_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SAMRAP_LANG", "th")
    english = run("simulate", "--lang", "en", "--help").stdout
    assert "Usage: samrap simulate" in english and "Number of games." in english
    monkeypatch.setenv("SAMRAP_LANG", "en")
    assert "วิธีใช้: samrap simulate" in run("simulate", "--lang=th", "--help").stdout
    monkeypatch.setenv("SAMRAP_LANG", "th")
    out = run("simulate", "dummy", "-n", "2", "-g", "1", "--lang", "en").stdout
    assert "average score per seat" in out and "แต้ม" not in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("simulate", "--seed", "abc"), "--seed: ต้องเป็นจำนวนเต็ม"),
        (("simulate", "--games"), "ต้องใส่ค่าหลัง --games"),
        (("simulate", "--bogus"), "ไม่มีตัวเลือก --bogus"),
        (("tournament", "dummy"), "ต้องระบุ --seats"),
        (("serve", "--hint-workers", "-1"), "--hint-workers: ต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป"),
        (("serve", "--hint-nice", "20"), "--hint-nice: ต้องเป็นจำนวนเต็มตั้งแต่ 0 ถึง 19"),
        (("simulat",), "ไม่มีคำสั่ง simulat"),
    ],
)
def test_thai_parse_errors_are_one_thai_line_naming_the_option(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], says: str
) -> None:
    monkeypatch.setenv("SAMRAP_LANG", "th")
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("samrap: ผิดพลาด: ") and result.stderr.count("\n") == 1
    assert says in result.stderr, result.stderr
    assert _thai_screen(result.stderr.replace("simulat ", "")) == []


def test_english_parse_errors_stay_clicks() -> None:
    result = run("simulate", "--seed", "abc")
    assert result.exit_code == 2 and "Invalid value for '--seed'" in result.stderr
