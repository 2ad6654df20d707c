// Drawing the live table (mixed into table.js's TableController): the page at each change, kept
// focus and scroll, the felt through felt.js with the targets the selection lights up, the
// status bar (turn, timer, dealer, rules link, move log, sound) and the dock under the felt (the
// line that says what to do or the hint, the phase's move buttons, the sorts and the hand's
// cards, fitted to the width in one row when they fit).

import { animate, snapshot } from "./anim.js";
import { contractLine, handsZone, seatName } from "./board.js";
import { cardName, cardShort } from "./cards.js";
import { clear, h } from "./dom.js";
import { seatSVGs } from "./faces.js";
import { faceName, faceSVG, renderTable, tableTitle } from "./felt.js";
import { t } from "./i18n.js";
import { setPref } from "./net.js";
import { playSound, setSound, soundOn } from "./sound.js";
import { cssEscape } from "./tablehand.js";
import { rulesHref, toMove } from "./view.js";

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
function fitHand(list) {
  const n = list.children.length;
  if (!n) return null;
  const img = list.querySelector(".cd");
  const cw = img ? img.getBoundingClientRect().width : 56;
  const width = list.getBoundingClientRect().width - 1;
  list.style.setProperty("--step", handStep(n, width, cw) + "px");
  return { width, cw };
}
