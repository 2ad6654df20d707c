// Drawing the live table (mixed into table.js's TableController): the page at each change, kept
// focus and scroll, the felt through felt.js with the targets the selection lights up, the
// status bar (turn, timer, dealer, rules link, move log, sound).

import { animate, snapshot } from "./anim.js";
import { contractLine, handsZone, seatName } from "./board.js";
import { cardName } from "./cards.js";
import { rulesHref } from "./content.js";
import { clear, h } from "./dom.js";
import { seatSVGs } from "./faces.js";
import { renderTable, tableTitle } from "./felt.js";
import { t } from "./i18n.js";
import { setPref } from "./net.js";
import { playSound, setSound, soundOn } from "./sound.js";
import { fitHand } from "./tabledock.js";
import { cssEscape } from "./tablehand.js";
import { toMove } from "./view.js";

export const drawing = {
  renderShell() {
    clear(this.root);
    this.root.appendChild(h("div", { class: "tablepage" }, h("p", { class: "page" }, t("table.connecting"))));
  },

  renderStatusLine() {
    const el = this.root.querySelector(".conn");
    if (el) el.textContent = this.status === "open" ? "" : this.status === "closed" ? t("table.reconnecting") : t("table.connecting");
  },

  updateTimer() {
    const el = this.root.querySelector(".timer");
    if (!el || !this.msg || !this.msg.deadline) return;
    const left = Math.max(0, this.msg.deadline - Date.now() / 1000);
    const s = Math.round(left);
    el.textContent = t("table.timer", { s });
    el.classList.toggle("low", s <= 10);
    // the countdown ring around the avatar of the player whose turn it is: the share of the
    // turn's time still left (the text above says the seconds, for a screen reader too)
    const total = (this.info && this.info.settings && this.info.settings.turn_timer) || 0;
    const av = this.root.querySelector(".pod.turn .avatar");
    if (!av || !total) return;
    av.classList.add("timed");
    av.classList.toggle("low", s <= 10);
    av.style.setProperty("--left", String(Math.min(1, left / total)));
  },

  render(opts = {}) {
    if (!this.info) return;
    // A table in play is drawn at its first view: no lobby drawn and thrown away before it (the
    // lobby stays for a table not started, or when the socket refused this browser).
    if (!this.view && this.info.status !== "lobby" && !this.note) return;
    const active = document.activeElement;
    if (!this.focusKey && active && this.root.contains(active)) this.focusKey = focusKeyOf(active);
    const before = opts.animate ? snapshot(this.root) : null;
    const logScroll = this.root.querySelector(".movelog ol");
    const oldFelt = this.root.querySelector(".felt.seated");
    const feltScroll = oldFelt ? oldFelt.scrollTop : 0;
    const centreScroll = centreAt(this.root.querySelector(".ring > .centre"));
    // in play the page is the screen's height: the felt scrolls inside it, above the dock, so
    // the hand never covers a seat or a meld (table.css)
    const page = h("div", { class: "tablepage" + (this.view ? " live" : "") });
    // the class that makes the app the screen's height (a class, not a :has() rule, which the
    // browser would re-check on every change of the page)
    document.documentElement.classList.toggle("at-table", !!this.view);
    document.title = `${t("lobby.title", { code: this.code })} · ${tableTitle(this.info.game, this.info.config, null)} · ${t("app.title")}`;
    if (!this.view) page.appendChild(this.lobby());
    else page.append(...this.board());
    clear(this.root).appendChild(page);
    const log = this.root.querySelector(".movelog ol");
    if (log && logScroll) log.scrollTop = log.scrollHeight;
    if (feltScroll) {
      const felt = this.root.querySelector(".felt.seated");
      if (felt) felt.scrollTop = feltScroll;
    }
    keepCentre(this.root.querySelector(".ring > .centre"), centreScroll);
    this.renderStatusLine();
    this.updateTimer();
    if (this.chat) this.chat.attach();
    // the hand's overlap is set by its ResizeObserver (after layout, before paint: no layout
    // forced here); without one, here
    const hand = this.root.querySelector(".hand");
    if (hand && !window.ResizeObserver) fitHand(hand);
    this.tableDrags();
    if (before) animate(before, this.root, { mover: this.mover, me: this.seat, stockDrop: this.stockDrop });
    this.mover = -1;
    this.stockDrop = false;
    if (this.focusKey) {
      const el = this.root.querySelector(focusSelector(this.focusKey));
      if (el) el.focus({ preventScroll: true });
      this.focusKey = null;
    }
  },

  /** What the current selection can do now: the targets to light up (and to drop on). */
  targets() {
    const v = this.view;
    const mine = this.myTurn && !this.sending;
    const out = { discard: false, melds: new Set(), newMeld: false, rows: null };
    if (!mine) return out;
    const sel = this.selectedFaces();
    if (this.playPhase) {
      if (sel.length === 1) {
        out.discard = (this.kinds.discard || []).some((a) => a.card === sel[0]);
        for (const a of [...(this.kinds.layoff || []), ...(this.kinds.exchange || [])]) {
          if (a.card === sel[0] || (sel[0] === "*" && a.card[0] === "*")) out.melds.add(a.target);
        }
      }
      out.newMeld = this.meldOptions(sel).length > 0;
    } else if (v.game === "dummy" && (v.phase === "draw" || v.phase === "lastdraw")) {
      const coll = this.kinds.collect || [];
      out.rows = new Set((sel.length ? this.collectsWith(sel) : coll).map((a) => a.index));
    } else if (v.game === "contract" && v.phase === "draw") {
      out.rows = new Set((this.kinds.pickup || []).map((a) => a.depth));
    }
    return out;
  },

  lastMoveTexts() {
    const out = {};
    for (const [q, list] of Object.entries(this.turnMoves)) if (Number(q) !== this.seat && list.length) out[q] = list.join(" · ");
    return out;
  },

  board() {
    const v = this.view;
    const names = this.names;
    const mine = this.myTurn && !this.sending;
    const mover = toMove(v);
    const bots = this.info.seats.map((s) => s.kind === "bot" || s.standin);
    const levels = this.info.seats.map((s) => (s.kind === "bot" && s.level ? t("level." + s.level) : s.standin ? t("tbl.standin") : null));
    const offline = this.info.seats.map((s) => s.kind === "human" && !s.connected);
    const tg = this.targets();
    const canTapMelds = mine && this.playPhase;
    const drawing = mine && !this.playPhase && v.phase !== "claim";
    // the cards the other players discarded in their last turn stay marked in the row
    const marked = new Set();
    if (v.game === "dummy") {
      v.row.forEach((r, i) => {
        if (r.by >= 0 && r.by !== this.seat && this.lastDiscard[r.by] === r.card) marked.add(i);
      });
    }
    const sel = this.selectedFaces();
    const table = renderTable(v, {
      names,
      faces: seatSVGs(this.info.seats),
      bots,
      levels,
      offline,
      lastMoves: this.lastMoveTexts(),
      stock: this.kinds.draw && mine ? { onTap: () => this.send("D") } : {},
      row: {
        can: (i) => !!(tg.rows && tg.rows.has(i)),
        onTap: drawing ? (i) => (v.game === "dummy" ? this.tapRow(i) : this.tapPile(i)) : null,
        marked,
        // hand cards dragged onto a lit row card collect it with them, as a tap on it does
        dropRows: drawing && v.game === "dummy" && sel.length > 0,
        discard: { lit: tg.discard, onTap: () => this.doDiscard(), label: sel.length === 1 ? t("tbl.discardCard", { card: cardName(sel[0]) }) : "" },
      },
      melds: canTapMelds
        ? { isTarget: (i) => tg.melds.has(i), onTap: (i) => this.tapMeld(i) }
        : drawing && v.game === "dummy"
          ? { onto: (i) => (this.kinds.collect || []).some((a) => a.onto === i) } // a row card dragged here collects onto it
          : {},
      newMeld: { lit: tg.newMeld, onTap: () => this.doMeld(), label: t("tbl.meldCards", { cards: sel.map(cardName).join(", ") }), text: v.game === "contract" && !v.down[this.seat] ? t("act.goDown") : t("act.meld") },
    });
    const felt = h(
      "main",
      { class: "felt seated", id: "main", dataset: { game: v.game } },
      this.statusBar(v, mover),
      h("h1", { class: "sr-only" }, tableTitle(v.game, v.config, v.players)),
      table,
      v.over && v.hands.every((hd) => hd.cards) ? handsZone(v, names) : null,
    );
    return [felt, this.dock()];
  },

  /** Who dealt: Dummy's game 1 has a drawn dealer (rule 6; later games the knocker starts, rule 7),
   *  Contract's every deal has one (the view's dealer). Null when there is nothing to say. */
  dealerNote(v) {
    let dealer = null;
    if (v.game === "contract" && Number.isInteger(v.dealer)) dealer = v.dealer;
    else if (v.game === "dummy" && !(this.msg.game || 0) && Number.isInteger(v.starter)) {
      const n = v.players || 2;
      dealer = (((v.starter - v.direction) % n) + n) % n;
    }
    if (dealer === null) return null;
    return h("span", { class: "dealer" }, t("tbl.dealer", { name: dealer === this.seat ? t("tbl.you") : seatName(this.names, dealer) }));
  },

  statusBar(v, mover) {
    const turnText = v.over ? (v.game === "contract" ? t("tbl.dealOver") : t("phase.over")) : mover === this.seat ? t("table.yourTurn") : t("table.turn", { name: seatName(this.names, mover) });
    const snd = soundOn();
    return h(
      "div",
      { class: "status" },
      h("span", { class: "turn" + (mover === this.seat && !v.over ? " mine" : ""), "aria-live": "polite" }, turnText),
      h("span", { class: "timer", "aria-live": "off" }),
      v.game === "dummy"
        ? h("span", null, t("table.game", { n: (this.msg.game || 0) + 1 }), " · ", v.direction > 0 ? t("table.direction.cw") : t("table.direction.ccw"))
        : contractLine(v),
      this.dealerNote(v),
      h("span", { class: "tabletitle" }, tableTitle(v.game, v.config, null)),
      h("span", { class: "conn", role: "status" }),
      h(
        "span",
        { class: "tools" },
        // The rules being played, in one tap (issue 14.4): a new tab, so the table keeps its socket.
        h("a", { class: "tool rules", href: rulesHref(v.config), target: "_blank", rel: "noopener", title: t("tbl.rulesLink"), "aria-label": t("tbl.rulesLink") }, t("nav.rules")),
        this.moveLog(),
        h(
          "button",
          {
            type: "button",
            class: "tool",
            id: "sound",
            "aria-pressed": snd ? "true" : "false",
            "aria-label": t("tbl.sound"),
            title: t("tbl.sound"),
            onclick: () => {
              setSound(!snd);
              if (!snd) playSound("turn");
              this.render();
            },
          },
          h("span", { "aria-hidden": "true", html: snd ? BELL : BELL_OFF }),
        ),
      ),
    );
  },

  moveLog() {
    // The lines are built only while the log is open (a closed log is most of the time, and a
    // long game has hundreds of lines to build on every redraw).
    const lines = () => (this.log.length ? h("ol", null, this.log.map((line) => h("li", null, line))) : h("p", { class: "muted" }, t("tbl.logEmpty")));
    // a click on the summary (a tap, Enter or Space) comes before the details open: the lines are
    // there when they show
    const fill = () => {
      if (!d.open && !d.querySelector("ol, p")) d.appendChild(lines());
    };
    const d = h(
      "details",
      { class: "movelog", open: this.logOpen },
      h("summary", { "aria-label": t("tbl.log", { n: this.log.length }), onclick: fill }, h("span", { class: "ico", "aria-hidden": "true" }), h("span", { class: "lbl", "aria-hidden": "true" }, t("tbl.log", { n: this.log.length }))),
      this.logOpen ? lines() : null,
    );
    d.addEventListener("toggle", () => {
      this.logOpen = d.open;
      setPref("logOpen", d.open);
      const ol = d.open ? d.querySelector("ol") : null;
      if (ol) ol.scrollTop = ol.scrollHeight;
    });
    return d;
  },
};

const BELL_PATH = "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1z";
const BELL = `<svg viewBox="0 0 24 24" focusable="false"><path d="${BELL_PATH}"/></svg>`;
const BELL_OFF = `<svg viewBox="0 0 24 24" focusable="false"><path d="${BELL_PATH}" opacity=".45"/><path d="M3 3l18 18" stroke="currentColor" stroke-width="2.4"/></svg>`;
// the width from which the centre scrolls by itself (table.css, issue 23.9)
const WIDE = "(min-width: 900px)";
/** Where a centre that scrolls (a long pile on a wide screen, table.css) was: null when it was
 *  at its end or did not scroll. */
function centreAt(el) {
  if (!el || !window.matchMedia || !window.matchMedia(WIDE).matches) return null;
  const end = el.scrollHeight - el.clientHeight;
  return end <= 2 || el.scrollTop >= end - 2 ? null : el.scrollTop;
}

/** A centre that scrolls shows the newest cards (the pile's top) unless the player had scrolled
 *  back to look at older ones (issue 23.9). */
function keepCentre(el, at) {
  if (!el || !window.matchMedia || !window.matchMedia(WIDE).matches) return;
  if (el.scrollHeight - el.clientHeight > 2) el.scrollTop = at === null ? el.scrollHeight : at;
}

function focusKeyOf(el) {
  if (el.dataset.card) return "hand:" + el.dataset.card;
  if (el.dataset.act) return "act:" + el.dataset.act;
  if (el.dataset.sort) return "sort:" + el.dataset.sort;
  if (el.dataset.row) return "row:" + el.dataset.row;
  if (el.dataset.meld) return "meld:" + el.dataset.meld;
  return null;
}

function focusSelector(key) {
  const [kind, ...rest] = key.split(":");
  const val = cssEscape(rest.join(":"));
  return { hand: `[data-card="${val}"]`, act: `[data-act="${val}"]`, sort: `[data-sort="${val}"]`, row: `[data-row="${val}"]`, meld: `[data-meld="${val}"]` }[kind] || "#none";
}
