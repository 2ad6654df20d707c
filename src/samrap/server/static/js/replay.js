// The replay viewer: step through a finished match with every hand shown, download its record,
// and check each game's shuffle commitment (sha256 of the deck text + "\n" + salt) in the browser.

import { animate, snapshot } from "./anim.js";
import { contractLine, seatName } from "./board.js";
import { needCss } from "./css.js";
import { clear, h } from "./dom.js";
import { seatLevels, seatNames, seatSVGs } from "./faces.js";
import { renderTable, tableTitle } from "./felt.js";
import { t } from "./i18n.js";
import { ledgerTable, matchTable } from "./ledger.js";
import { describeMove, shortMove } from "./moves.js";
import { api, getPref } from "./net.js";
import { parsePosition } from "./view.js";

export function replayPage(root, id) {
  let record = null;
  let states = null;
  let gi = 0;
  let step = 0;
  let verdicts = {};
  let alive = true;

  const onKey = (e) => {
    if (!states || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") go(step + 1);
    else if (e.key === "ArrowLeft") go(step - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(1e9);
    else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  clear(root).appendChild(h("div", { class: "page" }, h("p", null, "…")));
  Promise.all([api("GET", `/api/games/${encodeURIComponent(id)}/record`), api("GET", `/api/games/${encodeURIComponent(id)}/replay`), needCss("table")])
    .then(([rec, rep]) => {
      record = rec;
      states = rep.games.map((g) => g.states);
      if (alive) render();
    })
    .catch((e) => {
      clear(root).appendChild(h("div", { class: "page" }, h("p", { role: "alert" }, `${t("replay.notFound")} ${e.message || ""}`), h("a", { class: "btn", href: "#/" }, t("nav.home"))));
    });

  function go(s) {
    const n = states[gi].length - 1;
    const next = Math.max(0, Math.min(n, s));
    const forward = next === step + 1;
    step = next;
    render("step", forward);
  }

  function download() {
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `samrap-${id}.json` });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async function verify() {
    const g = record.games[gi];
    const c = g.commitment;
    if (!c) {
      verdicts[gi] = { ok: null };
    } else {
      const digest = await sha256Hex(`${g.deck.join(" ")}\n${c.salt}`);
      const seen = getPref(`commit.${id}.${gi}`, null);
      verdicts[gi] = { ok: digest === c.sha256.toLowerCase() && (!seen || seen === c.sha256), digest, seen };
    }
    render();
  }

  function render(focus, forward = false) {
    const g = record.games[gi];
    const list = states[gi];
    const v = parsePosition(list[step]);
    // a bot is its level's person (faces.js), named and drawn as at the table
    const names = seatNames(record.players);
    const levels = seatLevels(record.players).map((l) => (l ? t("level." + l) : null));
    const actions = g.actions;
    const act = step > 0 ? actions[step - 1] : null;
    const verdict = verdicts[gi];
    const contract = record.game === "contract";
    const range = h("input", { type: "range", min: 0, max: list.length - 1, value: step, "aria-label": t("replay.step", { i: step, n: list.length - 1 }), oninput: (e) => go(Number(e.target.value)) });
    const before = forward ? snapshot(root) : null;
    const lastMoves = act ? { [act.seat]: shortMove(record.game, act.action) } : {};
    const page = h(
      "div",
      { class: "tablepage replay" },
      h(
        "section",
        { class: "page replay-head", "aria-label": t("replay.title") },
        h("h1", null, `${t("replay.title")} · ${tableTitle(record.game, record.config, record.players.length)}`),
        h("p", { class: "muted" }, record.date),
        // honest records (issue 12.7): seats a stand-in bot played for after their person left
        record.metadata && record.metadata.stand_ins && record.metadata.stand_ins.length
          ? h("p", { class: "standins", "data-standins": record.metadata.stand_ins.join(",") }, t("replay.standIns", { names: record.metadata.stand_ins.map((q) => record.players[q]).join(", ") }))
          : null,
        record.games.length > 1
          ? h(
              "div",
              { class: "row", role: "group", "aria-label": contract ? t("tbl.dealCol") : t("replay.games") },
              record.games.map((_, k) =>
                h("button", { type: "button", "aria-pressed": k === gi ? "true" : "false", onclick: () => { gi = k; step = 0; render(); } }, contract ? t("tbl.dealN", { n: k + 1 }) : `${t("replay.games")} ${k + 1}`),
              ),
            )
          : null,
      ),
      h(
        "main",
        { class: "felt seated", id: "main" },
        contract ? h("p", { class: "status" }, contractLine(v)) : null,
        renderTable(v, { names, levels, faces: seatSVGs(record.players), me: 0, showHands: true, lastMoves, bots: record.players.map((n) => /^bot:/.test(n)) }),
        h("p", { class: "sr-only" }, t("replay.allHands")),
      ),
      h(
        "div",
        { class: "dock replay-dock", role: "region", "aria-label": t("replay.controls") },
        h("p", { role: "status", "aria-live": "polite", class: "replay-step msg" }, t("replay.step", { i: step, n: list.length - 1 }), act ? ` · ${describeMove(record.game, act.action, seatName(names, act.seat))}` : ""),
        h(
          "div",
          { class: "replay-controls" },
          h("button", { type: "button", "data-step": "first", onclick: () => go(0) }, t("replay.first")),
          h("button", { type: "button", "data-step": "prev", onclick: () => go(step - 1) }, "← ", t("replay.prev")),
          h("button", { type: "button", "data-step": "next", class: "primary", onclick: () => go(step + 1) }, t("replay.next"), " →"),
          h("button", { type: "button", "data-step": "last", onclick: () => go(1e9) }, t("replay.last")),
          range,
        ),
      ),
      h(
        "section",
        { class: "page replay-foot", "aria-label": t("replay.record") },
        step === list.length - 1
          ? h("section", { class: "card-box" }, h("h2", null, t("over.ledger")), h("div", { class: "scroll-x" }, ledgerTable(record.game, g.ledger, g.scores, names)), h("h2", null, t("over.match")), h("div", { class: "scroll-x" }, matchTable(record.games.slice(0, gi + 1), names, names.length, record.game)))
          : null,
        h(
          "section",
          { class: "card-box" },
          h("div", { class: "row" }, h("button", { type: "button", id: "download", onclick: download }, t("replay.download")), h("button", { type: "button", id: "verify", onclick: verify }, t("replay.verify")), record.players.map((n, q) => h("a", { class: "btn", "data-review": String(q), href: `#/review/${encodeURIComponent(id)}?seat=${q}` }, `${t("rev.button")}: ${names[q]}`))),
          verdict
            ? h(
                "p",
                { role: "status", class: "verdict", "data-ok": String(verdict.ok), style: { fontWeight: 700, color: verdict.ok ? "var(--ok)" : verdict.ok === false ? "var(--danger)" : "inherit" } },
                verdict.ok ? t("replay.verifyOk") : verdict.ok === false ? t("replay.verifyBad") : t("replay.verifyNone"),
              )
            : null,
          g.commitment ? h("p", null, `${t("replay.commitment")}: `, h("code", null, g.commitment.sha256)) : null,
          g.commitment ? h("p", null, `${t("replay.salt")}: `, h("code", null, g.commitment.salt)) : null,
        ),
      ),
    );
    clear(root).appendChild(page);
    if (before) animate(before, root, { mover: act ? act.seat : -1, me: -2 });
    if (focus === "step") {
      const b = root.querySelector('[data-step="next"]');
      if (b) b.focus({ preventScroll: true });
    }
  }

  return () => {
    alive = false;
    document.removeEventListener("keydown", onKey);
  };
}

// ---------- SHA-256 (Web Crypto when the page is a secure context, else this small fallback) ----------

export async function sha256Hex(text) {
  const bytes = new TextEncoder().encode(text);
  if (window.crypto && crypto.subtle) {
    const buf = await crypto.subtle.digest("SHA-256", bytes);
    return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
  }
  return sha256Fallback(bytes);
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

export function sha256Fallback(bytes) {
  const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const len = bytes.length;
  const total = Math.ceil((len + 9) / 64) * 64;
  const m = new Uint8Array(total);
  m.set(bytes);
  m[len] = 0x80;
  const dv = new DataView(m.buffer);
  dv.setUint32(total - 8, Math.floor((len * 8) / 2 ** 32));
  dv.setUint32(total - 4, (len * 8) >>> 0);
  const w = new Uint32Array(64);
  const rot = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = dv.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = H;
    for (let i = 0; i < 64; i++) {
      const S1 = rot(e, 6) ^ rot(e, 11) ^ rot(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i] + w[i]) >>> 0;
      const S0 = rot(a, 2) ^ rot(a, 13) ^ rot(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    H[0] += a; H[1] += b; H[2] += c; H[3] += d; H[4] += e; H[5] += f; H[6] += g; H[7] += hh;
  }
  return [...H].map((x) => x.toString(16).padStart(8, "0")).join("");
}

