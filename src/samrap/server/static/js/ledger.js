// The end of a game: every player's ledger item by item (Thai and English names), the match
// table, and what comes next (next game, rematch, replay).

import { seatDot, seatName } from "./board.js";
import { cardShort } from "./cards.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { splitPhysical } from "./view.js";

/** A ledger line's detail: a count ("9") as it is, the cards of a Contract Rummy hand as "2♦ 2♥". */
function detailText(game, detail) {
  if (!detail || /^\d+$/.test(detail) || game !== "contract") return detail;
  try {
    return splitPhysical(detail).map((c) => cardShort(c.face)).join(" ");
  } catch {
    return detail;
  }
}

// Ledger item names [Thai, English], the same as the games' scoring.ITEM_NAMES
// (tests/web/test_static.py checks they agree).
export const ITEM_NAMES = {
  dummy: {
    table: ["ไพ่บนโต๊ะ", "cards put down"],
    hand: ["ไพ่ในมือ", "cards in hand"],
    knock_card: ["ไพ่น็อค", "knock card"],
    speto_knock: ["น็อคสเปโต", "speto knock card"],
    colour_knock: ["น็อคสี ×2", "colour knock ×2"],
    dark_knock: ["น็อคมืด ×2", "dark knock ×2"],
    fall: ["ตกตึก", "fall off the building"],
    ngo: ["โง่", "fed the knock (ngo)"],
    head: ["หัว", "head"],
    head_penalty: ["ปี้หัว", "gave away the head"],
    discard_layoff: ["ทิ้งใบฝาก", "discarded a lay-off card"],
    discard_full: ["ทิ้งเต็ม", "discarded a card that melds with the row"],
    speto_laid_on: ["โดนฝากสเปโต", "speto laid off on own meld"],
  },
  contract: {
    out: ["หมดมือ", "went out"],
    pips: ["ไพ่แต้ม 2–10", "number cards 2–10"],
    court: ["ไพ่ภาพ J Q K", "court cards J Q K"],
    aces: ["ไพ่เอซ", "aces"],
    jokers: ["โจ๊กเกอร์", "jokers"],
  },
};

// The gist of each rule an error may name, in Thai (the server's reasons are English text).
// Rule numbers are those of docs/rules/dummy.md and docs/rules/contract.md.
export const RULES_TH = {
  dummy: {
    9: "เอซเป็นไพ่สูงเท่านั้น: Q-K-A เป็นเรียง แต่ A-2-3 ไม่ใช่",
    10: "เรียงคือไพ่ดอกเดียวกันเรียงกัน 3 ใบขึ้นไป ตองคือไพ่แต้มเดียวกัน 3 หรือ 4 ใบ",
    11: "เริ่มตาด้วยการจั่วหรือเก็บ",
    12: "ไพ่ที่เก็บต้องลงเป็นชุดใหม่ทันที กับไพ่ในมืออย่างน้อยหนึ่งใบ",
    13: "เดินแล้วต้องยังมีไพ่เหลือในมือไว้ทิ้งหรือน็อค",
    15: "ผู้ที่ยังไม่เกิดลงไพ่จากมือหรือฝากไม่ได้ ยกเว้นตอนน็อค",
    16: "ลงไพ่และฝากได้หลังจากจั่วหรือเก็บแล้ว",
    17: "ฝากได้เฉพาะไพ่ที่ต่อชุดบนโต๊ะได้ ในตาของตัวเอง",
    18: "จบตาด้วยการทิ้งหนึ่งใบ หรือน็อค",
    19: "น็อคต้องลงไพ่ทั้งหมด เหลือใบเดียวคว่ำไว้",
    21: "กองจั่วหมด: ตาสุดท้ายทำได้แค่เก็บแล้วน็อค หรือผ่าน",
    30: "ต้องจั่วหรือเก็บก่อน จึงลงไพ่ ฝาก หรือน็อคได้ และจั่วหรือเก็บได้ครั้งเดียวต่อตา",
    31: "ชุดที่ลงตอนเก็บ ใช้ได้เฉพาะไพ่ที่เก็บมากับไพ่ที่อยู่ในมือก่อนเก็บ",
    33: "เหลือไพ่ใบเดียวต้องน็อค ทิ้งใบสุดท้ายไม่ได้",
    35: "ตาสุดท้ายหลังกองจั่วหมด: เก็บ ลงไพ่ ฝาก แล้วต้องน็อค หรือผ่าน",
    40: "ตัวเลือกกติกาของโต๊ะนี้ไม่อนุญาต",
  },
  contract: {
    8: "ตองคือไพ่แต้มเดียวกัน 3 หรือ 4 ใบ คนละดอก",
    9: "เรียงคือไพ่ดอกเดียวกันเรียงกันตามความยาวขั้นต่ำ",
    10: "เรียงที่ลงพร้อมกันต้องคนละดอก",
    11: "โจ๊กเกอร์แทนไพ่ได้หนึ่งใบ ต้องบอกว่าแทนใบไหน",
    12: "จั่วจากกองจั่ว หรือหยิบจากกองทิ้ง ใบที่ลึกกว่าใบบนสุดต้องลงบนโต๊ะในตาเดียวกัน",
    13: "ลงครั้งแรกต้องครบตามสัญญาของรอบนั้นพอดี",
    14: "ลงแล้วลงชุดใหม่ไม่ได้ แต่ฝากกับชุดบนโต๊ะได้",
    15: "ทิ้งไพ่ใบที่เพิ่งหยิบจากกองทิ้งใบบนสุดไม่ได้",
    16: "แลกโจ๊กเกอร์ได้เฉพาะในชุดเรียง ต้องลงแล้วตั้งแต่ตาก่อน และต้องใช้โจ๊กเกอร์นั้นในตาเดียวกัน",
    17: "รอบที่ 7 ต้องลงและหมดมือในตาเดียว ไม่มีการฝาก",
    22: "ชุดตามสัญญา: ตอง 3–4 ใบ เรียงตามความยาวขั้นต่ำ ลงทั้งสัญญาในครั้งเดียว",
    24: "ไพ่ที่หยิบลึกจากกองทิ้งต้องลงบนโต๊ะภายในตานั้น",
    25: "ทิ้งไพ่หน้าเดียวกับใบที่หยิบจากกองทิ้งใบบนสุดไม่ได้",
    26: "โจ๊กเกอร์ต้องบอกว่าแทนใบไหน และต้องตรงกับตำแหน่งในเรียง",
    30: "เดินแบบนี้แล้วจะจบตาไม่ได้",
  },
};

/** "ไพ่บนโต๊ะ" in Thai (a Thai screen has no English word); "cards put down · ไพ่บนโต๊ะ" in
 * English, which keeps Dummy's Thai word beside its gloss (thai-terms.md). Contract Rummy's
 * items are plain English in English ("number cards 2–10"): its words are not Thai game words. */
export function itemName(game, code) {
  const pair = (ITEM_NAMES[game] || {})[code];
  if (!pair) return code;
  if (lang() === "th") return pair[0];
  return game === "contract" ? pair[1] : `${pair[1]} · ${pair[0]}`;
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

export function ledgerTable(game, ledger, scores, names) {
  const rows = [];
  const n = scores.length;
  for (let q = 0; q < n; q++) {
    const mine = ledger.filter((i) => i.seat === q);
    mine.forEach((i, k) => {
      rows.push(
        h(
          "tr",
          null,
          // every row header names its player (a screen reader reads it per row; the eye sees it once)
          h("th", { scope: "row" }, k === 0 ? [seatDot(q, names), " ", seatName(names, q)] : h("span", { class: "sr-only" }, seatName(names, q))),
          h("td", null, itemName(game, i.item), i.detail ? h("span", { class: "muted" }, ` (${detailText(game, i.detail)})`) : ""),
          h("td", { class: "num" }, signed(i.points)),
        ),
      );
    });
    rows.push(
      h(
        "tr",
        { class: "total" },
        h("th", { scope: "row" }, mine.length ? h("span", { class: "sr-only" }, seatName(names, q)) : [seatDot(q, names), " ", seatName(names, q)]),
        h("td", null, game === "contract" ? t("tbl.dealTotal") : t("over.total")),
        h("td", { class: "num", "data-score": q }, signed(scores[q])),
      ),
    );
  }
  return h(
    "table",
    { class: "grid ledger" },
    h("caption", { class: "sr-only" }, t("over.ledger")),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, lang() === "th" ? "ผู้เล่น" : "Player"), h("th", { scope: "col" }, t("over.item")), h("th", { scope: "col", class: "num" }, t("over.points")))),
    h("tbody", null, rows),
  );
}

export function matchTable(games, names, n, game = "dummy") {
  const totals = new Array(n).fill(0);
  const rows = games.map((g, k) => {
    g.scores.forEach((s, q) => (totals[q] += s));
    return h("tr", null, h("th", { scope: "row" }, String(k + 1)), g.scores.map((s) => h("td", { class: "num" }, signed(s))));
  });
  const last = games[games.length - 1];
  const shown = last && last.totals ? last.totals : totals;
  return h(
    "table",
    { class: "grid match" },
    h("caption", { class: "sr-only" }, t("over.match")),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, game === "contract" ? t("tbl.dealCol") : t("over.gameCol")), Array.from({ length: n }, (_, q) => h("th", { scope: "col", class: "num" }, seatName(names, q))))),
    h("tbody", null, rows, h("tr", { class: "total" }, h("th", { scope: "row" }, t("over.totalRow")), shown.map((s) => h("td", { class: "num" }, signed(s))))),
  );
}

/** Whether a record id ("CODE-1") is of a table this browser opened for the daily deal (daily.js). */
function isDailyRecord(id) {
  try {
    const all = JSON.parse(localStorage.getItem("samrap.daily.tables") || "{}") || {};
    return Boolean(id) && String(id).split("-")[0] in all;
  } catch {
    return false;
  }
}

export function gameOverPanel({ event, games, names, game, matchOver, onClose, onRematch, replayId }) {
  // a daily deal is one game: no rematch, its record opens only after the day; its results instead (issue 26.6)
  const daily = matchOver && isDailyRecord(replayId);
  if (daily) {
    onRematch = null;
    replayId = null;
  }
  const n = event.scores.length;
  const winners = matchOver ? matchOver.winners.map((q) => seatName(names, q)).join(", ") : null;
  const sections = [
    [h("h3", null, t("over.ledger")), h("div", { class: "scroll-x" }, ledgerTable(game, event.ledger || [], event.scores, names))],
    [
      h("h3", null, t("over.match"), game === "contract" ? h("span", { class: "muted" }, ` · ${t("over.lowWins")}`) : null),
      h("div", { class: "scroll-x" }, matchTable(games, names, n, game)),
    ],
  ];
  return h(
    "div",
    { class: "over", "data-over": "1" },
    h("h2", null, matchOver ? t("over.matchTitle") : game === "contract" ? t("tbl.dealOver") : t("over.title"), ` · ${t(game === "contract" ? "tbl.dealN" : "table.game", { n: (event.game ?? games.length - 1) + 1 })}`),
    winners ? h("p", { class: "winner", role: "status" }, h("strong", null, t("over.winner", { names: winners }))) : null,
    // at the end of a match the match table comes first, so its last game's row and the totals
    // are on a phone's screen as the dialog opens, not under its buttons (issue 23.9)
    matchOver ? sections.reverse() : sections,
    h(
      "div",
      { class: "dialog-buttons", style: { marginTop: "10px" } },
      replayId ? h("a", { class: "btn", href: `#/replay/${encodeURIComponent(replayId)}`, onclick: onClose }, t("over.replay")) : null,
      daily ? h("a", { class: "btn primary", href: "#/daily", "data-daily-results": "1", onclick: onClose }, t("daily.results")) : null,
      matchOver ? h("a", { class: "btn", href: "#/", onclick: onClose }, t("over.home")) : null,
      onRematch ? h("button", { type: "button", class: "primary", "data-rematch": "1", autofocus: true, onclick: onRematch }, t("over.rematch")) : null,
      h("button", { type: "button", class: matchOver && onRematch ? "" : "primary", "data-continue": "1", autofocus: !onRematch, onclick: onClose }, matchOver ? t("over.close") : game === "contract" ? t("tbl.nextDeal") : t("over.next")),
    ),
  );
}
