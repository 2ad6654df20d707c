"""Contract Rummy as a PettingZoo AEC environment (one deal per episode, or a match of seven).

``env(config=None, *, reward="win", score_scale=1.0, illegal_reward=-1.0, render_mode=None,
episode="game", max_games=100, **options)``: ``config`` is a ``ContractConfig`` or a config
string (``"contract(players=3)"``); ``options`` are config fields (``players=5``,
``buying=True``, ``preset="liverpool"``) applied on top. Rewards compare penalty points: the
seat with the fewest wins. In a claim window (liverpool's buying) the agent to act is the seat
being asked, not the player in turn. See ``docs/env.md`` for the action ids and observation
slices.
"""

from __future__ import annotations

from typing import Any

from samrap.engine.protocol import ConfigLike
from samrap.env.aec import SamrapAEC
from samrap.env.binding_contract import contract_binding


def raw_env(
    config: ConfigLike | str | None = None,
    *,
    reward: str = "win",
    score_scale: float = 1.0,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    episode: str = "game",
    max_games: int = 100,
    **options: Any,
) -> SamrapAEC:
    """The environment; with ``illegal_reward=None`` an illegal action raises ``ValueError``."""
    return SamrapAEC(
        contract_binding(config, **options),
        reward=reward,
        score_scale=score_scale,
        render_mode=render_mode,
        illegal_reward=illegal_reward,
        episode=episode,
        max_games=max_games,
    )


def env(config: ConfigLike | str | None = None, *, illegal_reward: float = -1.0, **kwargs: Any) -> SamrapAEC:
    """The environment as PettingZoo's classic envs behave: an illegal action ends the deal with
    ``illegal_reward`` for the offender (built in, not wrapped: see ``samrap.env.aec``)."""
    return raw_env(config, illegal_reward=illegal_reward, **kwargs)
