// A table before its first deal (mixed into table.js's TableController when one is drawn, so a
// shared link to a game in play does not load it): the seats, the share panel, joining, the
// host's bots, start and visibility. The quick match's wait lives in lobby.js, loaded when needed.

import { seatDot } from "./board.js";
import { h, toast } from "./dom.js";
import { avatarPicker, myAvatar } from "./faces.js";
import { tableTitle } from "./felt.js";
import { lang, t } from "./i18n.js";
import { api, getPref, saveSeat, seatFor, setPref } from "./net.js";
import { sharePanel } from "./share.js";

export const seating = {
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
  },

  /** A quick-match table waiting for strangers: the wait and the offer of bots (lobby.js, loaded when needed). */
  quickWait() {
    if (this.lobbyMod) return this.lobbyMod.quickWait(this);
    import("./lobby.js").then((m) => {
      this.lobbyMod = m;
      if (!this.stopped && !this.view) this.render();
    });
    return null;
  },

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
  },

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
  },
};
