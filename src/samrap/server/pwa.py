"""The installable web app: its manifest and its service worker, served from the site root.

A service worker controls only the pages under the folder it is served from, so ``/sw.js`` (not
``/static/sw.js``) lets it keep the app shell for ``/`` and every shared ``/t/CODE`` link. Both
files live in the static folder with the rest of the web app and are sent with ``no-cache``.

The worker's list of files to keep and its version are filled in from the static folder
(``samrap.offline.export.worker_text``, shared with ``samrap export-static``):
every script, style sheet and font of the app (a new page module is kept without editing the
worker), and a hash of their contents, so a new release installs a new worker that replaces the
old copy. Sounds and the large icons are left to be fetched when first used.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from samrap.offline.export import shell_files, worker_text
from samrap.server.messages import ErrorBody, ErrorCode

router = APIRouter()

NO_CACHE = {"cache-control": "no-cache"}


def _static(request: Request) -> Path:
    static: Path = request.app.state.static_dir
    return static


@lru_cache(maxsize=4)
def _worker(static: Path, stamp: tuple[tuple[str, int, int], ...]) -> str:
    """``sw.js`` filled in (``offline.export.worker_text``); ``stamp`` (names, sizes, mtimes) keys the cache."""
    return worker_text(static)


def _stamp(static: Path) -> tuple[tuple[str, int, int], ...]:
    paths = [static / "index.html", static / "sw.js", *shell_files(static)]
    return tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in paths if p.is_file())


def _missing() -> Response:
    body = ErrorBody(code=ErrorCode.NOT_FOUND, message="no web app installed")
    return JSONResponse(body.model_dump(mode="json"), status_code=404)


@router.get("/sw.js", include_in_schema=False)
async def service_worker(request: Request) -> Response:
    static = _static(request)
    if not (static / "sw.js").is_file():
        return _missing()
    body = _worker(static, _stamp(static))
    return Response(body, media_type="text/javascript", headers=NO_CACHE)


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest(request: Request) -> Response:
    path = _static(request) / "manifest.webmanifest"
    if not path.is_file():
        return _missing()
    return FileResponse(path, media_type="application/manifest+json", headers=NO_CACHE)
