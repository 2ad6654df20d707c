// The player's hand (mixed into table.js's TableController): its order (sorted by suit or rank,
// or as the player arranged it), the selection, the keyboard, and the drags: a hand card onto a
// target or to a new place in the hand, a stock or row card down into the hand.

import { rankIndex, suitIndex } from "./cards.js";
import { draggable } from "./drag.js";
import { faceSVG } from "./felt.js";
import { setPref } from "./net.js";

export const handing = {
  syncHand() {
    const v = this.view;
    if (!v || v.seat === null || v.seat < 0) {
      this.order = [];
      return;
    }
    const ids = v.game === "contract" ? v.handIds : v.hand;
    this.faceOf = new Map();
    ids.forEach((id, i) => this.faceOf.set(id, v.hand[i]));
    const keep = this.order.filter((id) => this.faceOf.has(id));
    const fresh = ids.filter((id) => !keep.includes(id));
    this.order = keep.concat(fresh);
    if (this.sortMode !== "custom") this.sortHand(this.sortMode, false);
  },

  sortHand(mode, remember = true) {
    const face = (id) => this.faceOf.get(id);
    const rank = (id) => rankIndex(face(id));
    const suit = (id) => suitIndex(face(id));
    if (mode === "suit") this.order.sort((a, b) => suit(a) - suit(b) || rank(a) - rank(b) || (a < b ? -1 : 1));
    if (mode === "rank") this.order.sort((a, b) => rank(a) - rank(b) || suit(a) - suit(b) || (a < b ? -1 : 1));
    this.sortMode = mode;
    if (remember) setPref("sort", mode);
  },

  move(id, delta) {
    const i = this.order.indexOf(id);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= this.order.length) return;
    this.order.splice(i, 1);
    this.order.splice(j, 0, id);
    this.sortMode = "custom";
    this.focusKey = "hand:" + id;
    this.render();
  },

  selectedFaces() {
    return this.order.filter((id) => this.selected.has(id)).map((id) => this.faceOf.get(id));
  },

  key(e) {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA")) return;
    if (document.querySelector("dialog[open]")) return;
    const el = document.activeElement;
    const id = el && el.dataset ? el.dataset.card : null;
    if (id && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
      e.preventDefault();
      const d = e.key === "ArrowLeft" ? -1 : 1;
      if (e.altKey) this.move(id, d);
      else {
        const i = this.order.indexOf(id);
        const next = this.order[Math.max(0, Math.min(this.order.length - 1, i + d))];
        this.focusCard(next);
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.toLowerCase();
    const contract = this.view && this.view.game === "contract";
    const map = {
      d: () => this.kinds.draw && this.send("D"),
      x: () => this.doDiscard(),
      m: () => this.doMeld(),
      h: () => this.canHint() && this.hint(),
      escape: () => this.clearSel(),
    };
    if (!contract) map.k = () => this.doKnock();
    else {
      map.p = () => this.kinds.pickup && this.send("P");
      map.b = () => this.kinds.claim && this.send("C");
    }
    if (map[k] && this.myTurn) {
      e.preventDefault();
      map[k]();
    } else if (k === "escape") this.clearSel();
  },

  focusCard(id) {
    const el = this.root.querySelector(`[data-card="${cssEscape(id)}"]`);
    if (el) {
      this.root.querySelectorAll(".hand .card").forEach((b) => (b.tabIndex = -1));
      el.tabIndex = 0;
      el.focus();
    }
  },

  /** The stock and the lit row or pile cards can be dragged down into the hand: a draw, a collect, a pick-up. */
  tableDrags() {
    const hand = this.root.querySelector(".handzone");
    if (!hand || !this.myTurn || this.playPhase) return;
    const sources = [];
    const stock = this.root.querySelector("button[data-stock]");
    if (stock) sources.push([stock, () => this.send("D")]);
    for (const b of this.root.querySelectorAll(".rowcard.can button.card")) {
      if (b.dataset.row !== undefined) sources.push([b, () => this.tapRow(Number(b.dataset.row)), Number(b.dataset.row)]);
      else if (b.dataset.depth !== undefined) sources.push([b, () => this.tapPile(Number(b.dataset.depth))]);
    }
    if (!sources.length) return;
    hand.dataset.drop = "hand";
    for (const [el, act, row] of sources) {
      draggable(el, {
        ghost: () => {
          const c = document.createElement("span");
          c.innerHTML = el.querySelector("svg") ? el.querySelector("svg").outerHTML : "";
          return c;
        },
        start: () => {},
        drop: (target) => {
          if (target === "hand") act();
          else if (row !== undefined && target.startsWith("onto:")) this.collectOnto(row, Number(target.slice(5)));
        },
        place: () => {},
        cancel: () => {},
      });
    }
  },

  placeCard(id, e, before) {
    // released over the hand: the card goes before the card under the pointer (its left half)
    this.dragId = null;
    this.selected = before || new Set();
    const hand = this.root.querySelector(".hand");
    const r = hand ? hand.getBoundingClientRect() : null;
    if (r && e.clientY >= r.top - 40 && e.clientY <= r.bottom + 20) {
      let at = null;
      for (const o of hand.children) {
        if (o.dataset.id === id) continue;
        const b = o.getBoundingClientRect();
        if (e.clientX < b.left + b.width / 2) {
          at = o.dataset.id;
          break;
        }
      }
      const rest = this.order.filter((x) => x !== id);
      rest.splice(at === null ? rest.length : rest.indexOf(at), 0, id);
      this.order = rest;
      this.sortMode = "custom";
    }
    this.render({ animate: true });
  },

  dragHandlers(li, id) {
    let before = null;
    draggable(li, {
      ghost: () => {
        const ids = this.selected.has(id) ? this.order.filter((x) => this.selected.has(x)) : [id];
        const box = document.createElement("div");
        box.className = "ghost-stack";
        ids.forEach((x) => {
          const c = document.createElement("span");
          c.innerHTML = faceSVG(this.view.game, this.faceOf.get(x));
          box.appendChild(c);
        });
        return box;
      },
      start: () => {
        // dragging an unselected card drags that card alone; the targets for it light up
        before = new Set(this.selected);
        if (!this.selected.has(id)) {
          this.selected.clear();
          this.selected.add(id);
        }
        this.dragId = id;
        this.render();
      },
      drop: (target, e) => {
        this.dragId = null;
        if (target === "hand") this.placeCard(id, e, before);
        else if (target === "discard") this.doDiscard();
        else if (target === "newmeld") this.doMeld();
        else if (target.startsWith("meld:")) this.tapMeld(Number(target.slice(5)));
        else if (target.startsWith("row:")) this.tapRow(Number(target.slice(4)));
        else this.render();
      },
      place: (e) => this.placeCard(id, e, before),
      cancel: () => {
        this.dragId = null;
        this.selected = before || new Set();
        this.render();
      },
    });
  },
};

export function cssEscape(s) {
  return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["'\\]/g, "\\$&");
}
