// The dock under the felt (mixed into table.js's TableController): the line that says what to do
// (or the hint), the move buttons of the phase, the sort buttons and the hand's cards, fitted
// to the width in one row when they fit.

import { seatName } from "./board.js";
import { cardShort } from "./cards.js";
import { h } from "./dom.js";
import { faceName, faceSVG } from "./felt.js";
import { t } from "./i18n.js";
import { toMove } from "./view.js";

export const docking = {
  dock() {
    const v = this.view;
    const mine = this.myTurn;
    const k = this.kinds;
    const buttons = [];
    const btn = (key, label, fn, opts = {}) =>
      buttons.push(
        h("button", { type: "button", class: opts.primary ? "primary" : opts.danger ? "danger" : "", "data-act": key, "aria-keyshortcuts": opts.keys || null, disabled: !mine || this.sending || opts.off, onclick: fn }, label),
      );
    const sel = this.selectedFaces();
    if (mine) {
      const phase = v.phase;
      if (v.game === "dummy") {
        if (k.draw) btn("draw", t("act.draw"), () => this.send("D"), { primary: true, keys: "D" });
        if (this.playPhase) {
          btn("meld", t("act.meld"), () => this.doMeld(), { keys: "M" });
          if (phase === "play") btn("discard", t("act.discard"), () => this.doDiscard(), { primary: true, keys: "X" });
          btn("knock", t("act.knock"), () => this.doKnock(), { danger: true, keys: "K", off: !k.knock });
        }
      } else {
        // Contract's own word: the English "Draw (จั่ว)" is Dummy's button (issue 23.9)
        if (k.draw) btn("draw", t("act.drawC"), () => this.send("D"), { primary: true, keys: "D" });
        if (k.pickup && k.pickup.some((a) => a.depth === 0)) btn("take", t("act.take"), () => this.send("P"), { keys: "P" });
        if (k.claim) btn("claim", t("act.claim"), () => this.send("C"), { primary: true, keys: "B" });
        if (phase === "play") {
          if (!v.down[this.seat]) btn("godown", t("act.goDown"), () => this.doMeld(), { keys: "M" });
          else if (k.meld) btn("meld", t("act.meld"), () => this.doMeld(), { keys: "M" });
          btn("discard", t("act.discardC"), () => this.doDiscard(), { primary: true, keys: "X" });
        }
      }
      if (k.pass) btn("pass", t("act.pass"), () => this.send("-"));
      if (this.canHint()) btn("hint", t("act.hint"), () => this.hint(), { keys: "H" });
    }
    let line;
    const hintLine = mine && !this.note ? this.hints.el(v) : null;
    if (this.note) line = h("p", { class: "msg" + (this.note.error ? " error" : ""), role: this.note.error ? "alert" : "status" }, this.note.text);
    else if (hintLine) line = hintLine;
    else if (this.seat === null || this.seat < 0) line = h("p", { class: "msg", role: "status" }, t("table.spectating"));
    else if (mine) {
      const phaseKey = v.game === "contract" ? (v.phase === "claim" ? "phase.claim" : `phase.c.${v.phase}`) : `phase.${v.phase === "lastdraw" ? "last_draw" : v.phase === "lastplay" ? "last_play" : v.phase}`;
      const top = v.game === "contract" && v.pile.length ? cardShort(v.pile[v.pile.length - 1]) : "";
      const tg = this.targets();
      let extra = "";
      if (sel.length) {
        const can = [];
        if (tg.discard) can.push(t("tbl.canDiscard"));
        if (tg.melds.size) can.push(t("tbl.canLayOffTap"));
        if (tg.newMeld) can.push(t("tbl.canMeld"));
        extra = t("sel.some", { cards: sel.map(cardShort).join(" ") }) + (can.length ? ` · ${can.join(", ")}` : "");
      }
      line = h("p", { class: "msg", role: "status" }, extra || t(phaseKey, { card: top }));
    } else if (v.over && this.matchOver) {
      const m = this.matchOver;
      line = h("p", { class: "msg", role: "status" }, h("strong", null, t("over.matchTitle")), " · ", t("over.winner", { names: m.winners.map((q) => seatName(this.names, q)).join(", ") }));
      buttons.push(
        this.isHost ? h("button", { type: "button", class: "primary", "data-act": "rematch", onclick: () => this.rematch() }, t("over.rematch")) : null,
        !this.isHost && this.token ? h("button", { type: "button", "data-act": "leave", onclick: () => this.leaveSeat() }, t("rematch.leave")) : null,
        m.record ? h("a", { class: "btn", href: `#/replay/${encodeURIComponent(m.record)}` }, t("over.replay")) : null,
        m.record && this.seat !== null && this.seat >= 0 ? h("a", { class: "btn", "data-act": "review", href: `#/review/${encodeURIComponent(m.record)}?seat=${this.seat}` }, t("rev.button")) : null,
        h("a", { class: "btn", href: "#/" }, t("over.home")),
      );
    } else line = h("p", { class: "msg", role: "status" }, v.over ? (v.game === "contract" ? t("tbl.waitDeal") : t("over.waiting")) : t("table.waitingFor", { name: seatName(this.names, toMove(v)) }));
    const hand = this.seat !== null && this.seat >= 0 ? this.handEl() : null;
    return h(
      "div",
      { class: "dock", role: "region", "aria-label": t("tbl.you") },
      h("div", { class: line === hintLine ? "msgline hinting" : "msgline" }, line, hand ? this.sortButtons() : null),
      buttons.some(Boolean) ? h("div", { class: "actions", role: "toolbar", "aria-label": t("tbl.moves") }, buttons) : null,
      hand,
    );
  },

  sortButtons() {
    const sorter = (mode, label) =>
      h(
        "button",
        {
          type: "button",
          "aria-pressed": this.sortMode === mode ? "true" : "false",
          "data-sort": mode,
          onclick: () => {
            this.sortHand(mode);
            this.render({ animate: true });
          },
        },
        label,
      );
    return h(
      "div",
      { class: "sorts", role: "group", "aria-label": t("set.sortBy") },
      sorter("suit", t("sort.suit")),
      sorter("rank", t("sort.rank")),
      this.selected.size ? h("button", { type: "button", "aria-label": t("act.clear"), title: t("act.clear"), onclick: () => this.clearSel() }, "×") : null,
    );
  },

  handEl() {
    const list = h("ul", { class: "hand", "aria-label": t("a11y.hand", { n: this.order.length }) });
    const first = this.order.find((id) => this.selected.has(id)) || this.order[0];
    const game = this.view.game;
    this.order.forEach((id) => {
      const face = this.faceOf.get(id);
      const sel = this.selected.has(id);
      const fresh = this.fresh.has(id);
      const button = h("button", {
        type: "button",
        class: "card" + (fresh ? " fresh" : ""),
        "aria-pressed": sel ? "true" : "false",
        "aria-label": faceName(game, face) + (fresh ? `, ${t("tbl.new")}` : ""),
        "aria-describedby": "handhelp",
        tabindex: id === first ? 0 : -1,
        dataset: { card: id, face },
        html: faceSVG(game, face),
        onclick: () => {
          if (sel) this.selected.delete(id);
          else this.selected.add(id);
          this.note = null;
          this.hintAction = null;
          this.focusKey = "hand:" + id;
          this.render();
        },
      });
      const li = h("li", { dataset: { id, k: id }, class: this.dragId === id ? "lifted" : null }, button);
      this.dragHandlers(li, id);
      list.appendChild(li);
    });
    // The step from the last measured width, so the new list's very first layout already has its
    // cards in one row (a script or a slow frame never sees the default step wrap them); the
    // observer then corrects it if the width changed.
    if (this.handFit) list.style.setProperty("--step", handStep(this.order.length, this.handFit.width, this.handFit.cw) + "px");
    if (this.handRO) this.handRO.disconnect();
    if (window.ResizeObserver) {
      this.handRO = new ResizeObserver(() => {
        this.handFit = fitHand(list) || this.handFit;
      });
      this.handRO.observe(list);
    }
    return h(
      "section",
      { "aria-labelledby": "handh", class: "handzone" },
      h("h2", { id: "handh", class: "sr-only" }, t("table.hand"), ` (${this.order.length})`),
      h("p", { id: "handhelp", class: "sr-only" }, t("tbl.dragHint"), " ", t(game === "contract" ? "tbl.keysContract" : "tbl.keysDummy")),
      list,
    );
  },
};

function handStep(n, width, cw) {
  // One row when the cards fit with at least 24 px of each showing (12 cards fit at 360 px),
  // otherwise as few rows as needed. Each card's button is one step wide (see table.css).
  const minStep = 24;
  const perRow = Math.max(1, Math.floor((width - cw) / minStep) + 1);
  const rows = Math.ceil(n / perRow);
  const inRow = Math.ceil(n / rows);
  const step = inRow > 1 ? Math.floor((width - cw) / (inRow - 1)) : cw + 6;
  return Math.max(minStep, Math.min(cw + 6, step));
}

/** Measures the hand list and sets its step; returns the measures for the next list to start from. */
export function fitHand(list) {
  const n = list.children.length;
  if (!n) return null;
  const img = list.querySelector(".cd");
  const cw = img ? img.getBoundingClientRect().width : 56;
  const width = list.getBoundingClientRect().width - 1;
  list.style.setProperty("--step", handStep(n, width, cw) + "px");
  return { width, cw };
}
