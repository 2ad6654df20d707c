"""``samrap export-static DIR``: the web app and the offline pack as plain files for a static host.

Why: samrap's rules and bots run in the browser (issue 25), so a copy of the web app with the
offline pack plays against bots from any static web host, for free, with no samrap server. The
files keep the server's addresses (``/static/...``, ``/sw.js``, ``/offline/...``), and
``offline/pack.json`` says ``"static": true``: the page then plays every bot game on the device,
and the buttons for friends' and online tables say they need a samrap server.

The service worker is written here the way the server writes it (``server/pwa.py``): its version
is a hash of the shell's files and its list names them, so a new export replaces the old copy.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from samrap.offline.pack import (
    PYODIDE_DIR,
    PYODIDE_FILES,
    PYODIDE_VERSION,
    SAMRAP_ROOT,
    PackError,
    current_zip,
    pack_manifest,
    pack_status,
)

STATIC = SAMRAP_ROOT / "server" / "static"
#: The shell the service worker keeps (the server's ``/sw.js`` and the static site's alike).
SHELL_GLOBS = ("*.css", "js/*.js", "js/offline/*.js", "fonts/*.woff2", "icons/icon-192.png", "icons/icon.svg")


def shell_files(static: Path) -> list[Path]:
    """The files the worker keeps, sorted (the page itself, ``/``, is added by the worker text)."""
    return sorted({p for g in SHELL_GLOBS for p in static.glob(g) if p.is_file()})


def worker_text(static: Path) -> str:
    """``sw.js`` with its version (a hash of the shell, so a new release installs a new worker) and
    its file list (every file of the shell)."""
    files = shell_files(static)
    digest = hashlib.sha256()
    for p in [static / "index.html", static / "sw.js", *files]:
        if p.is_file():
            digest.update(p.relative_to(static).as_posix().encode())
            digest.update(p.read_bytes())
    urls = ["/", "/manifest.webmanifest"] + [f"/static/{p.relative_to(static).as_posix()}" for p in files]
    text = (static / "sw.js").read_text(encoding="utf-8")
    return text.replace("/*VERSION*/", digest.hexdigest()[:16]).replace("/*SHELL*/", json.dumps(urls)[1:-1])


def page_text(static: Path, pack: str) -> str:
    """The page (``index.html``) naming ``pack``, the version of the offline pack it goes with. The
    service worker keeps the last page loaded, from ``/`` or a ``/t/CODE`` link alike, so offline
    the page compares the kept pack with its own and never boots an older engine
    (``js/offline/pack.js``)."""
    return (static / "index.html").read_text(encoding="utf-8").replace("/*PACK*/", pack)


def export_static(out: Path, static: Path = STATIC, pyodide: Path = PYODIDE_DIR) -> list[Path]:
    """Write the site into ``out`` (created; existing files are replaced); the files written.

    Raises:
        PackError: the Pyodide core is not on this machine (``scripts/install`` fetches it).
    """
    status = pack_status(pyodide)
    if not status.present:
        raise PackError(f"the Pyodide core is missing from {pyodide} ({', '.join(status.missing)})")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(rel: str, data: bytes) -> None:
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)

    for src in sorted(static.rglob("*")):
        rel = src.relative_to(static)
        if src.is_file() and rel.parts[0] != "pyodide" and "__pycache__" not in rel.parts:
            write(f"static/{rel.as_posix()}", src.read_bytes())
    manifest = pack_manifest(pyodide)
    write("index.html", page_text(static, str(manifest["version"])).encode())
    write("manifest.webmanifest", (static / "manifest.webmanifest").read_bytes())
    write("sw.js", worker_text(static).encode())
    for name in PYODIDE_FILES:
        target = out / "offline" / "pyodide" / PYODIDE_VERSION / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(pyodide / name, target)
        written.append(target)
    manifest["static"] = True
    write(str(manifest["code"]).lstrip("/"), current_zip())
    write("offline/pack.json", json.dumps(manifest, indent=1).encode())
    return written
