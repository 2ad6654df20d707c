// The daily deal (#/daily, issue 26.6): today's deal of each daily game, its commitment (published
// the day before; yesterday's seed and salt revealed), a "play" button that opens a table with the
// day's cards and bots, and once this browser has finished the day's game, how everyone scored.
// The browser's own random key ("daily.device", kept here) is who the player is; the first
// finished game of the day counts, replays are played the same way and not counted.

import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { api, errorText, getPref, saveSeat, setPref } from "./net.js";

/** This browser's daily-deal key: random, made once, sent only to this server. */
export function deviceKey() {
  let key = getPref("daily.device", "");
  if (!/^[0-9a-f]{32}$/.test(key)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    setPref("daily.device", key);
  }
  return key;
}

/** Whether a table (by code) was opened for a daily deal in this browser, and which. */
export function dailyTable(code) {
  const all = getPref("daily.tables", {}) || {};
  return all[code] || null;
}

function rememberTable(code, info) {
  const all = getPref("daily.tables", {}) || {};
  all[code] = info;
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - 20))) delete all[k];
  setPref("daily.tables", all);
}

async function results(day, key) {
  const res = await fetch(`/api/daily/${day}/${key}/results`, { headers: { "X-Daily-Device": deviceKey() } });
  if (res.status === 409) return null; // not finished yet today
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}

function resultsBox(r) {
  const better = r.lower_is_better ? t("daily.lowWins") : t("daily.highWins");
  const top = Math.max(...r.distribution.map((b) => b.count), 1);
  return h(
    "div",
    { class: "daily-results", "data-results": r.key },
    r.you ? h("p", { class: "winner", role: "status" }, h("strong", null, t("daily.yourRank", { rank: r.you.rank, count: r.count, score: r.you.score }))) : h("p", null, t("daily.players", { count: r.count })),
    h("p", { class: "muted" }, better),
    h("h3", null, t("daily.best")),
    h(
      "ol",
      { class: "daily-best" },
      r.best.map((b) => h("li", null, h("span", { "data-name": "" }, b.name), ` · ${b.score}`, b.rank !== undefined ? h("span", { class: "muted" }, ` (${t("daily.rankN", { rank: b.rank })})`) : null)),
    ),
    h("h3", null, t("daily.spread")),
    h(
      "ul",
      { class: "daily-spread" },
      r.distribution.map((b) =>
        h(
          "li",
          null,
          h("span", { class: "num" }, String(b.score)),
          " ",
          h("span", { class: "bar", style: { display: "inline-block", width: `${Math.max(4, Math.round((b.count / top) * 120))}px`, height: "0.8em", background: "currentColor", opacity: "0.5" } }),
          ` ${t("daily.people", { count: b.count })}`,
        ),
      ),
    ),
  );
}

export function dailyPage(root, go) {
  let alive = true;
  const status = h("p", { class: "msg", role: "status", hidden: true });
  const list = h("div", null, h("p", null, t("daily.loading")));
  clear(root).appendChild(
    h(
      "main",
      { id: "main" },
      h(
        "div",
        { class: "page daily" },
        h("h1", null, t("daily.title")),
        h("p", null, t("daily.intro")),
        status,
        list,
        h("p", { class: "muted" }, t("daily.fair")),
        h("p", null, h("a", { href: "#/" }, t("over.home"))),
      ),
    ),
  );
  api("GET", "/api/daily")
    .then(async (index) => {
      if (!alive) return;
      const boxes = [];
      for (const g of index.today.games) {
        let mine = null;
        try {
          mine = await results(index.today.day, g.key);
        } catch {
          mine = null;
        }
        if (!alive) return;
        const played = getPref(`daily.played.${index.today.day}.${g.key}`, false);
        const name = getPref("name", "") || t("home.defaultName");
        const button = h(
          "button",
          {
            type: "button",
            class: mine ? "" : "primary",
            "data-play": g.key,
            onclick: async () => {
              button.disabled = true;
              status.hidden = false;
              status.textContent = t("daily.opening");
              status.className = "msg";
              try {
                const res = await api("POST", `/api/daily/${g.key}/play`, { name, device: deviceKey() });
                saveSeat(res.table.code, { token: res.token, seat: res.seat });
                rememberTable(res.table.code, { day: res.day, key: res.key });
                setPref(`daily.played.${res.day}.${res.key}`, true);
                go(`#/t/${res.table.code}`);
              } catch (e) {
                status.textContent = errorText(e);
                status.className = "msg error";
                button.disabled = false;
              }
            },
          },
          mine || played ? t("daily.again") : t("daily.play"),
        );
        boxes.push(
          h(
            "section",
            { class: "card-box", "data-daily": g.key },
            h("h2", null, t(`game.${g.game}`)),
            h("p", null, t("daily.setup", { players: g.players, level: t(`level.${g.level}`) })),
            h("p", { class: "muted" }, t("daily.commitment"), " ", h("code", { "data-code": "", style: { wordBreak: "break-all" } }, g.commitment)),
            mine ? [h("p", { class: "muted" }, t("daily.notCounted")), resultsBox(mine)] : h("p", null, t("daily.after")),
            h("div", { class: "row" }, button),
          ),
        );
      }
      list.replaceChildren(h("p", { class: "muted" }, t("daily.day", { day: index.today.day })), ...boxes);
    })
    .catch((e) => {
      if (alive) list.replaceChildren(h("p", { class: "msg error", role: "alert" }, errorText(e)));
    });
  return () => {
    alive = false;
  };
}
