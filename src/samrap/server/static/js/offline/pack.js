// The offline pack on this device: Pyodide's core and samrap's Python code, kept by the service
// worker's rules in a cache named after the pack's version ("samrap-pack-<version>"), so that an
// upgrade downloads a new pack under a new name and an old pack never runs with a new page.
// The manifest (/offline/pack.json) names the version and its files; the page only ever uses the
// pack its own manifest names.
//
// Offline, the manifest is the copy kept with the last complete pack. After an upgrade (a page
// that has seen the server name a newer pack, not yet downloaded) that copy is older than the
// page: it is then reported unavailable ("stale"), so a new page never runs an old engine. Two
// signs tell: the page names the pack it goes with (<meta name="samrap-pack">, filled in by the
// server; the service worker keeps the last page loaded, from / or a /t/CODE link alike), and
// this browser remembers the pack the server last named.

const MANIFEST = "/offline/pack.json";
const PREFIX = "samrap-pack-";
// marks the kept copy of the manifest: the service worker answers with it when the network fails
const KEPT = "x-samrap-kept";
// the pack version the server last named to this browser
const SEEN = "samrap.packSeen";

/** The pack this page goes with (null where no server filled it in, or outside a page). */
function ownPack() {
  const meta = typeof document === "object" ? document.querySelector('meta[name="samrap-pack"]') : null;
  const v = meta ? meta.getAttribute("content") : null;
  return v && !v.startsWith("/*") ? v : null;
}

function seen() {
  try {
    return localStorage.getItem(SEEN);
  } catch {
    return null;
  }
}

/** The manifest: from the network, else the copy kept with the last complete pack (see above). */
export async function manifest() {
  let res = null;
  try {
    res = await fetch(MANIFEST, { cache: "no-cache" });
  } catch {
    /* offline: the kept copy below */
  }
  if ((!res || !res.ok) && "caches" in self) res = (await caches.match(MANIFEST)) || null;
  if (!res || !res.ok) return null;
  const m = await res.json();
  if (res.headers.get(KEPT) !== "1") {
    try {
      localStorage.setItem(SEEN, m.version);
    } catch {
      /* private mode: nothing to compare with later */
    }
    return m;
  }
  const last = seen();
  const own = ownPack();
  const stale = (own && own !== m.version) || (last && last !== m.version);
  return stale ? { ...m, available: false, stale: true } : m;
}

/** Why offline play cannot run in this browser at all (null when it can). */
export function unsupported() {
  if (typeof WebAssembly !== "object") return "nowasm";
  if (typeof Worker !== "function") return "nowasm";
  if (!("caches" in self) || !window.isSecureContext) return "nocache";
  return null;
}

/** Whether every file of ``m`` is in its cache (the pack can run with no network). */
export async function isReady(m) {
  if (!m || !m.available || unsupported()) return false;
  if (!(await caches.has(PREFIX + m.version))) return false; // (opening it would make an empty one)
  const cache = await caches.open(PREFIX + m.version);
  for (const f of m.files) if (!(await cache.match(f.url))) return false;
  return true;
}

/**
 * Download the pack of ``m`` into its cache, calling ``progress(done, total)`` in bytes. A failed
 * or interrupted download throws ({code: "network" | "storage"}); what was kept stays for the next
 * try, and the older packs are removed only once the new one is complete.
 */
export async function download(m, progress) {
  const total = m.files.reduce((s, f) => s + f.size, 0);
  if (navigator.storage && navigator.storage.estimate) {
    const { quota, usage } = await navigator.storage.estimate().catch(() => ({}));
    if (quota && usage !== undefined && quota - usage < total * 1.2) throw Object.assign(new Error("storage"), { code: "storage" });
  }
  const cache = await caches.open(PREFIX + m.version);
  let done = 0;
  for (const f of m.files) {
    if (await cache.match(f.url)) {
      done += f.size;
      progress(done, total);
      continue;
    }
    let res;
    try {
      res = await fetch(f.url, { cache: "no-cache" });
      if (!res.ok) throw new Error(String(res.status));
    } catch {
      throw Object.assign(new Error("network"), { code: "network" });
    }
    const reader = res.body.getReader();
    const parts = [];
    for (;;) {
      let step;
      try {
        step = await reader.read();
      } catch {
        throw Object.assign(new Error("network"), { code: "network" });
      }
      if (step.done) break;
      parts.push(step.value);
      done += step.value.length;
      progress(Math.min(done, total), total);
    }
    const type = res.headers.get("content-type") || "application/octet-stream";
    try {
      await cache.put(f.url, new Response(new Blob(parts, { type }), { headers: { "content-type": type } }));
    } catch {
      throw Object.assign(new Error("storage"), { code: "storage" });
    }
  }
  await cache.put(MANIFEST, new Response(JSON.stringify(m), { headers: { "content-type": "application/json", [KEPT]: "1" } }));
  for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== PREFIX + m.version) await caches.delete(key);
  return true;
}
