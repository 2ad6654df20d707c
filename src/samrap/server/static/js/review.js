// Game review (#/review/ID?seat=N): every decision of one seat of a finished match, judged from that
// seat's view by the server (POST /api/games/ID/review, worked out in its worker pool, then stored).
// While it runs the page shows its progress; then it steps through the game on the table, jumping
// between the decisions labelled below good, with the move played, the best move found, the loss
// and the reason in words.

import { contractLine, seatName } from "./board.js";
import { needCss } from "./css.js";
import { clear, h } from "./dom.js";
import { seatNames, seatSVGs } from "./faces.js";
import { renderTable, tableTitle } from "./felt.js";
import { pick, t } from "./i18n.js";
import { api } from "./net.js";
import { parsePosition } from "./view.js";

const BAD = ["inaccuracy", "mistake", "blunder"];
const POLL_MS = 700;

export function reviewPage(root, id, seat) {
  let alive = true;
  let timer = null;
  let record = null;
  let states = null;
  let review = null;
  let at = 0; // index into review.decisions

  const onKey = (e) => {
    if (!review || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
    else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("p", null, t("rev.loading")))));
  const base = `/api/games/${encodeURIComponent(id)}`;
  Promise.all([api("GET", `${base}/record`), api("GET", `${base}/replay`), needCss("table")])
    .then(([rec, rep]) => {
      record = rec;
      states = rep.games.map((g) => g.states);
      return api("POST", `${base}/review`, { seat });
    })
    .then(answer)
    .catch(fail);

  function answer(d) {
    if (!alive) return;
    if (d.status === "done") {
      review = d.review;
      at = Math.max(0, review.decisions.findIndex((x) => BAD.includes(x.label)));
      draw();
      return;
    }
    if (d.status === "failed") {
      fail({ message: d.message });
      return;
    }
    waiting(d.done || 0, d.total || 0);
    timer = setTimeout(() => api("GET", `${base}/review?seat=${seat}`).then((x) => (x.status === "none" ? api("POST", `${base}/review`, { seat }) : x)).then(answer).catch(fail), POLL_MS);
  }

  function waiting(done, total) {
    clear(root).appendChild(
      h(
        "main",
        { id: "main" },
        h(
          "div",
          { class: "page" },
          h("h1", null, t("rev.title")),
          h("p", { role: "status", "aria-live": "polite" }, t("rev.working", { done, total })),
          h("progress", { max: String(Math.max(1, total)), value: String(done), "aria-label": t("rev.progress") }),
        ),
      ),
    );
  }

  function fail(e) {
    if (!alive) return;
    clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("h1", null, t("rev.title")), h("p", { class: "msg error", role: "alert" }, `${t("rev.failed")} ${e && e.message ? e.message : ""}`), h("a", { class: "btn", href: "#/" }, t("nav.home")))));
  }

  function go(k) {
    at = Math.max(0, Math.min(review.decisions.length - 1, k));
    draw();
  }

  /** The index of the nearest mistake after (dir 1) or before (dir -1) the decision shown, or -1. */
  function badFrom(dir) {
    const list = review.decisions;
    for (let k = at + dir; k >= 0 && k < list.length; k += dir) if (BAD.includes(list[k].label)) return k;
    return -1;
  }

  function jump(dir) {
    const k = badFrom(dir);
    if (k >= 0) go(k);
  }

  function draw() {
    const names = seatNames(record.players); // a bot is its level's person, as at the table (faces.js)
    const s = review.summary;
    const list = review.decisions;
    const d = list[at];
    const summary = h(
      "section",
      { class: "card-box", "aria-labelledby": "revsum" },
      h("h2", { id: "revsum" }, t("rev.summary")),
      h("p", null, t("rev.accuracy", { acc: Math.round(s.accuracy), n: s.decisions })),
      h("p", null, ["good", ...BAD].map((lab) => `${t("rev.label." + lab)} ${s.labels[lab]}`).join(" · ")),
      h("p", null, t("rev.lost"), " ", ["discard", "collect", "knock", "go_down"].map((k) => `${t("rev.kind." + k)} ${Math.round(s.lost_by_kind[k])}`).join(" · ")),
    );
    if (!d) {
      clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("h1", null, t("rev.title")), summary, h("p", null, t("rev.none")))));
      return;
    }
    const v = parsePosition(states[d.game][d.number]);
    const contract = record.game === "contract";
    const panel = h(
      "section",
      { class: "card-box review-move", "data-label": d.label, "aria-live": "polite" },
      h("p", null, h("strong", null, t("rev.label." + d.label)), " · ", t("rev.decision", { i: at + 1, n: list.length })),
      h("p", null, t("rev.played"), " ", pick(d.played_words)),
      h("p", null, t("rev.best"), " ", pick(d.best_words)),
      d.label !== "good" ? h("p", null, t("rev.loss", { pts: Math.round(d.loss) })) : null,
      d.win_played !== null && d.win_best !== null ? h("p", null, t("rev.win", { played: Math.round(100 * d.win_played), best: Math.round(100 * d.win_best) })) : null,
      h("p", { class: "muted" }, pick(d.reason)),
    );
    clear(root).appendChild(
      h(
        "div",
        { class: "tablepage review" },
        h("section", { class: "page", "aria-label": t("rev.title") }, h("h1", null, `${t("rev.title")} · ${tableTitle(record.game, record.config, record.players.length)}`), h("p", null, t("rev.of", { name: seatName(names, seat) }))),
        h("main", { class: "felt seated", id: "main" }, contract ? h("p", { class: "status" }, contractLine(v)) : null, renderTable(v, { names, faces: seatSVGs(record.players), me: seat, showHands: true })),
        h(
          "div",
          { class: "dock", role: "region", "aria-label": t("rev.controls") },
          panel,
          h(
            "div",
            { class: "row" },
            h("button", { type: "button", "data-jump": "prev-mistake", disabled: badFrom(-1) < 0, onclick: () => jump(-1) }, h("span", { "aria-hidden": "true" }, "« "), t("rev.prevMistake")),
            h("button", { type: "button", "data-step": "prev", disabled: at === 0, onclick: () => go(at - 1) }, "← ", t("rev.prev")),
            h("button", { type: "button", "data-step": "next", disabled: at === review.decisions.length - 1, onclick: () => go(at + 1) }, t("rev.next"), " →"),
            h("button", { type: "button", class: "primary", "data-jump": "next-mistake", disabled: badFrom(1) < 0, onclick: () => jump(1) }, t("rev.nextMistake"), h("span", { "aria-hidden": "true" }, " »")),
          ),
        ),
        // the summary is its own landmark: the link to the replay goes in it
        h("div", { class: "page" }, appendTo(summary, h("p", null, h("a", { class: "btn", href: `#/replay/${encodeURIComponent(id)}` }, t("rev.replay"))))),
      ),
    );
  }

  return () => {
    alive = false;
    if (timer) clearTimeout(timer);
    document.removeEventListener("keydown", onKey);
  };
}

function appendTo(parent, child) {
  parent.appendChild(child);
  return parent;
}
