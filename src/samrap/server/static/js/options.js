// Game presets and options, in words: what the lobby offers (GET /api/presets, read from the
// server's registry, so every preset and option the server knows is offered), the controls of the
// "more options" panel, and the config the server gets (only what differs from the preset).

import { h } from "./dom.js";
import { hasKey, t } from "./i18n.js";
import { api } from "./net.js";

// The lobby draws itself before the list arrives (and offline): the presets as of this release.
export const FALLBACK = {
  games: [
    { name: "dummy", players: [2, 3, 4], default_preset: "classic", presets: [{ name: "classic", values: {} }, { name: "modern", values: {} }], options: [] },
    { name: "contract", players: [3, 4, 5, 6, 7, 8], default_preset: "seed", presets: [{ name: "seed", values: {} }, { name: "pagat", values: {} }, { name: "liverpool", values: {} }], options: [] },
  ],
};

let loaded = null;

/** The server's games, presets and options (fetched once per page load). */
export function loadPresets() {
  if (!loaded) loaded = api("GET", "/api/presets").catch(() => FALLBACK);
  return loaded;
}

export function gameOf(list, name) {
  return list.games.find((g) => g.name === name) || list.games[0];
}

export function presetOf(game, name) {
  return game.presets.find((p) => p.name === name) || game.presets.find((p) => p.name === game.default_preset) || game.presets[0];
}

/** A preset's name in words. */
export function presetName(game, preset) {
  const key = `preset.${game}.${preset}`;
  return hasKey(key) ? t(key) : t("home.preset.other");
}

/** An option's name in words. */
export function optionName(game, field) {
  const key = `opt.${game}.${field}`;
  return hasKey(key) ? t(key) : t("home.opt.other");
}

/** An option's value in words. */
export function valueText(game, option, value) {
  if (option.kind === "bool") return value ? t("home.yes") : t("home.no");
  if (value === null || value === undefined) {
    const key = `opt.${game}.${option.name}.none`;
    return hasKey(key) ? t(key) : t("home.auto");
  }
  if (option.kind === "choice") {
    const key = `opt.${game}.${option.name}.${value}`;
    return hasKey(key) ? t(key) : String(value);
  }
  return String(value);
}

/** The config the server gets: ``field=value`` for each chosen value that differs from the preset. */
export function configText(game, preset, chosen) {
  const parts = [];
  for (const o of game.options) {
    if (!(o.name in chosen)) continue;
    const v = chosen[o.name];
    if (v === preset.values[o.name]) continue;
    parts.push(`${o.name}=${v === null ? "none" : v === true ? "true" : v === false ? "false" : v}`);
  }
  return parts.join(",");
}

/** What a player changed from the preset, in words: "ace may be low: yes · …" (for the summary line). */
export function changesText(game, preset, chosen) {
  return game.options
    .filter((o) => o.name in chosen && chosen[o.name] !== preset.values[o.name])
    .map((o) => `${optionName(game.name, o.name)}: ${valueText(game.name, o, chosen[o.name])}`);
}

function control(game, o, id, value, onchange) {
  if (o.kind === "bool") {
    return h(
      "div",
      { class: "check" },
      h("input", { type: "checkbox", id, name: id, checked: !!value, onchange: (e) => onchange(e.target.checked) }),
      h("label", { for: id }, optionName(game.name, o.name)),
    );
  }
  let input;
  if (o.kind === "choice") {
    input = h(
      "select",
      { id, name: id, onchange: (e) => onchange(e.target.value) },
      o.choices.map((c) => h("option", { value: c, selected: c === value }, valueText(game.name, o, c))),
    );
  } else {
    // A whole number; for options that may be "automatic" / "no limit", an empty box means that.
    input = h("input", {
      type: "number",
      id,
      name: id,
      min: 0,
      step: 1,
      inputmode: "numeric",
      value: value === null || value === undefined ? "" : String(value),
      placeholder: o.kind === "int_or_none" ? valueText(game.name, o, null) : null,
      onchange: (e) => {
        const text = e.target.value.trim();
        if (text === "") onchange(o.kind === "int_or_none" ? null : undefined);
        else if (/^\d+$/.test(text)) onchange(Number(text));
      },
    });
  }
  return h("div", { class: "opt" }, h("label", { for: id }, optionName(game.name, o.name)), input);
}

/**
 * The "more options" panel: every option of the game, set to the preset's values, with what the
 * player changed kept in ``chosen`` (field -> value). ``skip``: options with a control elsewhere.
 */
export function optionsPanel(game, preset, chosen, { prefix, skip = [], onchange }) {
  const shown = game.options.filter((o) => !skip.includes(o.name));
  const controls = shown.map((o) =>
    control(game, o, `${prefix}-opt-${o.name}`, o.name in chosen ? chosen[o.name] : preset.values[o.name], (v) => {
      if (v === undefined || v === preset.values[o.name]) delete chosen[o.name];
      else chosen[o.name] = v;
      if (onchange) onchange();
    }),
  );
  const changed = shown.filter((o) => o.name in chosen).length;
  return h(
    "details",
    { class: "more", id: `${prefix}-more` },
    h("summary", null, changed ? t("home.moreChanged", { n: changed }) : t("home.more")),
    h("p", { class: "muted" }, t("home.moreHelp")),
    h("div", { class: "opts" }, controls),
    h("button", { type: "button", class: "linkish", onclick: () => { for (const k of Object.keys(chosen)) delete chosen[k]; if (onchange) onchange(true); } }, t("home.moreReset")),
  );
}

function parseValue(text) {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text === "none") return null;
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

/**
 * A config string (``dummy(players=2,target=50)``, as records and tables carry it) in words:
 * "Thai Dummy · Modern · 2 players · to 50 points", naming the preset it matches best and any
 * option that differs from it. Players never see the string itself.
 */
export function describeConfig(list, gameName, config) {
  const game = gameOf(list, gameName);
  const m = /^\s*[a-z_]+\s*\((.*)\)\s*$/s.exec(config || "");
  const fields = {};
  for (const part of (m ? m[1] : "").split(",")) {
    const i = part.indexOf("=");
    if (i > 0) fields[part.slice(0, i).trim()] = parseValue(part.slice(i + 1).trim());
  }
  // The string lists what differs from the default preset; fill in the rest from it.
  const base = presetOf(game, game.default_preset).values;
  const values = { ...base };
  for (const o of game.options) if (o.name in fields) values[o.name] = fields[o.name];
  const differs = (p) => game.options.filter((o) => p.values[o.name] !== undefined && p.values[o.name] !== values[o.name]).length;
  const best = fields.preset ? presetOf(game, fields.preset) : game.presets.reduce((a, b) => (differs(b) < differs(a) ? b : a), presetOf(game, game.default_preset));
  const chosen = {};
  for (const o of game.options) if (best.values[o.name] !== undefined && values[o.name] !== best.values[o.name]) chosen[o.name] = values[o.name];
  const parts = [t("game." + game.name), presetName(game.name, best.name)];
  if (typeof fields.players === "number") parts.push(t("home.nPlayers", { n: fields.players }));
  if (game.name === "dummy" && "target" in chosen) {
    parts.push(t("home.toPoints", { n: chosen.target }));
    delete chosen.target;
  }
  return parts.concat(changesText(game, best, chosen)).join(" · ");
}
