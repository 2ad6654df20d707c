"""ลองใหม่ (try again): each position a review flagged, asked again from the seat's view only.

A review (:mod:`samrap.players.review`) labels every decision of a seat; the ones labelled a
mistake or a blunder are worth a second try. :func:`retry_positions` rebuilds each such position
from the record and keeps the full state inside the :class:`RetryPosition`; what it shows is only
the seat's observation (``view``) and the seat's legal moves, the same things the seat had at the
table, so a retry never shows a card the seat could not see (``tests/learn/test_retry.py``).

A try is judged by :meth:`RetryPosition.judge`, by the review's own yardstick:

1. **illegal**: the broken rule's text in the player's language (as lessons and the table do);
2. **the review's best move**, or any move reaching the same position or the same game end with
   the same scores (judged on the full state, never shown): right;
3. **the move played** in the game: the mistake itself, not right (no new analysis needed);
4. **any other legal move**: compared with the review's best move on simulated deals drawn from
   the seat's view (:func:`samrap.players.analysis.compare`, seeded from public facts only), and
   right when the review's label for its confident loss would be "good"
   (:func:`samrap.players.review.label_of_loss`). So "as good as the bot's best" means what the
   review itself calls good.

Progress (which positions were found) is kept per record and seat by the caller: the terminal in
:class:`samrap.learn.progress.Progress`, the web in the browser's storage.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from samrap.core.errors import IllegalActionError, SamrapError
from samrap.core.rng import make_rng
from samrap.engine.protocol import ViewLike
from samrap.engine.record import Record
from samrap.engine.registry import AnyGame, GameSetup
from samrap.engine.rulebooks import broken_rule
from samrap.players.analysis import compare, policy_for
from samrap.players.review import label_of_loss, loss_points, record_game, review_deals
from samrap.players.words import describe

#: The review labels whose positions are asked again.
FLAGGED = ("mistake", "blunder")


def record_key(record_text: str, seat: int) -> str:
    """A short stable name for (record, seat): the key of its retry progress."""
    return f"{hashlib.sha256(record_text.encode('utf-8')).hexdigest()[:16]}:{seat}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a try is told: ``ok`` (as good as the best), ``kind`` (why) and the words in both languages."""

    ok: bool
    kind: str  # "illegal", "best", "same", "good", "played", "worse"
    th: str
    en: str
    rule: int | str | None = None
    loss: float | None = None

    def get(self, lang: str) -> str:
        return self.th if lang == "th" else self.en

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "kind": self.kind,
            "message": {"th": self.th, "en": self.en},
            "rule": self.rule,
            "loss": self.loss,
        }


@dataclass(slots=True)
class RetryPosition:
    """One flagged decision: the seat's view and legal moves, the review's answer; the state stays inside."""

    game: AnyGame
    seat: int
    game_index: int
    number: int
    label: str
    played: str
    best: str
    reason: tuple[str, str]
    view: ViewLike
    legal: list[object]
    _state: object = field(repr=False)

    @property
    def key(self) -> str:
        """``"GAME:NUMBER"``: the position within its record (0-based, as the review numbers it)."""
        return f"{self.game_index}:{self.number}"

    def words(self, text: str, lang: str) -> str:
        """A move in words, as the table and the review write it."""
        return describe(self.game, self.view, self.game.parse_action(text), lang)

    def answer(self, lang: str) -> str:
        """The review's best move, the move played and why (shown after a right try or on asking)."""
        best, played = self.words(self.best, lang), self.words(self.played, lang)
        if lang == "th":
            return f"การเดินที่ดีที่สุดที่พบ: {best} · ในเกมคุณ{played} · {self.reason[0]}"
        return f"Best move found: {best} · in the game you played: {played} · {self.reason[1]}"

    def as_dict(self) -> dict[str, Any]:
        """What a client may see before answering: the seat's view string and its legal moves."""
        return {
            "key": self.key,
            "game": self.game_index,
            "number": self.number,
            "label": self.label,
            "seat": self.seat,
            "view": self.view.to_string(),
            "legal": [self.game.action_text(a) for a in self.legal],
        }

    def _end(self, state: object) -> tuple[int, ...] | None:
        return tuple(self.game.returns(state)) if self.game.is_terminal(state) else None

    def judge(self, text: str, seed: int = 0, deals: int | None = None) -> Verdict:
        """Judge the try ``text`` (see the module docstring); deals=0 skips the simulation (then only
        the best move and moves with its exact effect are right)."""
        g = self.game
        try:
            action = g.parse_action(text)
            after = g.apply(self._state, action, self.seat)
        except IllegalActionError as e:
            return Verdict(
                False,
                "illegal",
                f"การเดินนี้ผิด{broken_rule(g, e, 'th')} ลองใหม่อีกครั้ง",
                f"That move breaks {broken_rule(g, e, 'en')}. Try again.",
                e.rule,
            )
        except SamrapError as e:
            return Verdict(False, "illegal", "เขียนการเดินไม่ถูก ลองใหม่อีกครั้ง", f"That is not a move: {e}. Try again.")
        best = g.parse_action(self.best)
        best_after = g.apply(self._state, best, self.seat)
        if action == best or after == best_after:
            return Verdict(True, "best", "ถูกต้อง: นี่คือการเดินที่ดีที่สุดที่พบ", "Right: that is the best move found.")
        end = self._end(after)
        if end is not None and end == self._end(best_after):
            return Verdict(True, "same", "ถูกต้อง: ได้ผลเท่ากับการเดินที่ดีที่สุด", "Right: the same result as the best move.")
        played = g.parse_action(self.played)
        if action == played or after == g.apply(self._state, played, self.seat):
            return Verdict(
                False,
                "played",
                "นี่คือการเดินที่คุณเดินในเกม ลองหาการเดินที่ดีกว่านี้",
                "That is the move you played in the game. Look for a better one.",
            )
        n = review_deals(g.name) if deals is None else deals  # as many as the review (its coach)
        if n < 2:
            return Verdict(False, "worse", "ยังไม่ใช่ ลองใหม่อีกครั้ง", "Not quite. Try again.")
        rng = make_rng(f"samrap-retry:{seed}:{self.game_index}:{self.number}:{g.action_text(action)}")
        comp = compare(g, self.view, [best, action], rng, n, policy_for(g))
        gap, se = comp.gap(best, action)
        loss = loss_points(round(max(0.0, gap - se), 1))
        if label_of_loss(g.name, loss) == "good":
            return Verdict(
                True,
                "good",
                "ถูกต้อง: ดีพอ ๆ กับการเดินที่ดีที่สุดที่พบ",
                "Right: as good as the best move found.",
                loss=loss,
            )
        return Verdict(
            False,
            "worse",
            f"ยังไม่ใช่ การเดินนี้เสียประมาณ {loss:.0f} แต้ม ลองใหม่อีกครั้ง",
            f"Not quite: that move loses about {loss:.0f} points. Try again.",
            loss=loss,
        )


def flagged(review: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The decisions of a review (``Review.as_dict``) labelled a mistake or a blunder, in order."""
    return [d for d in review.get("decisions", ()) if d.get("label") in FLAGGED]


def retry_positions(record: Record, seat: int, review: Mapping[str, Any]) -> list[RetryPosition]:
    """Every flagged decision of ``review`` rebuilt from ``record`` (seat's view outside, state inside).

    Raises ValueError when a flagged decision is not a move of ``seat`` in the record (a review of
    another record or seat).
    """
    wanted = {(int(d["game"]), int(d["number"])): d for d in flagged(review)}
    if not wanted:
        return []
    spec, game = record_game(record)
    m = record.match
    out: list[RetryPosition] = []
    totals = tuple(0 for _ in range(game.players))
    for gi, g in enumerate(m.games):
        if any(k[0] == gi for k in wanted):
            state = spec.start_game(game, GameSetup(gi, g.deck, g.starter, g.direction, totals, g.seed))
            for k, (who, text) in enumerate(g.actions):
                d = wanted.get((gi, k))
                if d is not None:
                    if who != seat or game.action_text(game.parse_action(text)) != d["played"]:
                        raise ValueError(f"decision {gi}:{k} of the review is not seat {seat}'s move in this record")
                    reason = d.get("reason") or {}
                    out.append(
                        RetryPosition(
                            game=game,
                            seat=seat,
                            game_index=gi,
                            number=k,
                            label=str(d["label"]),
                            played=str(d["played"]),
                            best=str(d["best"]),
                            reason=(str(reason.get("th", "")), str(reason.get("en", ""))),
                            view=game.observe(state, seat),
                            legal=list(game.legal_moves(state)),
                            _state=state,
                        )
                    )
                state = game.apply(state, game.parse_action(text), who)
        totals = tuple(t + s for t, s in zip(totals, g.scores, strict=True))
    return out


def pending(positions: Sequence[RetryPosition], solved: Sequence[str]) -> list[RetryPosition]:
    """The positions not yet found, in order (all of them again once every one is found)."""
    left = [p for p in positions if p.key not in solved]
    return left or list(positions)
