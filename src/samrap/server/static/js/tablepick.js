// From a tap to an action text (mixed into table.js's TableController): the pickers for a
// collect, a pick-up, a lay-off, a meld or go-down and a knock, and the hint's cards selected.
// A choice outside the server's legal list is still sent, so the server names the broken rule.

import { cardsOf, handKey, parseAction } from "./actions.js";
import { miniCards } from "./board.js";
import { cardName, cardShort } from "./cards.js";
import { h, modal } from "./dom.js";
import { t } from "./i18n.js";

export const picking = {
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
  },

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
  },

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
  },

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
  },

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
  },

  /** A row card dragged onto a table meld: the collect that puts it there, if there is one (else
   *  the server is asked anyway and says why not). */
  collectOnto(i, meld) {
    const hit = (this.kinds.collect || []).find((a) => a.index === i && a.onto === meld);
    this.send(hit ? hit.text : `C${i} >${meld}`);
  },

  /** Dummy collects whose new meld takes exactly the selected hand cards. */
  collectsWith(sel) {
    const hand = new Set(this.view.hand);
    const key = handKey(sel);
    return (this.kinds.collect || []).filter((a) => a.onto < 0 && handKey(a.meld.filter((c) => hand.has(c))) === key);
  },

  meldOptions(sel) {
    const v = this.view;
    if (!sel.length || !v) return [];
    const key = handKey(sel);
    if (v.game === "dummy") return (this.kinds.meld || []).filter((a) => handKey(a.cards) === key);
    const kind = this.kinds.godown ? "godown" : "meld";
    return (this.kinds[kind] || []).filter((a) => handKey(cardsOf(a)) === key);
  },

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
  },

  doDiscard() {
    const sel = this.selectedFaces();
    if (sel.length !== 1) return this.warn(t("err.selectOne"));
    const hit = (this.kinds.discard || []).find((a) => a.card === sel[0]);
    this.send(hit ? hit.text : `X ${sel[0]}`);
  },

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
  },

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
  },
};
