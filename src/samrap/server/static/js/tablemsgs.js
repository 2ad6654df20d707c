// The table's socket messages (table.js's TableController, mixed into it): the welcome, a changed
// table, each view with the events that led to it (the move log, the last turn's moves, the
// game and match ends), a refused move, and the end-of-game dialogs queued while events come in.

import { byKind, parseAction } from "./actions.js";
import { seatName } from "./board.js";
import { modal } from "./dom.js";
import { lang, t } from "./i18n.js";
import { gameOverPanel, RULES_TH } from "./ledger.js";
import { describeMove, shortMove } from "./moves.js";
import { api, errorText, setPref } from "./net.js";
import { playSound } from "./sound.js";
import { parsePosition } from "./view.js";

// moments.js (the banners and sounds of a knock, หัว, หมดมือ...), loaded at the first move that
// can be one, so a table's first load does not carry it
let momentsModule = null;
const moments = () => (momentsModule ||= import("./moments.js"));

/** Events that may hold a moment: a knock, a collect (Dummy), a go-down or a buy (Contract), the end of a game. */
function mayHoldMoment(events) {
  return (events || []).some((e) => e.kind === "game_over" || (e.kind === "act" && /^[KCG]/i.test(e.action || "")));
}

/** Takes down a banner still showing when the table is left (nothing to do if none was ever loaded). */
export function clearLoadedMoments() {
  if (momentsModule) momentsModule.then((m) => m.clearMoments()).catch(() => {});
}

export const messages = {
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
  },

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
  },

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
  },

  refreshInfo() {
    api("GET", `/api/tables/${encodeURIComponent(this.code)}`)
      .then((info) => {
        this.info = info;
        this.render();
      })
      .catch(() => {});
  },

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
  },

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
  },
};

/** What of a table's info is drawn: a change elsewhere (the watcher count) needs no redraw. */
function infoKey(info) {
  const { spectators, version, ...rest } = info;
  return JSON.stringify(rest);
}
