"""Sharing a table by LINE (share.js, issue 23.8): a plain link to LINE's web share address."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.web.conftest import PHONE, api


def test_share_panel_sends_the_link_by_line(new_page: Any, server: Any) -> None:
    """Beside share and QR, "ส่งทาง LINE" is a plain link to LINE's web share address with the
    invitation and the table link as its text: no SDK, nothing fetched from LINE."""
    created = api(server, "POST", "/api/tables", {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot"}]})
    code = created["table"]["code"]
    page = new_page("th", PHONE)
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    page.goto(f"/t/{code}")
    button = page.locator("#lineshare")
    button.wait_for()
    assert button.inner_text() == "ส่งทาง LINE"
    assert button.is_visible() and page.locator("#sharebtn").is_visible() and page.locator(".qr-toggle").is_visible()
    href = button.get_attribute("href") or ""
    assert href.startswith("https://line.me/R/share?text=")
    text = parse_qs(urlsplit(href).query)["text"][0]
    assert text.endswith(f"/t/{code}") and code in text.splitlines()[0]
    assert button.get_attribute("target") == "_blank" and "noopener" in (button.get_attribute("rel") or "")
    assert not [u for u in seen if "line.me" in u or "line-scdn" in u]


def test_the_line_address_encodes_the_whole_text(new_page: Any, server: Any) -> None:
    page = new_page("en")
    page.goto("/")
    url = page.evaluate(
        "async () => (await import('/static/js/share.js')).lineShareUrl('มาเล่น & join?\\nhttps://x/t/AB 12')"
    )
    assert (
        url
        == "https://line.me/R/share?text=%E0%B8%A1%E0%B8%B2%E0%B9%80%E0%B8%A5%E0%B9%88%E0%B8%99%20%26%20join%3F%0Ahttps%3A%2F%2Fx%2Ft%2FAB%2012"
    )
