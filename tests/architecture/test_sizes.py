"""Rooms of one concept (issue 28.3): no Python module and no web module over 600 lines.

Every module of the project's own code is counted: the package, and the tests, benchmarks,
scripts and examples too (``bench/server_load.py`` became the load client and
``bench/load_report.py``). The one exemption is the string table ``js/i18n.js``; code that is
not ours (Pyodide's runtime, fetched at install) is not counted.

A module that outgrows this has usually gathered a second concept; split it by concept (as
``games/contract/search.py`` became ``candidates.py``, ``search.py`` and ``feasible.py``) rather
than raise the limit. The web app's modules obey the same limit (``table.js`` became a controller
over ``tablemsgs.js``, ``tabledraw.js``, ``tablehand.js``, ``tablepick.js`` and
``tablelobby.js``); string tables are the named exceptions, since a table of words grows with
every new word and is one concept however long it gets.
"""

from __future__ import annotations

from pathlib import Path

LIMIT = 600
ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "samrap"
STATIC = SRC / "server" / "static"
#: Every folder of the project's own code: the package, its tests, benchmarks, scripts, examples.
CODE = ("src", "tests", "bench", "scripts", "examples", "deploy")
#: Folders inside those that hold code that is not ours: Pyodide's runtime (fetched at install into
#: static/pyodide/, gitignored), installed JavaScript tools, byte code.
NOT_OURS = {"pyodide", "node_modules", "__pycache__"}
# string tables: every string of the app in Thai and English, one entry a line
STRING_TABLES = {"src/samrap/server/static/js/i18n.js"}


def _modules(suffix: str) -> list[Path]:
    out = []
    for top in CODE:
        for path in sorted((ROOT / top).rglob(f"*{suffix}")):
            if NOT_OURS.isdisjoint(path.relative_to(ROOT).parts):
                out.append(path)
    return out


def _over(paths: list[Path]) -> list[str]:
    over = []
    for path in paths:
        name = path.relative_to(ROOT).as_posix()
        if name in STRING_TABLES:
            continue
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > LIMIT:
            over.append(f"{name}: {n} lines (limit {LIMIT}): split it by concept")
    return over


def test_no_python_module_is_over_the_limit() -> None:
    """Every Python module: the package's, and the tests', benchmarks' and scripts' too."""
    modules = _modules(".py")
    # the walk really sees each kind of code (a renamed folder would quietly check nothing)
    for top in ("src", "tests", "bench", "scripts", "examples"):
        assert any(p.relative_to(ROOT).parts[0] == top for p in modules), top
    over = _over(modules)
    assert not over, "\n".join(over)


def test_no_web_module_is_over_the_limit() -> None:
    scripts = _modules(".js")
    assert any(p.name == "table.js" for p in scripts)  # the walk really sees the web app
    assert STATIC / "sw.js" in scripts  # and the service worker beside it
    over = _over(scripts)
    assert not over, "\n".join(over)


def test_the_string_table_exceptions_exist() -> None:
    # an exception naming a file that moved would quietly exempt nothing and hide the rename
    for name in STRING_TABLES:
        assert (ROOT / name).is_file(), name
