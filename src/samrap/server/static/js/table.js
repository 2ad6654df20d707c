// The live table: renders each view the server sends and turns taps and drags into action texts.
// Legal moves come from the server's ``legal`` list; a choice that is not in it is still sent,
// so the server's error (which names the broken rule) is shown instead of silently ignoring it.
// The seated table itself is drawn by felt.js (shared with the replay viewer and game reviews).

import { byKind, cardsOf, handKey, parseAction } from "./actions.js";
import { animate, snapshot } from "./anim.js";
import { contractLine, handsZone, miniCards, seatDot, seatName } from "./board.js";
import { cardName, cardShort, cardSVG, rankIndex, suitIndex } from "./cards.js";
import { clear, h, modal, toast } from "./dom.js";
import { needCss } from "./css.js";
import { draggable } from "./drag.js";
import { avatarPicker, myAvatar, seatNames, seatSVGs } from "./faces.js";
import { faceName, faceSVG, renderTable, tableTitle } from "./felt.js";
import { HintLine } from "./hint.js";
import { lang, t } from "./i18n.js";
import { ITEM_NAMES, RULES_TH, gameOverPanel } from "./ledger.js";
import { describeMove, shortMove } from "./moves.js";
import { api, errorText, getPref, saveSeat, seatFor, setPref, TableSocket } from "./net.js";
import { sharePanel } from "./share.js";
import { playSound, setSound, soundOn } from "./sound.js";
import { parsePosition, rulesHref, toMove } from "./view.js";

export { describeMove };

// moments.js (the banners and sounds of a knock, หัว, หมดมือ...), loaded at the first move that
// can be one, so a table's first load does not carry it
let momentsModule = null;
const moments = () => (momentsModule ||= import("./moments.js"));

/** Events that may hold a moment: a knock, a collect (Dummy), a go-down or a buy (Contract), the end of a game. */
function mayHoldMoment(events) {
  return (events || []).some((e) => e.kind === "game_over" || (e.kind === "act" && /^[KCG]/i.test(e.action || "")));
}

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
    if (momentsModule) momentsModule.then((m) => m.clearMoments()).catch(() => {});
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

  message(m) {
    // chat lines, their acks and refusals go to the chat (chat.js, loaded lazily: kept till then)
    if (m.t === "chat" || m.t === "ack" || (m.t === "error" && this.chat && this.chat.owns(m.ref))) {
      m.live = !m.history; // the lines replayed after hello are not news
      if (this.chat) this.chat.onMessage(m);
      else (this.chatEarly ||= []).push(m);
      return;
    }
    switch (m.t) {
      case "welcome":
        this.seat = m.seat;
        break;
      case "table": {
        // The socket sends the table on every join and leave; a table that looks the same as the
        // one drawn (the watcher count aside) is not drawn again.
        const same = this.info && infoKey(this.info) === infoKey(m.table);
        this.info = m.table;
        if (!same) this.render();
        break;
      }
      case "view":
        this.onView(m);
        break;
      case "error":
        this.sending = false;
        this.onError(m.error, m.v);
        break;
      default:
        break;
    }
  }

  onView(m) {
    // The same position again (a resync after a reconnection, a repeated view): nothing to redraw.
    const prev = this.msg;
    if (prev && !this.sending && m.view === prev.view && m.v === prev.v && m.deadline === prev.deadline && !(m.events || []).length && JSON.stringify(m.legal || []) === JSON.stringify(prev.legal || [])) return;
    // An accepted move is answered by the next view: the selection it used is done with. After a
    // refusal (an error message instead) the selection stays, so the player can fix it.
    if (this.sending) this.selected.clear();
    this.sending = false;
    const wasMine = this.myTurn;
    const prevGame = this.msg ? this.msg.game : null;
    const prevStock = this.view ? this.view.stock : null;
    const prevView = this.view;
    this.msg = m;
    this.view = m.view ? parsePosition(m.view) : null;
    if (this.view && this.seat !== null && this.view.seat !== this.seat && this.view.seat >= 0) this.seat = this.view.seat;
    this.legal = m.legal || [];
    this.kinds = this.view ? byKind(this.view.game, this.legal) : {};
    // Events before the first view are history (a reload asks for them to rebuild the match
    // table): they pop up no end-of-game dialog.
    this.live = !!this.seenView;
    this.mover = -1;
    for (const e of m.events || []) this.onEvent(e);
    this.seenView = true;
    const newGame = prevGame !== null && prevGame !== m.game;
    // the big moments (a knock, ตกตึก, หัว, หมดมือ...): a banner and a sound (moments.js)
    if (this.live && mayHoldMoment(m.events)) {
      const [view, names, seat] = [this.view, this.names, this.seat];
      moments()
        .then((mo) => this.stopped || mo.showMoments(mo.findMoments(prevView, view, m.events, !newGame), names, seat))
        .catch(() => {}); // no banner without the module (offline at the first one): play goes on
    }
    if (newGame) {
      this.selected.clear();
      this.fresh.clear();
      this.hintAction = null;
    }
    const before = new Set(this.order);
    this.syncHand();
    if (this.live && !newGame && before.size) for (const id of this.order) if (!before.has(id)) this.fresh.add(id);
    for (const id of [...this.fresh]) if (!this.order.includes(id)) this.fresh.delete(id);
    if (!this.myTurn && wasMine) this.fresh.clear();
    // drop a selection that no longer exists
    for (const id of [...this.selected]) if (!this.order.includes(id)) this.selected.delete(id);
    if (!this.myTurn) this.hintAction = null;
    this.stockDrop = prevStock !== null && this.view && this.view.stock < prevStock && !newGame;
    // the turn comes back (also when the others' moves came in the same message as this one)
    const others = (m.events || []).some((e) => e.kind === "act" && e.seat !== this.seat);
    if (this.myTurn && (!wasMine || others) && this.live) playSound("turn");
    this.render({ animate: this.live && !newGame });
    this.showQueuedOver();
  }

  onEvent(e) {
    const game = this.view ? this.view.game : "dummy";
    if (e.kind === "act") {
      const me = e.seat === this.seat;
      const name = me ? t("tbl.you") : seatName(this.names, e.seat ?? 0);
      this.log.push(describeMove(game, e.action, name, me));
      if (this.lastSeat !== e.seat) {
        this.turnMoves[e.seat] = [];
        delete this.lastDiscard[e.seat];
      }
      this.lastSeat = e.seat;
      (this.turnMoves[e.seat] ||= []).push(shortMove(game, e.action));
      const a = parseAction(game, e.action);
      if (a.kind === "discard") this.lastDiscard[e.seat] = a.card;
      this.mover = e.seat;
    } else if (e.kind === "deal") {
      if (e.game === 0) {
        this.games = [];
        this.matchOver = null;
      }
      this.log = [];
      this.turnMoves = {};
      this.lastDiscard = {};
      this.lastSeat = null;
      this.commitment = e.commitment;
      // Remember the commitment shown before this game, so the replay can check the archive against it.
      if (e.commitment) setPref(`commit.${this.code}-${(e.match ?? 0) + 1}.${e.game}`, e.commitment);
    } else if (e.kind === "game_over") {
      if (!this.games.some((g) => g.v === e.v)) {
        this.games.push(e);
        if (this.live) this.overQueue.push(e);
      }
    } else if (e.kind === "match_over") {
      this.matchOver = e;
      if (this.live) {
        const last = this.overQueue[this.overQueue.length - 1];
        if (last) last.match = e;
      }
    } else if ((e.kind === "joined" || e.kind === "bot" || e.kind === "left") && this.live) {
      // history (the events before the first view) is already in the table fetched at the start
      this.refreshInfo();
    }
    if (this.log.length > 400) this.log = this.log.slice(-400);
  }

  refreshInfo() {
    api("GET", `/api/tables/${encodeURIComponent(this.code)}`)
      .then((info) => {
        this.info = info;
        this.render();
      })
      .catch(() => {});
  }

  onError(err) {
    if (!err) return;
    let text = err.message || t("err.generic");
    const rule = err.rule ?? null;
    // The server sends the broken rule's words in both languages (rule_text, from this table's rule
    // book); RULES_TH below is the fallback for a server that does not.
    const words = err.rule_text && err.rule_text[lang() === "th" ? "th" : "en"];
    if (rule !== null && words) {
      // English adds the engine's reason for this move (English only, like broken_rule in the CLI).
      const why = lang() === "th" || !err.message ? "" : ` (${err.message})`;
      this.note = { text: `${t("err.title")} (${lang() === "th" ? "กติกาข้อ" : "rule"} ${rule}): ${words}${why}`, error: true };
      this.render();
      return;
    }
    const gist = rule !== null && lang() === "th" && this.view ? (RULES_TH[this.view.game] || {})[rule] : null;
    if (gist) text = `${t("err.title")} (กติกาข้อ ${rule}): ${gist}`;
    else if (lang() === "th") text = `${t("err.title")}: ${errorText({ code: err.code, rule })}`; // the server's text is English
    else {
      if (rule !== null && !/rule\s/i.test(text)) text = `${text} (${lang() === "th" ? "กติกาข้อ" : "rule"} ${rule})`;
      text = `${t("err.title")}: ${text}`;
    }
    this.note = { text, error: true };
    if (err.code === "stale_version" && this.sock) this.sock.send({ t: "sync" });
    this.render();
  }

  // ---------- hand order ----------

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
  }

  sortHand(mode, remember = true) {
    const face = (id) => this.faceOf.get(id);
    const rank = (id) => rankIndex(face(id));
    const suit = (id) => suitIndex(face(id));
    if (mode === "suit") this.order.sort((a, b) => suit(a) - suit(b) || rank(a) - rank(b) || (a < b ? -1 : 1));
    if (mode === "rank") this.order.sort((a, b) => rank(a) - rank(b) || suit(a) - suit(b) || (a < b ? -1 : 1));
    this.sortMode = mode;
    if (remember) setPref("sort", mode);
  }

  move(id, delta) {
    const i = this.order.indexOf(id);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= this.order.length) return;
    this.order.splice(i, 1);
    this.order.splice(j, 0, id);
    this.sortMode = "custom";
    this.focusKey = "hand:" + id;
    this.render();
  }

  selectedFaces() {
    return this.order.filter((id) => this.selected.has(id)).map((id) => this.faceOf.get(id));
  }

  // ---------- acting ----------

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

  /** A dialog whose options act at once (one tap): resolves with the chosen action text or null. */
  async choose(title, help, options) {
    return modal(
      (close) =>
        h(
          "div",
          null,
          h("h2", null, title),
          help ? h("p", null, help) : null,
          h(
            "div",
            { class: "options" },
            options.map((o) =>
              h(
                "button",
                { type: "button", class: "option", "aria-label": o.name || null, dataset: { action: o.text }, onclick: () => close(o.text) },
                o.groups ? o.groups.map((g) => miniCards(g)) : null,
                o.label ? h("span", null, o.label) : null,
              ),
            ),
          ),
          h("div", { class: "dialog-buttons" }, h("button", { type: "button", onclick: () => close(null) }, t("act.cancel"))),
        ),
      { label: title },
    );
  }

  /** A dialog with a choice to mark and a confirm button (for a move that cannot be taken back). */
  async chooseConfirm(title, help, options, confirmLabel) {
    let chosen = options.length ? options[0].text : null;
    return modal((close) => {
      const buttons = options.map((o) =>
        h(
          "button",
          {
            type: "button",
            class: "option",
            "aria-pressed": o.text === chosen ? "true" : "false",
            "aria-label": o.name || null,
            dataset: { action: o.text },
            onclick: (e) => {
              chosen = o.text;
              for (const b of buttons) b.setAttribute("aria-pressed", b === e.currentTarget ? "true" : "false");
            },
          },
          o.groups ? o.groups.map((g) => miniCards(g)) : null,
          o.label ? h("span", null, o.label) : null,
        ),
      );
      return h(
        "div",
        null,
        h("h2", null, title),
        help ? h("p", null, help) : null,
        h("div", { class: "options", role: "group", "aria-label": title }, buttons),
        h(
          "div",
          { class: "dialog-buttons" },
          h("button", { type: "button", onclick: () => close(null) }, t("act.cancel")),
          h("button", { type: "button", class: "primary", "data-confirm": "1", onclick: () => close(chosen) }, confirmLabel),
        ),
      );
    }, { label: title });
  }

  async tapRow(i) {
    const v = this.view;
    const card = v.row[i].card;
    const options = (this.kinds.collect || []).filter((a) => a.index === i);
    const sel = this.selectedFaces();
    if (sel.length) {
      // the player chose the hand cards: the collects whose meld uses exactly those (with the
      // card and perhaps others taken with it); none, and the server explains the refusal
      const hits = this.collectsWith(sel).filter((a) => a.index === i);
      if (hits.length === 1) this.send(hits[0].text);
      else if (!hits.length) this.send(`C${i} ${[...sel, card].join("")}`);
      else {
        const text = await this.choose(t("pick.collectTitle", { card: cardShort(card) }), null, hits.map((a) => ({ text: a.text, groups: [a.meld], name: t("tbl.collectMeld", { cards: a.meld.map(cardName).join(", ") }) })));
        if (text) this.send(text);
      }
      return;
    }
    if (!options.length) {
      this.note = { text: `${t("pick.none")} ${t("sel.none")}`, error: true };
      this.render();
      return;
    }
    if (options.length === 1) {
      this.send(options[0].text);
      return;
    }
    const n = v.row.length - 1 - i;
    const text = await this.choose(
      t("pick.collectTitle", { card: cardShort(card) }),
      n > 0 ? t("tbl.collectHelpN", { card: cardShort(card), n }) : t("tbl.collectHelp0", { card: cardShort(card) }),
      options.map((a) =>
        a.onto >= 0
          ? { text: a.text, label: t("tbl.collectOnto", { card: cardShort(card), m: a.onto + 1 }) }
          : { text: a.text, groups: [a.meld], name: t("tbl.collectMeld", { cards: a.meld.map(cardName).join(", ") }) },
      ),
    );
    if (text) this.send(text);
  }

  async tapPile(depth) {
    const v = this.view;
    const a = (this.kinds.pickup || []).find((x) => x.depth === depth);
    const text = depth === 0 ? "P" : `P${depth}`;
    if (depth === 0 || !a) {
      this.send(a ? a.text : text);
      return;
    }
    const card = v.pile[v.pile.length - 1 - depth];
    const ok = await this.choose(t("pick.pickupTitle", { card: cardShort(card) }), t("tbl.pickupHelp", { card: cardShort(card), n: depth }), [{ text: a.text, label: t("act.pickup") }]);
    if (ok) this.send(ok);
  }

  async tapMeld(index) {
    const sel = this.selectedFaces();
    if (sel.length !== 1) {
      this.note = { text: t("err.selectOne"), error: true };
      this.render();
      return;
    }
    const card = sel[0];
    const v = this.view;
    if (v.game === "dummy") {
      const hit = (this.kinds.layoff || []).find((a) => a.card === card && a.target === index);
      this.send(hit ? hit.text : `L ${card}>${index}`);
      return;
    }
    // contract: a joker may stand for several cards; a natural may also swap for a joker
    const lay = (this.kinds.layoff || []).filter((a) => a.target === index && (card === "*" ? a.card[0] === "*" : a.card === card));
    const ex = card === "*" ? [] : (this.kinds.exchange || []).filter((a) => a.target === index && a.card === card);
    const options = [
      ...lay.map((a) => ({ text: a.text, groups: [[a.card]], label: t("act.layoffC"), name: `${t("act.layoffC")} ${cardName(a.card)}` })),
      ...ex.map((a) => ({ text: a.text, groups: [[a.card]], label: t("act.exchange"), name: `${t("act.exchange")} ${cardName(a.card)}` })),
    ];
    if (options.length === 1) this.send(options[0].text);
    else if (options.length > 1) {
      const text = await this.choose(card === "*" ? t("pick.jokerTitle") : t("act.layoffC"), null, options);
      if (text) this.send(text);
    } else this.send(card === "*" ? `L *>${index}` : `L ${card}>${index}`);
  }

  /** A row card dragged onto a table meld: the collect that puts it there, if there is one (else
   *  the server is asked anyway and says why not). */
  collectOnto(i, meld) {
    const hit = (this.kinds.collect || []).find((a) => a.index === i && a.onto === meld);
    this.send(hit ? hit.text : `C${i} >${meld}`);
  }

  /** Dummy collects whose new meld takes exactly the selected hand cards. */
  collectsWith(sel) {
    const hand = new Set(this.view.hand);
    const key = handKey(sel);
    return (this.kinds.collect || []).filter((a) => a.onto < 0 && handKey(a.meld.filter((c) => hand.has(c))) === key);
  }

  meldOptions(sel) {
    const v = this.view;
    if (!sel.length || !v) return [];
    const key = handKey(sel);
    if (v.game === "dummy") return (this.kinds.meld || []).filter((a) => handKey(a.cards) === key);
    const kind = this.kinds.godown ? "godown" : "meld";
    return (this.kinds[kind] || []).filter((a) => handKey(cardsOf(a)) === key);
  }

  async doMeld() {
    const sel = this.selectedFaces();
    if (!sel.length) return this.warn(t("err.selectSome"));
    const v = this.view;
    const options = this.meldOptions(sel);
    if (options.length === 1) return this.send(options[0].text);
    if (options.length > 1) {
      const godown = options[0].kind === "godown";
      const text = await this.choose(godown ? t("pick.goDownTitle") : t("act.meld"), null, options.map((a) => ({ text: a.text, groups: a.melds || [a.cards], name: (a.melds || [a.cards]).map((m) => m.map(cardName).join(", ")).join("; ") })));
      if (text) this.send(text);
      return;
    }
    // Not a legal grouping: send it as one meld so the server names the rule it breaks.
    const body = sel.join("");
    if (v.game === "dummy") this.send(`M ${body}`);
    else this.send(this.kinds.godown || !v.down[this.seat] ? `G ${body}` : `M ${body}`);
  }

  doDiscard() {
    const sel = this.selectedFaces();
    if (sel.length !== 1) return this.warn(t("err.selectOne"));
    const hit = (this.kinds.discard || []).find((a) => a.card === sel[0]);
    this.send(hit ? hit.text : `X ${sel[0]}`);
  }

  async doKnock() {
    const all = this.kinds.knock || [];
    if (!all.length) return this.warn(t("tbl.noKnock"));
    const sel = this.selectedFaces();
    let options = all;
    const hinted = this.hintAction ? all.find((a) => a.text === this.hintAction) : null;
    if (hinted) options = [hinted];
    else if (sel.length === 1) options = all.filter((a) => a.card === sel[0]);
    else if (sel.length > 1) options = all.filter((a) => handKey(cardsOf(a)) === handKey(sel));
    if (!options.length) {
      if (sel.length === 1) return this.send(`K ${sel[0]}`); // the server says why not
      return this.warn(t("tbl.knockPick"));
    }
    const single = options.every((a) => a.card === options[0].card);
    const text = await this.chooseConfirm(
      single ? t("pick.knockTitle", { card: cardShort(options[0].card) }) : t("tbl.knockChoose"),
      t("pick.knockHelp"),
      options.map((a) => {
        const groups = [...a.melds, ...a.layoffs.map((l) => [l.card])];
        const lays = a.layoffs.map((l) => t("tbl.collectOnto", { card: cardShort(l.card), m: l.target + 1 })).join(", ");
        const face = t("tbl.knockFace", { card: cardShort(a.card) });
        return {
          text: a.text,
          groups,
          label: [single ? "" : face, lays, a.melds.length || a.layoffs.length ? "" : t("pick.knockBare")].filter(Boolean).join(" · "),
          name: [face, ...a.melds.map((m) => m.map(cardName).join(", ")), lays].filter(Boolean).join("; "),
        };
      }),
      t("tbl.knockConfirm"),
    );
    if (text) this.send(text);
  }

  warn(text) {
    this.note = { text, error: true };
    this.render();
  }

  hint() {
    this.note = null;
    if (this.myTurn && this.msg) this.hints.ask(this.msg.v);
  }

  highlightHint(move) {
    const a = parseAction(this.view.game, move);
    this.hintAction = move;
    // A knock is played by its face-down card: select that one, the knock button plays the hint.
    const cards = a.kind === "knock" ? [a.card] : a.kind === "collect" ? a.meld.filter((c) => c !== this.view.row[a.index].card) : cardsOf(a);
    this.selected.clear();
    const left = [...cards];
    for (const id of this.order) {
      const f = this.faceOf.get(id);
      const k = left.findIndex((c) => c === f || (c[0] === "*" && f === "*"));
      if (k >= 0) {
        this.selected.add(id);
        left.splice(k, 1);
      }
    }
  }

  // ---------- keyboard ----------

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
  }

  focusCard(id) {
    const el = this.root.querySelector(`[data-card="${cssEscape(id)}"]`);
    if (el) {
      this.root.querySelectorAll(".hand .card").forEach((b) => (b.tabIndex = -1));
      el.tabIndex = 0;
      el.focus();
    }
  }

  clearSel() {
    this.selected.clear();
    this.hintAction = null;
    this.render();
  }

  canHint() {
    return !!(this.info && this.info.seats.some((s) => s.kind === "bot") && !this.info.settings.rated);
  }

  // ---------- rendering ----------

  renderShell() {
    clear(this.root);
    this.root.appendChild(h("div", { class: "tablepage" }, h("p", { class: "page" }, t("table.connecting"))));
  }

  renderStatusLine() {
    const el = this.root.querySelector(".conn");
    if (el) el.textContent = this.status === "open" ? "" : this.status === "closed" ? t("table.reconnecting") : t("table.connecting");
  }

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
  }

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
  }

  lobby() {
    const info = this.info;
    const link = `${location.origin}/t/${info.code}`;
    const mine = this.seat !== null && this.token;
    const host = this.isHost;
    const saved = seatFor(info.code);
    return h(
      "main",
      { class: "page", id: "main" },
      h("h1", null, t("lobby.title", { code: info.code }), " · ", tableTitle(info.game, info.config, info.seats.length)),
      h("p", { class: "conn", role: "status" }),
      info.settings && info.settings.quick && mine ? this.quickWait() : null,
      // share sheet or copy, and the QR code (share.js); the host also gets the watch link
      h("div", { class: "card-box" }, h("p", null, t("lobby.share")), sharePanel(info.code, link, { watch: host && saved ? saved.watch : null })),
      h(
        "div",
        { class: "card-box" },
        h("h2", null, t("lobby.waiting")),
        h(
          "ul",
          { class: "lobby-seats" },
          info.seats.map((s) =>
            h(
              "li",
              null,
              seatDot(s.seat, this.names),
              " ",
              s.kind === "open" ? h("em", null, t("lobby.empty")) : this.names[s.seat],
              s.seat === this.seat ? ` (${t("table.you")})` : "",
            ),
          ),
        ),
        !mine && info.seats.some((s) => s.kind === "open") ? this.joinForm() : null,
        host
          ? h(
              "div",
              { class: "row" },
              info.seats.some((s) => s.kind === "open") ? h("button", { type: "button", onclick: () => this.host("bots", { level: getPref("level", "easy") }) }, t("lobby.addBot")) : null,
              h("button", { type: "button", class: "primary", "data-start": "1", disabled: info.seats.some((s) => s.kind === "open"), onclick: () => this.host("start") }, t("lobby.start")),
            )
          : null,
        host && this.token ? this.visibilityToggle() : info.public !== undefined ? h("p", { class: "muted", "data-visibility": info.public ? "public" : "private" }, info.public ? t("tbl.isPublic") : t("tbl.isPrivate")) : null,
      ),
    );
  }

  /** Rematch in one tap; a seat left empty is offered to a bot or the lobby (lobby.js). */
  async rematch() {
    return (await import("./lobby.js")).rematch(this);
  }

  async leaveSeat() {
    return (await import("./lobby.js")).leaveSeat(this);
  }

  /** A quick-match table waiting for strangers: the wait and the offer of bots (lobby.js, loaded when needed). */
  quickWait() {
    if (this.lobbyMod) return this.lobbyMod.quickWait(this);
    import("./lobby.js").then((m) => {
      this.lobbyMod = m;
      if (!this.stopped && !this.view) this.render();
    });
    return null;
  }

  /** The host may list the table in the lobby (anyone may then watch) or keep it private. */
  visibilityToggle() {
    const pub = !!this.info.public;
    return h(
      "div",
      { class: "row visibility" },
      h("p", { "data-visibility": pub ? "public" : "private" }, pub ? t("tbl.isPublic") : t("tbl.isPrivate")),
      h(
        "button",
        {
          type: "button",
          id: "visibility",
          "aria-pressed": pub ? "true" : "false",
          onclick: async () => {
            try {
              this.info = await api("POST", `/api/tables/${encodeURIComponent(this.code)}/visibility`, { token: this.token, public: !pub });
              this.render();
            } catch (e) {
              toast(e.message);
            }
          },
        },
        pub ? t("tbl.makePrivate") : t("tbl.makePublic"),
      ),
    );
  }

  joinForm() {
    const input = h("input", { type: "text", id: "joinname", maxlength: 32, value: getPref("name", ""), autocomplete: "nickname" });
    return h(
      "form",
      {
        class: "row",
        onsubmit: async (e) => {
          e.preventDefault();
          const name = input.value.trim() || (lang() === "th" ? "ผู้เล่น" : "Player");
          setPref("name", name);
          try {
            const res = await api("POST", `/api/tables/${encodeURIComponent(this.code)}/join`, { name, avatar: myAvatar() || undefined });
            this.token = res.token;
            this.seat = res.seat;
            saveSeat(this.code, { token: res.token, seat: res.seat });
            this.info = res.table;
            this.note = null; // a refusal seen before joining (watching a private table) is over
            if (this.sock) this.sock.close();
            this.connect();
            this.render();
          } catch (err) {
            toast(err.message);
          }
        },
      },
      h("div", null, h("label", { for: "joinname" }, t("home.name")), input),
      avatarPicker("joinavatar"),
      h("button", { type: "submit", class: "primary" }, t("lobby.sit")),
    );
  }

  async host(cmd, extra = {}) {
    try {
      await api("POST", `/api/tables/${encodeURIComponent(this.code)}/${cmd}`, { token: this.hostToken || this.token, ...extra });
      this.refreshInfo();
    } catch (e) {
      toast(e.message);
    }
  }

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
  }

  lastMoveTexts() {
    const out = {};
    for (const [q, list] of Object.entries(this.turnMoves)) if (Number(q) !== this.seat && list.length) out[q] = list.join(" · ");
    return out;
  }

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
  }

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
  }

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
  }

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
  }

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
  }

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
  }

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
  }

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
  }

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
  }

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
  }

  // ---------- end of a game ----------

  async showQueuedOver() {
    if (this.stopped || this.showingOver || !this.overQueue.length) return;
    this.showingOver = true;
    const e = this.overQueue.shift();
    const matchEv = e.match || null;
    const isHost = this.isHost;
    const closed = modal(
      (close) =>
        gameOverPanel({
          event: e,
          games: this.games.filter((g) => g.v <= e.v),
          names: this.names,
          game: this.view ? this.view.game : "dummy",
          matchOver: matchEv,
          onClose: () => close(true),
          onRematch: isHost && matchEv
            ? async () => {
                close(true);
                await this.rematch();
              }
            : null,
          replayId: matchEv ? matchEv.record : null,
        }),
      { label: t("over.title") },
    );
    if (momentsModule) momentsModule.then((mo) => mo.liftMoments()).catch(() => {}); // the knock's banner stays in sight, over the scores
    await closed;
    this.showingOver = false;
    this.showQueuedOver();
  }
}

export { ITEM_NAMES };

const BELL_PATH = "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1z";
const BELL = `<svg viewBox="0 0 24 24" focusable="false"><path d="${BELL_PATH}"/></svg>`;
const BELL_OFF = `<svg viewBox="0 0 24 24" focusable="false"><path d="${BELL_PATH}" opacity=".45"/><path d="M3 3l18 18" stroke="currentColor" stroke-width="2.4"/></svg>`;

/** What of a table's info is drawn: a change elsewhere (the watcher count) needs no redraw. */
function infoKey(info) {
  const { spectators, version, ...rest } = info;
  return JSON.stringify(rest);
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

function cssEscape(s) {
  return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["'\\]/g, "\\$&");
}
