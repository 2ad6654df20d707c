// People at the table (issue 23): the home page's list of open public tables, kept current by
// polling GET /api/lobby (read from the database, so it is the same on every server process),
// quick match with strangers (POST /api/quick), and the quick-match wait at the table: who sits,
// a countdown, then the choice to fill the empty seats with bots.

import { h, toast } from "./dom.js";
import { botFaces, myAvatar, seatLevels } from "./faces.js";
import { t } from "./i18n.js";
import { api, errorText, getPref, saveSeat, setPref } from "./net.js";
import { describeConfig } from "./options.js";

/** How often the lobby asks again while it is on screen (the issue asks for 5 s at most). */
export const LOBBY_POLL_MS = 4000;
/** How long a quick-match wait lasts before bots are offered. */
export const QUICK_WAIT_S = 30;

function playerName() {
  return getPref("name", "") || t("home.defaultName");
}

/** A bot's seat as its level's person and the level ("Phi Ton (Medium)", as the table names it), a person's own name, or "open". */
function seatChip(s, bot) {
  if (s.kind === "open") return h("li", { class: "chip open" }, t("lobby.empty"));
  if (s.kind === "bot") return h("li", { class: "chip bot" }, `${bot ? bot.name : t("table.botName")}${s.level ? ` (${t("level." + s.level)})` : ""}`);
  return h("li", { class: "chip" }, h("span", { "data-name": "" }, s.name));
}

async function sit(code, go, status) {
  try {
    const res = await api("POST", `/api/tables/${encodeURIComponent(code)}/join`, { name: playerName() });
    saveSeat(code, { token: res.token, seat: res.seat });
    go(`#/t/${code}`);
  } catch (e) {
    status.textContent = errorText(e);
    status.className = "msg error";
  }
}

/**
 * The lobby section of the home page: open public tables with their game and rules in words,
 * seats, host and watchers, one tap to sit or to watch. ``getList`` gives the presets list (for
 * the rules in words). Polls while the section is in the page, and stops by itself once the
 * page has moved on (the element is no longer connected).
 */
export function lobbySection(go, getList) {
  const list = h("div", { class: "lobby-list", "aria-live": "polite", "aria-busy": "true" }, h("p", { class: "muted" }, t("home.loading")));
  const status = h("p", { class: "msg", role: "status" });
  const section = h("section", { class: "card-box lobby-box", id: "lobby", "aria-labelledby": "lobbyh" }, h("h2", { id: "lobbyh" }, t("lobby.openTables")), list, status);
  let timer = null;
  let last = "";

  function row(tb) {
    const rules = describeConfig(getList(), tb.game, tb.config);
    const seated = tb.seats.filter((s) => s.kind !== "open").length;
    const canSit = tb.open > 0 && tb.status !== "playing";
    return h(
      "li",
      { class: "lobby-row", dataset: { table: tb.code } },
      h("div", { class: "lobby-what" }, h("strong", null, rules), tb.quick ? h("span", { class: "badge" }, t("lobby.quickBadge")) : null, tb.status === "playing" ? h("span", { class: "badge live" }, t("lobby.playing")) : null),
      h(
        "p",
        { class: "muted small" },
        tb.host ? [t("lobby.host"), " ", h("span", { "data-name": "" }, tb.host), " · "] : null,
        t("lobby.seated", { n: seated, total: tb.seats.length }),
        " · ",
        t("lobby.watchers", { n: tb.watchers }),
        tb.chat === "phrases" ? ` · ${t("lobby.phrasesOnly")}` : "",
      ),
      h("ul", { class: "chips", "aria-label": t("lobby.seatsOf") }, ((bots) => tb.seats.map((s, q) => seatChip(s, bots[q])))(botFaces(seatLevels(tb.seats)))),
      h(
        "div",
        { class: "row lobby-acts" },
        canSit ? h("button", { type: "button", class: "primary", "data-sit": tb.code, onclick: () => sit(tb.code, go, status) }, t("lobby.sitHere")) : null,
        h("a", { class: "btn", href: `#/t/${tb.code}`, "data-watch": tb.code }, t("lobby.watch")),
      ),
    );
  }

  async function poll() {
    timer = null;
    if (!section.isConnected && last) return; // the page moved on
    try {
      const data = await api("GET", "/api/lobby");
      const key = JSON.stringify(data.tables);
      if (key !== last || list.getAttribute("aria-busy") === "true") {
        last = key;
        list.setAttribute("aria-busy", "false");
        list.replaceChildren(
          data.tables.length
            ? h("ul", { class: "lobby-rows" }, data.tables.map(row))
            : h("div", { class: "lobby-empty" }, h("p", null, t("lobby.none")), h("p", { class: "muted small" }, t("lobby.noneHelp"))),
        );
      }
    } catch {
      if (!last) list.replaceChildren(h("p", { class: "muted" }, navigator.onLine === false ? t("pwa.offlineList") : t("lobby.none")));
    }
    if (section.isConnected || !last) timer = setTimeout(poll, LOBBY_POLL_MS);
  }
  // first ask once the section is in the page (the home page appends it right after)
  timer = setTimeout(poll, 0);
  section.stopLobby = () => clearTimeout(timer);
  return section;
}

/**
 * Quick match: the game config string of the play choices ("dummy(preset=modern,players=4,…)"),
 * asked of POST /api/quick with the drawn avatar picked below the name, as a join sends it
 * (issue 23.2/23.6); the seat is saved and the table opened.
 */
export async function quickMatch(config, name, go, status) {
  status.textContent = t("quick.finding");
  status.className = "msg";
  try {
    const res = await api("POST", "/api/quick", { game: config, name: name || t("home.defaultName"), avatar: myAvatar() || undefined });
    saveSeat(res.table.code, { token: res.token, seat: res.seat });
    setPref("quickSince", { code: res.table.code, at: Date.now() });
    go(`#/t/${res.table.code}`);
  } catch (e) {
    status.textContent = errorText(e);
    status.className = "msg error";
  }
}

/**
 * The wait at a quick-match table not yet full: who is seated (the table's seat list above says
 * it too), a countdown, and after it the choice to fill the empty seats with bots or keep waiting.
 * ``ctl`` is the table page's controller (``code``, ``token``, ``info``).
 */
export function quickWait(ctl) {
  const since = getPref("quickSince", null);
  if (!ctl.quickSince) ctl.quickSince = since && since.code === ctl.code ? since.at : Date.now();
  const info = ctl.info;
  const open = info.seats.filter((s) => s.kind === "open").length;
  const seated = info.seats.filter((s) => s.kind === "human").map((s) => s.name);
  const clock = h("p", { class: "quick-clock", role: "timer", "aria-live": "off" });
  const choice = h("div", { class: "row quick-choice", hidden: true });
  const box = h(
    "div",
    { class: "card-box quick-wait", id: "quick-wait" },
    h("h2", null, t("quick.waitTitle")),
    h("p", null, t("quick.seated", { n: seated.length, total: info.seats.length }), " ", seated.map((n, k) => [k ? ", " : "", h("span", { "data-name": "" }, n)])),
    h("p", { class: "muted" }, t("quick.openSeats", { n: open })),
    clock,
    choice,
  );
  if (!ctl.token) return box;
  choice.append(
    h(
      "button",
      {
        type: "button",
        class: "primary",
        id: "quick-bots",
        onclick: async () => {
          try {
            ctl.info = await api("POST", `/api/tables/${encodeURIComponent(ctl.code)}/quick-bots`, { token: ctl.token, level: getPref("level", "easy") });
            ctl.render();
          } catch (e) {
            toast(errorText(e));
          }
        },
      },
      t("quick.fillBots"),
    ),
    h(
      "button",
      {
        type: "button",
        id: "quick-more",
        onclick: () => {
          ctl.quickSince = Date.now();
          setPref("quickSince", { code: ctl.code, at: ctl.quickSince });
          tick();
        },
      },
      t("quick.keepWaiting"),
    ),
  );
  function tick() {
    const left = Math.max(0, Math.ceil(QUICK_WAIT_S - (Date.now() - ctl.quickSince) / 1000));
    clock.textContent = left > 0 ? t("quick.countdown", { s: left }) : t("quick.waited");
    choice.hidden = left > 0;
  }
  tick();
  // the table page redraws often: the clock of a wait it threw away stops
  const timer = setInterval(() => {
    if (!box.isConnected) clearInterval(timer);
    else tick();
  }, 1000);
  return box;
}

/**
 * Rematch in one tap with everyone who stayed (the host's tap); a seat left empty is offered to a
 * bot or to the lobby (the table is made public: whoever sits takes it). ``ctl``: the table page.
 */
export async function rematch(ctl) {
  const open = ctl.info ? ctl.info.seats.filter((s) => s.kind === "open").length : 0;
  if (!open) return ctl.host("rematch");
  const choice = await ctl.choose(t("rematch.waiting", { n: open }), null, [
    { text: "bots", label: t("rematch.bots") },
    { text: "lobby", label: t("rematch.lobby") },
  ]);
  if (choice === "bots") {
    await ctl.host("bots", { level: getPref("level", "easy") });
    await ctl.host("rematch");
  } else if (choice === "lobby") {
    await ctl.host("visibility", { public: true });
    toast(t("rematch.listed"));
  }
}

/** A player who does not stay for the rematch frees the seat (for the lobby or a bot), then goes home. */
export async function leaveSeat(ctl) {
  try {
    await api("POST", `/api/tables/${encodeURIComponent(ctl.code)}/leave`, { token: ctl.token });
  } catch (e) {
    toast(errorText(e));
  }
  location.hash = "#/";
}
