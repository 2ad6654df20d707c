// Card faces, suits and backs drawn as SVG for samrap (our own artwork, no third-party images).
// A card is its notation text: rank 23456789TJQKA + suit cdhs ("7h", "Ts"), "*" a joker,
// "*7h" a joker standing for 7h, "?" a face-down card.

import { t, lang } from "./i18n.js";

const SUITS = "cdhs";
const RANKS = "23456789TJQKA";

// Suit shapes in a 100 x 100 box, drawn for this app.
const SUIT_PATHS = {
  h: "M50 90C22 67 4 50 4 31 4 16 15 6 29 6c10 0 17 6 21 14 4-8 11-14 21-14 14 0 25 10 25 25 0 19-18 36-46 59z",
  d: "M50 3Q68 28 90 50 68 72 50 97 32 72 10 50 32 28 50 3z",
  s: "M50 5c30 24 46 38 46 56 0 14-10 23-22 23-10 0-17-5-21-12 1 11 5 19 15 24H32c10-5 14-13 15-24-4 7-11 12-21 12C14 84 4 75 4 61 4 43 20 29 50 5z",
  c: "M50 8a19 19 0 0 1 13 33 19 19 0 1 1 -9 33c1 9 5 15 14 21H32c9-6 13-12 14-21a19 19 0 1 1 -9-33A19 19 0 0 1 50 8z",
};

/** The hidden SVG sprite with the suit symbols, the joker star and the card-back pattern.
 * No style attribute in the markup (the server's CSP blocks inline styles): the caller
 * positions it through element.style once it is in the page. */
export function spriteSVG() {
  const suits = Object.entries(SUIT_PATHS)
    .map(([s, d]) => `<symbol id="su-${s}" viewBox="0 0 100 100"><path d="${d}"/></symbol>`)
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true">` +
    `<defs>${suits}` +
    `<symbol id="su-star" viewBox="0 0 100 100"><path d="M50 4l13 31 33 3-25 22 8 33-29-18-29 18 8-33L4 38l33-3z"/></symbol>` +
    `<pattern id="backpat" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="10" height="10" fill="#1f4e8c"/><path d="M0 5h10M5 0v10" stroke="#3f74b8" stroke-width="2"/></pattern>` +
    `</defs></svg>`
  );
}

export function isJoker(card) {
  return card[0] === "*";
}

/** "7h" -> {rank: "7", suit: "h"}; jokers give {joker: true, as: {rank, suit} | null}. */
export function parseCard(card) {
  if (card === "?") return { back: true };
  if (card[0] === "*") {
    const as = card.length >= 3 ? parseCard(card.slice(1)) : null;
    return { joker: true, as };
  }
  let r = card.slice(0, -1).toUpperCase();
  if (r === "10") r = "T";
  return { rank: r, suit: card.slice(-1).toLowerCase() };
}

export function rankIndex(card) {
  const p = parseCard(card);
  if (p.joker) return p.as ? RANKS.indexOf(p.as.rank) : 13;
  return RANKS.indexOf(p.rank);
}

export function suitIndex(card) {
  const p = parseCard(card);
  if (p.joker) return p.as ? SUITS.indexOf(p.as.suit) : 4;
  return SUITS.indexOf(p.suit);
}

function rankText(r) {
  return r === "T" ? "10" : r;
}

/** The name a screen reader says: "7 of hearts" / "7 โพแดง", "joker as 7 of hearts". */
export function cardName(card) {
  const p = parseCard(card);
  if (p.back) return t("card.back");
  if (p.joker) return p.as ? t("card.jokerAs", { card: cardName(p.as.rank + p.as.suit) }) : t("card.joker");
  const rank = t("rank." + p.rank);
  const suit = t("suit." + p.suit);
  return lang() === "th" ? `${rank} ${suit}` : `${rank} of ${suit}`;
}

/** Short text with a suit symbol, for messages and options: "10♥". */
export function cardShort(card) {
  const p = parseCard(card);
  if (p.back) return "?";
  if (p.joker) return p.as ? `★${cardShort(p.as.rank + p.as.suit)}` : "★";
  return rankText(p.rank) + { c: "♣", d: "♦", h: "♥", s: "♠" }[p.suit];
}

// Pip centres on a 100 x 140 card, per rank (2..10); y > 70 pips are drawn upside down.
const PIPS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[37, 30], [63, 30], [37, 110], [63, 110]],
  5: [[37, 30], [63, 30], [50, 70], [37, 110], [63, 110]],
  6: [[37, 30], [63, 30], [37, 70], [63, 70], [37, 110], [63, 110]],
  7: [[37, 30], [63, 30], [50, 50], [37, 70], [63, 70], [37, 110], [63, 110]],
  8: [[37, 30], [63, 30], [50, 50], [37, 70], [63, 70], [50, 90], [37, 110], [63, 110]],
  9: [[37, 30], [63, 30], [37, 56], [63, 56], [50, 70], [37, 84], [63, 84], [37, 110], [63, 110]],
  10: [[37, 30], [63, 30], [50, 43], [37, 56], [63, 56], [37, 84], [63, 84], [50, 97], [37, 110], [63, 110]],
};

function use(id, x, y, size, flip = false) {
  const tr = flip ? ` transform="rotate(180 ${x + size / 2} ${y + size / 2})"` : "";
  return `<use href="#su-${id}" x="${x}" y="${y}" width="${size}" height="${size}"${tr}/>`;
}

// Court cards: a framed panel with a crown (K), a tiara (Q) or a plumed cap (J) over the suit.
const COURT = {
  K: "M30 62l6-22 10 12 4-16 4 16 10-12 6 22z",
  Q: "M30 62q4-18 10-20 4 8 10-6 6 14 10 6 6 2 10 20z",
  J: "M32 62q2-20 18-22 14 0 18 10-8-2-10 4 8 0 10 8z",
};

function courtArt(r, s) {
  return (
    `<rect x="27" y="16" width="46" height="108" rx="6" class="cd-panel"/>` +
    `<g transform="translate(50 50) scale(.8) translate(-50 -50)"><path d="${COURT[r]}" class="cd-crown"/></g>` +
    use(s, 39, 64, 22) +
    `<text x="50" y="112" class="cd-court">${r}</text>`
  );
}

function index(r, s) {
  const ten = r === "T";
  return `<text x="${ten ? 2 : 6}" y="29" class="cd-rank"${ten ? ' textLength="25" lengthAdjust="spacingAndGlyphs"' : ""}>${rankText(r)}</text>${use(s, 6, 33, 16)}`;
}

/**
 * The SVG markup of one card.
 * @param {string} card notation text
 * @param {{mini?: boolean, speto?: boolean}} opts mini: a big index only (row and table cards);
 *   speto: marked as a Dummy speto (the caller knows the game)
 */
export function cardSVG(card, opts = {}) {
  const p = parseCard(card);
  const open = `<svg class="cd" viewBox="0 0 100 140" aria-hidden="true" focusable="false">`;
  if (p.back) {
    return `${open}<rect x="1.5" y="1.5" width="97" height="137" rx="9" class="cd-edge"/><rect x="8" y="8" width="84" height="124" rx="5" fill="url(#backpat)"/></svg>`;
  }
  let body = `<rect x="1.5" y="1.5" width="97" height="137" rx="9" class="cd-edge"/>`;
  if (p.joker && p.as && opts.mini) {
    // a joker on the table: what it stands for on the left (where overlapping melds show it)
    const { rank: r, suit: su } = p.as;
    body += `<rect x="5" y="5" width="90" height="130" rx="7" fill="#f1e8fa"/>`;
    body += `<text x="${r === "T" ? 2 : 6}" y="50" class="cd-mrank cd-joker">${rankText(r)}</text>`;
    body += `<g class="su-${su}">${use(su, 7, 60, 38)}</g>`;
    body += `<g class="cd-joker">${use("star", 52, 96, 36)}</g>`;
    return `${open}${body}</svg>`;
  }
  if (p.joker) {
    const as = p.as;
    body += `<g class="cd-joker">${use("star", opts.mini ? 30 : 25, opts.mini ? 56 : 40, opts.mini ? 40 : 50)}</g>`;
    body += `<text x="8" y="30" class="cd-rank cd-joker">★</text>`;
    if (as) {
      body += `<g class="su-${as.suit}"><text x="92" y="30" text-anchor="end" class="cd-as">${rankText(as.rank)}</text>${use(as.suit, 74, 34, 18)}</g>`;
    }
    if (!opts.mini) body += `<text x="50" y="124" text-anchor="middle" class="cd-jtext">JOKER</text>`;
    return `${open}${body}</svg>`;
  }
  const { rank: r, suit: s } = p;
  if (opts.speto) {
    // a Dummy speto (2♣, Q♠: 50 points): a gold frame and a "50" tab on the left edge, the part
    // of the card that shows when cards overlap in the hand, the row and a meld
    body = `<rect x="2.5" y="2.5" width="95" height="135" rx="8.5" class="cd-edge cd-spetoedge"/>`;
    body += opts.mini
      ? `<g class="cd-speto"><rect x="3" y="104" width="44" height="32" rx="6"/><text x="25" y="128" text-anchor="middle">50</text></g>`
      : `<g class="cd-speto"><rect x="3" y="56" width="24" height="30" rx="5"/><text x="15" y="77" text-anchor="middle">50</text></g>`;
  }
  body += `<g class="su-${s}">`;
  if (opts.mini) {
    body += `<text x="${r === "T" ? 2 : 6}" y="50" class="cd-mrank">${rankText(r)}</text>`;
    body += use(s, 7, 60, 38);
    body += `<g opacity=".35">${use(s, 52, 92, 40)}</g>`;
  } else {
    body += index(r, s);
    if (r === "A") body += use(s, 28, 48, 44);
    else if (COURT[r]) body += courtArt(r, s);
    else {
      const n = r === "T" ? 10 : Number(r);
      for (const [x, y] of PIPS[n]) body += use(s, x - 9, y - 9, 18, y > 70);
    }
    body += `<g transform="rotate(180 50 70)">${index(r, s)}</g>`;
  }
  body += `</g>`;
  return `${open}${body}</svg>`;
}
