"""Physical cards of a multi-deck pack with jokers, and the faces the meld rules look at.

Contract Rummy plays with several standard decks plus jokers (rule 2), so two cards may look the
same (two 9♣) while being different pieces of card. The state tracks *physical* ids, so card
conservation can be checked; the meld rules look only at *faces*:

* physical id ``d * 52 + face`` is the natural card ``face`` (``suit * 13 + rank``, the
  :mod:`samrap.core.cards` order) of deck ``d``; the jokers come after the naturals,
  ``52 * decks + k`` for joker ``k``;
* the face of a natural is ``id % 52``; every joker has the face :data:`JOKER` (52).

Text. A face is written as in :mod:`samrap.core.cards` (``7h``, ``Th``) and a joker face as ``*``;
in actions a joker that is put down is written ``*`` followed by what it stands for: ``*7h``.
A physical card (position strings only) is its face followed by one prime per deck after the
first (``7h`` deck 0, ``7h'`` deck 1, ``7h''`` deck 2) or ``*k`` for joker ``k`` (one digit, so
at most ten jokers); a joker on the table also shows its declared identity, ``*1=7h``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from samrap.core.cards import card_str, parse_card
from samrap.core.errors import InvalidNotationError

JOKER = 52
FULL52 = (1 << 52) - 1
_PIP_VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 15)


def face_value(face: int) -> int:
    """Penalty points of a face in hand (rule 20): 2-10 face value, J Q K 10, A 15, joker 15."""
    return 15 if face == JOKER else _PIP_VALUES[face % 13]


def face_str(face: int) -> str:
    """``7h`` for a natural face, ``*`` for the joker face."""
    return "*" if face == JOKER else card_str(face)


def lowest(mask: int) -> int:
    """The lowest set bit of a non-empty mask, as a bit index."""
    return (mask & -mask).bit_length() - 1


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True, slots=True)
class Pack:
    """``decks`` standard decks plus ``jokers`` jokers, with lookup tables for the hot paths.

    Attributes:
        size: how many physical cards.
        full: the mask of every physical card.
        joker_base: the id of joker 0 (jokers are ``joker_base .. size - 1``).
        jokers_mask: the mask of every joker.
        faces: physical id -> face.
        face_masks: face -> mask of its physical copies (index 52: the jokers).
        values: physical id -> penalty points (rule 20).
    """

    decks: int
    jokers: int
    size: int
    full: int
    joker_base: int
    jokers_mask: int
    faces: tuple[int, ...]
    face_masks: tuple[int, ...]
    values: tuple[int, ...]

    def face(self, pid: int) -> int:
        return self.faces[pid]

    def is_joker(self, pid: int) -> bool:
        return pid >= self.joker_base

    def face_layers(self, mask: int) -> tuple[tuple[int, ...], int]:
        """Face multiplicities of ``mask``: ``layers[i]`` holds the faces present more than ``i`` times.

        Returns the layers (52-bit face masks, non-empty ones only) and the number of jokers.
        Two and three decks (every preset's pack) are written out: a face is in layer ``i`` when
        more than ``i`` of the decks hold it (a hot path: each pool and hand asked about).
        """
        decks = self.decks
        if decks == 2:
            a = mask & FULL52
            b = mask >> 52 & FULL52
            one, two = a | b, a & b
            return ((one, two) if two else (one,) if one else ()), (mask >> self.joker_base).bit_count()
        if decks == 3:
            a = mask & FULL52
            b = mask >> 52 & FULL52
            c = mask >> 104 & FULL52
            one, two, three = a | b | c, a & b | a & c | b & c, a & b & c
            out = (one, two, three) if three else (one, two) if two else (one,) if one else ()
            return out, (mask >> self.joker_base).bit_count()
        layers: list[int] = []
        for d in range(decks):
            carry = (mask >> (52 * d)) & FULL52
            i = 0
            while carry:
                if i == len(layers):
                    layers.append(carry)
                    break
                layer = layers[i]
                layers[i] = layer | carry
                carry &= layer
                i += 1
        return tuple(layers), (mask >> self.joker_base).bit_count()

    def faces_of(self, mask: int) -> int:
        """The 52-bit mask of natural faces present in ``mask`` (jokers ignored).

        Every deck shifted down onto the first: the later decks' and the jokers' bits land above
        bit 51 and are masked off. Written out for the usual pack sizes (a hot path).
        """
        decks = self.decks
        if decks == 2:
            return (mask | mask >> 52) & FULL52
        if decks == 3:
            return (mask | mask >> 52 | mask >> 104) & FULL52
        out = mask
        for d in range(1, decks):
            out |= mask >> (52 * d)
        return out & FULL52

    def value(self, mask: int) -> int:
        total = 0
        while mask:
            low = mask & -mask
            total += self.values[low.bit_length() - 1]
            mask ^= low
        return total

    def card_text(self, pid: int) -> str:
        """``7h`` / ``7h'`` / ``7h''`` for naturals, ``*0`` for joker 0."""
        if pid >= self.joker_base:
            return f"*{pid - self.joker_base}"
        return card_str(pid % 52) + "'" * (pid // 52)

    def sorted_ids(self, mask: int) -> list[int]:
        """Physical ids of ``mask`` by face, then deck (the order of position strings)."""
        return sorted(bits(mask), key=lambda p: (self.faces[p], p))

    def mask_text(self, mask: int) -> str:
        """Concatenated physical card texts sorted by face, or ``-`` for none."""
        return "".join(self.card_text(p) for p in self.sorted_ids(mask)) or "-"

    def parse_ids(self, text: str) -> list[tuple[int, int]]:
        """Parse physical cards (``7h7h'*0*1=7h``) into ``(id, declared face or -1)`` pairs.

        Raises:
            InvalidNotationError: a token is not a physical card of this pack.
        """
        out: list[tuple[int, int]] = []
        i, n = 0, len(text)
        while i < n:
            if text[i] == "*":
                if i + 1 >= n or not text[i + 1].isdigit():
                    raise InvalidNotationError(f"joker token needs its number (*0, *1, ...) in {text!r}")
                k = int(text[i + 1])
                if k >= self.jokers:
                    raise InvalidNotationError(f"there is no joker *{k} in a pack with {self.jokers} jokers")
                i += 2
                declared = -1
                if i < n and text[i] == "=":
                    j = i + 3 if text[i + 1 : i + 3] == "10" else i + 2
                    declared = parse_card(text[i + 1 : j + 1])
                    i = j + 1
                out.append((self.joker_base + k, declared))
                continue
            j = i + 2 if text[i : i + 2] == "10" else i + 1
            if j >= n:
                raise InvalidNotationError(f"incomplete card at {text[i:]!r} in {text!r}")
            face = parse_card(text[i : j + 1])
            i = j + 1
            deck = 0
            while i < n and text[i] == "'":
                deck += 1
                i += 1
            if deck >= self.decks:
                raise InvalidNotationError(f"{text!r}: a pack of {self.decks} decks has no copy {deck} of a card")
            out.append((deck * 52 + face, -1))
        return out

    def parse_mask(self, text: str) -> int:
        """Parse concatenated physical cards (``-`` is none); a card listed twice is an error."""
        if text in ("", "-"):
            return 0
        mask = 0
        for pid, declared in self.parse_ids(text):
            if declared >= 0:
                raise InvalidNotationError(f"only jokers on the table carry a declared identity: {text!r}")
            if mask >> pid & 1:
                raise InvalidNotationError(f"card {self.card_text(pid)} appears twice in {text!r}")
            mask |= 1 << pid
        return mask


@cache
def make_pack(decks: int, jokers: int) -> Pack:
    """The pack of ``decks`` decks and ``jokers`` jokers (cached: packs are shared values)."""
    base = 52 * decks
    size = base + jokers
    faces = tuple(p % 52 if p < base else JOKER for p in range(size))
    face_masks = [0] * 53
    for p, f in enumerate(faces):
        face_masks[f] |= 1 << p
    return Pack(
        decks=decks,
        jokers=jokers,
        size=size,
        full=(1 << size) - 1,
        joker_base=base,
        jokers_mask=((1 << jokers) - 1) << base,
        faces=faces,
        face_masks=tuple(face_masks),
        values=tuple(face_value(f) for f in faces),
    )
