// The glossary and the rules of both games, in Thai and English, for people at the table.
// The numbered rules the engine implements are docs/rules/dummy.md and docs/rules/contract.md.

import { cardSVG } from "./cards.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";

// [Thai word, romanised, English, explanation in Thai, explanation in English]
const GLOSSARY = [
  ["ดัมมี่", "dummy", "Thai Dummy", "เกมไพ่สำรับเดียว 2–4 คน เก็บไพ่จากกองกลางมาลงเป็นชุด", "A one-deck rummy game for 2–4 players in which cards are collected from the discard row into melds."],
  ["เกิด", "koet", "born", "ผู้เล่นที่เก็บไพ่จากกองกลางได้ครั้งแรกถือว่าเกิด จึงลงไพ่และฝากได้", "A player is born by their first collect from the row; only then may they meld from hand and lay off."],
  ["เก็บ", "kep", "collect", "หยิบไพ่ใบใดก็ได้ในกองกลางพร้อมไพ่ที่ทิ้งหลังจากนั้นทั้งหมด แล้วต้องลงใบนั้นเป็นชุดใหม่ทันที", "Take any row card and every card discarded after it; the taken card must go down at once in a new meld."],
  ["ฝาก", "fak", "lay off", "ต่อไพ่เข้ากับชุดบนโต๊ะ ของตัวเองหรือของผู้อื่น", "Add cards to a meld on the table, one's own or another player's."],
  ["น็อค", "nok", "knock", "ลงไพ่ทั้งหมดเหลือใบเดียวคว่ำไว้ จบเกมทันที ไพ่ใบที่คว่ำได้ 50 แต้ม", "Put every card down except one, placed face down; the game ends at once and that card scores 50."],
  ["น็อคมืด", "nok muet", "dark knock", "น็อคโดยที่ยังไม่เกิดเมื่อเริ่มตานั้น คะแนนของผู้น็อคคูณสอง", "A knock by a player who was not born when the turn began: the knocker's score is doubled."],
  ["ตกตึก", "tok tuek", "fall off the building", "เมื่อมีคนน็อค ผู้ที่ยังไม่เกิดเสียแต้มไพ่ในมือสองเท่า", "When someone knocks, each player who is not born loses twice the value of their hand."],
  ["โง่", "ngo", "fool", "ทิ้งไพ่ให้คนถัดไปเก็บใบเดียวแล้วน็อค ผู้ทิ้งเสีย 50 และเกมต่อไปเล่นกลับทิศ", "Discarding the card the next player collects alone and knocks with: the discarder loses 50 and play reverses."],
  ["สเปโต", "speto", "speto", "ไพ่พิเศษ 2♣ และ Q♠ มีค่าใบละ 50 แต้ม", "The special cards 2♣ and Q♠, worth 50 points each."],
  ["หัว", "hua", "head", "ไพ่ใบแรกที่หงายเปิดกองกลาง (กติกาสมัยใหม่: ผู้ที่ลงหัวได้โบนัส)", "The first upcard of the row (modern rules: melding it earns a bonus)."],
  ["ตอง", "tong", "set", "ไพ่แต้มเดียวกัน 3 หรือ 4 ใบ", "Three or four cards of one rank."],
  ["เรียง", "riang", "run", "ไพ่ดอกเดียวกันเรียงกัน 3 ใบขึ้นไป", "Three or more consecutive cards of one suit."],
  ["กองจั่ว", "kong chua", "stock", "กองไพ่คว่ำที่จั่วทีละใบ", "The face-down pile that players draw from."],
  ["กองกลาง", "kong klang", "discard row", "ไพ่ที่ทิ้งแล้ว เรียงเป็นแถวให้เห็นทุกใบตามลำดับ", "The discards, laid in a row so every card is visible in order."],
  ["จั่ว", "chua", "draw", "หยิบไพ่ใบบนสุดจากกองจั่ว", "Take the top card of the stock."],
  ["ทิ้ง", "thing", "discard", "วางไพ่หนึ่งใบหงายที่ท้ายกองกลางเพื่อจบตา", "Put one card face up at the end of the row to end the turn."],
  ["ลงตามสัญญา", "long tam sanya", "go down", "คอนแทรครัมมี่: ลงไพ่ครั้งแรกต้องครบตามสัญญาของตานั้นพอดี", "Contract Rummy: the first melds a player puts down must be exactly the deal's contract."],
  ["โจ๊กเกอร์", "joker", "joker", "คอนแทรครัมมี่: ไพ่แทนได้ทุกใบ ต้องบอกว่าแทนใบไหนเมื่อลง", "Contract Rummy: a wild card; when it is put down the player says which card it stands for."],
  ["ซื้อ", "sue", "buy", "คอนแทรครัมมี่ (ลิเวอร์พูล): ขอไพ่ที่ถูกทิ้งนอกตาของตน พร้อมจั่วไพ่ลงโทษหนึ่งใบ", "Contract Rummy (Liverpool): take a discard out of turn, with one penalty card from the stock."],
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

const DUMMY_RULES = {
  en: [
    ["Cards and deal", [
      "One 52-card deck, 2–4 players. Each player gets 11 cards (2 players), 9 (3 players) or 7 (4 players).",
      "The rest is the stock (กองจั่ว). Its top card is turned up as the first card of the discard row (กองกลาง): the head (หัว).",
      "Discards stay in a row in order, every card visible to everyone.",
    ]],
    ["Melds", [
      "A run (เรียง) is 3 or more consecutive cards of one suit; a set (ตอง) is 3 or 4 cards of one rank.",
      "Ranks go 2 up to A; the ace is high only (Q-K-A is a run, A-2-3 is not) unless the table plays ace low.",
    ]],
    ["A turn", [
      "First draw (จั่ว) the top stock card, or collect (เก็บ): take any row card and every card discarded after it, and put that card down at once in a new meld with at least one card from your hand.",
      "Your first collect makes you born (เกิด). Only a born player may meld from hand and lay off (ฝาก) cards on any meld on the table.",
      "End the turn with one discard, or knock.",
    ]],
    ["Knock and the end", [
      "Knock (น็อค): put every card down as melds and lay-offs except one, placed face down. The game ends at once.",
      "A knock by a player who was not born when the turn began is a dark knock (น็อคมืด).",
      "When the stock runs out, the next player may only collect and knock, or pass; then the game ends.",
    ]],
    ["Scoring", [
      "Cards are worth 2–9: 5, 10-J-Q-K: 10, A: 15; the spetos (สเปโต) 2♣ and Q♠: 50.",
      "Each player scores the cards they put on the table minus the cards left in hand. The knock card scores +50; a dark knock doubles the knocker's score.",
      "ตกตึก: when someone knocks, every player not born loses twice their hand. โง่: discarding the card the next player collects alone and knocks with costs 50 and reverses play.",
      "Scores add up over games; the first to reach the target (500 by default) wins.",
    ]],
  ],
  th: [
    ["ไพ่และการแจก", [
      "ใช้ไพ่สำรับเดียว 52 ใบ ผู้เล่น 2–4 คน แจกคนละ 11 ใบ (2 คน) 9 ใบ (3 คน) หรือ 7 ใบ (4 คน)",
      "ไพ่ที่เหลือเป็นกองจั่ว หงายใบบนสุดเป็นใบแรกของกองกลาง เรียกว่าหัว",
      "ไพ่ที่ทิ้งวางเรียงเป็นแถวตามลำดับ ทุกคนเห็นทุกใบ",
    ]],
    ["ชุดไพ่", [
      "เรียง คือไพ่ดอกเดียวกันเรียงกัน 3 ใบขึ้นไป ตอง คือไพ่แต้มเดียวกัน 3 หรือ 4 ใบ",
      "แต้มเรียงจาก 2 ถึง A เอซเป็นไพ่สูงเท่านั้น (Q-K-A เป็นเรียง แต่ A-2-3 ไม่ใช่) เว้นแต่โต๊ะเล่นแบบเอซต่ำ",
    ]],
    ["ในหนึ่งตา", [
      "เริ่มด้วยการจั่วไพ่จากกองจั่ว หรือเก็บ: หยิบไพ่ใบใดก็ได้ในกองกลางพร้อมไพ่ที่ทิ้งหลังจากนั้นทั้งหมด และต้องลงใบนั้นเป็นชุดใหม่ทันทีกับไพ่ในมืออย่างน้อยหนึ่งใบ",
      "การเก็บครั้งแรกทำให้เกิด ผู้ที่เกิดแล้วเท่านั้นจึงลงไพ่จากมือและฝากไพ่กับชุดใดก็ได้บนโต๊ะ",
      "จบตาด้วยการทิ้งไพ่หนึ่งใบ หรือน็อค",
    ]],
    ["น็อคและการจบเกม", [
      "น็อค: ลงไพ่ทั้งหมดเป็นชุดและฝาก เหลือใบเดียวคว่ำไว้ เกมจบทันที",
      "ถ้าผู้น็อคยังไม่เกิดเมื่อเริ่มตานั้น เรียกว่าน็อคมืด",
      "เมื่อกองจั่วหมด ผู้เล่นคนถัดไปทำได้แค่เก็บแล้วน็อค หรือผ่าน แล้วเกมจบ",
    ]],
    ["การนับแต้ม", [
      "ไพ่ 2–9 ใบละ 5 แต้ม 10 J Q K ใบละ 10 A ใบละ 15 สเปโต 2♣ และ Q♠ ใบละ 50",
      "แต่ละคนได้แต้มไพ่ที่ตนลงบนโต๊ะ ลบแต้มไพ่ที่เหลือในมือ ไพ่ที่น็อคคว่ำได้ 50 น็อคมืดคะแนนคูณสอง",
      "ตกตึก: เมื่อมีคนน็อค ผู้ที่ยังไม่เกิดเสียแต้มไพ่ในมือสองเท่า โง่: ทิ้งไพ่ให้คนถัดไปเก็บใบเดียวแล้วน็อค เสีย 50 และเกมต่อไปเล่นกลับทิศ",
      "คะแนนสะสมข้ามเกม ใครถึงคะแนนเป้าหมายก่อน (ปกติ 500) ชนะ",
    ]],
  ],
};

const CONTRACT_RULES = {
  en: [
    ["Cards and deals", [
      "3–5 players (up to 8 as an option) with two decks and two jokers. Seven deals: 10 cards each in deals 1–4, 12 in deals 5–7.",
      "Contracts: 1 two sets; 2 a set and a run; 3 two runs; 4 three sets; 5 two sets and a run; 6 a set and two runs; 7 three runs.",
      "A set is 3 or 4 cards of one rank in different suits; a run is 3 or more consecutive cards of one suit. The ace is high or low, never both; runs do not wrap.",
    ]],
    ["A turn", [
      "Draw the top stock card, or take the top discard; a deeper discard may be taken with every card above it if it goes on the table this turn.",
      "The first time you put cards down you must lay down exactly the deal's contract. After that you may lay off on any meld.",
      "Jokers are wild; say which card a joker stands for when you put it down. A player who is down may swap the natural card for a joker in a run and must use that joker at once.",
      "End the turn with a discard, unless you went out. In deal 7 you must go down and out in one turn.",
    ]],
    ["Scoring", [
      "When someone goes out the deal ends. Everyone else scores the cards in hand: 2–10 face value, J Q K 10, A 15, joker 15.",
      "After seven deals the lowest total wins.",
      "Liverpool: when the player in turn does not take the top discard, others may buy it with one penalty card, at most 3 times a deal.",
    ]],
  ],
  th: [
    ["ไพ่และการแจก", [
      "ผู้เล่น 3–5 คน (ได้ถึง 8 คนเป็นตัวเลือก) ใช้ไพ่สองสำรับกับโจ๊กเกอร์สองใบ เล่นเจ็ดตา ตาที่ 1–4 แจกคนละ 10 ใบ ตาที่ 5–7 คนละ 12 ใบ",
      "สัญญา: ตา 1 ตองสองกอง ตา 2 ตองหนึ่งเรียงหนึ่ง ตา 3 เรียงสองกอง ตา 4 ตองสามกอง ตา 5 ตองสองเรียงหนึ่ง ตา 6 ตองหนึ่งเรียงสอง ตา 7 เรียงสามกอง",
      "ตอง คือไพ่แต้มเดียวกัน 3 หรือ 4 ใบคนละดอก เรียง คือไพ่ดอกเดียวกันเรียงกัน 3 ใบขึ้นไป เอซเป็นสูงหรือต่ำได้อย่างใดอย่างหนึ่ง และเรียงวนไม่ได้",
    ]],
    ["ในหนึ่งตา", [
      "จั่วจากกองจั่ว หรือหยิบไพ่ใบบนสุดของกองทิ้ง หยิบใบที่ลึกกว่าได้พร้อมไพ่ทุกใบที่อยู่บนมัน ถ้าลงใบนั้นบนโต๊ะในตาเดียวกัน",
      "การลงไพ่ครั้งแรกต้องลงครบตามสัญญาของตานั้นพอดี หลังจากนั้นฝากไพ่กับชุดใดก็ได้",
      "โจ๊กเกอร์แทนไพ่ใดก็ได้ ต้องบอกว่าแทนใบไหนเมื่อลง ผู้ที่ลงแล้วแลกไพ่จริงกับโจ๊กเกอร์ในชุดเรียงได้ และต้องใช้โจ๊กเกอร์นั้นทันที",
      "จบตาด้วยการทิ้งหนึ่งใบ เว้นแต่ออกแล้ว ตาที่ 7 ต้องลงและออกในตาเดียว",
    ]],
    ["การนับแต้ม", [
      "เมื่อมีคนออก ตานั้นจบ คนอื่นนับแต้มไพ่ในมือ: 2–10 ตามหน้าไพ่ J Q K 10 A 15 โจ๊กเกอร์ 15",
      "ครบเจ็ดตา ใครแต้มรวมน้อยที่สุดชนะ",
      "ลิเวอร์พูล: เมื่อผู้เล่นในตาไม่หยิบไพ่ทิ้งใบบนสุด คนอื่นซื้อได้พร้อมจั่วไพ่ลงโทษหนึ่งใบ ไม่เกิน 3 ครั้งต่อตา",
    ]],
  ],
};

export function rulesPage(game) {
  const rules = (game === "contract" ? CONTRACT_RULES : DUMMY_RULES)[lang()];
  const other = game === "contract" ? "dummy" : "contract";
  return h(
    "div",
    { class: "page rules" },
    h("h1", null, t("rules.title", { game: t("game." + game) })),
    h("div", { class: "hero", "aria-hidden": "true" }, h("div", { class: "fan", html: ["7h", "8h", "9h", "Qs", "2c"].map((c) => cardSVG(c)).join("") })),
    rules.map(([title, items]) => h("section", { class: "card-box" }, h("h2", null, title), h("ol", null, items.map((x) => h("li", null, x))))),
    h("p", { class: "muted" }, t("rules.full")),
    h("p", null, h("a", { href: `#/rules/${other}` }, t("rules.title", { game: t("game." + other) })), " · ", h("a", { href: "#/glossary" }, t("gloss.title"))),
  );
}
