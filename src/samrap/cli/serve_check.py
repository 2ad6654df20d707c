"""``samrap serve --check``: what is wrong with this server's setup, in plain words, before people find out.

Why a check rather than failing at start: most of what goes wrong in a deployment does not stop a
server from starting. Share links that point at ``127.0.0.1``, a proxy whose address every person
shares (so one busy house hits the rate limits for everyone), a proxy that drops websocket
upgrades (the lobby loads, no table ever does), a port open to the world beside the proxy, a
schema that the next start will migrate: each looks fine until people arrive. The check reads the
same options as ``samrap serve`` and reports, one line each:

* the **database**: reachable, and its schema: up to date, migrations pending (applied at start:
  back up first), or newer than this samrap (an upgrade was rolled back);
* the **public URL**: given when the server listens on every address, an ``http(s)`` URL without
  query, and ``https`` when people come from other machines;
* the **proxy headers**: ``--forwarded-allow-ips`` set when a proxy is in front, never ``*`` on a
  port others can reach, and the node listening on loopback behind its proxy;
* when the public URL answers: ``/healthz`` through it, and a websocket upgrade through it.

Exit status 1 when any line is a problem, else 0 (warnings included), so a deployment script can
run it before it restarts the nodes.
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from samrap.cli import text

#: Names a Thai sentence keeps in Latin letters (a program, headers, a path), given as fields so
#: that the Thai table itself holds none (``tests/cli/test_thai.py``).
NAMES = {
    "doc": "docs/deployment.md",
    "nginx": "nginx",
    "http": "http://",
    "https": "https",
    "xff": "X-Forwarded-For",
    "upgrade": "Upgrade",
    "connection": "Connection",
    "health": "/healthz",
}


def say(key: str, lang: str = "en", **fields: object) -> str:
    return text.say(key, lang, **NAMES, **fields)


Level = Literal["ok", "warn", "problem"]

WILDCARD_HOSTS = ("0.0.0.0", "::", "")


@dataclass(frozen=True, slots=True)
class Finding:
    level: Level
    text: str


def is_loopback(host: str) -> bool:
    if host in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_local(host: str) -> bool:
    """Loopback or a private network: plain http is what a person testing at home uses."""
    if is_loopback(host) or host.endswith(".local"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_private
    except ValueError:
        return False


def check_database(url: str, shown: str, lang: str) -> list[Finding]:
    """Reachable, and where its schema stands against this samrap's migrations."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from samrap.cli.serve import database_problem
    from samrap.server.migrate import alembic_config
    from samrap.server.storage import make_engine

    problem = database_problem(url, lang)
    if problem is not None:
        return [Finding("problem", say("check.db_unreachable", lang, database=shown, why=problem))]
    out = [Finding("ok", say("check.db_ok", lang, database=shown))]
    script = ScriptDirectory.from_config(alembic_config())
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()
    head = script.get_current_head()
    known = {r.revision for r in script.walk_revisions()}
    if current is None:
        out.append(Finding("ok", say("check.db_empty", lang)))
    elif current not in known:
        out.append(Finding("problem", say("check.db_newer", lang, revision=current)))
    elif current == head:
        out.append(Finding("ok", say("check.db_current", lang, revision=current)))
    else:
        pending = [r.revision for r in script.iterate_revisions(head, current)]
        names = ", ".join(reversed(pending))
        out.append(Finding("warn", say("check.db_pending", lang, count=len(pending), names=names)))
    return out


def check_public_url(host: str, port: int, public_url: str | None, base_url: str, lang: str) -> list[Finding]:
    if public_url is None:
        if host in WILDCARD_HOSTS:
            return [Finding("problem", say("check.public_missing", lang, host=host or "*", url=base_url))]
        if not is_loopback(host):
            return [Finding("ok", say("check.public_default", lang, url=base_url))]
        return [Finding("ok", say("check.public_local", lang, url=base_url))]
    parts = urlsplit(public_url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return [Finding("problem", say("check.public_bad", lang, url=public_url))]
    if parts.query or parts.fragment:
        return [Finding("problem", say("check.public_query", lang, url=public_url))]
    if parts.scheme == "http" and not is_local(parts.hostname):
        return [Finding("warn", say("check.public_http", lang, url=public_url))]
    return [Finding("ok", say("check.public_ok", lang, url=public_url))]


def behind_proxy(host: str, port: int, public_url: str | None) -> bool:
    """Whether people reach this node through something else: its public URL is not its socket."""
    if public_url is None:
        return False
    parts = urlsplit(public_url)
    try:
        public_port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return False
    same_host = parts.hostname == host or (is_loopback(parts.hostname or "") and is_loopback(host))
    return not (same_host and public_port == port and parts.scheme == "http")


def check_node_url(node_url: str | None, lang: str) -> list[Finding]:
    """The address other nodes forward to: an http(s) URL when given."""
    if node_url is None:
        return []
    parts = urlsplit(node_url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        return [Finding("problem", say("check.node_url_bad", lang, url=node_url))]
    return [Finding("ok", say("check.node_url_ok", lang, url=node_url))]


def check_proxy(host: str, port: int, public_url: str | None, allow: tuple[str, ...], lang: str) -> list[Finding]:
    out: list[Finding] = []
    open_port = not is_loopback(host)
    if "*" in allow and open_port:
        out.append(Finding("problem", say("check.proxy_star", lang, host=host or "*")))
    if behind_proxy(host, port, public_url):
        if not allow:
            out.append(Finding("warn", say("check.proxy_untrusted", lang, url=public_url)))
        if open_port:
            out.append(Finding("warn", say("check.proxy_bypass", lang, host=host or "*", port=port)))
    elif allow:
        out.append(Finding("warn", say("check.proxy_unused", lang, ips=",".join(allow))))
    if not out:
        out.append(Finding("ok", say("check.proxy_ok", lang)))
    return out


def check_reachable(public_url: str, lang: str, timeout: float = 5.0) -> list[Finding]:
    """``/healthz`` and a websocket upgrade through the public URL (its proxy), when it answers."""
    import httpx
    from websockets.exceptions import InvalidStatus, WebSocketException
    from websockets.sync.client import connect

    base = public_url.rstrip("/")
    try:
        r = httpx.get(base + "/healthz", timeout=timeout)
    except httpx.HTTPError as e:
        return [Finding("warn", say("check.live_down", lang, url=base, why=type(e).__name__))]
    if r.status_code != 200:
        return [Finding("problem", say("check.live_status", lang, url=base, status=r.status_code))]
    out = [Finding("ok", say("check.live_ok", lang, url=base))]
    ws_url = "ws" + base.removeprefix("http") + "/ws/tables/AAAAAA"
    try:
        with connect(ws_url, open_timeout=timeout, close_timeout=timeout) as ws:
            ws.send(json.dumps({"t": "hello", "token": None}))
            answer = json.loads(ws.recv(timeout=timeout))
    except InvalidStatus as e:
        status = e.response.status_code
        return [*out, Finding("problem", say("check.ws_refused", lang, url=ws_url, status=status))]
    except (OSError, TimeoutError, WebSocketException, ValueError) as e:
        if getattr(e, "rcvd", None) is not None:  # closed by the server: the upgrade went through
            return [*out, Finding("ok", say("check.ws_ok", lang))]
        return [*out, Finding("problem", say("check.ws_failed", lang, url=ws_url, why=type(e).__name__))]
    if answer.get("t") == "error":  # no table AAAAAA: the server itself answered over the websocket
        return [*out, Finding("ok", say("check.ws_ok", lang))]
    return [*out, Finding("problem", say("check.ws_failed", lang, url=ws_url, why=str(answer.get("t"))))]


def run_checks(
    url: str,
    shown: str,
    host: str,
    port: int,
    public_url: str | None,
    base_url: str,
    allow: tuple[str, ...],
    lang: str,
    node_url: str | None = None,
) -> list[Finding]:
    findings = check_database(url, shown, lang)
    findings += check_public_url(host, port, public_url, base_url, lang)
    findings += check_node_url(node_url, lang)
    findings += check_proxy(host, port, public_url, allow, lang)
    if public_url is not None and urlsplit(public_url).scheme in ("http", "https"):
        findings += check_reachable(public_url, lang)
    return findings


def report(findings: list[Finding], lang: str) -> tuple[list[str], int]:
    """The lines to print and the exit status (1 when any finding is a problem)."""
    lines = [f"{say('check.' + f.level, lang)}  {f.text}" for f in findings]
    problems = sum(f.level == "problem" for f in findings)
    warnings = sum(f.level == "warn" for f in findings)
    lines.append(say("check.summary", lang, problems=problems, warnings=warnings))
    return lines, 1 if problems else 0
