// Reading the server's position strings (docs/notation.md) into plain objects for drawing.
// This is notation, not rules: the client never decides what is legal; it only reads what the
// server sent (the view of one seat, or in a replay the full state) and the legal action texts.

/** Split concatenated Dummy cards ("7h8hTh", "-") into ["7h", "8h", "Th"]. */
export function splitCards(text) {
  if (!text || text === "-") return [];
  const out = [];
  let i = 0;
  while (i < text.length) {
    if (text.startsWith("10", i)) {
      out.push("T" + text[i + 2]);
      i += 3;
    } else {
      out.push(text[i].toUpperCase() + text[i + 1].toLowerCase());
      i += 2;
    }
  }
  return out;
}

/**
 * Split physical Contract Rummy cards ("7h7h'*0*1=7h") into {id, face} objects:
 * id is the physical token ("7h'", "*0"), face the card as drawn ("7h", "*", "*7h").
 */
export function splitPhysical(text) {
  if (!text || text === "-") return [];
  const out = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === "*") {
      let id = "*" + text[i + 1];
      i += 2;
      let face = "*";
      if (text[i] === "=") {
        const len = text.startsWith("10", i + 1) ? 3 : 2;
        face = "*" + splitCards(text.slice(i + 1, i + 1 + len))[0];
        i += 1 + len;
      }
      out.push({ id, face });
      continue;
    }
    const len = text.startsWith("10", i) ? 3 : 2;
    const face = splitCards(text.slice(i, i + len))[0];
    i += len;
    let id = face;
    while (text[i] === "'") {
      id += "'";
      i += 1;
    }
    out.push({ id, face });
  }
  return out;
}

function fields(text) {
  const parts = text.trim().split("|");
  const f = { config: parts[0], phase: parts[1] };
  for (const p of parts.slice(2)) {
    const k = p.indexOf(":");
    f[p.slice(0, k)] = p.slice(k + 1);
  }
  return f;
}

function ints(text) {
  return text.split(",").map(Number);
}

function flags(text) {
  return [...text].map((c) => c === "1");
}

const RANK_ORDER = "23456789TJQKA";

/** A Dummy meld's cards in reading order: ascending rank, an ace played low first (A-2-3). */
function meldOrder(cards) {
  const sorted = [...cards].sort((a, b) => RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]));
  const oneSuit = sorted.every((c) => c[1] === sorted[0][1]);
  if (oneSuit && sorted.length > 1 && sorted[sorted.length - 1][0] === "A" && sorted[0][0] === "2") {
    sorted.unshift(sorted.pop());
  }
  return sorted;
}

export function gameOf(text) {
  return text.trim().startsWith("contract") ? "contract" : "dummy";
}

/** Parse a view string (``seat:`` present) or a full state string (``deck:``/``seed:`` present). */
export function parsePosition(text) {
  return gameOf(text) === "contract" ? parseContract(text) : parseDummy(text);
}

function parseDummy(text) {
  const f = fields(text);
  const full = "deck" in f;
  const seat = full ? null : Number(f.seat);
  const handsText = f.hands.split(",");
  const n = handsText.length;
  const known = f.known.split(",").map(splitCards);
  const put = f.put.split(",").map((p) => new Set(splitCards(p)));
  let stock;
  if (full) {
    const [pos, end] = f.stock.split("-").map(Number);
    stock = end - pos;
  } else stock = Number(f.stock);
  const hands = handsText.map((h, q) => {
    if (h.startsWith("?")) {
      const [cnt, kn] = h.slice(1).split("+");
      const k = splitCards(kn || "-");
      return { size: Number(cnt) + k.length, cards: null, known: k };
    }
    const cards = splitCards(h);
    return { size: cards.length, cards, known: known[q] || [] };
  });
  const row = f.row === "-" ? [] : f.row.split(",").map((tok) => ({
    card: splitCards(tok.slice(0, 2))[0],
    by: tok.slice(2) === "*" ? -1 : Number(tok.slice(2)),
  }));
  const melds = f.melds === "-" ? [] : f.melds.split(",").map((tok, index) => {
    const [cards, owner] = tok.split("@");
    return {
      index,
      owner: Number(owner),
      cards: meldOrder(splitCards(cards)).map((card) => ({
        card,
        by: put.findIndex((s) => s.has(card)),
      })),
    };
  });
  const [knocker, kcard] = f.knock.split("/");
  const items = f.items === "-" ? [] : f.items.split(",").map((tok) => {
    const [s, code, points, detail] = tok.split(":");
    return { seat: Number(s), item: code, points: Number(points), detail };
  });
  return {
    game: "dummy",
    config: f.config,
    phase: f.phase,
    full,
    seat,
    players: n,
    current: Number(f.turn),
    direction: f.dir === "-" ? -1 : 1,
    starter: Number(f.starter),
    stock,
    hands,
    hand: seat !== null && seat >= 0 && hands[seat].cards ? hands[seat].cards : [],
    row,
    melds,
    born: flags(f.born),
    layoffs: ints(f.layoffs),
    turnBorn: f.turnborn === "1",
    head: splitCards(f.head)[0],
    items,
    scores: ints(f.scores),
    knocker: knocker === "-" ? -1 : Number(knocker),
    knockCard: kcard && kcard !== "-" ? splitCards(kcard)[0] : null,
    over: f.phase === "over",
  };
}

function parseContract(text) {
  const f = fields(text);
  const full = "seed" in f;
  const seat = full ? null : Number(f.seat);
  const handsText = f.hands.split(",");
  const n = handsText.length;
  const known = f.known.split(",").map(splitPhysical);
  const hands = handsText.map((h, q) => {
    if (h.startsWith("?")) return { size: Number(h.slice(1)), cards: null, known: known[q].map((c) => c.face) };
    const cards = splitPhysical(h);
    return { size: cards.length, cards: cards.map((c) => c.face), ids: cards, known: known[q].map((c) => c.face) };
  });
  const stock = full ? splitPhysical(f.stock).length : Number(f.stock);
  const pileCards = splitPhysical(f.pile);
  const pile = pileCards.map((c) => c.face);
  const melds = f.melds === "-" ? [] : f.melds.split(",").map((tok, index) => {
    const k = tok.indexOf(":");
    return {
      index,
      owner: Number(tok.slice(0, k)),
      cards: splitPhysical(tok.slice(k + 1)).map((c) => ({ card: c.face, id: c.id, by: -1 })),
    };
  });
  const own = seat !== null && seat >= 0 ? hands[seat] : null;
  return {
    game: "contract",
    config: f.config,
    phase: f.phase,
    full,
    seat,
    players: n,
    deal: Number(f.deal),
    dealer: Number(f.dealer),
    current: Number(f.turn),
    claimer: f.claim === "-" ? -1 : Number(f.claim),
    stock,
    hands,
    hand: own && own.cards ? own.cards : [],
    handIds: own && own.ids ? own.ids.map((c) => c.id) : [],
    pile,
    pileIds: pileCards.map((c) => c.id),
    melds,
    down: flags(f.down),
    wentDown: f.wentdown === "1",
    forbid: f.forbid === "-" ? null : f.forbid,
    deep: f.deep === "-" ? null : splitPhysical(f.deep)[0].face,
    pending: splitPhysical(f.pending).map((c) => c.face),
    buys: ints(f.buys),
    reshuffles: Number(f.reshuffles),
    turns: Number(f.turns),
    scores: ints(f.scores),
    out: f.out === "-" ? -1 : Number(f.out),
    over: f.phase === "over",
  };
}

/** The seat whose decision it is (the claimer during a buying window). */
export function toMove(v) {
  if (v.over) return -1;
  if (v.game === "contract" && v.phase === "claim") return v.claimer;
  return v.current;
}

/** Contracts of deals 1..7 as [sets, runs] (rule 7 of the Contract Rummy rules). */
export const CONTRACTS = [[2, 0], [1, 1], [0, 2], [3, 0], [2, 1], [1, 2], [0, 3]];

/** Read a config string's players=, target= etc. (strings); missing keys are absent. */
export function configFields(config) {
  const m = /\((.*)\)/.exec(config);
  const out = {};
  if (!m || !m[1]) return out;
  for (const kv of m[1].split(",")) {
    const [k, v] = kv.split("=");
    out[k] = v;
  }
  return out;
}

// the games with a rules page (content.js)
const RULE_GAMES = ["dummy", "contract"];

/**
 * The rules page of a table's config string (``dummy(preset=modern,players=3)`` or ``contract()``):
 * ``#/rules/dummy?preset=modern&players=3``. The page then names the preset the config equals (the
 * server's rule book says which), so a table's rules are one tap away.
 */
export function rulesHref(config) {
  const m = /^\s*(\w+)\s*(?:\((.*)\))?\s*$/.exec(config || "");
  if (!m || !RULE_GAMES.includes(m[1])) return "#/rules/dummy";
  const params = new URLSearchParams();
  for (const part of (m[2] || "").split(",")) {
    const [key, value] = part.split("=").map((x) => x && x.trim());
    if (key && value !== undefined) params.append(key, value);
  }
  const query = params.toString();
  return `#/rules/${m[1]}${query ? `?${query}` : ""}`;
}
