// Action text (docs/notation.md) read into objects, so the table can offer the server's legal
// moves as taps. The legal list always comes from the server; nothing here judges legality.

import { splitCards } from "./view.js";

/** Split a Contract Rummy meld spec ("5s6s*7s8s") into faces ("5s", "6s", "*7s", "8s"). */
export function splitSpec(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    const joker = text[i] === "*";
    if (joker) i += 1;
    const len = text.startsWith("10", i) ? 3 : 2;
    const card = splitCards(text.slice(i, i + len))[0];
    out.push(joker ? "*" + card : card);
    i += len;
  }
  return out;
}

/** The multiset key of cards as a hand holds them: jokers all count as "*". */
export function handKey(cards) {
  return cards
    .map((c) => (c[0] === "*" ? "*" : c))
    .sort()
    .join(" ");
}

function target(tok) {
  const k = tok.lastIndexOf(">");
  return { card: tok.slice(0, k), target: Number(tok.slice(k + 1)) };
}

/** Parse one action text of ``game`` into {kind, text, ...}. */
export function parseAction(game, text) {
  const t = text.trim();
  const [head, ...rest] = t.split(/\s+/);
  const H = head.toUpperCase();
  if (t === "-") return { kind: "pass", text };
  if (H === "D") return { kind: "draw", text };
  if (game === "dummy") {
    if (H[0] === "C") {
      const index = Number(head.slice(1));
      if (rest[0] && rest[0][0] === ">") return { kind: "collect", text, index, onto: Number(rest[0].slice(1)), meld: [] };
      return { kind: "collect", text, index, meld: splitCards(rest[0]), onto: -1 };
    }
    if (H === "M") return { kind: "meld", text, cards: splitCards(rest[0]) };
    if (H === "L") {
      const { card, target: tg } = target(rest.join(""));
      return { kind: "layoff", text, card: splitCards(card)[0], target: tg };
    }
    if (H === "X") return { kind: "discard", text, card: splitCards(rest[0])[0] };
    if (H === "K") {
      const melds = [];
      const layoffs = [];
      for (const tok of rest.slice(1)) {
        if (tok.includes(">")) {
          const { card, target: tg } = target(tok);
          layoffs.push({ card: splitCards(card)[0], target: tg });
        } else melds.push(splitCards(tok));
      }
      return { kind: "knock", text, card: splitCards(rest[0])[0], melds, layoffs };
    }
    return { kind: "other", text };
  }
  // contract
  if (H === "C") return { kind: "claim", text };
  if (H[0] === "P") return { kind: "pickup", text, depth: Number(H.slice(1) || "0") };
  if (H === "G") return { kind: "godown", text, melds: rest.map(splitSpec) };
  if (H === "M") return { kind: "meld", text, melds: [splitSpec(rest[0])], cards: splitSpec(rest[0]) };
  if (H === "L" || H === "E") {
    const { card, target: tg } = target(rest.join(""));
    const face = card[0] === "*" ? "*" + splitCards(card.slice(1))[0] : splitCards(card)[0];
    return { kind: H === "L" ? "layoff" : "exchange", text, card: face, target: tg };
  }
  if (H === "X") return { kind: "discard", text, card: rest[0] === "*" ? "*" : splitCards(rest[0])[0] };
  return { kind: "other", text };
}

/** Every card a move puts from the hand onto the table (for matching a selection). */
export function cardsOf(a) {
  switch (a.kind) {
    case "meld":
      return a.cards;
    case "godown":
      return a.melds.flat();
    case "layoff":
    case "exchange":
    case "discard":
      return [a.card];
    case "knock":
      return [a.card, ...a.melds.flat(), ...a.layoffs.map((l) => l.card)];
    default:
      return [];
  }
}

/** Group a legal list by kind: {draw: [...], collect: [...], ...}. */
export function byKind(game, legal) {
  const out = {};
  for (const text of legal) {
    const a = parseAction(game, text);
    (out[a.kind] ||= []).push(a);
  }
  return out;
}
