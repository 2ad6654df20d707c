"""Layout defects of issue 23.9, each caught as it was seen: a collect of 4+ cards that widened a
360 px page while its cards flew, a Contract Rummy table on a 1280x800 desktop whose own seat
and melds went under the dock once the discard pile took three rows, the match-over dialog
that hid the last game's row on a 740 px phone, and Dummy's Thai on the English Contract table.

The tables are live (a person and bots) with chosen views put on their socket handler, as in
test_table_positions.py; the views are made by playing the engine, and for the long pile by
lengthening a real view's pile and melds (the page draws what it is sent)."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest

from tests.web.conftest import shot
from tests.web.driver import open_bot_table, play_until

SMALL = {"width": 360, "height": 740}
DESK = {"width": 1280, "height": 800}

PUT = "m => { const t = window.samrapTable; t.onView({...t.msg, ...m, v: t.msg.v}); }"


def _contract_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from samrap.engine import registry

    if "contract" not in registry.GAMES:
        monkeypatch.setitem(registry._LOADERS, "contract", registry._contract)


def dummy_collect(seed: int, min_taken: int = 4) -> tuple[str, str, str]:
    """Seat 0's view before and after seat 0's first collect that takes ``min_taken`` or more row
    cards, in a two-player Dummy game the heuristic bot plays from ``seed``, and the collect."""
    from samrap.engine.registry import GAMES
    from samrap.games.dummy import DummyGame
    from samrap.players.heuristic.dummy import DummyHeuristic

    spec = GAMES["dummy"]
    game = DummyGame(spec.parse_config("dummy(players=2)", spec.default_config))
    s = game.new_game(seed)
    bot = DummyHeuristic(endgame=False)
    rng = Random(seed)
    while not game.is_terminal(s):
        q = game.current_player(s)
        legal = game.legal_moves(s)
        if q == 0:
            before = game.observe(s, 0).to_string()
            row = len(before.split("|row:")[1].split("|")[0].split(","))
            for a in legal:
                text = game.action_text(a)
                if text.startswith("C") and ">" not in text and row - int(text.split()[0][1:]) >= min_taken:
                    return before, game.observe(game.apply(s, a), 0).to_string(), text
        s = game.apply(s, bot.choose(game.observe(s, q), legal, rng))
    raise ValueError(f"seed {seed}: seat 0 made no collect of {min_taken}+ cards")


WIDEST = """async ([after, action]) => {
  const t = window.samrapTable;
  let widest = 0;
  let on = true;
  const look = () => {
    widest = Math.max(widest, document.documentElement.scrollWidth);
    if (on) requestAnimationFrame(look);
  };
  look();
  t.onView({...t.msg, view: after, legal: [], to_move: 1, events: [{v: t.msg.v, kind: 'act', seat: 0, action}]});
  await new Promise((r) => setTimeout(r, 700));
  on = false;
  return widest;
}"""


def test_a_big_collect_never_widens_a_phone_page(browser: Any, server: Any) -> None:
    """The cards of a 4+ card collect fly (motion allowed) without the page ever getting wider
    than the screen (it briefly was 375-492 px wide on a 360 px phone)."""
    before, after, action = dummy_collect(1)
    ctx = browser.new_context(viewport=SMALL, base_url=server.url, reduced_motion="no-preference")
    ctx.set_default_timeout(15_000)
    try:
        page = ctx.new_page()
        open_bot_table(page, server, "dummy", "", players=2)
        play_until(page, lambda s: s["mine"], 30)
        page.evaluate(PUT, {"view": before, "legal": [], "to_move": 0, "events": []})
        page.wait_for_timeout(400)
        widest = page.evaluate(WIDEST, [after, action])
        assert widest <= SMALL["width"], f"the page was {widest} px wide while the collect's cards flew"
    finally:
        ctx.close()


def contract_late(seed: int = 5, pile_cards: int = 40) -> tuple[str, list[str]]:
    """A three-player Contract Rummy view of seat 0 after going down (its play phase), its pile
    made ``pile_cards`` long and the table given the melds of a late deal (a long run too)."""
    from samrap.games.contract.config import ContractConfig
    from samrap.games.contract.game import ContractGame
    from samrap.players.levels import make_bot

    game = ContractGame(ContractConfig(players=3))
    rng = Random(seed)
    bots = [make_bot("medium", game) for _ in range(3)]
    s = game.new_game(seed, deal_number=1)
    while not game.is_terminal(s):
        q = game.current_player(s)
        legal = game.legal_moves(s)
        view = game.observe(s, 0).to_string()
        if q == 0 and "|play|" in view and view.split("|down:")[1][0] == "1":
            faces = [r + suit for suit in "cdhs" for r in "23456789TJQKA"] * 3
            pile = "".join(f + ("'" if i % 2 else "") for i, f in enumerate(faces[:pile_cards]))
            view = re.sub(r"\|pile:[^|]*", "|pile:" + pile, view)
            own = re.search(r"\|melds:([^|]*)", view)
            assert own is not None
            melds = own.group(1) + ",0:3d'4d'5d'6d'7d'8d'9d'Td'Jd'Qd',1:8c8h8s,2:9c9h9s9d,1:2h3h4h5h"
            view = view.replace(own.group(0), "|melds:" + melds)
            return view, [game.action_text(a) for a in legal]
        s = game.apply(s, bots[q].choose(game.observe(s, q), legal, rng), q)
    raise ValueError(f"seed {seed}: seat 0 never went down")


def _rect(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    return dict(box)


@pytest.mark.parametrize("pile", [40, 56])
def test_desktop_contract_keeps_the_own_seat_above_the_dock_with_a_long_pile(
    new_page: Any, server: Any, monkeypatch: pytest.MonkeyPatch, pile: int
) -> None:
    _contract_game(monkeypatch)
    view, legal = contract_late(pile_cards=pile)
    page = new_page("en", DESK)
    open_bot_table(page, server, "contract", "", players=3)
    play_until(page, lambda s: s["mine"], 30)
    page.evaluate(PUT, {"view": view, "legal": legal, "to_move": 0, "events": []})
    # what the other players did last is shown by their seats, as in play
    page.evaluate(
        "() => { const t = window.samrapTable;"
        " t.turnMoves = {1: ['drew', 'discarded 2♠'], 2: ['took 7♦']}; t.render(); }"
    )
    rows = page.evaluate(
        "() => new Set([...document.querySelectorAll('.pilezone .rowcard')]"
        ".map((e) => Math.round(e.getBoundingClientRect().top))).size"
    )
    assert rows >= 3, "the pile is not long enough to test"
    dock = _rect(page, ".dock")
    felt = page.locator(".felt.seated")
    assert felt.evaluate("e => e.scrollTop") == 0
    # with the felt as it opens (not scrolled), the own plate and every own meld are wholly on the
    # screen above the dock, and nothing is drawn over them
    for sel in [".pos-me .pod", ".pos-me .seatmelds", *[f'.pos-me .meld[data-meld="{i}"]' for i in range(12)]]:
        if not page.locator(sel).count():
            continue
        box = _rect(page, sel)
        assert box["y"] >= 0 and box["y"] + box["height"] <= dock["y"] + 1, f"{sel} is under the dock"
        hit = page.evaluate(
            "([s, x, y]) => document.querySelector(s).contains(document.elementFromPoint(x, y))",
            [sel, box["x"] + min(8, box["width"] / 2), box["y"] + box["height"] / 2],
        )
        assert hit, f"something is drawn over {sel}"
    # the top of the pile (the card to take) is in sight too
    top = _rect(page, ".pilezone .rowcard.pile-top")
    centre = _rect(page, ".ring > .centre")
    assert top["y"] >= centre["y"] - 1 and top["y"] + top["height"] <= centre["y"] + centre["height"] + 1
    assert top["y"] + top["height"] <= dock["y"]
    shot(page, f"layout-contract-desktop-pile{pile}")


MATCH_OVER = """([n, games]) => {
  const t = window.samrapTable;
  const v = t.msg.v;
  const items = [['table', 35], ['hand', -20], ['knock_card', 50], ['dark_knock', 50]];
  const seats = (f) => Array.from({length: n}, (_, q) => f(q));
  const ledger = (g) => seats((q) => items.map(([item, p]) => ({seat: q, item, points: p + g - q, detail: ''}))).flat();
  const over = (g) => ({v: v - 100 + g, kind: 'game_over', game: g, scores: seats((q) => 10 * g - 7 * q),
                        totals: seats(() => 0), ledger: ledger(g)});
  t.games = Array.from({length: games - 1}, (_, g) => over(g));
  const end = {v, kind: 'match_over', totals: Array.from({length: n}, () => 0), winners: [0], record: 'X-1'};
  t.onView({...t.msg, events: [{...over(games - 1), v}, end]});
}"""

SEEN = """(sel) => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + 12, (r.top + r.bottom) / 2);
  return r.top >= 0 && r.bottom <= innerHeight && !!at && el.contains(at);
}"""


@pytest.mark.parametrize("lang", ["th", "en"])
def test_match_over_dialog_shows_the_last_game_on_a_phone(new_page: Any, server: Any, lang: str) -> None:
    """As the match-over dialog opens on a 360x740 phone, the match table's last game and its
    totals are in sight and not under the dialog's buttons; the last game's ledger follows."""
    page = new_page(lang, SMALL)
    open_bot_table(page, server, "dummy", "", players=2)
    play_until(page, lambda s: s["mine"], 30)
    page.evaluate(MATCH_OVER, [2, 5])
    page.wait_for_selector("dialog[open] [data-over] table.match")
    page.wait_for_timeout(300)  # the knock's banner is not in these events: the dialog is at once
    rows = page.locator("dialog[open] table.match tbody tr")
    assert rows.count() == 6  # five games and the totals
    assert page.evaluate(SEEN, "dialog[open] table.match tbody tr:nth-last-child(2)"), "the last game's row is hidden"
    assert page.evaluate(SEEN, "dialog[open] table.match tbody tr.total"), "the match totals are hidden"
    assert page.evaluate("() => document.querySelector('dialog[open]').scrollTop") == 0
    assert page.locator("dialog[open] table.ledger").count() == 1  # the ledger is still there, below
    shot(page, f"layout-match-over-phone-{lang}")


THAI = re.compile(r"[\u0E00-\u0E7F]")
# the Thai an English screen keeps on purpose: the brand and the switch to Thai
ALLOWED = ("samrap · สำรับ", "ภาษาไทย")

TEXT = """() => [document.body.innerText,
  [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join('\\n')]"""


def _thai_left(texts: list[str]) -> list[str]:
    out = []
    for text in texts:
        for allowed in ALLOWED:
            text = text.replace(allowed, "")
        out += [line for line in text.splitlines() if THAI.search(line)]
    return out


DEAL_OVER = """() => {
  const t = window.samrapTable;
  const v = t.msg.v;
  const ledger = [{seat: 0, item: 'out', points: 0, detail: ''}, {seat: 1, item: 'pips', points: 25, detail: '5'},
                  {seat: 1, item: 'court', points: 20, detail: '2'}, {seat: 2, item: 'aces', points: 15, detail: '1'},
                  {seat: 2, item: 'jokers', points: 50, detail: '1'}];
  t.onView({...t.msg, events: [{v, kind: 'game_over', game: 0, scores: [0, 45, 65], totals: [0, 45, 65], ledger}]});
}"""


def test_the_english_contract_table_speaks_english(new_page: Any, server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Dummy's Thai words ("Draw (จั่ว)", "number cards 2–10 · ไพ่แต้ม 2–10") stay off the English
    Contract Rummy table: its buttons, seats, log and the deal's ledger are English only."""
    _contract_game(monkeypatch)
    page = new_page("en", DESK)
    open_bot_table(page, server, "contract", "", players=3)
    st = play_until(page, lambda s: s["mine"] and "D" in s["legal"], 30)
    assert page.locator('[data-act="draw"]').inner_text() == "Draw"
    page.locator(".movelog summary").click()
    assert _thai_left(page.evaluate(TEXT)) == []
    # a deal's end: the ledger names Contract's items in English
    page.evaluate(DEAL_OVER)
    page.wait_for_selector("dialog[open] [data-over] table.ledger")
    ledger = page.locator("dialog[open] table.ledger").inner_text()
    assert "number cards 2–10" in ledger and "went out" in ledger
    assert _thai_left(page.evaluate(TEXT)) == []
    assert st["kind"] == "contract"


def test_the_thai_contract_table_keeps_its_thai(new_page: Any, server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _contract_game(monkeypatch)
    page = new_page("th", DESK)
    open_bot_table(page, server, "contract", "", players=3)
    play_until(page, lambda s: s["mine"] and "D" in s["legal"], 30)
    assert page.locator('[data-act="draw"]').inner_text() == "จั่ว"
    page.evaluate(DEAL_OVER)
    page.wait_for_selector("dialog[open] [data-over] table.ledger")
    ledger = page.locator("dialog[open] table.ledger").inner_text()
    assert "ไพ่แต้ม 2–10" in ledger and "หมดมือ" in ledger and "number cards" not in ledger
