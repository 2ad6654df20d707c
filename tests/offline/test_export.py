"""``samrap export-static DIR`` writes the web app with the offline pack as plain files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from samrap.cli.main import app
from samrap.offline.pack import PYODIDE_VERSION, pack_status

needs_pack = pytest.mark.skipif(not pack_status().present, reason="no Pyodide core (scripts/install fetches it)")


@needs_pack
def test_the_static_site_has_the_app_the_worker_and_the_pack(tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = CliRunner().invoke(app, ["export-static", str(out), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "static web host" in result.output
    for rel in ("index.html", "sw.js", "manifest.webmanifest", "static/js/app.js", "static/js/offline/worker.js"):
        assert (out / rel).is_file(), rel
    manifest = json.loads((out / "offline" / "pack.json").read_text(encoding="utf-8"))
    assert manifest["static"] is True and manifest["available"] is True
    for f in manifest["files"]:
        assert (out / f["url"].lstrip("/")).stat().st_size == f["size"], f["url"]
    assert (out / "offline" / "pyodide" / PYODIDE_VERSION / "pyodide.asm.wasm").is_file()
    sw = (out / "sw.js").read_text(encoding="utf-8")
    assert "/*VERSION*/" not in sw and "/static/js/offline/local.js" in sw
    page = (out / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="samrap-pack" content="{manifest["version"]}">' in page  # offline: its own pack
    assert not (out / "static" / "pyodide").exists()  # the core is under its versioned address only


def test_a_file_in_the_way_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = CliRunner().invoke(app, ["export-static", str(blocker), "--lang", "en"])
    assert result.exit_code == 2
    assert "not a folder" in result.output
