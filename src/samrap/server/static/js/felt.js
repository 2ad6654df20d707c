// The seated table: every player around a felt table, the stock and the discard row (Dummy) or
// pile (Contract Rummy) in the centre, each player's melds beside their seat.
// ``renderTable(view, opts)`` draws one parsed position; the live table, the replay viewer and a
// game review all call it, so they draw the same table. Every control comes from ``opts``
// callbacks; nothing here decides what is legal (the server's legal list does, in table.js).

import { seatName } from "./board.js";
import { cardName, cardShort, cardSVG } from "./cards.js";
import { h } from "./dom.js";
import { hasKey, t } from "./i18n.js";
import { configFields, toMove } from "./view.js";

/** Dummy card values (rule 22): 2-9 are 5, 10 J Q K are 10, an ace 15, the spetos 2♣ and Q♠ 50. */
export function dummyValue(card) {
  if (card === "2c" || card === "Qs") return 50;
  const r = card[0];
  if (r === "A") return 15;
  return "TJQK".includes(r) ? 10 : 5;
}

/** A Dummy speto (สเปโต, rule 22): 2♣ and Q♠, 50 points each. */
export function isSpeto(game, card) {
  return game === "dummy" && (card === "2c" || card === "Qs");
}

/** A card's face for a game: spetos marked in Dummy. */
export function faceSVG(game, card, opts = {}) {
  return cardSVG(card, isSpeto(game, card) ? { ...opts, speto: true } : opts);
}

/** A card's spoken name for a game: a Dummy speto says so ("2 of clubs, speto, 50 points"). */
export function faceName(game, card) {
  return isSpeto(game, card) ? `${cardName(card)}, ${t("tbl.speto")}` : cardName(card);
}

/** The points each seat has put on the table so far (Dummy: the value of every card it put down). */
export function tablePoints(v) {
  const out = new Array(v.players).fill(0);
  if (v.game !== "dummy") return out;
  for (const m of v.melds) for (const c of m.cards) if (c.by >= 0) out[c.by] += dummyValue(c.card);
  return out;
}

/**
 * Where each seat sits, seen from ``me`` at the bottom: "me", "left", "top", "right" (and
 * "topleft"/"topright" from five players). The next player in the direction of play sits on
 * the left when play goes clockwise, on the right when it goes counter-clockwise.
 */
export function seatPositions(n, me, direction = 1) {
  const k = n - 1;
  const names = {
    0: [],
    1: ["top"],
    2: ["left", "right"],
    3: ["left", "top", "right"],
    4: ["left", "topleft", "topright", "right"],
    5: ["left", "topleft", "top", "topright", "right"],
  }[k] || Array.from({ length: k }, (_, i) => (i === 0 ? "left" : i === k - 1 ? "right" : "top"));
  const out = new Array(n);
  const base = me >= 0 ? me : 0;
  out[base] = "me";
  for (let r = 1; r < n; r++) {
    const q = (base + direction * r + n * 2) % n;
    out[q] = names[r - 1];
  }
  return out;
}

/** The seats in the order they sit from the left of the screen to the right, across the top. */
const TOP_ORDER = ["left", "topleft", "top", "topright", "right"];

/** Initials for an avatar: the first letter of up to two words. A Thai word gives its first
 *  consonant alone, without the vowels and tone marks around it ("ผู้เล่น" is ผ, not ผู้; "เก่ง"
 *  is ก, not เ; issue 23.6). */
export function initials(name) {
  const words = String(name || "?").trim().split(/\s+/).filter(Boolean);
  const first = (w) => {
    if (/^[\u0E00-\u0E7F]/.test(w)) {
      const c = /[\u0E01-\u0E2E]/.exec(w);
      return c ? c[0] : w[0];
    }
    const m = /^./u.exec(w);
    return m ? m[0].toUpperCase() : "";
  };
  if (!words.length) return "?";
  return words.length > 1 && !/^\d/.test(words[1]) ? first(words[0]) + first(words[1]) : first(words[0]);
}

const ROBOT =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><rect x="5" y="7" width="14" height="11" rx="3" fill="currentColor"/>' +
  '<circle cx="9.5" cy="12" r="1.6" fill="#123"/><circle cx="14.5" cy="12" r="1.6" fill="#123"/><path d="M12 3v4" stroke="currentColor" stroke-width="2"/>' +
  '<circle cx="12" cy="3" r="1.5" fill="currentColor"/><rect x="9" y="15" width="6" height="1.4" fill="#123"/></svg>';

/** A seat's face: its drawn face (a bot level's person, a person's picked avatar, faces.js), else
 *  the robot for a stand-in, else the name's initials. */
function avatar(q, name, bot, drawn) {
  if (drawn) return h("span", { class: `avatar drawn sc${q % 8}`, "aria-hidden": "true", html: drawn });
  return h("span", { class: `avatar sc${q % 8}`, "aria-hidden": "true", html: bot ? ROBOT : null }, bot ? null : initials(name));
}

/** A fan of face-down cards with the hand size on it. */
function fan(size) {
  const shown = Math.min(size, 8);
  return h(
    "span",
    { class: "fan", "aria-hidden": "true" },
    Array.from({ length: shown }, (_, i) => h("span", { class: "back", style: { left: `${i * 5}px` } })),
    h("span", { class: "fan-n" }, String(size)),
  );
}

function stateBadge(v, q) {
  if (v.game === "dummy") return v.born[q] ? h("span", { class: "badge born" }, t("tbl.born")) : h("span", { class: "badge unborn" }, t("tbl.notBorn"));
  return v.down[q] ? h("span", { class: "badge born" }, t("tbl.down")) : h("span", { class: "badge unborn" }, t("tbl.notDown"));
}

/** One seat's plate: avatar, name, hand, state, points, and the last move it made. */
function pod(v, q, pos, names, opts, points) {
  const mover = toMove(v);
  const me = pos === "me";
  const name = seatName(names, q);
  const bot = !!(opts.bots && opts.bots[q]);
  const hand = v.hands[q];
  const tags = [];
  if (q === v.seat) tags.push(t("table.you"));
  if (bot) tags.push(t("table.bot"));
  if (opts.offline && opts.offline[q]) tags.push(t("table.offline"));
  const turn = q === mover;
  const known = !me && hand.known && hand.known.length && !hand.cards ? hand.known : null;
  const pts = v.game === "dummy" ? t("tbl.tablePts", { n: points[q] }) : null;
  const total = t("tbl.totalPts", { n: v.scores[q] });
  const label = [
    name,
    tags.length ? `(${tags.join(", ")})` : "",
    turn ? t("tbl.theirTurn") : "",
    t("table.cards", { n: hand.size }),
    v.game === "dummy" ? (v.born[q] ? t("tbl.born") : t("tbl.notBorn")) : v.down[q] ? t("tbl.down") : t("tbl.notDown"),
    pts || "",
    total,
    v.game === "contract" && v.buys[q] ? t("table.buys", { n: v.buys[q] }) : "",
    known ? t("tbl.known", { cards: known.map(cardName).join(", ") }) : "",
  ]
    .filter(Boolean)
    .join(", ");
  const last = opts.lastMoves ? opts.lastMoves[q] : null;
  return h(
    "div",
    { class: "pod" + (turn ? " turn" : "") + (me ? " mine" : ""), dataset: { pod: q }, role: "group", "aria-label": label, "aria-current": turn ? "true" : null },
    h(
      "div",
      { class: "pod-top", "aria-hidden": "true" },
      avatar(q, name, bot, opts.faces ? opts.faces[q] : null),
      h(
        "div",
        { class: "pod-id" },
        h("span", { class: "nm" }, name, opts.levels && opts.levels[q] ? h("span", { class: "lvl" }, ` · ${opts.levels[q]}`) : null),
        h(
          "span",
          { class: "pod-line" },
          stateBadge(v, q),
          pts ? h("span", { class: "pts" }, pts) : null,
          h("span", { class: "tot" + (v.scores[q] === 0 ? " zero" : "") }, total),
          v.game === "contract" && v.buys[q] ? h("span", null, t("table.buys", { n: v.buys[q] })) : null,
          opts.offline && opts.offline[q] ? h("span", { class: "off" }, t("table.offline")) : null,
        ),
      ),
      q === v.seat || (opts.showHands && hand.cards) ? null : fan(hand.size),
    ),
    known ? h("div", { class: "pod-known", "aria-hidden": "true" }, t("tbl.known", { cards: known.map(cardShort).join(" ") })) : null,
    v.game === "dummy" && v.knocker === q && v.knockCard
      ? h("div", { class: "pod-knock" }, t("over.knockedWith", { card: cardShort(v.knockCard) }), v.turnBorn ? "" : ` · ${t("over.dark")}`)
      : null,
    last ? h("div", { class: "lastmove", "data-lastmove": q }, last) : null,
    opts.showHands && hand.cards ? h("div", { class: "pod-hand", role: "img", "aria-label": hand.cards.map((c) => faceName(v.game, c)).join(", ") }, hand.cards.map((c, i) => h("span", { class: "mc", dataset: { k: (hand.ids && hand.ids[i] && hand.ids[i].id) || c }, html: faceSVG(v.game, c, { mini: true }) }))) : null,
  );
}

function meldEl(m, v, names, opts) {
  const cardsText = m.cards
    .map((c) => faceName(v.game, c.card) + (c.by >= 0 && c.by !== m.owner ? ` (${t("table.putBy", { name: seatName(names, c.by) })})` : ""))
    .join(", ");
  const target = opts.isTarget ? opts.isTarget(m.index) : false;
  const label = t("tbl.meldLabel", { i: m.index + 1, owner: seatName(names, m.owner), cards: cardsText }) + (target ? ` · ${t("tbl.canLayOff")}` : "");
  const inner = [
    h("span", { class: "num", "aria-hidden": "true" }, String(m.index + 1)),
    m.cards.map((c) =>
      h(
        "span",
        { class: "mc" + (opts.fresh && opts.fresh.has(c.id || c.card) ? " fresh" : ""), "aria-hidden": "true", dataset: { k: c.id || c.card } },
        h("span", { html: faceSVG(v.game, c.card, { mini: true }) }),
        c.by >= 0 && c.by !== m.owner ? h("span", { class: `seat-dot sc${c.by % 8}` }, String(c.by + 1)) : null,
      ),
    ),
  ];
  if (opts.onTap) {
    return h("button", { type: "button", class: "meld" + (target ? " target" : ""), "aria-label": label, dataset: { meld: m.index, drop: target ? `meld:${m.index}` : null }, onclick: () => opts.onTap(m.index) }, inner);
  }
  // a meld a row card can be collected onto (Dummy, in the draw phase): a drop target for it
  const onto = opts.onto ? opts.onto(m.index) : false;
  return h("div", { class: "meld", role: "img", "aria-label": label, dataset: { meld: m.index, drop: onto ? `onto:${m.index}` : null } }, inner);
}

function seatMelds(v, q, names, opts) {
  const mine = v.melds.filter((m) => m.owner === q);
  const els = mine.map((m) => meldEl(m, v, names, opts.melds || {}));
  const drop = opts.newMeld && q === v.seat ? opts.newMeld : null;
  if (drop && drop.lit) {
    els.push(
      h("button", { type: "button", class: "meld newmeld target", "data-drop": "newmeld", "aria-label": drop.label, onclick: drop.onTap }, h("span", { "aria-hidden": "true" }, "+ ", drop.text)),
    );
  }
  return h("div", { class: "seatmelds", "aria-label": t("tbl.meldsOf", { name: seatName(names, q) }), role: els.length ? "group" : null }, els);
}

function seatArea(v, q, pos, names, opts, points) {
  return h("div", { class: `seat-area pos-${pos}`, dataset: { seat: q } }, pod(v, q, pos, names, opts, points), seatMelds(v, q, names, opts));
}

/** The stock: a card back with its count; a button when drawing is legal. */
function stockEl(v, opts) {
  const label = t("table.stockN", { n: v.stock });
  const lit = !!opts.onTap;
  const inner = [h("span", { class: "cdw", html: cardSVG("?", {}) }), h("span", { class: "count", "aria-hidden": "true" }, String(v.stock))];
  const el = lit
    ? h("button", { class: "card pile lit", type: "button", "aria-label": `${t("tbl.drawFrom")}: ${label}`, "data-stock": "1", onclick: opts.onTap }, inner)
    : h("span", { class: "pile", role: "img", "aria-label": label, "data-stock": "1" }, inner);
  return h("div", { class: "stockline" }, el, h("div", { class: "stock-label", "aria-hidden": "true" }, t("tbl.stock")));
}

function rowEl(v, names, opts) {
  const items = v.row.map((r, i) => {
    const who = r.by < 0 ? (r.card === v.head ? t("table.head") : t("table.upcard")) : t("table.discardedBy", { name: seatName(names, r.by) });
    const can = opts.can ? opts.can(i) : false;
    const label = `${faceName(v.game, r.card)}, ${who}${can ? ", " + t("a11y.canCollect") : ""}`;
    const face = h("span", { html: faceSVG(v.game, r.card, { mini: true }) });
    const card = opts.onTap
      ? h("button", { class: "card", type: "button", "aria-label": label, dataset: { row: i, drop: can && opts.dropRows ? `row:${i}` : null }, onclick: () => opts.onTap(i) }, face)
      : h("span", { class: "card", role: "img", "aria-label": label, dataset: { row: i } }, face);
    return h(
      "li",
      { class: "rowcard" + (can ? " can" : "") + (r.by < 0 ? " head" : "") + (opts.marked && opts.marked.has(i) ? " marked" : ""), dataset: { k: r.card } },
      card,
      h("span", { class: "who", "aria-hidden": "true" }, r.by < 0 ? h("span", { class: "headtag" }, "หัว") : h("span", { class: `seat-dot sc${r.by % 8}` }, String(r.by + 1))),
    );
  });
  const discard = opts.discard || null;
  if (discard && discard.lit) {
    items.push(h("li", { class: "rowcard slot" }, h("button", { type: "button", class: "card dropslot target", "data-drop": "discard", "aria-label": discard.label, onclick: discard.onTap }, h("span", { "aria-hidden": "true" }, t("tbl.discardHere")))));
  }
  return h(
    "section",
    { class: "zone rowzone" + (discard && discard.lit ? " droppable" : ""), "aria-labelledby": "rowh", "data-drop": discard && discard.lit ? "discard" : null },
    h("h2", { id: "rowh" }, t("tbl.row"), h("span", { class: "muted" }, opts.onTap ? t("tbl.rowHelp") : "")),
    h("ol", { class: "rowcards", start: 0 }, items.length ? items : h("li", { class: "muted empty" }, "–")),
  );
}

function pileEl(v, opts) {
  const n = v.pile.length;
  const items = v.pile.map((card, i) => {
    const depth = n - 1 - i;
    const can = opts.can ? opts.can(depth) : false;
    const label = `${cardName(card)}${depth === 0 ? ` (${t("tbl.top")})` : ""}${can ? ", " + t("tbl.canPick") : ""}`;
    const face = h("span", { html: cardSVG(card, { mini: true }) });
    const el = opts.onTap
      ? h("button", { class: "card", type: "button", "aria-label": label, dataset: { depth }, onclick: () => opts.onTap(depth) }, face)
      : h("span", { class: "card", role: "img", "aria-label": label }, face);
    return h("li", { class: "rowcard" + (can ? " can" : "") + (depth === 0 ? " pile-top" : ""), dataset: { k: (v.pileIds && v.pileIds[i]) || card } }, el);
  });
  const discard = opts.discard || null;
  if (discard && discard.lit) {
    items.push(h("li", { class: "rowcard slot" }, h("button", { type: "button", class: "card dropslot target", "data-drop": "discard", "aria-label": discard.label, onclick: discard.onTap }, h("span", { "aria-hidden": "true" }, t("tbl.discardHere")))));
  }
  return h(
    "section",
    { class: "zone rowzone pilezone" + (discard && discard.lit ? " droppable" : ""), "aria-labelledby": "pileh", "data-drop": discard && discard.lit ? "discard" : null },
    h("h2", { id: "pileh" }, t("tbl.pile"), h("span", { class: "muted" }, opts.onTap ? t("tbl.pileHelp") : "")),
    h("ol", { class: "rowcards" }, items.length ? items : h("li", { class: "muted empty" }, "–")),
  );
}

// ---------- the table's name in words ----------

const PRESET_KEYS = {
  dummy: [
    ["modern", ["head_bonus", "speto_knock", "colour_knock"]],
    ["seed", ["max_layoffs_per_game"]],
  ],
  contract: [
    ["liverpool", ["buying"]],
    ["pagat", ["contract_exact", "pickup", "min_run"]],
  ],
};
const NOT_RULES = new Set(["players", "target", "deals", "preset"]);

/** The rules preset a config string matches ("classic", "modern", ...), or null for house rules. */
export function presetOf(game, config) {
  const f = configFields(config || "");
  if (f.preset) return f.preset;
  const keys = Object.keys(f).filter((k) => !NOT_RULES.has(k));
  if (!keys.length) return game === "contract" ? "seed" : "classic";
  for (const [name, marks] of PRESET_KEYS[game] || []) if (marks.some((k) => k in f)) return name;
  return null;
}

/** "Thai Dummy · Classic · to 50 points" in words, never the config string. */
export function tableTitle(game, config, players) {
  const f = configFields(config || "");
  const p = presetOf(game, config);
  const key = p && hasKey(`preset.${game}.${p}`) ? `preset.${game}.${p}` : `preset.${p}`;
  const parts = [t("game." + game), p && hasKey(key) ? t(key) : t("tbl.houseRules")];
  if (players) parts.push(t("tbl.players", { n: players }));
  if (game === "dummy" && f.target) parts.push(t("tbl.target", { n: f.target }));
  return parts.join(" · ");
}

/**
 * The whole table for one parsed position.
 *   opts.names        seat names          opts.me         the seat drawn at the bottom (default: the view's seat, else 0)
 *   opts.bots/offline per-seat flags      opts.lastMoves  {seat: "drew, discarded 7♣"} shown by each seat
 *   opts.stock        {onTap}             opts.row        {can(i|depth), onTap, discard: {lit, onTap, label}, marked, dropRows}
 *   opts.melds        {isTarget, onTap, fresh, onto}     opts.newMeld {lit, onTap, label, text}
 *   opts.showHands    draw every hand face up (replay)   opts.status     an element for the top bar
 */
export function renderTable(v, opts = {}) {
  const names = opts.names || [];
  const me = opts.me ?? (v.seat !== null && v.seat >= 0 ? v.seat : 0);
  const dir = v.game === "dummy" ? v.direction : 1;
  const pos = seatPositions(v.players, me, dir);
  const points = tablePoints(v);
  const areas = {};
  for (let q = 0; q < v.players; q++) areas[pos[q]] = seatArea(v, q, pos[q], names, opts, points);
  const tops = TOP_ORDER.filter((p) => p.startsWith("top") && areas[p]).map((p) => areas[p]);
  const centre = h(
    "div",
    { class: "centre" },
    stockEl(v, opts.stock || {}),
    v.game === "dummy" ? rowEl(v, names, opts.row || {}) : pileEl(v, opts.row || {}),
  );
  const k = v.players - 1;
  return h(
    "div",
    { class: `ring k${Math.min(k, 5)}`, dataset: { players: v.players } },
    areas.left || null,
    h("div", { class: "topband" }, tops),
    areas.right || null,
    centre,
    areas.me,
  );
}
