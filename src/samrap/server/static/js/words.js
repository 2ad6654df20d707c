// Moves, cards and melds in sentences: the web's half of the one formatter (players/words.py is
// the other half, for hints, reviews, lessons and the terminal). Cards as the table shows them
// (10♥, ★7♥), melds numbered as the table shows them (the notation's target + 1). The phrases are
// the "say.*" keys of i18n.js, the same texts as words.PHRASES; tests/web/test_words_js.py checks
// that both sides give the same text for the same move in the same position.

import { parseAction } from "./actions.js";
import { cardShort } from "./cards.js";
import { t } from "./i18n.js";

/** The number the table shows for the meld at ``index`` (the notation's target). */
export function meldNumber(index) {
  return index + 1;
}

/** "meld 3" / "ชุดที่ 3" for the meld at ``index``. */
export function meldRef(index) {
  return t("say.meld", { m: meldNumber(index) });
}

function count(n) {
  return n === 1 ? t("say.count1") : t("say.countN", { n });
}

function face(card) {
  return card === "*" ? "★" : cardShort(card);
}

function cards(list) {
  return list.map(face).join(" ");
}

/** A move (action text) played from view ``v`` in words: "ฝาก 10♥ ที่ชุดที่ 1" / "lay off 10♥ on meld 1". */
export function sayMove(v, text) {
  const game = v.game;
  const a = parseAction(game, text);
  const say = (key, params) => t(`say.${key}`, params);
  switch (a.kind) {
    case "draw":
      return say("draw");
    case "collect": {
      const row = v.row || [];
      const card = row[a.index] ? cardShort(row[a.index].card) : "?";
      const n = count(row.length - a.index);
      if (a.onto >= 0) return say("collectOnto", { card, count: n, m: meldNumber(a.onto) });
      return say("collect", { card, count: n, cards: cards(a.meld) });
    }
    case "meld":
      return say("meldCards", { cards: cards(a.cards) });
    case "godown":
      return say("godown", { cards: a.melds.map(cards).join(" / ") });
    case "layoff":
      if (game === "contract" && a.card[0] === "*") return say("layoffJoker", { card: face(a.card.slice(1)), m: meldNumber(a.target) });
      return say("layoff", { card: face(a.card), m: meldNumber(a.target) });
    case "exchange":
      return say("exchange", { card: face(a.card), m: meldNumber(a.target) });
    case "discard":
      return say("discard", { card: face(a.card) });
    case "knock": {
      // every part named, so two knocks with the same face-down card never read alike
      const parts = [say(v.turnBorn ? "knock" : "knockDark", { card: face(a.card) })];
      for (const m of a.melds) parts.push(say("meldCards", { cards: cards(m) }));
      for (const l of a.layoffs) parts.push(say("layoff", { card: face(l.card), m: meldNumber(l.target) }));
      return parts.join(say("also"));
    }
    case "pickup": {
      const pile = v.pile || [];
      const card = pile.length > a.depth ? face(pile[pile.length - 1 - a.depth]) : "?";
      return a.depth ? say("pickupDeep", { card, count: count(a.depth) }) : say("pickup", { card });
    }
    case "claim": {
      const pile = v.pile || [];
      return say("claim", { card: pile.length ? face(pile[pile.length - 1]) : "?" });
    }
    case "pass":
      return game === "contract" ? say("noBuy") : say("pass");
    default:
      return text;
  }
}

/** ``sayMove`` with a capital first letter, for a button. */
export function sayMoveButton(v, text) {
  const s = sayMove(v, text);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

