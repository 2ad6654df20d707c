"""Each registered game's rule book for a config: the one description ``samrap rules`` and the web
rules page (``GET /api/rules/{game}``) both show, so the two can never say different things."""

from __future__ import annotations

from typing import Any

from samrap.core.errors import ConfigError
from samrap.core.rulebook import RuleBook
from samrap.engine.registry import GameSpec, configure, get_spec


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


#: Rules the engine cites that the rules page keeps among the precise decisions (docs/rules), not
#: among the rules a player reads first: their text for an illegal move, ``(game, number) -> (th, en)``.
CITED: dict[tuple[str, str], tuple[str, str]] = {
    ("dummy", "30"): (
        "ลำดับในตา: ต้องจั่วหรือเก็บหนึ่งครั้งก่อน แล้วจึงลงชุด ฝาก หรือน็อค",
        "Order in a turn: exactly one draw or collect comes first; melds, lay-offs and the knock only after it.",
    ),
    ("dummy", "31"): (
        "ชุดที่ลงตอนเก็บ ใช้ได้เฉพาะไพ่ที่เก็บ ไพ่ที่ได้มาพร้อมกัน และไพ่ที่อยู่ในมือก่อนเก็บ",
        "A collect's meld may use only the target, the cards taken with it and cards held before the collect.",
    ),
    ("dummy", "40"): (
        "ตัวเลือกของโต๊ะจำกัดการฝาก: จำนวนครั้งที่ฝากได้ในเกม หรือต้องฝากติดกับไพ่ที่เจ้าของชุดลงเอง",
        "The table's options limit lay-offs: how many a player may make in a game, or only next to cards"
        " the meld's owner put down.",
    ),
    ("contract", "24"): (
        "ไพ่ที่หยิบลึกต้องลงโต๊ะภายในตานั้น: ในการลงตามสัญญา การฝาก หรือแลกแทนโจ๊กเกอร์",
        "A deep pick-up's card must be on the table by the end of the turn: in the go-down, a lay-off,"
        " or swapped in for a joker.",
    ),
    ("contract", "25"): (
        "ห้ามทิ้งไพ่ที่เพิ่งหยิบจากบนสุดของกองทิ้ง หรือไพ่หน้าเดียวกับใบนั้น",
        "You may not discard the card you took from the top of the discard pile, nor a card of the same face.",
    ),
    ("contract", "27"): (
        "เรียงที่ลงตามสัญญาพร้อมกันต้องเป็นคนละดอก หรือตามตัวเลือกของโต๊ะ เรียงดอกเดียวกันต้องไม่ต่อกัน",
        "Runs put down together must be of different suits, or under the table's option, runs of one suit"
        " must not join.",
    ),
    ("contract", "32"): (
        "การเดินนี้ไม่ใช่การเดินของคอนแทรครัมมี่",
        "That is not a Contract Rummy move.",
    ),
}


def rule_text(game: Any, number: int | str, lang: str = "en") -> str | None:
    """The text of rule ``number`` in the rule book of ``game`` (a game facade, its own config), or None.

    An illegal move names its rule by number only (``IllegalActionError.rule``); a player reads the
    rule's words in their language, from the same rule book the rules page shows.
    """
    spec = get_spec(game.name)
    for r in rulebook(spec, game.config).rules():
        if r.number is not None and str(r.number) == str(number):
            return r.text(lang)
    extra = CITED.get((game.name, str(number)))
    return None if extra is None else extra[0 if lang == "th" else 1]


def broken_rule(game: Any, error: Any, lang: str = "en") -> str:
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
