// The big moments of a game, felt: a banner over the table and a short sound for a knock (น็อค,
// น็อคมืด, น็อคสี, น็อคสเปโต), ตกตึก, โง่, collecting หัว or a สเปโต, ปี้หัว, and in Contract Rummy
// for going down (ลงตามสัญญา), going out (หมดมือ) and a buy (ซื้อ).
//
// Nothing new comes from the server for this: every moment is read from what the table already
// receives, the public events (an ``act`` names the move, ``game_over`` carries the ledger with
// the knock's kind, ตกตึก and โง่) and the change between two views (the row cards that left the
// row, the ledger items accrued in play such as ปี้หัว). ``findMoments`` is a pure function of
// those, so a test can check it without a table; ``showMoments`` draws and sounds them.
//
// The sounds are made by WebAudio in code (a few oscillator notes: nothing to download); the
// audio context is made at the first sound, after the player has touched the page. Sound is on
// by default and the bell in the table's bar mutes it (remembered, sound.js).

import { seatName } from "./board.js";
import { cardShort } from "./cards.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { playSound, soundOn } from "./sound.js";

const SPETOS = new Set(["2c", "Qs"]);

// The order in which moments of one batch are told: the first is the banner's headline.
const RANK = ["out", "dark", "speto", "colour", "knock", "fall", "ngo", "headPenalty", "head", "spetoCollect", "godown", "buy"];

/**
 * The moments between two views: a list of {kind, seat, seats, card} in the order of RANK.
 *   prev    the previous parsed view (null at the start)   view    the new parsed view
 *   events  the public events that came with the new view  sameGame  false when a new game began
 */
export function findMoments(prev, view, events, sameGame = true) {
  const out = [];
  const game = view ? view.game : prev ? prev.game : "dummy";
  let knocker = -1;
  let collector = -1;
  for (const e of events || []) {
    if (e.kind === "act" && typeof e.action === "string") {
      const head = e.action.trim().split(/\s+/)[0].toUpperCase();
      if (game === "dummy") {
        if (head === "K") knocker = e.seat;
        else if (head[0] === "C") collector = e.seat;
      } else if (head === "G") out.push({ kind: "godown", seat: e.seat });
      else if (head === "C") out.push({ kind: "buy", seat: e.seat });
    } else if (e.kind === "game_over") {
      const ledger = e.ledger || [];
      if (game === "contract") {
        for (const i of ledger) if (i.item === "out") out.push({ kind: "out", seat: i.seat });
        continue;
      }
      const has = (code) => ledger.filter((i) => i.item === code);
      const kq = knocker >= 0 ? knocker : (has("knock_card")[0] || { seat: -1 }).seat;
      if (kq >= 0) {
        const mine = (code) => has(code).some((i) => i.seat === kq);
        // a knock may be dark and colour and speto at once: each is told, the rarest first
        let told = false;
        for (const [code, kind] of [["dark_knock", "dark"], ["speto_knock", "speto"], ["colour_knock", "colour"]]) {
          if (mine(code)) {
            out.push({ kind, seat: kq });
            told = true;
          }
        }
        if (!told) out.push({ kind: "knock", seat: kq });
      }
      const fell = has("fall").map((i) => i.seat);
      if (fell.length) out.push({ kind: "fall", seat: fell[0], seats: fell });
      for (const i of has("ngo")) out.push({ kind: "ngo", seat: i.seat });
    }
  }
  if (game === "dummy" && prev && view && sameGame && prev.game === "dummy") {
    // the row cards that left the row were collected (a row only grows by discards)
    const now = new Set(view.row.map((r) => r.card));
    const gone = prev.row.filter((r) => !now.has(r.card));
    if (gone.length && collector >= 0) {
      const head = gone.find((r) => r.by < 0 && r.card === prev.head);
      if (head) out.push({ kind: "head", seat: collector, card: head.card });
      const speto = gone.find((r) => SPETOS.has(r.card) && r !== head);
      if (speto) out.push({ kind: "spetoCollect", seat: collector, card: speto.card });
    }
    // ledger items accrued in play (modern rules): ปี้หัว, the feeder of the head pays
    const key = (i) => `${i.seat}:${i.item}:${i.points}:${i.detail}`;
    const before = new Set((prev.items || []).map(key));
    for (const i of view.items || []) if (i.item === "head_penalty" && !before.has(key(i))) out.push({ kind: "headPenalty", seat: i.seat, points: i.points });
  }
  return out.sort((a, b) => RANK.indexOf(a.kind) - RANK.indexOf(b.kind));
}

/** A moment's words: {title, line} in the page's language (the Thai game word in both). */
export function momentText(m, names, me) {
  const who = (q) => (q === me ? t("tbl.you") : seatName(names, q));
  const name = m.seats ? m.seats.map(who).join(", ") : who(m.seat);
  const card = m.card ? cardShort(m.card) : "";
  return {
    title: t(`mo.${m.kind}`),
    line: t(`mo.${m.kind}.line`, { name, card, n: m.points !== undefined ? Math.abs(m.points) : "" }),
  };
}

// ---------- sounds: a few notes each, made in code ----------

// [frequency Hz, start s, length s, wave, peak gain]; a frequency pair glides from one to the other
const TUNES = {
  knock: null, // the knock is the self-hosted knock.wav (sound.js)
  dark: [[330, 0.12, 0.12, "triangle", 0.2], [262, 0.24, 0.3, "triangle", 0.2]],
  colour: [[523, 0.12, 0.1, "triangle", 0.18], [659, 0.22, 0.1, "triangle", 0.18], [784, 0.32, 0.22, "triangle", 0.18]],
  speto: [[659, 0.12, 0.1, "square", 0.08], [880, 0.22, 0.1, "square", 0.08], [1175, 0.32, 0.3, "triangle", 0.16]],
  fall: [[[520, 130], 0, 0.6, "sawtooth", 0.07]],
  ngo: [[[392, 330], 0, 0.22, "triangle", 0.18], [[330, 262], 0.26, 0.34, "triangle", 0.18]],
  head: [[784, 0, 0.1, "triangle", 0.18], [1047, 0.1, 0.22, "triangle", 0.18]],
  spetoCollect: [[880, 0, 0.08, "triangle", 0.16], [1175, 0.08, 0.08, "triangle", 0.16], [1568, 0.16, 0.2, "triangle", 0.14]],
  headPenalty: [[[220, 160], 0, 0.32, "square", 0.06]],
  godown: [[392, 0, 0.1, "triangle", 0.18], [494, 0.1, 0.1, "triangle", 0.18], [587, 0.2, 0.24, "triangle", 0.18]],
  out: [[523, 0, 0.1, "triangle", 0.18], [659, 0.1, 0.1, "triangle", 0.18], [784, 0.2, 0.1, "triangle", 0.18], [1047, 0.3, 0.36, "triangle", 0.2]],
  buy: [[988, 0, 0.06, "square", 0.06], [1319, 0.06, 0.16, "triangle", 0.14]],
};

let audio = null;

/** The notes of a moment through WebAudio (nothing happens with sound off or no WebAudio). */
export function playMomentSound(kind) {
  if (!soundOn()) return false;
  if (kind === "knock" || kind === "dark" || kind === "colour" || kind === "speto") playSound("knock");
  const notes = TUNES[kind];
  const AC = typeof window !== "undefined" ? window.AudioContext || window.webkitAudioContext : null;
  if (!notes || !AC) return !!notes;
  try {
    audio ||= new AC();
    if (audio.state === "suspended" && audio.resume) audio.resume().catch(() => {});
    const t0 = audio.currentTime + 0.02;
    for (const [f, at, len, wave, peak] of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      const [f1, f2] = Array.isArray(f) ? f : [f, f];
      osc.frequency.setValueAtTime(f1, t0 + at);
      if (f2 !== f1) osc.frequency.exponentialRampToValueAtTime(f2, t0 + at + len);
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(peak, t0 + at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
  } catch {
    /* a browser without audio output: the banner is enough */
  }
  return true;
}

// ---------- the banner ----------

/** How long a banner shows (ms); the browser tests hold it longer, a busy machine being slow. */
export const timing = { ms: 2200 };
let queue = [];
let current = null;

/** Show the moments of one batch as one banner (the headline and a line per moment), with the
 *  headline's sound, for ``ms`` milliseconds. Banners of later batches wait their turn. */
export function showMoments(moments, names, me, ms = timing.ms) {
  if (!moments || !moments.length) return;
  queue.push({ moments, names, me, ms });
  if (!current) next();
}

/** Where a banner goes: into an open dialog (the scores of the game the knock ended), which is
 *  drawn over the page and leaves the rest of it inert, else the page. */
function host() {
  return document.querySelector("dialog[open]") || document.body;
}

/** A dialog just opened (the end of a game): the banner showing now moves into it, so it stays
 *  in sight over the scores instead of under the dialog. */
export function liftMoments() {
  const to = host();
  if (current && current.parentNode !== to) to.appendChild(current);
}

function next() {
  const item = queue.shift();
  if (!item) {
    current = null;
    return;
  }
  const { moments, names, me, ms } = item;
  const texts = moments.map((m) => momentText(m, names, me));
  const lead = moments[0];
  const el = h(
    "div",
    { class: `moment mo-${lead.kind}` + (lead.seat === me ? " mine" : ""), role: "status", "aria-live": "assertive", dataset: { moment: lead.kind }, lang: lang() },
    h("p", { class: "mo-title" }, texts[0].title),
    h("ul", { class: "mo-lines" }, texts.map((x, i) => h("li", { dataset: { kind: moments[i].kind } }, x.line))),
  );
  current = el;
  host().appendChild(el);
  playMomentSound(lead.kind);
  const done = () => {
    if (current !== el) return;
    el.remove();
    next();
  };
  el.addEventListener("click", done);
  setTimeout(done, ms);
}

/** Drop every banner (leaving the table). */
export function clearMoments() {
  queue = [];
  if (current) current.remove();
  current = null;
}
