"""The web app works under the server's Content-Security-Policy (issue 15.3).

The server sends a strict policy (``samrap/server/headers.py``: only its own origin, nothing
inline). A page that breaks it keeps running but loses the blocked piece silently, so the test
listens for the browser's ``securitypolicyviolation`` events and its console reports while a
person's first steps run: the home page, a bot table being played, a table page reloaded.
"""

from __future__ import annotations

from typing import Any

from tests.web.driver import start_bot_table

LISTEN = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
});
"""


def watched(new_page: Any) -> tuple[Any, list[str]]:
    page = new_page("en")
    console: list[str] = []
    page.on(
        "console",
        lambda m: console.append(m.text) if "Content Security Policy" in m.text or "Refused to" in m.text else None,
    )
    page.add_init_script(LISTEN)
    return page, console


def violations(page: Any, console: list[str]) -> list[str]:
    return [*page.evaluate("() => window.__csp || []"), *console]


def test_home_and_table_pages_raise_no_csp_violation(new_page: Any) -> None:
    page, console = watched(new_page)
    response = page.goto("/")
    assert response is not None and "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector("#playnow")
    assert violations(page, console) == [], violations(page, console)
    code = start_bot_table(page)
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view && window.samrapTable.view.hand")
    assert violations(page, console) == [], violations(page, console)
    page.goto(f"/t/{code}")  # the share link, loaded cold
    page.wait_for_function("() => window.samrapTable && window.samrapTable.view")
    page.wait_for_timeout(300)  # late renders (animations, the sprite) run too
    assert violations(page, console) == [], violations(page, console)
