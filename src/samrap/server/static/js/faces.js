// Faces at the table (issue 23.6): every bot level has its own people, with Thai and English
// names and a drawn face, and a person picks a drawn avatar (no uploads). Everything is drawn
// here in small inline SVG, so no image is fetched.
//
// A bot's name and face come from its level and its place among the bots of that level at the
// table, so the table, the ledger, the replay and the review (which know the seats' levels, or
// the archive's "bot:LEVEL" names) all call it the same. A person's avatar id is sent with the
// name and checked by the server (messages.AvatarId); the choice is remembered in this browser.

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { getPref, setPref } from "./net.js";

// The drawn avatars a person may pick: the server accepts exactly these ids (messages.AvatarId).
export const AVATARS = ["elephant", "cat", "tiger", "bird", "fish", "turtle", "lotus", "star"];

// Each level's people [Thai, English]: a child for the easy bots, an elder sibling for medium,
// the shop-house boss (เฮีย/เจ๊) for hard and the master (เซียน) for expert; the random bot is
// the dice uncle.
// The same table as the terminal's (players/levels.py LEVEL_PEOPLE, used by `samrap play`, `learn`,
// `replay`, `review`): tests/players/test_level_names.py fails when the two differ.
export const BOT_PEOPLE = {
  random: [["ลุงเต๋า", "Uncle Tao"], ["ป้าโชค", "Auntie Chok"], ["น้าดวง", "Na Duang"], ["ตาลุ้น", "Grandpa Lun"]],
  easy: [["น้องมะลิ", "Nong Mali"], ["น้องข้าวปั้น", "Nong Khaopan"], ["น้องส้มโอ", "Nong Som-o"], ["น้องถั่วแดง", "Nong Thua Daeng"]],
  medium: [["พี่ต้น", "Phi Ton"], ["พี่แก้ว", "Phi Kaew"], ["พี่หมวย", "Phi Muai"], ["พี่เอก", "Phi Ek"]],
  hard: [["เฮียเสือ", "Hia Suea"], ["เจ๊หงส์", "Je Hong"], ["เฮียมังกร", "Hia Mangkon"], ["เจ๊ไก่", "Je Kai"]],
  expert: [["เซียนช้าง", "Sian Chang"], ["เซียนนาค", "Sian Nak"], ["เซียนหมอก", "Sian Mok"], ["เซียนเพชร", "Sian Phet"]],
};

const svg = (body, bg) =>
  `<svg viewBox="0 0 40 40" aria-hidden="true" focusable="false"><circle cx="20" cy="20" r="20" fill="${bg}"/>${body}</svg>`;

// a face: head, eyes, mouth; ``extra`` drawn over it (hair, glasses, a beard)
const face = (skin, extra, mouth = '<path d="M15 26q5 4 10 0" stroke="#5a2d1a" stroke-width="1.8" fill="none" stroke-linecap="round"/>') =>
  `<circle cx="20" cy="22" r="12" fill="${skin}"/><circle cx="15.5" cy="20.5" r="1.6" fill="#2b1a10"/><circle cx="24.5" cy="20.5" r="1.6" fill="#2b1a10"/>${mouth}${extra}`;

const LEVEL_DRAW = {
  // a die with its pips: the bot that plays at random
  random: (c) => svg(`<rect x="9" y="9" width="22" height="22" rx="5" fill="#fff"/><g fill="${c}"><circle cx="14.5" cy="14.5" r="2.3"/><circle cx="20" cy="20" r="2.3"/><circle cx="25.5" cy="25.5" r="2.3"/></g>`, "#33415c"),
  // a child with a jasmine flower (มะลิ) in the hair
  easy: (c) => svg(face("#f6d2b0", `<path d="M8 20q2-12 12-12t12 12q-3-6-12-6t-12 6z" fill="#3a2416"/><g fill="#fff"><circle cx="10" cy="11" r="2.4"/><circle cx="13.6" cy="9.4" r="2.4"/><circle cx="12.6" cy="13.4" r="2.4"/></g><circle cx="12" cy="11.4" r="1.3" fill="${c}"/>`), c),
  // an elder sibling with round glasses
  medium: (c) => svg(face("#e8b98f", `<path d="M8 19q1-11 12-11t12 11q-4-5-12-5t-12 5z" fill="#23160e"/><g fill="none" stroke="#222" stroke-width="1.4"><circle cx="15.5" cy="20.5" r="3.6"/><circle cx="24.5" cy="20.5" r="3.6"/><path d="M19.1 20.5h1.8"/></g>`), c),
  // the boss: dark glasses and a gold chain
  hard: (c) => svg(face("#d9a679", `<path d="M9 17q2-9 11-9t11 9q-5-3-11-3t-11 3z" fill="#111"/><rect x="11" y="18" width="8.5" height="4.6" rx="2" fill="#111"/><rect x="20.5" y="18" width="8.5" height="4.6" rx="2" fill="#111"/><path d="M19 20h2" stroke="#111" stroke-width="1.4"/><path d="M12 34q8 4 16 0" stroke="#f4c542" stroke-width="2" fill="none"/>`, '<path d="M16 27h8" stroke="#5a2d1a" stroke-width="1.8" stroke-linecap="round"/>'), c),
  // the master: white topknot and beard
  expert: (c) => svg(face("#e6bf9a", `<circle cx="20" cy="8" r="3.6" fill="#eee"/><path d="M9 19q1-9 11-9t11 9q-4-4-11-4t-11 4z" fill="#eee"/><path d="M12 26q8 14 16 0q-3 3-8 3t-8-3z" fill="#f4f4f4"/>`, '<path d="M17 25.5h6" stroke="#5a2d1a" stroke-width="1.6" stroke-linecap="round"/>'), c),
};

// colours of a level's four people (dark enough for white beside them)
const PEOPLE_COLOURS = ["#b0413e", "#2e6f95", "#6a4c93", "#2d7a46"];

const AVATAR_DRAW = {
  elephant: svg('<ellipse cx="20" cy="21" rx="11" ry="10" fill="#9aa7b8"/><ellipse cx="9" cy="19" rx="6" ry="8" fill="#8391a3"/><ellipse cx="31" cy="19" rx="6" ry="8" fill="#8391a3"/><path d="M20 25q0 8-4 9" stroke="#9aa7b8" stroke-width="4.5" fill="none" stroke-linecap="round"/><circle cx="16" cy="19" r="1.5" fill="#222"/><circle cx="24" cy="19" r="1.5" fill="#222"/>', "#3d5a80"),
  cat: svg('<path d="M9 13l4 9h14l4-9-7 4h-8z" fill="#f0a35e"/><circle cx="20" cy="23" r="10" fill="#f0a35e"/><circle cx="16" cy="22" r="1.5" fill="#222"/><circle cx="24" cy="22" r="1.5" fill="#222"/><path d="M18.5 26h3l-1.5 1.6z" fill="#c44"/><path d="M11 25h5M11 27.5l5-1M29 25h-5M29 27.5l-5-1" stroke="#6b3d17" stroke-width=".9"/>', "#7b3f00"),
  tiger: svg('<circle cx="11.5" cy="12.5" r="4" fill="#f28c28"/><circle cx="28.5" cy="12.5" r="4" fill="#f28c28"/><circle cx="20" cy="22" r="11" fill="#f28c28"/><path d="M20 11v5M14 13l2 4M26 13l-2 4M9.5 21h4M30.5 21h-4" stroke="#222" stroke-width="1.6"/><ellipse cx="20" cy="27" rx="5" ry="3.6" fill="#fff"/><circle cx="16" cy="21" r="1.5" fill="#222"/><circle cx="24" cy="21" r="1.5" fill="#222"/><path d="M18.7 25.5h2.6l-1.3 1.4z" fill="#222"/>', "#1d3557"),
  bird: svg('<circle cx="20" cy="21" r="11" fill="#ffd23f"/><path d="M27 19l8 2.5-8 2.5z" fill="#f28c28"/><circle cx="23" cy="18" r="1.6" fill="#222"/><path d="M10 23q5 6 12 2" stroke="#e0a800" stroke-width="2" fill="none"/><path d="M17 10q3-5 6 0" stroke="#ffd23f" stroke-width="2.4" fill="none"/>', "#2a9d8f"),
  fish: svg('<ellipse cx="18" cy="20" rx="11" ry="7.5" fill="#4cc9f0"/><path d="M28 20l8-6v12z" fill="#4cc9f0"/><circle cx="12" cy="18.5" r="1.7" fill="#222"/><path d="M17 14q3 6 0 12M21 14q3 6 0 12" stroke="#1b85a6" stroke-width="1.2" fill="none"/>', "#233d4d"),
  turtle: svg('<circle cx="31" cy="20" r="4" fill="#8bc34a"/><ellipse cx="18" cy="21" rx="11" ry="8" fill="#5b8c2a"/><path d="M10 26l-2 4M26 26l2 4M12 15l-2-3M24 15l2-3" stroke="#8bc34a" stroke-width="3" stroke-linecap="round"/><path d="M12 21h12M18 14v14M13.5 16.5l9 9M22.5 16.5l-9 9" stroke="#3e6219" stroke-width="1.1"/><circle cx="32" cy="19" r=".9" fill="#222"/>', "#6d4c41"),
  lotus: svg('<path d="M20 8q6 8 0 20q-6-12 0-20z" fill="#f48fb1"/><path d="M20 28q-10-2-12-12q9 1 12 12zM20 28q10-2 12-12q-9 1-12 12z" fill="#f06292"/><path d="M20 28q-12 1-15-5q9-2 15 5zM20 28q12 1 15-5q-9-2-15 5z" fill="#ec407a"/><path d="M9 31h22" stroke="#81c784" stroke-width="2.4" stroke-linecap="round"/>', "#1b4332"),
  star: svg('<path d="M20 7l3.8 8.6 9.2.8-7 6.1 2.1 9.1L20 26.8l-8.1 4.8 2.1-9.1-7-6.1 9.2-.8z" fill="#ffd166"/><circle cx="17" cy="19" r="1.3" fill="#5a3b00"/><circle cx="23" cy="19" r="1.3" fill="#5a3b00"/><path d="M17.5 22.5q2.5 2 5 0" stroke="#5a3b00" stroke-width="1.2" fill="none"/>', "#3a0ca3"),
};

/** The SVG markup of a person's avatar, or null for an id not in the set. */
export function avatarSVG(id) {
  return AVATAR_DRAW[id] || null;
}

/** The bot levels of a table's seats ("bot:hard" archive names, or seat infos) in seat order. */
export function seatLevels(seats) {
  return seats.map((s) => {
    if (typeof s === "string") return /^bot:/.test(s) ? s.slice(4) : null;
    return s && s.kind === "bot" ? s.level || "easy" : null;
  });
}

/** Which of its level's people each bot seat is: the bots of one level are told apart in seat order. */
function ranks(levels) {
  const seen = {};
  return levels.map((l) => (l ? (seen[l] = (seen[l] ?? -1) + 1) : -1));
}

/** Each bot seat's {name, svg} in the page's language (null for a person's seat). */
export function botFaces(levels) {
  const k = ranks(levels);
  return levels.map((l, q) => {
    if (!l) return null;
    const people = BOT_PEOPLE[l] || BOT_PEOPLE.easy;
    const i = k[q] % people.length;
    const [th, en] = people[i];
    const extra = k[q] >= people.length ? ` ${Math.floor(k[q] / people.length) + 1}` : "";
    return { name: (lang() === "th" ? th : en) + extra, svg: (LEVEL_DRAW[l] || LEVEL_DRAW.easy)(PEOPLE_COLOURS[i]) };
  });
}

/** The seat names of a table (info.seats) or an archived match (record.players). */
export function seatNames(seats) {
  const bots = botFaces(seatLevels(seats));
  return seats.map((s, q) => (bots[q] ? bots[q].name : typeof s === "string" ? s : s && s.kind !== "open" ? s.name || null : null));
}

/** The drawn face of each seat (SVG markup), or null where the person picked none (initials then). */
export function seatSVGs(seats) {
  const bots = botFaces(seatLevels(seats));
  return seats.map((s, q) => (bots[q] ? bots[q].svg : s && typeof s === "object" ? avatarSVG(s.avatar) : null));
}

/** The avatar this browser's player picked (an id of AVATARS) or null. */
export function myAvatar() {
  const id = getPref("avatar", null);
  return AVATARS.includes(id) ? id : null;
}

/** A row of drawn avatars to pick from (radio buttons; the choice is remembered at once). */
export function avatarPicker(id = "avatar") {
  const chosen = myAvatar();
  const name = `${id}-pick`;
  return h(
    "fieldset",
    { class: "avatar-pick", id },
    h("legend", null, t("face.pick")),
    AVATARS.map((a) =>
      h(
        "label",
        { class: "avatar-opt", title: t(`face.${a}`) },
        h("input", { type: "radio", name, value: a, checked: a === chosen, class: "sr-only", onchange: () => setPref("avatar", a) }),
        h("span", { class: "avatar-img", html: AVATAR_DRAW[a] }),
        h("span", { class: "sr-only" }, t(`face.${a}`)),
      ),
    ),
  );
}
