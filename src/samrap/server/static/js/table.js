// The live table: renders each view the server sends and turns taps and drags into action texts.
// Legal moves come from the server's ``legal`` list; a choice that is not in it is still sent,
// so the server's error (which names the broken rule) is shown instead of silently ignoring it.
// The seated table itself is drawn by felt.js (shared with the replay viewer and game reviews).
//
// This file is the thin controller: the state of one table page, its life (start, stop, the
// socket), the few rules every room asks (whose turn, may a hint be asked, send a move) and the
// host's commands. The rest lives in rooms of one concept that share that state through `this`:
// tablemsgs.js (the socket's messages), tabledraw.js (the page, the felt and the dock),
// tablehand.js (hand order, selection, keys, drags), tablepick.js (the pickers that turn a tap
// into an action text) and tablelobby.js (the table before its first deal, loaded when drawn).

import { needCss } from "./css.js";
import { clear, h, toast } from "./dom.js";
import { seatNames } from "./faces.js";
import { HintLine } from "./hint.js";
import { t } from "./i18n.js";
import { ITEM_NAMES } from "./ledger.js";
import { describeMove } from "./moves.js";
import { api, getPref, seatFor, TableSocket } from "./net.js";
// the controller's rooms, one concept each (mixed into the class below)
import { drawing } from "./tabledraw.js";
import { handing } from "./tablehand.js";
import { clearLoadedMoments, messages } from "./tablemsgs.js";
import { picking } from "./tablepick.js";

export { describeMove };

export function tablePage(root, code) {
  const ctl = new TableController(root, code);
  ctl.start();
  return () => ctl.stop();
}

class TableController {
  constructor(root, code) {
    this.root = root;
    this.code = code;
    const saved = seatFor(code) || {};
    this.token = saved.token || null;
    this.hostToken = saved.host || null;
    this.seat = saved.seat ?? null;
    this.info = null;
    this.msg = null;
    this.view = null;
    this.legal = [];
    this.kinds = {};
    this.order = [];
    this.selected = new Set();
    this.fresh = new Set(); // hand cards that just arrived (drawn or taken), marked until the turn ends
    this.sortMode = getPref("sort", "suit");
    this.note = null; // {text, error}
    this.log = []; // every move of this game in words
    this.turnMoves = {}; // seat -> the short texts of its last turn
    this.lastDiscard = {}; // seat -> the card it discarded in its last turn
    this.lastSeat = null;
    this.games = []; // game_over events of this match
    this.matchOver = null;
    this.overQueue = [];
    this.status = "connecting";
    this.sending = false;
    this.focusKey = null;
    this.hintAction = null;
    // the hint line in the dock (hint.js): the quick answer, then the deeper one
    this.hints = new HintLine({
      code,
      token: () => this.token,
      version: () => (this.myTurn && this.msg ? this.msg.v : null),
      onChange: (best) => {
        if (best && best.action !== this.hintAction) this.highlightHint(best.action);
        this.render();
      },
    });
    this.logOpen = !!getPref("logOpen", false);
    this.onKey = (e) => this.key(e);
  }

  start() {
    window.samrapTable = this; // for the browser tests and for people curious in the console
    document.addEventListener("keydown", this.onKey);
    this.renderShell();
    Promise.all([api("GET", `/api/tables/${encodeURIComponent(this.code)}`), needCss("table")])
      .then(([info]) => {
        this.info = info;
        if (info.status === "lobby") loadSeating().catch(() => {}); // its lobby is drawn first
        this.connect();
        this.render();
      })
      .catch(() => {
        clear(this.root).appendChild(h("div", { class: "page" }, h("p", { role: "alert" }, t("table.notFound")), h("a", { href: "#/", class: "btn" }, t("nav.home"))));
      });
    this.tick = setInterval(() => this.updateTimer(), 500);
    import("./chat.js").then((m) => {
      if (!this.stopped) this.chat = m.mountChat(this);
    });
  }

  stop() {
    this.stopped = true;
    document.documentElement.classList.remove("at-table");
    if (window.samrapTable === this) window.samrapTable = null;
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.tick);
    this.hints.stop();
    clearLoadedMoments();
    if (this.sock) this.sock.close();
    if (this.chat) this.chat.stop();
  }

  connect() {
    this.sock = new TableSocket(this.code, this.token, {
      onStatus: (s) => {
        this.status = s;
        this.renderStatusLine();
      },
      onMessage: (m) => this.message(m),
    });
    // The first hello asks for every event since version 0, so a reload rebuilds the match table.
    this.sock.v = 0;
  }

  get names() {
    // a bot is its level's person (faces.js), the same name on every screen and in the ledger
    return this.info ? seatNames(this.info.seats) : [];
  }

  get isHost() {
    // The server names the host seat; an older server only gave the creator a host token.
    if (this.info && this.info.host_seat !== undefined && this.info.host_seat !== null) return this.seat !== null && this.info.host_seat === this.seat;
    return !!this.hostToken;
  }

  get myTurn() {
    return !!(this.view && this.seat !== null && this.msg && this.msg.to_move === this.seat && this.legal.length > 0);
  }

  get playPhase() {
    const p = this.view ? this.view.phase : "";
    return p === "play" || p === "lastplay";
  }

  send(text) {
    if (!this.myTurn) {
      this.note = { text: t("err.notYourTurn"), error: true };
      this.render();
      return;
    }
    if (!this.sock || !this.sock.act(this.msg.v, text)) {
      this.note = { text: t("err.connection"), error: true };
      this.render();
      return;
    }
    this.sending = true;
    this.note = null;
    this.hintAction = null;
  }

  warn(text) {
    this.note = { text, error: true };
    this.render();
  }

  hint() {
    this.note = null;
    if (this.myTurn && this.msg) this.hints.ask(this.msg.v);
  }

  clearSel() {
    this.selected.clear();
    this.hintAction = null;
    this.render();
  }

  canHint() {
    return !!(this.info && this.info.seats.some((s) => s.kind === "bot") && !this.info.settings.rated);
  }

  /** Rematch in one tap; a seat left empty is offered to a bot or the lobby (lobby.js). */
  async rematch() {
    return (await import("./lobby.js")).rematch(this);
  }

  async leaveSeat() {
    return (await import("./lobby.js")).leaveSeat(this);
  }

  /** The table before its first deal (tablelobby.js): this stand-in draws "connecting" until that
   *  module is loaded and mixed in (its own lobby() then replaces this one), so a shared link to a
   *  game in play never loads it (the first-load budgets of tests/web/test_people.py). */
  lobby() {
    loadSeating()
      .then(() => {
        if (!this.stopped) this.render();
      })
      .catch(() => {});
    return h("p", { class: "page" }, t("table.connecting"));
  }

  async host(cmd, extra = {}) {
    try {
      await api("POST", `/api/tables/${encodeURIComponent(this.code)}/${cmd}`, { token: this.hostToken || this.token, ...extra });
      this.refreshInfo();
    } catch (e) {
      toast(e.message);
    }
  }
}

// The controller's concepts, each in its own module, share its state through `this`: the methods
// are mixed into the one class, so `window.samrapTable` keeps every one of them.
Object.assign(TableController.prototype, messages, handing, picking, drawing);

let seatingLoad = null;

/** Loads the lobby's room once and mixes it in (a failed load is tried again at the next draw). */
function loadSeating() {
  seatingLoad ||= import("./tablelobby.js")
    .then((m) => Object.assign(TableController.prototype, m.seating))
    .catch((err) => {
      seatingLoad = null;
      throw err;
    });
  return seatingLoad;
}

export { ITEM_NAMES };
