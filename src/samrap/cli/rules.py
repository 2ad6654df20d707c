"""``samrap rules``: the rules of a preset (with options) in words, then every preset and option.

The words come from the game's rule book (``engine.rulebooks``), written from the config being
described, the same text the web rules page shows. The option descriptions are read from the config
dataclass's ``Attributes:`` docstring section, so the command can never drift from the code.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from typing import Any

from samrap.core.configstr import format_value
from samrap.core.errors import ConfigError
from samrap.engine.registry import GAMES, GameSpec, configure, get_spec
from samrap.engine.rulebooks import rulebook

_ATTR = re.compile(r"^(\s+)([a-z_][a-z0-9_]*(?:, [a-z_][a-z0-9_]*)*): (.*)$")


def option_docs(config_class: type[Any]) -> dict[str, str]:
    """``name -> description`` from the class docstring's ``Attributes:`` section."""
    doc = inspect.getdoc(config_class) or ""
    out: dict[str, str] = {}
    in_attrs = False
    current: list[str] = []
    for line in doc.splitlines():
        if line.strip() == "Attributes:":
            in_attrs = True
            continue
        if not in_attrs:
            continue
        if line and not line.startswith(" "):
            break  # the next section
        m = _ATTR.match(line)
        if m and len(m.group(1)) <= 4:
            current = [n.strip() for n in m.group(2).split(",")]
            for name in current:
                out[name] = m.group(3).strip()
        elif line.strip() and current:
            for name in current:
                out[name] += " " + line.strip()
    return out


def _type_name(f: dataclasses.Field[Any]) -> str:
    return str(f.type).replace(" ", "").replace("|None", "|none")


def rules_lines(spec: GameSpec) -> list[str]:
    docs = option_docs(spec.config_class)
    default = spec.default_config
    lines = [f"{spec.title}: {spec.name}", "", "Presets (use --preset NAME, or preset=NAME in a config string):"]
    width = max(len(p) for p in spec.presets)
    for name, config in spec.presets.items():
        mark = "  (default)" if name == spec.default_preset else ""
        lines.append(f"  {name:<{width}}  {config.to_string()}{mark}")
    fields = dataclasses.fields(spec.config_class)
    lines += ["", f"Options (--config 'key=value,...' or {spec.name}(key=value,...)); default = {spec.default_preset}:"]
    name_w = max(len(f.name) for f in fields)
    type_w = max(len(_type_name(f)) for f in fields)
    val_w = max(len(format_value(getattr(default, f.name))) for f in fields)
    for f in fields:
        value = format_value(getattr(default, f.name))
        others = [
            f"{p}={format_value(getattr(c, f.name))}"
            for p, c in spec.presets.items()
            if p != spec.default_preset and getattr(c, f.name) != getattr(default, f.name)
        ]
        extra = f" [{', '.join(others)}]" if others else ""
        desc = docs.get(f.name, "").replace("``", "")
        lines.append(f"  {f.name:<{name_w}}  {_type_name(f):<{type_w}}  {value:<{val_w}}  {desc}{extra}")
    return lines


def option_text(options: list[str], config: str | None) -> str | None:
    """``--option k=v`` (repeated) and ``--config 'k=v,...'`` as one options string, or ``None``.

    Raises:
        ConfigError: an ``--option`` is not written ``key=value``.
    """
    parts = []
    for o in options:
        key, eq, value = o.partition("=")
        if not eq or not key.strip() or not value.strip() or "," in o:
            raise ConfigError("option", f"write each --option as key=value, not {o!r}")
        parts.append(f"{key.strip()}={value.strip()}")
    if config:
        parts.append(config)
    return ",".join(parts) or None


def rules_command_lines(game: str, preset: str | None, options: list[str], config: str | None, lang: str) -> list[str]:
    """What ``samrap rules`` prints: the chosen rules in words (``lang``), then the presets and options.

    Raises:
        ConfigError: an unknown game or preset, or a bad option (naming the field).
    """
    bare = game.strip().lower()
    if bare.isidentifier() and not any(bare in g.presets for g in GAMES.values()):
        get_spec(bare)  # an unknown game gets the registry's own message
    spec, cfg = configure(game, preset=preset, options=option_text(options, config))
    book = rulebook(spec, cfg)
    name = book.preset or (preset or spec.default_preset).strip().lower()
    base = spec.presets.get(name, spec.default_config)
    changed = [
        f"{f.name}={format_value(getattr(cfg, f.name))}"
        for f in dataclasses.fields(cfg)
        if getattr(cfg, f.name) != getattr(base, f.name)
    ]
    which = (f"preset {name}" if lang == "en" else f"ชุดกติกา {name}") + "".join(f", {c}" for c in changed)
    lines = book.lines(lang)
    lines[0] = f"{lines[0]} ({which})"
    if lang == "th":  # the preset and option list is the config's own (English) vocabulary
        return [*lines, "", f"ชุดกติกาและตัวเลือกทั้งหมด: samrap rules {spec.name} --lang en"]
    return [*lines, "", *rules_lines(spec)]
