// Moves in words: the move log ("Bot 2 discarded 7♣"), the short note by a seat ("discarded
// 7♣") and a hint as an instruction ("Discard 7♣"). One parse of the action text for all three.

import { parseAction } from "./actions.js";
import { cardShort } from "./cards.js";
import { t } from "./i18n.js";

function cards(list) {
  return list.map(cardShort).join(" ");
}

/** The words of a move without its player, by key family ("tbl.mv." past, "tbl.do." imperative). */
function words(family, game, text, v) {
  const a = parseAction(game, text);
  const k = (name, params) => t(`${family}${name}`, params);
  switch (a.kind) {
    case "draw":
      return k("draw");
    case "collect": {
      const card = v && v.row && v.row[a.index] ? cardShort(v.row[a.index].card) : "";
      if (a.onto >= 0) return k("collectOnto", { m: a.onto + 1 });
      return card ? k("collect", { card, cards: cards(a.meld) }) : k("collectMeld", { cards: cards(a.meld) });
    }
    case "meld":
      return game === "contract" && a.melds ? k("meld", { cards: a.melds.map(cards).join(" / ") }) : k("meld", { cards: cards(a.cards) });
    case "godown":
      return k("godown", { cards: a.melds.map(cards).join(" / ") });
    case "layoff":
      return k("layoff", { card: cardShort(a.card), m: a.target + 1 });
    case "exchange":
      return k("exchange", { card: cardShort(a.card), m: a.target + 1 });
    case "discard":
      return k("discard", { card: a.card === "*" ? "★" : cardShort(a.card) });
    case "knock":
      return k("knock", { card: cardShort(a.card) });
    case "pickup": {
      const pile = v && v.pile ? v.pile : null;
      const card = pile && pile.length > a.depth ? cardShort(pile[pile.length - 1 - a.depth]) : "";
      return card ? k("pickupCard", { card }) : k("pickup");
    }
    case "claim":
      return k("claim");
    case "pass":
      return k("pass");
    default:
      return text;
  }
}

/** "discarded 7♣": what a seat did, for the note beside its seat. */
export function shortMove(game, text) {
  return words("tbl.mv.", game, text, null);
}

/** "Bot 2 discarded 7♣" for the move log and the replay (``me``: "You discarded 7♣"). */
export function describeMove(game, text, name) {
  return t("tbl.mv.line", { name, what: shortMove(game, text) });
}

/** "Discard 7♣": a hint's move as an instruction, with the cards read from the view. */
export function imperative(v, text) {
  const s = words("tbl.do.", v.game, text, v);
  return s.charAt(0).toUpperCase() + s.slice(1);
}
