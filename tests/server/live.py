"""Real servers for tests: ``samrap serve`` in a subprocess on a free loopback port, real websocket
clients (the ``websockets`` package), and PostgreSQL schemas that tests create and drop."""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

PG_ENV = "SAMRAP_TEST_DATABASE_URL"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """``samrap serve`` as a child process; ``kill()`` is a kill -9."""

    def __init__(
        self,
        db: str,
        port: int | None = None,
        node: str | None = None,
        log: Path | None = None,
        log_level: str = "warning",
        extra: tuple[str, ...] = (),
    ) -> None:
        self.db = db
        self.log_level = log_level
        self.extra = extra
        self.port = port or free_port()
        self.node = node
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None
        self._out: Any = None

    def _close_log(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> LiveServer:
        args = [sys.executable, "-m", "samrap.cli.main", "serve", "--port", str(self.port), "--db", self.db]
        args += ["--bot-delay", "1", "--log-level", self.log_level]
        if self.node:
            args += ["--node", self.node]
        args += self.extra
        if self.log is not None:
            self._out = open(self.log, "ab")  # noqa: SIM115 - lives as long as the process
        out = self._out if self._out is not None else subprocess.DEVNULL
        self.proc = subprocess.Popen(args, stdout=out, stderr=out, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:  # readiness: poll the health endpoint, bounded
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("server did not become ready")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self._close_log()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._close_log()

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = httpx.post(self.url + path, json=body, timeout=10)
        assert r.status_code in (200, 201), r.text
        data: dict[str, Any] = r.json()
        return data

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.url + path, timeout=10)


@contextmanager
def live_server(db: str, **kw: Any) -> Iterator[LiveServer]:
    server = LiveServer(db, **kw).start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def pg_schema(base_url: str) -> Iterator[str]:
    """A fresh PostgreSQL schema for one test, as a URL whose connections use it; dropped after."""
    import sqlalchemy as sa

    name = f"samrap_test_{secrets.token_hex(4)}"
    engine = sa.create_engine(base_url)
    with engine.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{name}"'))
    sep = "&" if "?" in base_url else "?"
    try:
        yield f"{base_url}{sep}options=-csearch_path%3D{name}"
    finally:
        with engine.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{name}" CASCADE'))
        engine.dispose()


async def recv(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return msg


async def recv_view(ws: ClientConnection) -> dict[str, Any]:
    while True:
        msg = await recv(ws)
        if msg["t"] == "view":
            return msg
        assert msg["t"] != "error", msg


async def play_seat(
    ws_url: str,
    code: str,
    token: str,
    rng: random.Random,
    max_actions: int | None = None,
    since: int | None = None,
) -> dict[str, Any]:
    """Play random legal actions for one seat over a real websocket.

    Returns the last view seen: when the match ended, or after ``max_actions`` of this seat's
    actions and the view that followed the last of them.
    """
    async with connect(f"{ws_url}/ws/tables/{code}") as ws:
        await ws.send(json.dumps({"t": "hello", "token": token, "v": since}))
        done = 0
        while True:
            view = await recv_view(ws)
            if any(e["kind"] == "match_over" for e in view.get("events", [])):
                return view
            if max_actions is not None and done >= max_actions and not view["legal"]:
                return view
            if view["legal"] and (max_actions is None or done < max_actions):
                await ws.send(json.dumps({"t": "act", "v": view["v"], "action": rng.choice(view["legal"])}))
                done += 1
            elif view["legal"]:
                return view
