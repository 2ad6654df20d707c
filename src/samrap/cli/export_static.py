"""``samrap export-static DIR``: write the web app with the offline pack, to serve from any static
host (``samrap.offline.export``); there it plays against bots in the browser with no server."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from samrap.cli import common
from samrap.cli.common import check_lang, fail
from samrap.cli.helptext import LangOpt
from samrap.cli.text import say


def export_static(
    folder: Annotated[Path, typer.Argument(help="The folder to write the site into (created if missing).")],
    lang: LangOpt = None,
) -> None:
    """Write the web app and its offline pack as static files (bots play in the browser)."""
    lang = check_lang(lang)
    from samrap.offline.export import export_static as write_site
    from samrap.offline.pack import PackError

    if folder.exists() and not folder.is_dir():
        fail(say("export.notdir", lang, path=folder), lang=lang)
    try:
        files = write_site(folder)
    except PackError as e:
        fail(say("export.nopack", lang, why=e), lang=lang)
    except OSError as e:
        fail(say("export.write", lang, path=folder, why=e.strerror or e), lang=lang)
    size = sum(p.stat().st_size for p in files)
    common.stdout().print(say("export.done", lang, n=len(files), mb=f"{size / 1e6:.1f}", path=folder), highlight=False)
