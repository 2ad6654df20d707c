"""Game records (the PGN analogue): a versioned JSON format, its writer, reader and replay check.

A record holds a whole match: a header (format, version, game, config string, player names, date,
match seed, final result) and, for every game, the full deck order as card texts, the starting
seat, the direction, every action with its seat in action text, and the scores with their
ledgers. The format is specified in ``docs/records.md`` and ``docs/records.schema.json``.

Reading and checking are separate steps, because they fail for different reasons:

* :func:`parse_record` checks the *shape*: a file that is not a record at all raises
  :class:`RecordError` with a JSON-path-like location (``games[2].actions[14].action: not a Dummy
  action``). Action texts and card texts are parsed here, since a typo is a syntax error.
* :func:`replay_record` re-plays every game with the game's checked ``apply`` and compares what
  the record claims (scores, ledgers, starting seats, directions, totals, winners) with what the
  rules give. It returns the first :class:`ReplayProblem`: game, action number, action text, the
  rule broken and a message.

The library does not need ``jsonschema``: the reader validates by hand (and says where); the
schema file is documentation, and the tests check that written records satisfy it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from samrap.core.configstr import split_config_string
from samrap.core.errors import ConfigError, IllegalActionError, InvalidNotationError
from samrap.engine.fairness import Commitment
from samrap.engine.ledger import LedgerLine
from samrap.engine.match import GameResult, MatchResult
from samrap.engine.protocol import ConfigLike
from samrap.engine.registry import GAMES, AnyGame, GameSetup, GameSpec

FORMAT = "samrap-record"
VERSION = 1


class RecordError(InvalidNotationError):
    """Input that is not a valid record; ``path`` says where (``games[2].deck[7]``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


@dataclass(frozen=True, slots=True)
class Record:
    """A match plus the header fields that are not part of playing it (the date).

    ``commitments`` holds, per game, the shuffle commitment published before it was played
    (``engine.fairness``; the server's records have them), or is empty. ``metadata`` holds facts
    about how the match was played that are not part of playing it (the server's ``stand_ins``:
    seats a stand-in bot played for after its person dropped out; ``samrap play``'s ``people``: the
    seats people played, so a person's name is never read as a bot's); it is written only when not empty.
    """

    match: MatchResult
    date: str
    commitments: tuple[Commitment | None, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict)


def make_record(
    match: MatchResult,
    date: str | None = None,
    commitments: tuple[Commitment | None, ...] = (),
    metadata: Mapping[str, Any] | None = None,
) -> Record:
    """Wrap a match result as a record dated ``date`` (ISO 8601; default: now, UTC)."""
    if date is None:
        date = datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    return Record(match, date, commitments, dict(metadata or {}))


# ---------------------------------------------------------------------------------------------
# Writing


def record_to_dict(record: Record) -> dict[str, Any]:
    """The JSON object of a record (keys in the documented order)."""
    m = record.match
    spec = GAMES[m.game]
    config = spec.parse_config(m.config, spec.default_config)
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": m.game,
        "config": m.config,
        "players": list(m.players),
        "date": record.date,
        "seed": m.seed,
        "result": {"totals": list(m.totals), "winners": list(m.winners), "complete": m.complete},
        "games": [
            _game_to_dict(spec, config, g, record.commitments[i] if i < len(record.commitments) else None)
            for i, g in enumerate(m.games)
        ],
    }
    if record.metadata:
        out["metadata"] = dict(record.metadata)
    return out


def _game_to_dict(
    spec: GameSpec, config: ConfigLike, g: GameResult, commitment: Commitment | None
) -> dict[str, object]:
    out: dict[str, Any] = {
        "seed": g.seed,
        "deck": [spec.card_text(config, c) for c in g.deck],
        "starter": g.starter,
        "direction": g.direction,
        "actions": [{"seat": seat, "action": text} for seat, text in g.actions],
        "scores": list(g.scores),
        "ledger": [{"seat": i.seat, "item": i.code, "points": i.points, "detail": i.detail} for i in g.ledger],
    }
    if commitment is not None:
        out["commitment"] = commitment.as_dict()
    return out


def _is_flat(value: object) -> bool:
    """A value written on one line: a scalar, or a list/object of scalars and lists of scalars."""
    if isinstance(value, dict):
        return all(not isinstance(v, dict | list) or (isinstance(v, list) and _is_flat(v)) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return True


def _dump(value: object, indent: int) -> str:
    """JSON with one action, ledger line or deck per line: diffable and still compact."""
    if _is_flat(value):
        return json.dumps(value, ensure_ascii=False)
    pad = "  " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    assert isinstance(value, list)
    if not value:
        return "[]"
    items = [pad + _dump(v, indent + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"


def dumps_record(record: Record) -> str:
    """The record as JSON text (UTF-8 when written; Thai names are kept as they are)."""
    return _dump(record_to_dict(record), 0) + "\n"


def write_record(path: str | Path, record: Record) -> None:
    Path(path).write_text(dumps_record(record), encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Reading


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _kind(value: object) -> str:
    match value:
        case None:
            return "null"
        case bool():
            return "true/false"
        case int():
            return "a number"
        case str():
            return "a string"
        case list():
            return "a list"
        case dict():
            return "an object"
    return type(value).__name__


def _object(value: object, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, object]:
    where = path or "record"
    if not isinstance(value, dict):
        raise RecordError(where, f"expected an object, got {_kind(value)}")
    for key in required:
        if key not in value:
            raise RecordError(where, f"missing key {key!r}")
    for key in value:
        if key not in required and key not in optional:
            raise RecordError(_at(path, key), "unknown key")
    return value


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(path, f"expected a list, got {_kind(value)}")
    return value


def _int(value: object, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(path, f"expected a whole number, got {_kind(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RecordError(path, f"{value} is out of range {lo}..{hi}")
    return value


def _optional_int(value: object, path: str) -> int | None:
    return None if value is None else _int(value, path)


def _str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise RecordError(path, f"expected a string, got {_kind(value)}")
    return value


def _ints(value: object, path: str, n: int) -> tuple[int, ...]:
    items = _list(value, path)
    if len(items) != n:
        raise RecordError(path, f"expected {n} numbers (one per seat), got {len(items)}")
    return tuple(_int(v, _at(path, i)) for i, v in enumerate(items))


def parse_record(obj: object) -> Record:
    """Check the shape of a decoded JSON record and build it.

    Raises:
        RecordError: the first place where the input is not a record, with its location.
    """
    top = _object(
        obj, "", ("format", "version", "game", "config", "players", "date", "seed", "result", "games"), ("metadata",)
    )
    if top["format"] != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {top['format']!r}")
    version = _int(top["version"], "version")
    if version != VERSION:
        raise RecordError("version", f"version {version} is not supported (this samrap reads version {VERSION})")
    name = _str(top["game"], "game")
    if name not in GAMES:
        raise RecordError("game", f"unknown game {name!r}; known: {', '.join(GAMES)}")
    spec = GAMES[name]
    config_text = _str(top["config"], "config")
    try:
        if split_config_string(config_text)[0] != name:
            raise RecordError("config", f"{config_text!r} is not a {name} config")
        config = spec.parse_config(config_text, spec.default_config)
    except ConfigError as e:
        raise RecordError("config", str(e)) from None
    game = spec.make_game(config)
    n = game.players
    players = _list(top["players"], "players")
    if len(players) != n:
        raise RecordError("players", f"{config_text} has {n} seats, the record names {len(players)} players")
    names = tuple(_str(p, _at("players", i)) for i, p in enumerate(players))
    date = _str(top["date"], "date")
    seed = _optional_int(top["seed"], "seed")
    result = _object(top["result"], "result", ("totals", "winners", "complete"))
    totals = _ints(result["totals"], "result.totals", n)
    winners = tuple(
        _int(w, _at("result.winners", i), 0, n - 1) for i, w in enumerate(_list(result["winners"], "result.winners"))
    )
    complete = result["complete"]
    if not isinstance(complete, bool):
        raise RecordError("result.complete", f"expected true or false, got {_kind(complete)}")
    raw_games = _list(top["games"], "games")
    games = tuple(_parse_game(spec, game, g, _at("games", i), n) for i, g in enumerate(raw_games))
    commitments = tuple(
        _parse_commitment(g.get("commitment"), _at(_at("games", i), "commitment")) for i, g in enumerate(raw_games)
    )
    metadata = top.get("metadata", {})
    if not isinstance(metadata, dict):
        raise RecordError("metadata", f"expected an object, got {_kind(metadata)}")
    stand_ins = metadata.get("stand_ins", [])
    for i, q in enumerate(_list(stand_ins, "metadata.stand_ins")):
        _int(q, _at("metadata.stand_ins", i), 0, n - 1)
    for i, q in enumerate(_list(metadata.get("people", []), "metadata.people")):
        _int(q, _at("metadata.people", i), 0, n - 1)
    match = MatchResult(name, config_text, names, seed, games, totals, winners, complete)
    return Record(match, date, commitments if any(c is not None for c in commitments) else (), metadata)


def _parse_commitment(value: object, path: str) -> Commitment | None:
    """A game's optional shuffle commitment: ``{"sha256": 64 hex digits, "salt": hex}``."""
    if value is None:
        return None
    obj = _object(value, path, ("sha256", "salt"))
    digest = _str(obj["sha256"], _at(path, "sha256"))
    salt = _str(obj["salt"], _at(path, "salt"))
    if len(digest) != 64 or any(ch not in "0123456789abcdef" for ch in digest):
        raise RecordError(_at(path, "sha256"), "expected 64 lowercase hex digits")
    if not salt or any(ch not in "0123456789abcdef" for ch in salt):
        raise RecordError(_at(path, "salt"), "expected lowercase hex digits")
    return Commitment(digest, salt)


def _parse_game(spec: GameSpec, game: AnyGame, value: object, path: str, n: int) -> GameResult:
    g = _object(value, path, ("seed", "deck", "starter", "direction", "actions", "scores", "ledger"), ("commitment",))
    seed = _optional_int(g["seed"], _at(path, "seed"))
    deck_path = _at(path, "deck")
    deck: list[int] = []
    for i, text in enumerate(_list(g["deck"], deck_path)):
        try:
            deck.append(spec.parse_card(game.config, _str(text, _at(deck_path, i))))
        except InvalidNotationError as e:
            if isinstance(e, RecordError):
                raise
            raise RecordError(_at(deck_path, i), str(e)) from None
    problem = spec.check_deck(game.config, deck)
    if problem is not None:
        raise RecordError(deck_path, problem)
    starter = _int(g["starter"], _at(path, "starter"), 0, n - 1)
    direction = _int(g["direction"], _at(path, "direction"))
    if direction not in (1, -1):
        raise RecordError(_at(path, "direction"), f"expected 1 or -1, got {direction}")
    actions_path = _at(path, "actions")
    actions: list[tuple[int, str]] = []
    for i, a in enumerate(_list(g["actions"], actions_path)):
        a_path = _at(actions_path, i)
        obj = _object(a, a_path, ("seat", "action"))
        seat = _int(obj["seat"], _at(a_path, "seat"), 0, n - 1)
        text = _str(obj["action"], _at(a_path, "action"))
        try:
            game.parse_action(text)
        except InvalidNotationError as e:
            raise RecordError(_at(a_path, "action"), str(e)) from None
        actions.append((seat, text))
    scores = _ints(g["scores"], _at(path, "scores"), n)
    ledger_path = _at(path, "ledger")
    ledger: list[LedgerLine] = []
    for i, item in enumerate(_list(g["ledger"], ledger_path)):
        i_path = _at(ledger_path, i)
        obj = _object(item, i_path, ("seat", "item", "points"), ("detail",))
        ledger.append(
            LedgerLine(
                _int(obj["seat"], _at(i_path, "seat"), 0, n - 1),
                _str(obj["item"], _at(i_path, "item")),
                _int(obj["points"], _at(i_path, "points")),
                _str(obj.get("detail", ""), _at(i_path, "detail")),
            )
        )
    return GameResult(tuple(deck), starter, direction, tuple(actions), scores, tuple(ledger), seed)


def loads_record(text: str) -> Record:
    """Parse record JSON text.

    Raises:
        RecordError: the text is not JSON (located by line and column) or not a record.
    """
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"line {e.lineno} column {e.colno}", f"not JSON: {e.msg}") from None
    return parse_record(obj)


def read_record(path: str | Path) -> Record:
    """Read a record file.

    Raises:
        RecordError: the file is not UTF-8 JSON or not a record.
        OSError: the file cannot be read.
    """
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(f"byte {e.start}", "not UTF-8 text") from None
    return loads_record(text)


# ---------------------------------------------------------------------------------------------
# Replay


@dataclass(frozen=True, slots=True)
class ReplayProblem:
    """The first thing a replay found wrong.

    ``game`` and ``action`` are 0-based indices into ``games`` and that game's ``actions`` (as in
    the JSON paths); ``game`` is ``None`` for the header's result, ``action`` is ``None`` for a
    game-level problem (a starting seat, a score). ``rule`` is the broken rule's number on the
    game's rules page, when one applies.
    """

    game: int | None
    action: int | None
    action_text: str | None
    rule: int | str | None
    message: str

    @property
    def path(self) -> str:
        if self.game is None:
            return "result"
        if self.action is None:
            return f"games[{self.game}]"
        return f"games[{self.game}].actions[{self.action}]"

    def describe(self) -> str:
        """One line for people, numbering games and actions from 1 and giving the JSON path."""
        if self.game is None:
            where = "result"
        elif self.action is None:
            where = f"game {self.game + 1} ({self.path})"
        else:
            where = f"game {self.game + 1}, action {self.action + 1} ({self.path})"
            if self.action_text is not None:
                where += f" {self.action_text!r}"
        rule = f"rule {self.rule}: " if self.rule is not None else ""
        return f"{where}: {rule}{self.message}"

    def as_dict(self) -> dict[str, object]:
        return {
            "game": self.game,
            "action": self.action,
            "action_text": self.action_text,
            "rule": self.rule,
            "message": self.message,
            "path": self.path,
        }


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """What a replay re-derived (games up to the problem, if any) and the first problem found."""

    games: tuple[GameResult, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    problem: ReplayProblem | None

    @property
    def is_valid(self) -> bool:
        return self.problem is None


def _first_ledger_difference(recorded: Sequence[LedgerLine], replayed: Sequence[LedgerLine]) -> str:
    for k, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
        if a != b:
            return f"ledger[{k}]: recorded {_line(a)}, replay gives {_line(b)}"
    return f"recorded {len(recorded)} ledger lines, replay gives {len(replayed)}"


def _line(item: LedgerLine) -> str:
    return f"seat {item.seat} {item.code} {item.points:+d}" + (f" ({item.detail})" if item.detail else "")


def replay_record(record: Record) -> ReplayReport:
    """Re-play every game of ``record`` with checked actions and compare everything it claims.

    Checks, in order, for each game: the deal against its seed (when a seed is recorded), the
    starting seat and direction against the match rules, that the match was not already over,
    every action (legal, by the seat to move), that the game ends with the last action, and the
    scores and ledger. Then the header's totals, completeness and winners.
    """
    m = record.match
    spec = GAMES[m.game]
    config = spec.parse_config(m.config, spec.default_config)
    game = spec.make_game(config)
    refs = spec.rule_refs
    n = game.players
    totals = (0,) * n
    replayed: list[GameResult] = []

    def stop(problem: ReplayProblem) -> ReplayReport:
        return ReplayReport(tuple(replayed), totals, (), problem)

    final: Any = None
    for i, g in enumerate(m.games):
        if g.seed is not None and tuple(game.deal_order(g.seed)) != g.deck:
            return stop(ReplayProblem(i, None, None, None, f"the deck is not the deal of its seed {g.seed}"))
        if i == 0:
            first = spec.first_starter(game, g.seed) if g.seed is not None else g.starter
            if g.starter != first:
                msg = f"seed {g.seed} makes seat {first} start, the record says seat {g.starter}"
                return stop(ReplayProblem(i, None, None, refs.first_game, msg))
            if g.direction != 1:
                return stop(ReplayProblem(i, None, None, refs.first_game, "the first game is played clockwise (+1)"))
        else:
            if spec.is_match_over(config, totals, i):
                msg = f"the match was over after game {i} (totals {list(totals)}), yet game {i + 1} was played"
                return stop(ReplayProblem(i, None, None, refs.match_end, msg))
            starter, direction = spec.next_game(final)
            if g.starter != starter:
                msg = f"seat {starter} should start this game, the record says seat {g.starter}"
                return stop(ReplayProblem(i, None, None, refs.starter, msg))
            if g.direction != direction:
                msg = f"this game should be played in direction {direction:+d}, the record says {g.direction:+d}"
                return stop(ReplayProblem(i, None, None, refs.direction, msg))
        state = spec.start_game(game, GameSetup(i, g.deck, g.starter, g.direction, totals, g.seed))
        for k, (seat, text) in enumerate(g.actions):
            try:
                state = game.apply(state, game.parse_action(text), seat)
            except IllegalActionError as e:
                return stop(ReplayProblem(i, k, text, e.rule, e.reason))
            except InvalidNotationError as e:
                return stop(ReplayProblem(i, k, text, None, str(e)))
        if not game.is_terminal(state):
            msg = f"the game is not over after its {len(g.actions)} actions"
            return stop(ReplayProblem(i, None, None, None, msg))
        scores = game.returns(state)
        ledger = tuple(LedgerLine.of(item) for item in game.ledger(state))
        if scores != g.scores:
            msg = f"recorded scores {list(g.scores)}, the replay scores {list(scores)}"
            return stop(ReplayProblem(i, None, None, refs.scores, msg))
        if ledger != g.ledger:
            return stop(ReplayProblem(i, None, None, refs.scores, _first_ledger_difference(g.ledger, ledger)))
        replayed.append(GameResult(g.deck, g.starter, g.direction, g.actions, scores, ledger, g.seed))
        totals = tuple(t + s for t, s in zip(totals, scores, strict=True))
        final = state
    over = spec.is_match_over(config, totals, len(m.games))
    if m.complete != over:
        msg = (
            "the record says complete, but the match is not over"
            if m.complete
            else "the match is over, but the record says incomplete"
        )
        return stop(ReplayProblem(None, None, None, refs.match_end, msg))
    winners = spec.match_winners(config, totals) if over else ()
    if m.totals != totals:
        return stop(ReplayProblem(None, None, None, refs.scores, f"totals {list(m.totals)}, the replay {list(totals)}"))
    if m.winners != winners:
        msg = f"winners {list(m.winners)}, the replay gives {list(winners)}"
        return stop(ReplayProblem(None, None, None, refs.match_end, msg))
    return ReplayReport(tuple(replayed), totals, winners, None)


def verify_record(record: Record) -> ReplayProblem | None:
    """The first problem a replay finds, or ``None`` when the record is valid."""
    return replay_record(record).problem


def record_summary(record: Record) -> Mapping[str, Any]:
    """A small JSON-able summary of the header (for ``samrap replay --json``)."""
    m = record.match
    return {
        "game": m.game,
        "config": m.config,
        "players": list(m.players),
        "date": record.date,
        "seed": m.seed,
        "games": len(m.games),
    }
