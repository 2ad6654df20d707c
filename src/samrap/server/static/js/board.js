// Small pieces of a drawn position shared by the table, the end of a game, the replay and the
// review: seat names and colour dots, a compact list of cards, the Contract line, every hand.
// The seated table itself is felt.js.

import { cardName, cardSVG } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { CONTRACTS } from "./view.js";

export function seatName(names, q) {
  return (names && names[q]) || t("lobby.seat", { n: q + 1 });
}

export function seatDot(q, names) {
  const name = seatName(names, q);
  return h("span", { class: `seat-dot sc${q % 8}`, title: name, "aria-hidden": "true" }, String(q + 1));
}

/** A compact list of small cards with one accessible name. */
export function miniCards(cards) {
  return h(
    "span",
    { class: "mini", role: "img", "aria-label": cards.map(cardName).join(", ") },
    cards.map((c) => h("span", { html: cardSVG(c, { mini: true }) })),
  );
}

/** A deal's contract in words: "2 sets + 1 run", "ตอง 2 ชุด + เรียง 1 ชุด" (rule 7). */
export function contractText(deal) {
  const [sets, runs] = CONTRACTS[deal - 1] || [0, 0];
  const parts = [];
  if (sets) parts.push(sets === 1 ? t("tbl.set1") : t("tbl.sets", { n: sets }));
  if (runs) parts.push(runs === 1 ? t("tbl.run1") : t("tbl.runs", { n: runs }));
  return parts.join(" + ");
}

/** "Deal 2 of 7 · Contract: 1 set + 1 run" for a Contract Rummy view. */
export function contractLine(v) {
  return h("span", { class: "contractline" }, t("tbl.deal", { n: v.deal }), " · ", h("strong", null, t("tbl.contract", { c: contractText(v.deal) })));
}

/** Every hand, when they are shown (the end of a game). */
export function handsZone(v, names, note) {
  return h(
    "section",
    { class: "zone allhands", "aria-labelledby": "allh" },
    h("h2", { id: "allh" }, t("over.hands"), note ? h("span", { class: "muted" }, note) : null),
    v.hands.map((hd, q) => h("div", { class: "handrow" }, seatDot(q, names), h("strong", null, seatName(names, q)), miniCards(hd.cards || []))),
  );
}
