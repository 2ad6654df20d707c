// The installable app: registers the service worker (/sw.js) and shows a clear "offline" bar
// while the browser has no network (the shell still opens from the worker's copy; tables and
// bots need the server, so the bar says what works and what waits for the network).

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Register the worker once the page has loaded, so its precache never slows the first paint. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const go = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  if (document.readyState === "complete") setTimeout(go, 0);
  else window.addEventListener("load", () => setTimeout(go, 0), { once: true });
}

let bar = null;

/** Whether the offline pack is on this device (offline/panel.js notes it): bots then play offline. */
function packReady() {
  try {
    return localStorage.getItem("samrap.offlineReady") === "true";
  } catch {
    return false;
  }
}

/** The offline bar's text follows the language; call again after a language switch. */
export function renderOffline() {
  const offline = navigator.onLine === false;
  document.documentElement.classList.toggle("offline", offline);
  if (!offline) {
    if (bar) bar.remove();
    bar = null;
    return;
  }
  const fresh = h("div", { id: "offline", class: "offline-bar", role: "status" }, h("strong", null, t("pwa.offline")), " ", t(packReady() ? "pwa.offlineHelpPack" : "pwa.offlineHelp"));
  if (bar) bar.replaceWith(fresh);
  else document.body.prepend(fresh);
  bar = fresh;
}

export function watchConnection(onChange) {
  const changed = () => {
    renderOffline();
    if (onChange) onChange(navigator.onLine !== false);
  };
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  renderOffline();
}
