"""How a server process is configured (the ``samrap serve`` options), and where its data lives."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

from samrap.server.ratelimit import RateLimits

STATIC_DIR = Path(__file__).parent / "static"


def default_database_path() -> Path:
    """``$XDG_DATA_HOME/samrap/samrap.db`` (``~/.local/share/...``), or ``./samrap.db`` if that
    directory cannot be created: a person who just runs ``samrap serve`` gets a file that survives
    restarts without choosing a place."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "samrap"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path("samrap.db").resolve()
    if not os.access(folder, os.W_OK):
        return Path("samrap.db").resolve()
    return folder / "samrap.db"


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """One server process.

    ``public_url`` is how people reach this process (share links, and how other processes
    forward to it); ``node`` names it in table leases. The default node id is host and port, so
    a process restarted on the same port reclaims its own tables at once instead of waiting for
    their leases to expire.
    """

    database_url: str
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None
    node: str | None = None
    #: Where the other nodes reach this process to forward a request for a table it owns (several
    #: nodes behind one balancer: its own address, while ``public_url`` is the balancer's, which
    #: share links and QR codes carry). ``None``: ``base_url``.
    node_url: str | None = None
    lease_ttl: float = 15.0
    bot_delay_scale: float = 1.0
    time_scale: float = 1.0
    static_dir: Path = STATIC_DIR
    #: Per-client-address limits on table and player creation, joins and hints
    #: (``samrap.server.ratelimit``); ``RateLimits.off()`` for benchmarks. By default the
    #: built-in limits, changed by ``$SAMRAP_RATE_LIMITS`` when it is set.
    rate_limits: RateLimits = field(default_factory=RateLimits.from_env)
    #: Proxies whose ``X-Forwarded-For`` names the client (addresses or networks, ``*`` for any).
    #: Empty (the default, even for 127.0.0.1): the socket's peer is the client, so a client
    #: cannot pick its own rate-limit bucket by sending the header.
    forwarded_allow_ips: tuple[str, ...] = ()
    #: Worker processes for hints (``samrap.server.workers``): ``None`` one per core but one, 0 a
    #: thread in this process instead. ``hint_start_within``: seconds a hint may wait for a free
    #: worker before it is answered ``busy``. ``warm_workers``: start them with the server (else
    #: at the first hint; tests leave them cold).
    hint_workers: int | None = None
    #: How much lower the hint workers' CPU priority is than the server's (a ``nice`` increment,
    #: 0-19): higher keeps the tables' own work first when the cores are contended, lower answers
    #: the deeper look sooner when other programs share the machine (docs/performance.md, 27.4).
    hint_nice: int = 2
    hint_start_within: float = 1.0
    warm_workers: bool = False
    #: Record every commit's stages and the loop's lag (``samrap.server.stages``; benchmarks):
    #: ``$SAMRAP_STAGE_TIMING=1`` turns it on.
    stage_timing: bool = field(default_factory=lambda: os.environ.get("SAMRAP_STAGE_TIMING") == "1")

    @property
    def base_url(self) -> str:
        if self.public_url:
            return self.public_url.rstrip("/")
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.port}"

    @property
    def forward_url(self) -> str:
        return self.node_url.rstrip("/") if self.node_url else self.base_url

    @property
    def node_id(self) -> str:
        return self.node or f"{socket.gethostname()}:{self.port}"
