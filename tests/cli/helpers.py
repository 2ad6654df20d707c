"""Running the ``samrap`` command in-process with captured output."""

from __future__ import annotations

from typer.testing import CliRunner, Result

from samrap.cli.main import app


def run(*args: str, input: str | None = None) -> Result:
    """Invoke ``samrap <args>``; stdout and stderr are kept apart (``result.stdout``/``.stderr``)."""
    return CliRunner().invoke(app, list(args), input=input)
