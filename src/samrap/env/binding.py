"""What the environments need from one game under one config, gathered in a :class:`Binding`.

The PettingZoo, Gymnasium and OpenSpiel adapters are written once, over a binding. A binding
builds on the engine's registry entry of the game (:class:`~samrap.engine.registry.GameSpec`:
config parsing, match flow, game-length bound, which way points are better) and adds only what
the environments own: the game's :mod:`codec <samrap.env.codec>` and its observation encoder.
So a third game is described once, in the registry, plus its codec and encoder here.
``dummy_binding`` and ``contract_binding`` build the two games' bindings from a config or options.

Rewards are computed here too, from the game's points: Dummy scores points (higher is better),
Contract Rummy scores penalty points (lower is better), so a binding knows which way is up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeVar

from samrap.core.configstr import format_value
from samrap.engine.protocol import ConfigLike, Game
from samrap.engine.registry import GameSpec, get_spec, resolve
from samrap.env.codec import ActionCodec
from samrap.env.observation import ObsLayout, Vector

REWARD_MODES: tuple[str, ...] = ("win", "score")
#: An episode is one game, or a whole match.
EPISODES: tuple[str, ...] = ("game", "match")

S = TypeVar("S", default=Any)
A = TypeVar("A", default=Any)
V = TypeVar("V", default=Any)


class EnvGame(Game[S, A, V], Protocol[S, A, V]):
    """A game facade as the environments drive it: the engine's protocol plus a seeded deal.

    Both facades deal a fresh game from a seed alone (``new_game(seed)``); the env's chance
    nodes and resets need nothing more.
    """

    def new_game(self, seed: int | None = None) -> S: ...


@dataclass(frozen=True, slots=True)
class Binding(Generic[S, A, V]):
    """One game under one config, as the environments see it.

    Attributes:
        spec: the game's registry entry (match flow, bounds, points' direction).
        config: the game's frozen config.
        game: the game facade (``DummyGame`` or ``ContractGame``).
        codec: the game's action codec (``num_actions``, ``legal_map``, ``encode``, ``decode``).
        layout: the observation layout; ``encode(view)`` fills it.
        encode: view -> observation vector.
        encode_state: (state, seat) -> the same vector as ``encode(game.observe(state, seat))``,
            read from the state's public fields and the seat's own hand (the envs' fast path).
        low, high: per-entry bounds of the observation vector.
        mask_text: card mask -> text (for information-state strings).
    """

    spec: GameSpec[Any, Any, S, V]
    config: ConfigLike
    game: EnvGame[S, A, V]
    codec: ActionCodec[S, A]
    layout: ObsLayout
    encode: Callable[[V], Vector]
    encode_state: Callable[[S, int], Vector]
    low: Vector
    high: Vector
    mask_text: Callable[[int], str]

    @property
    def name(self) -> str:
        """``dummy`` or ``contract``."""
        return self.spec.name

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def num_actions(self) -> int:
        return self.codec.num_actions

    @property
    def higher_is_better(self) -> bool:
        """Whether a larger ``returns`` entry is a better result."""
        return self.spec.higher_is_better

    @property
    def max_game_length(self) -> int:
        """The game's bound on actions per game (truncation is never needed before it)."""
        return self.spec.max_game_length(self.config)

    def next_game(self, s: S, seed: int) -> S | None:
        """The next game of the match after the finished ``s``, dealt from ``seed``, or ``None``
        when the match is over (the ``episode="match"`` option)."""
        return self.spec.next_deal(self.game, s, seed)

    def match_totals(self, s: S) -> tuple[int, ...]:
        """The match totals after the finished ``s`` (the game's own points)."""
        return self.spec.match_totals(s)

    def points(self, returns: Sequence[int]) -> list[float]:
        """The game's returns with the sign turned so that more is better for every game."""
        sign = 1.0 if self.higher_is_better else -1.0
        return [sign * r for r in returns]


def rewards(points: Sequence[float], mode: str, scale: float = 1.0) -> list[float]:
    """Per-seat rewards at the end of a game from ``points`` (more is better).

    ``win``: +1 for the only best seat, 0 for a seat tied for best, -1 for every other seat.
    ``score``: the seat's points minus the mean of the other seats' points, times ``scale``.
    """
    n = len(points)
    if mode == "win":
        best = max(points)
        tied = sum(1 for p in points if p == best)
        return [(1.0 if tied == 1 else 0.0) if p == best else -1.0 for p in points]
    if mode == "score":
        total = sum(points)
        return [scale * (p - (total - p) / (n - 1)) for p in points]
    raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {mode!r}")


def bounds(layout: ObsLayout, special: Mapping[str, tuple[float, float]]) -> tuple[Vector, Vector]:
    """Observation bounds: 0..1 for every piece except those named in ``special``."""
    low = np.zeros(layout.size, dtype=np.float32)
    high = np.ones(layout.size, dtype=np.float32)
    for name, (lo, hi) in special.items():
        p = layout.by_name[name]
        low[p.start : p.stop] = lo
        high[p.start : p.stop] = hi
    return low, high


def dummy_binding(
    config: ConfigLike | str | None = None, *, knock_variants: int | None = None, **options: Any
) -> Binding:
    """The Thai Dummy binding for ``config`` (a ``DummyConfig`` or config string) or for options.

    ``options`` are ``DummyConfig`` fields (``players=2, ace_low=True``) and ``preset`` (``modern``),
    applied on top of ``config`` (default: the classic preset).
    """
    from samrap.core.cardset import set_str
    from samrap.env.codec_dummy import KNOCK_VARIANTS, DummyCodec
    from samrap.env.encode_dummy import LAYOUT, SCORE_CLIP, DummyEncoder
    from samrap.games.dummy.game import DummyGame

    spec, cfg = spec_config("dummy", config, options)
    encoder = DummyEncoder(cfg)
    low, high = bounds(LAYOUT, {"hand_size": (0.0, 52.0 / cfg.cards_per_hand), "scores": (-SCORE_CLIP, SCORE_CLIP)})
    return Binding(
        spec=spec,
        config=cfg,
        game=DummyGame(cfg),
        codec=DummyCodec(cfg, knock_variants=knock_variants or KNOCK_VARIANTS),
        layout=LAYOUT,
        encode=encoder.encode,
        encode_state=encoder.encode_state,
        low=low,
        high=high,
        mask_text=set_str,
    )


def spec_config(game: str, config: ConfigLike | str | None, options: Mapping[str, Any]) -> tuple[GameSpec, Any]:
    """The registry entry of ``game`` and a config from a config object or string (default: the
    game's default preset) plus option overrides, each validated by the game's own parser."""
    spec = get_spec(game)
    if config is None:
        base = spec.default_config
    elif isinstance(config, str):
        found, base = resolve(config)
        if found is not spec:
            raise ValueError(f"{config!r} is not a {spec.name} config")
    else:
        base = config
    if not options:
        return spec, base
    fields = [f"{key}={format_value(value)}" for key, value in options.items()]
    return spec, spec.parse_config(f"{spec.name}({','.join(fields)})", base)


def mask_bytes(num_actions: int, ids: Mapping[int, object]) -> bytes:
    """The legal-action mask as bytes (0/1), for an id -> action map."""
    out = bytearray(num_actions)
    for i in ids:
        out[i] = 1
    return bytes(out)


def mask_array(num_actions: int, ids: Mapping[int, object]) -> npt.NDArray[np.int8]:
    """The legal-action mask (a fresh, writable ``int8`` 0/1 array) for an id -> action map."""
    return np.frombuffer(bytearray(mask_bytes(num_actions, ids)), dtype=np.int8)


def _contract_binding(config: ConfigLike | str | None = None, **options: Any) -> Binding:
    from samrap.env.binding_contract import contract_binding

    return contract_binding(config, **options)


#: Game name -> its binding factory: the environments' one table of games (a codec and an encoder
#: are the two things only environments need, so they are not in the registry's ``GameSpec``).
_BINDINGS: dict[str, Callable[..., Binding]] = {"dummy": dummy_binding, "contract": _contract_binding}


def register_binding(name: str, factory: Callable[..., Binding]) -> None:
    """Give the environments a registered game (``engine.registry.register_game``): ``factory``
    takes ``(config=None, **options)`` like :func:`dummy_binding` and returns its binding.

    Raises:
        ValueError: the game is not in the registry, or already has a binding.
    """
    get_spec(name)  # (a ConfigError, a ValueError, for an unknown game)
    if name in _BINDINGS:
        raise ValueError(f"{name!r} has a binding already")
    _BINDINGS[name] = factory


def unregister_binding(name: str) -> None:
    """Forget a binding added by :func:`register_binding` (the built-in games keep theirs)."""
    if name in ("dummy", "contract"):
        raise ValueError(f"{name!r} is built in")
    _BINDINGS.pop(name, None)


def binding_for(game: str, config: ConfigLike | str | None = None, **options: Any) -> Binding:
    """The binding of ``game`` (``dummy``, ``contract`` or a registered game) for a config and options."""
    key = game.strip().lower()
    factory = _BINDINGS.get(key)
    if factory is None:
        raise ValueError(f"unknown game {game!r}: {', '.join(_BINDINGS)}")
    return factory(config, **options)
