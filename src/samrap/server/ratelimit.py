"""Per-client-address limits: on requests (token buckets) and on open websockets (caps).

Creating tables and players, joining seats and asking for hints cost the server a database write
(or, for hints, a search in the worker pool); every GET and every websocket connect costs a little
too; without a limit one client could flood them. Each kind of
request has its own token bucket per client address: a bucket holds up to ``count`` requests and
refills at ``count`` per ``seconds``, so a person can create a few tables at once and then one
every ``seconds / count``. A refused request gets HTTP 429 (``rate_limited``) with a
``Retry-After`` header and changes nothing.

Open websockets are capped per address (``sockets``) and spectators per table (``spectators``);
over a cap the socket gets a typed ``too_many_connections`` error and is closed (1013).

The buckets live in the process (one server process, or per node behind a load balancer); they
are not shared between nodes. The client address is the socket's peer; ``X-Forwarded-For`` is
believed only from the proxies the operator names (``--forwarded-allow-ips``, none by default,
not even 127.0.0.1), see ``docs/deployment.md``.

Limits are set by :class:`RateLimits` in the server settings, or by the environment variable
``SAMRAP_RATE_LIMITS``: ``off`` turns all of them off (benchmarks), and a comma list such as
``tables=20/60,joins=off`` changes some (``KIND=COUNT/SECONDS`` or ``KIND=off``; the caps are
``sockets=N`` and ``spectators=N``); ``exempt=10.0.0.5 10.0.0.6`` lists addresses that are never
limited.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace
from typing import Literal, get_args

#: The environment variable read by :meth:`RateLimits.from_env`.
ENV = "SAMRAP_RATE_LIMITS"

Kind = Literal["tables", "players", "joins", "hints", "gets", "connects"]
KINDS: tuple[Kind, ...] = get_args(Kind)
Cap = Literal["sockets", "spectators"]
CAPS: tuple[Cap, ...] = get_args(Cap)

#: Buckets are swept (full ones dropped) once a limiter holds this many.
SWEEP_AT = 10_000


@dataclass(frozen=True, slots=True)
class Rate:
    """At most ``count`` requests at once, refilled at ``count`` per ``seconds``."""

    count: int
    seconds: float

    def __post_init__(self) -> None:
        if self.count < 1 or not self.seconds > 0 or not math.isfinite(self.seconds):
            raise ValueError(f"a rate needs count >= 1 and seconds > 0, not {self.count}/{self.seconds}")

    def __str__(self) -> str:
        return f"{self.count}/{self.seconds:g}"


@dataclass(frozen=True, slots=True)
class RateLimits:
    """The limit for each kind of request per client address; ``None`` means no limit."""

    tables: Rate | None = Rate(20, 60.0)  # POST /api/tables
    players: Rate | None = Rate(20, 60.0)  # POST /api/players
    joins: Rate | None = Rate(60, 60.0)  # POST /api/tables/{code}/join
    hints: Rate | None = Rate(60, 60.0)  # POST /api/tables/{code}/hint (a search in the worker pool)
    #: GETs of ``/api/...`` (the ones that query the database; static files are not counted).
    gets: Rate | None = Rate(300, 60.0)
    #: Websocket connects (a page opens one; a reconnecting client one every few seconds at most).
    connects: Rate | None = Rate(120, 60.0)
    #: Addresses never limited (for example the other nodes that forward requests to this one).
    exempt: frozenset[str] = frozenset()
    #: Websockets open at once from one address (a household or a school behind one address).
    sockets: int | None = 64
    #: Spectators at one table at once.
    spectators: int | None = 100

    @classmethod
    def off(cls) -> RateLimits:
        return cls(
            tables=None, players=None, joins=None, hints=None, gets=None, connects=None, sockets=None, spectators=None
        )

    @classmethod
    def parse(cls, text: str, base: RateLimits | None = None) -> RateLimits:
        """``off``, or ``KIND=COUNT/SECONDS`` / ``KIND=off`` / ``exempt=ADDRESS ADDRESS`` items
        separated by commas, applied to ``base`` (the defaults).

        Raises:
            ValueError: an unknown kind or a malformed item.
        """
        base = cls() if base is None else base
        text = text.strip()
        if text.lower() in ("off", "0", "none"):
            return replace(cls.off(), exempt=base.exempt)
        rates: dict[str, Rate | None] = {k: getattr(base, k) for k in KINDS}
        caps: dict[str, int | None] = {k: getattr(base, k) for k in CAPS}
        exempt = base.exempt
        for item in filter(None, (s.strip() for s in text.split(","))):
            kind, sep, value = item.partition("=")
            kind, value = kind.strip(), value.strip()
            if sep and kind == "exempt":
                exempt = frozenset(value.split())
                continue
            if sep and kind in caps:
                if value.lower() == "off":
                    caps[kind] = None
                elif value.isdigit() and int(value) >= 1:
                    caps[kind] = int(value)
                else:
                    raise ValueError(f"{ENV}: {item!r}: {kind} is a number of sockets (at least 1) or off")
                continue
            if not sep or kind not in rates:
                raise ValueError(
                    f"{ENV}: {item!r} is not KIND=COUNT/SECONDS with KIND in {', '.join(KINDS)}, nor {'/'.join(CAPS)}=N"
                )
            if value.lower() == "off":
                rates[kind] = None
                continue
            count, slash, seconds = value.partition("/")
            try:
                rates[kind] = Rate(int(count), float(seconds) if slash else 60.0)
            except ValueError as e:
                raise ValueError(f"{ENV}: {item!r}: {e}") from None
        return cls(
            rates["tables"],
            rates["players"],
            rates["joins"],
            rates["hints"],
            rates["gets"],
            rates["connects"],
            exempt,
            caps["sockets"],
            caps["spectators"],
        )

    @classmethod
    def from_env(cls) -> RateLimits:
        """The defaults, changed by ``$SAMRAP_RATE_LIMITS`` if it is set."""
        text = os.environ.get(ENV)
        return cls() if text is None else cls.parse(text)


class TokenBuckets:
    """One token bucket per key for a single :class:`Rate`.

    ``take(key, now)`` spends a token and returns 0, or returns the seconds until a token will be
    there (and spends nothing). A bucket that has refilled completely is the same as no bucket, so
    full buckets are dropped now and then and memory stays bounded by the recently active keys.
    """

    __slots__ = ("buckets", "capacity", "per_second", "sweep_at")

    def __init__(self, rate: Rate) -> None:
        self.capacity = float(rate.count)
        self.per_second = rate.count / rate.seconds
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)
        self.sweep_at = SWEEP_AT

    def take(self, key: str, now: float) -> float:
        tokens, at = self.buckets.get(key, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - at) * self.per_second)
        if tokens >= 1.0:
            if len(self.buckets) >= self.sweep_at and key not in self.buckets:
                self.sweep(now)
                # many addresses still active: sweep again only when the table has doubled, so a
                # flood from many addresses costs amortised O(1) per request
                self.sweep_at = max(SWEEP_AT, 2 * len(self.buckets))
            self.buckets[key] = (tokens - 1.0, now)
            return 0.0
        self.buckets[key] = (tokens, now)
        return (1.0 - tokens) / self.per_second

    def sweep(self, now: float) -> None:
        full = [k for k, (tokens, at) in self.buckets.items() if tokens + (now - at) * self.per_second >= self.capacity]
        for k in full:
            del self.buckets[k]


class RateLimiter:
    """The buckets of every limited kind of request, for one server process."""

    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self.kinds: dict[str, TokenBuckets] = {}
        for kind in KINDS:
            rate = getattr(limits, kind)
            if rate is not None:
                self.kinds[kind] = TokenBuckets(rate)

        #: Open websockets per address (entries drop at zero, so memory follows live sockets).
        self.open: dict[str, int] = {}

    def take(self, kind: Kind, client: str, now: float) -> float:
        """0 if ``client`` may make a request of ``kind`` now (and it is counted), else the seconds
        to wait before the next one would be allowed."""
        buckets = self.kinds.get(kind)
        if buckets is None or client in self.limits.exempt:
            return 0.0
        return buckets.take(client, now)

    def open_socket(self, client: str) -> bool:
        """Count a websocket of ``client`` as open; ``False`` (and nothing counted) over the cap."""
        cap = self.limits.sockets
        n = self.open.get(client, 0)
        if cap is not None and n >= cap and client not in self.limits.exempt:
            return False
        self.open[client] = n + 1
        return True

    def close_socket(self, client: str) -> None:
        n = self.open.get(client, 0) - 1
        if n > 0:
            self.open[client] = n
        else:
            self.open.pop(client, None)
