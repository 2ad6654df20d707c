"""The server's offline pack addresses (server/offline.py) and the CSP's one addition (issue 25)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from samrap.offline.pack import PYODIDE_VERSION, pack_status


def test_the_manifest_lists_versioned_files_the_server_serves(client: TestClient) -> None:
    r = client.get("/offline/pack.json")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-cache"
    m = r.json()
    assert m["pyodide"] == PYODIDE_VERSION and m["available"] == pack_status().present
    code = client.get(m["code"])
    assert code.status_code == 200 and code.headers["content-type"] == "application/zip"
    assert "immutable" in code.headers["cache-control"]
    assert client.get("/offline/samrap-0123456789abcdef.zip").status_code == 404
    if not m["available"]:
        pytest.skip("no Pyodide core on this machine (scripts/install fetches it)")
    wasm = client.get(f"/offline/pyodide/{PYODIDE_VERSION}/pyodide.asm.wasm")
    assert wasm.status_code == 200 and wasm.headers["content-type"] == "application/wasm"
    assert (
        client.get(f"/offline/pyodide/{PYODIDE_VERSION}/pyodide.mjs")
        .headers["content-type"]
        .startswith("text/javascript")
    )


def test_unknown_versions_and_files_are_not_found(client: TestClient) -> None:
    assert client.get("/offline/pyodide/0.0.1/pyodide.mjs").status_code == 404
    r = client.get(f"/offline/pyodide/{PYODIDE_VERSION}/console.html")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_the_csp_adds_only_wasm_compilation(client: TestClient) -> None:
    csp = client.get("/offline/pack.json").headers["content-security-policy"]
    script = next(d for d in csp.split("; ") if d.startswith("script-src"))
    assert script == "script-src 'self' 'wasm-unsafe-eval'"
    assert "unsafe-eval'" not in csp.replace("'wasm-unsafe-eval'", "")
    assert "unsafe-inline" not in csp
