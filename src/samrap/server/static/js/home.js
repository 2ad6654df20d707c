// The home page: one big button plays against bots with the last choices (a summary line opens
// them), a table for friends with its own settings (private unless chosen public), join by code,
// the rules, and the archive of finished matches (which says when stand-in bots finished one).

import { cardSVG } from "./cards.js";
import { h } from "./dom.js";
import { avatarPicker, myAvatar, seatNames } from "./faces.js";
import { t } from "./i18n.js";
import { api, errorText, getPref, recentTables, saveSeat, setPref } from "./net.js";
import { changesText, configText, describeConfig, FALLBACK, gameOf, loadPresets, optionsPanel, presetName, presetOf } from "./options.js";
import { lobbySection, quickMatch } from "./lobby.js";

export const LEVELS = ["easy", "medium", "hard", "expert"];
const TARGETS = [500, 300, 100, 50];
const TIMERS = [0, 30, 60, 90];
const DEFAULT_PLAYERS = { dummy: 2, contract: 4 };

function select(id, options, value, onchange) {
  return h(
    "select",
    { id, name: id, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)),
  );
}

function field(id, label, control) {
  return h("div", null, h("label", { for: id }, label), control);
}

/** The bot level picker with a line saying what the chosen level is (docs/bots.md, "The ladder"). */
function levelField(c, changed) {
  const about = h("p", { id: "level-about", class: "muted small" }, t("level.about." + c.level));
  const control = select("level", LEVELS.map((l) => [l, t("level." + l)]), c.level, (v) => {
    c.level = v;
    changed();
  });
  control.setAttribute("aria-describedby", "level-about");
  return h("div", null, h("label", { for: "level" }, t("home.level")), control, about);
}

/** The remembered choices of one form ("play": against bots, "table": for friends). */
function loadChoices(kind) {
  const saved = getPref(kind === "play" ? "play" : "tableOpts", null) || {};
  const old = (k, d) => (kind === "play" ? getPref(k, d) : d); // the choices as an older release kept them
  return {
    game: saved.game ?? old("game", "dummy"),
    preset: saved.preset ?? old("preset", null),
    players: saved.players ?? old("players", null),
    level: saved.level ?? old("level", "easy"),
    target: saved.target ?? old("target", 500),
    timer: saved.timer ?? old("timer", 0),
    public: !!saved.public,
    phrases: !!saved.phrases,
    more: saved.more && typeof saved.more === "object" ? saved.more : {},
  };
}

function saveChoices(kind, c) {
  setPref(kind === "play" ? "play" : "tableOpts", c);
  if (kind === "play") setPref("level", c.level); // the table lobby's "add a bot" uses it too
}

/**
 * Make the choices fit the games the server offers (a preset or a player count may be gone).
 * Before the server's list has come (``FALLBACK``), nothing remembered is dropped.
 */
function fit(list, c) {
  const real = list !== FALLBACK;
  const game = gameOf(list, c.game);
  c.game = game.name;
  let p = presetOf(game, c.preset);
  if (p.name !== c.preset) {
    if (real || !c.preset) {
      c.preset = p.name;
      c.more = {};
    } else p = { name: c.preset, values: {} };
  }
  if (!game.players.includes(Number(c.players))) c.players = game.players.includes(DEFAULT_PLAYERS[game.name]) ? DEFAULT_PLAYERS[game.name] : game.players[0];
  if (real) for (const k of Object.keys(c.more)) if (!game.options.some((o) => o.name === k)) delete c.more[k];
  return { game, preset: p };
}

/** The create-table body for the choices (``bots``: every seat after the first is a bot). */
function createBody(list, c, name, bots) {
  const { game, preset } = fit(list, c);
  const n = Number(c.players);
  const seats = Array.from({ length: n }, (_, q) => (q === 0 || !bots ? { kind: "human" } : { kind: "bot", level: c.level }));
  const chosen = { ...c.more };
  if (game.name === "dummy") chosen.target = Number(c.target);
  const body = {
    game: game.name,
    preset: preset.name,
    seats,
    host_name: name || t("home.defaultName"),
    host_avatar: myAvatar() || undefined, // the drawn avatar picked below the name (faces.js)
    settings: { turn_timer: Number(c.timer) || 0, ...(c.phrases && !bots ? { chat: "phrases" } : {}) },
    public: bots ? false : !!c.public,
  };
  const config = configText(game, preset, chosen);
  if (config) body.config = config;
  return body;
}

/** The game config string of the choices, for quick match ("dummy(preset=modern,players=4,target=500)"). */
function quickConfig(list, c) {
  const { game, preset } = fit(list, c);
  const chosen = { ...c.more };
  if (game.name === "dummy") chosen.target = Number(c.target);
  const extra = configText(game, preset, chosen);
  return `${game.name}(preset=${preset.name},players=${Number(c.players)}${extra ? "," + extra : ""})`;
}

/** "Thai Dummy · Modern · 2 players · medium bots · to 500 points": the play summary line. */
function summary(list, c, withLevel) {
  const { game, preset } = fit(list, c);
  const parts = [t("game." + game.name), presetName(game.name, preset.name), t("home.nPlayers", { n: c.players })];
  if (withLevel) parts.push(t("home.levelIs", { level: t("level." + c.level) }));
  if (game.name === "dummy") parts.push(t("home.toPoints", { n: c.target }));
  if (Number(c.timer)) parts.push(t("home.seconds", { n: c.timer }));
  const changed = changesText(game, preset, c.more).length;
  if (changed) parts.push(t("home.nChanged", { n: changed }));
  return parts.join(" · ");
}

/**
 * Finished matches to list: this browser's own tables first (bot tables and friends' tables are
 * private, so the public list never has them), then the public tables', newest first.
 */
async function finishedGames() {
  const mine = recentTables(6).map((code) => api("GET", `/api/games?table=${encodeURIComponent(code)}&limit=5`).catch(() => null));
  const lists = await Promise.all([...mine, api("GET", "/api/games?limit=20")]);
  if (lists.every((l) => l === null)) throw new Error("offline");
  const byId = new Map();
  for (const l of lists) for (const m of (l && l.games) || []) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.finished_at < b.finished_at ? 1 : -1));
}

/** A seat name from the archive: "bot:medium" reads as that level's person, as at the table
 *  ("พี่ต้น (ปานกลาง)", faces.js); ``k``: the seat, among ``players``. */
function playerName(players, k) {
  const name = players[k];
  return /^bot:/.test(name) ? `${seatNames(players)[k]} (${t("level." + name.slice(4))})` : name;
}

export function homePage(go) {
  let list = FALLBACK;
  let name = getPref("name", "");
  const play = loadChoices("play");
  const table = loadChoices("table");
  const root = h("div", { class: "page home" });

  const nameInput = (id) =>
    h("input", {
      type: "text",
      id,
      maxlength: 32,
      value: name,
      autocomplete: "nickname",
      oninput: (e) => {
        name = e.target.value.trim();
        setPref("name", name); // the join page of a table offers it too
      },
    });

  async function create(kind, status) {
    const bots = kind === "play";
    const c = bots ? play : table;
    if (!bots && getPref("static", false)) {
      // a static copy of the app (samrap export-static): friends' tables need a samrap server
      status.textContent = t("off.static");
      status.className = "msg error";
      return;
    }
    saveChoices(kind, c);
    setPref("name", name);
    status.textContent = t(bots ? "home.busy" : "home.creating");
    status.className = "msg";
    try {
      list = await loadPresets();
      // Against bots with no network (or no answer from the server), or when the player chose
      // this device: the offline engine (issue 25).
      const offline = async () => (await import("./offline/local.js")).createLocal(createBody(list, c, name, bots));
      let res;
      if (bots && (navigator.onLine === false || getPref("offline", false))) res = await offline();
      else {
        try {
          res = await api("POST", "/api/tables", createBody(list, c, name, bots));
        } catch (e) {
          if (!bots || e.status !== 0) throw e;
          res = await offline();
        }
      }
      const code = res.table.code;
      saveSeat(code, { token: res.token, seat: res.seat, host: res.host_token, watch: res.spectator_key || null });
      if (bots) await api("POST", `/api/tables/${code}/start`, { token: res.host_token });
      go(`#/t/${code}`);
    } catch (e) {
      status.textContent = errorText(e);
      status.className = "msg error";
    }
  }

  /** The settings of one form; ``prefix`` keeps the two forms' ids apart ("" for play, "t-"). */
  function settings(kind, c, redraw) {
    const p = kind === "play" ? "" : "t-";
    const { game, preset } = fit(list, c);
    const changed = () => {
      saveChoices(kind, c);
      redraw();
    };
    return h(
      "div",
      { class: "settings" },
      h(
        "div",
        { class: "row" },
        field(`${p}game`, t("home.game"), select(`${p}game`, list.games.map((g) => [g.name, t("game." + g.name)]), c.game, (v) => {
          c.game = v;
          c.preset = null;
          c.more = {};
          changed();
        })),
        field(`${p}preset`, t("home.preset"), select(`${p}preset`, game.presets.map((x) => [x.name, presetName(game.name, x.name)]), c.preset, (v) => {
          c.preset = v;
          c.more = {};
          changed();
        })),
      ),
      h(
        "div",
        { class: "row" },
        field(`${p}players`, t("home.players"), select(`${p}players`, game.players.map((n) => [n, String(n)]), c.players, (v) => {
          c.players = Number(v);
          changed();
        })),
        kind === "play" ? levelField(c, changed) : null,
        game.name === "dummy" ? field(`${p}target`, t("home.target"), select(`${p}target`, TARGETS.map((n) => [n, String(n)]), c.target, (v) => {
          c.target = Number(v);
          changed();
        })) : null,
        field(`${p}timer`, t("home.timer"), select(`${p}timer`, TIMERS.map((n) => [n, n ? t("home.seconds", { n }) : t("home.noTimer")]), c.timer, (v) => {
          c.timer = Number(v);
          changed();
        })),
      ),
      kind === "table"
        ? h(
            "div",
            { class: "check wrap" },
            h("input", { type: "checkbox", id: "t-public", checked: !!c.public, onchange: (e) => { c.public = e.target.checked; saveChoices(kind, c); } }),
            h("label", { for: "t-public" }, t("home.public")),
            h("p", { class: "muted small" }, t("home.publicHelp")),
          )
        : null,
      kind === "table"
        ? h(
            "div",
            { class: "check wrap" },
            h("input", { type: "checkbox", id: "t-phrases", checked: !!c.phrases, onchange: (e) => { c.phrases = e.target.checked; saveChoices(kind, c); } }),
            h("label", { for: "t-phrases" }, t("home.phrasesOnly")),
          )
        : null,
      optionsPanel(game, preset, c.more, { prefix: kind, skip: ["target"], onchange: () => changed() }),
    );
  }

  // ---------- play against bots: one button, the choices one tap away ----------
  const playStatus = h("p", { class: "msg", role: "status", "aria-live": "polite" });
  const playOptions = h("div", { id: "play-options", class: "options", hidden: true });
  const playSummary = h("span", { class: "summary-text" });
  const toggle = h(
    "button",
    {
      type: "button",
      id: "options-toggle",
      class: "summary",
      "aria-expanded": "false",
      "aria-controls": "play-options",
      onclick: () => {
        const open = playOptions.hidden;
        playOptions.hidden = !open;
        toggle.setAttribute("aria-expanded", open ? "true" : "false");
      },
    },
    playSummary,
    h("span", { class: "summary-edit" }, t("home.change")),
  );
  function drawPlay() {
    const wasOpen = playOptions.contains(document.activeElement) ? document.activeElement.id : null;
    const more = playOptions.querySelector("details");
    const moreOpen = more ? more.open : false;
    playOptions.replaceChildren(field("name", t("home.name"), nameInput("name")), avatarPicker("avatar"), settings("play", play, drawPlay));
    const d = playOptions.querySelector("details");
    if (d) d.open = moreOpen;
    playSummary.textContent = summary(list, play, true);
    if (wasOpen) document.getElementById(wasOpen)?.focus();
  }

  // ---------- a table for friends ----------
  const tableStatus = h("p", { class: "msg", role: "status", "aria-live": "polite" });
  const tableOptions = h("form", {
    id: "create-options",
    class: "options",
    hidden: true,
    onsubmit: (e) => {
      e.preventDefault();
      create("table", tableStatus);
    },
  });
  const createToggle = h(
    "button",
    {
      type: "button",
      id: "create-toggle",
      "aria-expanded": "false",
      "aria-controls": "create-options",
      onclick: () => {
        const open = tableOptions.hidden;
        tableOptions.hidden = !open;
        createToggle.setAttribute("aria-expanded", open ? "true" : "false");
        if (open) tableOptions.querySelector("select")?.focus();
      },
    },
    t("home.create"),
  );
  function drawTable() {
    const wasOpen = tableOptions.contains(document.activeElement) ? document.activeElement.id : null;
    const more = tableOptions.querySelector("details");
    const moreOpen = more ? more.open : false;
    tableOptions.replaceChildren(
      field("t-name", t("home.name"), nameInput("t-name")),
      avatarPicker("t-avatar"),
      settings("table", table, drawTable),
      h("p", { class: "muted" }, summary(list, table, false)),
      h("button", { type: "submit", class: "primary", id: "create" }, t("home.createGo")),
      tableStatus,
    );
    const d = tableOptions.querySelector("details");
    if (d) d.open = moreOpen;
    if (wasOpen) document.getElementById(wasOpen)?.focus();
  }

  const codeInput = h("input", { type: "text", id: "code", maxlength: 8, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", placeholder: "ABC234", class: "code-input" });
  const archive = h("div", null, h("p", { class: "muted" }, t("home.loading")));
  const offlineBox = h("section", { class: "card-box", id: "offline-box", "aria-labelledby": "offh" }, h("h2", { id: "offh" }, t("off.title")));

  function drawAll() {
    drawPlay();
    drawTable();
  }

  root.append(
    h(
      "div",
      { class: "hero" },
      h("div", { class: "fan", "aria-hidden": "true", html: ["As", "Kh", "Qs", "Jd", "2c"].map((c) => cardSVG(c)).join("") }),
      h("h1", null, t("app.tagline")),
    ),
    h(
      "section",
      { class: "card-box play-box", "aria-labelledby": "playh" },
      h("h2", { id: "playh" }, t("home.play")),
      h(
        "div",
        { class: "row play-buttons" },
        h("button", { type: "button", class: "primary big", id: "playnow", onclick: () => create("play", playStatus) }, t("home.start")),
        h(
          "button",
          {
            type: "button",
            class: "big",
            id: "quickmatch",
            title: t("quick.help"),
            onclick: async () => {
              saveChoices("play", play);
              setPref("name", name);
              list = await loadPresets().catch(() => list);
              quickMatch(quickConfig(list, play), name, go, playStatus);
            },
          },
          t("quick.button"),
        ),
      ),
      toggle,
      playOptions,
      playStatus,
    ),
    lobbySection(go, () => list),
    h(
      "section",
      { class: "card-box", "aria-labelledby": "privh" },
      h("h2", { id: "privh" }, t("home.private")),
      h("p", { class: "muted" }, t("home.privateHelp")),
      h(
        "form",
        {
          class: "row join",
          onsubmit: (e) => {
            e.preventDefault();
            setPref("name", name);
            const code = codeInput.value.trim().toUpperCase().replace(/[\s-]/g, "");
            if (code) go(`#/t/${code}`);
          },
        },
        h("div", null, h("label", { for: "code" }, t("home.join")), codeInput),
        h("button", { type: "submit", id: "joinbtn" }, t("home.joinBtn")),
      ),
      createToggle,
      tableOptions,
    ),
    h(
      "section",
      { class: "card-box", "aria-labelledby": "rulesh" },
      h("h2", { id: "rulesh" }, t("home.rulesOf")),
      h("ul", null, h("li", null, h("a", { href: "#/rules/dummy" }, t("game.dummy"))), h("li", null, h("a", { href: "#/rules/contract" }, t("game.contract"))), h("li", null, h("a", { href: "#/glossary" }, t("gloss.title")))),
    ),
    // the lessons under their own heading, "หัดเล่น" (issue 26.3)
    h(
      "section",
      { class: "card-box", "aria-labelledby": "learnh", "data-section": "learn" },
      h("h2", { id: "learnh" }, t("learn.home")),
      h("ul", null, h("li", null, h("a", { href: "#/learn/dummy", id: "learn-dummy" }, t("learn.homeDummy"))), h("li", null, h("a", { href: "#/learn/contract", id: "learn-contract" }, t("learn.homeContract"))), h("li", null, h("a", { href: "#/puzzles/dummy", id: "puzzles-dummy" }, t("puzzle.homeDummy"))), h("li", null, h("a", { href: "#/puzzles/contract", id: "puzzles-contract" }, t("puzzle.homeContract")))),
    ),
    // the daily deal (issue 26.6): the same cards for everyone, its own page
    h(
      "section",
      { class: "card-box", "aria-labelledby": "dailyh", "data-section": "daily" },
      h("h2", { id: "dailyh" }, t("daily.home")),
      h("p", null, h("a", { href: "#/daily", id: "daily-link" }, t("daily.homeLink"))),
    ),
    h("section", { class: "card-box", "aria-labelledby": "archh" }, h("h2", { id: "archh" }, t("home.replays")), archive),
    offlineBox,
  );
  // The offline box (issue 25) is drawn by its own module, loaded after the page: not on the first load's path.
  import("./offline/panel.js").then((m) => m.fillOfflineBox(offlineBox)).catch(() => offlineBox.remove());

  // Draw at once with the presets this release knows, then again with the server's list.
  drawAll();
  loadPresets().then((l) => {
    list = l;
    drawAll();
    return finishedGames();
  })
    .then((games) => {
      archive.replaceChildren(
        games.length
          ? h(
              "ul",
              { class: "archive" },
              games.slice(0, 10).map((m) =>
                h(
                  "li",
                  null,
                  h(
                    "a",
                    { href: `#/replay/${encodeURIComponent(m.id)}` },
                    `${describeConfig(list, m.game, m.config)} · `,
                    // people's names are theirs, in any script (data-name: the Thai-only test spares them)
                    m.players.map((p, k) => [k ? ", " : "", /^bot:/.test(p) ? playerName(m.players, k) : h("span", { "data-name": "" }, p)]),
                  ),
                  h("span", { class: "muted" }, ` · ${t("home.totals")} ${m.totals.join(" / ")}`),
                  m.finished_by_stand_ins ? h("span", { class: "badge standin-badge" }, t("home.byStandIns")) : null,
                ),
              ),
            )
          : h("p", { class: "muted" }, t("home.noReplays")),
      );
    })
    .catch(() => archive.replaceChildren(h("p", { class: "muted" }, navigator.onLine === false ? t("pwa.offlineList") : t("home.noReplays"))));
  return root;
}
