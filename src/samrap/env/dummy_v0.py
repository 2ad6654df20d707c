"""Thai Dummy as a PettingZoo AEC environment.

>>> from samrap.env import dummy_v0
>>> env = dummy_v0.env(players=2)
>>> env.reset(seed=1)
>>> env.agent_selection in env.agents
True

``env(config=None, *, reward="win", score_scale=1.0, illegal_reward=-1.0, render_mode=None,
episode="game", max_games=100, knock_variants=None, **options)``: ``config`` is a ``DummyConfig`` or a config string
(``"dummy(players=3)"``); ``options`` are config fields (``players=2``, ``ace_low=True``,
``preset="modern"``) applied on top. See ``docs/env.md`` for the action ids and observation slices.
"""

from __future__ import annotations

from typing import Any

from samrap.engine.protocol import ConfigLike
from samrap.env.aec import SamrapAEC
from samrap.env.binding import dummy_binding


def raw_env(
    config: ConfigLike | str | None = None,
    *,
    reward: str = "win",
    score_scale: float = 1.0,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    episode: str = "game",
    max_games: int = 100,
    knock_variants: int | None = None,
    **options: Any,
) -> SamrapAEC:
    """The environment; with ``illegal_reward=None`` an illegal action raises ``ValueError``."""
    binding = dummy_binding(config, knock_variants=knock_variants, **options)
    return SamrapAEC(
        binding,
        reward=reward,
        score_scale=score_scale,
        render_mode=render_mode,
        illegal_reward=illegal_reward,
        episode=episode,
        max_games=max_games,
    )


def env(config: ConfigLike | str | None = None, *, illegal_reward: float = -1.0, **kwargs: Any) -> SamrapAEC:
    """The environment as PettingZoo's classic envs behave: an illegal action ends the game with
    ``illegal_reward`` for the offender (built in, not wrapped: see ``samrap.env.aec``)."""
    return raw_env(config, illegal_reward=illegal_reward, **kwargs)
