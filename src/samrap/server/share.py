"""Sharing a table: a QR code of its link, made here on the server with ``segno``.

Friends at one real table join by pointing a phone's camera at the host's screen, so the code
must be made locally (no third-party QR service ever sees a table link). The seat link is
``/t/CODE``; a watcher's link of a private table adds its spectator key (``?watch=KEY``), which is
only encoded when it is this table's key, so the endpoint never vouches for a wrong one.
"""

from __future__ import annotations

import io
from typing import Annotated, Any
from urllib.parse import quote

import segno
from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from samrap.server.api import _with_table, error_response
from samrap.server.messages import ErrorCode
from samrap.server.runtime import TableRuntime

router = APIRouter()

#: Medium error correction survives a glare or a finger over a corner of a phone screen.
ERROR_LEVEL = "m"


def table_link(link: str, watch: str | None) -> str:
    """The link a QR code carries: the seat link, or the watcher's link with its key."""
    return f"{link}?watch={quote(watch, safe='')}" if watch else link


def qr_svg(text: str, title: str) -> bytes:
    """An SVG QR code of ``text``: black modules on white with the standard quiet zone (4)."""
    out = io.BytesIO()
    segno.make(text, error=ERROR_LEVEL).save(
        out, kind="svg", scale=8, border=4, dark="#000", light="#fff", xmldecl=False, title=title
    )
    return out.getvalue()


@router.get("/api/tables/{code}/qr.svg", response_class=Response)
async def table_qr(request: Request, code: str, watch: Annotated[str | None, Query(max_length=100)] = None) -> Any:
    """The QR code of a table's link (``?watch=KEY``: of its watcher's link)."""

    async def work(rt: TableRuntime) -> Response:
        info = rt.info()
        if watch is not None and not rt.table.spectator_allowed(watch):
            return error_response(ErrorCode.SPECTATE_KEY_REQUIRED, "this is not the table's spectator key")
        svg = qr_svg(table_link(info.link, watch), f"samrap {info.code}")
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "private, max-age=3600"})

    result: Any = await _with_table(request, code, None, work)
    return result
