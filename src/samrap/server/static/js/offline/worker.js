// The offline table's engine: a Web Worker running Pyodide (CPython as WebAssembly) with samrap's
// own rules and bots (samrap.offline.worker). The page sends {id, op:"boot", manifest} once, then
// {id, text} requests; every answer is {id, text} (JSON from Python) or {id, error}.
// Why a worker: a bot's move takes up to a second of Python, and the page must keep drawing.

let handle = null;
let booting = null;

async function boot(manifest) {
  if (typeof WebAssembly !== "object") throw new Error("nowasm");
  const { loadPyodide } = await import(manifest.index + "pyodide.mjs");
  const py = await loadPyodide({ indexURL: manifest.index, fullStdLib: false });
  const res = await fetch(manifest.code);
  if (!res.ok) throw new Error("pack");
  py.unpackArchive(new Uint8Array(await res.arrayBuffer()), "zip", { extractDir: "/home/pyodide/samrap" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/samrap')");
  handle = py.pyimport("samrap.offline.worker").handle;
  // import the games and the bots now, while the page is still on the home screen, so that the
  // first table's deal does not wait for them
  py.runPython("import samrap.games.dummy.game, samrap.games.contract.game, samrap.players.levels");
}

self.onmessage = async (e) => {
  const { id, op, manifest, text } = e.data;
  if (op === "boot") {
    try {
      booting ||= boot(manifest);
      await booting;
      self.postMessage({ id, text: "{}" });
    } catch (err) {
      booting = null;
      const msg = String((err && err.message) || err);
      self.postMessage({ id, error: /memory|allocat/i.test(msg) ? "memory" : msg === "nowasm" ? "nowasm" : "boot", detail: msg });
    }
    return;
  }
  try {
    self.postMessage({ id, text: handle(text) });
  } catch (err) {
    self.postMessage({ id, error: "engine", detail: String((err && err.message) || err) });
  }
};
