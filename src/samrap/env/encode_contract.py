"""Contract Rummy observations: a seat's ``ContractView`` as one flat ``float32`` vector.

Built from the view alone: the own hand, the public pile, table melds and cards seen going into
hands, and only the *sizes* of other hands. Cards are encoded by face (a pack has several copies
of a face): multiplicity planes ("held more than k times"), plus joker counts. Seat pieces are
relative to the observer (slot 0 = itself), 8 slots whatever the number of players. The table has
``pack // 3`` meld slots, so the layout depends on the pack size (108 cards by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

import numpy as np

from samrap.env.observation import ObsLayout, Vector, bits_into, bits_to_vector
from samrap.games.contract.cards import FULL52
from samrap.games.contract.config import ContractConfig
from samrap.games.contract.contracts import CONTRACTS, DEALS, MAX_HAND
from samrap.games.contract.melds import TableMeld
from samrap.games.contract.observe import ContractView
from samrap.games.contract.state import CLAIM_PHASE, ContractState

SEATS = 8
LAYERS = 4
PHASES = 4
PILE_TOP = 8
#: Match totals are shown ÷ SCORE_UNIT and clipped to 0..SCORE_CLIP.
SCORE_UNIT = 100.0
SCORE_CLIP = 10.0


def contract_layout(config: ContractConfig) -> ObsLayout:
    t = config.pack_size // 3
    return ObsLayout(
        [
            ("hand", (LAYERS, 52), "own hand by face: plane k = faces held more than k times"),
            ("hand_jokers", (1,), "jokers in hand ÷ jokers in the pack"),
            ("pile", (LAYERS, 52), "discard pile by face, multiplicity planes as for the hand"),
            ("pile_jokers", (1,), "jokers in the pile ÷ jokers in the pack"),
            ("pile_top", (PILE_TOP, 53), "the top 8 pile cards by depth (0 = top), face one-hot (52 = joker)"),
            ("pile_depth", (53,), "for each face: (depth of its newest copy in the pile + 1) ÷ pack size"),
            ("known", (SEATS, 52), "faces each seat was seen taking into hand and still holds (relative seat)"),
            ("table", (t, 52), "table melds by index (the index lay-off ids use): their faces"),
            ("table_jokers", (t, 52), "the faces jokers stand for in each table meld"),
            ("meld_owner", (t, SEATS), "owner (relative seat) of each table meld slot"),
            ("hand_size", (SEATS,), f"cards in each seat's hand ÷ {MAX_HAND}"),
            ("down", (SEATS,), "each seat has gone down (met the contract)"),
            ("buys", (SEATS,), "buys each seat made this deal ÷ max_buys"),
            ("scores", (SEATS,), f"match totals before this deal ÷ {SCORE_UNIT:g}, clipped to {SCORE_CLIP:g}"),
            ("stock", (1,), "cards in the stock ÷ pack size"),
            ("reshuffles", (1,), "empty-stock reshuffles so far ÷ max_reshuffles"),
            ("deal", (DEALS,), "deal number 1..7 (one-hot)"),
            ("contract", (2,), "sets and runs the contract asks for, ÷ 3"),
            ("phase", (PHASES,), "draw, play, claim, over (one-hot)"),
            ("to_move", (SEATS,), "the seat to act (relative; the claimer in a claim window)"),
            ("current", (SEATS,), "the seat whose turn it is (relative)"),
            ("dealer", (SEATS,), "the dealer (relative)"),
            ("went_down", (1,), "the player in turn went down this turn"),
            ("forbid", (53,), "the face the player in turn may not discard (rule 25)"),
            ("deep", (53,), "the face of the deep card that must reach the table this turn"),
            ("pending", (1,), "jokers taken by exchange this turn and not yet put back ÷ jokers in the pack"),
            ("turns", (1,), "turns completed this deal ÷ max_turns"),
            ("players", (SEATS - 2,), "3..8 players (one-hot)"),
        ]
    )


#: The real-valued pieces, gathered into one list and written with one fancy assignment.
_FLOAT_PIECES = (
    "hand_jokers",
    "pile_jokers",
    "pile_depth",
    "hand_size",
    "buys",
    "scores",
    "stock",
    "reshuffles",
    "contract",
    "pending",
    "turns",
)


#: A pile's pieces on the patched path (``ContractEncoder._front_of_pile``): its bits, its depth
#: piece (``float32`` bytes: with no array in it, the collector stops tracking the tuple), its
#: joker share, its card mask, its top cards' bits, each face's depth code.
_PileFront = tuple[int, bytes, float, int, int, bytes]
#: A depth code one discard deeper: 0 (absent) stays 0.
_DEEPER = bytes([0, *range(2, 256), 255])


class ContractEncoder:
    """Encodes views of deals under one config."""

    def __init__(self, config: ContractConfig) -> None:
        self.config = config
        self.pack = config.pack
        self.layout = contract_layout(config)
        self.size = self.layout.size
        self._at = {p.name: p.start for p in self.layout.pieces}
        positions: list[int] = []
        self._f: dict[str, int] = {}  # piece -> offset in the float list
        for name in _FLOAT_PIECES:
            piece = self.layout.by_name[name]
            self._f[name] = len(positions)
            positions.extend(range(piece.start, piece.stop))
        self._float_pos = np.array(positions, dtype=np.intp)
        self._nfloats = len(positions)
        self._pile_cache: dict[tuple[int, ...], tuple[int, tuple[float, ...]]] = {}
        self._pile_last: tuple[object, tuple[int, tuple[float, ...]]] = ((-1,), (0, ()))
        n = config.players
        #: Per observing seat, the last table and known-cards tuples and their bits. States are
        #: immutable and a transition shares every tuple it does not change, so an unchanged
        #: piece is an identity test (``melds is last``; the entry holds the last object, so its
        #: id cannot be reused): the table changes only when cards go down, the known cards
        #: only when one is taken from the pile or leaves a hand.
        self._table_last: list[tuple[object, int]] = [((-1,), 0)] * n
        self._known_last: list[tuple[object, int]] = [((-1,), 0)] * n
        # The patched path (``encode_state``): per seat its last vector, and where it writes.
        self._memos: list[_SeatMemo | None] = [None] * n
        by = self.layout.by_name
        names = [p.name for p in self.layout.pieces]
        front = ["hand", "hand_jokers", "pile", "pile_jokers", "pile_top", "pile_depth", "known"]
        assert names[: len(front) + 3] == [*front, "table", "table_jokers", "meld_owner"]
        self._front_lo, self._front_hi = by["hand"].start, by["known"].stop
        self._known_off = by["known"].start - self._front_lo
        self._hand_jokers, self._pile_jokers = by["hand_jokers"].start, by["pile_jokers"].start
        self._depth_lo, self._depth_hi = by["pile_depth"].start, by["pile_depth"].stop
        self._table_lo, self._table_hi = by["table"].start, by["meld_owner"].stop
        # The front is written in whole bytes of bits (``bits_into``): its last row runs ``pad``
        # entries into the table, whose first ``pad`` bits go with it; the table (52 + 52 + 8
        # entries a slot) is whole rows of its own.
        self._front_size = self._front_hi - self._front_lo
        pad = -self._front_size % 8
        assert self._table_lo == self._front_hi and (self._table_hi - self._table_lo) % 8 == 0
        self._pad_mask = (1 << pad) - 1
        self._tail_lo = by["hand_size"].start
        at = self._at
        self._tail_at = tuple(at[k] for k in ("hand_size", "down", "buys", "scores", "stock", "reshuffles", "deal"))
        self._tail_at += (at["contract"],)
        self._tail_at2 = tuple(
            at[k] for k in ("phase", "to_move", "current", "dealer", "went_down", "forbid", "deep", "pending")
        )
        self._tail_at3 = (at["turns"], at["players"])
        self._ones_at = (at["phase"], at["to_move"], at["current"], at["forbid"], at["deep"])
        self._every_step_at = (at["stock"], at["went_down"], at["pending"], at["turns"])
        self._pack_size = self.pack.size
        self._pile_front: dict[tuple[int, ...], _PileFront] = {}
        self._pile_seen: object = None
        self._pile_seen_front: _PileFront = (0, bytes(4 * 53), 0.0, 0, 0, bytes(53))
        self._jokers = float(max(1, self.pack.jokers))
        self._pile_off = by["pile"].start - self._front_lo
        self._top_off = by["pile_top"].start - self._front_lo
        self._top_mask = (1 << (53 * PILE_TOP)) - 1
        size = self.pack.size
        assert size < 255
        #: ``pile_depth`` by a face's depth code (pile length - index of its newest copy, 0 when
        #: absent), as ``_pile`` computes it: ``k / size``
        self._depth_of = np.zeros(256, dtype=np.float32)
        self._depth_of[1 : size + 1] = [k / size for k in range(1, size + 1)]

    def encode(self, v: ContractView) -> Vector:
        """The observation vector of the view ``v``."""
        return self._encode(v, v.seat, v.hand, v.hand_sizes, v.stock_size)

    def encode_state(self, s: ContractState, seat: int) -> Vector:
        """``encode(observe(s, seat))`` from the state's public fields and the seat's own hand.

        Patched rather than rebuilt (the environments' path): each seat keeps the last vector
        it was given (:class:`_SeatMemo`). The pieces from ``hand`` to ``known`` are one
        stretch of the layout, written from one integer of bits; the table (two thirds of the
        vector) only when the melds changed; the small pieces at the end every time. The
        caller gets a copy. ``tests/env`` checks it against :meth:`encode` of the view.
        """
        memo = self._memos[seat]
        if memo is None or memo.config is not s.config:
            memo = self._memos[seat] = self._new_memo(s.config, seat)
        x = memo.x
        pile = s.pile
        if pile is self._pile_seen:  # every seat's observation of one state, a turn's play phase
            got = self._pile_seen_front
        else:
            found = self._pile_front.get(pile)
            got = found if found is not None else self._front_of_pile(pile)
            self._pile_seen, self._pile_seen_front = pile, got
        hand = s.hands[seat]
        if hand != memo.hand:
            memo.hand, memo.hand_bits, jokers = hand, *self._layer_bits(hand)
            memo.hand_jokers = jokers / self._jokers
        known = s.known
        if known is not memo.known:
            bits = 0
            if self.pack.decks == 2:  # pack.faces_of written out
                for q, k in memo.seat_slots:
                    m = known[q]
                    bits |= ((m | m >> 52) & FULL52) << k
            else:
                faces_of = self.pack.faces_of
                for q, k in memo.seat_slots:
                    bits |= faces_of(known[q]) << k
            memo.known, memo.known_bits = known, bits << self._known_off
        melds = s.melds
        if melds is not memo.melds:
            bits = self._table_bits(melds, seat)
            bits_into(bits, memo.table_rows)
            memo.melds, memo.table_pad = melds, (bits & self._pad_mask) << self._front_size
        bits_into(memo.hand_bits | got[0] | memo.known_bits | memo.table_pad, memo.front_rows)
        xm = memo.xm
        xm[self._hand_jokers] = memo.hand_jokers
        xm[self._pile_jokers] = got[2]
        memo.depth_bytes[:] = got[1]
        self._write_tail(s, seat, memo)
        return x.copy()

    def _layer_bits(self, mask: int) -> tuple[int, int]:
        """``pack.face_layers(mask)`` as one integer (layer ``k`` at bit ``52 * k``, the first
        ``LAYERS`` layers) and the number of jokers; the usual two and three decks written out."""
        decks = self.pack.decks
        jokers = (mask >> self.pack.joker_base).bit_count()
        if decks == 2:
            a, b = mask & FULL52, mask >> 52 & FULL52
            return a | b | (a & b) << 52, jokers
        if decks == 3:
            a, b, c = mask & FULL52, mask >> 52 & FULL52, mask >> 104 & FULL52
            return a | b | c | ((a & (b | c)) | (b & c)) << 52 | (a & b & c) << 104, jokers
        layers, jokers = self.pack.face_layers(mask)
        bits = 0
        for k, layer in enumerate(layers[:LAYERS]):
            bits |= layer << (52 * k)
        return bits, jokers

    def _front_of_pile(self, pile: tuple[int, ...]) -> _PileFront:
        """The pile's pieces on the patched path, cached per pile (every seat sees the same
        pile, which changes at most twice a turn): its bits relative to the ``hand`` piece
        (multiplicity planes and top cards), its ``pile_depth`` piece and its joker share, and
        what a pile one discard longer is derived from (its card mask, its top cards' bits and
        each face's depth code: the depth of its newest copy + 1, 0 when absent). A discard
        makes a pile whose all-but-last is cached, so that pile costs a few integer and byte
        operations, not a pass over the pile; a pick-up leaves a pile that was itself made by
        discards (a prefix, usually cached)."""
        faces = self.pack.faces
        length = len(pile)
        parent = self._pile_front.get(pile[:-1]) if length > 1 else None
        if parent is not None:
            face = faces[pile[-1]]
            mask = parent[3] | 1 << pile[-1]
            top = (parent[4] << 53 | 1 << face) & self._top_mask
            deeper = bytearray(parent[5].translate(_DEEPER))
            deeper[face] = 1
            codes = bytes(deeper)
        else:
            mask = top = 0
            at = bytearray(53)
            for i, c in enumerate(pile):  # oldest first: a face's newest copy is written last
                mask |= 1 << c
                at[faces[c]] = length - i
            codes = bytes(at)
            for d, c in enumerate(reversed(pile[-PILE_TOP:])):
                top |= 1 << (53 * d + faces[c])
        layers, jokers = self._layer_bits(mask)
        depth = self._depth_of.take(np.frombuffer(codes, dtype=np.uint8)).tobytes()
        out = (layers << self._pile_off | top << self._top_off, depth, jokers / self._jokers, mask, top, codes)
        if len(self._pile_front) >= 4096:
            self._pile_front.clear()
        self._pile_front[pile] = out
        return out

    def _new_memo(self, config: ContractConfig, seat: int) -> _SeatMemo:
        memo = _SeatMemo(config, self.size)
        n = config.players
        memo.hand_slots = tuple((self._at["hand_size"] + k, (seat + k) % n) for k in range(n))
        memo.seat_slots = tuple(((seat + k) % n, 52 * k) for k in range(n))
        rows = -(-self._front_size // 8)
        memo.front_rows = memo.x[self._front_lo : self._front_lo + 8 * rows].reshape(rows, 8)
        memo.table_rows = memo.x[self._table_lo : self._table_hi].reshape(-1, 8)
        memo.depth_bytes = memo.x[self._depth_lo : self._depth_hi].data.cast("B")
        return memo

    def _table_bits(self, melds: Sequence[TableMeld], me: int) -> int:
        """Pieces ``table`` to ``meld_owner`` (contiguous) as seen from ``me``, as bits."""
        lo = self._table_lo
        at = self._at
        table_at, jokers_at, owner_at = at["table"] - lo, at["table_jokers"] - lo, at["meld_owner"] - lo
        n = self.config.players
        bits = 0
        for j, m in enumerate(melds):
            bits |= m.faces << (table_at + 52 * j) | m.joker_faces << (jokers_at + 52 * j)
            bits |= 1 << (owner_at + SEATS * j + (m.owner - me) % n)
        return bits

    def _write_tail(self, v: ContractState, me: int, memo: _SeatMemo) -> None:
        """Pieces ``hand_size`` to the end. What stays for a deal (deal, contract, dealer,
        scores, players) and what changes seldom (down, buys, reshuffles) are written when one
        of them changed since the seat's last vector; otherwise only the entries that move
        every step, each one-hot by clearing the entry it set last time. Entries are written
        through the vector's memoryview (half the time of numpy's item assignment)."""
        x = memo.xm
        cfg = v.config
        n = cfg.players
        key = memo.tail
        if (
            key is None
            or key[0] != v.deal
            or key[1] != v.dealer
            or key[2] is not v.scores
            or key[3] is not v.buys
            or key[4] != v.down
            or key[5] != v.reshuffles
        ):
            _, down_at, buys_at, sc, _, resh, deal_at, contract_at = self._tail_at
            dealer_at, players_at = self._tail_at2[3], self._tail_at3[1]
            memo.x[self._tail_lo :] = 0.0
            down, buys, scores = v.down, v.buys, v.scores
            max_buys = max(1, cfg.max_buys)
            for k in range(n):
                q = (me + k) % n
                if down >> q & 1:
                    x[down_at + k] = 1.0
                if buys[q]:
                    x[buys_at + k] = buys[q] / max_buys
                if scores[q]:
                    x[sc + k] = max(0.0, min(SCORE_CLIP, scores[q] / SCORE_UNIT))
            if v.reshuffles:
                x[resh] = v.reshuffles / max(1, cfg.max_reshuffles)
            deal = v.deal
            x[deal_at + deal - 1] = 1.0
            sets, runs = CONTRACTS[deal - 1]
            x[contract_at] = sets / 3.0
            x[contract_at + 1] = runs / 3.0
            x[dealer_at + (v.dealer - me) % n] = 1.0
            x[players_at + n - 3] = 1.0
            memo.tail = (v.deal, v.dealer, v.scores, v.buys, v.down, v.reshuffles)
            # "Nothing set" is hand_size[0], which is written after the one-hots.
            memo.ones = [self._tail_lo] * 5
        ones = memo.ones
        phase_at, to_move_at, current_at, forbid_at, deep_at = self._ones_at
        phase, current = v.phase, v.current
        i = phase_at + phase
        if i != ones[0]:
            x[ones[0]] = 0.0
            x[i] = 1.0
            ones[0] = i
        i = to_move_at + ((v.claimer if phase is CLAIM_PHASE else current) - me) % n
        if i != ones[1]:
            x[ones[1]] = 0.0
            x[i] = 1.0
            ones[1] = i
        i = current_at + (current - me) % n
        if i != ones[2]:
            x[ones[2]] = 0.0
            x[i] = 1.0
            ones[2] = i
        i = forbid_at + v.forbid if v.forbid >= 0 else self._tail_lo
        if i != ones[3]:
            x[ones[3]] = 0.0
            x[i] = 1.0
            ones[3] = i
        i = deep_at + self.pack.faces[v.deep] if v.deep >= 0 else self._tail_lo
        if i != ones[4]:
            x[ones[4]] = 0.0
            x[i] = 1.0
            ones[4] = i
        hands = v.hands
        for at, q in memo.hand_slots:
            x[at] = hands[q].bit_count() / MAX_HAND
        stock_at, went_at, pending_at, turns_at = self._every_step_at
        x[stock_at] = len(v.stock) / self._pack_size
        x[went_at] = 1.0 if v.went_down else 0.0
        x[pending_at] = v.pending.bit_count() / self._jokers
        x[turns_at] = v.turns / cfg.max_turns

    def _pile(self, pile: tuple[int, ...]) -> tuple[int, tuple[float, ...]]:
        """The pile's bits (multiplicity planes, top cards) and the float list with its pieces filled.

        Cached per pile: within a turn the pile changes at most twice.
        """
        last, hit = self._pile_last
        if last is pile:  # every seat's observation of one state, and the play phase of a turn
            return hit
        got = self._pile_cache.get(pile)
        if got is not None:
            self._pile_last = (pile, got)
            return got
        at = self._at
        pack = self.pack
        f = self._f
        floats = [0.0] * self._nfloats
        pile_mask = 0
        size = float(pack.size)
        length = len(pile)
        depth = f["pile_depth"]
        for i, c in enumerate(pile):  # oldest first, so the newest copy of a face is written last
            pile_mask |= 1 << c
            floats[depth + pack.faces[c]] = (length - i) / size
        layers, pile_jokers = pack.face_layers(pile_mask)
        bits = 0
        for k, layer in enumerate(layers[:LAYERS]):
            bits |= layer << (at["pile"] + 52 * k)
        top = at["pile_top"]
        for d, c in enumerate(reversed(pile[-PILE_TOP:])):
            bits |= 1 << (top + 53 * d + pack.faces[c])
        floats[f["pile_jokers"]] = pile_jokers / max(1, pack.jokers)
        if len(self._pile_cache) >= 4096:
            self._pile_cache.clear()
        out = (bits, tuple(floats))
        self._pile_cache[pile] = out
        self._pile_last = (pile, out)
        return out

    def _encode(
        self, v: ContractView | ContractState, me: int, hand: int, hand_sizes: Sequence[int], stock_size: int
    ) -> Vector:
        at = self._at
        f = self._f
        pack = self.pack
        cfg = v.config
        n = cfg.players
        jokers = max(1, pack.jokers)
        big, pile_floats = self._pile(v.pile)
        floats = list(pile_floats)
        # Bits are gathered in small integers and shifted into ``big`` once each: every ``|=`` on
        # the 5,500-bit integer copies all of it.
        layers, hand_jokers = pack.face_layers(hand)
        bits = 0
        for k, layer in enumerate(layers[:LAYERS]):
            bits |= layer << (52 * k)
        big |= bits << at["hand"]
        lo = at["hand_size"]  # the small pieces from here to the end
        small = 0
        down_at = at["down"] - lo
        hs, buys, sc = f["hand_size"], f["buys"], f["scores"]
        max_buys = max(1, cfg.max_buys)
        known = v.known
        last, bits = self._known_last[me]
        if last is not known:
            known_at = at["known"]
            faces_of = pack.faces_of
            bits = 0
            for k in range(n):
                bits |= faces_of(known[(me + k) % n]) << (known_at + 52 * k)
            self._known_last[me] = (known, bits)
        big |= bits
        down = v.down
        for k in range(n):
            q = (me + k) % n
            if down >> q & 1:
                small |= 1 << (down_at + k)
            floats[hs + k] = hand_sizes[q] / MAX_HAND
            if v.buys[q]:
                floats[buys + k] = v.buys[q] / max_buys
            if v.scores[q]:
                floats[sc + k] = max(0.0, min(SCORE_CLIP, v.scores[q] / SCORE_UNIT))
        melds = v.melds
        last, bits = self._table_last[me]
        if last is not melds:
            table_at, jokers_at, owner_at = at["table"], at["table_jokers"], at["meld_owner"]
            bits = 0
            for j, m in enumerate(melds):
                bits |= m.faces << (table_at + 52 * j) | m.joker_faces << (jokers_at + 52 * j)
                bits |= 1 << (owner_at + SEATS * j + (m.owner - me) % n)
            self._table_last[me] = (melds, bits)
        big |= bits
        small |= 1 << (at["deal"] - lo + v.deal - 1)
        small |= 1 << (at["phase"] - lo + int(v.phase))
        small |= 1 << (at["to_move"] - lo + (v.to_move() - me) % n)
        small |= 1 << (at["current"] - lo + (v.current - me) % n)
        small |= 1 << (at["dealer"] - lo + (v.dealer - me) % n)
        small |= 1 << (at["players"] - lo + n - 3)
        if v.went_down:
            small |= 1 << (at["went_down"] - lo)
        if v.forbid >= 0:
            small |= 1 << (at["forbid"] - lo + v.forbid)
        if v.deep >= 0:
            small |= 1 << (at["deep"] - lo + pack.faces[v.deep])
        big |= small << lo
        floats[f["hand_jokers"]] = hand_jokers / jokers
        floats[f["stock"]] = stock_size / pack.size
        floats[f["reshuffles"]] = v.reshuffles / max(1, cfg.max_reshuffles)
        sets, runs = CONTRACTS[v.deal - 1]
        floats[f["contract"]] = sets / 3.0
        floats[f["contract"] + 1] = runs / 3.0
        floats[f["pending"]] = v.pending.bit_count() / jokers
        floats[f["turns"]] = v.turns / cfg.max_turns
        x = bits_to_vector(big, self.size)
        x[self._float_pos] = floats
        return x


class _FloatEntries(Protocol):
    """A ``float32`` memoryview as the encoder uses it (typeshed types items as ``int``)."""

    def __setitem__(self, i: int, value: float, /) -> None: ...


class _SeatMemo:
    """One seat's last observation on the patched path and the inputs it was built from.

    States are immutable and a transition shares every tuple it does not change, so a piece
    whose input is the same object as last time is not built again (the memo holds the
    objects, so their ids cannot be reused); the hand is an ``int`` and is compared by value.
    """

    __slots__ = (
        "config",
        "depth_bytes",
        "front_rows",
        "hand",
        "hand_bits",
        "hand_jokers",
        "hand_slots",
        "known",
        "known_bits",
        "melds",
        "ones",
        "seat_slots",
        "table_pad",
        "table_rows",
        "tail",
        "x",
        "xm",
    )

    def __init__(self, config: ContractConfig, size: int) -> None:
        self.config = config
        self.x: Vector = np.zeros(size, dtype=np.float32)
        #: ``x`` as a memoryview of ``float32`` (format ``f``): an entry written through it
        #: rounds as numpy's assignment does, in about half the time
        self.xm = cast(_FloatEntries, self.x.data)
        #: ``x``'s front (``hand`` to ``known`` and the table's first bits) and table as
        #: ``(k, 8)`` views (``bits_into``), and the table's bits that the front's last row holds
        self.front_rows: Vector = self.x[:0].reshape(0, 8)
        self.table_rows: Vector = self.front_rows
        self.table_pad = 0
        #: ``x``'s ``pile_depth`` piece as bytes (a pile's depth is copied in as ``float32`` bytes)
        self.depth_bytes = memoryview(b"")
        #: (index in ``x``, seat) of each ``hand_size`` entry
        self.hand_slots: tuple[tuple[int, int], ...] = ()
        #: (seat, bit offset of its ``known`` row) in relative order
        self.seat_slots: tuple[tuple[int, int], ...] = ()
        self.hand = -1
        self.hand_bits = 0
        self.hand_jokers = 0.0
        self.known: object = None
        self.known_bits = 0
        self.melds: object = None
        #: (deal, dealer, scores, buys, down, reshuffles) the tail was last written for, and the
        #: entries set in its one-hots (phase, to move, current, forbid, deep).
        self.tail: tuple[int, int, object, object, int, int] | None = None
        self.ones = [0] * 5


def contract_bounds(config: ContractConfig, layout: ObsLayout) -> tuple[Vector, Vector]:
    """Per-entry bounds: 0..1 except hand sizes (up to the pack), buys and scores."""
    low = np.zeros(layout.size, dtype=np.float32)
    high = np.ones(layout.size, dtype=np.float32)
    for name, hi in (
        ("hand_size", config.pack_size / MAX_HAND),
        ("buys", float(max(1, config.max_buys))),
        ("scores", SCORE_CLIP),
        ("hand_jokers", float(max(1, config.pack.jokers))),
        ("pile_jokers", float(max(1, config.pack.jokers))),
        ("pending", float(max(1, config.pack.jokers))),
    ):
        p = layout.by_name[name]
        high[p.start : p.stop] = hi
    return low, high
