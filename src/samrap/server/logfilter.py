"""Keep what clients do wrong out of the error log as tracebacks, and secrets out of every log line.

uvicorn's websocket transport logs a text frame that is not valid UTF-8 with ``logger.exception``
(a traceback under ``ERROR``) before closing the socket with 1007. That is a misbehaving client,
not a server fault: an operator reading the log for real failures should not have to wade through
one traceback per bad frame, and a client should not be able to fill the log with them. The filter
turns exactly that record into a one-line warning; every other record passes unchanged.

:class:`Secrets` (issue 27.3): a share link's spectator key travels in the query string
(``/ws/tables/CODE?watch=KEY``), and uvicorn writes the request line of every HTTP request (access
log) and every websocket handshake (error log) with it. Logs are read by more people than the
tables' guests and kept longer, so the value of every query parameter that can hold a key or a
token is replaced by ``***`` before any handler formats the record.
"""

from __future__ import annotations

import logging
import re
from typing import Any

#: The message uvicorn logs (``websockets_sansio_impl``) for a text frame that is not UTF-8.
INVALID_UTF8 = "Invalid UTF-8 sequence received from client."


class ClientFaults(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() == INVALID_UTF8 and record.exc_info is not None:
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.msg, record.args = "a client sent a text frame that is not UTF-8; its socket was closed (1007)", ()
        return True


#: Query parameters whose values are secrets: the spectator key, and any token a client might send.
SECRET = re.compile(r"(?i)([?&](?:watch|key|spectator_key|token|host_token|player_token)=)[^&\s\"']*")


def redact(text: str) -> str:
    """``text`` with the value of every secret query parameter replaced by ``***``."""
    return SECRET.sub(r"\1***", text)


def _redacted(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


class Secrets(logging.Filter):
    """Redacts secret query parameters in a record's message and arguments, keeping their shape
    (uvicorn's access formatter unpacks the arguments: client, method, path, version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redacted(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _redacted(v) for k, v in record.args.items()}
        return True


#: Loggers that may write a request's URL: uvicorn's (access lines; websocket handshakes are
#: written to ``uvicorn.error``) and the server's own.
URL_LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn", "samrap")


def install() -> None:
    """Attach the filters to uvicorn's loggers and to the handlers they write through (idempotent).

    On the handlers too: a logger's filter sees only records logged on that very logger, not those
    that propagate to it from a child."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaults) for f in logger.filters):
        logger.addFilter(ClientFaults())
    targets: list[logging.Filterer] = []
    for name in URL_LOGGERS:
        named = logging.getLogger(name)
        targets.append(named)
        targets.extend(named.handlers)
    targets.extend(logging.getLogger().handlers)
    for target in targets:
        if not any(isinstance(f, Secrets) for f in target.filters):
            target.addFilter(Secrets())
