"""Shared CLI plumbing: consoles, one-line errors with exit codes, and config options.

Every command turns bad input into one line on stderr and exit code 2 (a usage error), never a
traceback: the library's errors (``ConfigError``, ``InvalidNotationError``...) are all
``SamrapError`` and carry a message written for people.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from rich.console import Console

from samrap.core.errors import SamrapError
from samrap.engine.registry import GameSpec, configure

USAGE = 2
LANGS = ("en", "th")


def stdout() -> Console:
    """A console on the *current* stdout (tests swap it), without markup or auto-highlighting."""
    return Console(highlight=False, markup=False, soft_wrap=True)


def stderr() -> Console:
    return Console(stderr=True, highlight=False, markup=False, soft_wrap=True)


def fail(message: str, code: int = USAGE) -> NoReturn:
    """Print ``samrap: error: <message>`` on stderr and exit with ``code``."""
    stderr().print(f"samrap: error: {message}")
    raise typer.Exit(code)


@contextmanager
def usage_errors() -> Iterator[None]:
    """Turn the library's bad-input errors into a one-line message and exit code 2."""
    try:
        yield
    except SamrapError as e:
        fail(str(e))


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        fail(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def game_config(game: str, preset: str | None, options: str | None, players: int | None) -> tuple[GameSpec, Any]:
    """The spec and config from the common options, or a one-line error (exit 2)."""
    with usage_errors():
        return configure(game, preset=preset, options=options, players=players)
    raise AssertionError("unreachable")  # pragma: no cover


def seat_label(seat: int, names: tuple[str, ...] | list[str]) -> str:
    return f"s{seat} {names[seat]}" if seat < len(names) else f"s{seat}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
