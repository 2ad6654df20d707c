"""The registry: game names and config strings -> game objects, plus what the engine needs per game.

Everything game-specific that the engine, the records and the CLI use is gathered in one
:class:`GameSpec` per game, built by a *loader* function that imports the game package only when
the game is first asked for. Adding a game (Contract Rummy) is one more loader and one more line
in ``_LOADERS``; nothing else in ``engine``, ``players`` or ``cli`` names a game.

Text accepted by :func:`find_game` / :func:`resolve`::

    dummy                       the game's default preset
    dummy(players=3,target=50)  a canonical config string (``preset=modern`` starts from a preset)
    dummy:modern                a preset of a game
    modern                      a preset name, when only one game has it
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from samrap.core.configstr import split_config_string
from samrap.core.errors import ConfigError
from samrap.engine.protocol import Game, LedgerItemLike

if TYPE_CHECKING:
    from samrap.games.dummy.actions import DummyAction
    from samrap.games.dummy.observe import DummyView
    from samrap.games.dummy.state import DummyState

AnyGame: TypeAlias = Game[Any, Any, Any]

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
    """How one game of a match begins: the deck order, who starts, which way, totals so far."""

    index: int
    deck: tuple[int, ...]
    starter: int
    direction: int
    scores: tuple[int, ...]


def _default_start(game: AnyGame, setup: GameSetup) -> Any:
    return game.new_game(deck=setup.deck, starter=setup.starter, direction=setup.direction, scores=setup.scores)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the game-agnostic layers need to know about one game.

    The first three fields are the registry entry proper (config class, presets, game factory);
    the rest adapt the game's own match rules, card text, ledger names and text rendering so that
    ``engine.match``, ``engine.record`` and the CLI stay free of any game's vocabulary.

    Attributes:
        config_class: the game's frozen config dataclass (its docstring documents every option).
        presets: named configs; ``default_preset`` is used when only the game name is given.
        make_game: config -> game facade (satisfying :class:`engine.protocol.Game`).
        parse_config: ``(config string, base config) -> config``.
        next_game: finished state -> (starter, direction) of the next game of the match.
        is_match_over: ``(config, totals, games played) -> bool``.
        match_winners: ``(config, totals) -> winning seats``.
        card_text, parse_card: one card id <-> its text (records store deck orders as text).
        check_deck: ``None`` when a deck order is a whole deck, else what is wrong with it.
        item_names: ledger code -> (Thai, English) names.
        render_view: ``(view, seat names, lang) -> multi-line text`` for people.
        stats: what a simulation summary counts.
        rule_refs: rule numbers for match-level replay messages.
        max_game_length: the most actions one game can take (a bug guard for the runner).
        start_game: how a game of a match is dealt from a :class:`GameSetup` (a game whose deals
            differ by number, like Contract Rummy's seven contracts, supplies its own).
    """

    name: str
    title: str
    config_class: type[Any]
    presets: Mapping[str, Any]
    make_game: Callable[[Any], AnyGame]
    default_preset: str
    parse_config: Callable[[str, Any], Any]
    next_game: Callable[[Any], tuple[int, int]]
    is_match_over: Callable[[Any, Sequence[int], int], bool]
    match_winners: Callable[[Any, Sequence[int]], tuple[int, ...]]
    card_text: Callable[[int], str]
    parse_card: Callable[[str], int]
    check_deck: Callable[[Sequence[int]], str | None]
    item_names: Mapping[str, tuple[str, str]]
    render_view: Callable[[Any, Sequence[str], str], str]
    stats: tuple[StatDef, ...]
    rule_refs: RuleRefs
    max_game_length: int
    start_game: Callable[[AnyGame, GameSetup], Any] = field(default=_default_start)

    @property
    def default_config(self) -> Any:
        return self.presets[self.default_preset]

    def config_string(self, config: Any) -> str:
        return str(config.to_string())

    def item_name(self, code: str, lang: str = "en") -> str:
        """The ledger item's name for people; unknown codes are shown as they are."""
        names = self.item_names.get(code)
        if names is None:
            return code
        return names[0] if lang == "th" else names[1]


# ---------------------------------------------------------------------------------------------
# Loaders: one per game, importing the game only when it is first used.


def _dummy() -> GameSpec:
    from samrap.core.cards import card_str, parse_card
    from samrap.games.dummy import match, render, scoring
    from samrap.games.dummy.config import PRESETS, DummyConfig
    from samrap.games.dummy.game import MAX_GAME_LENGTH, DummyGame

    def make_game(config: DummyConfig) -> AnyGame:
        game: Game[DummyState, DummyAction, DummyView] = DummyGame(config)  # checks the protocol
        return game

    def next_game(s: DummyState) -> tuple[int, int]:
        nxt = match.next_game(s)
        return nxt.starter, nxt.direction

    def check_deck(deck: Sequence[int]) -> str | None:
        if sorted(deck) == list(range(52)):
            return None
        seen: set[int] = set()
        twice: list[str] = []
        for c in deck:
            if c in seen:
                twice.append(card_str(c))
            seen.add(c)
        missing = [card_str(c) for c in range(52) if c not in seen]
        parts = [f"{len(deck)} cards"]
        if twice:
            parts.append("repeated " + " ".join(twice))
        if missing:
            parts.append("missing " + " ".join(missing))
        return "a Dummy deck is the 52 cards once each: " + ", ".join(parts)

    knock_codes = frozenset({"knock_card", "speto_knock"})
    return GameSpec(
        name="dummy",
        title="Thai Dummy (ดัมมี่)",
        config_class=DummyConfig,
        presets=PRESETS,
        make_game=make_game,
        default_preset="classic",
        parse_config=lambda text, base: DummyConfig.from_string(text, base),
        next_game=next_game,
        is_match_over=lambda config, totals, games: match.is_match_over(config, totals),
        match_winners=match.match_winners,
        card_text=card_str,
        parse_card=parse_card,
        check_deck=check_deck,
        item_names=scoring.ITEM_NAMES,
        render_view=render.render_view,
        stats=(
            StatDef("knocks", "น็อค", "knocks", knock_codes),
            StatDef("dark_knocks", "น็อคมืด", "dark knocks", frozenset({"dark_knock"})),
            StatDef("ngo", "โง่", "fools", frozenset({"ngo"})),
            StatDef("falls", "ตกตึก", "players fallen", frozenset({"fall"}), "items"),
            StatDef("stock_outs", "ไพ่หมดกอง", "stock-outs, no knock", knock_codes, "games_without"),
        ),
        rule_refs=RuleRefs(starter=7, direction=8, first_game=6, scores="22-28", match_end=39),
        max_game_length=MAX_GAME_LENGTH,
    )


#: name -> loader. Adding a game: write its loader above and add one line here, e.g.
#: ``"contract": _contract,`` whose loader imports ``samrap.games.contract``.
_LOADERS: dict[str, Callable[[], GameSpec]] = {
    "dummy": _dummy,
}


class _Registry(Mapping[str, GameSpec]):
    """A read-only mapping that runs a game's loader on first access and keeps the result."""

    def __init__(self, loaders: Mapping[str, Callable[[], GameSpec]]) -> None:
        self._loaders = loaders
        self._specs: dict[str, GameSpec] = {}

    def __getitem__(self, name: str) -> GameSpec:
        spec = self._specs.get(name)
        if spec is None:
            spec = self._loaders[name]()
            self._specs[name] = spec
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


#: Every registered game by name; values are :class:`GameSpec` (config class, presets, factory, ...).
GAMES: Mapping[str, GameSpec] = _Registry(_LOADERS)


def get_spec(name: str) -> GameSpec:
    """The spec of a registered game.

    Raises:
        ConfigError: no game has that name.
    """
    key = name.strip().lower()
    if key not in GAMES:
        raise ConfigError("game", f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return GAMES[key]


def _preset(spec: GameSpec, name: str) -> Any:
    key = name.strip().lower()
    if key not in spec.presets:
        raise ConfigError("preset", f"unknown {spec.name} preset {name!r}; known: {', '.join(spec.presets)}")
    return spec.presets[key]


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
