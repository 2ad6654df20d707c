// Puzzles (โจทย์, issue 26.5): #/puzzles/GAME (the untried puzzle nearest your rating),
// #/puzzles/GAME/today (the puzzle of the day) and #/puzzles/GAME/ID. The server (or the offline
// worker) shows the seat's view only and judges a try by position; this page draws the view and
// the legal moves, and keeps the solver's Elo rating and the tried puzzles in the browser.

import { needCss } from "./css.js";
import { clear, h } from "./dom.js";
import { renderTable } from "./felt.js";
import { pick, t } from "./i18n.js";
import { api, getPref, setPref } from "./net.js";
import { parsePosition } from "./view.js";
import { sayMoveButton } from "./words.js";

const GAMES = ["dummy", "contract"];
const START = 1500;

function record(game) {
  const r = getPref(`puzzles.${game}`, null) || {};
  return { rating: typeof r.rating === "number" ? r.rating : START, tried: r.tried || {}, ratings: r.ratings || {} };
}

export function puzzlesPage(root, game, which) {
  if (!GAMES.includes(game)) game = "dummy";
  let alive = true;
  clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("p", null, t("puzzle.loading")))));
  const first = which === "today" ? `/api/puzzles/${game}/today` : which ? `/api/puzzles/${game}/${encodeURIComponent(which)}` : null;
  show(root, game, first, which === "today", () => alive);
  return () => {
    alive = false;
  };
}

function nextPath(game) {
  const r = record(game);
  return `/api/puzzles/${game}/next?rating=${Math.round(r.rating)}&tried=${encodeURIComponent(Object.keys(r.tried).join(","))}`;
}

function show(root, game, path, daily, isAlive) {
  Promise.all([api("GET", path || nextPath(game)), needCss("table")])
    .then(([d]) => {
      if (isAlive()) draw(root, game, d, daily, isAlive);
    })
    .catch((e) => showError(root, e));
}

function draw(root, game, d, daily, isAlive) {
  const v = parsePosition(d.view);
  const names = Array.from({ length: d.players }, (_, q) => (q === d.seat ? t("puzzle.you") : t("puzzle.player", { n: q + 1 })));
  const rec = record(game);
  const puzzleRating = Math.round(rec.ratings[d.id] ?? d.rating);
  const dock = h("div", { class: "dock", role: "region", "aria-label": t("tbl.you") });
  const other = game === "dummy" ? "contract" : "dummy";

  function ask(feedback) {
    const parts = [h("p", { class: "msg", role: "status" }, h("strong", null, t("puzzle.question")))];
    if (feedback) parts.push(feedback);
    clear(dock).append(
      ...parts,
      h(
        "div",
        { class: "row lesson-moves", role: "group", "aria-label": t("puzzle.moves") },
        d.legal.map((text) => h("button", { type: "button", "data-move": text, onclick: () => attempt(text) }, sayMoveButton(v, text))),
      ),
    );
  }

  function attempt(text) {
    const now = record(game);
    const first = !(d.id in now.tried);
    const body = { try: text, solver: now.rating, rating: now.ratings[d.id] ?? d.rating, first };
    api("POST", `/api/puzzles/${game}/${encodeURIComponent(d.id)}`, body)
      .then((res) => {
        if (!isAlive()) return;
        const verdict = res.verdict;
        const msg = h("p", { class: verdict.ok ? "msg ok" : "msg error", role: "alert", "data-feedback": verdict.ok ? "right" : "wrong" }, pick(verdict.message));
        if (verdict.kind === "illegal") return ask(msg);
        let rated = h("p", { class: "muted" }, t("puzzle.triedBefore"));
        if (res.ratings) {
          const after = record(game);
          rated = h("p", { "data-rating": String(Math.round(res.ratings.solver)) }, t("puzzle.rated", { old: Math.round(after.rating), new: Math.round(res.ratings.solver) }));
          after.rating = res.ratings.solver;
          after.tried[d.id] = verdict.ok;
          after.ratings[d.id] = res.ratings.puzzle;
          setPref(`puzzles.${game}`, after);
        }
        clear(dock).append(
          msg,
          h("p", { "data-answer": res.best }, pick(res.answer)),
          rated,
          h("p", null, h("button", { type: "button", class: "btn primary", id: "puzzle-next", onclick: () => show(root, game, null, false, isAlive) }, t("puzzle.next"))),
        );
      })
      .catch((e) => showError(root, e));
  }

  ask(null);
  clear(root).appendChild(
    h(
      "div",
      { class: "tablepage lesson puzzle", "data-puzzle": d.id },
      h(
        "div",
        { class: "page", role: "region", "aria-label": t("puzzle.title") },
        h("h1", null, daily ? t("puzzle.today") : t("puzzle.title"), " · ", t(`game.${game}`)),
        h("p", null, t("puzzle.intro")),
        h(
          "p",
          null,
          h("a", { href: `#/puzzles/${game}/today` }, t("puzzle.today")),
          " · ",
          h("a", { href: `#/puzzles/${other}` }, t("puzzle.other", { game: t(`game.${other}`) })),
          " · ",
          h("a", { href: `#/learn/${game}` }, t("learn.title")),
        ),
        h("p", { class: "muted" }, t("puzzle.info", { theme: pick(d.theme), r: puzzleRating }), " · ", h("strong", { id: "puzzle-rating" }, t("puzzle.yourRating", { r: Math.round(rec.rating) }))),
      ),
      h("main", { class: "felt seated", id: "main" }, renderTable(v, { names, me: d.seat })),
      dock,
    ),
  );
}

function showError(root, e) {
  clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("p", { class: "msg error", role: "alert" }, `${t("puzzle.notFound")} ${e && e.message ? e.message : ""}`), h("a", { class: "btn", href: "#/" }, t("nav.home")))));
}
