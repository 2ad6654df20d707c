// Offline tables: the lobby's REST calls and a table's websocket, answered in this browser by the
// Pyodide worker (worker.js) instead of a server. net.js sends here every call about a table whose
// code starts with "OFF" (a server code never does: its alphabet has no O), so table.js plays an
// offline table with the very code it plays an online one with. The messages are the protocol's
// (docs/protocol.md), built by samrap.offline.table in Python.
//
// Tables are kept in IndexedDB (their log: the request, the seed and every move), so a reload
// carries on; finished matches are kept there as the server's record JSON (docs/records.md).

import { ApiError } from "../net.js";
import { manifest, isReady, unsupported } from "./pack.js";

const DB = "samrap-offline";
let worker = null;
let booted = null;
let seq = 0;
const waiting = new Map();
const sockets = new Map(); // code -> Set<LocalSocket>
const pumping = new Set();

export const isLocalCode = (code) => /^OFF[0-9A-Z]{5}$/.test(String(code || "").toUpperCase());

function fail(code, extra) {
  return new ApiError(code === "not_found" || code === "unknown_table" ? 404 : 409, { code, message: code, ...(extra || {}) });
}

// ---------- the worker ----------

function post(msg) {
  return new Promise((resolve, reject) => {
    const id = ++seq;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, ...msg });
  });
}

function onAnswer(e) {
  const w = waiting.get(e.data.id);
  if (!w) return;
  waiting.delete(e.data.id);
  if (e.data.error) w.reject(Object.assign(new Error(e.data.error), { code: e.data.error, detail: e.data.detail }));
  else w.resolve(JSON.parse(e.data.text));
}

/** Start the engine (once): throws {code: nowasm | nopack | memory | boot}. */
export function boot() {
  if (booted) return booted;
  booted = (async () => {
    const why = unsupported();
    if (why === "nowasm") throw Object.assign(new Error(why), { code: why });
    const m = await manifest();
    if (!m || !m.available) throw Object.assign(new Error("nopack"), { code: "nopack" });
    if (navigator.onLine === false && !(await isReady(m))) throw Object.assign(new Error("nopack"), { code: "nopack" });
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = onAnswer;
    await post({ op: "boot", manifest: m });
  })();
  booted.catch(() => {
    booted = null;
    if (worker) worker.terminate();
    worker = null;
  });
  return booted;
}

async function call(req) {
  await boot();
  const res = await post({ text: JSON.stringify(req) });
  if (res.error) throw fail(res.error.code, { message: res.error.message, rule: res.error.rule });
  return res;
}

// ---------- IndexedDB ----------

function db() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore("tables", { keyPath: "code" });
      open.result.createObjectStore("records", { keyPath: "id" });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function store(name, mode, fn) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(name, mode);
    const req = fn(tx.objectStore(name));
    tx.oncomplete = () => resolve(req && req.result);
    tx.onerror = () => reject(tx.error);
  });
}

async function save(code) {
  const { log } = await call({ op: "log", code });
  await store("tables", "readwrite", (s) => s.put(log)).catch(() => {});
}

async function keepRecord(code, id, info) {
  if (await store("records", "readonly", (s) => s.get(id)).catch(() => null)) return;
  const { record } = await call({ op: "record", code, id });
  const r = JSON.parse(record);
  const entry = { id, table: code, game: r.game, config: r.config, players: r.players, totals: r.result.totals, winners: r.result.winners, rated: false, finished_at: r.date, offline: true, record, seats: info && info.seats };
  await store("records", "readwrite", (s) => s.put(entry)).catch(() => {});
}

/** The offline matches kept on this device, newest first (for the home page's list). */
export async function keptMatches() {
  const all = (await store("records", "readonly", (s) => s.getAll()).catch(() => [])) || [];
  return all.sort((a, b) => (a.finished_at < b.finished_at ? 1 : -1));
}

/** One kept match's record JSON (what `samrap replay --verify` reads). */
export async function recordText(id) {
  const r = await store("records", "readonly", (s) => s.get(id));
  if (!r) throw fail("not_found");
  return r.record;
}

async function ensureTable(code) {
  const { has } = await call({ op: "has", code });
  if (has) return;
  const log = await store("tables", "readonly", (s) => s.get(code)).catch(() => null);
  if (!log) throw fail("unknown_table");
  await call({ op: "restore", log });
}

// ---------- the lobby's REST calls ----------

function newCode() {
  const abc = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const r = crypto.getRandomValues(new Uint8Array(5));
  return "OFF" + [...r].map((x) => abc[x % abc.length]).join("");
}

/** A new table's seed: random, unless the page pins one (window.samrapOfflineSeed: bench/offline.py, so its runs deal alike). */
function newSeed() {
  if (typeof window.samrapOfflineSeed === "number") return window.samrapOfflineSeed;
  const r = crypto.getRandomValues(new Uint32Array(2));
  return (r[0] & 0xffff) * 2 ** 32 + r[1]; // 48 bits, exact in JavaScript
}

/** Delay before a bot's move in milliseconds (the browser tests set window.samrapOfflineDelay = 0). */
function botDelay(info) {
  const d = typeof window.samrapOfflineDelay === "number" ? window.samrapOfflineDelay : info && info.settings ? info.settings.bot_delay_ms : 700;
  return Math.max(0, d);
}

/** api(method, path, body) for an offline table (and POST /api/tables with {offline: true} handled by createLocal). */
export async function localApi(method, path, body) {
  const m = path.match(/^\/api\/tables\/(OFF[0-9A-Z]{5})(?:\/([a-z]+))?$/);
  if (!m) throw fail("not_found");
  const [, code, cmd] = m;
  await ensureTable(code);
  if (method === "GET" && !cmd) return (await call({ op: "info", code })).table;
  if (method === "POST" && (cmd === "start" || cmd === "rematch")) {
    const { table } = await call({ op: cmd, code });
    await save(code);
    broadcast(code, table);
    pump(code, table);
    return table;
  }
  if (method === "POST" && cmd === "hint") {
    const { table } = await call({ op: "info", code });
    return { hints: (await call({ op: "hint", code, seat: table.host_seat, lang: (body && body.lang) || "en" })).hints };
  }
  throw fail("bad_state", { message: "not offline" });
}

/** A kept match's record and positions (replay.js: /api/games/ID/record and /replay). */
export async function localGames(method, path) {
  const m = path.match(/^\/api\/games\/(OFF[0-9A-Z]{5}-\d+)\/(record|replay)$/);
  if (!m || method !== "GET") throw fail("not_found");
  const text = await recordText(m[1]);
  if (m[2] === "record") return JSON.parse(text);
  return call({ op: "replay", record: text });
}

/** The lessons' REST calls (learn.js), answered by the same rules engine in the worker. */
export async function localLessons(method, path, body) {
  const m = path.match(/^\/api\/lessons\/(\w+)(?:\/([^/?]+))?$/);
  if (!m) throw fail("not_found");
  const req = m[2] ? { op: "lesson", game: m[1], id: decodeURIComponent(m[2]), body: body || {} } : { op: "lessons", game: m[1] };
  return call(req);
}

/** The puzzles' REST calls (puzzles.js), answered by the same Python in the worker. */
export async function localPuzzles(method, path, body) {
  const m = path.match(/^\/api\/puzzles\/(\w+)\/([^/?]+)(?:\?(.*))?$/);
  if (!m) throw fail("not_found");
  const q = new URLSearchParams(m[3] || "");
  const name = decodeURIComponent(m[2]);
  const req = { op: "puzzle", game: m[1] };
  if (method === "POST") Object.assign(req, { what: "try", id: name, body: body || {} });
  else if (name === "today") Object.assign(req, { what: "today", day: q.get("day") || undefined });
  else if (name === "next") Object.assign(req, { what: "next", rating: Number(q.get("rating")) || 1500, tried: (q.get("tried") || "").split(",").filter(Boolean) });
  else Object.assign(req, { what: "get", id: name });
  return call(req);
}

/** Create an offline table from the server's create body; answers as POST /api/tables does. */
export async function createLocal(body, seed) {
  const code = newCode();
  const { table, seat } = await call({ op: "create", code, seed: seed ?? newSeed(), request: body });
  await save(code);
  return { table, host_token: "local", seat, token: "local", spectator_key: "" };
}

// ---------- the table's socket ----------

function broadcast(code, table) {
  for (const s of sockets.get(code) || []) {
    if (table) s.handlers.onMessage({ t: "table", table });
    s.push();
  }
}

/** Bots play while one is to move, each after the table's delay; every move is saved. */
async function pump(code, info) {
  if (pumping.has(code)) return;
  pumping.add(code);
  try {
    for (;;) {
      const delay = botDelay(info);
      if (delay) await new Promise((r) => setTimeout(r, delay));
      if (!(sockets.get(code) || new Set()).size && delay) break; // nobody watching: wait for the page
      const res = await call({ op: "bot", code });
      if (!res.action) break;
      await afterChange(code);
      if (!res.bot) break;
    }
  } finally {
    pumping.delete(code);
  }
}

async function afterChange(code) {
  await save(code);
  const { table } = await call({ op: "info", code });
  for (const id of table.archived) await keepRecord(code, id, table);
  broadcast(code, null);
  return table;
}

/** The websocket of an offline table (TableSocket's interface: send, act, close). */
export class LocalSocket {
  constructor(code, token, handlers) {
    this.code = code;
    this.handlers = handlers;
    this.v = 0;
    this.seat = null;
    this.refs = 0;
    this.closed = false;
    this.open();
  }

  async open() {
    this.handlers.onStatus("connecting");
    try {
      await ensureTable(this.code);
      const { table } = await call({ op: "info", code: this.code });
      this.seat = table.host_seat;
      const { welcome } = await call({ op: "welcome", code: this.code, seat: this.seat });
      if (this.closed) return;
      if (!sockets.has(this.code)) sockets.set(this.code, new Set());
      sockets.get(this.code).add(this);
      this.handlers.onMessage(welcome);
      await this.push();
      this.handlers.onStatus("open");
      pump(this.code, table);
    } catch (e) {
      this.handlers.onStatus("closed");
      this.handlers.onMessage({ t: "error", error: { code: e.code || "engine", message: e.message, rule: null } });
    }
  }

  async push() {
    if (this.closed) return;
    const { view } = await call({ op: "view", code: this.code, seat: this.seat, since: this.v });
    if (this.closed || view.v < this.v) return;
    this.v = view.v;
    this.handlers.onMessage(view);
  }

  send(msg) {
    const ref = "r" + ++this.refs;
    this.handle({ ...msg, ref });
    return ref;
  }

  async handle(msg) {
    try {
      if (msg.t === "act") {
        const res = await call({ op: "act", code: this.code, seat: this.seat, v: msg.v, action: msg.action });
        const table = await afterChange(this.code);
        if (res.bot) pump(this.code, table);
      } else if (msg.t === "sync" || msg.t === "hello") {
        await this.push();
      } else if (msg.t === "ping") this.handlers.onMessage({ t: "pong", ref: msg.ref });
      else this.handlers.onMessage({ t: "ack", ref: msg.ref });
    } catch (e) {
      const { table } = await call({ op: "info", code: this.code }).catch(() => ({ table: null }));
      this.handlers.onMessage({ t: "error", error: { code: e.code || "engine", message: e.serverMessage || e.message, rule: e.rule ?? null }, v: table ? table.version : null, ref: msg.ref });
    }
  }

  act(v, action) {
    return this.send({ t: "act", v, action });
  }

  close() {
    this.closed = true;
    const set = sockets.get(this.code);
    if (set) set.delete(this);
  }
}
