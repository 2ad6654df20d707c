"""``samrap serve``: run the game server (tables, websocket play, archive) with uvicorn.

With no ``--db`` it keeps everything in one SQLite file under the user's data directory (printed
at start), so it needs nothing else running; ``--db postgresql+psycopg://...`` shares a
PostgreSQL database between several processes (``docs/deployment.md``). The server modules are
imported only when the command runs, so the rest of the CLI starts as fast as before.
"""

from __future__ import annotations

import errno
import os
import socket
from pathlib import Path
from typing import Annotated

import typer

from samrap.cli import common
from samrap.cli.common import check_lang, fail
from samrap.cli.helptext import LangOpt
from samrap.cli.text import say


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Database URL or SQLite file path (default: a file in the user's data directory)."),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option("--public-url", help="How people reach this server (share links); default http://HOST:PORT."),
    ] = None,
    node: Annotated[
        str | None, typer.Option("--node", help="This process's name in table leases (default host:port).")
    ] = None,
    node_url: Annotated[
        str | None,
        typer.Option(
            "--node-url",
            help="Where the other nodes reach this one (several nodes behind a balancer; default --public-url).",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", help="Multiply every table's bot delay (0: bots act at once).")
    ] = 1.0,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
    rate_limits: Annotated[
        str | None,
        typer.Option(
            "--rate-limits",
            help="Per-address request limits: off, or items like tables=20/60,joins=off,exempt='10.0.0.2' "
            "(default: $SAMRAP_RATE_LIMITS, else the built-in limits; docs/deployment.md).",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="Comma list of proxy addresses (or networks, or '*') whose X-Forwarded-For names the client "
            "(default: none, not even 127.0.0.1: the socket's peer is the client; docs/deployment.md).",
        ),
    ] = None,
    loop: Annotated[
        str,
        typer.Option(
            "--loop",
            help="Event loop: auto (uvloop where installed, else asyncio), asyncio or uvloop.",
        ),
    ] = "auto",
    hint_workers: Annotated[
        int | None,
        typer.Option(
            "--hint-workers",
            min=0,
            help="Worker processes for hints (default: one per core but one; 0: a thread in the server).",
        ),
    ] = None,
    hint_nice: Annotated[
        int,
        typer.Option(
            "--hint-nice",
            min=0,
            max=19,
            help="How much lower the hint workers' CPU priority is than the server's (nice 0-19; "
            "default 2; higher: the tables first on a crowded machine; 0: deeper hints soonest).",
        ),
    ] = 2,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Check the setup (database and migrations, public URL, proxy headers, websockets) "
            "and exit without serving: 1 when something must be fixed.",
        ),
    ] = False,
    lang: LangOpt = None,
) -> None:
    """Run the game server: play online with friends and bots (REST lobby + websockets)."""
    import uvicorn

    from samrap.server.app import create_app
    from samrap.server.ratelimit import ENV as RATE_LIMITS_ENV
    from samrap.server.ratelimit import RateLimits
    from samrap.server.settings import ServerSettings, default_database_path, sqlite_url

    lang = check_lang(lang)
    if not 0 < port < 65536:
        fail(say("serve.port", lang), lang=lang)
    if bot_delay < 0:
        fail(say("serve.bot_delay", lang), lang=lang)
    if loop not in ("auto", "asyncio", "uvloop"):
        fail(say("serve.loop", lang), lang=lang)
    if db is None:
        url = sqlite_url(default_database_path())
    elif "://" in db:
        url = db
    else:
        path = Path(db).expanduser().resolve()
        if path.is_dir():
            fail(say("serve.db_folder", lang, db=db), lang=lang)
        if not path.parent.is_dir():
            fail(say("serve.db_no_folder", lang, db=db, folder=path.parent), lang=lang)
        url = sqlite_url(path)
    try:
        limits = RateLimits.from_env() if rate_limits is None else RateLimits.parse(rate_limits)
    except ValueError as e:
        source = f"${RATE_LIMITS_ENV}" if rate_limits is None else "--rate-limits"
        value = os.environ.get(RATE_LIMITS_ENV, "") if rate_limits is None else rate_limits
        error = str(e).removeprefix(RATE_LIMITS_ENV + ": ")
        fail(say("serve.rate_limits", lang, source=source, error=error, value=value), lang=lang)
    settings = ServerSettings(
        database_url=url,
        host=host,
        port=port,
        public_url=public_url,
        node=node,
        node_url=node_url,
        bot_delay_scale=bot_delay,
        rate_limits=limits,
        forwarded_allow_ips=tuple(p.strip() for p in (forwarded_allow_ips or "").split(",") if p.strip()),
        hint_workers=hint_workers,
        hint_nice=hint_nice,
        warm_workers=True,
    )
    shown = url.split("@")[-1] if "@" in url else url  # never print a password
    if check:
        from samrap.cli.serve_check import report, run_checks

        allow = settings.forwarded_allow_ips
        found = run_checks(url, shown, host, port, public_url, settings.base_url, allow, lang, node_url)
        lines, status = report(found, lang)
        out = common.stdout()
        for line in lines:
            out.print(line)
        raise typer.Exit(status)
    problem = database_problem(url, lang)
    if problem is not None:
        fail(say("serve.db_open", lang, database=shown, why=problem), lang=lang)
    sock = listening_socket(host, port, lang)  # bound before startup: a busy port is one line, not a crash
    out = common.stdout()
    out.print(say("serve.started", lang, url=settings.base_url, database=shown, node=settings.node_id))
    config = uvicorn.Config(
        create_app(settings),
        log_level=log_level,
        loop=loop,
        # Frames up to 1 MiB reach the app, which answers one over its 16 KiB limit with `malformed`
        # before closing; only a larger one is cut by the transport (1009) without a word.
        ws_max_size=1 << 20,
        # X-Forwarded-For is believed only from --forwarded-allow-ips, inside the app (not uvicorn's
        # default of trusting 127.0.0.1, through which any local proxy passes the client's own header)
        proxy_headers=False,
        ws_per_message_deflate=False,  # messages are small; compressing them costs more CPU than it saves
        ws_ping_interval=20,
        ws_ping_timeout=20,
    )
    uvicorn.Server(config).run(sockets=[sock])


def database_problem(url: str, lang: str = "en") -> str | None:
    """Why the server could not use the database at ``url`` (one line for people), or ``None``.

    Connecting once before startup turns an unreachable PostgreSQL, a missing driver or a bad URL
    into a usage error instead of a traceback from inside the server's startup.
    """
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from samrap.server.storage import make_engine

    try:
        engine = make_engine(url)
    except (ArgumentError, ValueError) as e:
        return say("serve.db_not_url", lang, error=e)
    except ModuleNotFoundError as e:
        return say("serve.db_driver", lang, module=e.name)
    try:
        with engine.connect():
            pass
    except SQLAlchemyError as e:
        lines = str(getattr(e, "orig", None) or e).strip().splitlines()
        return say("serve.db_connect", lang, error=lines[0] if lines else type(e).__name__)
    finally:
        engine.dispose()
    return None


def listening_socket(host: str, port: int, lang: str = "en") -> socket.socket:
    """A socket bound to ``host:port`` for uvicorn, or a one-line error (exit 2) when it is taken."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        fail(say("serve.host", lang, host=host, why=e.strerror), lang=lang)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            why = say("serve.in_use", lang)
        else:
            why = say("serve.cannot_bind", lang, why=e.strerror or str(e))
        fail(say("serve.port_busy", lang, host=host, port=port, why=why), lang=lang)
    sock.set_inheritable(True)
    return sock
