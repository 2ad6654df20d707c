"""``samrap simulate`` without the Typer app: ``parse_simulate`` reads the plain form of its
arguments exactly as Typer's parser does (the same parameters, coerced alike), and gives ``None``
for anything else, which Typer then parses; ``main`` so runs the same command either way."""

from __future__ import annotations

import errno
import functools
import inspect
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.core
import typer.main

from samrap.cli.main import app, main
from samrap.cli.simulate import parse_simulate, run_simulate
from samrap.cli.text import say
from tests.cli.helpers import run

#: Arguments of the plain form, in every spelling ``parse_simulate`` reads.
PLAIN = [
    [],
    ["dummy"],
    ["contract", "-n", "5", "--games", "2"],
    ["dummy(players=3)", "--seed", "0", "--json"],
    ["--json", "dummy", "-g", "7", "-s", "12345678901234"],
    ["--players=2", "--games=10", "--seed=4", "--bots=random,heuristic", "--lang=th"],
    ["dummy", "-p", "seed", "-c", "target=50,ace_low=true", "-r", "out/games", "-b", "random"],
    ["--preset", "modern", "--config", "x=y", "--record", "a b", "--lang", "en", "chess"],
    ["dummy", "--bots", "external:'python my_bot.py'", "--games", "0", "--seed", "9007199254740993"],
]
#: Forms Typer must parse (its help, its errors, or a spelling the plain form leaves to it).
OTHER = [
    ["--help"],
    ["dummy", "--help"],
    ["-n4"],
    ["-n=4"],
    ["--games", "many"],
    ["--games", "-1"],
    ["--games", "03"],
    ["--games", "+3"],
    ["--games", " 3"],
    ["--games", "๓"],
    ["--games", "1" * 17],
    ["--games"],
    ["--json=true"],
    ["--no-json"],
    ["--json", "--json"],
    ["-n", "2", "--players", "3"],
    ["dummy", "contract"],
    ["--", "dummy"],
    ["-"],
    [""],
    ["--bots", ""],
    ["--bots", "-x"],
    ["--gam", "3"],
    ["--Games", "3"],
]


@functools.cache
def _group() -> typer.core.TyperGroup:
    """The app's click group, built once (each build makes every parameter's adapter anew)."""
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    return group


def _typer_params(words: list[str]) -> dict[str, Any]:
    """The parameters Typer's parser gives the ``simulate`` command for ``words``."""
    group = _group()
    with group.make_context("samrap", ["simulate"]) as ctx:
        command = group.get_command(ctx, "simulate")
        assert command is not None
        with command.make_context("simulate", list(words), parent=ctx) as sub:
            return dict(sub.params)


def _defaults() -> dict[str, Any]:
    return {k: p.default for k, p in inspect.signature(run_simulate).parameters.items()}


@pytest.mark.parametrize("words", PLAIN)
def test_the_plain_form_parses_as_typer_parses_it(words: list[str]) -> None:
    params = parse_simulate(words)
    assert params is not None
    assert {**_defaults(), **params} == _typer_params(words)


def test_every_pair_of_options_parses_as_typer_parses_it() -> None:
    """Orders and spellings mixed: each option with each other, long, short and ``=`` forms; one
    option given twice is left to Typer (where the last one wins)."""
    spellings = [
        ("players", ["-n", "3"]),
        ("players", ["--players=2"]),
        ("games", ["-g", "5"]),
        ("seed", ["--seed", "77"]),
        ("preset", ["-p", "seed"]),
        ("config", ["--config=target=50"]),
        ("record", ["-r", "dir"]),
        ("as_json", ["--json"]),
        ("bots", ["-b", "random"]),
        ("lang", ["--lang", "th"]),
        ("game", ["contract"]),
    ]
    for (one, a), (other, b) in itertools.permutations(spellings, 2):
        words = [*a, *b]
        params = parse_simulate(words)
        if one == other:
            assert params is None, words
        else:
            assert params is not None, words
            assert {**_defaults(), **params} == _typer_params(words), words


@pytest.mark.parametrize("words", OTHER)
def test_any_other_form_is_left_to_typer(words: list[str]) -> None:
    assert parse_simulate(words) is None


@pytest.mark.parametrize(
    "words",
    [
        ["dummy", "-n", "3", "--games", "4", "--seed", "2", "--json"],
        ["contract", "--games", "2", "--seed", "5"],
        ["dummy", "--games", "3", "--lang", "th"],
        ["dummy", "--games", "0"],
        ["chess"],
        ["dummy", "--lang", "fr"],
        ["dummy", "-n", "2", "--bots", "nobody"],
        ["dummy", "--seed", "9007199254740993"],
    ],
)
def test_main_without_the_app_says_what_the_app_says(words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """The same output, errors and exit code as the Typer app (``run``), the wall time aside."""
    assert parse_simulate(words) is not None
    with pytest.raises(SystemExit) as e:
        main(["simulate", *words])
    out, err = capsys.readouterr()
    whole = run("simulate", *words)
    assert (e.value.code or 0) == whole.exit_code
    assert err == whole.stderr
    if "--json" in words:
        mine, its = json.loads(out), json.loads(whole.stdout)
        assert mine.pop("wall_time_s") >= 0 and its.pop("wall_time_s") >= 0
        assert mine == its
    else:
        assert _no_wall_time(out) == _no_wall_time(whole.stdout)


def test_main_without_the_app_writes_the_records(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as e:
        main(["simulate", "dummy", "--games", "2", "--seed", "3", "--record", str(tmp_path / "a")])
    assert e.value.code == 0
    assert run("simulate", "dummy", "--games", "2", "--seed", "3", "--record", str(tmp_path / "b")).exit_code == 0
    mine = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert mine == ["game-00001.json", "game-00002.json"] == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in mine:
        a, b = (json.loads((tmp_path / d / name).read_text(encoding="utf-8")) for d in "ab")
        a.pop("date", None), b.pop("date", None)
        assert a == b


def _no_wall_time(text: str) -> str:
    """The summary but its last row, the wall time (``say("simulate.wall", lang)``)."""
    lines = text.splitlines()
    assert not lines or any(w in lines[-1] for w in ("wall time", say("simulate.wall", "th")))
    return "\n".join(lines[:-1])


def test_a_plain_simulate_process_imports_neither_typer_nor_pydantic() -> None:
    """The point of the path: a fresh ``samrap simulate --json`` process loads no Typer, no pydantic,
    no Rich console
    (``from samrap.cli.main import main`` included: the import system asks the module for
    ``__path__``, which must not import the app)."""
    probe = (
        "import sys\n"
        "from samrap.cli.main import main\n"
        "try:\n"
        "    main(['simulate', 'dummy', '--games', '1', '--json'])\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0, e.code\n"
        "print(sorted(m for m in ('samrap.cli.app', 'pydantic', 'typer', 'rich.console') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize("error", [KeyboardInterrupt(), EOFError(), BrokenPipeError(errno.EPIPE, "Broken pipe")])
def test_main_without_the_app_ends_an_interrupted_run_as_the_app_does(
    error: BaseException, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C (130), the end of input (1, ``Aborted!``) and a closed pipe (1): Typer's standalone
    endings, by either path (``--json`` twice is left to Typer)."""
    import samrap.cli.app
    import samrap.cli.simulate

    def interrupted(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(samrap.cli.simulate, "run_simulate", interrupted)
    monkeypatch.setattr(samrap.cli.app, "run_simulate", interrupted)
    monkeypatch.setattr(sys, "stdout", sys.stdout)  # the pipe's ending wraps both streams
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    endings = []
    for words in (["simulate", "--json"], ["simulate", "--json", "--json"]):
        with pytest.raises(SystemExit) as e:
            main(words)
        endings.append((e.value.code, capsys.readouterr().err))
    assert endings[0] == endings[1]
    assert endings[0][0] == (130 if isinstance(error, KeyboardInterrupt) else 1)


def test_the_plain_form_knows_every_option_typer_declares() -> None:
    """The two option tables cannot drift apart: each name Typer's ``simulate`` takes (``--help``
    aside) is one ``parse_simulate`` reads, for the same parameter, and no other."""
    from samrap.cli.simulate import _OPTIONS

    group = _group()
    with group.make_context("samrap", ["simulate"]) as ctx:
        command = group.get_command(ctx, "simulate")
        assert command is not None
        declared = {(name, p.name) for p in command.params for name in p.opts if name.startswith("-")}
    assert declared == {(name, key) for name, (key, _) in _OPTIONS.items()}
