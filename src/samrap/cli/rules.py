"""``samrap rules``: a game's presets and options with their defaults, from its config class.

The option descriptions are read from the config dataclass's ``Attributes:`` docstring section, so
the command can never drift from the code that defines the options.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from typing import Any

from samrap.core.configstr import format_value
from samrap.engine.registry import GameSpec

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
