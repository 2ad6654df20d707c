// Optional sounds for your turn and for a knock: tiny self-hosted WAV files, off until the player
// turns them on (the choice is remembered). Nothing is fetched while sound is off.

import { getPref, setPref } from "./net.js";

const cache = {};

export function soundOn() {
  return !!getPref("sound", false);
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
