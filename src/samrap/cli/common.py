"""Shared CLI plumbing: consoles, one-line errors with exit codes, and config options.

Every command turns bad input into one line on stderr and exit code 2 (a usage error), never a
traceback: the library's errors (``ConfigError``, ``InvalidNotationError``...) are all
``SamrapError`` and carry a message written for people.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from samrap.cli.text import say
from samrap.core.errors import ConfigError, SamrapError
from samrap.engine.protocol import ConfigLike
from samrap.engine.registry import GameSpec, configure

if TYPE_CHECKING:
    from rich.console import Console

USAGE = 2
LANGS = ("en", "th")
#: The largest seed a command takes: exact in a JSON number (a double), so records keep it.
MAX_SEED = 2**53 - 1


def env_lang() -> str:
    """The language the environment asks for: ``$SAMRAP_LANG`` (``en``/``th``), else ``th`` when the
    locale gettext would read (the first set of LC_ALL, LC_MESSAGES, LANG) is Thai, else ``en``.

    A Thai user's terminal is Thai without typing ``--lang th`` on every command, as with any CLI
    translated through gettext; a ``SAMRAP_LANG`` that is neither language is ignored, so that a
    stray value cannot stop even ``--help`` from printing.
    """
    own = os.environ.get("SAMRAP_LANG", "").strip().lower()
    if own[:2] in LANGS:
        return own[:2]
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "th" if value.lower().startswith("th") else "en"
    return "en"


def stdout() -> Console:
    """A console on the *current* stdout (tests swap it), without markup or auto-highlighting.

    Rich's console is imported here, not at the top: ``samrap simulate --json`` prints without it.
    """
    from rich.console import Console

    return Console(highlight=False, markup=False, soft_wrap=True)


def stderr() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, markup=False, soft_wrap=True)


def fail(message: str, code: int = USAGE, lang: str = "en") -> NoReturn:
    """Print ``samrap: error: <message>`` (Thai: ``samrap: ผิดพลาด: ``) on stderr and exit with ``code``."""
    import typer  # here: a plain ``samrap simulate`` runs without Typer (cli/main.py)

    stderr().print(say("error.prefix", lang) + message)
    raise typer.Exit(code)


def writable_problem(path: Path, lang: str = "en") -> str | None:
    """Why a file cannot be written at ``path`` (checked before a long run), or ``None``.

    Nothing is created: a match or a tournament is not played only to find at its end that its
    record has nowhere to go.
    """
    target = path.expanduser()
    folder = target.parent
    if target.is_dir():
        return say("path.folder", lang)
    if not folder.is_dir():
        return say("path.no_folder", lang, folder=folder)
    if target.exists() and not os.access(target, os.W_OK):
        return say("path.read_only", lang)
    if not target.exists() and not os.access(folder, os.W_OK | os.X_OK):
        return say("path.not_writable", lang, folder=folder)
    return None


def os_why(error: OSError, lang: str) -> str:
    """Why the system refused a write, for the screen: the system's words in English, Thai in Thai."""
    if lang != "th":
        return say("os.other", lang, why=error.strerror or error)
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return say("os.denied", lang, why=error)
    if error.errno in (errno.EEXIST, errno.ENOTDIR):
        return say("os.exists", lang, why=error)
    return say("os.other", lang, why=error)


def make_folder(folder: Path, lang: str) -> None:
    """Create ``--record``'s folder before any game is played, or a one-line error naming it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(say("error.record_dir", lang, record=folder, why=os_why(e, lang)), lang=lang)


@contextmanager
def usage_errors(lang: str = "en") -> Iterator[None]:
    """Turn the library's bad-input errors into a one-line message and exit code 2.

    In Thai a config error names its field in Thai words (as :func:`game_config` does); the
    library's English detail is for the English screen.
    """
    try:
        yield
    except ConfigError as e:
        fail(say("error.config", lang, field=e.field) if lang == "th" else str(e), lang=lang)
    except SamrapError as e:
        fail(say("error.config", lang, field="config") if lang == "th" else str(e), lang=lang)


def check_seed(seed: int, lang: str = "en") -> int:
    """``--seed`` as given, or a one-line error when it is outside 0..MAX_SEED."""
    if not 0 <= seed <= MAX_SEED:
        fail(say("error.seed", lang, max=MAX_SEED), lang=lang)
    return seed


def check_lang(lang: str | None) -> str:
    """``--lang`` as given, or the environment's language when it was not (:func:`env_lang`)."""
    if lang is None:
        return env_lang()
    if lang not in LANGS:
        fail(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def game_config(
    game: str, preset: str | None, options: str | None, players: int | None, lang: str = "en"
) -> tuple[GameSpec, ConfigLike]:
    """The spec and config from the common options, or a one-line error (exit 2).

    In Thai the line names the option that is wrong (as the player typed it) and says why in
    Thai; the library's English detail is for the English screen.
    """
    try:
        return configure(game, preset=preset, options=options, players=players)
    except ConfigError as e:
        if lang == "th":
            fail(say("error.config", lang, field=e.field), lang=lang)
        fail(str(e))
    except SamrapError as e:
        fail(say("error.config", lang, field="config") if lang == "th" else str(e), lang=lang)
