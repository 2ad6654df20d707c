"""The browser reads the server's position strings and action texts exactly as the games wrote them.

Positions come from seeded bot games of both games; the page's own modules (``view.js``,
``actions.js``) parse the strings in Chromium and the result is compared with the Python values.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from samrap.core.cards import card_str
from samrap.engine.registry import GAMES
from samrap.players.levels import make_bot

PARSE = """async (texts) => {
  const v = await import('/static/js/view.js');
  return texts.map((t) => v.parsePosition(t));
}"""

ACTIONS = """async ([game, texts]) => {
  const a = await import('/static/js/actions.js');
  return texts.map((t) => { const x = a.parseAction(game, t); return {kind: x.kind, cards: a.cardsOf(x)}; });
}"""


def _positions(name: str, seed: int, picks: int) -> list[tuple[Any, Any, list[str]]]:
    """(view of seat 0, view of the seat to move, legal texts) at a few points of a seeded bot game."""
    if name == "contract":  # straight from the game package, registered or not
        from samrap.games.contract.config import ContractConfig
        from samrap.games.contract.game import ContractGame

        game: Any = ContractGame(ContractConfig(players=3))
    else:
        spec = GAMES[name]
        game = spec.make_game(spec.parse_config(f"{name}(players=3)", spec.default_config))
    rng = random.Random(seed)
    bots = [make_bot("medium", game) for _ in range(3)]
    state = game.new_game(seed) if name == "dummy" else game.new_game(seed, deal_number=1)
    out = []
    steps = 0
    while not game.is_terminal(state) and steps < 400:
        seat = game.current_player(state)
        legal = game.legal_moves(state)
        if steps % max(1, 60 // picks) == 0:
            out.append((game.observe(state, 0), game.observe(state, seat), [game.action_text(a) for a in legal]))
        action = bots[seat].choose(game.observe(state, seat), legal, rng)
        state = game.apply(state, action, seat)
        steps += 1
    out.append((game.observe(state, 0), game.observe(state, 0), []))
    return out


def _dummy_truth(v: Any) -> dict[str, Any]:
    def owner_of(c: int) -> int:
        return next((q for q, m in enumerate(v.put_down) if m >> c & 1), -1)

    melds = []
    for m, o in zip(v.melds, v.meld_owner, strict=True):
        cards = sorted(card_str(c) for c in range(52) if m >> c & 1)
        melds.append({"owner": o, "cards": cards, "by": {card_str(c): owner_of(c) for c in range(52) if m >> c & 1}})
    return {
        "hand": sorted(card_str(c) for c in range(52) if v.hand >> c & 1),
        "sizes": list(v.hand_sizes),
        "row": [[card_str(c), b] for c, b in zip(v.row, v.row_by, strict=True)],
        "melds": melds,
        "born": [v.is_born(q) for q in range(v.config.players)],
        "stock": v.stock_size,
        "current": v.current,
        "scores": list(v.scores),
        "over": v.revealed != (),
    }


def _dummy_seen(p: dict[str, Any]) -> dict[str, Any]:
    return {
        "hand": sorted(p["hand"]),
        "sizes": [h["size"] for h in p["hands"]],
        "row": [[r["card"], r["by"]] for r in p["row"]],
        "melds": [
            {
                "owner": m["owner"],
                "cards": sorted(c["card"] for c in m["cards"]),
                "by": {c["card"]: c["by"] for c in m["cards"]},
            }
            for m in p["melds"]
        ],
        "born": p["born"],
        "stock": p["stock"],
        "current": p["current"],
        "scores": p["scores"],
        "over": p["over"],
    }


def test_dummy_views_read_in_the_browser(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    views = [v for seed in (3, 11) for v0, v, _ in _positions("dummy", seed, 8) for v in (v0, v)]
    parsed = page.evaluate(PARSE, [v.to_string() for v in views])
    assert len(parsed) == len(views) > 10
    assert any(v.melds for v in views) and any(len(v.row) > 3 for v in views)
    for v, p in zip(views, parsed, strict=True):
        assert p["game"] == "dummy" and p["seat"] == v.seat
        assert _dummy_seen(p) == _dummy_truth(v), v.to_string()


def test_dummy_action_texts_read_in_the_browser(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    # Texts met in two seeded bot games, plus one of every kind written by hand: which kinds the bots
    # happen to be offered depends on how they play, and every kind must be read.
    every_kind = ["D", "C3 7h8h9h", "C0 >2", "M 7h8h9hTh", "L 5h>2", "X Qs", "K Qs 7h8h9h 5c>2", "K 2c", "-"]
    sampled = {t for seed in (3, 11) for _, _, legal in _positions("dummy", seed, 30) for t in legal}
    texts = sorted(sampled | set(every_kind))
    kinds = {"D": "draw", "C": "collect", "M": "meld", "L": "layoff", "X": "discard", "K": "knock", "-": "pass"}
    parsed = page.evaluate(ACTIONS, ["dummy", texts])
    seen = set()
    game = GAMES["dummy"].make_game(GAMES["dummy"].default_config)
    for text, p in zip(texts, parsed, strict=True):
        assert p["kind"] == kinds[text[0]], text
        seen.add(p["kind"])
        a = game.parse_action(text)
        if p["kind"] in ("meld", "discard", "layoff", "knock"):
            expected = []
            if p["kind"] == "meld":
                expected = [card_str(c) for c in range(52) if a.cards >> c & 1]
            elif p["kind"] == "knock":
                expected = [card_str(a.card)] + [card_str(c) for m in a.melds for c in range(52) if m >> c & 1]
                expected += [card_str(c) for c, _ in a.layoffs]
            else:
                expected = [card_str(a.card)]
            assert sorted(p["cards"]) == sorted(expected), text
    assert set(kinds.values()) <= seen
    assert len(sampled) > 20  # the bot games offered many moves, not only the hand-written ones


def test_contract_views_read_in_the_browser(new_page: Any) -> None:
    pytest.importorskip("samrap.games.contract.game")
    from samrap.games.contract.cards import face_str
    from samrap.games.contract.melds import ordered_faces

    page = new_page()
    page.goto("/")
    positions = _positions("contract", 5, 10)
    views = [v for v0, v, _ in positions for v in (v0, v)]
    parsed = page.evaluate(PARSE, [v.to_string() for v in views])
    assert any(v.melds for v in views)
    for v, p in zip(views, parsed, strict=True):
        pack = v.config.pack
        hand = sorted(face_str(pack.faces[c]) for c in range(pack.size) if v.hand >> c & 1)
        assert sorted(p["hand"]) == hand
        assert [h["size"] for h in p["hands"]] == list(v.hand_sizes)
        assert p["pile"] == [face_str(pack.faces[c]) for c in v.pile]
        assert p["deal"] == v.deal and p["stock"] == v.stock_size
        assert p["down"] == [bool(v.down >> q & 1) for q in range(v.config.players)]
        for m, pm in zip(v.melds, p["melds"], strict=True):
            declared = {f for _, f in m.jokers}
            want = [("*" if f in declared else "") + face_str(f) for f in ordered_faces(m.faces)]
            assert [c["card"] for c in pm["cards"]] == want
            assert pm["owner"] == m.owner
    # action texts: every go-down, lay-off and discard names the cards the hand gives up
    texts = sorted({t for _, _, legal in positions for t in legal})
    parsed_actions = page.evaluate(ACTIONS, ["contract", texts])
    kinds = {x["kind"] for x in parsed_actions}
    assert {"draw", "pickup", "discard"} <= kinds
    for text, x in zip(texts, parsed_actions, strict=True):
        if text.startswith("X "):
            assert x["cards"] == [text[2:]]
        if text.startswith("G "):
            n = sum(len(tok.replace("*", "")) // 2 for tok in text.split()[1:])
            assert len(x["cards"]) == n, text
