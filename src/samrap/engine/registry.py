"""The registry: game names and config strings -> game objects, plus what the engine needs per game.

Everything game-specific that the engine, the records and the CLI use is gathered in one
:class:`GameSpec` per game, built by a *loader* function that imports the game package only when
the game is first asked for. Adding a game (Contract Rummy) is one more loader and one more line
in ``_LOADERS``, or :func:`register_game` from outside this module (``tests/games/tiny`` does so);
the modules above that still name a game are listed in docs/architecture.md, "Adding a game".

Text accepted by :func:`find_game` / :func:`resolve`::

    dummy                       the game's default preset
    dummy(players=3,target=50)  a canonical config string (``preset=modern`` starts from a preset)
    dummy:modern                a preset of a game
    modern                      a preset name, when only one game has it
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeAlias

from typing_extensions import TypeVar

from samrap.core.configstr import split_config_string
from samrap.core.errors import ConfigError
from samrap.core.rulebook import RuleBook
from samrap.core.text import item_name
from samrap.engine.protocol import ConfigLike, Game, LedgerItemLike

if TYPE_CHECKING:
    from samrap.games.contract.actions import ContractAction
    from samrap.games.contract.config import ContractConfig
    from samrap.games.contract.game import ContractGame
    from samrap.games.contract.observe import ContractView
    from samrap.games.contract.state import ContractState
    from samrap.games.dummy.actions import DummyAction
    from samrap.games.dummy.config import DummyConfig
    from samrap.games.dummy.game import DummyGame
    from samrap.games.dummy.observe import DummyView
    from samrap.games.dummy.state import DummyState

AnyGame: TypeAlias = Game[Any, Any, Any]

#: A spec's config, game facade, state and view types. Each loader builds a fully typed
#: ``GameSpec[DummyConfig, DummyGame, DummyState, DummyView]``, so mypy checks every adapter
#: against the game's own types; the game-agnostic layers hold a bare ``GameSpec`` (all ``Any``).
C = TypeVar("C", bound=ConfigLike, default=Any)
G = TypeVar("G", bound=AnyGame, default=AnyGame)
S = TypeVar("S", default=Any)
V = TypeVar("V", default=Any)

StatMode = Literal["games_with", "games_without", "items"]


@dataclass(frozen=True, slots=True)
class StatDef:
    """One line of a simulation summary, counted from ledger item codes.

    ``games_with``: games whose ledger has any of ``codes``; ``games_without``: games whose ledger
    has none of them; ``items``: ledger lines with one of ``codes`` (e.g. players who fell).
    Counting from ledgers means a summary can be rebuilt from records alone.
    """

    key: str
    thai: str
    english: str
    codes: frozenset[str]
    mode: StatMode = "games_with"

    def count(self, ledger: Sequence[LedgerItemLike]) -> int:
        hits = sum(1 for item in ledger if item.code in self.codes)
        if self.mode == "items":
            return hits
        if self.mode == "games_with":
            return int(hits > 0)
        return int(hits == 0)


@dataclass(frozen=True, slots=True)
class RuleRefs:
    """Rule numbers (on the game's rules page) that match-level checks cite in their messages."""

    starter: int | str
    direction: int | str
    first_game: int | str
    scores: int | str
    match_end: int | str


@dataclass(frozen=True, slots=True)
class GameSetup:
    """How one game of a match begins: the deck order (and its seed, when it came from one), who
    starts, which way play passes, and the match totals before it."""

    index: int
    deck: tuple[int, ...]
    starter: int
    direction: int
    scores: tuple[int, ...]
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[C, G, S, V]):
    """Everything the game-agnostic layers (engine, players, CLI, server, env) need about one game.

    The first fields are the registry entry proper (config class, presets, game factory); the
    rest adapt the game's own dealing, match rules, card text, ledger names and text rendering so
    that ``engine.match``, ``engine.record`` and the CLI stay free of any game's vocabulary.

    Attributes:
        title, thai_title: the game's name in English (with the Thai beside it) and in Thai.
        config_class: the game's frozen config dataclass (its docstring documents every option).
        presets: named configs; ``default_preset`` is used when only the game name is given.
        make_game: config -> game facade (satisfying :class:`engine.protocol.Game`).
        parse_config: ``(config string, base config) -> config``.
        start_game: ``(game, GameSetup) -> state``: deal one game of a match.
        first_starter: ``(game, deck seed) -> seat`` that starts game 1 (a seeded random draw).
        next_game: finished state -> (starter, direction) of the next game of the match.
        is_match_over: ``(config, totals, games played) -> bool``.
        match_winners: ``(config, totals) -> winning seats``.
        card_text, parse_card: ``(config, card id) -> text`` and back; records store deck orders
            as text (a multi-deck game's physical cards have config-dependent texts).
        check_deck: ``(config, deck) -> None`` when a deck order is a whole pack, else what is wrong.
        item_names: ledger code -> (Thai, English) names.
        render_view: ``(view, seat names, lang) -> multi-line text`` for people.
        move_help: lang -> the lines of terminal help that teach the game's action text.
        unit: (Thai, English) word for one game of a match (Contract Rummy's are deals, รอบ).
        stats: what a simulation summary counts.
        rule_refs: rule numbers for match-level replay messages.
        max_game_length: ``config -> the most actions one game can take`` (a bug guard).
        match_totals: finished state -> the match totals after it (the game's own points).
        next_deal: ``(game, finished state, deck seed) -> the next game of the match``, or ``None``
            when the match is over: the match flow from a state alone (the environments' episodes).
        higher_is_better: whether more points is better (Dummy), or fewer (Contract Rummy's penalties).
        slow_moves: listing the legal actions, or checking one, can take long in rare positions
            (Contract's rule-30 look-ahead and its go-down combinations in huge hands): the server
            then does that work in a worker thread so that its event loop keeps serving other tables.
        rulebook: ``config -> RuleBook``, the rules in words (``samrap rules``, the web rules page,
            an illegal move's rule text); ``None`` for a game without one.
        cited_rules: rule number -> (Thai, English) for the rules the engine cites that the rule
            book keeps among its precise decisions rather than its numbered rules.
    """

    name: str
    title: str
    thai_title: str
    config_class: type[C]
    presets: Mapping[str, C]
    make_game: Callable[[C], G]
    default_preset: str
    parse_config: Callable[[str, C], C]
    start_game: Callable[[G, GameSetup], S]
    first_starter: Callable[[G, int], int]
    next_game: Callable[[S], tuple[int, int]]
    is_match_over: Callable[[C, Sequence[int], int], bool]
    match_winners: Callable[[C, Sequence[int]], tuple[int, ...]]
    card_text: Callable[[C, int], str]
    parse_card: Callable[[C, str], int]
    check_deck: Callable[[C, Sequence[int]], str | None]
    item_names: Mapping[str, tuple[str, str]]
    render_view: Callable[[V, Sequence[str], str], str]
    move_help: Mapping[str, str]
    stats: tuple[StatDef, ...]
    rule_refs: RuleRefs
    max_game_length: Callable[[C], int]
    match_totals: Callable[[S], tuple[int, ...]]
    next_deal: Callable[[G, S, int], S | None]
    higher_is_better: bool
    unit: tuple[str, str] = ("เกม", "game")
    slow_moves: bool = False
    rulebook: Callable[[C], RuleBook] | None = None
    cited_rules: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def default_config(self) -> C:
        return self.presets[self.default_preset]

    def config_string(self, config: C) -> str:
        return config.to_string()

    def title_in(self, lang: str) -> str:
        """The game's name for people: Thai alone on a Thai screen."""
        return self.thai_title if lang == "th" else self.title

    def unit_in(self, lang: str) -> str:
        """The word for one game of a match (``game``, ``deal``; Thai ``เกม``, ``รอบ``)."""
        return self.unit[0] if lang == "th" else self.unit[1]

    def item_name(self, code: str, lang: str = "en") -> str:
        """The ledger item's name for people; unknown codes are shown as they are."""
        return item_name(self.item_names, code, lang)


#: The spec of any game, as a loader returns it (each loader is checked against its own game's
#: types; the table of loaders holds them all).
AnySpec: TypeAlias = GameSpec[Any, Any, Any, Any]


# ---------------------------------------------------------------------------------------------
# Loaders: one per game, importing the game only when it is first used.


def _deck_problem(size: int, deck: Sequence[int], text: Callable[[int], str], what: str) -> str | None:
    """``None`` when ``deck`` holds the ``size`` card ids once each, else a message naming the faults."""
    if sorted(deck) == list(range(size)):
        return None
    seen: set[int] = set()
    twice: list[str] = []
    for c in deck:
        if c in seen:
            twice.append(text(c))
        seen.add(c)
    missing = [text(c) for c in range(size) if c not in seen]
    parts = [f"{len(deck)} cards"]
    if twice:
        parts.append("repeated " + " ".join(twice))
    if missing:
        parts.append("missing " + " ".join(missing))
    return f"{what} is the {size} cards once each: " + ", ".join(parts)


def _dummy() -> GameSpec[DummyConfig, DummyGame, DummyState, DummyView]:
    from samrap.core.cards import card_str, parse_card
    from samrap.games.dummy import match, render, rulebook, scoring
    from samrap.games.dummy.config import PRESETS, DummyConfig
    from samrap.games.dummy.game import MAX_GAME_LENGTH, DummyGame
    from samrap.games.dummy.movehelp import MOVE_HELP

    _: type[Game[DummyState, DummyAction, DummyView]] = DummyGame  # the facade has the protocol's shape

    def start_game(game: DummyGame, setup: GameSetup) -> DummyState:
        return game.new_game(deck=setup.deck, starter=setup.starter, direction=setup.direction, scores=setup.scores)

    def next_game(s: DummyState) -> tuple[int, int]:
        nxt = match.next_game(s)
        return nxt.starter, nxt.direction

    def totals(s: DummyState) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(s.scores, scoring.game_scores(s), strict=True))

    def next_deal(game: DummyGame, s: DummyState, seed: int) -> DummyState | None:
        after = totals(s)
        if match.is_match_over(s.config, after):
            return None
        nxt = match.next_game(s)  # the knocker starts; a โง่ reverses the direction (rules 7, 8, 38)
        return game.new_game(seed=seed, starter=nxt.starter, direction=nxt.direction, scores=after)

    knock_codes = frozenset({"knock_card", "speto_knock"})
    return GameSpec(
        name="dummy",
        title="Thai Dummy (ดัมมี่)",
        thai_title="ดัมมี่",
        config_class=DummyConfig,
        presets=PRESETS,
        make_game=DummyGame,
        default_preset="classic",
        parse_config=lambda text, base: DummyConfig.from_string(text, base),
        start_game=start_game,
        first_starter=lambda game, seed: game.first_starter(seed),
        next_game=next_game,
        is_match_over=lambda config, totals, games: match.is_match_over(config, totals),
        match_winners=match.match_winners,
        card_text=lambda config, card: card_str(card),
        parse_card=lambda config, text: parse_card(text),
        check_deck=lambda config, deck: _deck_problem(52, deck, card_str, "a Dummy deck"),
        item_names=scoring.ITEM_NAMES,
        render_view=render.render_view,
        move_help=MOVE_HELP,
        stats=(
            StatDef("knocks", "น็อค", "knocks", knock_codes),
            StatDef("dark_knocks", "น็อคมืด", "dark knocks", frozenset({"dark_knock"})),
            StatDef("ngo", "โง่", "fools", frozenset({"ngo"})),
            StatDef("falls", "ตกตึก", "players fallen", frozenset({"fall"}), "items"),
            StatDef("stock_outs", "กองจั่วหมด", "stock-outs, no knock", knock_codes, "games_without"),
        ),
        rule_refs=RuleRefs(starter=7, direction=8, first_game=6, scores="22-28", match_end=39),
        max_game_length=lambda config: MAX_GAME_LENGTH,
        match_totals=totals,
        next_deal=next_deal,
        higher_is_better=True,
        rulebook=rulebook.rulebook,
        cited_rules=rulebook.CITED,
    )


def _contract() -> GameSpec[ContractConfig, ContractGame, ContractState, ContractView]:
    """Contract Rummy: seven deals, the deal passing left, the lowest total winning.

    Its facade deals by dealer and deal number, so the adapter maps the engine's "starter" to the
    player left of the dealer (rule 6) and the game index to the deal number. Direction is always
    +1. The deck seed is passed on too: it also seeds the empty-stock reshuffles (rule 28).
    """
    from samrap.core.errors import InvalidNotationError
    from samrap.games.contract import match, render, rulebook, scoring
    from samrap.games.contract.config import PRESETS, ContractConfig
    from samrap.games.contract.game import ContractGame
    from samrap.games.contract.movehelp import MOVE_HELP

    _: type[Game[ContractState, ContractAction, ContractView]] = ContractGame  # the protocol's shape

    def start_game(game: ContractGame, setup: GameSetup) -> ContractState:
        dealer = (setup.starter - 1) % game.players
        return game.new_game(
            setup.seed, deck=setup.deck, dealer=dealer, deal_number=setup.index + 1, scores=setup.scores
        )

    def next_game(s: ContractState) -> tuple[int, int]:
        nxt = match.next_deal(s)
        dealer = nxt.dealer if nxt is not None else (s.dealer + 1) % s.players
        return (dealer + 1) % s.players, 1

    def next_deal(game: ContractGame, s: ContractState, seed: int) -> ContractState | None:
        nxt = match.next_deal(s)  # the deal passes left; None after deal 7 (rules 5, 6)
        if nxt is None:
            return None
        return game.new_game(seed, dealer=nxt.dealer, deal_number=nxt.deal, scores=nxt.scores)

    def parse_card(config: ContractConfig, text: str) -> int:
        ids = config.pack.parse_ids(text)
        if len(ids) != 1 or ids[0][1] != -1:
            raise InvalidNotationError(f"not one physical card: {text!r}")
        return ids[0][0]

    return GameSpec(
        name="contract",
        title="Contract Rummy",
        thai_title="คอนแทรครัมมี่",
        config_class=ContractConfig,
        presets=PRESETS,
        make_game=ContractGame,
        default_preset="seed",
        parse_config=lambda text, base: ContractConfig.from_string(text, base),
        start_game=start_game,
        first_starter=lambda game, seed: (game.first_dealer(seed) + 1) % game.players,
        next_game=next_game,
        is_match_over=lambda config, totals, games: games >= match.DEALS,
        match_winners=lambda config, totals: match.match_winners(totals),
        card_text=lambda config, card: config.pack.card_text(card),
        parse_card=parse_card,
        check_deck=lambda config, deck: _deck_problem(
            config.pack_size, deck, config.pack.card_text, "a Contract Rummy pack"
        ),
        item_names=scoring.ITEM_NAMES,
        render_view=render.render_view,
        move_help=MOVE_HELP,
        stats=(StatDef("blocked", "ไม่มีใครหมดมือ", "deals with nobody out", frozenset({"out"}), "games_without"),),
        rule_refs=RuleRefs(starter=6, direction=6, first_game=6, scores=20, match_end=21),
        max_game_length=lambda config: ContractGame(config).max_game_length,
        match_totals=match.match_totals,
        next_deal=next_deal,
        higher_is_better=False,
        unit=("รอบ", "deal"),
        slow_moves=True,
        rulebook=rulebook.rulebook,
        cited_rules=rulebook.CITED,
    )


#: name -> loader. Adding a game is one line here plus its loader above (docs/architecture.md).
_LOADERS: dict[str, Callable[[], AnySpec]] = {
    "dummy": _dummy,
    "contract": _contract,
}


class _Registry(Mapping[str, GameSpec]):
    """A read-only mapping that runs a game's loader on first access and keeps the result."""

    def __init__(self, loaders: Mapping[str, Callable[[], AnySpec]]) -> None:
        self._loaders = loaders
        self._specs: dict[str, GameSpec] = {}

    def __getitem__(self, name: str) -> GameSpec:
        if name not in self._loaders:
            raise KeyError(name)
        spec = self._specs.get(name)
        if spec is None:
            spec = self._loaders[name]()
            self._specs[name] = spec
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)

    def forget(self, name: str) -> None:
        """Drop the loaded spec of ``name`` (its loader is the caller's to remove)."""
        self._specs.pop(name, None)


_REGISTRY = _Registry(_LOADERS)
#: Every registered game by name; values are :class:`GameSpec` (config class, presets, factory, ...).
GAMES: Mapping[str, GameSpec] = _REGISTRY


def register_game(name: str, loader: Callable[[], AnySpec]) -> None:
    """Register a game from outside this module (a plugin, or the tests' third game): from then on
    every layer finds it by ``name`` exactly as it finds the built-in games. The loader runs on
    first use.

    Raises:
        ValueError: ``name`` is taken, or is not a lower-case identifier (it is the head of the
            game's config strings).
    """
    if not name.isidentifier() or name != name.lower():
        raise ValueError(f"a game name is a lower-case identifier, not {name!r}")
    if name in _LOADERS:
        raise ValueError(f"a game named {name!r} is registered already")
    _LOADERS[name] = loader


def unregister_game(name: str) -> None:
    """Forget a game added by :func:`register_game` (the built-in games stay)."""
    if name in ("dummy", "contract"):
        raise ValueError(f"{name!r} is built in")
    _LOADERS.pop(name, None)
    _REGISTRY.forget(name)


def get_spec(name: str) -> GameSpec:
    """The spec of a registered game.

    Raises:
        ConfigError: no game has that name.
    """
    key = name.strip().lower()
    if key not in GAMES:
        raise ConfigError("game", f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return GAMES[key]


def _preset(spec: GameSpec, name: str) -> ConfigLike:
    key = name.strip().lower()
    if key not in spec.presets:
        raise ConfigError("preset", f"unknown {spec.name} preset {name!r}; known: {', '.join(spec.presets)}")
    config: ConfigLike = spec.presets[key]
    return config


def resolve(text: str) -> tuple[GameSpec, Any]:
    """A game spec and config from a name, config string, ``game:preset`` or preset name.

    Raises:
        ConfigError: unknown game or preset, or an invalid config string (naming the field).
    """
    t = text.strip()
    if ":" in t and "(" not in t:
        game_name, _, preset_name = t.partition(":")
        spec = get_spec(game_name)
        return spec, _preset(spec, preset_name)
    name, _ = split_config_string(t)
    if name in GAMES:
        spec = GAMES[name]
        if "(" not in t:
            return spec, spec.default_config
        return spec, spec.parse_config(t, spec.default_config)
    owners = [GAMES[g] for g in GAMES if name in GAMES[g].presets]
    if len(owners) == 1 and "(" not in t:
        return owners[0], owners[0].presets[name]
    if len(owners) > 1:
        raise ConfigError("game", f"preset {name!r} exists for several games; write game:preset")
    raise ConfigError("game", f"unknown game or preset {name!r}; games: {', '.join(GAMES)}")


def configure(
    game: str,
    *,
    preset: str | None = None,
    options: str | None = None,
    players: int | None = None,
) -> tuple[GameSpec, Any]:
    """Build a config the way the CLI composes it: game text, then preset, options, players.

    ``preset`` replaces the starting config; the fields written in ``game`` (``dummy(ace_low=true)``)
    and then ``options`` (``target=50`` or ``dummy(target=50)``) are applied on top; ``players``
    last. Every step goes through the game's own parser, so each value is validated once.

    Raises:
        ConfigError: any part is unknown or invalid.
    """
    spec, config = resolve(game)
    if preset is not None:
        config = _preset(spec, preset)
        _, fields = split_config_string(game) if "(" in game else ("", {})
        if fields:
            config = spec.parse_config(game, config)
    if options:
        text = options.strip()
        if "(" not in text:
            text = f"{spec.name}({text})"
        elif split_config_string(text)[0] != spec.name:
            raise ConfigError("config", f"options {options!r} are not for {spec.name}")
        config = spec.parse_config(text, config)
    if players is not None:
        config = spec.parse_config(f"{spec.name}(players={players})", config)
    return spec, config


def find_game(text: str) -> AnyGame:
    """The game object for ``text`` (see the module docstring).

    >>> find_game("dummy(players=3)").config.to_string()
    'dummy(players=3)'

    Raises:
        ConfigError: unknown game or preset, or an invalid config string.
    """
    spec, config = resolve(text)
    return spec.make_game(config)
