// Chat at the table (issue 23.3): a drawer on a phone, a panel on a desktop (chat.css rules in
// table.css), each line also shown for a few seconds as a bubble at the speaker's seat; quick
// phrases and reactions in one tap, a mute per player, the server's refusals (empty, too long,
// too fast, phrases only) in the reader's language. Loaded lazily by the table page (table.js
// mounts it), so the first load of a table does not carry it.
//
// The panel lives outside the table page's redrawn tree (the page is rebuilt on every view), so
// typing is never interrupted by a move; only the bubbles are put back after each redraw.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { getPref, setPref } from "./net.js";

/** The server's quick phrases (samrap.server.chat.PHRASES), sent as ":key:". */
export const PHRASES = ["hi", "gl", "nice", "thanks", "sorry", "wait", "hurry", "gg", "again", "bye"];
/** The server's reactions (samrap.server.chat.REACTIONS). */
export const REACTIONS = ["👍", "😂", "😮", "😢", "😡", "🙏", "🎉", "❤️"];
const BUBBLE_MS = 6000;
const MAX_LINES = 200;

/** A line as the server stores it is HTML-escaped; it is shown as text, so undo the escaping. */
export function unescapeLine(text) {
  return String(text)
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

/** What a line says to this reader: a quick phrase in the reader's language, else the text. */
export function lineText(text) {
  const m = /^:([a-z]+):$/.exec(text);
  if (m && PHRASES.includes(m[1])) return t("chat.p." + m[1]);
  return unescapeLine(text);
}

/** A refusal of the server in the reader's words (the server's message is English). */
export function chatError(err) {
  const msg = (err && err.message) || "";
  if (err && err.code === "rate_limited") return t("chat.errFast");
  if (err && err.code === "spectator") return t("chat.readOnly");
  if (/phrases/.test(msg)) return t("chat.errPhrases");
  if (/empty/.test(msg)) return t("chat.errEmpty");
  if (/at most/.test(msg)) return t("chat.errLong");
  return t("err.code.chat_rejected");
}

class Chat {
  constructor(ctl) {
    this.ctl = ctl;
    this.lines = [];
    this.seen = new Set();
    this.refs = new Set();
    this.unread = 0;
    this.open = false;
    this.bubbles = new Map(); // seat -> {text, until}
    this.shown = [];
    this.muted = new Set(getPref(`chatMutes.${ctl.code}`, []));
    this.build();
    for (const m of ctl.chatEarly || []) this.onMessage(m);
    ctl.chatEarly = [];
  }

  get seat() {
    const s = this.ctl.seat;
    return s !== null && s !== undefined && s >= 0 ? s : null;
  }

  get phrasesOnly() {
    const info = this.ctl.info;
    return !!(info && info.settings && info.settings.chat === "phrases");
  }

  name(seat) {
    const names = this.ctl.names || [];
    return names[seat] || t("lobby.seat", { n: seat + 1 });
  }

  build() {
    this.badge = h("span", { class: "chat-badge", hidden: true });
    this.toggle = h(
      "button",
      { type: "button", class: "chat-toggle", id: "chat-toggle", "aria-expanded": "false", "aria-controls": "chat-panel", onclick: () => this.setOpen(!this.open) },
      // a drawn speech bubble, not an emoji: every system draws it the same
      h("span", { class: "chat-icon", "aria-hidden": "true", html: '<svg viewBox="0 0 24 24" width="20" height="20"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>' }),
      h("span", { class: "chat-word" }, t("chat.open")),
      this.badge,
    );
    this.log = h("ol", { class: "chat-log", "aria-label": t("chat.title") });
    this.error = h("p", { class: "chat-error", role: "alert", hidden: true });
    this.announce = h("p", { class: "sr-only", role: "status", "aria-live": "polite" });
    this.input = h("input", { type: "text", id: "chat-input", maxlength: 280, autocomplete: "off", enterkeyhint: "send" });
    this.form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (e) => {
          e.preventDefault();
          if (this.send(this.input.value)) this.input.value = "";
        },
      },
      h("label", { for: "chat-input", class: "sr-only" }, t("chat.label")),
      this.input,
      h("button", { type: "submit", class: "primary" }, t("chat.send")),
    );
    this.quick = h(
      "div",
      { class: "chat-quick" },
      h("div", { class: "chat-phrases", role: "group", "aria-label": t("chat.phrases") }, PHRASES.map((k) => h("button", { type: "button", class: "chip", dataset: { phrase: k }, onclick: () => this.send(`:${k}:`) }, t("chat.p." + k)))),
      h("div", { class: "chat-reactions", role: "group", "aria-label": t("chat.reactions") }, REACTIONS.map((e) => h("button", { type: "button", class: "chip emoji", "aria-label": e, dataset: { reaction: e }, onclick: () => this.send(e) }, e))),
    );
    this.mutes = h("details", { class: "chat-mutes" });
    this.note = h("p", { class: "muted small chat-note" });
    this.panel = h(
      "div",
      { class: "chat-panel", id: "chat-panel", role: "dialog", "aria-label": t("chat.title"), hidden: true },
      h("div", { class: "chat-head" }, h("h2", null, t("chat.title")), h("button", { type: "button", class: "chat-close", "aria-label": t("chat.close"), onclick: () => this.setOpen(false) }, "×")),
      this.mutes,
      this.log,
      this.note,
      this.quick,
      this.form,
      this.error,
    );
    this.root = h("aside", { class: "chat", "aria-label": t("chat.title") }, this.panel, this.announce);
    (document.getElementById("app") || document.body).appendChild(this.root);
    this.placeToggle();
    this.refresh();
  }

  /** The chat button sits in the header bar (never over a card a player taps); the header is
   * drawn again on some changes, so it is put back after each redraw of the table. */
  placeToggle() {
    if (this.toggle.isConnected) return;
    const bar = document.querySelector("header.top");
    const lang = bar && bar.querySelector("#lang");
    if (lang) bar.insertBefore(this.toggle, lang);
    else this.root.prepend(this.toggle);
  }

  setOpen(open) {
    this.open = open;
    this.panel.hidden = !open;
    this.toggle.setAttribute("aria-expanded", open ? "true" : "false");
    document.documentElement.classList.toggle("chat-open", open);
    if (open) {
      this.unread = 0;
      this.refresh();
      this.log.scrollTop = this.log.scrollHeight;
      if (!this.form.hidden) this.input.focus({ preventScroll: true });
    } else this.toggle.focus({ preventScroll: true });
  }

  /** Redraw what depends on the table: the seat (a watcher only reads), the mutes, the note. */
  refresh() {
    const mine = this.seat;
    const reader = mine === null;
    this.quick.hidden = reader;
    this.form.hidden = reader || this.phrasesOnly;
    this.note.textContent = reader ? t("chat.readOnly") : this.phrasesOnly ? t("chat.phrasesOnly") : "";
    this.note.hidden = !this.note.textContent;
    this.badge.hidden = !this.unread;
    this.badge.textContent = this.unread ? String(this.unread) : "";
    this.badge.title = this.unread ? t("chat.unread", { n: this.unread }) : "";
    const info = this.ctl.info;
    const others = reader || !info ? [] : info.seats.filter((s) => s.kind === "human" && s.seat !== mine);
    this.mutes.hidden = !others.length;
    this.mutes.replaceChildren(
      h("summary", null, t("chat.mutes")),
      h(
        "ul",
        null,
        others.map((s) => {
          const on = this.muted.has(s.seat);
          return h(
            "li",
            null,
            h("button", { type: "button", "aria-pressed": on ? "true" : "false", dataset: { mute: s.seat }, onclick: () => this.mute(s.seat, !on) }, t(on ? "chat.unmute" : "chat.mute", { name: this.name(s.seat) })),
          );
        }),
      ),
    );
    if (!this.lines.length) this.log.replaceChildren(h("li", { class: "muted chat-empty" }, t("chat.empty")));
  }

  send(text) {
    const sock = this.ctl.sock;
    this.error.hidden = true;
    const ref = sock ? sock.send({ t: "chat", text }) : null;
    if (!ref) {
      this.showError(t("err.connection"));
      return false;
    }
    this.refs.add(ref);
    return true;
  }

  mute(seat, on) {
    const sock = this.ctl.sock;
    if (!sock || !sock.send({ t: "mute", seat, muted: on })) return this.showError(t("err.connection"));
    if (on) this.muted.add(seat);
    else this.muted.delete(seat);
    setPref(`chatMutes.${this.ctl.code}`, [...this.muted]);
    this.refresh();
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
    if (!this.open) this.setOpen(true);
  }

  /** Whether an error message answers a line this chat sent (so the table does not show it). */
  owns(ref) {
    return !!ref && this.refs.has(ref);
  }

  onMessage(m) {
    if (m.t === "ack") {
      this.refs.delete(m.ref);
      return;
    }
    if (m.t === "error") {
      this.refs.delete(m.ref);
      this.showError(chatError(m.error));
      return;
    }
    if (m.t !== "chat" || this.seen.has(m.id)) return;
    this.seen.add(m.id);
    if (this.muted.has(m.seat) && m.seat !== this.seat) return; // muted before a reload
    const line = { id: m.id, seat: m.seat, name: m.name, text: lineText(m.text), at: m.at };
    this.lines.push(line);
    if (this.lines.length > MAX_LINES) this.lines.shift();
    if (this.lines.length === 1) this.log.replaceChildren();
    this.log.appendChild(this.lineEl(line));
    if (this.log.children.length > MAX_LINES) this.log.firstChild.remove();
    this.log.scrollTop = this.log.scrollHeight;
    // history replayed after hello is not news: no bubble, no badge
    if (m.live === false) return;
    if (m.seat !== this.seat) {
      if (!this.open) this.unread++;
      this.announce.textContent = `${m.name}: ${line.text}`;
    }
    this.bubbles.set(m.seat, { text: line.text, until: Date.now() + BUBBLE_MS, id: m.id });
    this.shown.push({ seat: m.seat, text: line.text }); // what was shown at which seat (tests read it)
    if (this.shown.length > 50) this.shown.shift();
    this.placeBubbles();
    setTimeout(() => this.placeBubbles(), BUBBLE_MS + 50);
    this.refresh();
  }

  lineEl(line) {
    const me = line.seat === this.seat;
    return h(
      "li",
      { class: "chat-line" + (me ? " mine" : ""), dataset: { speaker: line.seat } },
      h("span", { class: "chat-who", "data-name": "" }, me ? t("tbl.you") : line.name),
      h("span", { class: "chat-text" }, line.text),
    );
  }

  /** Put the live bubbles at their seats (after every redraw of the table, which drops them). */
  placeBubbles() {
    const now = Date.now();
    for (const old of document.querySelectorAll(".chat-bubble")) old.remove();
    for (const [seat, b] of this.bubbles) {
      if (b.until < now) {
        this.bubbles.delete(seat);
        continue;
      }
      const area = document.querySelector(`.seat-area[data-seat="${seat}"] .pod`) || document.querySelector(`.lobby-seats li:nth-child(${seat + 1})`);
      if (!area) continue;
      area.appendChild(h("span", { class: "chat-bubble", "aria-hidden": "true", dataset: { speaker: seat, id: b.id } }, b.text));
    }
  }

  /** Called by the table page after each redraw. */
  attach() {
    this.placeToggle();
    this.refresh();
    this.placeBubbles();
  }

  stop() {
    document.documentElement.classList.remove("chat-open");
    this.toggle.remove();
    this.root.remove();
  }
}

export function mountChat(ctl) {
  return new Chat(ctl);
}
