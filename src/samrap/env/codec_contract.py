"""The Contract Rummy action codec: a fixed integer id for every action under one ``ContractConfig``.

Actions name faces, never physical copies (``games/contract/actions.py``), so most ids come
straight from an action's fields. Id layout (``P`` = the pack size, 106 by default (2 decks, 2 jokers); ``T`` = P // 3
table meld slots; ``M`` = the meld face masks of one deck under the config (with ``set_suits = any``
also the one- and two-face masks of a rank: a set may repeat faces); ``G`` = ``go_down_variants``,
default 1024; ``J`` = ``meld_variants``, default 8)::

    draw        1        D
    pickup      P        P<depth>: the depth (0 = the top discard)
    claim       1        C (liverpool's buy)
    pass        1        - (decline the buy)
    go_down     G        G ...: the go-down's rank among the state's legal go-downs, ordered by the
                         points they take out of the hand (most first), then in legal order
    meld        M*J      M <meld> (only with melds_after_down): face-mask id * J + rank among the legal
                         melds with the same faces (they differ in which faces jokers stand for)
    layoff      52*T*2   L [*]<face>><t>: (face * T + t) * 2 + (1 for a joker)
    exchange    52*T     E <face>><t>: face * T + t
    discard     53       X <face>: the face (52 = a joker)

Two caps, like Dummy's knock cap: go-downs past the ``G``-th and melds past the ``J``-th variant of
their faces get no id (they are left out of the mask; ``encode`` raises :class:`CodecError`). In
seeded random play one liverpool position had 564 legal go-downs (jokers standing for different
faces multiply them) and no state had more than 3 meld variants (``docs/env.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from samrap.core.cardset import RANK_MASKS, set_str
from samrap.env.codec import CodecError, Segment, segment_of
from samrap.games.contract import rules
from samrap.games.contract.actions import (
    CLAIM,
    DRAW,
    PASS,
    Claim,
    ContractAction,
    Discard,
    Draw,
    Exchange,
    GoDown,
    LayOff,
    Meld,
    Pass,
    PickUp,
)
from samrap.games.contract.cards import JOKER, face_str, face_value
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.melds import pos_face
from samrap.games.contract.state import ContractState

GO_DOWN_VARIANTS = 1024
MELD_VARIANTS = 8


@cache
def meld_faces(min_run: int, any_suits: bool = False) -> tuple[int, ...]:
    """Every meld face mask (sets of 3-4 suits of a rank; runs of ``min_run``+ with the ace low or high), ascending.

    With ``any_suits`` (``set_suits = any``) a set may repeat faces, so its face mask is any
    non-empty set of its rank's faces (one or two faces too: ``7h7h7h``, ``7h7h7s``).
    """
    out: set[int] = set()
    for r in range(13):
        full = RANK_MASKS[r]
        out.add(full)
        for s in range(4):
            out.add(full & ~(1 << (13 * s + r)))
        if any_suits:
            for pattern in range(1, 16):
                out.add(sum(1 << (13 * s + r) for s in range(4) if pattern >> s & 1))
    for s in range(4):
        for lo in range(14):
            for hi in range(lo + min_run - 1, 14):
                if lo == 0 and hi == 13:
                    continue
                m = 0
                for p in range(lo, hi + 1):
                    m |= 1 << pos_face(s, p)
                out.add(m)
    return tuple(sorted(out))


def go_down_value(a: GoDown) -> int:
    """Penalty points a go-down takes out of the hand (naturals at face value, jokers 15)."""
    total = 0
    for spec in a.melds:
        for nat in (spec.nat, *spec.more):
            while nat:
                low = nat & -nat
                total += face_value(low.bit_length() - 1)
                nat ^= low
        total += face_value(JOKER) * spec.jok.bit_count()
    return total


def _ranked_go_downs(legal: Sequence[ContractAction]) -> list[GoDown]:
    gds = [a for a in legal if isinstance(a, GoDown)]
    return sorted(gds, key=go_down_value, reverse=True)  # stable: legal order breaks ties


class ContractCodec:
    """Actions <-> ids for Contract Rummy under ``config`` (see the module docstring)."""

    def __init__(
        self,
        config: ContractConfig,
        *,
        go_down_variants: int = GO_DOWN_VARIANTS,
        meld_variants: int = MELD_VARIANTS,
    ) -> None:
        if go_down_variants < 1 or meld_variants < 1:
            raise ValueError("go_down_variants and meld_variants must be at least 1")
        self.config = config
        self.go_down_variants = go_down_variants
        self.meld_variants = meld_variants
        self.pack = config.pack_size
        self.slots = self.pack // 3
        self.melds = meld_faces(config.min_run, config.set_suits == "any")
        self._meld_id = {m: i for i, m in enumerate(self.melds)}
        t = self.slots
        sizes = [
            ("draw", 1, "0: draw from the stock"),
            ("pickup", self.pack, "depth in the discard pile (0 = top)"),
            ("claim", 1, "0: buy the declined top discard"),
            ("pass", 1, "0: do not buy"),
            ("go_down", go_down_variants, "rank among the legal go-downs by points put down, most first"),
            (
                "meld",
                len(self.melds) * meld_variants if config.melds_after_down else 0,
                f"meld face id * {meld_variants} + variant",
            ),
            ("layoff", 52 * t * 2, f"(face * {t} + table meld) * 2 + joker"),
            ("exchange", 52 * t, f"face * {t} + table meld"),
            ("discard", 53, "face (52 = joker)"),
        ]
        segs: list[Segment] = []
        start = 0
        for name, size, layout in sizes:
            segs.append(Segment(name, start, size, layout))
            start += size
        self.segments = tuple(segs)
        self.num_actions = start
        self._start = {seg.name: seg.start for seg in segs}
        self._last: tuple[ContractState | None, dict[int, ContractAction]] = (None, {})

    def __repr__(self) -> str:
        return f"ContractCodec({self.config.to_string()!r})"

    # -----------------------------------------------------------------------------------------

    def _simple_id(self, a: ContractAction) -> int:
        st = self._start
        t = self.slots
        match a:
            case Draw():
                return st["draw"]
            case PickUp(depth=d):
                if not 0 <= d < self.pack:
                    raise CodecError(f"no pile depth {d}")
                return st["pickup"] + d
            case Claim():
                return st["claim"]
            case Pass():
                return st["pass"]
            case LayOff(face=f, target=tg, joker=j):
                if not 0 <= tg < t or not 0 <= f < 52:
                    raise CodecError(f"no table meld slot {tg} or face {f}")
                return st["layoff"] + (f * t + tg) * 2 + int(j)
            case Exchange(face=f, target=tg):
                if not 0 <= tg < t or not 0 <= f < 52:
                    raise CodecError(f"no table meld slot {tg} or face {f}")
                return st["exchange"] + f * t + tg
            case Discard(face=f):
                return st["discard"] + f
        raise CodecError(f"{a!r} needs the state's legal actions")

    def legal_map(self, s: ContractState, legal: Sequence[ContractAction]) -> dict[int, ContractAction]:
        """Id -> action for ``legal`` (the legal moves of ``s``, ``legal_moves``); capped variants left out."""
        out: dict[int, ContractAction] = {}
        meld_seen: dict[int, int] = {}
        has_go_down = False
        st = self._start
        discard, layoff, slots, pickup, pack = st["discard"], st["layoff"], self.slots, st["pickup"], self.pack
        for a in legal:
            # The commonest kinds first, by exact type (a discard phase lists the whole hand,
            # a draw phase a draw and the pick-ups); the ids are _simple_id's, with its range
            # checks (an action out of range takes the general path and its error).
            if type(a) is Discard:
                out[discard + a.face] = a
                continue
            if type(a) is LayOff and 0 <= a.target < slots and 0 <= a.face < 52:
                out[layoff + (a.face * slots + a.target) * 2 + int(a.joker)] = a
                continue
            if type(a) is Draw:
                out[st["draw"]] = a
                continue
            if type(a) is PickUp and 0 <= a.depth < pack:
                out[pickup + a.depth] = a
                continue
            match a:
                case GoDown():
                    has_go_down = True
                case Meld(meld=spec):
                    k = self._meld_id.get(spec.faces)
                    if k is None:
                        raise CodecError(f"{spec.text()} is not a meld shape under {self.config.to_string()}")
                    v = meld_seen.get(k, 0)
                    meld_seen[k] = v + 1
                    if v < self.meld_variants:
                        out[self._start["meld"] + k * self.meld_variants + v] = a
                case _:
                    out[self._simple_id(a)] = a
        if has_go_down:
            base = self._start["go_down"]
            for v, gd in enumerate(_ranked_go_downs(legal)[: self.go_down_variants]):
                out[base + v] = gd
        return out

    def _state_map(self, s: ContractState) -> dict[int, ContractAction]:
        """``legal_map`` of ``s`` from its own legal moves (the last state's map is kept)."""
        last, ids = self._last
        if last is not s:
            ids = self.legal_map(s, rules.legal_moves(s))
            self._last = (s, ids)
        return ids

    def encode(self, s: ContractState, a: ContractAction) -> int:
        """The id of ``a`` in ``s`` (go-downs and melds are ranked among the legal ones of ``s``).

        Raises:
            CodecError: a go-down or meld that is not legal in ``s`` or is past its cap.
        """
        if not isinstance(a, GoDown | Meld):
            return self._simple_id(a)
        for i, b in self._state_map(s).items():
            if b == a:
                return i
        raise CodecError(f"{a.text()} is not legal here or is past its variant cap, so it has no id")

    def decode(self, s: ContractState, i: int) -> ContractAction:
        """The action id ``i`` names in ``s`` (whether or not it is legal there).

        Raises:
            CodecError: ``i`` is out of range, or names a go-down or meld variant ``s`` does not have.
        """
        seg = segment_of(self.segments, i)
        j = i - seg.start
        t = self.slots
        match seg.name:
            case "draw":
                return DRAW
            case "pickup":
                return PickUp(j)
            case "claim":
                return CLAIM
            case "pass":
                return PASS
            case "layoff":
                ft, joker = divmod(j, 2)
                f, tg = divmod(ft, t)
                return LayOff(f, tg, bool(joker))
            case "exchange":
                f, tg = divmod(j, t)
                return Exchange(f, tg)
            case "discard":
                return Discard(j)
        found = self._state_map(s).get(i)
        if found is None:
            raise CodecError(f"id {i} ({self.describe(i)}) names no legal action here")
        return found

    def describe(self, i: int) -> str:
        """A state-free description of id ``i``."""
        seg = segment_of(self.segments, i)
        j = i - seg.start
        t = self.slots
        match seg.name:
            case "draw":
                return "D"
            case "pickup":
                return f"P{j}" if j else "P"
            case "claim":
                return "C"
            case "pass":
                return "-"
            case "go_down":
                return f"G #{j}"
            case "meld":
                k, v = divmod(j, self.meld_variants)
                return f"M {set_str(self.melds[k])} #{v}"
            case "layoff":
                ft, joker = divmod(j, 2)
                f, tg = divmod(ft, t)
                return f"L {'*' if joker else ''}{face_str(f)}>{tg}"
            case "exchange":
                f, tg = divmod(j, t)
                return f"E {face_str(f)}>{tg}"
            case _:
                return f"X {face_str(j)}"
