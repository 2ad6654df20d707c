"""Rule 22: ``samrap learn`` answers ``?`` with the legal *moves* (a Contract go-down whole).

The game's ``legal_actions`` will soon choose a go-down a meld at a time; a learner types moves
as the rules write them, so the list the terminal shows must come from ``legal_moves``
(``tests/legal_spy.py`` says why only a spy on the call can tell today).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from samrap.learn.lessons import LessonRun, course
from tests.cli.helpers import run
from tests.legal_spy import watch_legal_actions


def test_rule22_the_terminal_lesson_lists_the_legal_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lesson = LessonRun(course("contract")[0])
    texts = [lesson.game.action_text(a) for a in lesson.game.legal_moves(lesson.state)]
    callers = watch_legal_actions(monkeypatch)
    r = run("learn", "contract", "--progress", str(tmp_path / "learn.json"), input="?\nq\n")
    assert r.exit_code == 0, r.stderr
    assert "Legal moves:" in r.stdout
    for k, text in enumerate(texts):  # numbered as ``samrap play`` numbers them
        assert f"{k + 1:>3}) {text}  " in r.stdout
    assert callers == []
