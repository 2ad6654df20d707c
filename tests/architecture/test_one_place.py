"""One place per game (issue 28.1): outside ``samrap.games`` and the registries, no module branches
on a game's name or on an action's class name.

Every per-game fact lives in the game's ``GameSpec`` (``engine/registry.py``) or its coach
(``players/coach.py``, one module per game under ``players/coaches/``), so a new game joins by
registration alone (``tests/games/tiny``). The check reads the syntax trees of ``src/samrap`` and
fails on:

* a comparison with a built-in game's name (``game.name == "dummy"``, ``name in ("dummy", ...)``);
* a table keyed by game names (``{"dummy": 24, "contract": 12}``), or a set of them (for a
  membership test: ``frozenset({"contract"})``);
* a comparison with a game's action class name, or with a class's ``__name__``
  (``type(a).__name__ == "Discard"``).

Allowed, and listed here with the reason: the registries themselves, and the environments that
wrap one game by design (documented in docs/architecture.md, "Adding a game").
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "samrap"
GAME_NAMES = frozenset({"dummy", "contract"})

#: Modules that may name a game: the registries (their job) and the one environment module that
#: defines every game's OpenSpiel wrapper by design (its table ``_DEFS``).
ALLOWED = frozenset(
    {
        "engine/registry.py",  # the engine's table of GameSpecs
        "players/coach.py",  # the players' table of coaches
        "env/binding.py",  # the environments' table of bindings
        "env/openspiel_games.py",  # the OpenSpiel definitions, one per game
    }
)


def _action_class_names() -> frozenset[str]:
    out: set[str] = set()
    for path in sorted((SRC / "games").glob("*/actions.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out.update(n.name for n in tree.body if isinstance(n, ast.ClassDef))
    return frozenset(out)


def _strings(node: ast.expr) -> list[str]:
    """The string constants of ``node``: itself, or the items of a tuple, list or set display."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def _is_dunder_name(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "__name__"


def problems(rel: str, text: str, classes: frozenset[str]) -> list[str]:
    """What the module ``rel`` (its path under src/samrap) with source ``text`` branches on: a
    game's name or an action class name, one line each."""
    if rel.startswith("games/") or rel in ALLOWED:
        return []
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            words = {w for side in sides for w in _strings(side)}
            if words & GAME_NAMES:
                out.append(f"{rel}:{node.lineno}: compares with a game's name {sorted(words & GAME_NAMES)}")
            if words & classes:
                out.append(f"{rel}:{node.lineno}: compares with an action class name {sorted(words & classes)}")
            if any(_is_dunder_name(s) for s in sides) and words != {"__main__"}:
                out.append(f"{rel}:{node.lineno}: compares a class's __name__")
        elif isinstance(node, ast.Set) and set(_strings(node)) & GAME_NAMES:
            out.append(f"{rel}:{node.lineno}: a set of game names {sorted(set(_strings(node)) & GAME_NAMES)}")
        elif isinstance(node, ast.Dict):
            keys = {w for k in node.keys if k is not None for w in _strings(k)}
            if keys & GAME_NAMES:
                out.append(f"{rel}:{node.lineno}: a table keyed by game names {sorted(keys & GAME_NAMES)}")
    return out


def test_no_module_outside_the_games_and_registries_branches_on_a_game() -> None:
    classes = _action_class_names()
    assert {"Discard", "Knock", "GoDown"} <= classes  # the check sees both games' actions
    found = [
        p
        for path in sorted(SRC.rglob("*.py"))
        for p in problems(path.relative_to(SRC).as_posix(), path.read_text(encoding="utf-8"), classes)
    ]
    assert not found, "per-game branches outside samrap.games and the registries:\n" + "\n".join(found)


PROBE = """
def f(game, a):
    if game.name == "dummy":
        return 1
    if type(a).__name__ in ("Draw", "Pass"):
        return 2
    return {"contract": 3}, {"dummy"}
"""


def test_the_check_finds_what_it_forbids() -> None:
    """Each forbidden shape is reported in a players module, and nothing in an allowed one."""
    classes = _action_class_names()
    found = problems("players/probe.py", PROBE, classes)
    assert len(found) == 5, found  # the game's name, the class names, the __name__, the table, the set
    assert "players/probe.py:3: compares with a game's name ['dummy']" in found
    assert problems("engine/registry.py", PROBE, classes) == []
    assert problems("games/dummy/probe.py", PROBE, classes) == []
    assert problems("x.py", 'if __name__ == "__main__":\n    pass\n', classes) == []
