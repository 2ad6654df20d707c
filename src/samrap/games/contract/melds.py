"""Melds of Contract Rummy by face: what an action names (:class:`Spec`) and what lies on the table.

A meld is judged on faces only (rule 8: a set is 3 or 4 cards of one rank in different suits; rule 9:
a run is ``min_run`` or more consecutive cards of one suit; rule 3: the ace is high or low, never
both, no wrapping). Because no meld can hold the same face twice, a meld's faces fit in a 52-bit
mask, and a meld an action names is two masks: the natural faces and the faces its jokers stand
for (rules 11, 26). Runs are placed on a 14-step scale: position 0 is the ace played low,
positions 1..13 are 2..A, so a run is the interval ``lo..hi``.

Under ``set_suits = any`` (rule 8's option) a set may hold a face more than once (two 7♥ from two
decks). Such a set keeps the masks and adds :attr:`Spec.more` (the natural faces held a second,
third... time) and may hold a joker standing for a face a natural already has. Its suits mean
nothing, so its jokers' declared suits are fixed (:func:`any_set_joker_faces`): the faces the set
lacks first, in suit order; a table set of any suits is marked by ``lo`` = :data:`ANY_SUITS`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from samrap.core.cards import card_str, parse_card
from samrap.core.cardset import RANK_MASKS, SUIT_MASKS
from samrap.core.errors import InvalidNotationError
from samrap.games.contract.cards import bits, lowest
from samrap.games.contract.lastasked import LastAsked

SET = 0
RUN = 1
ACE = 12
#: The ``lo`` of a table set whose suits may repeat (``set_suits = any``); other sets have ``lo`` 0.
ANY_SUITS = 1
_SUIT13 = (1 << 13) - 1

Shape = tuple[int, int, int, int]
"""``(kind, key, lo, hi)``: a set's key is its rank; a run's key is its suit and ``lo..hi`` its positions."""


def pos_face(suit: int, pos: int) -> int:
    """The face at run position ``pos`` (0 = ace low, 1..13 = 2..A) of ``suit``."""
    return suit * 13 + (ACE if pos in (0, 13) else pos - 1)


def _is_block(m: int) -> bool:
    low = m & -m
    return m != 0 and (m + low) & m == 0


def shape(faces: int) -> Shape | None:
    """The shape of a meld with these faces, or ``None`` if they form neither a set nor a run.

    A 13-card run (every rank) is read with the ace high.
    """
    n = faces.bit_count()
    if n < 3 or n > 13:
        return None
    low = lowest(faces)
    r = low % 13
    if faces & ~RANK_MASKS[r] == 0:
        return (SET, r, 0, 0)
    s = low // 13
    if faces & ~SUIT_MASKS[s]:
        return None
    m = (faces >> (13 * s)) & _SUIT13
    if _is_block(m):
        return (RUN, s, lowest(m) + 1, m.bit_length())
    if m >> ACE & 1:
        m2 = ((m & ~(1 << ACE)) << 1) | 1
        if _is_block(m2):
            return (RUN, s, 0, m2.bit_length() - 1)
    return None


def any_set_joker_faces(rank: int, faces: int, k: int) -> int:
    """The faces ``k`` jokers in a set of any suits of ``rank`` are declared as (at most 4): the
    rank's faces missing from ``faces`` first, then the others, each in suit order.

    In such a set a joker's suit changes nothing (any card of the rank may join it later and its
    jokers are dead, rule 16), so the engine fixes it instead of listing four equal moves.
    """
    row = [s * 13 + rank for s in range(4)]
    order = [f for f in row if not faces >> f & 1] + [f for f in row if faces >> f & 1]
    out = 0
    for f in order[:k]:
        out |= 1 << f
    return out


def spec_shape(spec: Spec, any_suits: bool) -> Shape | None:
    """The shape of the meld ``spec`` names, or ``None``: :func:`shape` of its faces, and under
    ``any_suits`` also sets that repeat a face (:attr:`Spec.more`, or a joker on a natural's
    face). An any-suit set's shape has ``lo = hi =`` :data:`ANY_SUITS`."""
    faces = spec.nat | spec.jok
    if not any_suits:
        if spec.more or spec.nat & spec.jok:
            return None
        return shape(faces)
    if not faces or spec.size < 3:
        return None
    r = lowest(faces) % 13
    if faces & ~RANK_MASKS[r] == 0:
        return (SET, r, ANY_SUITS, ANY_SUITS)
    if spec.more or spec.nat & spec.jok:
        return None
    return shape(faces)


def ordered_faces(faces: int) -> list[int]:
    """Faces in meld order: runs by position, sets by suit, anything else ascending."""
    sh = shape(faces)
    if sh is not None and sh[0] == RUN:
        return [pos_face(sh[1], p) for p in range(sh[2], sh[3] + 1)]
    return bits(faces)


def sort_specs(specs: Iterable[Spec]) -> tuple[Spec, ...]:
    """The canonical order of a go-down's melds (:meth:`Spec.order_key`)."""
    return tuple(sorted(specs, key=Spec.order_key))


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Spec:
    """A meld as an action names it: natural faces plus the faces its jokers stand for.

    Text: the cards in meld order, a joker as ``*`` plus what it stands for: ``5s6s*7s8s``; a set
    of any suits repeats a face as often as it holds it: ``7h7h*7c``.

    Attributes:
        nat: the natural faces (each held at least once).
        jok: the faces its jokers stand for.
        more: ``set_suits = any`` only: ``more[i]`` holds the natural faces held more than
            ``i + 1`` times (empty for every other meld).
    """

    nat: int
    jok: int = 0
    more: tuple[int, ...] = ()

    @property
    def faces(self) -> int:
        return self.nat | self.jok

    @property
    def size(self) -> int:
        n = self.nat.bit_count() + self.jok.bit_count()
        for m in self.more:
            n += m.bit_count()
        return n

    def __repr__(self) -> str:
        # ``more`` only when there is any: the repr of every other meld stays as it always was
        more = f", more={self.more!r}" if self.more else ""
        return f"Spec(nat={self.nat!r}, jok={self.jok!r}{more})"

    def copies(self, face: int) -> int:
        """How many naturals of ``face`` the meld holds."""
        n = self.nat >> face & 1
        for m in self.more:
            n += m >> face & 1
        return n

    @property
    def is_set(self) -> bool:
        faces = self.nat | self.jok
        return faces != 0 and faces & ~RANK_MASKS[lowest(faces) % 13] == 0

    def order_key(self) -> tuple[int, int, int]:
        """How the melds of a go-down are listed: sets first, then runs, each by faces; the
        repeated faces of a set of any suits are packed above the 52 joker bits of the third item
        (so every key stays three numbers and tells any two melds apart)."""
        third = self.jok
        for i, m in enumerate(self.more):
            third |= m << (52 * (i + 1))
        return (0 if self.is_set else 1, self.nat, third)

    def text(self) -> str:
        if not self.more and not self.nat & self.jok:
            return "".join(("*" if self.jok >> f & 1 else "") + card_str(f) for f in ordered_faces(self.faces))
        parts = []
        for f in bits(self.faces):
            parts.append(card_str(f) * self.copies(f))
            if self.jok >> f & 1:
                parts.append("*" + card_str(f))
        return "".join(parts)

    def __str__(self) -> str:
        return self.text()


def parse_spec(text: str) -> Spec:
    """Parse ``7c7d*7h`` or ``5s6s*7s8s``.

    Raises:
        InvalidNotationError: a token is not a card, a joker lacks its identity, or a face repeats.
    """
    nat = jok = 0
    more: list[int] = []
    i, n = 0, len(text)
    while i < n:
        joker = text[i] == "*"
        if joker:
            i += 1
        end = i + 3 if text[i : i + 2] == "10" else i + 2
        if end > n:
            what = "a joker needs the card it stands for, e.g. *7h" if joker else "incomplete card"
            raise InvalidNotationError(f"{what}: {text!r}")
        face = parse_card(text[i:end])
        i = end
        bit = 1 << face
        if joker:
            if jok & bit:
                raise InvalidNotationError(f"two jokers stand for {card_str(face)} in the meld {text!r}")
            jok |= bit
        elif not nat & bit:
            nat |= bit
        else:  # a repeated natural: only a set of any suits may hold it (the rules judge that)
            for k, layer in enumerate(more):
                if not layer & bit:
                    more[k] = layer | bit
                    break
            else:
                if len(more) == 3:
                    raise InvalidNotationError(f"{card_str(face)} appears more than four times in {text!r}")
                more.append(bit)
    if not nat | jok:
        raise InvalidNotationError("empty meld")
    return Spec(nat, jok, tuple(more))


class TableMeld(NamedTuple):
    """A meld on the table (a ``NamedTuple``: one is rebuilt at every lay-off).

    Attributes:
        owner: the seat that put it down.
        kind, key, lo, hi: its shape (see :data:`Shape`); ``lo``/``hi`` are 0 for a set, or
            :data:`ANY_SUITS` for a set of any suits.
        faces: the faces it holds, naturals and what its jokers stand for.
        cards: its physical cards.
        jokers: ``(physical joker, declared face)`` pairs, sorted by face (rules 11, 26).
        ext: the faces one more card may take (derived, kept because every move asks for it).
    """

    owner: int
    kind: int
    key: int
    lo: int
    hi: int
    faces: int
    cards: int
    jokers: tuple[tuple[int, int], ...] = ()
    ext: int = 0

    @property
    def size(self) -> int:
        return self.cards.bit_count()

    @property
    def any_suits(self) -> bool:
        """A set of any suits (``set_suits = any``): it may hold a face more than once."""
        return self.kind == SET and self.lo == ANY_SUITS

    def joker_layoff_face(self) -> int:
        """The face a joker laid off on this set of any suits is declared as (see
        :func:`any_set_joker_faces`; with every suit present, the rank's first suit)."""
        return lowest(any_set_joker_faces(self.key, self.faces, 1))

    @property
    def joker_faces(self) -> int:
        m = 0
        for _, f in self.jokers:
            m |= 1 << f
        return m


def _ext(kind: int, key: int, lo: int, hi: int, faces: int) -> int:
    if kind == SET:
        if lo == ANY_SUITS:  # any card of the rank joins a set of any suits
            return RANK_MASKS[key]
        return RANK_MASKS[key] & ~faces if faces.bit_count() < 4 else 0
    return RUN_EXT[key * 196 + lo * 14 + hi]


def _run_ext(key: int, lo: int, hi: int) -> int:
    """The open faces of a run of suit ``key`` over positions ``lo..hi``: the face below and the
    face above, where there is one (none once it holds all 13 ranks)."""
    if hi - lo >= 12:
        return 0
    out = 0
    if lo >= 1:
        out |= 1 << pos_face(key, lo - 1)
    if hi <= 12:
        out |= 1 << pos_face(key, hi + 1)
    return out


#: :func:`_run_ext` of every run, at ``suit * 196 + lo * 14 + hi``: ``_ext`` runs at every lay-off
#: applied or judged, and a look-up spares its two ``pos_face`` calls (the table is read-only).
RUN_EXT: tuple[int, ...] = tuple(_run_ext(key, lo, hi) for key in range(4) for lo in range(14) for hi in range(14))


def make_meld(owner: int, sh: Shape, faces: int, cards: int, jokers: tuple[tuple[int, int], ...]) -> TableMeld:
    kind, key, lo, hi = sh
    js = tuple(sorted(jokers, key=lambda j: j[1]))
    return TableMeld(owner, kind, key, lo, hi, faces, cards, js, _ext(kind, key, lo, hi, faces))


class TableSummary(NamedTuple):
    """What the moves of a turn ask of the whole table (:func:`table_summary`).

    Attributes:
        ext: the faces one more card may take on some meld (the union of ``TableMeld.ext``).
        swap: the faces jokers stand for in runs (a player who is down may exchange them).
        runs: whether any run lies on the table.
    """

    ext: int
    swap: int
    runs: bool


_NO_MELDS: tuple[TableMeld, ...] = ()
#: The last table summarised and its summary (:mod:`lastasked` says why one entry, and why it is
#: safe for worker threads).
_last_summary: LastAsked[tuple[TableMeld, ...], TableSummary] = LastAsked(_NO_MELDS, TableSummary(0, 0, False))


def table_summary(melds: tuple[TableMeld, ...]) -> TableSummary:
    """The :class:`TableSummary` of ``melds`` (remembered for the last table asked about)."""
    last = _last_summary.pair  # (LastAsked.get, inlined: asked several times an action)
    if last[0] is melds:
        return last[1]
    ext = swap = 0
    runs = False
    for m in melds:
        ext |= m.ext
        if m.kind == RUN:
            runs = True
            for _, f in m.jokers:
                swap |= 1 << f
    return _last_summary.put(melds, TableSummary(ext, swap, runs))


def ext_faces(m: TableMeld) -> int:
    """The faces one more card may take on ``m``: a set's missing suits, a run's two ends (rule 14)."""
    return m.ext


def with_card(m: TableMeld, face: int, pid: int, joker: bool) -> TableMeld:
    """``m`` with one more card of ``face`` (natural, or a joker declared as ``face``).

    An ace that fits both ends of a 2..K run goes high; the run is then complete either way.
    """
    lo, hi = m.lo, m.hi
    kind, key = m.kind, m.key
    faces = m.faces | 1 << face
    if kind == RUN:
        # (``pos_face(key, hi + 1)`` for ``hi <= 12`` is ``13 * key + hi``: position 13 is the ace)
        if hi <= 12 and 13 * key + hi == face:
            hi += 1
        else:
            lo -= 1
        if hi - lo == 12:  # every rank: read with the ace high, as shape() does
            lo, hi = 1, 13
        ext = RUN_EXT[key * 196 + lo * 14 + hi]  # (``_ext`` of a run)
    else:
        ext = _ext(kind, key, lo, hi, faces)
    jokers = tuple(sorted((*m.jokers, (pid, face)), key=lambda j: j[1])) if joker else m.jokers
    # (``tuple.__new__`` with every field, as the hot transitions build states: the named tuple's
    # Python-level ``__new__`` would cost a call more, at every lay-off and every lay-off judged)
    return _new_meld(TableMeld, (m.owner, kind, key, lo, hi, faces, m.cards | 1 << pid, jokers, ext))


_new_meld = tuple.__new__


def exchanged(m: TableMeld, face: int, pid: int) -> tuple[TableMeld, int]:
    """``m`` with the natural ``pid`` in place of the joker standing for ``face``, and that joker (rule 16)."""
    joker = next(j for j, f in m.jokers if f == face)
    jokers = tuple(j for j in m.jokers if j[1] != face)
    cards = (m.cards & ~(1 << joker)) | 1 << pid
    return m._replace(cards=cards, jokers=jokers), joker
