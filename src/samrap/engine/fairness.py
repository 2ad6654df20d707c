"""Provably fair shuffles: a hash commitment to each deck order, published before the game is played.

Why: a server that deals the cards could deal itself good hands. With a commitment it cannot,
after the fact, pretend a different order was dealt: before the first action of a game it
publishes ``sha256(deck text + salt)``; the archived record reveals the deck order and the salt,
and anyone can recompute the hash and compare it with what they were shown at the start. The salt
(32 random bytes, hex) keeps the published hash from giving the order away: without it, a player
could try candidate orders (or the 2**48 deck seeds) against the hash during the game.

The committed text is defined exactly, so any language can check it::

    message    = deck_text + "\\n" + salt          (UTF-8)
    deck_text  = the deck's card texts, first card dealt first, joined by single spaces
    commitment = lowercase hex of sha256(message)

e.g. ``"4h Ac 8s ... Kd\\n9f2c..."``. Records carry ``{"sha256": ..., "salt": ...}`` per game
(``docs/records.md``); :func:`verify_commitments` checks a whole record.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from samrap.engine.protocol import ConfigLike

if TYPE_CHECKING:
    from samrap.engine.record import Record
    from samrap.engine.registry import GameSpec

#: Bytes of randomness in a salt (hex-encoded, so twice as many characters).
SALT_BYTES = 32


@dataclass(frozen=True, slots=True)
class Commitment:
    """A game's published hash and, once the game is over, the salt that opens it."""

    sha256: str
    salt: str

    def as_dict(self) -> dict[str, str]:
        return {"sha256": self.sha256, "salt": self.salt}


@dataclass(frozen=True, slots=True)
class CommitmentCheck:
    """The verdict on one game's commitment: ``ok`` is ``None`` when the game carries none."""

    game: int
    ok: bool | None
    message: str

    def as_dict(self) -> dict[str, object]:
        return {"game": self.game, "ok": self.ok, "message": self.message}


def new_salt() -> str:
    """A fresh secret salt from the operating system's CSPRNG."""
    return secrets.token_hex(SALT_BYTES)


def deck_text(spec: GameSpec, config: ConfigLike, deck: Sequence[int]) -> str:
    """The committed text of a deck order: card texts joined by spaces (the record's own card texts)."""
    return " ".join(spec.card_text(config, c) for c in deck)


def commitment_hash(text: str, salt: str) -> str:
    """``sha256(text + "\\n" + salt)`` as lowercase hex."""
    return hashlib.sha256(f"{text}\n{salt}".encode()).hexdigest()


def commit(spec: GameSpec, config: ConfigLike, deck: Sequence[int], salt: str) -> Commitment:
    """The commitment to ``deck`` under ``salt`` (publish only ``.sha256`` until the game is over)."""
    return Commitment(commitment_hash(deck_text(spec, config, deck), salt), salt)


def is_opened_by(commitment: Commitment, spec: GameSpec, config: ConfigLike, deck: Sequence[int]) -> bool:
    """Whether the revealed deck and salt hash to the published value (constant-time compare)."""
    expected = commitment_hash(deck_text(spec, config, deck), commitment.salt)
    return hmac.compare_digest(expected, commitment.sha256.lower())


def verify_commitments(record: Record) -> list[CommitmentCheck]:
    """Check every game's commitment in ``record`` against its revealed deck order and salt.

    A game without a commitment gets ``ok=None`` (records written outside the server carry none);
    a mismatch gets ``ok=False``. The caller decides whether missing commitments are acceptable.
    """
    from samrap.engine.registry import GAMES

    m = record.match
    spec = GAMES[m.game]
    config = spec.parse_config(m.config, spec.default_config)
    checks: list[CommitmentCheck] = []
    for i, g in enumerate(m.games):
        c = record.commitments[i] if i < len(record.commitments) else None
        if c is None:
            checks.append(CommitmentCheck(i, None, "no shuffle commitment recorded for this game"))
        elif is_opened_by(c, spec, config, g.deck):
            checks.append(CommitmentCheck(i, True, f"deck order matches the commitment {c.sha256[:16]}…"))
        else:
            msg = f"deck order and salt do not hash to the published commitment {c.sha256[:16]}…"
            checks.append(CommitmentCheck(i, False, msg))
    return checks
