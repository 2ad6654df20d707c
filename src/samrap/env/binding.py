"""What the environments need from one game under one config, gathered in a :class:`Binding`.

The PettingZoo, Gymnasium and OpenSpiel adapters are written once, over a binding: the game
facade (``new_game``, ``legal_actions``, ``apply_unchecked``, ``observe``, ``returns``), its
:mod:`codec <samrap.env.codec>` and its observation encoder. ``dummy_binding`` and
``contract_binding`` build the two games' bindings from a config or from options.

Rewards are computed here too, from the game's points: Dummy scores points (higher is better),
Contract Rummy scores penalty points (lower is better), so a binding knows which way is up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from samrap.env.observation import ObsLayout, Vector

RewardMode = Literal["win", "score"]
REWARD_MODES: tuple[str, ...] = ("win", "score")
#: An episode is one game, or a whole match.
EPISODES: tuple[str, ...] = ("game", "match")


@dataclass(frozen=True, slots=True)
class Binding:
    """One game under one config, as the environments see it.

    Attributes:
        name: ``dummy`` or ``contract``.
        config: the game's frozen config.
        game: the game facade (``DummyGame`` or ``ContractGame``).
        codec: the game's action codec (``num_actions``, ``legal_map``, ``encode``, ``decode``).
        layout: the observation layout; ``encode(view)`` fills it.
        encode: view -> observation vector.
        encode_state: (state, seat) -> the same vector as ``encode(game.observe(state, seat))``,
            read from the state's public fields and the seat's own hand (the envs' fast path).
        low, high: per-entry bounds of the observation vector.
        higher_is_better: whether a larger ``returns`` entry is a better result.
        max_game_length: the game's bound on actions per game (truncation never needed before it).
        mask_text: card mask -> text (for information-state strings).
        next_game: ``(finished state, deck seed) -> the next game of the match``, or ``None`` when
            the match is over (the ``episode="match"`` option).
        match_totals: finished state -> match totals after it (the game's own points).
    """

    name: str
    config: Any
    game: Any
    codec: Any
    layout: ObsLayout
    encode: Callable[[Any], Vector]
    encode_state: Callable[[Any, int], Vector]
    low: Vector
    high: Vector
    higher_is_better: bool
    max_game_length: int
    mask_text: Callable[[int], str]
    next_game: Callable[[Any, int], Any]
    match_totals: Callable[[Any], tuple[int, ...]]

    @property
    def players(self) -> int:
        return int(self.config.players)

    @property
    def num_actions(self) -> int:
        return int(self.codec.num_actions)

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


def dummy_binding(config: Any = None, *, knock_variants: int | None = None, **options: Any) -> Binding:
    """The Thai Dummy binding for ``config`` (a ``DummyConfig`` or config string) or for options.

    ``options`` are ``DummyConfig`` fields (``players=2, ace_low=True``) and ``preset`` (``modern``),
    applied on top of ``config`` (default: the classic preset).
    """
    from samrap.core.cardset import set_str
    from samrap.env.codec_dummy import KNOCK_VARIANTS, DummyCodec
    from samrap.env.encode_dummy import LAYOUT, SCORE_CLIP, DummyEncoder
    from samrap.games.dummy import match
    from samrap.games.dummy.config import DummyConfig
    from samrap.games.dummy.game import MAX_GAME_LENGTH, DummyGame

    cfg = _config(DummyConfig, "dummy", config, options)
    encoder = DummyEncoder(cfg)
    game = DummyGame(cfg)

    def totals(s: Any) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(s.scores, game.returns(s), strict=True))

    def next_game(s: Any, seed: int) -> Any:
        after = totals(s)
        if match.is_match_over(cfg, after):
            return None
        nxt = match.next_game(s)  # the knocker starts; a โง่ reverses the direction (rules 7, 8, 38)
        return game.new_game(seed=seed, starter=nxt.starter, direction=nxt.direction, scores=after)

    low, high = bounds(LAYOUT, {"hand_size": (0.0, 52.0 / cfg.cards_per_hand), "scores": (-SCORE_CLIP, SCORE_CLIP)})
    return Binding(
        name="dummy",
        config=cfg,
        game=game,
        codec=DummyCodec(cfg, knock_variants=knock_variants or KNOCK_VARIANTS),
        layout=LAYOUT,
        encode=encoder.encode,
        encode_state=encoder.encode_state,
        low=low,
        high=high,
        higher_is_better=True,
        max_game_length=MAX_GAME_LENGTH,
        mask_text=set_str,
        next_game=next_game,
        match_totals=totals,
    )


def _config(cls: Any, game: str, config: Any, options: Mapping[str, Any]) -> Any:
    """A config from a config object or string plus option overrides (validated by the game)."""
    if config is None:
        base = None
    elif isinstance(config, str):
        base = cls.from_string(config)
    else:
        base = config
    if not options:
        return base if base is not None else cls.from_string(f"{game}()")
    from samrap.core.configstr import format_value

    fields = [f"{key}={format_value(value)}" for key, value in options.items()]
    return cls.from_string(f"{game}({','.join(fields)})", base)


def mask_bytes(num_actions: int, ids: Mapping[int, object]) -> bytes:
    """The legal-action mask as bytes (0/1), for an id -> action map."""
    out = bytearray(num_actions)
    for i in ids:
        out[i] = 1
    return bytes(out)


def mask_array(num_actions: int, ids: Mapping[int, object]) -> npt.NDArray[np.int8]:
    """The legal-action mask (a fresh, writable ``int8`` 0/1 array) for an id -> action map."""
    return np.frombuffer(bytearray(mask_bytes(num_actions, ids)), dtype=np.int8)


def binding_for(game: str, config: Any = None, **options: Any) -> Binding:
    """The binding of ``game`` (``dummy`` or ``contract``) for a config and options."""
    key = game.strip().lower()
    if key == "dummy":
        return dummy_binding(config, **options)
    if key == "contract":
        from samrap.env.binding_contract import contract_binding

        return contract_binding(config, **options)
    raise ValueError(f"unknown game {game!r}: dummy or contract")
