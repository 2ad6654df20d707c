"""samrap (สำรับ, "a deck of cards"): Thai Dummy and Contract Rummy.

The rules live in :mod:`samrap.games`; they are pure functions over immutable values.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
