// The home page's "play offline" box (issue 25): the pack's state, the download with its progress
// ("ดาวน์โหลดไว้เล่นออฟไลน์"), the choice to play against bots on this device, and the offline
// matches kept here with their records. After this browser's first game the pack downloads by
// itself in the background (when the server has one and the browser can run it).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { errorText, getPref, recentTables, setPref } from "../net.js";
import { download, isReady, manifest, unsupported } from "./pack.js";

let running = null; // one download per page, whoever started it
/** The wait before the background download (a page may set window.samrapPackDelayMs, as the browser tests do). */
const BACKGROUND_DELAY_MS = 10_000;

/** Show or hide (the stylesheet's display rules win over the hidden attribute; CSSOM is CSP-safe). */
function show(el, on) {
  el.hidden = !on;
  el.style.display = on ? "" : "none";
}

function mb(m) {
  return (m.files.reduce((s, f) => s + f.size, 0) / 1e6).toFixed(1);
}

export async function fillOfflineBox(box) {
  const status = h("p", { class: "msg", role: "status", "aria-live": "polite", id: "offline-status" });
  const bar = h("progress", { id: "offline-progress", max: 100, value: 0, "aria-label": t("off.download") });
  show(bar, false);
  const kept = h("div", { id: "offline-kept" });
  box.append(status, bar);
  const why = unsupported();
  const m = await manifest().catch(() => null);
  if (m && m.static) {
    // a static copy (samrap export-static): every bot game is played here, there is no server
    setPref("offline", true);
    setPref("static", true);
  }
  if (why) {
    status.textContent = errorText({ code: why });
    return;
  }
  if (m && m.stale) setPref("offlineReady", false); // an upgrade not downloaded yet: no bots here
  if (!m || !m.available) {
    status.textContent = m && m.static ? t("off.static") : t(navigator.onLine === false || (m && m.stale) ? "err.code.nopack" : "off.unavailable");
    return;
  }
  const help = h("p", { class: "muted" }, t("off.help", { mb: mb(m) }));
  const use = h("input", { type: "checkbox", id: "offline-use", checked: !!getPref("offline", false), onchange: (e) => setPref("offline", e.target.checked) });
  const useRow = h("label", { class: "check", for: "offline-use" }, use, " ", t("off.useLocal"));
  const go = h("button", { type: "button", id: "offline-download", onclick: () => start() }, t("off.download"));
  box.insertBefore(help, status);
  if (m.static) box.insertBefore(h("p", { class: "msg", id: "offline-static" }, t("off.static")), status);
  box.append(go, useRow, h("h3", null, t("off.kept")), kept);

  async function showReady() {
    const ready = await isReady(m);
    setPref("offlineReady", ready); // the offline bar (pwa.js) then says that bots play here
    show(go, !ready);
    show(useRow, ready && !m.static); // a static copy plays every bot game here anyway
    if (ready) status.textContent = t("off.ready");
    status.className = "msg";
    return ready;
  }

  async function start() {
    go.disabled = true;
    show(bar, true);
    status.className = "msg";
    try {
      running ||= download(m, (done, total) => {
        const pct = Math.floor((100 * done) / Math.max(1, total));
        bar.value = pct;
        status.textContent = t("off.downloading", { pct });
      });
      await running;
      show(bar, false);
      await showReady();
    } catch (e) {
      status.textContent = errorText({ code: e.code || "network" });
      status.className = "msg error";
    } finally {
      running = null;
      go.disabled = false;
    }
  }

  const ready = await showReady();
  // about to play here: start the engine now, so that "Play now" finds it booted
  if (ready && (navigator.onLine === false || getPref("offline", false))) import("./local.js").then((l) => l.boot()).catch(() => {});
  // A game already played here: fetch the pack quietly in the background, a while after the page
  // is drawn and only while it is still shown (not on a data saver).
  const saver = navigator.connection && navigator.connection.saveData;
  if (!ready && navigator.onLine !== false && recentTables(1).length && !saver)
    setTimeout(
      () => {
        if (box.isConnected && !running) start();
      },
      typeof window.samrapPackDelayMs === "number" ? window.samrapPackDelayMs : BACKGROUND_DELAY_MS,
    );
  showKept(kept);
}

async function showKept(el) {
  const { keptMatches, recordText } = await import("./local.js");
  const games = await keptMatches().catch(() => []);
  if (!games.length) {
    el.replaceChildren(h("p", { class: "muted" }, t("off.none")));
    return;
  }
  el.replaceChildren(
    h(
      "ul",
      { class: "archive" },
      games.slice(0, 10).map((g) =>
        h(
          "li",
          null,
          h("a", { href: `#/replay/${encodeURIComponent(g.id)}` }, `${t("game." + g.game)} · ${t("home.totals")} ${g.totals.join(" / ")}`),
          " · ",
          h(
            "button",
            {
              type: "button",
              class: "link",
              "data-record": g.id,
              onclick: async () => {
                const text = await recordText(g.id);
                const a = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: `${g.id}.json` });
                document.body.append(a);
                a.click();
                a.remove();
              },
            },
            t("off.record"),
          ),
        ),
      ),
    ),
  );
}
