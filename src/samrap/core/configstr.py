"""The canonical config string shared by every game: ``name(key=value,...)``.

The writer omits defaults and sorts keys, so equal configs give equal strings; the reader
rejects unknown keys and ill-typed values with a :class:`ConfigError` naming the field.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any, TypeVar

from samrap.core.errors import ConfigError

C = TypeVar("C")

_STRING_RE = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*(?:\((.*)\))?\s*$", re.S)


def split_config_string(text: str) -> tuple[str, dict[str, str]]:
    """``dummy(players=3,ace_low=true)`` -> ``("dummy", {"players": "3", "ace_low": "true"})``."""
    m = _STRING_RE.match(text)
    if not m:
        raise ConfigError("config", f"not a config string: {text!r} (expected e.g. dummy(players=3))")
    name, body = m.group(1), m.group(2) or ""
    fields: dict[str, str] = {}
    for part in body.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise ConfigError(part.strip(), f"expected key=value in {text!r}")
        k, v = part.split("=", 1)
        k = k.strip()
        if k in fields:
            raise ConfigError(k, "given twice")
        fields[k] = v.strip()
    return name, fields


def format_value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_value(field: str, text: str, kind: Any) -> object:
    """Convert ``text`` for a dataclass field whose annotation is ``kind`` (a string annotation)."""
    t = text.strip().lower()
    kinds = str(kind).replace(" ", "")
    if t == "none" and "None" in kinds:
        return None
    if kinds.startswith("bool"):
        if t in ("true", "1", "yes", "on"):
            return True
        if t in ("false", "0", "no", "off"):
            return False
        raise ConfigError(field, f"expected true or false, got {text!r}")
    if kinds.startswith("int"):
        try:
            return int(t)
        except ValueError:
            raise ConfigError(field, f"expected a whole number, got {text!r}") from None
    return text.strip()


def config_to_string(name: str, config: object, base: object) -> str:
    """The canonical string of ``config``: fields that differ from ``base``, sorted by name."""
    parts = []
    for f in sorted(dataclasses.fields(config), key=lambda f: f.name):  # type: ignore[arg-type]
        v = getattr(config, f.name)
        if v != getattr(base, f.name):
            parts.append(f"{f.name}={format_value(v)}")
    return f"{name}({','.join(parts)})"


def config_from_fields(cls: type[C], base: C, name: str, fields: dict[str, str]) -> C:
    """Apply string ``fields`` on top of ``base``; unknown names raise ``ConfigError``."""
    known = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, object] = {}
    for k, v in fields.items():
        if k not in known:
            raise ConfigError(k, f"unknown option for {name}; known: {', '.join(sorted(known))}")
        values[k] = parse_value(k, v, known[k].type)
    return dataclasses.replace(base, **values)  # type: ignore[type-var]


def config_from_string(cls: type[C], text: str, name: str, default: C, presets: Mapping[str, C]) -> C:
    """Parse ``name(key=value,...)`` into ``cls``; ``preset=NAME`` starts from that preset.

    The one parser behind every game's ``Config.from_string``.

    Raises:
        ConfigError: the string is malformed, names another game, or a field is unknown or invalid.
    """
    game, fields = split_config_string(text)
    if game != name:
        raise ConfigError("game", f"expected a {name}(...) config, got {game!r}")
    start = default
    if "preset" in fields:
        key = fields.pop("preset").strip().lower()
        if key not in presets:
            raise ConfigError("preset", f"unknown preset {key!r}; known: {', '.join(presets)}")
        start = presets[key]
    return config_from_fields(cls, start, name, fields)


def check_field_types(config: object, choices: Mapping[str, tuple[str, ...]] | None = None) -> None:
    """Check every field of a config dataclass against its annotation (``bool``, ``int``, ``int | None``)
    and ``choices`` for string fields, so a config built in Python is as strict as a parsed one.

    Raises:
        ConfigError: naming the first field with a value of the wrong kind.
    """
    for f in dataclasses.fields(config):  # type: ignore[arg-type]
        v = getattr(config, f.name)
        kind = str(f.type)
        if kind.startswith("bool") and not isinstance(v, bool):
            raise ConfigError(f.name, f"expected true or false, got {v!r}")
        bad_int = isinstance(v, bool) or not isinstance(v, int)
        if kind.startswith("int") and bad_int and not (v is None and "None" in kind):
            raise ConfigError(f.name, f"expected a whole number, got {v!r}")
        if choices and f.name in choices and v not in choices[f.name]:
            raise ConfigError(f.name, f"expected one of {', '.join(choices[f.name])}, got {v!r}")
