"""Rooms of one concept (issue 28.3): no Python module and no web module over 600 lines.

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
SRC = Path(__file__).resolve().parents[2] / "src" / "samrap"
STATIC = SRC / "server" / "static"
# string tables: every string of the app in Thai and English, one entry a line
STRING_TABLES = {"js/i18n.js"}


def test_no_python_module_is_over_the_limit() -> None:
    over = []
    for path in sorted(SRC.rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > LIMIT:
            over.append(f"{path.relative_to(SRC.parent.parent)}: {n} lines (limit {LIMIT}): split it by concept")
    assert not over, "\n".join(over)


def test_no_web_module_is_over_the_limit() -> None:
    # static/pyodide/ is Pyodide's own runtime, fetched at install (gitignored), not ours
    scripts = sorted(p for p in STATIC.rglob("*.js") if "pyodide" not in p.relative_to(STATIC).parts)
    assert any(p.name == "table.js" for p in scripts)  # the walk really sees the web app
    over = []
    for path in scripts:
        name = path.relative_to(STATIC).as_posix()
        if name in STRING_TABLES:
            continue
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > LIMIT:
            over.append(f"server/static/{name}: {n} lines (limit {LIMIT}): split it by concept")
    assert not over, "\n".join(over)


def test_the_string_table_exceptions_exist() -> None:
    # an exception naming a file that moved would quietly exempt nothing and hide the rename
    for name in STRING_TABLES:
        assert (STATIC / name).is_file(), name
