// The live table: renders each view the server sends and turns taps into action texts.
// Legal moves come from the server's ``legal`` list; a choice that is not in it is still sent,
// so the server's error (which names the broken rule) is shown instead of silently ignoring it.

import { byKind, cardsOf, handKey, parseAction } from "./actions.js";
import { contractLine, handsZone, meldsZone, miniCards, pilesZone, seatDot, seatName, seatsStrip } from "./board.js";
import { cardName, cardShort, cardSVG, rankIndex, suitIndex } from "./cards.js";
import { clear, h, modal, toast } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { api, getPref, saveSeat, seatFor, setPref, TableSocket } from "./net.js";
import { ITEM_NAMES, RULES_TH, gameOverPanel } from "./ledger.js";
import { parsePosition, toMove } from "./view.js";

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
    this.sortMode = getPref("sort", "suit");
    this.note = null; // {text, error}
    this.log = [];
    this.games = []; // game_over events of this match
    this.matchOver = null;
    this.overQueue = [];
    this.status = "connecting";
    this.sending = false;
    this.focusKey = null;
    this.onKey = (e) => this.key(e);
  }

  start() {
    window.samrapTable = this; // for the browser tests and for people curious in the console
    document.addEventListener("keydown", this.onKey);
    this.renderShell();
    api("GET", `/api/tables/${encodeURIComponent(this.code)}`)
      .then((info) => {
        this.info = info;
        this.connect();
        this.render();
        this.probeHints();
      })
      .catch(() => {
        clear(this.root).appendChild(h("div", { class: "page" }, h("p", { role: "alert" }, t("table.notFound")), h("a", { href: "#/", class: "btn" }, t("nav.home"))));
      });
    this.tick = setInterval(() => this.updateTimer(), 500);
  }

  stop() {
    if (window.samrapTable === this) window.samrapTable = null;
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.tick);
    if (this.sock) this.sock.close();
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
    return this.info ? this.info.seats.map((s) => (s.kind === "bot" ? botName(s) : s.name || null)) : [];
  }

  message(m) {
    switch (m.t) {
      case "welcome":
        this.seat = m.seat;
        break;
      case "table":
        this.info = m.table;
        this.render();
        break;
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
    // An accepted move is answered by the next view: the selection it used is done with. After a
    // refusal (an error message instead) the selection stays, so the player can fix it.
    if (this.sending) this.selected.clear();
    this.sending = false;
    const prevGame = this.msg ? this.msg.game : null;
    this.msg = m;
    this.view = m.view ? parsePosition(m.view) : null;
    if (this.view && this.seat !== null && this.view.seat !== this.seat && this.view.seat >= 0) this.seat = this.view.seat;
    this.legal = m.legal || [];
    this.kinds = this.view ? byKind(this.view.game, this.legal) : {};
    // Events before the first view are history (a reload asks for them to rebuild the match
    // table): they pop up no end-of-game dialog.
    this.live = !!this.seenView;
    for (const e of m.events || []) this.onEvent(e);
    this.seenView = true;
    if (prevGame !== null && prevGame !== m.game) this.selected.clear();
    this.syncHand();
    // drop a selection that no longer exists
    for (const id of [...this.selected]) if (!this.order.includes(id)) this.selected.delete(id);
    if (this.pendingLayoff && !this.order.includes(this.pendingLayoff)) this.pendingLayoff = null;
    this.render();
    this.showQueuedOver();
  }

  onEvent(e) {
    const name = seatName(this.names, e.seat ?? 0);
    if (e.kind === "act") {
      if (e.seat !== this.seat) this.log.push(describeMove(this.view ? this.view.game : "dummy", e.action, name));
    } else if (e.kind === "deal") {
      if (e.game === 0) {
        this.games = [];
        this.matchOver = null;
      }
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
    } else if (e.kind === "joined" || e.kind === "bot" || e.kind === "left") {
      this.refreshInfo();
    }
    this.log = this.log.slice(-6);
  }

  refreshInfo() {
    api("GET", `/api/tables/${encodeURIComponent(this.code)}`)
      .then((info) => {
        this.info = info;
        this.render();
      })
      .catch(() => {});
  }

  onError(err, v) {
    if (!err) return;
    let text = err.message || t("err.generic");
    const rule = err.rule ?? null;
    const gist = rule !== null && lang() === "th" && this.view ? (RULES_TH[this.view.game] || {})[rule] : null;
    if (gist) text = `${t("err.title")} (กติกาข้อ ${rule}): ${gist} · ${text}`;
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
    return this.view && this.seat !== null && this.msg && this.msg.to_move === this.seat && this.legal.length > 0;
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
    this.pendingLayoff = null;
  }

  async choose(title, help, options) {
    // options: [{label, cards?, groups?, text}]
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
                { type: "button", class: "option", dataset: { action: o.text }, onclick: () => close(o.text) },
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

  async tapRow(i) {
    const v = this.view;
    const card = v.row[i].card;
    const options = (this.kinds.collect || []).filter((a) => a.index === i);
    const sel = this.selectedFaces();
    if (sel.length) {
      // the player chose the hand cards: send exactly that meld (the server explains a refusal)
      const want = handKey([...sel, card]);
      const hit = options.find((a) => a.onto < 0 && handKey(a.meld) === want);
      this.send(hit ? hit.text : `C${i} ${[...sel, card].join("")}`);
      return;
    }
    if (!options.length) {
      this.note = { text: `${t("pick.none")} ${t("sel.none")}`, error: true };
      this.render();
      return;
    }
    const n = v.row.length - 1 - i;
    const text = await this.choose(
      t("pick.collectTitle", { card: cardShort(card) }),
      t("pick.collectHelp", { card: cardShort(card), n }),
      options.map((a) => (a.onto >= 0 ? { text: a.text, label: t("pick.collectOnto", { card: cardShort(card), m: a.onto }) } : { text: a.text, groups: [a.meld] })),
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
    const ok = await this.choose(t("pick.pickupTitle", { card: cardShort(card) }), t("pick.pickupHelp", { card: cardShort(card), n: depth }), [{ text: a.text, label: t("act.pickup") }]);
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
      ...lay.map((a) => ({ text: a.text, groups: [[a.card]], label: t("act.layoffC") })),
      ...ex.map((a) => ({ text: a.text, groups: [[a.card]], label: t("act.exchange") })),
    ];
    if (options.length === 1) this.send(options[0].text);
    else if (options.length > 1) {
      const text = await this.choose(card === "*" ? t("pick.jokerTitle") : t("act.layoffC"), null, options);
      if (text) this.send(text);
    } else this.send(card === "*" ? `L *>${index}` : `L ${card}>${index}`);
  }

  async doMeld() {
    const sel = this.selectedFaces();
    if (!sel.length) return this.warn(t("err.selectSome"));
    const v = this.view;
    if (v.game === "dummy") {
      const hit = (this.kinds.meld || []).find((a) => handKey(a.cards) === handKey(sel));
      this.send(hit ? hit.text : `M ${sel.join("")}`);
      return;
    }
    const kind = this.kinds.godown ? "godown" : "meld";
    const key = handKey(sel);
    const options = (this.kinds[kind] || []).filter((a) => handKey(cardsOf(a)) === key);
    if (options.length === 1) return this.send(options[0].text);
    if (options.length > 1) {
      const text = await this.choose(kind === "godown" ? t("pick.goDownTitle") : t("act.meld"), null, options.map((a) => ({ text: a.text, groups: a.melds })));
      if (text) this.send(text);
      return;
    }
    // Not a legal grouping: send it as one meld so the server names the rule it breaks.
    const body = sel.map((c) => (c === "*" ? "*" : c)).join("");
    this.send(kind === "godown" ? `G ${body}` : `M ${body}`);
  }

  doDiscard() {
    const sel = this.selectedFaces();
    if (sel.length !== 1) return this.warn(t("err.selectOne"));
    const hit = (this.kinds.discard || []).find((a) => a.card === sel[0]);
    this.send(hit ? hit.text : `X ${sel[0]}`);
  }

  async doKnock() {
    const sel = this.selectedFaces();
    if (sel.length !== 1) return this.warn(t("err.selectOne"));
    const card = sel[0];
    const options = (this.kinds.knock || []).filter((a) => a.card === card);
    if (!options.length) return this.send(`K ${card}`);
    const text = await this.choose(
      t("pick.knockTitle", { card: cardShort(card) }),
      t("pick.knockHelp"),
      options.map((a) => ({
        text: a.text,
        groups: [...a.melds, ...a.layoffs.map((l) => [l.card])],
        label: a.melds.length || a.layoffs.length ? a.layoffs.map((l) => t("pick.collectOnto", { card: cardShort(l.card), m: l.target })).join(", ") : t("pick.knockBare"),
      })),
    );
    if (text) this.send(text);
  }

  warn(text) {
    this.note = { text, error: true };
    this.render();
  }

  async probeHints() {
    // Hints are offered only if this server has the hint endpoint (a body-less probe is refused
    // as malformed when it exists, and is "not found" when it does not).
    try {
      const res = await fetch(`/api/tables/${encodeURIComponent(this.code)}/hint`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      this.hintsAvailable = res.status !== 404 && res.status !== 405;
    } catch {
      this.hintsAvailable = false;
    }
    if (this.hintsAvailable) this.render();
  }

  async hint() {
    try {
      const res = await api("POST", `/api/tables/${encodeURIComponent(this.code)}/hint`, { token: this.token, lang: lang() });
      const hints = (res && res.hints) || [];
      if (!hints.length) this.note = { text: t("hint.none"), error: false };
      else {
        const best = hints[0];
        const move = describeMove(this.view.game, best.action, t("table.you"));
        this.note = { text: `${t("hint.suggest", { move: `${move} (${best.action})` })}${best.reason ? " — " + best.reason : ""}`, error: false };
        this.highlightHint(best.action);
      }
    } catch (e) {
      this.note = { text: `${t("hint.none")} ${e.message || ""}`, error: true };
    }
    this.render();
  }

  highlightHint(move) {
    const a = parseAction(this.view.game, move);
    const cards = cardsOf(a);
    if (!cards.length) return;
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
    const map = { d: () => this.kinds.draw && this.send("D"), x: () => this.doDiscard(), k: () => this.doKnock(), m: () => this.doMeld(), h: () => this.canHint() && this.hint(), escape: () => this.clearSel() };
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
    this.pendingLayoff = null;
    this.render();
  }

  canHint() {
    return !!this.hintsAvailable && this.info && this.info.seats.some((s) => s.kind === "bot") && !this.info.settings.rated;
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
    const s = Math.max(0, Math.round(this.msg.deadline - Date.now() / 1000));
    el.textContent = t("table.timer", { s });
    el.classList.toggle("low", s <= 10);
  }

  render() {
    if (!this.info) return;
    const active = document.activeElement;
    if (!this.focusKey && active && this.root.contains(active)) this.focusKey = focusKeyOf(active);
    const page = h("div", { class: "tablepage" });
    if (!this.view) page.appendChild(this.lobby());
    else page.append(...this.board());
    clear(this.root).appendChild(page);
    this.renderStatusLine();
    this.updateTimer();
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
    return h(
      "div",
      { class: "page" },
      h("h1", null, t("lobby.title", { code: info.code }), " · ", pick({ en: info.title, th: info.title })),
      h("p", { class: "conn", role: "status" }),
      h(
        "div",
        { class: "card-box" },
        h("p", null, t("lobby.share")),
        h("p", null, h("strong", { class: "mono", style: { fontSize: "1.4rem" }, "data-code": info.code }, info.code)),
        h("p", null, h("a", { href: link, class: "mono", "data-link": "1" }, link)),
        h(
          "button",
          {
            type: "button",
            onclick: () => {
              (navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject()).then(() => toast(t("lobby.copied")), () => toast(link));
            },
          },
          t("lobby.copy"),
        ),
      ),
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
              s.kind === "open" ? h("em", null, t("lobby.empty")) : s.kind === "bot" ? botName(s) : s.name,
              s.seat === this.seat ? ` (${t("table.you")})` : "",
            ),
          ),
        ),
        !mine && info.seats.some((s) => s.kind === "open") ? this.joinForm() : null,
        this.hostToken
          ? h(
              "div",
              { class: "row" },
              info.seats.some((s) => s.kind === "open") ? h("button", { type: "button", onclick: () => this.host("bots", { level: getPref("level", "easy") }) }, t("lobby.addBot")) : null,
              h("button", { type: "button", class: "primary", "data-start": "1", disabled: info.seats.some((s) => s.kind === "open"), onclick: () => this.host("start") }, t("lobby.start")),
            )
          : null,
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
            const res = await api("POST", `/api/tables/${encodeURIComponent(this.code)}/join`, { name });
            this.token = res.token;
            this.seat = res.seat;
            saveSeat(this.code, { token: res.token, seat: res.seat });
            this.info = res.table;
            if (this.sock) this.sock.close();
            this.connect();
            this.render();
          } catch (err) {
            toast(err.message);
          }
        },
      },
      h("div", null, h("label", { for: "joinname" }, t("home.name")), input),
      h("button", { type: "submit", class: "primary" }, t("lobby.sit")),
    );
  }

  async host(cmd, extra = {}) {
    try {
      await api("POST", `/api/tables/${encodeURIComponent(this.code)}/${cmd}`, { token: this.hostToken, ...extra });
      this.refreshInfo();
    } catch (e) {
      toast(e.message);
    }
  }

  board() {
    const v = this.view;
    const names = this.names;
    const mine = this.myTurn;
    const mover = toMove(v);
    const bots = this.info.seats.map((s) => s.kind === "bot" || s.standin);
    const offline = this.info.seats.map((s) => s.kind === "human" && !s.connected);
    const moverName = mover === this.seat ? t("table.yourTurn") : t("table.turn", { name: seatName(names, mover) });
    const phaseKey = v.game === "contract" && v.phase !== "claim" && v.phase !== "over" ? `phase.c.${v.phase}` : `phase.${v.phase.replace("lastdraw", "last_draw").replace("lastplay", "last_play")}`;
    const cfg = v.config;
    const status = h(
      "div",
      { class: "status" },
      h("span", { class: "turn" + (mover === this.seat ? " mine" : ""), "aria-live": "polite" }, v.over ? t("phase.over") : moverName),
      h("span", { class: "timer", "aria-live": "off" }),
      v.game === "dummy" ? h("span", null, t("table.game", { n: (this.msg.game || 0) + 1 })) : contractLine(v),
      v.game === "dummy" ? h("span", null, v.direction > 0 ? t("table.direction.cw") : t("table.direction.ccw")) : null,
      h("span", { class: "conn", role: "status" }),
    );
    const canCollect = mine && v.game === "dummy" && (v.phase === "draw" || v.phase === "lastdraw");
    const collectIdx = new Set((this.kinds.collect || []).map((a) => a.index));
    const selFaces = this.selectedFaces();
    const layTargets = new Set();
    if (mine && selFaces.length === 1) {
      for (const a of [...(this.kinds.layoff || []), ...(this.kinds.exchange || [])]) {
        if (a.card === selFaces[0] || (selFaces[0] === "*" && a.card[0] === "*")) layTargets.add(a.target);
      }
    }
    const canTapMelds = mine && (v.phase === "play" || v.phase === "lastplay");
    const pickDepths = new Set((this.kinds.pickup || []).map((a) => a.depth));
    const felt = h(
      "main",
      { class: "felt", id: "main" },
      status,
      this.lastMoves(),
      seatsStrip(v, names, { bots, offline }),
      h(
        "div",
        { class: "tablegrid" },
        pilesZone(
          v,
          names,
          this.kinds.draw && mine ? { onTap: () => this.send("D") } : {},
          v.game === "dummy"
            ? canCollect ? { can: (i) => collectIdx.has(i), onTap: (i) => this.tapRow(i) } : {}
            : mine && v.phase === "draw" ? { can: (d) => pickDepths.has(d), onTap: (d) => this.tapPile(d) } : {},
        ),
        meldsZone(v, names, canTapMelds ? { isTarget: (i) => layTargets.has(i), onTap: (i) => this.tapMeld(i) } : {}),
      ),
      v.over && v.hands.every((hd) => hd.cards) ? handsZone(v, names) : null,
      h("p", { class: "cfg mono" }, cfg),
    );
    return [felt, this.dock()];
  }

  lastMoves() {
    // The last moves of the other players, newest last; read out by screen readers as they come.
    return h("p", { class: "lastmoves", "aria-live": "polite" }, this.log.slice(-2).join(" · "));
  }

  dock() {
    const v = this.view;
    const mine = this.myTurn;
    const k = this.kinds;
    const buttons = [];
    const btn = (key, label, fn, opts = {}) =>
      buttons.push(h("button", { type: "button", class: opts.primary ? "primary" : opts.danger ? "danger" : "", "data-act": key, "aria-keyshortcuts": opts.keys || null, disabled: !mine || this.sending, onclick: fn }, label));
    if (mine) {
      const phase = v.phase;
      if (v.game === "dummy") {
        if (k.draw) btn("draw", t("act.draw"), () => this.send("D"), { primary: true, keys: "D" });
        if (phase === "play" || phase === "lastplay") {
          btn("meld", t("act.meld"), () => this.doMeld(), { keys: "M" });
          if (phase === "play") btn("discard", t("act.discard"), () => this.doDiscard(), { primary: true, keys: "X" });
          btn("knock", t("act.knock"), () => this.doKnock(), { danger: true, keys: "K" });
        }
      } else {
        if (k.draw) btn("draw", t("act.draw"), () => this.send("D"), { primary: true, keys: "D" });
        if (k.pickup && k.pickup.some((a) => a.depth === 0)) btn("take", t("act.take"), () => this.send("P"));
        if (k.claim) btn("claim", t("act.claim"), () => this.send("C"), { primary: true });
        if (phase === "play") {
          if (!v.down[this.seat]) btn("godown", t("act.goDown"), () => this.doMeld(), { keys: "M" });
          else if (k.meld) btn("meld", t("act.meld"), () => this.doMeld(), { keys: "M" });
          btn("discard", t("act.discardC"), () => this.doDiscard(), { primary: true, keys: "X" });
        }
      }
      if (k.pass) btn("pass", t("act.pass"), () => this.send("-"));
    }
    if (this.canHint() && mine) btn("hint", t("act.hint"), () => this.hint(), { keys: "H" });
    const sel = this.selectedFaces();
    let line;
    if (this.note) line = h("p", { class: "msg" + (this.note.error ? " error" : ""), role: this.note.error ? "alert" : "status" }, this.note.text);
    else if (this.seat === null || this.seat < 0) line = h("p", { class: "msg", role: "status" }, t("table.spectating"));
    else if (mine) {
      const phaseKey = v.game === "contract" ? (v.phase === "claim" ? "phase.claim" : `phase.c.${v.phase}`) : `phase.${v.phase === "lastdraw" ? "last_draw" : v.phase === "lastplay" ? "last_play" : v.phase}`;
      const extra = sel.length ? t("sel.some", { cards: sel.map(cardShort).join(" ") }) : "";
      const top = v.game === "contract" && v.pile.length ? cardShort(v.pile[v.pile.length - 1]) : "";
      line = h("p", { class: "msg", role: "status" }, t(phaseKey, { card: top }), extra ? " · " + extra : "");
    } else if (v.over && this.matchOver) {
      const m = this.matchOver;
      line = h("p", { class: "msg", role: "status" }, h("strong", null, t("over.matchTitle")), " · ", t("over.winner", { names: m.winners.map((q) => seatName(this.names, q)).join(", ") }));
      buttons.push(
        this.hostToken ? h("button", { type: "button", class: "primary", "data-act": "rematch", onclick: () => this.host("rematch") }, t("over.rematch")) : null,
        m.record ? h("a", { class: "btn", href: `#/replay/${encodeURIComponent(m.record)}` }, t("over.replay")) : null,
        h("a", { class: "btn", href: "#/" }, t("over.home")),
      );
    } else line = h("p", { class: "msg", role: "status" }, v.over ? t("over.waiting") : t("table.waitingFor", { name: seatName(this.names, toMove(v)) }));
    const hand = this.seat !== null && this.seat >= 0 ? this.handEl() : null;
    return h(
      "div",
      { class: "dock" },
      line,
      buttons.some(Boolean) ? h("div", { class: "actions", role: "toolbar", "aria-label": lang() === "th" ? "การเดิน" : "Moves" }, buttons) : null,
      hand,
    );
  }

  handEl() {
    const list = h("ul", { class: "hand", "aria-label": t("a11y.hand", { n: this.order.length }) });
    const first = this.order.find((id) => this.selected.has(id)) || this.order[0];
    this.order.forEach((id) => {
      const face = this.faceOf.get(id);
      const sel = this.selected.has(id);
      const button = h(
        "button",
        {
          type: "button",
          class: "card",
          "aria-pressed": sel ? "true" : "false",
          "aria-label": cardName(face),
          "aria-describedby": "handhelp",
          tabindex: id === first ? 0 : -1,
          dataset: { card: id, face },
          html: cardSVG(face),
          onclick: () => {
            if (this.dragMoved) return;
            if (sel) this.selected.delete(id);
            else this.selected.add(id);
            this.note = null;
            this.focusKey = "hand:" + id;
            this.render();
          },
        },
      );
      const li = h("li", { dataset: { id } }, button);
      this.dragHandlers(li, id);
      list.appendChild(li);
    });
    requestAnimationFrame(() => fitHand(list));
    const sorter = (mode, label) =>
      h(
        "button",
        {
          type: "button",
          "aria-pressed": this.sortMode === mode ? "true" : "false",
          "data-sort": mode,
          onclick: () => {
            this.sortHand(mode);
            this.render();
          },
        },
        label,
      );
    return h(
      "section",
      { "aria-labelledby": "handh" },
      h(
        "div",
        { class: "handbar" },
        h("h2", { id: "handh", style: { fontSize: "1rem", margin: 0 } }, t("table.hand"), ` (${this.order.length})`),
        h("div", { class: "sorts", role: "group", "aria-label": t("set.sortBy") }, sorter("suit", t("sort.suit")), sorter("rank", t("sort.rank")), this.selected.size ? h("button", { type: "button", "aria-label": t("act.clear"), title: t("act.clear"), onclick: () => this.clearSel() }, "×") : null),
      ),
      h("p", { id: "handhelp", class: "sr-only" }, t("a11y.dragHint"), " ", t("a11y.keys")),
      list,
    );
  }

  dragHandlers(li, id) {
    // Pointer drag to reorder (mouse and touch). No pointer capture until a drag really starts,
    // so a plain tap stays a click on the card button.
    li.addEventListener("pointerdown", (down) => {
      if (down.button !== 0) return;
      let dragging = false;
      const move = (e) => {
        const dx = e.clientX - down.clientX;
        if (!dragging && Math.abs(dx) > 12 && Math.abs(dx) > Math.abs(e.clientY - down.clientY)) {
          dragging = true;
          li.classList.add("dragging");
        }
        if (dragging) {
          e.preventDefault();
          li.style.transform = `translateX(${dx}px) translateY(${e.clientY - down.clientY}px)`;
        }
      };
      const up = (e) => {
        window.removeEventListener("pointermove", move);
        window.removeEventListener("pointerup", up);
        window.removeEventListener("pointercancel", up);
        if (!dragging) return;
        this.dragMoved = true;
        setTimeout(() => (this.dragMoved = false), 0);
        li.style.transform = "";
        li.classList.remove("dragging");
        // drop before the card under the pointer, or at the end of the row it is on
        const others = [...li.parentElement.children].filter((x) => x !== li);
        let before = null;
        for (const o of others) {
          const r = o.getBoundingClientRect();
          if (e.clientY >= r.top - 8 && e.clientY <= r.bottom + 8 && e.clientX < r.left + r.width / 2) {
            before = o.dataset.id;
            break;
          }
        }
        const rest = this.order.filter((x) => x !== id);
        const at = before === null ? rest.length : rest.indexOf(before);
        rest.splice(at, 0, id);
        this.order = rest;
        this.sortMode = "custom";
        this.render();
      };
      window.addEventListener("pointermove", move);
      window.addEventListener("pointerup", up);
      window.addEventListener("pointercancel", up);
    });
  }

  // ---------- end of a game ----------

  async showQueuedOver() {
    if (this.showingOver || !this.overQueue.length) return;
    this.showingOver = true;
    const e = this.overQueue.shift();
    const matchEv = e.match || null;
    const isHost = !!this.hostToken;
    await modal(
      (close) =>
        gameOverPanel({
          event: e,
          games: this.games.filter((g) => g.v <= e.v),
          names: this.names,
          game: this.view ? this.view.game : "dummy",
          matchOver: matchEv,
          onClose: () => close(true),
          onRematch: isHost && matchEv ? async () => {
            close(true);
            await this.host("rematch");
          } : null,
          replayId: matchEv ? matchEv.record : null,
        }),
      { label: t("over.title") },
    );
    this.showingOver = false;
    this.showQueuedOver();
  }
}

export { ITEM_NAMES };

function botName(s) {
  const lv = s.level ? t("level." + s.level) : "";
  return `${lang() === "th" ? "บอท" : "Bot"} ${s.seat + 1}${lv && !lv.startsWith("level.") ? ` (${lv})` : ""}`;
}

export function describeMove(game, text, name) {
  const a = parseAction(game, text);
  switch (a.kind) {
    case "draw":
      return t("move.D", { name });
    case "collect":
      return t("move.C", { name, card: a.meld.length ? a.meld.map(cardShort).join(" ") : "" });
    case "meld":
      return t("move.M", { name, cards: a.cards.map(cardShort).join(" ") });
    case "godown":
      return t("move.G", { name });
    case "layoff":
      return t("move.L", { name, card: cardShort(a.card) });
    case "exchange":
      return t("move.E", { name });
    case "discard":
      return t("move.X", { name, card: cardShort(a.card) });
    case "knock":
      return t("move.K", { name });
    case "pickup":
      return t("move.P", { name });
    case "claim":
      return t("move.claim", { name });
    case "pass":
      return t("move.pass", { name });
    default:
      return `${name}: ${text}`;
  }
}

function fitHand(list) {
  // Overlap the cards so each row holds as many as fit with at least 40 px of each card showing.
  const n = list.children.length;
  if (!n) return;
  const width = list.clientWidth;
  const first = list.firstElementChild;
  const cw = first ? first.getBoundingClientRect().width : 60;
  const perRowWanted = Math.min(n, Math.ceil(n / Math.ceil(n / Math.max(1, Math.floor((width - cw) / 40) + 1))));
  let step = perRowWanted > 1 ? Math.floor((width - cw) / (perRowWanted - 1)) : cw + 6;
  step = Math.max(36, Math.min(cw + 6, step));
  list.style.setProperty("--step", step + "px");
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
