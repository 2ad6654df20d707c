"""``samrap --version``, ``samrap rules`` and usage errors."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from samrap import __version__
from samrap.cli.main import app, main
from samrap.cli.rules import option_docs
from samrap.cli.simulate import parse_simulate
from samrap.games.dummy import DummyConfig
from tests.cli.helpers import run


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0 and result.stdout == f"samrap {__version__}\n"


def test_rules_lists_presets_and_every_option_with_its_default() -> None:
    result = run("rules", "dummy")
    assert result.exit_code == 0
    out = result.stdout
    assert "classic  dummy()  (default)" in out
    assert "modern   dummy(colour_knock=true," in out
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and len(line.split()) > 2}
    assert "target" in lines and " 500 " in lines["target"] and "match points to win" in lines["target"]
    assert "max_layoffs_per_game" in lines and " none " in lines["max_layoffs_per_game"]
    assert "[modern=50]" in lines["head_bonus"]
    for name in DummyConfig.__dataclass_fields__:
        assert name in lines


def test_every_option_has_a_description() -> None:
    docs = option_docs(DummyConfig)
    assert set(docs) == set(DummyConfig.__dataclass_fields__)
    assert docs["players"] == "2 to 4 (rule 1)."
    assert docs["hand_size"].startswith("cards dealt to each player;")


def test_rules_for_an_unknown_game() -> None:
    result = run("rules", "chess")
    expected = "samrap: error: game: unknown game 'chess'; known: dummy, contract\n"
    assert result.exit_code == 2 and result.stderr == expected


def test_unknown_command_and_bad_option_types_exit_2() -> None:
    assert run("dance").exit_code == 2
    result = run("simulate", "--games", "many")
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_main_runs_the_app(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out == f"samrap {__version__}\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "dummy", "-n", "2", "--games", "3", "--seed", "1"],
        ["simulate", "--help"],
        ["simulate", "--games", "many"],
        ["rules", "chess"],
        ["tournament", "dummy", "-n", "2", "--seats", "random,random", "--games", "1", "--hands", "1"],
        ["--help"],
        ["dance"],
        ["simu", "dummy"],
        [],
    ],
)
def test_a_command_alone_is_built_and_says_what_the_whole_app_says(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``samrap <command> ...`` builds that command's parser alone (Typer builds every command's on
    each call otherwise), or none for a plain ``simulate``, with the same output and exit code as
    the whole app (``run`` builds it)."""
    import typer.main
    import typer.testing

    built: list[str] = []
    build = typer.main.get_command_from_info

    def counting(command_info: Any, **kw: Any) -> Any:
        command = build(command_info, **kw)
        built.append(str(command.name))
        return command

    monkeypatch.setattr(typer.main, "get_command_from_info", counting)
    # The help width CliRunner sets, on the formatting module it sets it on (Typer 0.29 bundles
    # its own click; earlier releases used click's).
    formatting = getattr(typer.testing, "formatting", None) or importlib.import_module("click.formatting")
    monkeypatch.setattr(formatting, "FORCED_WIDTH", 80)
    with pytest.raises(SystemExit) as e:
        main(argv)
    out, err = capsys.readouterr()
    named = bool(argv) and argv[0] in {"simulate", "rules", "tournament"}
    if argv[:1] == ["simulate"] and parse_simulate(argv[1:]) is not None:
        assert built == []  # a plain ``simulate`` runs without the app (tests/cli/test_simulate_args.py)
    else:
        assert built == [argv[0]] if named else len(built) == len(app.registered_commands) > 5
    whole = run(*argv)
    assert (e.value.code or 0) == whole.exit_code
    assert _no_wall_time(out) == _no_wall_time(whole.stdout) and err == whole.stderr


def _no_wall_time(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if "wall time" not in line)
