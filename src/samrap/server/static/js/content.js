// The glossary and the rules of both games, in Thai and English, for people at the table.
// The rules come from the server's rule book of the chosen preset and options (GET /api/rules/GAME),
// numbered as docs/rules/dummy.md and docs/rules/contract.md number them.

import { cardSVG } from "./cards.js";
import { clear, h } from "./dom.js";
import { hasKey, lang, t } from "./i18n.js";
import { api, errorText } from "./net.js";

// [Thai word, romanised, English, explanation in Thai, explanation in English]
const GLOSSARY = [
  ["ดัมมี่", "dummy", "Thai Dummy", "เกมไพ่สำรับเดียว 2–4 คน เก็บไพ่จากกองกลางมาลงเป็นชุด", "A one-deck rummy game for 2–4 players in which cards are collected from the discard row into melds."],
  ["เกิด", "koet", "born", "ผู้เล่นที่เก็บไพ่จากกองกลางได้ครั้งแรกถือว่าเกิด จึงลงไพ่และฝากได้", "A player is born by their first collect from the row; only then may they meld from hand and lay off."],
  ["เก็บ", "kep", "collect", "หยิบไพ่ใบใดก็ได้ในกองกลางพร้อมไพ่ที่ทิ้งหลังจากนั้นทั้งหมด แล้วต้องลงใบนั้นเป็นชุดใหม่ทันที", "Take any row card and every card discarded after it; the taken card must go down at once in a new meld."],
  ["ฝาก", "fak", "lay off", "ต่อไพ่เข้ากับชุดบนโต๊ะ ของตัวเองหรือของผู้อื่น", "Add cards to a meld on the table, one's own or another player's."],
  ["น็อค", "nok", "knock", "ลงไพ่ทั้งหมดเหลือใบเดียวคว่ำไว้ จบเกมทันที ไพ่ใบที่คว่ำได้ 50 แต้ม", "Put every card down except one, placed face down; the game ends at once and that card scores 50."],
  ["น็อคมืด", "nok muet", "dark knock", "น็อคโดยที่ยังไม่เกิดเมื่อเริ่มตานั้น แต้มของผู้น็อคคูณสอง", "A knock by a player who was not born when the turn began: the knocker's score is doubled."],
  ["ตกตึก", "tok tuek", "fall off the building", "เมื่อมีคนน็อค ผู้ที่ยังไม่เกิดเสียแต้มไพ่ในมือสองเท่า", "When someone knocks, each player who is not born loses twice the value of their hand."],
  ["โง่", "ngo", "fed the knock", "ทิ้งไพ่ให้คนถัดไปเก็บใบเดียวแล้วน็อค ผู้ทิ้งเสีย 50 และเกมต่อไปเล่นกลับทิศ", "Discarding the card the next player collects alone and knocks with: the discarder loses 50 and play reverses."],
  ["สเปโต", "speto", "speto", "ไพ่พิเศษ 2♣ และ Q♠ มีค่าใบละ 50 แต้ม", "The special cards 2♣ and Q♠, worth 50 points each."],
  ["หัว", "hua", "head", "ไพ่ใบแรกที่หงายเปิดกองกลาง (กติกาเสริม: ผู้ที่ลงหัวได้โบนัส)", "The first upcard of the row (house rule: melding it earns a bonus)."],
  ["ปี้หัว", "pi hua", "fed the head", "กติกาเสริม: ผู้ที่ทิ้งไพ่ใบที่ทำให้คนอื่นเก็บหัวเข้าชุดได้ (ใบใหม่ที่สุดในชุดนั้น ไม่นับหัว) เสียแต้ม ถ้าชุดนั้นมีแต่หัวกับไพ่ในมือ ไม่มีใครเสีย", "House rule: the player whose discard let another meld the head (the newest row card of that meld, the head aside) loses points; nobody pays when the meld holds only the head and hand cards."],
  ["ใบฝาก", "bai fak", "lay-off card", "ไพ่ที่ต่อเข้ากับชุดบนโต๊ะได้", "A card that can be laid off on a meld on the table."],
  ["น็อคสี", "nok si", "colour knock", "กติกาเสริม: น็อคโดยไพ่ที่ลงบนโต๊ะทั้งหมดเป็นดอกเดียวกัน แต้มคูณสอง", "House rule: a knock whose table cards are all of one suit doubles the knocker's score."],
  ["ทิ้งใบฝาก", "thing bai fak", "discarding a lay-off card", "กติกาเสริม: ทิ้งไพ่ที่ฝากกับชุดบนโต๊ะได้ เสียแต้ม", "House rule: discarding a card that could be laid off on a table meld costs points."],
  ["ทิ้งเต็ม", "thing tem", "discarding into the row", "กติกาเสริม: ทิ้งไพ่ที่เข้าชุดกับไพ่ในกองกลางได้ เสียแต้ม", "House rule: discarding a card that forms a meld with cards already in the row costs points."],
  ["โดนฝากสเปโต", "don fak speto", "speto laid on your meld", "กติกาเสริม: คนอื่นฝากสเปโตกับชุดของเรา เราเสียแต้ม", "House rule: when another player lays a speto off on your meld, you lose points."],
  ["ตอง", "tong", "set", "ไพ่แต้มเดียวกัน 3 หรือ 4 ใบ", "Three or four cards of one rank."],
  ["เรียง", "riang", "run", "ไพ่ดอกเดียวกันเรียงกัน 3 ใบขึ้นไป", "Three or more consecutive cards of one suit."],
  ["กองจั่ว", "kong chua", "stock", "กองไพ่คว่ำที่จั่วทีละใบ", "The face-down pile that players draw from."],
  ["กองกลาง", "kong klang", "discard row", "ไพ่ที่ทิ้งแล้ว เรียงเป็นแถวให้เห็นทุกใบตามลำดับ", "The discards, laid in a row so every card is visible in order."],
  ["จั่ว", "chua", "draw", "หยิบไพ่ใบบนสุดจากกองจั่ว", "Take the top card of the stock."],
  ["ทิ้ง", "thing", "discard", "วางไพ่หนึ่งใบหงายที่ท้ายกองกลางเพื่อจบตา", "Put one card face up at the end of the row to end the turn."],
  ["ลงตามสัญญา", "long tam sanya", "go down", "คอนแทรครัมมี่: ลงไพ่ครั้งแรกต้องครบตามสัญญาของรอบนั้นพอดี", "Contract Rummy: the first melds a player puts down must be exactly the deal's contract."],
  ["โจ๊กเกอร์", "joker", "joker", "คอนแทรครัมมี่: ไพ่แทนได้ทุกใบ ต้องบอกว่าแทนใบไหนเมื่อลง", "Contract Rummy: a wild card; when it is put down the player says which card it stands for."],
  ["ซื้อ", "sue", "buy", "คอนแทรครัมมี่ (ลิเวอร์พูล): ขอไพ่ที่ถูกทิ้งนอกตาของตน พร้อมจั่วไพ่ปรับหนึ่งใบ", "Contract Rummy (Liverpool): take a discard out of turn, with one penalty card from the stock."],
];

export function glossaryPage() {
  const th = lang() === "th";
  return h(
    "div",
    { class: "page" },
    h("h1", null, t("gloss.title")),
    h("p", null, t("gloss.intro")),
    h(
      "dl",
      { class: "gloss card-box" },
      GLOSSARY.map(([thai, rom, en, dth, den]) => [
        h("dt", { lang: "th" }, thai, h("span", { class: "muted", lang: "en", style: { fontWeight: 400, fontSize: ".9rem" } }, ` · ${rom} · ${en}`)),
        h("dd", null, th ? dth : den),
      ]),
    ),
  );
}

// ---------- rules: the server's rule book of the chosen preset and options ----------
// #/rules/GAME?preset=P&key=value reads GET /api/rules/GAME with the same query: the words come from
// the config being described (samrap.engine.rulebooks, the text `samrap rules` prints), so the page
// shows the rules a table plays, each with the number that errors cite.

const GAMES = ["dummy", "contract"];
const DEFAULT_PRESET = { dummy: "classic", contract: "seed" };

/** The game and the query of the current #/rules/GAME?... address. */
function rulesAddress(fallback) {
  const m = location.hash.match(/^#\/rules\/([^?]*)(?:\?(.*))?$/);
  const name = m && m[1] ? decodeURIComponent(m[1]) : fallback;
  return { game: GAMES.includes(name) ? name : fallback, params: new URLSearchParams(m && m[2] ? m[2] : "") };
}

function optionValue(game, key, value) {
  if (value === "true" || value === "false") return t(value === "true" ? "rules.yes" : "rules.no");
  const named = `opt.${game}.${key}.${value}`;
  return hasKey(named) ? t(named) : value;
}

/** What the page describes, in words: the preset's name and each option given in the address. */
function chosenLine(game, params) {
  const preset = params.get("preset");
  const presetKey = preset ? `preset.${game}.${preset}` : null;
  const parts = [t(presetKey && hasKey(presetKey) ? presetKey : `preset.${game}.${DEFAULT_PRESET[game]}`)];
  for (const [key, value] of params) {
    if (key === "preset") continue;
    const label = hasKey(`opt.${game}.${key}`) ? t(`opt.${game}.${key}`) : key;
    parts.push(`${label}: ${optionValue(game, key, value)}`);
  }
  return parts.join(" · ");
}

// rulesHref lives in view.js (the table needs it without this page's module); kept here too
export { rulesHref } from "./view.js";

function ruleItem(rule, th) {
  const mark = rule.number === null ? t("rules.house") : t("rules.number", { n: rule.number });
  return h("li", { class: "rule", dataset: { rule: rule.number === null ? "" : String(rule.number) } },
    h("strong", { class: "rule-no" }, mark), " ", th ? rule.th : rule.en);
}

function renderBook(body, book) {
  const th = lang() === "th";
  clear(body).append(
    ...book.sections.map((s) =>
      h("section", { class: "card-box", dataset: { section: s.key } },
        h("h2", null, th ? s.title.th : s.title.en),
        h("ul", { class: "rules-list", style: { listStyle: "none", paddingLeft: "0" } }, s.rules.map((r) => ruleItem(r, th))),
      ),
    ),
  );
}

function presetLinks(nav, game, current) {
  api("GET", "/api/presets")
    .then((list) => {
      const entry = (list.games || []).find((g) => g.name === game);
      if (!entry) return;
      const chosen = current || entry.default_preset;
      clear(nav).append(
        t("rules.presets"), " ",
        ...entry.presets.flatMap((p, i) => [
          i ? " · " : "",
          p.name === chosen
            ? h("strong", null, t(`preset.${game}.${p.name}`))
            : h("a", { href: `#/rules/${game}?preset=${encodeURIComponent(p.name)}` }, t(`preset.${game}.${p.name}`)),
        ]),
      );
    })
    .catch(() => clear(nav));
}

export function rulesPage(fallback) {
  const { game, params } = rulesAddress(fallback || "dummy");
  const other = game === "contract" ? "dummy" : "contract";
  const body = h("div", { class: "rules-body", "aria-live": "polite" }, h("p", { class: "muted" }, t("rules.loading")));
  const nav = h("p", { class: "rules-presets" });
  const chosen = h("p", { class: "rules-chosen" }, chosenLine(game, params));
  presetLinks(nav, game, params.get("preset"));
  const query = params.toString();
  api("GET", `/api/rules/${game}${query ? `?${query}` : ""}`)
    .then((book) => {
      if (book.preset) clear(chosen).append(t(`preset.${game}.${book.preset}`)); // the options make up a preset
      renderBook(body, book);
    })
    .catch((err) => clear(body).append(h("p", { class: "error", role: "alert" }, errorText(err))));
  return h(
    "div",
    { class: "page rules" },
    h("h1", null, t("rules.title", { game: t("game." + game) })),
    chosen,
    h("div", { class: "hero", "aria-hidden": "true" }, h("div", { class: "fan", html: ["7h", "8h", "9h", "Qs", "2c"].map((c) => cardSVG(c)).join("") })),
    nav,
    body,
    h("p", { class: "muted" }, t("rules.numbers")),
    h("p", null, h("a", { href: `#/rules/${other}` }, t("rules.title", { game: t("game." + other) })), " · ", h("a", { href: "#/glossary" }, t("gloss.title"))),
  );
}
