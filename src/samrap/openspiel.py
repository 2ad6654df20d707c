"""OpenSpiel games: ``import samrap.openspiel`` registers ``python_samrap_dummy`` and
``python_samrap_contract`` (needs ``pip install open-spiel`` and the ``[env]`` extra).

See :mod:`samrap.env.openspiel_games` for parameters, chance nodes and observations.
"""

from samrap.env.openspiel_games import RESHUFFLE_SEEDS, SamrapGame, SamrapState, register

register()

__all__ = ["RESHUFFLE_SEEDS", "SamrapGame", "SamrapState", "register"]
