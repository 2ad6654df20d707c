"""The installable web app: its manifest and its service worker, served from the site root.

A service worker controls only the pages under the folder it is served from, so ``/sw.js`` (not
``/static/sw.js``) lets it keep the app shell for ``/`` and every shared ``/t/CODE`` link. Both
files live in the static folder with the rest of the web app; they are sent with ``no-cache`` so a
new release's worker and manifest are picked up at the next visit (the worker then refreshes the
shell it keeps).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

router = APIRouter()

NO_CACHE = {"cache-control": "no-cache"}


def _static(request: Request, name: str) -> Path:
    static: Path = request.app.state.static_dir
    return static / name


def _file(path: Path, media_type: str) -> Response:
    if not path.is_file():
        return JSONResponse({"detail": "no web app installed"}, status_code=404)
    return FileResponse(path, media_type=media_type, headers=NO_CACHE)


@router.get("/sw.js", include_in_schema=False)
async def service_worker(request: Request) -> Response:
    return _file(_static(request, "sw.js"), "text/javascript")


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest(request: Request) -> Response:
    return _file(_static(request, "manifest.webmanifest"), "application/manifest+json")
