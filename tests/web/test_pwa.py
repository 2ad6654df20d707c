"""Installable and shareable (issue 12.6): the manifest and icons, the service worker that keeps the
app shell so the installed app opens offline with a clear offline state, and sharing a table link
(the share sheet where there is one, else the clipboard)."""

from __future__ import annotations

import json
import struct
import urllib.request
from typing import Any

from tests.web.conftest import PHONE, api


def _get(server: Any, path: str) -> tuple[bytes, str]:
    with urllib.request.urlopen(server.url + path, timeout=10) as res:
        return res.read(), res.headers.get("content-type", "")


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_is_linked_valid_and_its_icons_exist(new_page: Any, server: Any) -> None:
    page = new_page("th", PHONE)
    page.goto("/")
    href = page.get_attribute("link[rel=manifest]", "href")
    assert href == "/manifest.webmanifest"
    body, kind = _get(server, href)
    assert kind.startswith("application/manifest+json")
    m = json.loads(body)
    assert m["start_url"] == "/" and m["scope"] == "/" and m["display"] == "standalone"
    assert m["name"] and m["short_name"] and m["theme_color"] and m["background_color"]
    sizes = {}
    for icon in m["icons"]:
        data, kind = _get(server, icon["src"])
        assert kind.startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            w, h = _png_size(data)
            assert icon["sizes"] == f"{w}x{h}", icon
            sizes[(w, icon.get("purpose", "any"))] = icon["src"]
    # what browsers need to offer "install": a 192 and a 512 icon, and one maskable for Android
    assert (192, "any") in sizes and (512, "any") in sizes and (512, "maskable") in sizes
    touch = page.get_attribute("link[rel=apple-touch-icon]", "href")
    assert touch is not None and _png_size(_get(server, touch)[0]) == (180, 180)


def test_service_worker_opens_the_shell_offline_with_an_offline_state(new_page: Any, server: Any) -> None:
    created = api(server, "POST", "/api/tables", {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot"}]})
    code = created["table"]["code"]
    page = new_page("th", PHONE)
    page.goto("/")
    page.wait_for_selector("#playnow")
    scope = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == server.url + "/"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert not page.locator("#offline").count()

    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#playnow")  # the home page drew itself from the kept shell
    bar = page.locator("#offline")
    assert bar.is_visible() and "ออฟไลน์" in bar.inner_text()
    # a shared table link opens too (the shell), and says it is offline instead of failing blankly
    page.goto(f"/t/{code}")
    page.wait_for_selector("#offline")
    assert page.locator("#offline").is_visible()
    # the rules are static: they read offline
    page.goto("/#/glossary")
    page.wait_for_selector("main")

    page.context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    page.wait_for_function("() => !document.getElementById('offline')")


def test_share_uses_the_share_sheet_else_copies_the_link(new_page: Any, server: Any) -> None:
    page = new_page("en", PHONE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page.goto("/")
    page.wait_for_selector("#playnow")
    link = server.url + "/t/ABC234"
    # no share sheet (a desktop browser): the link goes to the clipboard and the page says so
    how = page.evaluate(
        "async (url) => { delete Navigator.prototype.share; const m = await import('/static/js/share.js');"
        " return m.shareLink(url, 'x'); }",
        link,
    )
    assert how == "copied"
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    assert page.locator(".toast", has_text="Link copied").count() == 1
    # a phone's share sheet: it gets the link, nothing is copied
    how = page.evaluate(
        "async (url) => { window.sharedWith = null; navigator.share = async (d) => { window.sharedWith = d.url; };"
        " await navigator.clipboard.writeText(''); const m = await import('/static/js/share.js');"
        " return m.shareLink(url, 'x'); }",
        link,
    )
    assert how == "shared"
    assert page.evaluate("() => window.sharedWith") == link
    assert page.evaluate("() => navigator.clipboard.readText()") == ""


def test_share_panel_shows_the_qr_code_of_the_link(new_page: Any, server: Any) -> None:
    created = api(server, "POST", "/api/tables", {"game": "dummy", "seats": [{"kind": "human"}, {"kind": "bot"}]})
    code, link = created["table"]["code"], created["table"]["link"]
    page = new_page("th", PHONE)
    page.goto("/")
    page.wait_for_selector("#playnow")
    page.evaluate(
        "async ([code, link]) => { const m = await import('/static/js/share.js');"
        " document.querySelector('main').prepend(m.sharePanel(code, link)); }",
        [code, link],
    )
    page.click(".qr-toggle")
    img = page.locator("img.qr")
    img.wait_for()
    page.wait_for_function("() => { const i = document.querySelector('img.qr'); return !!i && i.naturalWidth > 0; }")
    assert img.get_attribute("src") == f"/api/tables/{code}/qr.svg"
    assert code in (img.get_attribute("alt") or "")


def test_worker_keeps_every_file_of_the_shell_and_versions_it(server: Any) -> None:
    from samrap.server.settings import STATIC_DIR as static

    text, kind = _get(server, "/sw.js")
    assert kind.startswith("text/javascript")
    body = text.decode()
    assert "/*SHELL*/" not in body and "/*VERSION*/" not in body
    listed = set(json.loads("[" + body.split("const SHELL = [", 1)[1].split("];", 1)[0] + "]"))
    wanted = {f"/static/js/{p.name}" for p in (static / "js").glob("*.js")} | {"/", "/static/style.css"}
    assert wanted <= listed, wanted - listed
    for url in listed - {"/"}:
        _get(server, url)  # every kept file exists


def test_worker_keeps_only_the_app_as_its_page(new_page: Any, server: Any) -> None:
    """Opening a record's download (JSON) in the browser must not become the kept shell."""
    page = new_page("en", PHONE)
    page.goto("/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.goto("/api/presets")
    page.goto("/")
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#playnow")
    page.context.set_offline(False)
