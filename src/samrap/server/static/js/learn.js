// "Learn to play": the lessons of a course (#/learn/GAME) and one lesson (#/learn/GAME/ID).
// The server replays each lesson through the rules engine (POST /api/lessons/GAME/ID); this page
// only draws the learner's view and the legal moves, and keeps the progress in the browser.

import { needCss } from "./css.js";
import { clear, h } from "./dom.js";
import { seatNames } from "./faces.js";
import { renderTable } from "./felt.js";
import { pick, t } from "./i18n.js";
import { api, getPref, setPref } from "./net.js";
import { parsePosition } from "./view.js";
import { sayMoveButton } from "./words.js";

const GAMES = ["dummy", "contract"];

function progress(game) {
  return getPref(`learn.${game}`, {}) || {};
}

function markDone(game, id, mistakes) {
  const p = progress(game);
  p[id] = mistakes;
  setPref(`learn.${game}`, p);
}

export function learnPage(root, game, lessonId) {
  if (!GAMES.includes(game)) game = "dummy";
  let alive = true;
  clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("p", null, t("learn.loading")))));
  if (lessonId) lessonView(root, game, lessonId, () => alive);
  else courseView(root, game, () => alive);
  return () => {
    alive = false;
  };
}

function courseView(root, game, isAlive) {
  api("GET", `/api/lessons/${game}`)
    .then((data) => {
      if (!isAlive()) return;
      const done = progress(game);
      const other = game === "dummy" ? "contract" : "dummy";
      clear(root).appendChild(
        h(
          "main",
          { id: "main" },
          h(
            "div",
            { class: "page" },
            h("h1", null, t("learn.title"), " · ", t(`game.${game}`)),
            h("p", null, t("learn.intro")),
            h("p", null, h("a", { href: `#/learn/${other}` }, t("learn.otherCourse", { game: t(`game.${other}`) }))),
            h(
              "ol",
              { class: "lessons" },
              data.lessons.map((l) =>
                h(
                  "li",
                  { "data-lesson": l.id },
                  h("a", { href: `#/learn/${game}/${encodeURIComponent(l.id)}` }, pick(l.title)),
                  " ",
                  l.rule_words ? h("span", { class: "muted lesson-rules" }, pick(l.rule_words), " ") : null,
                  l.id in done ? h("span", { class: "done" }, "✓ ", t("learn.done")) : h("span", { class: "muted" }, t("learn.todo")),
                ),
              ),
            ),
          ),
        ),
      );
    })
    .catch((e) => showError(root, e));
}

function lessonView(root, game, id, isAlive) {
  const moves = [];
  let mistakes = 0;
  let feedback = null;

  function load(tryMove) {
    const body = { moves: moves.slice() };
    if (tryMove) body.try = tryMove;
    Promise.all([api("POST", `/api/lessons/${game}/${encodeURIComponent(id)}`, body), needCss("table")])
      .then(([d]) => {
        if (!isAlive()) return;
        feedback = d.feedback;
        if (feedback && feedback.ok) moves.push(tryMove);
        else if (feedback) mistakes += 1;
        if (d.done) markDone(game, id, mistakes);
        draw(d);
      })
      .catch((e) => showError(root, e));
  }

  function draw(d) {
    const v = parsePosition(d.view);
    // the other seats are bots of one level (bot_level): named as that level's people, as at the table
    const names = seatNames(Array.from({ length: d.players }, (_, q) => (q === d.seat ? t("learn.you") : `bot:${d.bot_level || "medium"}`)));
    const fb = feedback ? h("p", { class: feedback.ok ? "msg ok" : "msg error", role: "alert", "data-feedback": feedback.ok ? "right" : "wrong" }, pick(feedback.message)) : null;
    const choices = d.done
      ? h("p", null, h("strong", null, t("learn.finished")), " ", h("a", { class: "btn primary", href: `#/learn/${game}` }, t("learn.back")))
      : h(
          "div",
          { class: "row lesson-moves", role: "group", "aria-label": t("learn.moves") },
          d.legal.map((text) => h("button", { type: "button", "data-move": text, onclick: () => load(text) }, sayMoveButton(v, text))),
        );
    clear(root).appendChild(
      h(
        "div",
        { class: "tablepage lesson" },
        h(
          "div",
          // a labelled region, like the table's dock: every part of the page is in a landmark (axe)
          { class: "page", role: "region", "aria-label": pick(d.title) },
          h("p", null, h("a", { href: `#/learn/${game}` }, "← ", t("learn.title"))),
          h("h1", null, pick(d.title)),
          h("p", null, pick(d.intro)),
          h("p", { class: "muted" }, t("learn.step", { i: Math.min(d.step + 1, d.steps), n: d.steps })),
        ),
        h("main", { class: "felt seated", id: "main" }, renderTable(v, { names, me: d.seat })),
        h("div", { class: "dock", role: "region", "aria-label": t("tbl.you") }, d.prompt ? h("p", { class: "msg", role: "status" }, h("strong", null, pick(d.prompt))) : null, fb, choices),
      ),
    );
  }

  load(null);
}

function showError(root, e) {
  clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("p", { class: "msg error", role: "alert" }, `${t("learn.notFound")} ${e && e.message ? e.message : ""}`), h("a", { class: "btn", href: "#/" }, t("nav.home")))));
}
