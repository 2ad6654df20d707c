// Sounds for your turn and for a knock: tiny self-hosted WAV files (the other moments' notes are
// made in code, moments.js). On by default (issue 23.5); the bell in the table's bar mutes them and
// the choice is remembered. A file is fetched at its first play only, and never while muted.

import { getPref, setPref } from "./net.js";

const cache = {};

export function soundOn() {
  return !!getPref("sound", true);
}

export function setSound(on) {
  setPref("sound", !!on);
}

/** Play ``name`` ("turn", "knock") if sound is on; a browser that blocks audio is left in peace. */
export function playSound(name) {
  if (!soundOn() || typeof Audio === "undefined") return;
  const a = (cache[name] ||= new Audio(`/static/sounds/${name}.wav`));
  try {
    a.currentTime = 0;
    const p = a.play();
    if (p && p.catch) p.catch(() => {});
  } catch {
    /* no audio here */
  }
}
