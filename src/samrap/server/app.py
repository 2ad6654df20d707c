"""The ASGI application: ``create_app(settings)`` wires storage, tables, REST and websockets.

Startup runs the packaged migrations, then resumes every unfinished table from its log (so a
crashed server picks up where it stopped), then starts renewing table leases. The static
directory (``samrap/server/static``) is where the web app goes; until it exists, ``/`` serves a
placeholder page from there.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from samrap import __version__
from samrap.offline.export import page_text
from samrap.offline.pack import pack_manifest
from samrap.server import (
    api,
    daily_api,
    learn_api,
    logfilter,
    offline,
    presets,
    puzzles_api,
    pwa,
    review_api,
    rulebook_api,
    share,
    ws,
)
from samrap.server.collector import CollectorTuning
from samrap.server.guard import Guard
from samrap.server.headers import SecurityHeaders
from samrap.server.limits import Limits
from samrap.server.manager import TableManager
from samrap.server.messages import PROTOCOL_VERSION, ErrorBody, ErrorCode
from samrap.server.ratelimit import RateLimiter
from samrap.server.runtime import ServerContext
from samrap.server.settings import ServerSettings
from samrap.server.stages import CLOCK
from samrap.server.storage import Storage
from samrap.server.workers import WorkerPool
from samrap.server.writer import Writer

log = logging.getLogger("samrap.server")


def create_app(settings: ServerSettings) -> FastAPI:
    """A server for ``settings``; nothing touches the database until the app starts."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        logfilter.install()
        storage = Storage(settings.database_url)
        storage.migrate()
        writer = Writer(storage)
        ctx = ServerContext(
            writer,
            settings.base_url,
            settings.node_id,
            settings.bot_delay_scale,
            settings.time_scale,
            spectator_cap=settings.rate_limits.spectators,
            node_url=settings.forward_url,
        )
        manager = TableManager(ctx, settings.lease_ttl)
        collector = CollectorTuning()
        workers = WorkerPool(settings.hint_workers, settings.hint_start_within, nice=settings.hint_nice)
        app.state.manager = manager
        app.state.workers = workers
        warm: asyncio.Task[None] | None = None
        try:
            if settings.warm_workers:  # start the hint workers beside the tables, not before them
                warm = asyncio.create_task(workers.start())
            if settings.stage_timing:
                CLOCK.start()
            await manager.start()
            # Everything loaded so far (modules, resumed tables) lives as long as the process:
            # moving it out of the collector's generations keeps full collections short.
            gc.freeze()
            collector.start()
            log.info("samrap server %s: node %s, %d tables resumed", settings.base_url, ctx.node, len(manager.tables))
            yield
        finally:
            if warm is not None:
                warm.cancel()
            workers.close()
            CLOCK.stop()
            await collector.close()
            await manager.close()
            writer.close()
            storage.close()

    app = FastAPI(
        title="samrap server",
        version=__version__,
        description=f"Thai Dummy tables: REST lobby and archive, websocket play (protocol {PROTOCOL_VERSION}).",
        lifespan=lifespan,
        # FastAPI's Swagger and ReDoc pages load their scripts from a CDN, which the security
        # headers' CSP forbids: they could never work here. The OpenAPI schema itself stays.
        docs_url=None,
        redoc_url=None,
    )
    app.state.limiter = limiter = RateLimiter(settings.rate_limits)
    # Outermost last: the client address first (from a named proxy only), then the security
    # headers (so that every answer, refusals included, carries them), then the edge's refusals,
    # then the body cap and deadline with the typed 500 for whatever a route did not handle.
    app.add_middleware(Limits)
    app.add_middleware(Guard, limiter=limiter)
    app.add_middleware(SecurityHeaders)
    # The web app's scripts and strings shrink about four times (a table's first load, issue
    # 12.8); fonts and images are already compressed and left as they are.
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    if settings.forwarded_allow_ips:
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.forwarded_allow_ips))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals in the protocol's shape: no route (404 ``not_found``), a body
        that is not UTF-8 JSON (400 from FastAPI, answered as 422 ``malformed``), a wrong method."""
        if exc.status_code == 404:
            body, status = ErrorBody(code=ErrorCode.NOT_FOUND, message="no such path"), 404
        elif exc.status_code == 400:
            body, status = ErrorBody(code=ErrorCode.MALFORMED, message="the body is not JSON text in UTF-8"), 422
        else:
            body, status = ErrorBody(code=ErrorCode.MALFORMED, message=str(exc.detail)), exc.status_code
        return JSONResponse(body.model_dump(mode="json"), status_code=status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ())) or "request"
        body = ErrorBody(code=ErrorCode.MALFORMED, message=f"{where}: {first.get('msg', 'invalid')}")
        return JSONResponse(body.model_dump(mode="json"), status_code=422)

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(share.router)  # QR codes of table links
    app.include_router(presets.router)  # the lobby's presets and options
    app.include_router(review_api.router)  # game reviews (issue 13), in the hint workers' pool
    app.include_router(learn_api.router)  # lessons (issue 13), stateless
    app.include_router(puzzles_api.router)  # puzzles (issue 26.5), stateless
    app.include_router(rulebook_api.router)  # the rules page's rules in words
    app.include_router(daily_api.router)  # the daily deal (issue 26.6)
    app.include_router(pwa.router)  # manifest and service worker at the site root
    app.include_router(offline.router)  # the offline pack (issue 25): Pyodide and samrap's code
    static: Path = settings.static_dir
    app.state.static_dir = static
    index = static / "index.html"

    @lru_cache(maxsize=4)
    def page(stamp: int, pack: str) -> str:
        return page_text(static, pack)

    async def web_app(request: Request) -> Response:
        if index.is_file():  # the page names the offline pack it goes with (offline.export.page_text)
            return HTMLResponse(page(index.stat().st_mtime_ns, str(pack_manifest()["version"])))
        missing = ErrorBody(code=ErrorCode.NOT_FOUND, message="no web app installed")
        return JSONResponse(missing.model_dump(mode="json"), status_code=404)

    app.add_api_route("/", web_app, include_in_schema=False)
    app.add_api_route("/t/{code}", web_app, include_in_schema=False)
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
    return app
