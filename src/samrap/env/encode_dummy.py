"""Thai Dummy observations: a seat's :class:`DummyView` as one flat ``float32`` vector.

Built from the view alone (``DummyGame.observe``): the own hand, the public row, melds and
collected cards, and only the *sizes* of other hands. Seat pieces are relative to the observer
(slot 0 = itself, slot k = seat ``(seat + k) % players``); slots past ``players`` stay zero, so
the layout is the same for 2, 3 and 4 players. ``docs/env.md`` prints the table of slices.
"""

from __future__ import annotations

import numpy as np

from samrap.env.codec_dummy import TABLE_SLOTS
from samrap.env.observation import ObsLayout, Vector, bits_to_vector
from samrap.games.dummy.config import DummyConfig
from samrap.games.dummy.observe import DummyView

SEATS = 4
PHASES = 5
#: Match totals are shown ÷ target and clipped to ±SCORE_CLIP (a bounded observation space).
SCORE_CLIP = 4.0

LAYOUT = ObsLayout(
    [
        ("hand", (52,), "own hand"),
        ("row", (52,), "cards in the discard row (กองกลาง)"),
        ("row_depth", (52,), "for a row card: how many cards collecting it takes (1 = the newest) ÷ 52"),
        ("row_by", (SEATS, 52), "row cards by who discarded them (relative seat); the first upcard has none"),
        ("head", (52,), "the first upcard (หัว), one-hot"),
        ("known", (SEATS, 52), "row cards each seat collected and still holds (everyone saw them taken)"),
        ("put_down", (SEATS, 52), "cards each seat put face up on the table (they score for it)"),
        ("table", (TABLE_SLOTS, 52), "table melds by index (the index lay-off ids use), with lay-offs"),
        ("meld_owner", (TABLE_SLOTS, SEATS), "owner (relative seat) of each table meld slot"),
        ("hand_size", (SEATS,), "cards in each seat's hand ÷ cards dealt per hand"),
        ("born", (SEATS,), "each seat is born (เกิด)"),
        ("layoffs", (SEATS,), f"lay-offs each seat made this game ÷ {TABLE_SLOTS}"),
        ("stock", (1,), "cards left in the stock ÷ 52"),
        ("phase", (PHASES,), "draw, play, last draw, last play, over (one-hot)"),
        ("to_move", (SEATS,), "the seat to move (relative, one-hot)"),
        ("direction", (1,), "1 when play passes to seat+1, 0 when reversed (after a โง่)"),
        ("turn_born", (1,), "the player to move was born when the turn began (else a knock is dark)"),
        ("ngo_from", (SEATS,), "the seat a โง่ would punish if the player to move knocks now (relative)"),
        ("players", (3,), "2, 3 or 4 players (one-hot)"),
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


class DummyEncoder:
    """Encodes views of games under one config (the layout itself does not depend on the config)."""

    layout = LAYOUT

    def __init__(self, config: DummyConfig) -> None:
        self.config = config
        self.size = LAYOUT.size

    def encode(self, v: DummyView) -> Vector:
        """The observation vector of ``v``.

        The 0/1 pieces are gathered into one Python int (a shift per card mask) and unpacked once
        by numpy; only the few real-valued pieces are written one by one.
        """
        n = v.config.players
        me = v.seat
        big = v.hand << _HAND
        for c, by in zip(v.row, v.row_by, strict=True):
            big |= 1 << (_ROW + c)
            if by >= 0:
                big |= 1 << (_ROW_BY + 52 * ((by - me) % n) + c)
        if v.head >= 0:
            big |= 1 << (_HEAD + v.head)
        born = v.born
        for k in range(n):
            q = (me + k) % n
            big |= v.known[q] << (_KNOWN + 52 * k) | v.put_down[q] << (_PUT + 52 * k)
            if born >> q & 1:
                big |= 1 << (_BORN + k)
        for j, m in enumerate(v.melds):
            big |= m << (_TABLE + 52 * j) | 1 << (_OWNER + SEATS * j + (v.meld_owner[j] - me) % n)
        big |= 1 << (_PHASE + int(v.phase)) | 1 << (_TO_MOVE + (v.current - me) % n) | 1 << (_PLAYERS + n - 2)
        if v.direction == 1:
            big |= 1 << _DIR
        if v.turn_born:
            big |= 1 << _TURN_BORN
        if v.ngo_from >= 0:
            big |= 1 << (_NGO + (v.ngo_from - me) % n)
        x = bits_to_vector(big, LAYOUT.size)
        length = len(v.row)
        if length:
            x[_DEPTH + np.array(v.row)] = np.arange(length, 0, -1, dtype=np.float32) / 52.0
        dealt = float(v.config.cards_per_hand)
        target = float(v.config.target)
        order = [(me + k) % n for k in range(n)]
        x[_HSIZE : _HSIZE + n] = [v.hand_sizes[q] / dealt for q in order]
        x[_LAYOFFS : _LAYOFFS + n] = [v.layoffs[q] / TABLE_SLOTS for q in order]
        x[_SCORES : _SCORES + n] = [max(-SCORE_CLIP, min(SCORE_CLIP, v.scores[q] / target)) for q in order]
        x[_STOCK] = v.stock_size / 52.0
        return x
