"""A table with bots and no server: the rules, the bots and the server's messages in pure Python.

Why not the server's :class:`samrap.server.table.Table`: it is built on Pydantic models and an
event log for a database, and Pydantic is a compiled package that Pyodide's core does not carry.
This table keeps the same *messages* (``welcome``, ``view``, ``table`` and ``error`` of
``docs/protocol.md``, as plain dicts with the same fields, null fields left out), so the web app's
table page plays it through the same code (``static/js/offline/``), and the same *records*
(``engine.record``), so ``samrap replay --verify`` accepts a game played offline.

The match follows :func:`samrap.engine.match.run_match` exactly: the deck seeds come from
``deal_rng(seed)`` and each bot seat chooses with its ``seat_rngs(seed)`` generator, so a table
whose every move is made by bots plays the very match ``run_match`` plays with the same seed and
bots (``tests/offline/test_table.py`` checks it natively, ``tests/web/test_offline.py`` under
Pyodide in a browser). The shuffle commitments use a salt derived from the seed: offline there is
nobody to hide the deck from (the player's own browser holds it), and the record stays
reproducible.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from samrap.core.errors import ConfigError, IllegalActionError, InvalidNotationError
from samrap.core.rng import make_rng
from samrap.engine.fairness import Commitment, commit
from samrap.engine.ledger import LedgerLine
from samrap.engine.match import SEED_BITS, GameResult, MatchResult, deal_rng, seat_rngs
from samrap.engine.protocol import AnyAgent
from samrap.engine.record import dumps_record, make_record
from samrap.engine.registry import AnyGame, GameSetup, configure
from samrap.players.random_bot import RandomPlayer

#: The bot levels a seat may have (as the server's ``BotLevel``).
LEVELS = ("random", "easy", "medium", "hard", "expert")
#: The settings every table reports (``TableSettings``' defaults; offline only the delay matters).
DEFAULT_SETTINGS: dict[str, Any] = {
    "grace_seconds": 60,
    "turn_timer": 0,
    "rated": False,
    "standin_level": "easy",
    "bot_delay_ms": 700,
}
MAX_NAME = 32


class LocalError(Exception):
    """A refused request, with the protocol's error ``code`` (``docs/protocol.md``) and the rule."""

    def __init__(self, code: str, message: str, rule: int | str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def body(self) -> dict[str, Any]:
        """The protocol's ``ErrorBody``."""
        return {"code": self.code, "message": self.message, "rule": self.rule}


def make_seat_bot(game: AnyGame, level: str) -> AnyAgent:
    """The player for a bot seat of ``level``, as the server builds it (``server/bots.py``)."""
    if level == "random":
        return RandomPlayer("random")
    from samrap.players.levels import make_bot

    bot: AnyAgent = make_bot(level, game)
    return bot


@dataclass(slots=True)
class LocalSeat:
    kind: str  # "human" or "bot"
    name: str
    level: str | None = None


def _event(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


class LocalTable:
    """One offline table: seat 0 (or any ``human`` seat) for the player, bots in the others.

    ``request`` is the server's ``CreateTableRequest`` body (``game``, ``preset``, ``config``,
    ``seats``, ``host_name``, ``settings``), so the home page sends the same thing either way.
    ``seed`` fixes the whole match (deals and bots' choices); the page draws it at random.

    Raises:
        LocalError: ``bad_config`` for an unknown game, preset or config, or bad seats.
    """

    def __init__(self, code: str, request: Mapping[str, Any], seed: int) -> None:
        self.code = code
        self.request = dict(request)
        self.seed = int(seed) % (1 << SEED_BITS)
        seats_in = request.get("seats")
        if seats_in is not None and (not isinstance(seats_in, list) or not 1 <= len(seats_in) <= 8):
            raise LocalError("bad_config", "seats must be a list of 1 to 8 seats")
        try:
            self.spec, self.config = configure(
                str(request.get("game") or "dummy"),
                preset=request.get("preset"),
                options=request.get("config"),
                players=len(seats_in) if seats_in is not None else None,
            )
            self.game: AnyGame = self.spec.make_game(self.config)
        except ConfigError as e:
            raise LocalError("bad_config", str(e)) from None
        n = self.game.players
        name = str(request.get("host_name") or "").strip()[:MAX_NAME] or "player"
        seats: list[LocalSeat] = []
        for q in range(n):
            s = seats_in[q] if seats_in is not None else {"kind": "human" if q == 0 else "bot"}
            if not isinstance(s, Mapping):
                raise LocalError("bad_config", f"seat {q} is not an object")
            if s.get("kind") == "bot":
                level = str(s.get("level") or "easy")
                if level not in LEVELS:
                    raise LocalError("bad_config", f"unknown bot level {level!r}")
                seats.append(LocalSeat("bot", f"bot:{level}", level))
            else:
                seats.append(LocalSeat("human", name))
        self.seats = seats
        self.settings = {**DEFAULT_SETTINGS, **dict(request.get("settings") or {}), "rated": False}
        self.bots = [make_seat_bot(self.game, s.level) if s.level is not None else None for s in seats]
        self.version = 1
        self.events: list[dict[str, Any]] = [_event(v=1, kind="created")]
        for q, s in enumerate(seats):
            self._bump()
            if s.kind == "bot":
                self.events.append(_event(v=self.version, kind="bot", seat=q, level=s.level))
            else:
                self.events.append(_event(v=self.version, kind="joined", seat=q, name=s.name))
        self.status = "lobby"
        self.match = -1
        self.totals: tuple[int, ...] = (0,) * n
        self.state: object = None
        self.deck: tuple[int, ...] = ()
        self.setup: GameSetup | None = None
        self.commitment: Commitment | None = None
        self.actions: list[tuple[int, str]] = []
        self.games: list[GameResult] = []
        self.commitments: list[Commitment] = []
        self.records: dict[str, str] = {}
        self._legal: tuple[int, list[Any], list[str]] | None = None

    # ------------------------------------------------------------------------------------------
    # What clients see

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def match_seed(self) -> int:
        """This match's seed: the table's for the first, one derived from it for each rematch."""
        if self.match <= 0:
            return self.seed
        return make_rng(f"samrap-offline:{self.seed}:match:{self.match}").getrandbits(SEED_BITS)

    def to_move(self) -> int | None:
        if self.status != "playing" or self.state is None:
            return None
        q = int(self.game.current_player(self.state))
        return q if q >= 0 else None

    def _moves(self) -> tuple[list[Any], list[str]]:
        """The legal moves and their texts now (cached per version: bots and views share them)."""
        if self._legal is None or self._legal[0] != self.version:
            moves = list(self.game.legal_moves(self.state)) if self.to_move() is not None else []
            self._legal = (self.version, moves, [self.game.action_text(a) for a in moves])
        return self._legal[1], self._legal[2]

    def info(self) -> dict[str, Any]:
        """The protocol's ``TableInfo``."""
        playing = self.status == "playing" and self.commitment is not None
        return {
            "code": self.code,
            "link": f"#/t/{self.code}",
            "game": self.spec.name,
            "config": self.spec.config_string(self.config),
            "title": self.spec.title,
            "status": self.status,
            "version": self.version,
            "settings": dict(self.settings),
            "seats": [
                {
                    "seat": q,
                    "kind": s.kind,
                    "name": s.name,
                    "level": s.level,
                    "connected": True,
                    "standin": False,
                    "rated_player": False,
                }
                for q, s in enumerate(self.seats)
            ],
            "match": self.match + 1,
            "game_index": len(self.games),
            "totals": list(self.totals),
            "commitment": self.commitment.sha256 if playing and self.commitment is not None else None,
            "archived": list(self.records),
            "spectators": 0,
            "public": False,
            "host_seat": self.human_seat(),
            "offline": True,
        }

    def human_seat(self) -> int | None:
        return next((q for q, s in enumerate(self.seats) if s.kind == "human"), None)

    def view(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """The protocol's ``ViewMsg`` for ``seat`` with the public events after version ``since``."""
        body: dict[str, Any] = {"t": "view", "v": self.version}
        if seat is not None:
            body["seat"] = seat
        body["game"] = self.setup.index if self.setup is not None else 0
        if self.state is not None:
            view = self.game.observe(self.state, seat if seat is not None else 0)
            if seat is None:
                view = replace(view, seat=-1, hand=0, **({"staging": ()} if hasattr(view, "staging") else {}))
            body["view"] = str(view.to_string())
        mover = self.to_move()
        body["legal"] = self._moves()[1] if seat is not None and seat == mover else []
        if mover is not None:
            body["to_move"] = mover
        body["truncated"] = False
        body["events"] = [e for e in self.events if e["v"] > since]
        return body

    def welcome(self, seat: int | None) -> dict[str, Any]:
        return {"t": "welcome", "protocol": 1, "table": self.code, "seat": seat, "v": self.version}

    # ------------------------------------------------------------------------------------------
    # Changes

    def _bump(self) -> int:
        self.version += 1
        return self.version

    def start(self) -> None:
        """Deal the first game of a match (``start`` in the lobby, ``rematch`` when finished)."""
        if self.status == "playing":
            raise LocalError("bad_state", "the match has started")
        self.match += 1
        self.totals = (0,) * self.players
        self.games = []
        self.commitments = []
        self._deals = deal_rng(self.match_seed)
        self._rngs = seat_rngs(self.match_seed, self.players)
        self._deal(0, -1, 1)

    def _deal(self, index: int, starter: int, direction: int) -> None:
        game_seed = self._deals.getrandbits(SEED_BITS)
        if index == 0:
            starter = int(self.spec.first_starter(self.game, game_seed))
        deck = tuple(int(c) for c in self.game.deal_order(game_seed))
        salt = f"{make_rng(f'samrap-offline:{self.match_seed}:salt:{index}').getrandbits(128):032x}"
        self.setup = GameSetup(index, deck, starter, direction, self.totals, game_seed)
        self.deck = deck
        self.commitment = commit(self.spec, self.config, deck, salt)
        self.state = self.spec.start_game(self.game, self.setup)
        self.actions = []
        self.status = "playing"
        v = self._bump()
        self.events.append(
            _event(
                v=v,
                kind="deal",
                match=self.match,
                game=index,
                commitment=self.commitment.sha256,
                starter=starter,
                direction=direction,
            )
        )

    def act(self, seat: int, version: int, text: str, by: str = "player") -> None:
        """``seat`` plays ``text`` at table ``version`` (the server's checks, in its order).

        Raises:
            LocalError: ``not_playing``, ``stale_version``, ``not_your_turn``, ``malformed`` or
                ``illegal_action`` (with the rule).
        """
        if self.status != "playing" or self.state is None:
            raise LocalError("not_playing", "no game is in progress")
        if version != self.version:
            raise LocalError("stale_version", f"the table is at version {self.version}, not {version}")
        mover = self.to_move()
        if mover != seat:
            raise LocalError("not_your_turn", f"seat {mover} is to move, not seat {seat}")
        try:
            action = self.game.parse_action(text)
        except InvalidNotationError as e:
            raise LocalError("malformed", str(e)) from None
        try:
            after = self.game.apply(self.state, action, seat)
        except IllegalActionError as e:
            raise LocalError("illegal_action", e.reason, e.rule) from None
        self._played(seat, after, self.game.action_text(action), by)

    def _played(self, seat: int, after: object, text: str, by: str) -> None:
        self.state = after
        self.actions.append((seat, text))
        v = self._bump()
        self.events.append(_event(v=v, kind="act", seat=seat, action=text, by=by))
        if self.game.is_terminal(after):
            self._finish_game(v)

    def bot_to_move(self) -> bool:
        """Whether the seat to move is a bot's (the worker then calls :meth:`bot_step`)."""
        q = self.to_move()
        return q is not None and self.bots[q] is not None

    def bot_step(self) -> str | None:
        """The bot to move makes its move (chosen from its view and the legal moves only, with its
        seat's generator, as in ``run_match``); its text, or ``None`` when no bot is to move."""
        q = self.to_move()
        if q is None:
            return None
        bot = self.bots[q]
        if bot is None:
            return None
        moves, texts = self._moves()
        view = self.game.observe(self.state, q) if not getattr(bot, "ignores_view", False) else None
        choice = bot.choose(view, moves, self._rngs[q])
        index = next((i for i, m in enumerate(moves) if m is choice), None)
        if index is None:  # not one of the listed objects: the checked path, as run_match
            after = self.game.apply(self.state, choice, q)
            text = self.game.action_text(choice)
        else:
            after = self.game.apply_unchecked(self.state, choice)
            text = texts[index]
        self._played(q, after, text, "bot")
        return text

    def _finish_game(self, v: int) -> None:
        assert self.setup is not None and self.commitment is not None
        final = self.state
        ledger = tuple(LedgerLine.of(i) for i in self.game.ledger(final))
        scores = tuple(int(x) for x in self.game.returns(final))
        s = self.setup
        self.games.append(GameResult(s.deck, s.starter, s.direction, tuple(self.actions), scores, ledger, s.seed))
        self.commitments.append(self.commitment)
        self.totals = tuple(a + b for a, b in zip(self.totals, scores, strict=True))
        self.events.append(
            _event(
                v=v,
                kind="game_over",
                game=s.index,
                scores=list(scores),
                totals=list(self.totals),
                ledger=[{"seat": i.seat, "item": i.code, "points": i.points, "detail": i.detail} for i in ledger],
            )
        )
        if self.spec.is_match_over(self.config, self.totals, len(self.games)):
            winners = [int(q) for q in self.spec.match_winners(self.config, self.totals)]
            archive_id = f"{self.code}-{self.match + 1}"
            self.records[archive_id] = self.record_text(winners)
            self.status = "finished"
            self.commitment = None
            self.events.append(
                _event(v=v, kind="match_over", totals=list(self.totals), winners=winners, record=archive_id)
            )
            return
        starter, direction = self.spec.next_game(final)
        self._deal(len(self.games), int(starter), int(direction))

    def record_text(self, winners: Sequence[int]) -> str:
        """The finished match as the server's record JSON (``docs/records.md``)."""
        result = MatchResult(
            game=self.spec.name,
            config=self.spec.config_string(self.config),
            players=tuple(s.name for s in self.seats),
            seed=self.match_seed,
            games=tuple(self.games),
            totals=self.totals,
            winners=tuple(winners),
            complete=True,
        )
        return dumps_record(make_record(result, commitments=tuple(self.commitments), metadata={"offline": True}))

    # ------------------------------------------------------------------------------------------
    # Keeping a table across reloads (the page stores this in IndexedDB)

    def log(self) -> dict[str, Any]:
        """What rebuilds this table: the request, the seed, the matches started and every action
        of the current match (bots' included, so a restore needs no bot to think again)."""
        played = [[q, a] for g in self.games for q, a in g.actions] + [[q, a] for q, a in self.actions]
        return {
            "code": self.code,
            "request": self.request,
            "seed": self.seed,
            "match": self.match,
            "status": self.status,
            "actions": played if self.status != "finished" else [],
            "records": self.records,
        }


def restore(log: Mapping[str, Any]) -> LocalTable:
    """Rebuild a table from :meth:`LocalTable.log` (its current match replayed move by move).

    The bots' generators are not where they were (they did not choose the replayed moves), so a
    restored match plays on under the same rules but is no longer the seed's ``run_match`` match.
    """
    table = LocalTable(str(log["code"]), log["request"], int(log["seed"]))
    table.records = {str(k): str(v) for k, v in dict(log.get("records") or {}).items()}
    match = int(log.get("match", -1))
    if match < 0:
        return table
    table.match = match - 1
    table.start()
    for seat, text in log.get("actions") or []:
        if table.status != "playing":
            break
        table.act(int(seat), table.version, str(text), by="player" if table.bots[int(seat)] is None else "bot")
    if log.get("status") == "finished" and table.status == "playing" and not log.get("actions"):
        table.status, table.state, table.commitment = "finished", None, None
    return table


def dumps(obj: Any) -> str:
    """JSON as the server writes it (Thai kept as is, compact)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
