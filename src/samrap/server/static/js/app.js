// samrap web app: the header (language, four-colour deck) and a hash router over the pages.
//   #/            home          #/t/CODE       a table (lobby, play, end of game)
//   #/replay/ID   replay        #/rules/GAME   rules       #/glossary   glossary
//   #/puzzles/GAME[/today|/ID] puzzles
//   #/learn/GAME  lessons       #/review/ID?seat=N         game review

// Pages are loaded when first shown, so opening a shared table link fetches only the table's code.

import { spriteSVG } from "./cards.js";
import { needCss } from "./css.js";
import { clear, closeModals, h } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";
import { getPref, setPref } from "./net.js";
import { registerServiceWorker, renderOffline, watchConnection } from "./pwa.js";

const app = document.getElementById("app");
let cleanup = null;

function applyPrefs() {
  document.documentElement.lang = lang();
  document.documentElement.classList.toggle("four-colour", !!getPref("fourColour", false));
  document.title = t("app.title");
}

function header() {
  const four = !!getPref("fourColour", false);
  return h(
    "header",
    { class: "top" },
    h("a", { class: "skip", href: "#main", onclick: (e) => { e.preventDefault(); const m = document.getElementById("main") || document.querySelector("main"); if (m) { m.tabIndex = -1; m.focus(); } } }, t("app.skip")),
    h("a", { class: "brand", href: "#/" }, t("app.brand")),
    h("a", { class: "btn", href: "#/glossary", id: "glossary", "aria-label": t("gloss.title"), title: t("gloss.title") }, "?"),
    h(
      "button",
      {
        type: "button",
        id: "fourcolour",
        "aria-pressed": four ? "true" : "false",
        title: t("set.fourColourHelp"),
        onclick: () => {
          setPref("fourColour", !four);
          applyPrefs();
          renderHeader();
        },
      },
      h("span", { "aria-hidden": "true" }, "♣♦"),
      h("span", { class: "sr-only" }, t("set.fourColour")),
    ),
    h(
      "button",
      {
        type: "button",
        id: "lang",
        lang: lang() === "th" ? "en" : "th",
        "aria-label": t("lang.switchLabel"),
        onclick: () => {
          setLang(lang() === "th" ? "en" : "th");
          renderOffline();
          route(true);
        },
      },
      t("lang.switch"),
    ),
  );
}

let headerEl = null;
function renderHeader() {
  const fresh = header();
  if (headerEl) headerEl.replaceWith(fresh);
  headerEl = fresh;
}

function go(hash) {
  if (location.hash === hash) route(true);
  else location.hash = hash;
}

let routing = 0;

async function route() {
  const mine = ++routing;
  applyPrefs();
  if (cleanup) cleanup();
  cleanup = null;
  closeModals(); // the end-of-game dialog of a table left for its replay, say
  renderHeader();
  // A shared link is /t/CODE (the server serves this page there); inside the app pages are #/...
  const path = location.pathname.match(/^\/t\/([^/]+)/);
  const hash = location.hash && location.hash !== "#" ? location.hash : path ? `#/t/${path[1]}` : "#/";
  const parts = hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const view = document.getElementById("view");
  const page = parts[0] === "t" && parts[1] ? "table" : parts[0] === "replay" && parts[1] ? "replay" : parts[0] === "rules" || parts[0] === "glossary" ? "content" : parts[0] === "learn" ? "learn" : parts[0] === "puzzles" ? "puzzles" : parts[0] === "daily" ? "daily" : parts[0] === "review" && parts[1] ? "review" : "home";
  // the felt's stylesheet is fetched beside the page's code, not after it (one round trip less
  // before a shared table link shows the table)
  if (page !== "home" && page !== "content") needCss("table");
  let mod;
  try {
    mod = await import(`./${page}.js`);
  } catch {
    // offline and this page was never kept by the service worker, or the server is down
    if (mine !== routing) return;
    clear(view).append(h("main", { id: "main" }, h("div", { class: "page" }, h("p", { class: "msg error", role: "alert" }, t(navigator.onLine === false ? "pwa.pageOffline" : "err.connection")))));
    return;
  }
  if (mine !== routing) return; // another navigation came first
  clear(view);
  window.scrollTo(0, 0);
  if (page === "table") cleanup = mod.tablePage(view, parts[1].toUpperCase());
  else if (page === "replay") cleanup = mod.replayPage(view, parts[1]);
  else if (page === "daily") cleanup = mod.dailyPage(view, go);
  else if (page === "learn") cleanup = mod.learnPage(view, parts[1] || "dummy", parts[2]);
  else if (page === "puzzles") cleanup = mod.puzzlesPage(view, parts[1] || "dummy", parts[2]);
  else if (page === "review") cleanup = mod.reviewPage(view, parts[1].split("?")[0], Number((parts[1].split("?")[1] || "").replace(/^.*seat=(\d+).*$/, "$1")) || 0);
  else if (parts[0] === "rules") view.appendChild(h("main", { id: "main" }, mod.rulesPage(parts[1] === "contract" ? "contract" : "dummy")));
  else if (page === "content") view.appendChild(h("main", { id: "main" }, mod.glossaryPage()));
  else view.appendChild(h("main", { id: "main" }, mod.homePage(go)));
}

app.insertAdjacentHTML("beforebegin", spriteSVG());
app.previousElementSibling.style.position = "absolute"; // out of the flow (CSSOM, allowed by the CSP)
clear(app).append(h("div", { id: "hdr" }), h("div", { id: "view" }));
headerEl = app.querySelector("#hdr");
window.addEventListener("hashchange", () => route());
route();
watchConnection();
registerServiceWorker();
