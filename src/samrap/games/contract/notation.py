"""Position strings (the FEN analogue) for a full Contract Rummy state and for one seat's view.

One line of ``|``-separated fields, the config string first, then the phase, then ``key:value``
fields (``docs/notation-contract.md``)::

    contract()|play|deal:1|dealer:0|turn:1|claim:-|hands:<4 hands>|known:<4 sets>|stock:<cards>
    |pile:<cards>|melds:0:7c7d*1=7h,2:5s6s7s'|down:1010|wentdown:0|forbid:-|deep:-|pending:-
    |buys:0,0,0,0|reshuffles:0|seed:77|turns:9|scores:0,0,0,0|out:-

Cards are physical (``7h`` deck 0, ``7h'`` deck 1, ``*0`` joker 0; see :mod:`cards`). Hands and
other sets are sorted by face; the stock is in draw order and the pile oldest first. A meld is
``owner:cards`` in meld order, its jokers written ``*k=face``. A view replaces ``seed`` and the
stock's cards with the stock's size, adds ``seat:N``, and writes hidden hands as ``?N`` (their
size; the cards everyone saw are in ``known``). A go-down being put down a meld at a time adds a
last field, ``staging:7c7d7h,5s6s*7s8s`` (the melds chosen so far, their cards still in the hand),
to the position and to the mover's own view only; with nothing staged the field is left out, so
every other string reads as before.
"""

from __future__ import annotations

from samrap.core.cards import parse_card
from samrap.core.cardset import RANK_MASKS
from samrap.core.errors import InvalidNotationError
from samrap.games.contract.cards import JOKER, Pack, face_str, lowest
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.melds import (
    ANY_SUITS,
    SET,
    Spec,
    TableMeld,
    make_meld,
    ordered_faces,
    parse_spec,
    shape,
    sort_specs,
    spec_shape,
)
from samrap.games.contract.observe import ContractView
from samrap.games.contract.state import PHASE_NAMES, ContractState, Phase

_PHASES = {v: k for k, v in PHASE_NAMES.items()}


def _seq_str(pack: Pack, cards: tuple[int, ...]) -> str:
    return "".join(pack.card_text(c) for c in cards) or "-"


def _parse_seq(pack: Pack, text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    out = []
    for pid, declared in pack.parse_ids(text):
        if declared >= 0:
            raise InvalidNotationError(f"only jokers on the table carry a declared identity: {text!r}")
        out.append(pid)
    return tuple(out)


def meld_str(pack: Pack, m: TableMeld) -> str:
    """``owner:cards`` with the cards in meld order and jokers as ``*k=face``."""
    parts = []
    if m.any_suits:  # a set of any suits: its naturals by face and copy, then its jokers
        parts = [pack.card_text(pid) for pid in pack.sorted_ids(m.cards & ~pack.jokers_mask)]
        parts += [f"{pack.card_text(j)}={face_str(f)}" for j, f in m.jokers]
        return f"{m.owner}:{''.join(parts)}"
    declared = {f: j for j, f in m.jokers}
    for f in ordered_faces(m.faces):
        if f in declared:
            parts.append(f"{pack.card_text(declared[f])}={face_str(f)}")
        else:
            parts.append(pack.card_text((m.cards & pack.face_masks[f] & ~pack.jokers_mask).bit_length() - 1))
    return f"{m.owner}:{''.join(parts)}"


def _parse_meld(pack: Pack, text: str, any_suits: bool = False) -> TableMeld:
    """One table meld; with ``any_suits`` (``set_suits = any``) every set is a set of any suits
    and may hold a face more than once."""
    owner, sep, cards_text = text.partition(":")
    if not sep:
        raise InvalidNotationError(f"meld {text!r} needs its owner: seat:cards")
    faces = cards = 0
    repeated = False
    jokers = []
    for pid, declared in pack.parse_ids(cards_text):
        if pack.is_joker(pid):
            if declared < 0:
                raise InvalidNotationError(f"a joker on the table shows what it stands for (*0=7h): {text!r}")
            face = declared
            jokers.append((pid, face))
        else:
            face = pack.faces[pid]
        if cards >> pid & 1:
            raise InvalidNotationError(f"meld {text!r} holds a card twice")
        if faces >> face & 1:
            if not any_suits:
                raise InvalidNotationError(f"meld {text!r} holds a face twice")
            repeated = True
        faces |= 1 << face
        cards |= 1 << pid
    sh = shape(faces)
    if any_suits and faces and faces & ~RANK_MASKS[lowest(faces) % 13] == 0:
        sh = (SET, lowest(faces) % 13, ANY_SUITS, ANY_SUITS) if cards.bit_count() >= 3 else None
    elif repeated:
        sh = None
    if sh is None:
        raise InvalidNotationError(f"meld {text!r} is neither a set nor a run")
    return make_meld(_int(owner, "meld owner"), sh, faces, cards, tuple(jokers))


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidNotationError(f"{what}: {text!r} is not a number") from None


def _ints(text: str, n: int, what: str) -> tuple[int, ...]:
    parts = text.split(",")
    if len(parts) != n:
        raise InvalidNotationError(f"{what}: expected {n} numbers, got {len(parts)}")
    return tuple(_int(p, what) for p in parts)


def _masks(pack: Pack, text: str, n: int, what: str) -> tuple[int, ...]:
    parts = text.split(",")
    if len(parts) != n:
        raise InvalidNotationError(f"{what}: expected {n} entries, got {len(parts)}")
    return tuple(pack.parse_mask(p) for p in parts)


def _flags_str(mask: int, n: int) -> str:
    return "".join("1" if mask >> q & 1 else "0" for q in range(n))


def _parse_flags(text: str, n: int, what: str) -> int:
    if len(text) != n or set(text) - {"0", "1"}:
        raise InvalidNotationError(f"{what}: expected {n} digits 0/1, got {text!r}")
    return sum(1 << q for q, ch in enumerate(text) if ch == "1")


def _opt(v: int) -> str:
    return "-" if v < 0 else str(v)


def _parse_opt(text: str, what: str) -> int:
    return -1 if text == "-" else _int(text, what)


def _common(s: ContractState | ContractView) -> list[str]:
    pack = s.config.pack
    n = s.config.players
    return [
        f"known:{','.join(pack.mask_text(k) for k in s.known)}",
        f"pile:{_seq_str(pack, s.pile)}",
        f"melds:{','.join(meld_str(pack, m) for m in s.melds) or '-'}",
        f"down:{_flags_str(s.down, n)}",
        f"wentdown:{int(s.went_down)}",
        f"forbid:{'-' if s.forbid < 0 else face_str(s.forbid)}",
        f"deep:{'-' if s.deep < 0 else pack.card_text(s.deep)}",
        f"pending:{pack.mask_text(s.pending)}",
        f"buys:{','.join(map(str, s.buys))}",
        f"reshuffles:{s.reshuffles}",
    ]


def _head(s: ContractState | ContractView) -> list[str]:
    return [
        f"deal:{s.deal}",
        f"dealer:{s.dealer}",
        f"turn:{s.current}",
        f"claim:{_opt(s.claimer)}",
    ]


def _tail(s: ContractState | ContractView) -> list[str]:
    tail = [f"turns:{s.turns}", f"scores:{','.join(map(str, s.scores))}", f"out:{_opt(s.out)}"]
    if s.staging:
        tail.append(f"staging:{','.join(m.text() for m in s.staging)}")
    return tail


def _parse_staging(config: ContractConfig, phase: Phase, text: str | None) -> tuple[Spec, ...]:
    """The ``staging`` field: melds of the contract in ``Spec.order_key`` order, in the play phase."""
    if text is None:
        return ()
    if phase is not Phase.PLAY:
        raise InvalidNotationError("staging: a go-down is put down a meld at a time only in the play phase")
    specs = tuple(parse_spec(t) for t in text.split(","))
    for m in specs:
        if not m.nat or spec_shape(m, config.set_suits == "any") is None:
            raise InvalidNotationError(f"staging: {m.text()} is not a meld")
    if sort_specs(specs) != specs:
        raise InvalidNotationError(f"staging: the melds are in the order G lists them (sets first): {text!r}")
    return specs


def state_to_string(s: ContractState) -> str:
    pack = s.config.pack
    hands = ",".join(pack.mask_text(h) for h in s.hands)
    head = [s.config.to_string(), PHASE_NAMES[s.phase], *_head(s), f"hands:{hands}", f"stock:{_seq_str(pack, s.stock)}"]
    return "|".join([*head, *_common(s), f"seed:{s.seed}", *_tail(s)])


def view_to_string(v: ContractView) -> str:
    pack = v.config.pack
    hands = []
    for q in range(v.config.players):
        if v.revealed:
            hands.append(pack.mask_text(v.revealed[q]))
        elif q == v.seat:
            hands.append(pack.mask_text(v.hand))
        else:
            hands.append(f"?{v.hand_sizes[q]}")
    head = [v.config.to_string(), PHASE_NAMES[v.phase], f"seat:{v.seat}", *_head(v)]
    return "|".join([*head, f"hands:{','.join(hands)}", f"stock:{v.stock_size}", *_common(v), *_tail(v)])


_HEAD = ["deal", "dealer", "turn", "claim", "hands", "stock"]
_COMMON = ["known", "pile", "melds", "down", "wentdown", "forbid", "deep", "pending", "buys", "reshuffles"]
_TAIL = ["turns", "scores", "out"]
#: Fields written only when they hold something (a go-down under way), after every other.
_OPTIONAL = ["staging"]


def _fields(text: str, keys: list[str]) -> tuple[ContractConfig, Phase, dict[str, str]]:
    parts = text.strip().split("|")
    extra = len(parts) - len(keys) - 2
    if not 0 <= extra <= len(_OPTIONAL):
        raise InvalidNotationError(f"this position has {len(keys) + 2} |-separated fields, not {len(parts)}")
    keys = [*keys, *_OPTIONAL[:extra]]
    config = ContractConfig.from_string(parts[0])
    if parts[1] not in _PHASES:
        raise InvalidNotationError(f"unknown phase {parts[1]!r}; one of {', '.join(_PHASES)}")
    out: dict[str, str] = {}
    for key, part in zip(keys, parts[2:], strict=True):
        k, sep, val = part.partition(":")
        if k != key or not sep:
            raise InvalidNotationError(f"expected field {key}:..., got {part!r}")
        out[key] = val
    return config, _PHASES[parts[1]], out


def _parse_common(config: ContractConfig, f: dict[str, str]) -> dict[str, object]:
    pack = config.pack
    n = config.players
    forbid = f["forbid"]
    deep = _parse_seq(pack, f["deep"])
    if len(deep) > 1:
        raise InvalidNotationError(f"deep: one card or -, got {f['deep']!r}")
    any_suits = config.set_suits == "any"
    melds = () if f["melds"] == "-" else tuple(_parse_meld(pack, t, any_suits) for t in f["melds"].split(","))
    return {
        "deal": _int(f["deal"], "deal"),
        "dealer": _int(f["dealer"], "dealer"),
        "current": _int(f["turn"], "turn"),
        "claimer": _parse_opt(f["claim"], "claim"),
        "known": _masks(pack, f["known"], n, "known"),
        "pile": _parse_seq(pack, f["pile"]),
        "melds": melds,
        "down": _parse_flags(f["down"], n, "down"),
        "went_down": f["wentdown"] == "1",
        "forbid": -1 if forbid == "-" else JOKER if forbid == "*" else parse_card(forbid),
        "deep": deep[0] if deep else -1,
        "pending": pack.parse_mask(f["pending"]),
        "buys": _ints(f["buys"], n, "buys"),
        "reshuffles": _int(f["reshuffles"], "reshuffles"),
        "turns": _int(f["turns"], "turns"),
        "scores": _ints(f["scores"], n, "scores"),
        "out": _parse_opt(f["out"], "out"),
    }


def state_from_string(text: str) -> ContractState:
    """Parse a full position string.

    Raises:
        InvalidNotationError: the text is malformed, or its cards are not the pack once each.
    """
    config, phase, f = _fields(text, [*_HEAD, *_COMMON, "seed", *_TAIL])
    pack = config.pack
    s = ContractState(
        config=config,
        phase=phase,
        hands=_masks(pack, f["hands"], config.players, "hands"),
        stock=_parse_seq(pack, f["stock"]),
        seed=_int(f["seed"], "seed"),
        staging=_parse_staging(config, phase, f.get("staging")),
        **_parse_common(config, f),  # type: ignore[arg-type]
    )
    check_state(s)
    return s


def check_state(s: ContractState) -> None:
    """Every physical card is in exactly one place, and the seats and deal number exist.

    Raises:
        InvalidNotationError: the state is not a possible position.
    """
    pack = s.config.pack
    n = s.config.players
    places = [*s.hands, *(m.cards for m in s.melds)]
    for c in (*s.stock, *s.pile):
        places.append(1 << c)
    seen = 0
    for m in places:
        if seen & m:
            raise InvalidNotationError(f"cards {pack.mask_text(seen & m)} are in two places")
        seen |= m
    if seen != pack.full:
        raise InvalidNotationError(f"cards {pack.mask_text(pack.full & ~seen)} are nowhere")
    if not 1 <= s.deal <= 7:
        raise InvalidNotationError(f"deal: {s.deal} is not 1..7")
    for what, seat in (("turn", s.current), ("dealer", s.dealer)):
        if not 0 <= seat < n:
            raise InvalidNotationError(f"{what}: seat {seat} does not exist")
    if any(k & ~h for k, h in zip(s.known, s.hands, strict=True)):
        raise InvalidNotationError("known: a known card is not in that seat's hand")
    if s.pending & ~s.hands[s.current]:
        raise InvalidNotationError("pending: a pending joker is not in the hand of the player in turn")
    if s.staging:
        if s.down >> s.current & 1:
            raise InvalidNotationError("staging: the player in turn has gone down already")
        _check_staged_in_hand(pack, s.hands[s.current], s.staging)


def _check_staged_in_hand(pack: Pack, hand: int, staging: tuple[Spec, ...]) -> None:
    """The staged melds' cards are all in the hand of the player in turn (they stay there)."""
    layers, jokers = pack.face_layers(hand)
    need = [0] * 53
    for m in staging:
        need[JOKER] += m.jok.bit_count()
        for layer in (m.nat, *m.more):
            for f in range(52):
                need[f] += layer >> f & 1
    short = [f for f in range(52) if need[f] and (need[f] > len(layers) or not layers[need[f] - 1] >> f & 1)]
    if short or need[JOKER] > jokers:
        what = ", ".join(face_str(f) for f in short) or "jokers"
        raise InvalidNotationError(f"staging: the staged melds need cards not in the hand ({what})")


def view_from_string(text: str) -> ContractView:
    """Parse a view position string (hidden hands as ``?N``).

    Raises:
        InvalidNotationError: the text is malformed.
    """
    config, phase, f = _fields(text, ["seat", *_HEAD, *_COMMON, *_TAIL])
    pack = config.pack
    n = config.players
    seat = _int(f["seat"], "seat")
    if not 0 <= seat < n:
        raise InvalidNotationError(f"seat: {seat} does not exist")
    parts = f["hands"].split(",")
    if len(parts) != n:
        raise InvalidNotationError(f"hands: expected {n} entries, got {len(parts)}")
    sizes = []
    shown: list[int] = []
    for q, part in enumerate(parts):
        if part.startswith("?"):
            if q == seat:
                raise InvalidNotationError("hands: the viewing seat's own hand is shown")
            sizes.append(_int(part[1:], "hidden hand size"))
        else:
            m = pack.parse_mask(part)
            sizes.append(m.bit_count())
            shown.append(m)
    over = phase is Phase.OVER
    if over and len(shown) != n:
        raise InvalidNotationError("hands: at the end of a deal every hand is shown")
    return ContractView(
        seat=seat,
        config=config,
        phase=phase,
        hand=pack.parse_mask(parts[seat]),
        hand_sizes=tuple(sizes),
        stock_size=_int(f["stock"], "stock"),
        revealed=tuple(shown) if over else (),
        staging=_parse_staging(config, phase, f.get("staging")),
        **_parse_common(config, f),  # type: ignore[arg-type]
    )
