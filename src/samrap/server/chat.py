"""Table chat rules: length limit, rate limit, escaping. Emoji are ordinary text and pass through.

Why escape on the server: the web client will put chat into a page; escaping ``<>&"'`` here means
a client that forgets to escape still cannot be made to run a script. Control and format
characters are dropped and line breaks become spaces, so a line cannot fake a new message or move a
terminal's cursor.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from samrap.server.messages import MAX_CHAT, MAX_NAME

#: A seat may send a burst of this many lines, then one line per REFILL_SECONDS.
BURST = 5
REFILL_SECONDS = 2.0


#: Joins emoji into one picture (family, flags with skin tones); the only format character kept.
ZWJ = "\u200d"


def _is_shown(ch: str) -> bool:
    """Printable: not a control, a lone surrogate or a format character such as a bidi override
    (which could make a line read backwards), except the emoji joiner."""
    category = unicodedata.category(ch)
    return category not in ("Cc", "Cs", "Cf") or ch == ZWJ


#: The quick phrases a client offers in one tap, sent as ``:key:`` and shown in the reader's
#: language (the web app's ``chat.p.*`` words). Keys, not text, so a Thai line reads in English
#: to an English reader, and a table set to phrases only can check a line exactly.
PHRASES = ("hi", "gl", "nice", "thanks", "sorry", "wait", "hurry", "gg", "again", "bye")
#: The emoji reactions, one tap each.
REACTIONS = ("👍", "😂", "😮", "😢", "😡", "🙏", "🎉", "❤️")
#: Why a free line was refused at a table set to phrases only.
PHRASES_ONLY = "this table takes only the quick phrases and reactions"


def is_quick(text: str) -> bool:
    """A quick phrase (``:gg:``) or one reaction: all a phrases-only table lets through."""
    return text in REACTIONS or (text.startswith(":") and text.endswith(":") and text[1:-1] in PHRASES)


class ChatRejected(ValueError):
    """An empty or over-long line; the message says which."""


def clean(text: str) -> str:
    """The line as it is stored and sent: trimmed, controls removed, HTML-escaped.

    Raises:
        ChatRejected: nothing left, or more than :data:`MAX_CHAT` characters before escaping.
    """
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or _is_shown(ch))
    kept = " ".join(kept.split())
    if not kept:
        raise ChatRejected("an empty message")
    if len(kept) > MAX_CHAT:
        raise ChatRejected(f"a message is at most {MAX_CHAT} characters, this one has {len(kept)}")
    return html.escape(kept, quote=True)


#: Characters a display name may not hold: names go into pages, records and chat headers unescaped
#: by some clients, so markup characters are refused outright rather than escaped.
NAME_FORBIDDEN = frozenset("<>&\"'`")


def clean_name(name: str) -> str:
    """A display name as stored: controls dropped, spaces collapsed.

    Raises:
        ChatRejected: nothing left, too long, or a markup character in it.
    """
    kept = " ".join("".join(ch for ch in name if ch.isspace() or _is_shown(ch)).split())
    if not kept:
        raise ChatRejected("a name cannot be blank")
    if len(kept) > MAX_NAME:
        raise ChatRejected(f"a name is at most {MAX_NAME} characters")
    bad = sorted(set(kept) & NAME_FORBIDDEN)
    if bad:
        raise ChatRejected(f"a name cannot contain {' '.join(bad)}")
    return kept


@dataclass(slots=True)
class RateLimit:
    """A token bucket per seat: ``allow(now)`` spends a token if there is one."""

    tokens: float = BURST
    at: float = 0.0

    def allow(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.at) / REFILL_SECONDS)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def history_floor(visibility_log: Sequence[tuple[int, bool]], joined: int | None, version: int) -> int | None:
    """The table version whose moment a viewer's chat history starts after, or ``None`` for all of it.

    Why (issue 27.3): chat written while a table was private was written for the people invited
    to it. When the table goes public, a newcomer (a person who sits down afterwards, or any
    spectator) sees only what was written since it went public; people who were seated before keep
    the whole history, and so does a person who sat down while the table was private (invited).
    ``visibility_log`` is :attr:`samrap.server.table.Table.visibility_log`; ``joined`` the version
    at which the viewer's seat was taken (``None``: a spectator, who arrives now, at ``version``).
    """
    arrived = version + 1 if joined is None else joined
    before = [(v, public) for v, public in visibility_log if v < arrived]
    if not before:
        return None
    v, public = before[-1]
    return v if public and v > 1 else None  # created public (version 1): nothing was private
