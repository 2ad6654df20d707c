"""The web's move sentences (``static/js/words.js``) and the server's (``players/words.py``) are one formatter.

For every legal move at points of seeded bot games of both games, and at every lesson's questions
(which hold knocks, lay-offs and go-downs with jokers that bot games meet rarely), the page's
``sayMove`` and Python's ``describe`` give the same text in Thai and in English: the same card
texts (10♥, ★7♥) and the same meld numbers as the table shows (the notation's ``>0`` is meld 1).
"""

from __future__ import annotations

from typing import Any

from samrap.learn.lessons import LessonRun, course
from samrap.players.words import describe
from tests.web.test_notation_js import _positions

SAY = """async ([lang, cases]) => {
  const i = await import('/static/js/i18n.js');
  const v = await import('/static/js/view.js');
  const w = await import('/static/js/words.js');
  i.setLang(lang);
  return cases.map(([pos, texts]) => {
    const view = v.parsePosition(pos);
    return texts.map((t) => w.sayMove(view, t));
  });
}"""


def _cases(name: str) -> list[tuple[Any, Any, list[str]]]:
    """(game, mover's view, legal texts): bot-game points and every lesson question of ``name``."""
    out: list[tuple[Any, Any, list[str]]] = []
    for les in course(name):
        run = LessonRun(les)
        while not run.done:
            out.append((run.game, run.view(), [run.game.action_text(a) for a in run.game.legal_moves(run.state)]))
            run.try_move(run.current.expect[0])
    game = out[0][0]
    for seed in (3, 11):
        for _, view, legal in _positions(name, seed, 10):
            if legal:
                out.append((game, view, legal))
    return out


def _check(new_page: Any, name: str) -> set[str]:
    page = new_page()
    page.goto("/")
    cases = _cases(name)
    seen: set[str] = set()
    compared = 0
    for lang in ("th", "en"):
        got = page.evaluate(SAY, [lang, [[v.to_string(), legal] for _, v, legal in cases]])
        for (game, view, legal), texts in zip(cases, got, strict=True):
            for text, js in zip(legal, texts, strict=True):
                py = describe(game, view, game.parse_action(text), lang)
                assert js == py, (lang, text, view.to_string())
                seen.add(text.split()[0][0])
                compared += 1
    assert compared > 200
    return seen


def test_dummy_moves_read_alike(new_page: Any) -> None:
    seen = _check(new_page, "dummy")
    assert {"D", "C", "M", "L", "X", "K"} <= seen  # every kind met, knocks and lay-offs included


def test_contract_moves_read_alike(new_page: Any) -> None:
    seen = _check(new_page, "contract")
    assert {"D", "P", "G", "L", "X"} <= seen
