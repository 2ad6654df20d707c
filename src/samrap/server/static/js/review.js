// Game review (#/review/ID?seat=N): every decision of one seat of a finished match, judged from that
// seat's view by the server (POST /api/games/ID/review, worked out in its worker pool, then stored).
// While it runs the page shows its progress; then it steps through the game on the table, jumping
// between the decisions labelled below good, with the move played, the best move found, the loss
// and the reason in words.
// ลองใหม่ (try again): the mistakes and blunders asked again, one position at a time, from the
// seat's view only (GET /api/games/ID/retry gives the seat's view string and legal moves, never the
// answer); a try is judged by the server (POST .../retry), the answer shown after a right try or on
// asking. Positions found are kept in the browser (localStorage "samrap.retry", per game and seat).

import { contractLine, seatName } from "./board.js";
import { needCss } from "./css.js";
import { clear, h } from "./dom.js";
import { seatNames, seatSVGs } from "./faces.js";
import { renderTable, tableTitle } from "./felt.js";
import { pick, t } from "./i18n.js";
import { api, getPref, setPref } from "./net.js";
import { parsePosition } from "./view.js";
import { sayMoveButton } from "./words.js";

const BAD = ["inaccuracy", "mistake", "blunder"];
const FLAGGED = ["mistake", "blunder"]; // the positions ลองใหม่ asks again (samrap.learn.retry)
const POLL_MS = 700;

export function reviewPage(root, id, seat) {
  let alive = true;
  let timer = null;
  let record = null;
  let states = null;
  let review = null;
  let at = 0; // index into review.decisions
  let retry = null; // ลองใหม่: {positions, k, feedback, answer, busy} while trying again

  const onKey = (e) => {
    if (!review || retry || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
    else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  // every state of the page has its heading (the review's title), the loading one too
  clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("h1", null, t("rev.title")), h("p", { role: "status" }, t("rev.loading")))));
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
          list.some((x) => FLAGGED.includes(x.label)) ? h("div", { class: "row" }, h("button", { type: "button", class: "primary", "data-retry": "start", onclick: startRetry }, t("retry.button"))) : null,
        ),
        // the summary is its own landmark: the link to the replay goes in it
        h("div", { class: "page" }, appendTo(summary, h("p", null, h("a", { class: "btn", href: `#/replay/${encodeURIComponent(id)}` }, t("rev.replay"))))),
      ),
    );
  }

  // ---------- ลองใหม่ ----------

  const progressKey = `${id}:${seat}`;
  const foundKeys = () => getPref("retry", {})[progressKey] || [];
  function remember(key) {
    const all = getPref("retry", {});
    const keys = all[progressKey] || [];
    if (!keys.includes(key)) all[progressKey] = [...keys, key];
    setPref("retry", all);
  }

  function startRetry() {
    api("GET", `${base}/retry?seat=${seat}`)
      .then((d) => {
        if (!alive) return;
        const found = foundKeys();
        const k = d.positions.findIndex((p) => !found.includes(p.key));
        retry = { positions: d.positions, k: Math.max(0, k), feedback: null, answer: null, busy: false };
        drawRetry();
      })
      .catch(fail);
  }

  function tryMove(text, show) {
    const p = retry.positions[retry.k];
    retry.busy = true;
    drawRetry();
    const body = show ? { seat, key: p.key, show: true } : { seat, key: p.key, try: text };
    api("POST", `${base}/retry`, body)
      .then((d) => {
        if (!alive || !retry) return;
        retry.busy = false;
        retry.feedback = d.verdict;
        if (d.answer) retry.answer = d.answer;
        if (d.verdict && d.verdict.ok) remember(p.key);
        drawRetry();
      })
      .catch((e) => {
        if (!retry) return;
        retry.busy = false;
        retry.feedback = { ok: false, message: { th: e.message || "", en: e.message || "" } };
        drawRetry();
      });
  }

  function nextRetry() {
    retry.k = (retry.k + 1) % retry.positions.length;
    retry.feedback = null;
    retry.answer = null;
    drawRetry();
  }

  function drawRetry() {
    const back = h("button", { type: "button", "data-retry": "back", onclick: () => { retry = null; draw(); } }, "← ", t("retry.back"));
    if (!retry.positions.length) {
      clear(root).appendChild(h("main", { id: "main" }, h("div", { class: "page" }, h("h1", null, t("retry.title")), h("p", null, t("retry.none")), back)));
      return;
    }
    const p = retry.positions[retry.k];
    // The seat's own view: the server never sends more, so "showHands" draws this seat's hand
    // face up and every other hand stays a face-down fan (a view has no cards for them).
    const v = parsePosition(p.view);
    const names = seatNames(record.players);
    const found = foundKeys();
    const fb = retry.feedback;
    const solved = found.includes(p.key);
    const status = h(
      "p",
      { class: "muted" },
      t("retry.of", { i: retry.k + 1, n: retry.positions.length, label: t("rev.label." + p.label), k: retry.positions.filter((x) => found.includes(x.key)).length }),
      solved ? h("span", { class: "done", "data-found": "yes", title: t("retry.found"), "aria-label": t("retry.found") }, " ✓") : null,
    );
    const moves = retry.answer
      ? null
      : h(
          "div",
          { class: "row lesson-moves", role: "group", "aria-label": t("retry.moves") },
          p.legal.map((text) => h("button", { type: "button", "data-move": text, disabled: retry.busy, onclick: () => tryMove(text, false) }, sayMoveButton(v, text))),
        );
    clear(root).appendChild(
      h(
        "div",
        { class: "tablepage lesson retry" },
        h("div", { class: "page", role: "region", "aria-label": t("retry.title") }, h("p", null, back), h("h1", null, t("retry.title")), status),
        h("main", { class: "felt seated", id: "main" }, record.game === "contract" ? h("p", { class: "status" }, contractLine(v)) : null, renderTable(v, { names, faces: seatSVGs(record.players), me: seat, showHands: true })),
        h(
          "div",
          { class: "dock", role: "region", "aria-label": t("tbl.you") },
          h("p", { class: "msg", role: "status" }, h("strong", null, retry.busy ? t("retry.judging") : t("retry.ask"))),
          fb ? h("p", { class: fb.ok ? "msg ok" : "msg error", role: "alert", "data-feedback": fb.ok ? "right" : "wrong" }, pick(fb.message)) : null,
          retry.answer ? h("p", { class: "msg", "data-answer": "yes" }, pick(retry.answer)) : null,
          moves,
          h(
            "div",
            { class: "row" },
            retry.answer ? null : h("button", { type: "button", "data-retry": "show", disabled: retry.busy, onclick: () => tryMove(null, true) }, t("retry.show")),
            retry.positions.length > 1 || retry.answer ? h("button", { type: "button", class: retry.answer ? "primary" : "", "data-retry": "next", onclick: nextRetry }, t("retry.next"), " →") : null,
          ),
        ),
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
