"""The offline pack's addresses (issue 25): its manifest, the Pyodide core and samrap's code.

``/offline/pack.json`` tells the page what to download (``samrap.offline.pack.pack_manifest``)
and whether this server has the Pyodide core at all (``scripts/install`` fetches it; without it
offline play is off and the page says so). The files' addresses carry their version (the
Pyodide release, the hash of samrap's code), so the service worker keeps them cache-first and an
upgrade fetches new addresses instead of trusting an old copy.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

from samrap.offline.pack import PYODIDE_DIR, PYODIDE_FILES, PYODIDE_VERSION, current_zip, pack_manifest
from samrap.server.messages import ErrorBody, ErrorCode

router = APIRouter()

NO_CACHE = {"cache-control": "no-cache"}
#: The files never change under their address.
IMMUTABLE = {"cache-control": "public, max-age=31536000, immutable"}
TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm", ".zip": "application/zip", ".json": "application/json"}


def _missing(what: str) -> Response:
    body = ErrorBody(code=ErrorCode.NOT_FOUND, message=what)
    return JSONResponse(body.model_dump(mode="json"), status_code=404)


@router.get("/offline/pack.json", include_in_schema=False)
async def manifest() -> Response:
    return JSONResponse(pack_manifest(), headers=NO_CACHE)


@router.get("/offline/pyodide/{version}/{name}", include_in_schema=False)
async def pyodide_file(version: str, name: str) -> Response:
    if version != PYODIDE_VERSION or name not in PYODIDE_FILES or not (PYODIDE_DIR / name).is_file():
        return _missing(f"Pyodide {version}/{name} is not on this server (scripts/install fetches it)")
    suffix = "." + name.rsplit(".", 1)[-1]
    return FileResponse(PYODIDE_DIR / name, media_type=TYPES[suffix], headers=IMMUTABLE)


@router.get("/offline/samrap-{digest}.zip", include_in_schema=False)
async def samrap_code(digest: str) -> Response:
    data = current_zip()
    manifest_code = str(pack_manifest()["code"])
    if manifest_code != f"/offline/samrap-{digest}.zip":
        return _missing("no such version of samrap's code (reload the page)")
    return Response(data, media_type="application/zip", headers=IMMUTABLE)
