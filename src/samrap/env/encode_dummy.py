"""Thai Dummy observations: a seat's :class:`DummyView` as one flat ``float32`` vector.

Built from the view alone (``DummyGame.observe``): the own hand, the public row, melds and
collected cards, and only the *sizes* of other hands. Seat pieces are relative to the observer
(slot 0 = itself, slot k = seat ``(seat + k) % players``); slots past ``players`` stay zero, so
the layout is the same for 2, 3 and 4 players. ``docs/env.md`` prints the table of slices.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np

from samrap.env.codec_dummy import TABLE_SLOTS
from samrap.env.observation import ObsLayout, Vector
from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.observe import DummyView
from samrap.games.dummy.state import DummyState

SEATS = 4
PHASES = 5
#: Match totals are shown ÷ target and clipped to ±SCORE_CLIP (a bounded observation space).
SCORE_CLIP = 4.0

LAYOUT = ObsLayout(
    [
        ("hand", (52,), "own hand"),
        ("row", (52,), "cards in the discard row (กองกลาง)"),
        ("row_by", (SEATS, 52), "row cards by who discarded them (relative seat); the first upcard has none"),
        ("head", (52,), "the first upcard (หัว), one-hot"),
        ("known", (SEATS, 52), "row cards each seat collected and still holds (everyone saw them taken)"),
        ("put_down", (SEATS, 52), "cards each seat put face up on the table (they score for it)"),
        ("table", (TABLE_SLOTS, 52), "table melds by index (the index lay-off ids use), with lay-offs"),
        ("meld_owner", (TABLE_SLOTS, SEATS), "owner (relative seat) of each table meld slot"),
        ("born", (SEATS,), "each seat is born (เกิด)"),
        ("phase", (PHASES,), "draw, play, last draw, last play, over (one-hot)"),
        ("to_move", (SEATS,), "the seat to move (relative, one-hot)"),
        ("direction", (1,), "1 when play passes to seat+1, 0 when reversed (after a โง่)"),
        ("turn_born", (1,), "the player to move was born when the turn began (else a knock is dark)"),
        ("ngo_from", (SEATS,), "the seat a โง่ would punish if the player to move knocks now (relative)"),
        ("players", (3,), "2, 3 or 4 players (one-hot)"),
        ("row_depth", (52,), "for a row card: how many cards collecting it takes (1 = the newest) ÷ 52"),
        ("hand_size", (SEATS,), "cards in each seat's hand ÷ cards dealt per hand"),
        ("layoffs", (SEATS,), f"lay-offs each seat made this game ÷ {TABLE_SLOTS}"),
        ("stock", (1,), "cards left in the stock ÷ 52"),
        ("scores", (SEATS,), f"match totals before this game ÷ target, clipped to ±{SCORE_CLIP:g}"),
    ]
)

_P = LAYOUT.by_name

# Pieces are written into a seat's bytearray from bytearray chunks: a bytearray slice assignment
# from a bytes object first copies it into a temporary bytearray (about a third more work).
#: ``_SUIT[p]``: the 13 float32 0/1 values of a 13-bit pattern ``p`` as bytes (bit ``r`` at value
#: ``r``). A 52-card plane is four of them, one per suit.
_SUIT: tuple[bytes, ...] = tuple(
    row.tobytes()
    for row in np.unpackbits(np.arange(1 << 13, dtype="<u2").view(np.uint8).reshape(-1, 2), axis=1, bitorder="little")[
        :, :13
    ].astype(np.float32)
)
_PACK = struct.Struct("<f").pack
_JOIN = bytearray().join
_ZERO_PLANE = bytearray(4 * 52)


def _f32(x: float) -> bytearray:
    return bytearray(_PACK(x))


def _plane(mask: int) -> bytearray:
    """A 52-card mask as 52 float32 0/1 values (bytes). Not cached: a dict of planes grows with
    every new row mask, and its churn costs more in a running environment than joining four
    suits."""
    s = _SUIT
    return _JOIN((s[mask & 0x1FFF], s[mask >> 13 & 0x1FFF], s[mask >> 26 & 0x1FFF], s[mask >> 39]))


def _bits(bits: int, size: int) -> bytearray:
    """The low ``size`` bits of ``bits`` as ``size`` float32 0/1 values (bytes)."""
    s = _SUIT
    return _JOIN(s[bits >> k & 0x1FFF] for k in range(0, size, 13))[: 4 * size]


def _byte_at(name: str, index: int = 0) -> int:
    """Byte offset of entry ``index`` (flat, within the piece) of piece ``name``."""
    return 4 * (_P[name].start + index)


def _span(first: str, last: str | None = None) -> slice:
    """The bytes of piece ``first`` (through piece ``last``)."""
    return slice(_byte_at(first), 4 * _P[last or first].stop)


_HAND_B = _span("hand")
_ROW_B = _span("row")
_HEAD_B = _span("head")
_FLAGS_B = _span("born", "players")
_DEPTH_B = _span("row_depth")
_LAYOFFS_B = _span("layoffs")
_STOCK_B = _span("stock")
_SCORES_B = _span("scores")
_DEPTH_AT = _byte_at("row_depth")
_SIZES_AT = _byte_at("hand_size")
_BIT_COUNT = int.bit_count
_DEPTH_CARD = tuple(slice(_DEPTH_AT + 4 * c, _DEPTH_AT + 4 * c + 4) for c in range(52))
#: Plane spans: row_by, known, put_down per relative seat; table per meld slot; owner per slot.
_ROW_BY_B = tuple(slice(_byte_at("row_by", 52 * k), _byte_at("row_by", 52 * k + 52)) for k in range(SEATS))
_KNOWN_B = tuple(slice(_byte_at("known", 52 * k), _byte_at("known", 52 * k + 52)) for k in range(SEATS))
_PUT_B = tuple(slice(_byte_at("put_down", 52 * k), _byte_at("put_down", 52 * k + 52)) for k in range(SEATS))
_TABLE_B = tuple(slice(_byte_at("table", 52 * j), _byte_at("table", 52 * j + 52)) for j in range(TABLE_SLOTS))
_OWNER_B = tuple(
    slice(_byte_at("meld_owner", SEATS * j), _byte_at("meld_owner", SEATS * j + SEATS)) for j in range(TABLE_SLOTS)
)
#: ``_ONE_HOT[k]``: SEATS float32 values, one-hot at ``k`` (``[SEATS]``: all zero).
_ONE_HOT = (*(_bits(1 << k, SEATS) for k in range(SEATS)), bytearray(4 * SEATS))
#: ``_DEPTH[d]``: the float32 bytes of ``d / 52`` (a row card's depth).
_DEPTH = tuple(_f32(d / 52.0) for d in range(53))
_NEVER = object()  # equal to no field: a fresh seat buffer writes every piece

#: The public fields the encoder reads, in one C-level call: a view's by name; a state's (a named
#: tuple) by index, which costs a tenth as much as named access.
_PUBLIC = ("row", "row_by", "head", "known", "put_down", "melds", "meld_owner", "layoffs", "scores")
_FLAG_FIELDS = ("born", "phase", "current", "direction", "turn_born", "ngo_from")
_VIEW_PUBLIC = attrgetter(*_PUBLIC)
_VIEW_FLAGS = attrgetter(*_FLAG_FIELDS)
_STATE_PUBLIC: Callable[[DummyState], Any]
_STATE_FLAGS: Callable[[DummyState], Any]
_STATE_REST: Callable[[DummyState], Any]
if issubclass(DummyState, tuple):
    _at = DummyState._fields.index
    _STATE_PUBLIC = itemgetter(*map(_at, _PUBLIC))
    _STATE_FLAGS = itemgetter(*map(_at, _FLAG_FIELDS))
    _STATE_REST = itemgetter(_at("hands"), _at("stock_pos"), _at("stock_end"))
else:  # pragma: no cover - in case the state stops being a named tuple
    _STATE_PUBLIC, _STATE_FLAGS = _VIEW_PUBLIC, _VIEW_FLAGS
    _STATE_REST = attrgetter("hands", "stock_pos", "stock_end")


class _SeatBuffer:
    """One observing seat's last observation as bytes, and what its pieces were written from.

    A piece is rewritten only when its source changed: by identity for the engine's immutable
    tuples (a state shares every unchanged tuple with the state before it), by value for ints,
    and per plane for the table and the per-seat cards (one meld changes at a time).
    """

    __slots__ = (
        "array",
        "buf",
        "flags",
        "hand",
        "head",
        "known",
        "layoffs",
        "melds",
        "order",
        "owners",
        "pack_sizes",
        "put_down",
        "rel",
        "reorder",
        "row",
        "row_by",
        "scores",
        "slot_owners",
        "slots",
        "stock",
        "used",
    )

    def __init__(self, n: int, me: int) -> None:
        self.buf = bytearray(4 * LAYOUT.size)
        self.array: Vector = np.frombuffer(self.buf, dtype=np.float32)
        #: ``order[k]``: the seat at relative slot ``k``; ``rel[q]``: the slot of seat ``q``
        self.order = tuple((me + k) % n for k in range(n))
        self.rel = tuple((q - me) % n for q in range(n))
        #: the seats' entries of a per-seat sequence in relative order, and hand_size's writer
        self.reorder = itemgetter(*self.order) if n > 1 else lambda xs: (xs[me],)
        self.pack_sizes = struct.Struct(f"<{n}f").pack_into
        self.hand = self.head = self.stock = -2
        self.row: tuple[int, ...] = ()
        self.row_by: object = _NEVER
        #: the tuples the seat and table planes were last written from (compared by identity),
        #: and per table slot the meld and relative owner written there (-1: nothing written yet)
        self.known: tuple[int, ...] = (-1,) * n
        self.put_down: tuple[int, ...] = (-1,) * n
        self.melds: object = _NEVER
        self.owners: object = _NEVER
        self.slots = [-1] * TABLE_SLOTS
        self.slot_owners = [-1] * TABLE_SLOTS
        self.used = TABLE_SLOTS
        self.layoffs: object = _NEVER
        self.scores: object = _NEVER
        #: (born, phase, current, direction, turn_born, ngo_from) -> the flag pieces
        self.flags: dict[tuple[int, int, int, int, bool, int], bytearray] = {}


class DummyEncoder:
    """Encodes views of games under one config (the layout itself does not depend on the config).

    Each observing seat has a buffer holding its last observation as ``float32`` bytes; a new
    observation rewrites only the pieces whose source changed (the own hand, flags and sizes
    nearly every time; the row once a turn; a table meld or a seat's cards a few times a game)
    and returns a *copy* of the buffer: every call returns a fresh, writable array that a learner
    may keep. An encoder is not meant to be used by several threads at once (nor is an env).
    """

    layout = LAYOUT

    def __init__(self, config: DummyConfig) -> None:
        self.config = config
        self.size = LAYOUT.size
        n = config.players
        self._n = n
        self._seats = tuple(_SeatBuffer(n, me) for me in range(n))
        #: ``_size_of[k]``: a hand of ``k`` cards as its hand_size value
        self._size_of = tuple(k / config.cards_per_hand for k in range(53))
        self._stock_bytes = tuple(_f32(k / 52.0) for k in range(53))
        self._head_bytes = (*(_plane(1 << c) for c in range(52)), _ZERO_PLANE)  # [-1]: no head

    def encode(self, v: DummyView) -> Vector:
        """The observation vector of the view ``v``."""
        if v.config is not self.config and v.config != self.config:
            return DummyEncoder(v.config).encode(v)
        return self._encode(v.seat, v.hand, v.hand_sizes, False, v.stock_size, _VIEW_PUBLIC(v), _VIEW_FLAGS(v))

    def encode_state(self, s: DummyState, seat: int) -> Vector:
        """``encode(observe(s, seat))`` without building the view (the environments' fast path).

        It reads the state's *public* fields, which have the same names and values in the view,
        plus ``seat``'s own hand and the hand sizes; ``tests/env`` checks that it equals the view
        encoding on thousands of states.
        """
        hands, pos, end = _STATE_REST(s)
        return self._encode(seat, hands[seat], hands, True, end - pos, _STATE_PUBLIC(s), _STATE_FLAGS(s))

    def _encode(
        self, me: int, hand: int, sizes_of: Sequence[int], count: bool, stock: int, public: Any, flag_key: Any
    ) -> Vector:
        """The observation of seat ``me`` from the public fields of a view or a state.

        ``public`` and ``flag_key`` are the fields ``_PUBLIC`` and ``_FLAG_FIELDS`` in that order;
        ``sizes_of`` is the hand sizes, or the hands when ``count`` (a state).
        """
        m = self._seats[me]
        buf = m.buf
        if hand != m.hand:
            s = _SUIT
            buf[_HAND_B] = _JOIN((s[hand & 0x1FFF], s[hand >> 13 & 0x1FFF], s[hand >> 26 & 0x1FFF], s[hand >> 39]))
            m.hand = hand
        row, row_by, head, known, put_down, melds, owners, layoffs, scores = public
        if row is not m.row or row_by is not m.row_by:
            _write_row(m, row, row_by)
        if head != m.head:
            buf[_HEAD_B] = self._head_bytes[head]
            m.head = head
        if known is not m.known or put_down is not m.put_down:
            _write_seats(m, known, put_down)
        if melds is not m.melds or owners is not m.owners:
            _write_table(m, melds, owners)
        flags = m.flags.get(flag_key)
        buf[_FLAGS_B] = flags if flags is not None else self._flag_chunk(m, flag_key)
        # hand_size: every seat's count in relative order, looked up and packed without a Python loop
        counts = map(_BIT_COUNT, m.reorder(sizes_of)) if count else m.reorder(sizes_of)
        m.pack_sizes(buf, _SIZES_AT, *map(self._size_of.__getitem__, counts))
        if stock != m.stock:
            buf[_STOCK_B] = self._stock_bytes[stock]
            m.stock = stock
        if layoffs is not m.layoffs:
            buf[_LAYOFFS_B] = _seat_floats(layoffs, m.order, TABLE_SLOTS)
            m.layoffs = layoffs
        if scores is not m.scores:
            buf[_SCORES_B] = _seat_floats(scores, m.order, self.config.target, SCORE_CLIP)
            m.scores = scores
        return m.array.copy()

    def _flag_chunk(self, m: _SeatBuffer, key: tuple[int, int, int, int, bool, int]) -> bytearray:
        """The pieces ``born`` .. ``players`` (22 values, contiguous in the layout) for ``key``."""
        born, phase, current, direction, turn_born, ngo_from = key
        n = self._n
        me = m.order[0]
        bits = 0
        for k in range(n):
            if born >> (me + k) % n & 1:
                bits |= 1 << k
        at = _P["born"].start
        bits |= 1 << (_P["phase"].start - at + int(phase))
        bits |= 1 << (_P["to_move"].start - at + (current - me) % n)
        if direction == 1:
            bits |= 1 << (_P["direction"].start - at)
        if turn_born:
            bits |= 1 << (_P["turn_born"].start - at)
        if ngo_from >= 0:
            bits |= 1 << (_P["ngo_from"].start - at + (ngo_from - me) % n)
        bits |= 1 << (_P["players"].start - at + n - 2)
        if len(m.flags) > 1 << 12:
            m.flags.clear()
        out = m.flags[key] = _bits(bits, _P["row_depth"].start - at)
        return out


def _write_row(m: _SeatBuffer, row: tuple[int, ...], row_by: tuple[int, ...]) -> None:
    """The ``row``, ``row_by`` and ``row_depth`` pieces (the row changes about once a turn)."""
    buf = m.buf
    rel = m.rel
    if m.row:
        buf[_DEPTH_B] = _ZERO_PLANE
    row_mask = 0
    by = [0] * len(rel)
    length = len(row)
    depth = _DEPTH
    spans = _DEPTH_CARD
    for i, c in enumerate(row):
        b = 1 << c
        row_mask |= b
        q = row_by[i]
        if q >= 0:
            by[rel[q]] |= b
        buf[spans[c]] = depth[length - i]
    buf[_ROW_B] = _plane(row_mask)
    for k, mask in enumerate(by):
        buf[_ROW_BY_B[k]] = _plane(mask)
    m.row, m.row_by = row, row_by


def _write_seats(m: _SeatBuffer, known: tuple[int, ...], put_down: tuple[int, ...]) -> None:
    """The ``known`` and ``put_down`` pieces, plane by plane as they changed."""
    buf = m.buf
    old_known, old_put = m.known, m.put_down
    for k, q in enumerate(m.order):
        if known[q] != old_known[q]:
            buf[_KNOWN_B[k]] = _plane(known[q])
        if put_down[q] != old_put[q]:
            buf[_PUT_B[k]] = _plane(put_down[q])
    m.known, m.put_down = known, put_down


def _write_table(m: _SeatBuffer, melds: tuple[int, ...], owners: tuple[int, ...]) -> None:
    """The ``table`` and ``meld_owner`` pieces, slot by slot as they changed (one meld at a time)."""
    buf = m.buf
    old = m.slots
    for j, mask in enumerate(melds):
        if mask != old[j]:
            buf[_TABLE_B[j]] = _plane(mask)
            old[j] = mask
    for j in range(len(melds), m.used):  # a new game: fewer melds
        buf[_TABLE_B[j]] = _ZERO_PLANE
        old[j] = 0
    if owners is not m.owners:
        rel = m.rel
        old = m.slot_owners
        for j, q in enumerate(owners):
            if rel[q] != old[j]:
                buf[_OWNER_B[j]] = _ONE_HOT[rel[q]]
                old[j] = rel[q]
        for j in range(len(owners), m.used):
            buf[_OWNER_B[j]] = _ONE_HOT[SEATS]
            old[j] = SEATS
        m.owners = owners
    m.melds = melds
    m.used = len(melds)


def _seat_floats(values: Sequence[int], order: Sequence[int], unit: float, clip: float | None = None) -> bytearray:
    """A per-seat real-valued piece (``SEATS`` values ÷ ``unit`` by relative seat, zero past the players)."""
    out = []
    for q in order:
        x = values[q] / unit
        out.append(_PACK(max(-clip, min(clip, x)) if clip is not None else x))
    return _JOIN(out) + bytes(4 * (SEATS - len(order)))
