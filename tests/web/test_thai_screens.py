"""Thai everywhere (issue 12.5): with Thai chosen, no screen shows an English (Latin-letter) word,
except card texts (ranks such as Q or 10, A-2-3), people's names, table codes and links; the
accessible names (aria-label, title, alt, placeholder) count too, since a screen reader reads them.
The walk covers every screen (``screens.py``); run it again whenever a screen is added."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import PHONE, shot
from tests.web.screens import ScreenChecks, walk

# Every text a person meets: visible text, accessible names, placeholders, the page title.
TEXTS = """() => {
  const SKIP = 'script, style, noscript, svg, [aria-hidden=true], [lang=en], [data-link], [data-code], [data-name]';
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(SKIP)) continue;
    if (!el.getClientRects().length) continue;
    out.push(n.textContent);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    if (el.closest('[aria-hidden=true], [lang=en]')) continue;
    for (const a of ['aria-label', 'title', 'alt', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out;
}"""

# Card texts: a rank (2-10, J, Q, K, A) with a suit sign or in a run like A-2-3 or Q-K-A.
CARD = re.compile(r"\b(?:10|[2-9JQKA])(?:[♣♦♥♠]|(?=-[0-9JQKA]))|(?<=-)(?:10|[2-9JQKA])\b")
URL = re.compile(r"\bhttps?://\S+")
HEX = re.compile(r"\b[0-9a-f]{16,}\b")  # hash values and salts are data, not words
WORD = re.compile(r"[A-Za-z0-9]*[A-Za-z]{2,}[A-Za-z0-9]*")
#: Latin words thai-terms.md keeps on Thai screens: the hash (ค่าแฮช... (SHA-256)) and ค่า seed.
# LINE: the messaging app's name, as Thai screens write it ("ส่งทาง LINE", issue 23.8)
ALLOWED = {"SHA", "seed", "LINE"}


def latin_words(texts: list[str], codes: set[str]) -> list[str]:
    bad = []
    for text in texts:
        clean = CARD.sub(" ", HEX.sub(" ", URL.sub(" ", text)))
        for word in WORD.findall(clean):
            if word not in ALLOWED and word.upper() not in codes:
                bad.append(f"{word!r} in {text.strip()[:80]!r}")
    return bad


def test_latin_word_finder_catches_english_and_spares_cards() -> None:
    assert [w.split()[0] for w in latin_words(["ไพ่บนโต๊ะ · cards put down"], set())] == ["'cards'", "'put'", "'down'"]
    assert latin_words(["ทิ้ง Q♦ แล้วเก็บ 10♥", "เอซเป็นไพ่ต่ำได้ (A-2-3)", "J♣ Q♣ K♣"], set()) == []
    assert latin_words(["รหัสโต๊ะ: ABC234", "http://127.0.0.1:8000/t/ABC234"], {"ABC234"}) == []
    assert latin_words(["Bot (ง่าย)"], set()) == ["'Bot' in 'Bot (ง่าย)'"]


def test_every_screen_is_thai_only_when_thai_is_chosen(new_page: Any, server: Any) -> None:
    """And, on the same walk, the checks every screen must pass in each language (axe-core, no
    console error, no sideways scroll; ``screens.ScreenChecks``)."""
    page = new_page("th", PHONE)
    found: dict[str, list[str]] = {}
    checks = ScreenChecks(page, "th")

    def visit(name: str) -> None:
        checks.visit(name)
        codes = {"ABC234"}
        code = page.evaluate("() => window.samrapTable ? window.samrapTable.code : null")
        if code:
            codes.add(code)
        bad = latin_words(page.evaluate(TEXTS), codes)
        if bad:
            found[name] = sorted(set(bad))
            shot(page, f"thai-only-{name}", full_page=True)

    screens = walk(page, server, visit)
    assert len(screens) >= 12
    assert not found, "English on Thai screens:\n" + "\n".join(f"{k}: {v}" for k, v in found.items())
    checks.assert_clean()
