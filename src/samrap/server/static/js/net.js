// Talking to the samrap server: REST for the lobby and the archive, one WebSocket per table
// (docs/protocol.md). Seat tokens are kept in localStorage so a reload carries on.

import { hasKey, lang, t } from "./i18n.js";

export const PROTOCOL = 1;

/**
 * A server error (``{code, message, rule}``) in the reader's language: the server's messages are
 * English, so a Thai page shows the Thai text of the error's code (``err.code.*``, one per
 * ErrorCode of the protocol) instead; an English page keeps the server's message, which says more.
 */
export function errorText(err) {
  if (!err) return t("err.generic");
  const code = err.code;
  const key = `err.code.${code}`;
  if (lang() === "th" || !err.serverMessage) {
    if (code && hasKey(key)) return err.rule !== null && err.rule !== undefined ? `${t(key)} (${t("err.rule", { rule: err.rule })})` : t(key);
    if (err.status === 0 || err.offline) return t("err.connection");
    return lang() === "th" ? t("err.generic") : err.serverMessage || err.message || t("err.generic");
  }
  return err.serverMessage;
}

export class ApiError extends Error {
  constructor(status, body) {
    const info = { code: body && body.code, rule: body && body.rule, serverMessage: (body && body.message) || `HTTP ${status}`, status };
    super(errorText(info));
    this.status = status;
    this.code = info.code;
    this.rule = info.rule;
    this.serverMessage = info.serverMessage;
  }
}

/** An offline table's code ("OFF" and five letters; a server's code never starts with O). */
export const isOfflineCode = (code) => /^OFF[0-9A-Z]{5}$/.test(String(code || ""));

export async function api(method, path, body) {
  // An offline table's calls are answered in this browser (offline/local.js, loaded when needed).
  if (/^\/api\/tables\/OFF[0-9A-Z]{5}(\/|$)/.test(path)) return (await import("./offline/local.js")).localApi(method, path, body);
  if (/^\/api\/games\/OFF[0-9A-Z]{5}-\d+\//.test(path)) return (await import("./offline/local.js")).localGames(method, path);
  // Lessons are data plus the engine: with no network (or no server) the worker answers them.
  const lessons = /^\/api\/lessons\//.test(path);
  if (lessons && (navigator.onLine === false || getPref("static", false))) return (await import("./offline/local.js")).localLessons(method, path, body);
  if (/^\/api\/puzzles\//.test(path) && (navigator.onLine === false || getPref("static", false))) return (await import("./offline/local.js")).localPuzzles(method, path, body);
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    // no network (offline) or the server is down: say so in words, not "Failed to fetch"
    const e = new ApiError(0, { code: navigator.onLine === false ? "offline" : "unreachable", message: t("err.connection") });
    e.offline = true;
    throw e;
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (!res.ok) {
    // FastAPI puts our ErrorBody under "detail"; accept both shapes.
    const err = data && (data.error || (data.detail && typeof data.detail === "object" && !Array.isArray(data.detail) ? data.detail : null) || data);
    throw new ApiError(res.status, err && err.message ? err : { message: JSON.stringify(data && data.detail) });
  }
  return data;
}

// ---------- seat tokens per table ----------
const SEATS = "samrap.seats";

function loadSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS) || "{}");
  } catch {
    return {};
  }
}

/** The codes of the tables this browser sat at, most recent first. */
export function recentTables(n) {
  const all = loadSeats();
  return Object.keys(all)
    .sort((a, b) => all[b].at - all[a].at)
    .slice(0, n);
}

export function seatFor(code) {
  return loadSeats()[code] || null;
}

export function saveSeat(code, info) {
  const all = loadSeats();
  all[code] = { ...(all[code] || {}), ...info, at: Date.now() };
  // keep the 30 most recent tables
  const keys = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
  for (const k of keys.slice(30)) delete all[k];
  localStorage.setItem(SEATS, JSON.stringify(all));
}

export function getPref(key, fallback) {
  try {
    const v = localStorage.getItem("samrap." + key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

export function setPref(key, value) {
  try {
    localStorage.setItem("samrap." + key, JSON.stringify(value));
  } catch {
    /* ignore */
  }
}

/**
 * One table's WebSocket. Calls handlers.onMessage(msg) for every server message and
 * handlers.onStatus("open" | "closed" | "connecting"). Reconnects with backoff, resending
 * hello with the last version seen, so the server resynchronises the view.
 */
export class TableSocket {
  constructor(code, token, handlers) {
    this.code = code;
    this.token = token;
    this.handlers = handlers;
    this.v = null;
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.refs = 0;
    this.local = null;
    if (isOfflineCode(code)) {
      // the same interface over the in-browser engine (offline/local.js)
      import("./offline/local.js").then((m) => {
        if (!this.closed) this.local = new m.LocalSocket(code, token, handlers);
      });
      return;
    }
    this.connect();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // A watcher of a private table comes with its share link's key (/t/CODE?watch=KEY).
    const watch = this.handlers.watch || new URLSearchParams(location.search).get("watch");
    const q = watch && !this.token ? `?watch=${encodeURIComponent(watch)}` : "";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(this.code)}${q}`);
    this.ws = ws;
    this.handlers.onStatus("connecting");
    ws.onopen = () => {
      this.retry = 0;
      const hello = { t: "hello", protocol: PROTOCOL };
      if (this.token) hello.token = this.token;
      if (this.v !== null) hello.v = this.v;
      ws.send(JSON.stringify(hello));
      this.handlers.onStatus("open");
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.t === "view" && typeof msg.v === "number") this.v = msg.v;
      this.handlers.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.handlers.onStatus("closed");
      if (this.closed) return;
      const delay = Math.min(8000, 400 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  send(msg) {
    if (this.local) return this.local.send(msg);
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const ref = "r" + ++this.refs;
    this.ws.send(JSON.stringify({ ...msg, ref }));
    return ref;
  }

  act(v, action) {
    return this.send({ t: "act", v, action });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.local) this.local.close();
    if (this.ws) this.ws.close();
  }
}
