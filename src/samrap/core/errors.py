"""The three kinds of bad input, all ``ValueError`` so callers can catch them together.

Each carries enough to tell a person exactly what is wrong: the text that did not parse,
the rule an action breaks, or the config field that is invalid.
"""

from __future__ import annotations


class SamrapError(ValueError):
    """Base class of every error samrap raises for bad input."""


class InvalidNotationError(SamrapError):
    """Text that is not a card, an action, a position or a record (a syntax error)."""


class IllegalActionError(SamrapError):
    """A well-formed action that the rules forbid in this state.

    ``rule`` is the rule number on the game's rules page (``docs/rules``) that the action
    breaks, so a player, a test or a replay report can name it.
    """

    def __init__(self, rule: int | str, message: str) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"rule {rule}: {message}")


class ConfigError(SamrapError):
    """A config string or field that is unknown or out of range; ``field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")
