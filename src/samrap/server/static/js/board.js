// Drawing a parsed position: seats, the Dummy discard row or the Contract pile, the stock, the
// table melds grouped by owner with who put down each card, and card lists. Used by the live
// table and by the replay viewer; every control here is created by the caller's callbacks.

import { cardName, cardSVG, cardShort } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { CONTRACTS, toMove } from "./view.js";

export function seatName(names, q) {
  return (names && names[q]) || t("lobby.seat", { n: q + 1 });
}

export function seatDot(q, names) {
  const name = seatName(names, q);
  return h("span", { class: `seat-dot sc${q % 8}`, title: name, "aria-hidden": "true" }, String(q + 1));
}

/** A card as an image (not a control). */
export function cardImg(card, mini = false) {
  return h("span", { class: "cd-wrap", role: "img", "aria-label": cardName(card), html: cardSVG(card, { mini }) });
}

/** A compact list of small cards with one accessible name. */
export function miniCards(cards) {
  return h(
    "span",
    { class: "mini", role: "img", "aria-label": cards.map(cardName).join(", ") },
    cards.map((c) => h("span", { html: cardSVG(c, { mini: true }) })),
  );
}

export function contractText(deal) {
  const [sets, runs] = CONTRACTS[deal - 1] || [0, 0];
  const parts = [];
  const th = t("lang.switch") === "English";
  if (sets) parts.push(th ? `ตอง ${sets} กอง` : `${sets} set${sets > 1 ? "s" : ""}`);
  if (runs) parts.push(th ? `เรียง ${runs} กอง` : `${runs} run${runs > 1 ? "s" : ""}`);
  return parts.join(" + ");
}

/** The seats strip: name, cards in hand, born/down, score, whose turn. */
export function seatsStrip(v, names, extra = {}) {
  const mover = toMove(v);
  return h(
    "ul",
    { class: "seats", "aria-label": t("nav.home") === "Home" ? "Players" : "ผู้เล่น", style: { listStyle: "none", padding: 0, margin: "0 0 8px" } },
    Array.from({ length: v.players }, (_, q) => {
      const me = q === v.seat;
      const flag =
        v.game === "dummy"
          ? v.born[q]
            ? h("span", { class: "badge born" }, t("table.born"))
            : h("span", { class: "badge unborn" }, t("table.notBorn"))
          : v.down[q]
            ? h("span", { class: "badge born" }, t("table.down"))
            : h("span", { class: "badge unborn" }, t("table.notDown"));
      const hand = v.hands[q];
      const known = !me && hand.known && hand.known.length && !hand.cards ? t("table.known", { cards: hand.known.map(cardShort).join(" ") }) : "";
      const tags = [];
      if (me) tags.push(t("table.you"));
      if (extra.bots && extra.bots[q]) tags.push(t("table.bot"));
      if (extra.offline && extra.offline[q]) tags.push(t("table.offline"));
      return h(
        "li",
        { class: "seat" + (q === mover ? " turn" : ""), dataset: { seat: q }, "aria-current": q === mover ? "true" : null },
        h("div", { class: "name" }, seatDot(q, names), h("span", { class: "nm" }, seatName(names, q)), tags.length ? h("span", { class: "tagline" }, `(${tags.join(", ")})`) : null),
        h(
          "div",
          { class: "tagline" },
          flag,
          " ",
          t("table.cards", { n: hand.size }),
          " · ",
          t("table.score", { n: v.scores[q] }),
          v.game === "contract" && v.buys[q] ? ` · ${t("table.buys", { n: v.buys[q] })}` : "",
        ),
        known ? h("div", { class: "tagline" }, known) : null,
        v.game === "dummy" && v.knocker === q && v.knockCard
          ? h("div", { class: "tagline" }, h("strong", null, t("over.knockedWith", { card: cardShort(v.knockCard) })), v.turnBorn ? "" : ` · ${t("over.dark")}`)
          : null,
      );
    }),
  );
}

/**
 * The Dummy discard row, oldest first, every card visible, each with its index and who
 * discarded it. ``opts.can(i)`` marks collectable cards; ``opts.onTap(i)`` makes them buttons.
 */
export function rowZone(v, names, opts = {}) {
  const items = v.row.map((r, i) => {
    const who = r.by < 0 ? (r.card === v.head ? t("table.head") : t("table.upcard")) : t("table.discardedBy", { name: seatName(names, r.by) });
    const can = opts.can ? opts.can(i) : false;
    const label = `${i}: ${cardName(r.card)}, ${who}${can ? ", " + t("a11y.canCollect") : ""}`;
    const face = h("span", { html: cardSVG(r.card, { mini: true }) });
    const card = opts.onTap
      ? h("button", { class: "card", type: "button", "aria-label": label, dataset: { row: i }, onclick: () => opts.onTap(i) }, face)
      : h("span", { class: "card", role: "img", "aria-label": label }, face);
    return h(
      "li",
      { class: "rowcard" + (can ? " can" : "") + (r.by < 0 ? " head" : "") },
      card,
      h("span", { class: "who", "aria-hidden": "true" }, r.by < 0 ? h("span", { class: "badge born", style: { fontSize: ".7rem" }, lang: "th" }, "หัว") : seatDot(r.by, names)),
    );
  });
  return h(
    "section",
    { class: "zone", "aria-labelledby": "rowh" },
    h("h2", { id: "rowh" }, t("table.row"), h("span", { class: "muted" }, opts.onTap ? t("table.rowHelp") : "")),
    items.length ? h("ol", { class: "rowcards", start: 0 }, items) : h("p", { class: "muted" }, "–"),
  );
}

/** The Contract Rummy discard pile, oldest first, the top card last. */
export function pileZone(v, opts = {}) {
  const n = v.pile.length;
  const items = v.pile.map((card, i) => {
    const depth = n - 1 - i;
    const can = opts.can ? opts.can(depth) : false;
    const label = `${cardName(card)}${depth === 0 ? " (top)" : ""}${can ? ", " + t("a11y.canCollect") : ""}`;
    const face = h("span", { html: cardSVG(card, { mini: true }) });
    const el = opts.onTap
      ? h("button", { class: "card", type: "button", "aria-label": label, dataset: { depth }, onclick: () => opts.onTap(depth) }, face)
      : h("span", { class: "card", role: "img", "aria-label": label }, face);
    return h("li", { class: "rowcard" + (can ? " can" : "") }, el);
  });
  return h(
    "section",
    { class: "zone", "aria-labelledby": "pileh" },
    h("h2", { id: "pileh" }, t("table.pile"), h("span", { class: "muted" }, opts.onTap ? t("table.pileHelp") : "")),
    items.length ? h("ol", { class: "rowcards" }, items) : h("p", { class: "muted" }, "–"),
  );
}

export function stockZone(v, opts = {}) {
  // The stock as a compact column (its count on the pile and under it), beside the row or pile.
  const label = t("table.stockN", { n: v.stock });
  const img = h("span", { html: cardSVG("?", {}) });
  const count = h("span", { class: "count", "aria-hidden": "true" }, String(v.stock));
  const pile = opts.onTap
    ? h("button", { class: "card pile", type: "button", "aria-label": `${t("act.draw")}: ${label}`, onclick: opts.onTap, "data-stock": "1" }, img, count)
    : h("span", { class: "pile", role: "img", "aria-label": label }, img, count);
  return h("div", { class: "stockline" }, pile, h("div", { class: "stock-label", "aria-hidden": "true" }, t("table.stock")));
}

/** "Deal 2 of 7 · Contract: 1 set + 1 run" for a Contract Rummy view. */
export function contractLine(v) {
  return h("span", { class: "contractline" }, t("table.deal", { n: v.deal }), " · ", h("strong", null, t("table.contract", { c: contractText(v.deal) })));
}

/** The stock beside the Dummy row or the Contract pile. */
export function pilesZone(v, names, stockOpts, rowOpts) {
  return h("div", { class: "piles" }, stockZone(v, stockOpts), v.game === "dummy" ? rowZone(v, names, rowOpts) : pileZone(v, rowOpts));
}

/**
 * Table melds grouped by owner; each card laid off by another player carries that player's dot.
 * ``opts.isTarget(index)`` highlights melds; ``opts.onTap(index)`` makes melds buttons.
 */
export function meldsZone(v, names, opts = {}) {
  const groups = [];
  for (let q = 0; q < v.players; q++) {
    const mine = v.melds.filter((m) => m.owner === q);
    if (!mine.length) continue;
    groups.push(
      h(
        "div",
        { class: "meldgroup", dataset: { owner: q } },
        h("div", { class: "owner" }, seatDot(q, names), seatName(names, q)),
        mine.map((m) => meldEl(m, v, names, opts)),
      ),
    );
  }
  return h(
    "section",
    { class: "zone", "aria-labelledby": "meldh" },
    h("h2", { id: "meldh" }, t("table.melds")),
    groups.length ? h("div", { class: "meldgroups" }, groups) : h("p", { class: "muted", style: { color: "var(--on-felt-muted)", margin: 0 } }, t("table.noMelds")),
  );
}

function meldEl(m, v, names, opts) {
  const cardsText = m.cards
    .map((c) => cardName(c.card) + (c.by >= 0 && c.by !== m.owner ? ` (${t("table.putBy", { name: seatName(names, c.by) })})` : ""))
    .join(", ");
  const label = t("a11y.meld", { i: m.index, owner: seatName(names, m.owner), cards: cardsText });
  const inner = [
    h("span", { class: "num", "aria-hidden": "true" }, String(m.index)),
    m.cards.map((c) =>
      h(
        "span",
        { class: "mc", "aria-hidden": "true" },
        h("span", { html: cardSVG(c.card, { mini: true }) }),
        c.by >= 0 && c.by !== m.owner ? seatDot(c.by, names) : null,
      ),
    ),
  ];
  const target = opts.isTarget ? opts.isTarget(m.index) : false;
  if (opts.onTap) {
    return h("button", { type: "button", class: "meld" + (target ? " target" : ""), "aria-label": label, dataset: { meld: m.index }, onclick: () => opts.onTap(m.index) }, inner);
  }
  return h("div", { class: "meld", role: "img", "aria-label": label, dataset: { meld: m.index } }, inner);
}

/** Every hand, when they are shown (the end of a game, or a replay). */
export function handsZone(v, names, note) {
  return h(
    "section",
    { class: "zone allhands", "aria-labelledby": "allh" },
    h("h2", { id: "allh" }, t("over.hands"), note ? h("span", { class: "muted" }, note) : null),
    v.hands.map((hd, q) => h("div", { class: "handrow" }, seatDot(q, names), h("strong", null, seatName(names, q)), miniCards(hd.cards || []))),
  );
}
