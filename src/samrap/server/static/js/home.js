// The home page: play against bots at once, create a private table, join by code, rules,
// and the archive of finished matches.

import { cardSVG } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { api, getPref, saveSeat, setPref } from "./net.js";

const GAMES = {
  dummy: { presets: ["classic", "modern"], players: [2, 3, 4], defPlayers: 2 },
  contract: { presets: ["seed", "pagat", "liverpool"], players: [3, 4, 5, 6], defPlayers: 4 },
};
export const LEVELS = ["easy", "medium", "hard", "expert"];
const TARGETS = [500, 300, 100, 50];
const TIMERS = [0, 30, 60, 90];

function select(id, options, value, onchange) {
  return h(
    "select",
    { id, name: id, onchange: (e) => onchange && onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)),
  );
}

/** The create-table body for the chosen options (``bots``: every seat after the first is a bot). */
function createBody(opts, bots) {
  const n = Number(opts.players);
  const seats = Array.from({ length: n }, (_, q) => (q === 0 || !bots ? { kind: "human" } : { kind: "bot", level: opts.level }));
  const body = {
    game: opts.game,
    preset: opts.preset,
    seats,
    host_name: opts.name || (t("table.you") === "คุณ" ? "ผู้เล่น" : "Player"),
    settings: { turn_timer: Number(opts.timer) || 0 },
  };
  if (opts.game === "dummy" && opts.target) body.config = `target=${opts.target}`;
  return body;
}

/** A seat name from the archive: "bot:medium" reads "Bot (Medium)". */
function playerName(name) {
  return /^bot:/.test(name) ? `${t("table.botName")} (${t("level." + name.slice(4))})` : name;
}

export function homePage(go) {
  const opts = {
    game: getPref("game", "dummy"),
    preset: getPref("preset", null),
    players: getPref("players", null),
    level: getPref("level", "easy"),
    target: getPref("target", 500),
    name: getPref("name", ""),
    timer: getPref("timer", 0),
  };
  const fix = () => {
    const g = GAMES[opts.game] || GAMES.dummy;
    if (!g.presets.includes(opts.preset)) opts.preset = g.presets[0];
    if (!g.players.includes(Number(opts.players))) opts.players = g.defPlayers;
  };
  fix();
  const root = h("div", { class: "page" });
  const status = h("p", { class: "msg", role: "status", "aria-live": "polite" });

  const remember = () => {
    for (const k of ["game", "preset", "players", "level", "target", "name", "timer"]) setPref(k, opts[k]);
  };

  async function create(bots) {
    remember();
    status.textContent = t("home.busy");
    status.className = "msg";
    try {
      const res = await api("POST", "/api/tables", createBody(opts, bots));
      const code = res.table.code;
      saveSeat(code, { token: res.token, seat: res.seat, host: res.host_token });
      if (bots) await api("POST", `/api/tables/${code}/start`, { token: res.host_token });
      go(`#/t/${code}`);
    } catch (e) {
      status.textContent = e.message;
      status.className = "msg error";
    }
  }

  function form() {
    const g = GAMES[opts.game];
    const nameInput = h("input", { type: "text", id: "name", maxlength: 32, value: opts.name, autocomplete: "nickname", oninput: (e) => (opts.name = e.target.value.trim()) });
    return h(
      "div",
      null,
      h(
        "div",
        { class: "row" },
        h("div", null, h("label", { for: "game" }, t("home.game")), select("game", Object.keys(GAMES).map((k) => [k, t("game." + k)]), opts.game, (v) => {
          opts.game = v;
          fix();
          rerender();
        })),
        h("div", null, h("label", { for: "preset" }, t("home.preset")), select("preset", g.presets.map((p) => [p, t("preset." + p)]), opts.preset, (v) => (opts.preset = v))),
      ),
      h(
        "div",
        { class: "row" },
        h("div", null, h("label", { for: "players" }, t("home.players")), select("players", g.players.map((n) => [n, String(n)]), opts.players, (v) => (opts.players = Number(v)))),
        h("div", null, h("label", { for: "level" }, t("home.level")), select("level", LEVELS.map((l) => [l, t("level." + l)]), opts.level, (v) => (opts.level = v))),
        opts.game === "dummy" ? h("div", null, h("label", { for: "target" }, t("home.target")), select("target", TARGETS.map((n) => [n, String(n)]), opts.target, (v) => (opts.target = Number(v)))) : null,
        h("div", null, h("label", { for: "timer" }, t("home.timer")), select("timer", TIMERS.map((n) => [n, n ? t("home.seconds", { n }) : t("home.noTimer")]), opts.timer, (v) => (opts.timer = Number(v)))),
      ),
      h("div", null, h("label", { for: "name" }, t("home.name")), nameInput),
    );
  }

  const formBox = h("div");
  function rerender() {
    formBox.replaceChildren(form());
  }
  rerender();

  const codeInput = h("input", { type: "text", id: "code", maxlength: 8, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", placeholder: "ABC234", style: { textTransform: "uppercase" } });
  const archive = h("div", null, h("p", { class: "muted" }, "…"));
  api("GET", "/api/games")
    .then((res) => {
      const games = (res && res.games) || [];
      archive.replaceChildren(
        games.length
          ? h(
              "ul",
              null,
              games.slice(0, 10).map((m) =>
                h("li", null, h("a", { href: `#/replay/${encodeURIComponent(m.id)}` }, `${t("game." + m.game)} · ${m.players.map(playerName).join(", ")}`), h("span", { class: "muted" }, ` · ${m.totals.join(" / ")}`)),
              ),
            )
          : h("p", { class: "muted" }, t("home.noReplays")),
      );
    })
    .catch(() => archive.replaceChildren(h("p", { class: "muted" }, t("home.noReplays"))));

  root.append(
    h(
      "div",
      { class: "hero" },
      h("div", { class: "fan", "aria-hidden": "true", html: ["As", "Kh", "Qs", "Jd", "2c"].map((c) => cardSVG(c)).join("") }),
      h("h1", null, t("app.tagline")),
    ),
    h(
      "section",
      { class: "card-box", "aria-labelledby": "playh" },
      h("h2", { id: "playh" }, t("home.play")),
      h("p", { class: "muted" }, t("home.playHelp")),
      formBox,
      h("div", { class: "row", style: { marginTop: "12px" } }, h("button", { type: "button", class: "primary", id: "playnow", onclick: () => create(true) }, t("home.start"))),
      status,
    ),
    h(
      "section",
      { class: "card-box", "aria-labelledby": "privh" },
      h("h2", { id: "privh" }, t("home.private")),
      h("p", { class: "muted" }, t("home.privateHelp")),
      h("button", { type: "button", id: "create", onclick: () => create(false) }, t("home.create")),
      h(
        "form",
        {
          class: "row",
          style: { marginTop: "10px" },
          onsubmit: (e) => {
            e.preventDefault();
            const code = codeInput.value.trim().toUpperCase().replace(/[\s-]/g, "");
            if (code) go(`#/t/${code}`);
          },
        },
        h("div", null, h("label", { for: "code" }, t("home.join")), codeInput),
        h("button", { type: "submit", id: "joinbtn" }, t("home.joinBtn")),
      ),
    ),
    h(
      "section",
      { class: "card-box", "aria-labelledby": "rulesh" },
      h("h2", { id: "rulesh" }, t("home.rulesOf")),
      h("ul", null, h("li", null, h("a", { href: "#/rules/dummy" }, t("game.dummy"))), h("li", null, h("a", { href: "#/rules/contract" }, t("game.contract"))), h("li", null, h("a", { href: "#/glossary" }, t("gloss.title")))),
    ),
    h("section", { class: "card-box", "aria-labelledby": "archh" }, h("h2", { id: "archh" }, t("home.replays")), archive),
  );
  return root;
}
