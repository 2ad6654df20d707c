"""Position strings (the FEN analogue) for a full Dummy state and for one seat's view.

One line of ``|``-separated ``key:value`` fields (``docs/notation.md``)::

    dummy(players=2)|play|turn:0|dir:+|starter:1|deck:<52 cards>|stock:23-52|hands:7c8c9c,QsKs
    |row:Qh*,7d1|melds:7h8h9h@0|put:7h8h9h,-|known:-,-|born:1|layoffs:0,0|turnborn:1|ngo:-
    |head:Qh|items:-|scores:0,0|knock:-

A view replaces ``deck``/``stock``/``hands`` with ``seat:N``, ``stock:N`` and ``hands:`` where other
seats show ``?N`` unseen cards plus the cards everyone knows they hold (``?5+7c``).
"""

from __future__ import annotations

from samrap.core.cards import card_str, parse_card
from samrap.core.cardset import CardSet, from_cards, parse_set, set_str
from samrap.core.errors import ConfigError, InvalidNotationError
from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.putdown import table_reach
from samrap.games.dummy.state import PHASE_NAMES, DummyState, LedgerItem, Phase

_PHASES = {v: k for k, v in PHASE_NAMES.items()}


def _cards_str(cards: tuple[int, ...]) -> str:
    return "".join(map(card_str, cards)) or "-"


def _parse_cards_seq(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    out: list[int] = []
    i = 0
    while i < len(text):
        j = i + 2
        if text[i : i + 2] == "10":
            j = i + 3
        out.append(parse_card(text[i:j]))
        i = j
    return tuple(out)


def _row_str(row: tuple[int, ...], by: tuple[int, ...]) -> str:
    return ",".join([card_str(c) + ("*" if b < 0 else str(b)) for c, b in zip(row, by, strict=True)]) or "-"


def _parse_row(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if text == "-":
        return (), ()
    row, by = [], []
    for tok in text.split(","):
        if len(tok) < 3:
            raise InvalidNotationError(f"row entry {tok!r} is not card+seat (e.g. 7d1, or Qh* for the upcard)")
        row.append(parse_card(tok[:2]))
        by.append(-1 if tok[2:] == "*" else _int(tok[2:], "row seat"))
    return tuple(row), tuple(by)


def _melds_str(melds: tuple[CardSet, ...], owners: tuple[int, ...]) -> str:
    return ",".join([f"{set_str(m)}@{o}" for m, o in zip(melds, owners, strict=True)]) or "-"


def _parse_melds(text: str) -> tuple[tuple[CardSet, ...], tuple[int, ...]]:
    if text == "-":
        return (), ()
    melds, owners = [], []
    for tok in text.split(","):
        cards, sep, owner = tok.partition("@")
        if not sep:
            raise InvalidNotationError(f"meld {tok!r} needs its owner: cards@seat")
        melds.append(parse_set(cards))
        owners.append(_int(owner, "meld owner"))
    return tuple(melds), tuple(owners)


def _masks_str(masks: tuple[CardSet, ...]) -> str:
    return ",".join(map(set_str, masks))


def _parse_masks(text: str, n: int, what: str) -> tuple[CardSet, ...]:
    parts = text.split(",")
    if len(parts) != n:
        raise InvalidNotationError(f"{what}: expected {n} entries, got {len(parts)}")
    return tuple(parse_set(p) for p in parts)


def _ints(text: str, n: int, what: str) -> tuple[int, ...]:
    parts = text.split(",")
    if len(parts) != n:
        raise InvalidNotationError(f"{what}: expected {n} numbers, got {len(parts)}")
    return tuple(_int(p, what) for p in parts)


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidNotationError(f"{what}: {text!r} is not a number") from None


def _items_str(items: tuple[LedgerItem, ...]) -> str:
    return ",".join(f"{i.seat}:{i.code}:{i.points}:{i.detail}" for i in items) or "-"


def _parse_items(text: str) -> tuple[LedgerItem, ...]:
    if text == "-":
        return ()
    out = []
    for tok in text.split(","):
        parts = tok.split(":")
        if len(parts) != 4:
            raise InvalidNotationError(f"item {tok!r} is not seat:code:points:detail")
        out.append(LedgerItem(_int(parts[0], "item seat"), parts[1], _int(parts[2], "item points"), parts[3]))
    return tuple(out)


def _born_str(born: int, n: int) -> str:
    return "".join(["1" if born >> q & 1 else "0" for q in range(n)])


def _parse_born(text: str, n: int) -> int:
    if len(text) != n or set(text) - {"0", "1"}:
        raise InvalidNotationError(f"born: expected {n} digits 0/1, got {text!r}")
    return sum(1 << q for q, ch in enumerate(text) if ch == "1")


def _common(
    s: DummyState | DummyView,
) -> list[str]:
    n = s.config.players
    return [
        f"row:{_row_str(s.row, s.row_by)}",
        f"melds:{_melds_str(s.melds, s.meld_owner)}",
        f"put:{_masks_str(s.put_down)}",
        f"known:{_masks_str(s.known)}",
        f"born:{_born_str(s.born, n)}",
        f"layoffs:{','.join(map(str, s.layoffs))}",
        f"turnborn:{int(s.turn_born)}",
        f"ngo:{s.ngo_from if s.ngo_from >= 0 else '-'}",
        f"head:{card_str(s.head)}",
        f"items:{_items_str(s.items)}",
        f"scores:{','.join(map(str, s.scores))}",
        f"knock:{s.knocker if s.knocker >= 0 else '-'}/{card_str(s.knock_card) if s.knock_card >= 0 else '-'}",
    ]


def state_to_string(s: DummyState) -> str:
    head = [
        s.config.to_string(),
        PHASE_NAMES[s.phase],
        f"turn:{s.current}",
        f"dir:{'+' if s.direction > 0 else '-'}",
        f"starter:{s.starter}",
        f"deck:{_cards_str(s.deck)}",
        f"stock:{s.stock_pos}-{s.stock_end}",
        f"hands:{_masks_str(s.hands)}",
    ]
    return "|".join(head + _common(s))


def view_to_string(v: DummyView) -> str:
    hands = []
    for q in range(v.config.players):
        if q == v.seat:
            hands.append(set_str(v.hand))
        elif v.revealed:
            hands.append(set_str(v.revealed[q]))
        else:
            unseen = v.hand_sizes[q] - v.known[q].bit_count()
            hands.append(f"?{unseen}" + (f"+{set_str(v.known[q])}" if v.known[q] else ""))
    head = [
        v.config.to_string(),
        PHASE_NAMES[v.phase],
        f"seat:{v.seat}",
        f"turn:{v.current}",
        f"dir:{'+' if v.direction > 0 else '-'}",
        f"starter:{v.starter}",
        f"stock:{v.stock_size}",
        f"hands:{','.join(hands)}",
    ]
    return "|".join(head + _common(v))


def _fields(text: str, keys: list[str]) -> tuple[DummyConfig, Phase, dict[str, str]]:
    parts = text.strip().split("|")
    if len(parts) != len(keys) + 2:
        raise InvalidNotationError(
            f"a Dummy position has {len(keys) + 2} |-separated fields, this one has {len(parts)}"
        )
    try:
        config = DummyConfig.from_string(parts[0])
    except ConfigError as e:  # a bad config inside a position is a notation error
        raise InvalidNotationError(f"config {parts[0]!r}: {e}") from e
    if parts[1] not in _PHASES:
        raise InvalidNotationError(f"unknown phase {parts[1]!r}; one of {', '.join(_PHASES)}")
    out: dict[str, str] = {}
    for key, part in zip(keys, parts[2:], strict=True):
        k, sep, val = part.partition(":")
        if k != key or not sep:
            raise InvalidNotationError(f"expected field {key}:..., got {part!r}")
        out[key] = val
    return config, _PHASES[parts[1]], out


_COMMON_KEYS = [
    "row",
    "melds",
    "put",
    "known",
    "born",
    "layoffs",
    "turnborn",
    "ngo",
    "head",
    "items",
    "scores",
    "knock",
]


def _parse_common(f: dict[str, str], n: int) -> dict[str, object]:
    row, row_by = _parse_row(f["row"])
    melds, owners = _parse_melds(f["melds"])
    knocker, _, kcard = f["knock"].partition("/")
    return {
        "row": row,
        "row_by": row_by,
        "melds": melds,
        "meld_owner": owners,
        "put_down": _parse_masks(f["put"], n, "put"),
        "known": _parse_masks(f["known"], n, "known"),
        "born": _parse_born(f["born"], n),
        "layoffs": _ints(f["layoffs"], n, "layoffs"),
        "turn_born": f["turnborn"] == "1",
        "ngo_from": -1 if f["ngo"] == "-" else _int(f["ngo"], "ngo"),
        "head": parse_card(f["head"]),
        "items": _parse_items(f["items"]),
        "scores": _ints(f["scores"], n, "scores"),
        "knocker": -1 if knocker == "-" else _int(knocker, "knocker"),
        "knock_card": -1 if kcard in ("-", "") else parse_card(kcard),
    }


def state_from_string(text: str) -> DummyState:
    """Parse a full position string.

    Raises:
        InvalidNotationError: the text is malformed, or its cards are not the 52 cards once each.
    """
    keys = ["turn", "dir", "starter", "deck", "stock", "hands", *_COMMON_KEYS]
    config, phase, f = _fields(text, keys)
    n = config.players
    deck = _parse_cards_seq(f["deck"])
    if sorted(deck) != list(range(52)):
        raise InvalidNotationError("deck: must list the 52 cards once each")
    pos, _, end = f["stock"].partition("-")
    common = _parse_common(f, n)
    s = DummyState(
        config=config,
        phase=phase,
        current=_int(f["turn"], "turn"),
        direction=1 if f["dir"] == "+" else -1,
        starter=_int(f["starter"], "starter"),
        deck=deck,
        stock_pos=_int(pos, "stock position"),
        stock_end=_int(end, "stock end"),
        hands=_parse_masks(f["hands"], n, "hands"),
        row_cards=from_cards(common["row"]),  # type: ignore[arg-type]
        reach=table_reach(common["melds"], config.ace_low),
        **common,  # type: ignore[arg-type]
    )
    _check_conservation(s)
    return s


def _check_conservation(s: DummyState) -> None:
    """Every card is in exactly one place: a hand, the row, the table, the stock or out of play."""
    places: list[CardSet] = [*s.hands, from_cards(s.row), *s.melds, from_cards(s.deck[s.stock_pos :])]
    if s.knock_card >= 0:
        places.append(1 << s.knock_card)
    seen = 0
    for m in places:
        if seen & m:
            raise InvalidNotationError(f"cards {set_str(seen & m)} are in two places")
        seen |= m
    if seen != (1 << 52) - 1:
        raise InvalidNotationError(f"cards {set_str(((1 << 52) - 1) & ~seen)} are nowhere")
    n = s.config.players
    if not 0 <= s.current < n:
        raise InvalidNotationError(f"turn: seat {s.current} does not exist")
    # Seat numbers and the stock bounds, so that a parsed position writes back the same string.
    seats = [("starter", s.starter), *(("meld owner", o) for o in s.meld_owner)]
    seats += [("ngo", s.ngo_from), ("knocker", s.knocker), *(("row seat", b) for b in s.row_by)]
    for what, q in seats:
        if not (-1 if what in ("ngo", "knocker", "row seat") else 0) <= q < n:
            raise InvalidNotationError(f"{what}: seat {q} does not exist")
    if not 0 <= s.stock_pos <= s.stock_end <= 52:
        raise InvalidNotationError(f"stock: {s.stock_pos}-{s.stock_end} is not a part of the deck")


def view_from_string(text: str) -> DummyView:
    """Parse a view position string (hidden cards as ``?N``)."""
    keys = ["seat", "turn", "dir", "starter", "stock", "hands", *_COMMON_KEYS]
    config, phase, f = _fields(text, keys)
    n = config.players
    seat = _int(f["seat"], "seat")
    parts = f["hands"].split(",")
    if len(parts) != n:
        raise InvalidNotationError(f"hands: expected {n} entries")
    common = _parse_common(f, n)
    sizes = []
    hand = 0
    revealed: list[CardSet] = []
    for q, part in enumerate(parts):
        if part.startswith("?"):
            count, _, known = part[1:].partition("+")
            sizes.append(_int(count, "hidden count") + parse_set(known or "-").bit_count())
        else:
            m = parse_set(part)
            sizes.append(m.bit_count())
            revealed.append(m)
            if q == seat:
                hand = m
    over = phase is Phase.OVER
    return DummyView(
        seat=seat,
        config=config,
        phase=phase,
        current=_int(f["turn"], "turn"),
        direction=1 if f["dir"] == "+" else -1,
        starter=_int(f["starter"], "starter"),
        hand=hand,
        hand_sizes=tuple(sizes),
        stock_size=_int(f["stock"], "stock"),
        revealed=tuple(revealed) if over else (),
        **common,  # type: ignore[arg-type]
    )
