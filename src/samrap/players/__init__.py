"""Layer 3: players (people and bots) behind one protocol; they depend on engine and game APIs only."""

from samrap.players.base import Correctable, Player
from samrap.players.random_bot import RandomPlayer

__all__ = ["Correctable", "Player", "RandomPlayer"]
