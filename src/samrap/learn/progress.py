"""The learner's progress in the terminal: which lessons are done, kept in a small JSON file.

The web app keeps the same record in the browser's storage; here it is a file (by default
``~/.samrap/learn.json``, or ``$SAMRAP_HOME/learn.json``), so ``samrap learn`` picks up where the
learner stopped. A missing or unreadable file is an empty record, never an error.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def default_path() -> Path:
    home = os.environ.get("SAMRAP_HOME")
    return (Path(home) if home else Path.home() / ".samrap") / "learn.json"


@dataclass(slots=True)
class Progress:
    """``done[game][lesson id] = mistakes made`` for the finished lessons; ``retry[record key]``: the
    keys of the reviewed positions found again in ลองใหม่ (:mod:`samrap.learn.retry`)."""

    path: Path
    done: dict[str, dict[str, int]] = field(default_factory=dict)
    retry: dict[str, list[str]] = field(default_factory=dict)
    #: ``puzzles[game]``: the solver's Elo, the puzzles tried (solved at the first try or not) and
    #: their Elo here (:mod:`samrap.learn.puzzles`); written as ``{"rating", "tried", "ratings"}``.
    puzzles: dict[str, PuzzleRecord] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        p = path or default_path()
        try:
            data: Any = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(p)
        done: dict[str, dict[str, int]] = {}
        if isinstance(data, dict) and isinstance(data.get("done"), dict):
            for game, lessons in data["done"].items():
                if isinstance(lessons, dict):
                    done[str(game)] = {str(k): int(v) for k, v in lessons.items() if isinstance(v, int)}
        retry: dict[str, list[str]] = {}
        if isinstance(data, dict) and isinstance(data.get("retry"), dict):
            for key, found in data["retry"].items():
                if isinstance(found, list):
                    retry[str(key)] = [str(k) for k in found if isinstance(k, str)]
        puzzles: dict[str, PuzzleRecord] = {}
        if isinstance(data, dict) and isinstance(data.get("puzzles"), dict):
            for game, rec in data["puzzles"].items():
                if isinstance(rec, dict):
                    puzzles[str(game)] = PuzzleRecord.read(rec)
        return cls(p, done, retry, puzzles)

    def is_done(self, game: str, lesson_id: str) -> bool:
        return lesson_id in self.done.get(game, {})

    def finish(self, game: str, lesson_id: str, mistakes: int) -> None:
        """Mark a lesson done and write the file at once (a crash later loses nothing)."""
        self.done.setdefault(game, {})[lesson_id] = mistakes
        self._write()

    def found(self, record_key: str) -> list[str]:
        """The positions of this record and seat already found again (``RetryPosition.key``)."""
        return list(self.retry.get(record_key, []))

    def find(self, record_key: str, position_key: str) -> None:
        """Remember that a reviewed position was found again, and write the file at once."""
        keys = self.retry.setdefault(record_key, [])
        if position_key not in keys:
            keys.append(position_key)
        self._write()

    def solver_rating(self, game: str, start: float) -> float:
        """The solver's puzzle rating for ``game`` (``start`` before the first puzzle)."""
        rec = self.puzzles.get(game)
        return start if rec is None or rec.rating is None else rec.rating

    def tried(self, game: str) -> dict[str, bool]:
        """The puzzles of ``game`` tried, each with whether the first try solved it."""
        rec = self.puzzles.get(game)
        return {} if rec is None else dict(rec.tried)

    def puzzle_ratings(self, game: str) -> dict[str, float]:
        rec = self.puzzles.get(game)
        return {} if rec is None else dict(rec.ratings)

    def rate(self, game: str, puzzle_id: str, solved: bool, solver: float, puzzle: float) -> None:
        """Remember a puzzle's first try and both new ratings, and write the file at once."""
        rec = self.puzzles.setdefault(game, PuzzleRecord())
        rec.rating = round(solver, 1)
        rec.tried[puzzle_id] = solved
        rec.ratings[puzzle_id] = round(puzzle, 1)
        self._write()

    def _write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        puzzles = {g: r.as_dict() for g, r in self.puzzles.items()}
        data = {"version": 1, "done": self.done, "retry": self.retry, "puzzles": puzzles}
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(self.path)


@dataclass(slots=True)
class PuzzleRecord:
    """One game's puzzles for this solver: the Elo (None before the first), the first tries, the puzzles' Elo."""

    rating: float | None = None
    tried: dict[str, bool] = field(default_factory=dict)
    ratings: dict[str, float] = field(default_factory=dict)

    @classmethod
    def read(cls, rec: dict[str, object]) -> PuzzleRecord:
        """The record as read, its bad entries dropped (a hand-edited file is no error)."""
        out = cls()
        rating = rec.get("rating")
        if isinstance(rating, int | float):
            out.rating = float(rating)
        tried = rec.get("tried")
        if isinstance(tried, dict):
            out.tried = {str(k): v for k, v in tried.items() if isinstance(v, bool)}
        ratings = rec.get("ratings")
        if isinstance(ratings, dict):
            out.ratings = {str(k): float(v) for k, v in ratings.items() if isinstance(v, int | float)}
        return out

    def as_dict(self) -> dict[str, object]:
        return {"rating": self.rating, "tried": self.tried, "ratings": self.ratings}
