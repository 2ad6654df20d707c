"""The offline pack: the Pyodide core (from npm, pinned and hash-checked) and samrap's Python code.

Why npm and a pin: the issue asks that nothing is loaded from a CDN and that the files are the
ones we tested. The npm registry's ``pyodide`` package holds exactly the core we need (the
interpreter as WebAssembly, its JavaScript loader and the standard library), and its tarball has a
published ``sha512`` integrity hash, so :func:`fetch_pyodide` downloads it with plain
:mod:`urllib` (no npm needed), refuses a tarball whose hash differs from :data:`PYODIDE_INTEGRITY`
and keeps only :data:`PYODIDE_FILES` in a gitignored folder (the 6-7 MB never enter git).

samrap's own code goes to the worker as one zip (:func:`samrap_zip`) of the packages that are pure
Python and need nothing outside the standard library: ``core``, ``games``, ``engine``,
``players``, ``learn`` and ``offline``. The server, the CLI and the research environments stay
out (they need FastAPI, Typer, numpy).
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tarfile
import urllib.request
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

#: The pinned Pyodide release (CPython 3.14.2) and its npm tarball's integrity hash.
PYODIDE_VERSION = "314.0.8"
PYODIDE_INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
#: The files of the core that the worker loads (the rest of the package is types and consoles).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: samrap's packages that run in the browser.
PACKAGES = ("core", "games", "engine", "players", "learn", "offline")

SAMRAP_ROOT = Path(__file__).resolve().parent.parent
#: Where the fetched core lives: beside the web app (gitignored), served as
#: ``/offline/pyodide/<version>/`` (the version in the address: a cached copy is never stale).
PYODIDE_DIR = SAMRAP_ROOT / "server" / "static" / "pyodide"

#: ``typing_extensions`` stands in for ``typing`` on Python < 3.13 (engine.registry's TypeVar
#: defaults); Pyodide's 3.14 has them in ``typing``, so the zip carries this one-line module
#: instead of the package.
_TYPING_SHIM = (
    '"""samrap\'s stand-in: Python 3.13+ has these in typing."""\n'
    "from typing import *  # noqa: F403\n"
    "from typing import TypeVar  # noqa: F401\n"
)


class PackError(Exception):
    """The pack could not be fetched or does not match its pin (the message says why)."""


@dataclass(frozen=True, slots=True)
class PackStatus:
    """Whether the Pyodide core is present under ``folder`` and complete for :data:`PYODIDE_VERSION`."""

    folder: Path
    present: bool
    missing: tuple[str, ...]
    size: int


def pack_status(folder: Path = PYODIDE_DIR) -> PackStatus:
    """Which core files are present (and the version stamp): the server offers offline play only then."""
    stamp = folder / "VERSION"
    missing = tuple(name for name in PYODIDE_FILES if not (folder / name).is_file())
    current = stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == PYODIDE_VERSION
    if not current and "VERSION" not in missing:
        missing = (*missing, "VERSION")
    size = sum((folder / n).stat().st_size for n in PYODIDE_FILES if (folder / n).is_file())
    return PackStatus(folder, not missing, missing, size)


def check_integrity(data: bytes, integrity: str = PYODIDE_INTEGRITY) -> None:
    """Raise :class:`PackError` unless ``data`` has the npm ``integrity`` (``sha512-<base64>``)."""
    algo, _, expected = integrity.partition("-")
    if algo != "sha512":
        raise PackError(f"unsupported integrity algorithm {algo!r}")
    got = base64.b64encode(hashlib.sha512(data).digest()).decode()
    if got != expected:
        raise PackError(f"the tarball's sha512 is {got}, not the pinned {expected}: refusing it")


def extract_core(tarball: bytes, folder: Path) -> None:
    """Write :data:`PYODIDE_FILES` of an integrity-checked npm tarball into ``folder`` and stamp it."""
    check_integrity(tarball)
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise PackError(f"the tarball has no package/{name}")
            (folder / name).write_bytes(member.read())
    (folder / "NOTICE.txt").write_text(
        f"Pyodide {PYODIDE_VERSION} (https://pyodide.org), Mozilla Public License 2.0, from the npm\n"
        f"registry's pyodide package ({PYODIDE_TARBALL}, {PYODIDE_INTEGRITY}).\n",
        encoding="utf-8",
    )
    (folder / "VERSION").write_text(PYODIDE_VERSION + "\n", encoding="utf-8")


def fetch_pyodide(folder: Path = PYODIDE_DIR, tarball: Path | None = None, timeout: float = 120) -> PackStatus:
    """Fetch (or take ``tarball``, e.g. from ``npm pack``) the pinned core into ``folder``.

    Does nothing when the folder already holds this version. Raises :class:`PackError` when the
    registry cannot be reached or the tarball does not match its pin.
    """
    status = pack_status(folder)
    if status.present:
        return status
    if tarball is not None:
        data = tarball.read_bytes()
    else:
        try:
            with urllib.request.urlopen(PYODIDE_TARBALL, timeout=timeout) as res:
                data = res.read()
        except OSError as e:
            raise PackError(f"could not download {PYODIDE_TARBALL}: {e}") from None
    extract_core(data, folder)
    return pack_status(folder)


def _python_files(root: Path) -> list[Path]:
    out: list[Path] = []
    for package in PACKAGES:
        base = root / package
        for path in sorted(base.rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix in (".py", ".json"):
                out.append(path)
    return out


def samrap_zip(root: Path = SAMRAP_ROOT) -> bytes:
    """samrap's browser packages as a zip (fixed timestamps: the same code gives the same bytes)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:

        def add(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)

        add("samrap/__init__.py", (root / "__init__.py").read_bytes())
        for path in _python_files(root):
            add("samrap/" + path.relative_to(root).as_posix(), path.read_bytes())
        add("typing_extensions.py", _TYPING_SHIM.encode())
    return buf.getvalue()


@lru_cache(maxsize=2)
def _cached_zip(root: Path, stamp: tuple[tuple[str, int, int], ...]) -> bytes:
    return samrap_zip(root)


def current_zip(root: Path = SAMRAP_ROOT) -> bytes:
    """:func:`samrap_zip`, built once per change of the source files (the server serves it)."""
    files = _python_files(root)
    stamp = tuple((p.as_posix(), p.stat().st_size, p.stat().st_mtime_ns) for p in files)
    return _cached_zip(root, stamp)


def pack_manifest(folder: Path = PYODIDE_DIR, root: Path = SAMRAP_ROOT) -> dict[str, object]:
    """What the browser needs to know about the pack: its version (an upgrade replaces the cached
    pack), whether it is available here, and its files with their sizes (for the progress bar)."""
    status = pack_status(folder)
    code = current_zip(root)
    code_hash = hashlib.sha256(code).hexdigest()[:16]
    base = f"/offline/pyodide/{PYODIDE_VERSION}/"
    files = [{"url": base + n, "size": (folder / n).stat().st_size} for n in PYODIDE_FILES if (folder / n).is_file()]
    files.append({"url": f"/offline/samrap-{code_hash}.zip", "size": len(code)})
    return {
        "version": f"{PYODIDE_VERSION}-{code_hash}",
        "pyodide": PYODIDE_VERSION,
        "available": status.present,
        "files": files,
        "code": f"/offline/samrap-{code_hash}.zip",
        "index": base,
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m samrap.offline.pack [fetch [TARBALL] | status]``: used by ``scripts/install``."""
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "status"
    if command == "fetch":
        try:
            status = fetch_pyodide(tarball=Path(args[1]) if len(args) > 1 else None)
        except PackError as e:
            print(f"offline play is disabled: {e}", file=sys.stderr)
            return 1
        print(f"Pyodide {PYODIDE_VERSION} is in {status.folder} ({status.size / 1e6:.1f} MB, integrity checked)")
        return 0
    status = pack_status()
    if status.present:
        print(f"Pyodide {PYODIDE_VERSION}: present in {status.folder} ({status.size / 1e6:.1f} MB)")
        return 0
    print(f"Pyodide {PYODIDE_VERSION}: missing {', '.join(status.missing)} (scripts/install fetches it)")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
