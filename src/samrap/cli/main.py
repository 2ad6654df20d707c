"""The ``samrap`` command's entry point (``samrap = samrap.cli.main:main``).

A plain ``samrap simulate`` (the form :func:`samrap.cli.simulate.parse_simulate` reads) runs
without the Typer app: building the app's parser imports pydantic for Typer's parameter
coercion, and the app's module the other commands' modules, about half of such a process's
start-up (docs/performance.md, issue 28.6). Everything else, ``samrap simulate --help`` and a
mistyped option included, goes through the app (``cli/app.py``), which this module also lends
its name to: ``from samrap.cli.main import app`` imports it when asked.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from samrap.cli.app import app as app


def main(argv: Sequence[str] | None = None) -> None:
    """Run ``samrap <argv>`` (default: the command line) and exit as Typer's standalone mode does."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["simulate"] and "_SAMRAP_COMPLETE" not in os.environ:
        from samrap.cli.simulate import parse_simulate

        params = parse_simulate(words[1:])
        if params is not None:
            _standalone(params)
    from samrap.cli.app import app

    app(args=argv, prog_name="samrap")


def _standalone(params: dict[str, object]) -> None:
    """``samrap simulate`` with its parsed parameters, ending as Typer's standalone mode ends a
    command (``typer.core._main``): exit 0, a command's ``Exit`` code, 130 on Ctrl-C, 1 with
    ``Aborted!`` at the end of input, 1 quietly on a closed pipe. Typer is imported only by a
    command that fails (``common.fail``), so its ``Exit`` is looked up where it was raised."""
    from samrap.cli.simulate import run_simulate

    try:
        run_simulate(**params)  # type: ignore[arg-type]
    except EOFError:
        print(file=sys.stderr)
        print("Aborted!", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as e:
        if e.errno != errno.EPIPE:
            raise
        from typer._click.utils import PacifyFlushWrapper

        sys.stdout = PacifyFlushWrapper(sys.stdout)
        sys.stderr = PacifyFlushWrapper(sys.stderr)
        sys.exit(1)
    except Exception as e:
        typer = sys.modules.get("typer")
        if typer is None or not isinstance(e, typer.Exit):
            raise
        sys.exit(e.exit_code)
    sys.exit(0)


def __getattr__(name: str) -> object:
    """``app`` (and the app module's other names), imported when first asked for; not a dunder
    name, which the import system asks of every module (``__path__`` by ``from … import``)."""
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from samrap.cli import app as module

    return getattr(module, name)


if __name__ == "__main__":  # pragma: no cover
    main()
