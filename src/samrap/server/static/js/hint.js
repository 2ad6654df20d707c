// The hint in the dock (issues 23.7 and 27.4): one short line in the player's words, the figures
// behind a tap, and "กำลังคิด…" while the deeper look is worked out.
//
// Why two requests: the server answers `depth: "quick"` at once with its heuristic's move and
// reason, and queues the deeper look (simulated finishes) for a worker; `depth: "deep"` waits for
// that look. A person sees the quick line within a moment and the deeper one when a worker was
// free. A `busy` answer or a lost connection is never shown: the line keeps "กำลังคิด…" and asks
// again, while the position is still the one the hint is for (docs/protocol.md, "Hints in two
// messages").

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { imperative } from "./moves.js";
import { api } from "./net.js";

/** How often, and how long at most, a busy deeper look is asked again. */
const RETRY_MS = 1000;
const GIVE_UP_MS = 60_000;

/** Whole points with their sign: "+4", "-32", and "0" for anything that rounds to nothing (never "-0"). */
export function signed(x) {
  const n = Math.round(Number(x));
  if (!Number.isFinite(n) || n === 0) return "0";
  return n > 0 ? `+${n}` : String(n);
}

/** A reason that only says the move again ("Draw from the stock — draw from the stock") is left out. */
function sameWords(a, b) {
  const said = (x) => String(x || "").trim().toLowerCase().replace(/[.!]$/, "");
  return said(a) === said(b);
}

/**
 * One hint at a time for one seat. ``opts``: ``code`` (the table), ``token()`` (the seat's token
 * now), ``version()`` (the table version while this seat is to move, else null) and
 * ``onChange(best)`` (called with the hint to highlight, or null, whenever the line changes).
 */
export class HintLine {
  constructor(opts) {
    this.opts = opts;
    this.state = null; // {v, status: "asking" | "thinking" | "quick" | "deep" | "none", best, open}
    this.timer = null;
  }

  /** Ask for the hint of version ``v``: the quick line first, then the deeper one. */
  async ask(v) {
    if (this.state && this.state.v === v && this.state.status !== "none") return; // already on it
    this.stop();
    const state = { v, status: "asking", best: null, open: false, since: Date.now() };
    this.state = state;
    this.opts.onChange(null);
    const res = await this.post(state, "quick");
    if (this.state !== state || this.opts.version() !== v) return; // moved on meanwhile
    if (res) this.show(state, res);
    if (!res || res.depth !== "deep") {
      state.status = "thinking";
      this.opts.onChange(state.best);
      this.deep(state);
    }
  }

  /** The hint for the table's current position, or nothing (another position, or none asked). */
  current() {
    const v = this.opts.version();
    return this.state && v !== null && this.state.v === v ? this.state : null;
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.state = null;
  }

  async post(state, depth) {
    try {
      const res = await api("POST", `/api/tables/${encodeURIComponent(this.opts.code)}/hint`, { token: this.opts.token(), lang: lang(), depth });
      return res && Array.isArray(res.hints) && res.hints.length && (res.version === undefined || res.version === null || res.version === state.v) ? res : null;
    } catch (e) {
      state.error = e; // busy, offline, or the turn is over: the caller decides, nothing is shown
      return null;
    }
  }

  show(state, res) {
    state.best = res.hints[0];
    state.status = res.depth === "deep" ? "deep" : "quick";
    this.opts.onChange(state.best);
  }

  async deep(state) {
    state.error = null;
    const res = await this.post(state, "deep");
    if (this.state !== state || this.opts.version() !== state.v) return; // moved on: drop it quietly
    if (res) return this.show(state, res);
    const code = state.error && state.error.code;
    const retry = !code || code === "busy" || code === "unreachable" || code === "offline" || state.error.status >= 500;
    if (retry && Date.now() - state.since < GIVE_UP_MS) {
      this.timer = setTimeout(() => this.deep(state), RETRY_MS);
      return;
    }
    // not to be had (the turn passed, or too long): keep the quick line, or say there is none
    state.status = state.best ? "quick" : "none";
    this.opts.onChange(state.best);
  }

  /** The dock's line for the current position: null when there is no hint to show. */
  el(view) {
    const s = this.current();
    if (!s) return null;
    // one live region around whatever the line holds (a details element may carry no role)
    const line = (flat, ...children) => h("div", { class: `msg hintline${flat ? " flat" : ""}`, role: "status", "data-depth": s.status }, ...children);
    const thinking = s.status === "asking" || s.status === "thinking";
    const dots = () => (thinking ? h("span", { class: "thinking" }, t("hint.thinking")) : null);
    if (!s.best) return line(true, s.status === "none" ? t("hint.none") : dots());
    const best = s.best;
    // the move in words as the server's one formatter says it (players/words.py), in the asked
    // language; the web's own words only for a server that sends none
    const move = best.move || imperative(view, best.action);
    const why = best.why && !sameWords(best.why, move) ? best.why : "";
    const say = () => h("span", { class: "say" }, t("tbl.hintSay", { move }) + (why ? ` — ${why}` : ""));
    const figures = best.reason && !sameWords(best.reason, best.move) && !sameWords(best.reason, move) ? best.reason : "";
    if (!figures) return line(true, say(), dots());
    const box = h(
      "details",
      {
        open: s.open,
        ontoggle: (e) => {
          s.open = e.target.open;
        },
      },
      h("summary", { title: t("hint.details") }, say(), dots()),
      h("p", { class: "hintmore" }, figures),
    );
    return line(false, box);
  }
}
