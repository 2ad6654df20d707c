// samrap's service worker (served as /sw.js so that it controls the whole site).
//
// It keeps the app shell (the page, its styles, scripts, fonts and icons) so that the installed
// app opens without a network and shows its "offline" state instead of the browser's error page.
// Every request still goes to the network first (a new release is never hidden behind an old
// copy); the kept copy answers only when the network fails. Tables, bots and replays live on the
// server, so the API and the websocket are never kept, except the lobby's preset list, which the
// home page needs to draw itself.

// The server fills these in when it sends this file (samrap/server/pwa.py): the version is a hash
// of the shell's files, so a new release replaces the kept copy; the list is every file of it.
const VERSION = "samrap-shell-/*VERSION*/";
const SHELL = [/*SHELL*/];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      // one by one, so that one missing file cannot stop the worker from installing
      .then((cache) => Promise.all(SHELL.map((url) => cache.add(url).catch(() => null))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      // the offline pack's caches (samrap-pack-<version>) are the page's to replace (offline/pack.js)
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("samrap-shell-") && k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** Requests whose answers are worth keeping: the shell's files, the preset list and the rules pages read. */
function keepable(url) {
  return url.origin === self.location.origin && (url.pathname.startsWith("/static/") || url.pathname === "/api/presets" || url.pathname.startsWith("/api/rules/") || url.pathname === "/manifest.webmanifest");
}

async function networkFirst(request, fallbackUrl) {
  const cache = await caches.open(VERSION);
  try {
    const response = await fetch(request);
    const page = (response.headers.get("content-type") || "").startsWith("text/html");
    if (response.ok && (fallbackUrl ? page : keepable(new URL(request.url)))) cache.put(fallbackUrl || request, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(fallbackUrl || request, { ignoreSearch: !!fallbackUrl });
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Every page of the app is the one shell (/ and the shared /t/CODE links); other addresses
  // opened in the browser (a record's download, the API docs) are not the app and pass through.
  if (request.mode === "navigate" && (url.pathname === "/" || url.pathname.startsWith("/t/"))) {
    event.respondWith(networkFirst(request, "/"));
    return;
  }
  // The offline pack (issue 25): its addresses carry their version, so a kept copy is answered
  // first (no network at all for 7 MB); the page downloads it into samrap-pack-<version>.
  if (url.pathname.startsWith("/offline/pyodide/") || /^\/offline\/samrap-[0-9a-f]+\.zip$/.test(url.pathname)) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
    return;
  }
  if (url.pathname === "/offline/pack.json") {
    event.respondWith(fetch(request).catch(() => caches.match("/offline/pack.json").then((kept) => kept || Response.error())));
    return;
  }
  if (keepable(url)) event.respondWith(networkFirst(request, null));
});
