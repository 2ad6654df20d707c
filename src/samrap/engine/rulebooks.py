"""Each registered game's rule book for a config: the one description ``samrap rules`` and the web
rules page (``GET /api/rules/{game}``) both show, so the two can never say different things."""

from __future__ import annotations

from typing import Any

from samrap.core.errors import ConfigError
from samrap.core.rulebook import RuleBook
from samrap.engine.registry import GameSpec, configure


def rulebook(spec: GameSpec, config: Any) -> RuleBook:
    """The rules of ``spec``'s game under ``config``, in words, Thai and English."""
    if spec.name == "dummy":
        from samrap.games.dummy.rulebook import rulebook as dummy_rulebook

        return dummy_rulebook(config)
    if spec.name == "contract":
        from samrap.games.contract.rulebook import rulebook as contract_rulebook

        return contract_rulebook(config)
    raise ConfigError("game", f"no rule book for {spec.name}")


def rulebook_for(game: str, preset: str | None = None, options: dict[str, str] | None = None) -> RuleBook:
    """The rule book of ``game`` under ``preset`` with ``options`` (field name -> value text) on top.

    Raises:
        ConfigError: an unknown game, preset or option, or a bad value (naming the field).
    """
    text = ",".join(f"{k}={v}" for k, v in (options or {}).items())
    if any(c in text for c in "()"):
        raise ConfigError("option", "an option is written key=value")
    spec, config = configure(game, preset=preset, options=text or None)
    return rulebook(spec, config)
