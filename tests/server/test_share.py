"""The QR code of a table link (``GET /api/tables/{code}/qr.svg``), made on the server by segno.

The test reads the SVG's dark modules back into a matrix and compares it with the QR code of the
expected link, so it fails if the endpoint encodes anything else (another code, a missing or
unchecked watch key)."""

from __future__ import annotations

import re

import segno
from fastapi.testclient import TestClient

from samrap.server.share import ERROR_LEVEL
from tests.server.conftest import create

BORDER = 4


def svg_matrix(svg: str) -> set[tuple[int, int]]:
    """The dark modules (row, column) of a segno SVG: its one path of horizontal runs."""
    path = re.search(r'stroke="#000" d="([^"]+)"', svg)
    assert path is not None, svg[:200]
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path.group(1)):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            for k in range(int(float(a))):
                dark.add((int(y), int(x) + k))
            x += float(a)
    return dark


def qr_matrix(text: str) -> set[tuple[int, int]]:
    qr = segno.make(text, error=ERROR_LEVEL)
    return {(r + BORDER, c + BORDER) for r, row in enumerate(qr.matrix) for c, v in enumerate(row) if v}


def test_qr_svg_encodes_the_seat_link(client: TestClient) -> None:
    made = create(client, game="dummy", seats=[{"kind": "human"}, {"kind": "bot"}], host_name="Ann")
    table = made["table"]
    r = client.get(f"/api/tables/{table['code']}/qr.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<svg") and "http" not in r.text.split(">", 1)[1].split("<path", 1)[0]
    assert svg_matrix(r.text) == qr_matrix(table["link"])
    assert table["link"].endswith(f"/t/{table['code']}")
    # lower-case codes (typed by hand) are the same table
    assert client.get(f"/api/tables/{table['code'].lower()}/qr.svg").text == r.text


def test_qr_svg_of_the_watch_link_needs_the_tables_key(client: TestClient) -> None:
    made = create(client, game="dummy", seats=[{"kind": "human"}, {"kind": "bot"}], host_name="Ann")
    code, link, key = made["table"]["code"], made["table"]["link"], made["spectator_key"]
    r = client.get(f"/api/tables/{code}/qr.svg", params={"watch": key})
    assert r.status_code == 200
    assert svg_matrix(r.text) == qr_matrix(f"{link}?watch={key}")
    wrong = client.get(f"/api/tables/{code}/qr.svg", params={"watch": "not-the-key"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "spectate_key_required"


def test_qr_svg_of_an_unknown_table_is_refused(client: TestClient) -> None:
    r = client.get("/api/tables/ZZZZZZ/qr.svg")
    assert r.status_code == 404 and r.json()["code"] == "unknown_table"
