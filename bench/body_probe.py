"""The 256 MiB-body probe (issue 27.2): does a huge request body move the server's memory?

Starts ``samrap serve`` on a fresh SQLite file and sends ``--bodies`` POSTs of ``--mib`` MiB each
to ``/api/tables``, half with a declared ``Content-Length`` and half chunked, each as fast as the
server takes it, until the server answers (413 ``too_large``) and closes. Reports the server's RSS
before and after, the answers, and how many bytes the server let in before it closed each one.
Before the body cap, two 256 MiB bodies took the server from 86 to 1,603 MiB.

    python -m bench.body_probe                 # 2 bodies of 256 MiB
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.server_load import free_port, rss_kib, wait_until_serving


def send_body(port: int, mib: int, chunked: bool) -> dict[str, Any]:
    head = ["POST /api/tables HTTP/1.1", f"Host: 127.0.0.1:{port}", "Content-Type: application/json"]
    head.append("Transfer-Encoding: chunked" if chunked else f"Content-Length: {mib << 20}")
    block = b"x" * (1 << 20)
    framed = b"%x\r\n%s\r\n" % (len(block), block) if chunked else block
    sent = 0
    t0 = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        try:
            for _ in range(mib):
                sock.sendall(framed)
                sent += len(block)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else None
    body = answer.partition(b"\r\n\r\n")[2]
    return {
        "chunked": chunked,
        "status": status,
        "code": json.loads(body).get("code") if body.startswith(b"{") else None,
        "sent_before_close_mib": round(sent / (1 << 20), 1),
        "seconds": round(time.monotonic() - t0, 2),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--mib", type=int, default=256)
    p.add_argument("--bodies", type=int, default=2)
    args = p.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="samrap-probe-"))
    port = free_port()
    cmd = [sys.executable, "-m", "samrap.cli.main", "serve", "--port", str(port), "--db", str(folder / "p.db")]
    cmd += ["--log-level", "warning", "--hint-workers", "0"]
    server = subprocess.Popen(cmd, env={**os.environ, "SAMRAP_RATE_LIMITS": "off"})
    try:
        wait_until_serving(f"http://127.0.0.1:{port}", server)
        before = rss_kib(server.pid)
        answers = [send_body(port, args.mib, chunked=k % 2 == 1) for k in range(args.bodies)]
        time.sleep(1.0)
        after = rss_kib(server.pid)
        alive = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=10).status_code == 200
    finally:
        server.terminate()
        server.wait(60)
        shutil.rmtree(folder, ignore_errors=True)
    result = {
        "bodies": args.bodies,
        "mib_each": args.mib,
        "rss_before_mib": round(before / 1024, 1),
        "rss_after_mib": round(after / 1024, 1),
        "answers": answers,
        "server_alive": alive,
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
