"""Keep what clients do wrong out of the error log as tracebacks.

uvicorn's websocket transport logs a text frame that is not valid UTF-8 with ``logger.exception``
(a traceback under ``ERROR``) before closing the socket with 1007. That is a misbehaving client,
not a server fault: an operator reading the log for real failures should not have to wade through
one traceback per bad frame, and a client should not be able to fill the log with them. The filter
turns exactly that record into a one-line warning; every other record passes unchanged.
"""

from __future__ import annotations

import logging

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


def install() -> None:
    """Attach the filter to uvicorn's error logger (idempotent)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaults) for f in logger.filters):
        logger.addFilter(ClientFaults())
