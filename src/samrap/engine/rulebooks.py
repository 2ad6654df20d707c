"""Each registered game's rule book for a config: the one description ``samrap rules`` and the web
rules page (``GET /api/rules/{game}``) both show, so the two can never say different things."""

from __future__ import annotations

from samrap.core.errors import ConfigError
from samrap.core.rulebook import RuleBook
from samrap.engine.protocol import ConfigLike
from samrap.engine.registry import AnyGame, GameSpec, configure, get_spec


def rulebook(spec: GameSpec, config: ConfigLike) -> RuleBook:
    """The rules of ``spec``'s game under ``config``, in words, Thai and English (``spec.rulebook``).

    Raises:
        ConfigError: the game has no rule book.
    """
    if spec.rulebook is None:
        raise ConfigError("game", f"no rule book for {spec.name}")
    return spec.rulebook(config)


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


#: Rules the engine cites that the rules page keeps among the precise decisions (docs/rules), not
#: among the rules a player reads first: their text for an illegal move, ``(game, number) -> (th, en)``.


def rule_text(game: AnyGame, number: int | str, lang: str = "en") -> str | None:
    """The text of rule ``number`` in the rule book of ``game`` (a game facade, its own config), or None.

    An illegal move names its rule by number only (``IllegalActionError.rule``); a player reads the
    rule's words in their language, from the same rule book the rules page shows, or from the
    rules the engine cites beside it (``GameSpec.cited_rules``).
    """
    spec = get_spec(game.name)
    if spec.rulebook is not None:
        for r in spec.rulebook(game.config).rules():
            if r.number is not None and str(r.number) == str(number):
                return r.text(lang)
    extra = spec.cited_rules.get(str(number))
    return None if extra is None else extra[0 if lang == "th" else 1]


def broken_rule(game: AnyGame, error: Exception, lang: str = "en") -> str:
    """``กติกาข้อ 30: <the rule in Thai>`` / ``rule 30: <the rule> (<why this move breaks it>)``.

    The Thai line gives the rule's own text (the engine's reason for this move is English only);
    the English line adds the engine's reason. Without a rule book entry the number and reason stay.
    """
    number = getattr(error, "rule", None)
    reason = getattr(error, "reason", str(error))
    text = rule_text(game, number, lang) if number is not None else None
    if lang == "th":
        head = f"กติกาข้อ {number}" if number is not None else "ผิดกติกา"
        return f"{head}: {text}" if text else head
    head = f"rule {number}" if number is not None else "against the rules"
    return f"{head}: {text} ({reason})" if text else f"{head}: {reason}"
