"""The authoritative table: seats, the match in play, and the full game state. No I/O.

A :class:`Table` changes only through :meth:`Table.apply`, one log event at a time
(``samrap.server.events``). Requests are first *planned*: ``plan_*`` checks a request against the
current table and returns the events it would append, raising :class:`TableError` (with an
:class:`ErrorCode`) and changing nothing when it is refused. The runtime commits the planned
events to the database, then applies them, then broadcasts. Restoring a table after a restart
applies the same events from the log, so live play and recovery cannot disagree.

The full state never leaves this module except through :meth:`Table.view` (the game's own
``observe``) and the public :class:`samrap.server.messages.Event` list that :meth:`apply` returns.
"""

from __future__ import annotations

import hmac
import json
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from samrap.core.errors import ConfigError, IllegalActionError, InvalidNotationError
from samrap.core.rng import make_rng
from samrap.engine.fairness import Commitment, commit, new_salt
from samrap.engine.ledger import LedgerLine
from samrap.engine.match import SEED_BITS, GameResult, MatchResult
from samrap.engine.protocol import ConfigLike
from samrap.engine.registry import AnyGame, GameSetup, GameSpec, configure, get_spec
from samrap.engine.rulebooks import rule_text
from samrap.server.events import (
    Acted,
    AnyEvent,
    BotSeated,
    Created,
    DailySetup,
    Dealt,
    Joined,
    Left,
    SeatSpec,
    Visibility,
)
from samrap.server.messages import AvatarId, BotLevel, CreateTableRequest, ErrorCode, Event, RuleWords, TableSettings

#: Public events kept per table for clients that reconnect with an older version.
EVENT_TAIL = 512


def event_text(event: Event) -> str:
    """One public event as the compact JSON a view carries (null fields left out).

    Why the tail keeps these strings and not the models: a model instance with its 17 fields is
    about 1.3 KB, its JSON about 60 bytes; 512 of them per table made the tail most of a busy
    table's memory (``bench/server_soak.py``), and a broadcast sends the same text anyway.
    """
    return json.dumps(event.model_dump(exclude_none=True), ensure_ascii=False, separators=(",", ":"))


Status = Literal["lobby", "playing", "finished"]


class TableError(Exception):
    """A refused request: its :class:`ErrorCode`, a message for people and, for illegal actions, the rule."""

    def __init__(
        self, code: ErrorCode, message: str, rule: int | str | None = None, rule_text: RuleWords | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.rule_text = rule_text


def rule_words(game: AnyGame, rule: int | str | None) -> RuleWords | None:
    """The text of ``rule`` in both languages from ``game``'s rule book (its own preset and options).

    None when the error names no rule or the rule book has no such entry: the client then shows the
    number with the engine's reason, as before.
    """
    if rule is None:
        return None
    th, en = rule_text(game, rule, "th"), rule_text(game, rule, "en")
    return RuleWords(th=th, en=en) if th and en else None


@dataclass(slots=True)
class Seat:
    kind: Literal["open", "human", "bot"]
    name: str = ""
    level: BotLevel | None = None
    token_hash: str | None = None
    player_id: str | None = None
    #: The table version at which this person sat down (host rights pass to the longest seated).
    since: int = 0
    #: The person's drawn avatar id, if they picked one.
    avatar: AvatarId | None = None


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A match that just ended: what the archive stores and the ratings use."""

    archive_id: str
    match: int
    result: MatchResult
    commitments: tuple[Commitment, ...]
    player_ids: tuple[str | None, ...]
    rated: bool
    #: Seats whose person dropped out and a stand-in bot played on (issue 12.7), and whether
    #: stand-ins held every person's seat at the end (the match was finished by bots).
    stand_ins: tuple[int, ...] = ()
    finished_by_stand_ins: bool = False
    #: A daily-deal table's deal and whose result this is (``samrap.server.daily``).
    daily: DailySetup | None = None


def plan_create(request: CreateTableRequest, host_hash: str, spectator_key: str | None = None) -> Created:
    """Resolve a create request into the table's first event.

    Raises:
        TableError: ``bad_config`` for an unknown game or preset, an invalid config, or seats and
            settings that contradict each other (a rated table with bots).
    """
    players = len(request.seats) if request.seats is not None else None
    try:
        spec, config = configure(request.game, preset=request.preset, options=request.config, players=players)
        n = spec.make_game(config).players
    except ConfigError as e:
        raise TableError(ErrorCode.BAD_CONFIG, str(e)) from None
    seats = [SeatSpec(kind="open")] * n
    if request.seats is not None:
        seats = [
            SeatSpec(kind="bot", level=s.level) if s.kind == "bot" else SeatSpec(kind="open") for s in request.seats
        ]
    if request.settings.rated and any(s.kind == "bot" for s in seats):
        raise TableError(ErrorCode.BAD_CONFIG, "a rated table has no bot seats (bot games are kept apart)")
    if all(s.kind == "bot" for s in seats) and request.host_name is not None:
        raise TableError(ErrorCode.BAD_CONFIG, "every seat is a bot: there is no seat for the host")
    return Created(
        game=spec.name,
        config=spec.config_string(config),
        seats=seats,
        settings=request.settings,
        host_hash=host_hash,
        public=request.public,
        spectator_key=spectator_key,
    )


@dataclass(slots=True)
class Table:
    """One table, rebuilt from its log. See the module docstring for the plan/apply split."""

    code: str
    created: Created
    spec: GameSpec = field(init=False)
    config: ConfigLike = field(init=False)
    game: AnyGame = field(init=False)
    seats: list[Seat] = field(init=False)
    version: int = 1
    status: Status = "lobby"
    match: int = -1
    deal: Dealt | None = None
    commitment: Commitment | None = None
    deck: tuple[int, ...] = ()
    #: The game's own state (``DummyState``, ``ContractState``), moved only between its methods.
    state: object = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    games: list[GameResult] = field(default_factory=list)
    commitments: list[Commitment] = field(default_factory=list)
    totals: tuple[int, ...] = ()
    archived: list[str] = field(default_factory=list)
    finished: FinishedMatch | None = None
    #: The last public events as (version, JSON text) (see :func:`event_text`).
    tail: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=EVENT_TAIL))
    public: bool = False
    #: Every (version, public) the visibility took, from creation on: whose chat history a viewer
    #: may read depends on when the table last went public (``chat.history_floor``).
    visibility_log: list[tuple[int, bool]] = field(default_factory=list)
    #: The creator's seat while they hold it (``Joined.host``); ``None`` once they left.
    creator_seat: int | None = None
    #: This match's seats a stand-in played for, and per seat whether its last move was a stand-in's.
    stand_ins: set[int] = field(default_factory=set)
    last_by_stand_in: dict[int, bool] = field(default_factory=dict)
    _legal_cache: tuple[int, list[str]] | None = None
    _planned: tuple[int, int, str, Any] | None = None

    def __post_init__(self) -> None:
        self.spec = get_spec(self.created.game)
        self.config = self.spec.parse_config(self.created.config, self.spec.default_config)
        self.game = self.spec.make_game(self.config)
        self.seats = [
            Seat("bot", f"bot:{s.level}", s.level) if s.kind == "bot" else Seat("open") for s in self.created.seats
        ]
        self.totals = (0,) * len(self.seats)
        self.public = self.created.public
        self.visibility_log.append((1, self.public))
        self.tail.append((1, event_text(Event(v=1, kind="created"))))

    # -----------------------------------------------------------------------------------------
    # Queries

    @property
    def settings(self) -> TableSettings:
        return self.created.settings

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_move(self) -> int | None:
        """The seat whose decision the game waits for, or ``None`` outside play."""
        if self.status != "playing" or self.state is None:
            return None
        q = int(self.game.current_player(self.state))
        return q if q >= 0 else None

    def legal_texts(self) -> list[str]:
        """The legal move texts of the seat to move (cached per version: bots and views share it).

        Moves (``legal_moves``: a Contract go-down whole, rule 22), not the game's decision steps:
        what people type and records write, and what the web client matches its choices against.
        """
        if self.to_move() is None:
            return []
        if self._legal_cache is None or self._legal_cache[0] != self.version:
            texts = [self.game.action_text(a) for a in self.game.legal_moves(self.state)]
            self._legal_cache = (self.version, texts)
        return self._legal_cache[1]

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know now (``None``: a spectator, who sees no hand until hands are shown).

        The spectator's view is the game's own observation of seat 0 with that seat's hand
        removed and no seat named, so it carries exactly the public part of every view.
        """
        if self.state is None:
            return None
        if seat is not None:
            return self.game.observe(self.state, seat)
        return spectator_view(self.game.observe(self.state, 0))

    def human_seats(self) -> list[int]:
        return [q for q, s in enumerate(self.seats) if s.kind == "human"]

    def host_seat(self, away: set[int] | frozenset[int] = frozenset()) -> int | None:
        """The seat holding host rights: the creator's while they sit and are not ``away`` (a
        stand-in plays for them), else the longest-seated person present, else the longest seated.

        Why not the host token alone: the web app gives the host a seat, and a guest who joins an
        open table must not be able to fill it with bots and start it.
        """
        if self.creator_seat is not None and self.creator_seat not in away:
            return self.creator_seat
        humans = sorted(self.human_seats(), key=lambda q: (self.seats[q].since, q))
        present = [q for q in humans if q not in away]
        if present:
            return present[0]
        if self.creator_seat is not None:
            return self.creator_seat
        return humans[0] if humans else None

    def spectator_allowed(self, key: str | None) -> bool:
        """Whether a spectator holding ``key`` may watch (and read the chat): any at a public
        table, only the spectator key's holders at a private one."""
        if self.public:
            return True
        expected = self.created.spectator_key
        if key is None or expected is None:
            return False
        return hmac.compare_digest(key.encode("utf-8", "surrogatepass"), expected.encode())

    # -----------------------------------------------------------------------------------------
    # Planning: check a request, return the events it appends

    def plan_join(
        self,
        name: str,
        seat: int | None,
        token_hash: str,
        player_id: str | None,
        host: bool = False,
        avatar: AvatarId | None = None,
    ) -> Joined:
        if self.settings.rated and player_id is None:
            raise TableError(ErrorCode.UNAUTHORIZED, "a rated table needs a player identity (POST /api/players)")
        if seat is None:
            open_seats = [q for q, s in enumerate(self.seats) if s.kind == "open"]
            if not open_seats:
                raise TableError(ErrorCode.NO_SEAT, "no open seat left at this table")
            seat = open_seats[0]
        if not 0 <= seat < self.players:
            raise TableError(ErrorCode.NO_SEAT, f"this table has seats 0 to {self.players - 1}")
        if self.seats[seat].kind != "open":
            raise TableError(ErrorCode.SEAT_TAKEN, f"seat {seat} is taken")
        if player_id is not None and any(s.player_id == player_id for s in self.seats):
            raise TableError(ErrorCode.SEAT_TAKEN, "this player already sits at this table")
        return Joined(seat=seat, name=name, token_hash=token_hash, player_id=player_id, host=host, avatar=avatar)

    def plan_visibility(self, public: bool) -> list[Visibility]:
        """Make the table public or private; nothing to append when it already is."""
        return [] if public == self.public else [Visibility(public=public)]

    def plan_leave(self, seat: int) -> Left:
        if self.status == "playing":
            raise TableError(ErrorCode.BAD_STATE, "a seat cannot be left during a match (a stand-in plays it)")
        return Left(seat=seat)

    def plan_bots(self, level: BotLevel) -> list[BotSeated]:
        if self.settings.rated:
            raise TableError(ErrorCode.BAD_STATE, "bots do not sit at rated tables")
        if self.status == "playing":
            raise TableError(ErrorCode.BAD_STATE, "the match has started")
        events = [BotSeated(seat=q, level=level) for q, s in enumerate(self.seats) if s.kind == "open"]
        if not events:
            raise TableError(ErrorCode.NO_SEAT, "no open seat to fill")
        return events

    def plan_start(self) -> Dealt:
        if self.status != "lobby":
            raise TableError(ErrorCode.BAD_STATE, f"the table is {self.status}, not waiting to start")
        return self._plan_match()

    def plan_rematch(self) -> Dealt:
        if self.status != "finished":
            raise TableError(ErrorCode.BAD_STATE, "a rematch follows a finished match")
        return self._plan_match()

    def _plan_match(self) -> Dealt:
        empty = [q for q, s in enumerate(self.seats) if s.kind == "open"]
        if empty:
            raise TableError(ErrorCode.BAD_STATE, f"seats {empty} are empty: join them or fill them with bots")
        if self.settings.rated and any(s.player_id is None for s in self.seats):
            raise TableError(ErrorCode.BAD_STATE, "every seat of a rated table needs a player identity")
        daily = self.created.daily
        if daily is not None:  # the day's committed deal, once: a replay opens a new table
            if self.match >= 0:
                raise TableError(ErrorCode.BAD_STATE, "a daily deal is played once at its table")
            starter = int(self.spec.first_starter(self.game, daily.seed))
            return Dealt(match=0, game=0, seed=daily.seed, salt=daily.salt, starter=starter, direction=1)
        seed = _secret_seed()
        starter = int(self.spec.first_starter(self.game, seed))
        return Dealt(match=self.match + 1, game=0, seed=seed, salt=new_salt(), starter=starter, direction=1)

    def plan_act(self, seat: int, version: int, text: str, by: str = "player") -> list[AnyEvent]:
        """The events of ``seat`` playing ``text`` at ``version``: the act, and the next deal when
        the act ends a game of an unfinished match.

        Raises:
            TableError: ``not_playing``, ``stale_version``, ``not_your_turn``, ``malformed``
                (not an action text) or ``illegal_action`` (naming the rule).
        """
        if self.status != "playing" or self.state is None:
            raise TableError(ErrorCode.NOT_PLAYING, "no game is in progress")
        if version != self.version:
            raise TableError(ErrorCode.STALE, f"the table is at version {self.version}, not {version}")
        mover = self.to_move()
        if mover != seat:
            raise TableError(ErrorCode.NOT_YOUR_TURN, f"seat {mover} is to move, not seat {seat}")
        try:
            action = self.game.parse_action(text)
        except InvalidNotationError as e:
            raise TableError(ErrorCode.MALFORMED, str(e)) from None
        try:
            after = self.game.apply(self.state, action, seat)
        except IllegalActionError as e:
            raise TableError(ErrorCode.ILLEGAL, e.reason, e.rule, rule_words(self.game, e.rule)) from None
        canonical = self.game.action_text(action)
        self._planned = (self.version, seat, canonical, after)
        events: list[AnyEvent] = [Acted(seat=seat, action=canonical, by=by)]  # type: ignore[arg-type]
        if self.game.is_terminal(after):
            totals = _add(self.totals, self.game.returns(after))
            if self.created.daily is None and not self.spec.is_match_over(self.config, totals, len(self.games) + 1):
                starter, direction = self.spec.next_game(after)
                assert self.deal is not None
                events.append(
                    Dealt(
                        match=self.match,
                        game=len(self.games) + 1,
                        seed=_secret_seed(),
                        salt=new_salt(),
                        starter=starter,
                        direction=direction,
                    )
                )
        return events

    # -----------------------------------------------------------------------------------------
    # Applying

    def apply(self, event: AnyEvent) -> list[Event]:
        """Apply one logged event (live or on replay); returns the public events it makes."""
        self.version += 1
        v = self.version
        self.finished = None
        out: list[Event]
        match event:
            case Joined(seat=q, name=name, token_hash=h, player_id=pid, host=host, avatar=avatar):
                self.seats[q] = Seat("human", name, None, h, pid, v, avatar)
                if host:
                    self.creator_seat = q
                out = [Event(v=v, kind="joined", seat=q, name=name)]
            case Left(seat=q):
                self.seats[q] = Seat("open")
                if self.creator_seat == q:
                    self.creator_seat = None
                out = [Event(v=v, kind="left", seat=q)]
            case Visibility(public=public):
                self.public = public
                self.visibility_log.append((v, public))
                out = []
            case BotSeated(seat=q, level=level):
                self.seats[q] = Seat("bot", f"bot:{level}", level)
                out = [Event(v=v, kind="bot", seat=q, level=level)]
            case Dealt():
                out = [self._apply_deal(event, v)]
            case Acted():
                out = self._apply_act(event, v)
            case Created():
                raise ValueError("a table is created once, from its first event")
        self.tail.extend((e.v, event_text(e)) for e in out)
        return out

    def _apply_deal(self, e: Dealt, v: int) -> Event:
        if e.game == 0:
            self.match = e.match
            self.games = []
            self.commitments = []
            self.totals = (0,) * self.players
            self.stand_ins = set()
            self.last_by_stand_in = {}
        self.status = "playing"
        self.deal = e
        deck = tuple(int(c) for c in self.game.deal_order(e.seed))
        self.deck = deck
        self.commitment = commit(self.spec, self.config, deck, e.salt)
        setup = GameSetup(e.game, deck, e.starter, e.direction, self.totals, e.seed)
        self.state = self.spec.start_game(self.game, setup)
        self.actions = []
        return Event(
            v=v,
            kind="deal",
            match=e.match,
            game=e.game,
            commitment=self.commitment.sha256,
            starter=e.starter,
            direction=e.direction,
        )

    def _apply_act(self, e: Acted, v: int) -> list[Event]:
        planned = self._planned
        self._planned = None
        if planned is not None and planned[:3] == (v - 1, e.seat, e.action):
            after = planned[3]
        else:  # replaying the log: check the action again
            after = self.game.apply(self.state, self.game.parse_action(e.action), e.seat)
        self.state = after
        self.actions.append((e.seat, e.action))
        if e.by == "standin":
            self.stand_ins.add(e.seat)
        self.last_by_stand_in[e.seat] = e.by == "standin"
        out = [Event(v=v, kind="act", seat=e.seat, action=e.action, by=e.by)]
        if self.game.is_terminal(after):
            out.extend(self._finish_game(v))
        return out

    def _finish_game(self, v: int) -> list[Event]:
        assert self.deal is not None and self.commitment is not None
        final = self.state
        scores = tuple(int(x) for x in self.game.returns(final))
        ledger = tuple(LedgerLine.of(i) for i in self.game.ledger(final))
        d = self.deal
        self.games.append(GameResult(self.deck, d.starter, d.direction, tuple(self.actions), scores, ledger, d.seed))
        self.commitments.append(self.commitment)
        self.totals = _add(self.totals, scores)
        public_scores, public_ledger = self._public_score()
        out = [
            Event(
                v=v,
                kind="game_over",
                game=d.game,
                scores=public_scores,
                totals=list(self.totals),
                ledger=public_ledger,
            )
        ]
        over = self.spec.is_match_over(self.config, self.totals, len(self.games))
        if over or self.created.daily is not None:
            # A daily deal is one game: its record is an unfinished match (``complete`` false, no
            # winners, as ``samrap replay`` checks); the table shows the game's best seats.
            winners = tuple(int(q) for q in self.spec.match_winners(self.config, self.totals)) if over else ()
            shown = winners if over else _best_seats(self.spec.name, self.totals)
            archive_id = f"{self.code}-{self.match + 1}"
            result = MatchResult(
                game=self.spec.name,
                config=self.spec.config_string(self.config),
                players=tuple(s.name or f"seat {q}" for q, s in enumerate(self.seats)),
                seed=None,
                games=tuple(self.games),
                totals=self.totals,
                winners=winners,
                complete=over,
            )
            self.finished = FinishedMatch(
                archive_id,
                self.match,
                result,
                tuple(self.commitments),
                tuple(s.player_id for s in self.seats),
                self.settings.rated,
                tuple(sorted(self.stand_ins)),
                self._finished_by_stand_ins(),
                self.created.daily,
            )
            self.archived.append(archive_id)
            self.status = "finished"
            out.append(Event(v=v, kind="match_over", totals=list(self.totals), winners=list(shown), record=archive_id))
        return out

    def _finished_by_stand_ins(self) -> bool:
        """No person was seated at the end: every person's seat last moved by a stand-in."""
        people = [q for q, s in enumerate(self.seats) if s.kind == "human"]
        return bool(people) and all(self.last_by_stand_in.get(q, False) for q in people)

    def _public_score(self) -> tuple[list[int], list[dict[str, Any]]]:
        """The finished game's scores and ledger, computed from a *view*: at the end every hand is
        shown, so a determinization of the public view scores exactly as the real state does
        (``tests/server/test_leaks.py`` checks it on every game it plays)."""
        public = self.game.resample(self.view(None), make_rng(f"ledger:{self.code}:{self.version}"))
        ledger = [
            {"seat": i.seat, "item": i.code, "points": i.points, "detail": i.detail} for i in self.game.ledger(public)
        ]
        return [int(x) for x in self.game.returns(public)], ledger


def spectator_view(view: Any) -> Any:
    """A seat's view with its own hand removed and no seat named: what every seat knows.

    A Contract view also carries the melds of a go-down its seat has under way (``staging``,
    chosen a meld at a time and still in the hand, rule 22): private too, so cleared."""
    if hasattr(view, "staging"):
        return replace(view, seat=-1, hand=0, staging=())
    return replace(view, seat=-1, hand=0)


def _best_seats(game: str, totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the best score of one game (lowest in Contract, highest in Dummy: its spec)."""
    best = max(totals) if get_spec(game).higher_is_better else min(totals)
    return tuple(q for q, t in enumerate(totals) if t == best)


def _secret_seed() -> int:
    from secrets import randbits

    return randbits(SEED_BITS)


def _add(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(int(x) + int(y) for x, y in zip(a, b, strict=True))


def restore(code: str, events: Sequence[AnyEvent]) -> Table:
    """Rebuild a table from its whole log (seq 1 first)."""
    first = events[0]
    if not isinstance(first, Created):
        raise ValueError(f"table {code}: the log does not start with its creation")
    table = Table(code, first)
    for e in events[1:]:
        table.apply(e)
    table.finished = None
    return table
