"""Table codes, seat and player tokens, and how tokens are stored.

Why hashes: the database and the event log hold only ``sha256(token)``. A leaked backup or log
therefore lets nobody act for a seat, while the server can still check a presented token in
constant time. Tokens come from :func:`secrets.token_urlsafe` (256 bits): unguessable.

Table codes are short (6 characters from an alphabet without look-alikes such as 0/O and 1/I/L),
because people read them aloud and type them; they only name a table, they grant nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
TOKEN_BYTES = 32


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str | None:
    """The canonical form of a typed code (upper case, no spaces), or ``None`` if it cannot be one."""
    code = text.strip().upper().replace(" ", "").replace("-", "")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


#: Spectator keys are shorter than seat tokens (they ride in share links) but still unguessable.
SPECTATOR_KEY_BYTES = 16


def new_spectator_key() -> str:
    """The key in a private table's watch link (``/t/CODE?watch=KEY``)."""
    return secrets.token_urlsafe(SPECTATOR_KEY_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` hashes to ``stored_hash``, compared in constant time."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def new_id(prefix: str) -> str:
    """An opaque id such as ``p_3kTq...`` for players (not secret, but not enumerable either)."""
    return f"{prefix}_{secrets.token_urlsafe(9)}"
