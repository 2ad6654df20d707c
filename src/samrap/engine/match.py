"""The match runner: games until the match ends, with each game's start decided by the rules.

A match is fully determined by its config, its seed and its players. From the seed come two
independent streams: one gives each game's deck seed (hence its deck order) and the first
starter; the other gives each seat its own generator for its choices. A seat's choices never
disturb the deal, so swapping one seat's player leaves every deck order unchanged.
(:func:`single_games`, for simulation, plays many one-game matches, keeping the first one's seat
generators for the whole run.)

Who starts each later game and in which direction comes from the game's own match rules
(``GameSpec.next_game``: for Dummy the knocker starts, with no knock the next seat starts, and a
โง่ reverses the direction; rules 7, 8, 38), as does the end of the match (rule 39).

The result holds everything a record needs: every game's deck order, starter, direction, the
actions as (seat, action text), the scores with their ledgers, the totals and the winners.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from operator import add
from random import Random

from samrap.core.errors import IllegalActionError
from samrap.core.rng import make_rng, reseed
from samrap.engine.lazytuple import LazyTuple
from samrap.engine.ledger import LedgerLine, LedgerLines, ledger_scores
from samrap.engine.protocol import AnyAgent, ConfigLike
from samrap.engine.registry import AnyGame, GameSetup, GameSpec

#: Deck seeds have 48 bits: plenty of distinct deals, and exact as JSON numbers in any language
#: (JavaScript loses integers past 2**53), so records stay portable.
SEED_BITS = 48

#: How often a correctable player (a person) may choose an illegal action before the runner gives up.
MAX_REJECTIONS = 1000


class ActionTexts(LazyTuple[tuple[int, str]]):
    """A game's actions as ``(seat, action text)``, the texts made when first read.

    The match runner keeps the action objects it applied and hands this sequence out; a record,
    a replay or a person reading it turns them into text once, while a simulation that only
    counts actions never does. It equals any sequence of the same pairs (a tuple read from a
    record included) and travels to other processes as a plain tuple.
    """

    __slots__ = ("_items", "_moves", "_seats", "_text")

    def __init__(self, seats: Sequence[int], moves: Sequence[object], text: Callable[[object], str]) -> None:
        self._seats: Sequence[int] | None = seats
        self._moves: Sequence[object] | None = moves
        self._text = text
        self._items: tuple[tuple[int, str], ...] | None = None

    def _all(self) -> tuple[tuple[int, str], ...]:
        if self._items is None:
            assert self._seats is not None and self._moves is not None
            self._items = tuple(zip(self._seats, map(self._text, self._moves), strict=True))
            self._seats = self._moves = None
        return self._items

    def __len__(self) -> int:
        return len(self._seats) if self._items is None and self._seats is not None else len(self._all())


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: how it was dealt, what was played, what it scored.

    ``deck`` is the dealt order (card ids of the game); ``actions`` are ``(seat, action text)``
    (a tuple, or :class:`ActionTexts` from the match runner, which equals it); ``ledger`` is a
    tuple of lines, or :class:`LedgerLines` from the match runner, which equals it;
    ``seed`` is the deck seed when the deal came from one (``None`` for a deal typed in by hand).
    """

    deck: tuple[int, ...]
    starter: int
    direction: int
    actions: Sequence[tuple[int, str]]
    scores: tuple[int, ...]
    ledger: Sequence[LedgerLine]
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match: its game and config, seat names, seed, games, totals and winners.

    ``complete`` is false when the runner stopped before the match ended (``max_games``, or a
    player quit); ``winners`` is then empty.
    """

    game: str
    config: str
    players: tuple[str, ...]
    seed: int | None
    games: tuple[GameResult, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    complete: bool


#: The results' slots, written directly by :func:`_game_result` and :func:`_match_result`.
_G_DECK, _G_STARTER, _G_DIRECTION, _G_ACTIONS, _G_SCORES, _G_LEDGER, _G_SEED = (
    getattr(GameResult, f).__set__ for f in ("deck", "starter", "direction", "actions", "scores", "ledger", "seed")
)
_M_GAME, _M_CONFIG, _M_PLAYERS, _M_SEED, _M_GAMES, _M_TOTALS, _M_WINNERS, _M_COMPLETE = (
    getattr(MatchResult, f).__set__
    for f in ("game", "config", "players", "seed", "games", "totals", "winners", "complete")
)


def _game_result(
    deck: tuple[int, ...],
    starter: int,
    direction: int,
    actions: Sequence[tuple[int, str]],
    scores: tuple[int, ...],
    ledger: Sequence[LedgerLine],
    seed: int | None,
) -> GameResult:
    """``GameResult(deck, starter, direction, actions, scores, ledger, seed)``, equal to it,
    written through its slots as :func:`ledger_lines` writes lines: the frozen ``__init__``
    costs about 1.4 us, this 0.6 us, and ``samrap simulate`` makes one a game, and a match."""
    result = object.__new__(GameResult)
    _G_DECK(result, deck)
    _G_STARTER(result, starter)
    _G_DIRECTION(result, direction)
    _G_ACTIONS(result, actions)
    _G_SCORES(result, scores)
    _G_LEDGER(result, ledger)
    _G_SEED(result, seed)
    return result


def _match_result(
    game: str,
    config: str,
    players: tuple[str, ...],
    seed: int | None,
    games: tuple[GameResult, ...],
    totals: tuple[int, ...],
    winners: tuple[int, ...],
    complete: bool,
) -> MatchResult:
    """``MatchResult(game, config, ..., complete)``, equal to it (as :func:`_game_result`)."""
    result = object.__new__(MatchResult)
    _M_GAME(result, game)
    _M_CONFIG(result, config)
    _M_PLAYERS(result, players)
    _M_SEED(result, seed)
    _M_GAMES(result, games)
    _M_TOTALS(result, totals)
    _M_WINNERS(result, winners)
    _M_COMPLETE(result, complete)
    return result


class MatchObserver:
    """Hooks the runner calls as a match unfolds; the defaults do nothing.

    The CLI uses them to show other seats' moves and each game's ledger. They receive public
    information only (setups, action texts, finished games), never a state.
    """

    def game_started(self, index: int, setup: GameSetup) -> None:
        """Game ``index`` (0-based) is about to be dealt."""

    def action_played(self, index: int, number: int, seat: int, text: str) -> None:
        """Action ``number`` (0-based) of game ``index`` was played by ``seat``."""

    def game_finished(self, index: int, result: GameResult, totals: tuple[int, ...]) -> None:
        """Game ``index`` ended; ``totals`` are the match totals including it."""


def seat_rngs(seed: int, players: int) -> list[Random]:
    """One generator per seat for its choices, independent of the deal stream."""
    return [make_rng(f"samrap-match:{seed}:seat:{q}") for q in range(players)]


def deal_rng(seed: int, into: Random | None = None) -> Random:
    """The generator of the deck seeds of a match's games: a new one, or ``into`` (a plain
    ``Random``) reseeded to be it (:func:`single_games` seeds one a game)."""
    text = f"samrap-match:{seed}:deal"
    return make_rng(text) if into is None else reseed(into, text)


def play_game(
    spec: GameSpec,
    game: AnyGame,
    setup: GameSetup,
    players: Sequence[AnyAgent],
    rngs: Sequence[Random],
    observer: MatchObserver | None = None,
) -> tuple[object, ActionTexts]:
    """Play one game from ``setup`` to the end; the final state and the (seat, action text) list.

    A player chooses among the game's legal *moves* (``legal_moves``: a Contract go-down whole,
    rule 22, as records write it), never its decision steps (``legal_actions``, where Contract
    chooses a go-down a meld at a time): the records, the bots' choices under a seed and the
    texts people type stay those of the rules.

    Every move is checked. A player's choice that *is* one of the listed legal moves (the
    same object: what ``choose`` is asked to return) is legal by definition, so it is applied
    with the game's ``apply_unchecked`` (the checked ``apply`` would repeat the rules' look-ahead);
    any other choice goes through the checked ``apply``: a bot's bug surfaces as an
    :class:`IllegalActionError` naming the rule, and a person's mistake is reported back to them
    (``rejected``) before they are asked again. Both give the same state for a legal action.

    Nothing is built that nobody reads: a seat's view only for a player that reads views (see
    :func:`needs_view`), and the action texts when the result's actions are first read
    (:class:`ActionTexts`), or one by one for an observer. Random players thus play at close to
    the rules engine's own speed (``bench/tools_speed.py``).

    Raises:
        IllegalActionError: a player that cannot be corrected chose an illegal action.
        RuntimeError: the game ran past ``spec.max_game_length`` (a rules bug).
    """
    bits = None if observer is not None else seat_draws(players, rngs)
    return _play_game(spec, game, setup, players, rngs, observer, bits)


def seat_draws(players: Sequence[AnyAgent], rngs: Sequence[Random]) -> list[Callable[[int], int]] | None:
    """Each seat's ``getrandbits`` when the runner may draw every seat's choice itself (every
    player draws uniformly, every generator is a plain ``Random``), else ``None``. Asked once a
    match, or once a run by :func:`single_games` (about 1 us each time, which a game need not pay)."""
    if all(map(draws_uniformly, players)) and all(type(r) is Random for r in rngs):
        return [r.getrandbits for r in rngs]
    return None


def _play_game(
    spec: GameSpec,
    game: AnyGame,
    setup: GameSetup,
    players: Sequence[AnyAgent],
    rngs: Sequence[Random],
    observer: MatchObserver | None,
    bits: list[Callable[[int], int]] | None,
) -> tuple[object, ActionTexts]:
    """:func:`play_game`, the seats' draws given (:func:`seat_draws`; ``None``: ask ``choose``)."""
    state = spec.start_game(game, setup)
    limit = spec.max_game_length(game.config)
    current_player, legal_moves = game.current_player, game.legal_moves
    unchecked = game.apply_unchecked
    seats: list[int] = []
    moves: list[object] = []
    add_seat, add_move = seats.append, moves.append
    seat = current_player(state)
    if bits is not None:
        # Every seat's choice is ``rng.choice(legal)`` (random players): the runner draws it from
        # the seat's generator itself, the same action as ``choose`` would give, and an action
        # drawn from the list is legal by definition; no ``choose`` frame, no check, no view.
        # The draw is ``Random.choice`` written out (its ``_randbelow``: ``getrandbits`` of the
        # length's bit length until below it), the same calls in the same order, as
        # ``core.rng.shuffled`` does; without its two Python frames a Dummy action costs about
        # 1,400 fewer instructions (docs/performance.md, 2026-12-07). A subclass of ``Random``
        # may draw otherwise, so its seats take the general loop below, which asks ``choose``.
        for _ in range(limit):
            if seat < 0:
                break
            legal = legal_moves(state)
            n = len(legal)
            k = n.bit_length()
            getrandbits = bits[seat]
            j = getrandbits(k)
            while j >= n:
                if not n:
                    raise IndexError("Cannot choose from an empty sequence")
                j = getrandbits(k)
            action = legal[j]
            state = unchecked(state, action)
            add_seat(seat)
            add_move(action)
            seat = current_player(state)
        limit = 0  # the general loop below only checks how the game ended
    observe = game.observe
    views: Sequence[bool] = [needs_view(p) for p in players] if limit else ()
    chooses: Sequence[Callable[..., object]] = [p.choose for p in players] if limit else ()
    for _ in range(limit):
        if seat < 0:  # the protocol's marker of a finished game
            break
        legal = legal_moves(state)
        view = observe(state, seat) if views[seat] else None
        action = chooses[seat](view, legal, rngs[seat])
        for listed in legal:  # a plain loop: a third of any(map(is_, ...))'s cost on lists of ~5
            if listed is action:
                state = unchecked(state, action)
                break
        else:
            state, action = _apply_checked(game, state, action, seat, players[seat], view, legal, rngs[seat])
        add_seat(seat)
        add_move(action)
        if observer is not None:
            observer.action_played(setup.index, len(moves) - 1, seat, game.action_text(action))
        seat = current_player(state)
    if seat >= 0:
        raise RuntimeError(f"game {setup.index + 1} ran past {len(moves)} actions: a rules bug")
    if not game.is_terminal(state):
        raise RuntimeError(f"game {setup.index + 1}: no seat to move in a game that is not over (a rules bug)")
    return state, ActionTexts(seats, moves, game.action_text)


def draws_uniformly(player: object) -> bool:
    """Whether ``player``'s choice is exactly ``rng.choice(legal)`` (it says so with a true
    ``draws_uniformly`` attribute, as the random player does), so the runner may draw it itself."""
    return bool(getattr(player, "draws_uniformly", False))


def needs_view(player: object) -> bool:
    """Whether ``player`` reads the view it is given; a player says it does not with a true
    ``ignores_view`` attribute (the random player), and is then handed ``None``."""
    return not getattr(player, "ignores_view", False)


def _apply_checked(
    game: AnyGame,
    state: object,
    action: object,
    seat: int,
    player: AnyAgent,
    view: object,
    legal: Sequence[object],
    rng: Random,
) -> tuple[object, object]:
    """The checked ``apply`` of a choice that is not one of the listed objects; a correctable
    player is told the rule and asked again. The new state and the action that was applied."""
    for attempt in range(MAX_REJECTIONS):
        if attempt:
            action = player.choose(view, legal, rng)
        try:
            return game.apply(state, action, seat), action
        except IllegalActionError as e:
            rejected = getattr(player, "rejected", None)
            if not callable(rejected):
                raise
            rejected(action, e)
    raise RuntimeError(f"seat {seat} chose {MAX_REJECTIONS} illegal actions in a row")


def run_match(
    spec: GameSpec,
    config: ConfigLike,
    players: Sequence[AnyAgent],
    seed: int,
    *,
    max_games: int | None = None,
    observer: MatchObserver | None = None,
) -> MatchResult:
    """Play a match of ``spec`` under ``config`` with ``players[q]`` in seat ``q``.

    Deterministic: the same spec, config, seed and players (making the same choices from the
    same generators) give the same result. ``max_games`` stops early (``complete`` false).

    Raises:
        ValueError: the number of players does not match the config.
    """
    game = _game_for(spec, config, players)
    rngs = seat_rngs(seed, game.players)
    bits = None if observer is not None else seat_draws(players, rngs)
    return _play_match(spec, config, game, players, seed, rngs, bits, max_games, observer)


def _game_for(spec: GameSpec, config: ConfigLike, players: Sequence[AnyAgent]) -> AnyGame:
    """The game of ``config``, checked to seat ``players``."""
    game = spec.make_game(config)
    if len(players) != game.players:
        raise ValueError(f"{spec.config_string(config)} has {game.players} seats, {len(players)} players given")
    return game


def _play_match(
    spec: GameSpec,
    config: ConfigLike,
    game: AnyGame,
    players: Sequence[AnyAgent],
    seed: int,
    rngs: Sequence[Random],
    bits: list[Callable[[int], int]] | None,
    max_games: int | None,
    observer: MatchObserver | None,
    config_text: str | None = None,
    names: tuple[str, ...] | None = None,
    deals_into: Random | None = None,
) -> MatchResult:
    """:func:`run_match`'s match with the seats' generators and draws given (:func:`single_games`
    keeps one generator per seat for a whole run, and works out the draws (:func:`seat_draws`),
    the config string and the names once, and reseeds one deal generator, ``deals_into``)."""
    n = game.players
    deals = deal_rng(seed, deals_into)
    totals = (0,) * n
    results: list[GameResult] = []
    starter, direction = -1, 1
    complete = False
    while max_games is None or len(results) < max_games:
        index = len(results)
        game_seed = deals.getrandbits(SEED_BITS)
        if index == 0:
            starter = spec.first_starter(game, game_seed)
        setup = GameSetup(index, game.deal_order(game_seed), starter, direction, totals, game_seed)
        if observer is not None:
            observer.game_started(index, setup)
        final, actions = _play_game(spec, game, setup, players, rngs, observer, bits)
        items = game.ledger(final)
        ledger = LedgerLines(items)
        scores = ledger_scores(items, n)
        totals = tuple(map(add, totals, scores))  # one score a seat, as the totals
        result = _game_result(setup.deck, setup.starter, setup.direction, actions, scores, ledger, game_seed)
        results.append(result)
        if observer is not None:
            observer.game_finished(index, result, totals)
        if spec.is_match_over(config, totals, len(results)):
            complete = True
            break
        if len(results) == max_games:  # no next game to start (Contract's next deal costs ~50 us)
            break
        starter, direction = spec.next_game(final)
    return _match_result(
        spec.name,
        spec.config_string(config) if config_text is None else config_text,
        tuple(p.name for p in players) if names is None else names,
        seed,
        tuple(results),
        totals,
        spec.match_winners(config, totals) if complete else (),
        complete,
    )


def single_games(
    spec: GameSpec,
    config: ConfigLike,
    players: Sequence[AnyAgent],
    seed: int,
    count: int,
) -> Iterator[MatchResult]:
    """``count`` independent games, each the first game of its own seeded match (for simulation).

    Game ``k``'s deal is the first deal of the ``k``-th match seed drawn from ``seed`` (the seed
    its record gives, from which its deck seed and starter derive as in any match), so its
    starter is a seeded random seat and it is played clockwise from zero scores. The seats'
    choices come from the first match's seat generators, kept for the whole run as they are
    over the games of one match, rather than from new seat generators for every game (each
    Mersenne Twister seeding costs about 42,000 instructions, four of them about 4 % of a random
    Dummy game; ``docs/performance.md``, issue 16.4). So the whole sequence repeats for a seed,
    the deals never depend on the seats, every game replays from its record, and the first game
    is exactly ``run_match(its record's seed, max_games=1)``; a later game's play depends on the
    games before it in the run (``run_match`` of its seed deals the same cards, not the same play).

    Raises:
        ValueError: the number of players does not match the config.
    """
    game = _game_for(spec, config, players)
    seeds = make_rng(f"samrap-games:{seed}")
    text, names = spec.config_string(config), tuple(p.name for p in players)
    rngs: list[Random] = []
    bits: list[Callable[[int], int]] | None = None
    deals = make_rng(0)  # reseeded as each game's deal generator (deal_rng)
    for _ in range(count):
        match_seed = seeds.getrandbits(SEED_BITS)
        if not rngs:
            rngs = seat_rngs(match_seed, game.players)
            bits = seat_draws(players, rngs)
        yield _play_match(spec, config, game, players, match_seed, rngs, bits, 1, None, text, names, deals)
