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


#: Thai names of presets, options and option values: the web app's words (``preset.*``, ``opt.*`` of
#: i18n.js; ``tests/cli/test_rules_thai.py`` checks they are the same), plus two the lobby never shows.
_TH_WORDS: dict[str, str] = {
    "opt.dummy.players": "จำนวนผู้เล่น",
    "opt.contract.players": "จำนวนผู้เล่น",
    "opt.contract.max_turns": "จำนวนตาสูงสุดในหนึ่งรอบ (กันรอบที่ไม่มีวันจบ)",
    "preset.dummy.classic": "ดั้งเดิม",
    "preset.dummy.modern": "สมัยใหม่ (กติกาแบบแอปไทย)",
    "preset.dummy.seed": "ตามต้นฉบับ (ฝากได้ 2 ใบต่อเกม)",
    "preset.contract.seed": "มาตรฐาน",
    "preset.contract.pagat": "กติกาตามตำรา",
    "preset.contract.liverpool": "ลิเวอร์พูล (ซื้อไพ่ได้)",
    "opt.dummy.hand_size": "จำนวนไพ่ที่แจกต่อคน",
    "opt.dummy.hand_size.none": "ตามจำนวนผู้เล่น (11, 9, 7)",
    "opt.dummy.two_player_burn": "เล่น 2 คน: ไพ่ 5 ใบสุดท้ายไม่ได้ใช้",
    "opt.dummy.ace_low": "เอซเป็นไพ่ต่ำได้ (A-2-3)",
    "opt.dummy.collect_to_layoff": "เก็บไพ่ไปฝากชุดบนโต๊ะได้",
    "opt.dummy.max_layoffs_per_game": "ใบฝากต่อคนต่อเกม",
    "opt.dummy.max_layoffs_per_game.none": "ไม่จำกัด",
    "opt.dummy.layoff_on_layoff": "ฝากต่อจากใบฝากของคนอื่นได้",
    "opt.dummy.fall_on_stock_out": "ตกตึกด้วยเมื่อกองจั่วหมด",
    "opt.dummy.target": "แต้มเป้าหมาย",
    "opt.dummy.ngo_penalty": "แต้มที่เสียเมื่อโง่",
    "opt.dummy.ngo_dark_penalty": "แต้มที่เสียเมื่อโง่ตอนน็อคมืด",
    "opt.dummy.head_bonus": "แต้มโบนัสเมื่อลงหัว",
    "opt.dummy.head_penalty": "แต้มที่เสียเมื่อปี้หัว",
    "opt.dummy.speto_knock": "น็อคคว่ำสเปโตได้ 100 แต้ม",
    "opt.dummy.colour_knock": "น็อคสี ได้แต้มสองเท่า",
    "opt.dummy.discard_layoff_penalty": "แต้มที่เสียเมื่อทิ้งใบฝาก",
    "opt.dummy.discard_full_penalty": "แต้มที่เสียเมื่อทิ้งเต็ม",
    "opt.dummy.speto_layoff_penalty": "แต้มที่เสียเมื่อโดนฝากสเปโต",
    "opt.contract.decks": "จำนวนสำรับที่ใช้",
    "opt.contract.decks.none": "ตามจำนวนผู้เล่น (2 สำรับ หรือ 3 สำรับเมื่อเล่น 6 คนขึ้นไป)",
    "opt.contract.jokers": "จำนวนโจ๊กเกอร์",
    "opt.contract.jokers.none": "ตามกติกาโจ๊กเกอร์",
    "opt.contract.joker_rule": "จำนวนโจ๊กเกอร์ (เมื่อไม่ได้กำหนด)",
    "opt.contract.joker_rule.per_deck": "สำรับละใบ",
    "opt.contract.joker_rule.players_minus_one": "จำนวนผู้เล่นลบหนึ่ง",
    "opt.contract.ten_card_deals": "จำนวนรอบที่แจกคนละ 10 ใบ",
    "opt.contract.set_suits": "ดอกในตอง",
    "opt.contract.set_suits.different": "ห้ามดอกซ้ำ",
    "opt.contract.set_suits.any": "ดอกใดก็ได้",
    "opt.contract.min_run": "เรียงสั้นที่สุด (ใบ)",
    "opt.contract.same_suit_runs": "เรียงดอกเดียวกันในการลงตามสัญญาครั้งเดียว",
    "opt.contract.same_suit_runs.different": "ไม่ได้",
    "opt.contract.same_suit_runs.allowed": "ได้",
    "opt.contract.same_suit_runs.not_adjacent": "ได้ ถ้าไม่ต่อกันเป็นเรียงเดียว",
    "opt.contract.pickup": "การหยิบจากกองทิ้ง",
    "opt.contract.pickup.deep": "หยิบใบที่ลึกลงไปได้ พร้อมไพ่ที่ทับอยู่",
    "opt.contract.pickup.top": "ใบบนสุดเท่านั้น",
    "opt.contract.contract_exact": "ชุดตามสัญญาต้องมีจำนวนใบพอดี",
    "opt.contract.melds_after_down": "ลงชุดใหม่ได้หลังลงตามสัญญาแล้ว",
    "opt.contract.deal7_discard": "รอบที่ 7: ทิ้งใบสุดท้ายตอนหมดมือได้",
    "opt.contract.max_reshuffles": "จำนวนครั้งที่สับกองทิ้งใหม่ก่อนจบรอบ",
    "opt.contract.buying": "ซื้อไพ่ได้",
    "opt.contract.max_buys": "จำนวนครั้งที่ซื้อได้ต่อคนต่อรอบ",
}


def th_word(key: str) -> str | None:
    """The Thai name of ``preset.GAME.NAME`` / ``opt.GAME.FIELD[.VALUE]``, or None."""
    return _TH_WORDS.get(key)


def th_value(game: str, field: str, value: Any) -> str:
    """An option's value in Thai: ใช่/ไม่ for a switch, the named choice's words, or the number."""
    if isinstance(value, bool):
        return "ใช่" if value else "ไม่"
    text = format_value(value)
    named = th_word(f"opt.{game}.{field}.{text}")
    return named if named is not None else text


def th_option(game: str, field: str, value: Any) -> str:
    """``เรียงสั้นที่สุด (ใบ): 3``: an option and its value in Thai."""
    return f"{th_word(f'opt.{game}.{field}') or field}: {th_value(game, field, value)}"


def rules_lines_th(spec: GameSpec) -> list[str]:
    """Every preset and option described in Thai; the Latin names are what ``--preset`` and ``--option`` take."""
    default = spec.default_config
    lines = ["ชุดกติกา (เลือกด้วย --preset ชื่อ):"]
    width = max(len(p) for p in spec.presets)
    for name in spec.presets:
        mark = " (ค่าเริ่มต้น)" if name == spec.default_preset else ""
        lines.append(f"  {name:<{width}}  {th_word(f'preset.{spec.name}.{name}') or name}{mark}")
    fields = dataclasses.fields(spec.config_class)
    base = th_word(f"preset.{spec.name}.{spec.default_preset}") or spec.default_preset
    lines += ["", f"ตัวเลือก (--option ชื่อ=ค่า) ค่าที่แสดงเป็นของชุดกติกา {base}:"]
    name_w = max(len(f.name) for f in fields)
    for f in fields:
        value = getattr(default, f.name)
        others = [
            f"{th_word(f'preset.{spec.name}.{p}') or p}: {th_value(spec.name, f.name, getattr(c, f.name))}"
            for p, c in spec.presets.items()
            if p != spec.default_preset and getattr(c, f.name) != value
        ]
        extra = f"  [{'; '.join(others)}]" if others else ""
        lines.append(f"  {f.name:<{name_w}}  {th_option(spec.name, f.name, value)}{extra}")
    return lines


def book_lines(book: Any, lang: str) -> list[str]:
    """The rule book as text, each section's numbered rules in number order (house rules last)."""
    out = [book.title(lang) + (": กติกา" if lang == "th" else ": rules")]
    for section in book.sections:
        out += ["", section.title(lang)]
        ordered = sorted(section.rules, key=lambda r: (r.number is None, r.number or 0))
        for r in ordered:
            mark = f"{r.number:>2}." if r.number is not None else " •"
            out.append(f"  {mark} {r.text(lang)}")
    return out


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
    if lang == "th":
        which = f"ชุดกติกา {th_word(f'preset.{spec.name}.{name}') or name}" + "".join(
            f", {th_option(spec.name, f.name, getattr(cfg, f.name))}"
            for f in dataclasses.fields(cfg)
            if getattr(cfg, f.name) != getattr(base, f.name)
        )
    else:
        which = f"preset {name}" + "".join(f", {c}" for c in changed)
    lines = book_lines(book, lang)
    lines[0] = f"{lines[0]} ({which})"
    if lang == "th":
        return [*lines, "", *rules_lines_th(spec)]
    return [*lines, "", *rules_lines(spec)]
