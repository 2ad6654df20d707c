"""Thai Dummy observations: a seat's :class:`DummyView` as one flat ``float32`` vector.

Built from the view alone (``DummyGame.observe``): the own hand, the public row, melds and
collected cards, and only the *sizes* of other hands. Seat pieces are relative to the observer
(slot 0 = itself, slot k = seat ``(seat + k) % players``); slots past ``players`` stay zero, so
the layout is the same for 2, 3 and 4 players. ``docs/env.md`` prints the table of slices.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from samrap.env.codec_dummy import TABLE_SLOTS
from samrap.env.observation import ObsLayout, Vector, bits_to_vector
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
_HAND = _P["hand"].start
_ROW = _P["row"].start
_DEPTH = _P["row_depth"].start
_ROW_BY = _P["row_by"].start
_HEAD = _P["head"].start
_KNOWN = _P["known"].start
_PUT = _P["put_down"].start
_TABLE = _P["table"].start
_OWNER = _P["meld_owner"].start
_HSIZE = _P["hand_size"].start
_BORN = _P["born"].start
_LAYOFFS = _P["layoffs"].start
_STOCK = _P["stock"].start
_PHASE = _P["phase"].start
_TO_MOVE = _P["to_move"].start
_DIR = _P["direction"].start
_TURN_BORN = _P["turn_born"].start
_NGO = _P["ngo_from"].start
_PLAYERS = _P["players"].start
_SCORES = _P["scores"].start
#: The real-valued pieces come last, from row_depth on, and are written as one slice.
_FLOATS = _DEPTH
_NFLOATS = LAYOUT.size - _FLOATS


class DummyEncoder:
    """Encodes views of games under one config (the layout itself does not depend on the config)."""

    layout = LAYOUT

    def __init__(self, config: DummyConfig) -> None:
        self.config = config
        self.size = LAYOUT.size

    def encode(self, v: DummyView) -> Vector:
        """The observation vector of the view ``v``."""
        return _encode(v, v.seat, v.hand, v.hand_sizes)

    def encode_state(self, s: DummyState, seat: int) -> Vector:
        """``encode(observe(s, seat))`` without building the view (the environments' fast path).

        It reads the state's *public* fields, which have the same names and values in the view,
        plus ``seat``'s own hand and the hand sizes; ``tests/env`` checks that it equals the view
        encoding on thousands of states.
        """
        return _encode(s, seat, s.hands[seat], [h.bit_count() for h in s.hands])


def _encode(v: DummyView | DummyState, me: int, hand: int, hand_sizes: Sequence[int]) -> Vector:
    """The observation of seat ``me`` from the public fields of ``v`` (a view, or a state's public part).

    The 0/1 pieces are gathered as small card masks, shifted into one Python int and unpacked
    once by numpy; the real-valued pieces (last in the layout) are written as one slice.
    """
    n = v.config.players
    rel = _RELATIVE[n][me]
    row_bits, depths = _row_bits(v.row, v.row_by, n, me)
    floats = list(depths)
    big = hand | row_bits
    if v.head >= 0:
        big |= 1 << (_HEAD + v.head)
    big |= _seat_bits(v.known, v.put_down, v.born, n, me)
    flags = 0
    dealt = v.config.cards_per_hand
    target = v.config.target
    for k in range(n):
        q = (me + k) % n
        floats[_HSIZE - _FLOATS + k] = hand_sizes[q] / dealt
        if v.layoffs[q]:
            floats[_LAYOFFS - _FLOATS + k] = v.layoffs[q] / TABLE_SLOTS
        if v.scores[q]:
            floats[_SCORES - _FLOATS + k] = max(-SCORE_CLIP, min(SCORE_CLIP, v.scores[q] / target))
    floats[_STOCK - _FLOATS] = v.stock_size / 52.0
    big |= _table_bits(v.melds, v.meld_owner, n, me)
    flags |= 1 << (_PHASE + int(v.phase)) | 1 << (_TO_MOVE + rel[v.current]) | 1 << (_PLAYERS + n - 2)
    if v.direction == 1:
        flags |= 1 << _DIR
    if v.turn_born:
        flags |= 1 << _TURN_BORN
    if v.ngo_from >= 0:
        flags |= 1 << (_NGO + rel[v.ngo_from])
    x = bits_to_vector(big | flags, LAYOUT.size)
    x[_FLOATS:] = floats
    return x


@lru_cache(maxsize=1 << 12)
def _row_bits(row: tuple[int, ...], row_by: tuple[int, ...], n: int, me: int) -> tuple[int, tuple[float, ...]]:
    """The ``row`` and ``row_by`` pieces as bits, and the float slices with ``row_depth`` filled in.

    Cached: within a turn the row does not change (a draw leaves it as it is).
    """
    rel = _RELATIVE[n][me]
    row_mask = 0
    by_masks = [0, 0, 0, 0]
    floats = [0.0] * _NFLOATS
    length = len(row)
    for i, (c, by) in enumerate(zip(row, row_by, strict=True)):
        b = 1 << c
        row_mask |= b
        if by >= 0:
            by_masks[rel[by]] |= b
        floats[c] = (length - i) / 52.0
    bits = row_mask << _ROW
    for k in range(4):
        if by_masks[k]:
            bits |= by_masks[k] << (_ROW_BY + 52 * k)
    return bits, tuple(floats)


@lru_cache(maxsize=1 << 12)
def _seat_bits(known: tuple[int, ...], put_down: tuple[int, ...], born: int, n: int, me: int) -> int:
    """The ``known``, ``put_down`` and ``born`` pieces (cached: they change a few times a game)."""
    bits = 0
    for k in range(n):
        q = (me + k) % n
        bits |= known[q] << (_KNOWN + 52 * k) | put_down[q] << (_PUT + 52 * k)
        if born >> q & 1:
            bits |= 1 << (_BORN + k)
    return bits


@lru_cache(maxsize=1 << 12)
def _table_bits(melds: tuple[int, ...], owners: tuple[int, ...], n: int, me: int) -> int:
    """The ``table`` and ``meld_owner`` pieces (cached: the table changes a few times a game)."""
    rel = _RELATIVE[n][me]
    table = 0
    owner_bits = 0
    for j, m in enumerate(melds):
        table |= m << (52 * j)
        owner_bits |= 1 << (SEATS * j + rel[owners[j]])
    return table << _TABLE | owner_bits << _OWNER


#: ``_RELATIVE[n][me][q]``: seat ``q`` as seen from seat ``me`` with ``n`` players.
_RELATIVE = {n: tuple(tuple((q - me) % n for q in range(n)) for me in range(n)) for n in (2, 3, 4)}
