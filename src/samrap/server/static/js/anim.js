// Moves you can see: after each render the cards that changed place glide from where they were
// to where they are now (a FLIP animation derived from two renders, so it works for any move:
// draw, discard, collect, meld, lay-off, exchange, buy, knock). Cards that left the table for an
// opponent's hidden hand fly to that player's seat; a card that appears from nowhere comes from
// the mover's seat (an opponent) or from the stock (your draw). Short (≤ 300 ms), interrupted by
// the next render, and nothing at all under ``prefers-reduced-motion``.

const DURATION = 280;
const EASE = "cubic-bezier(.2,.7,.3,1)";
let ghosts = [];

export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function rectOf(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, w: r.width, h: r.height };
}

/** Where every card ([data-k]), seat ([data-pod]) and the stock are on screen now. */
export function snapshot(root) {
  const cards = new Map();
  root.querySelectorAll("[data-k]").forEach((el) => {
    const r = rectOf(el);
    if (r.w > 0) cards.set(el.dataset.k, { r, el });
  });
  const pods = {};
  root.querySelectorAll("[data-pod]").forEach((el) => (pods[el.dataset.pod] = rectOf(el)));
  const stockEl = root.querySelector("[data-stock]");
  return { cards, pods, stock: stockEl ? rectOf(stockEl) : null };
}

function flyFrom(el, from, to) {
  const dx = from.x + from.w / 2 - (to.x + to.w / 2);
  const dy = from.y + from.h / 2 - (to.y + to.h / 2);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  // the size change by the heights: a hand card's slot is as wide as the overlap step, which
  // changes with the number of cards, while a card's height is its size (a width ratio grew the
  // hand's last card past a 360 px screen on a 4+ card collect, issue 23.9)
  const s = to.h > 0 && from.h > 0 ? Math.max(0.4, Math.min(2.5, from.h / to.h)) : 1;
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${s})` }, { transform: "none" }], { duration: DURATION, easing: EASE });
}

function ghost(content, from, to) {
  const g = document.createElement("div");
  g.className = "ghost";
  g.setAttribute("aria-hidden", "true");
  if (content) g.appendChild(content);
  Object.assign(g.style, { left: `${from.x}px`, top: `${from.y}px`, width: `${from.w}px`, height: `${from.h}px` });
  document.body.appendChild(g);
  ghosts.push(g);
  const dx = to.x + to.w / 2 - (from.x + from.w / 2);
  const dy = to.y + to.h / 2 - (from.y + from.h / 2);
  const a = g.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0.2 }], { duration: DURATION + 60, easing: EASE });
  a.onfinish = () => g.remove();
}

/** A card back to fly (an opponent's draw from the stock). */
function back() {
  const b = document.createElement("span");
  b.className = "back ghost-back";
  return b;
}

/**
 * Animate ``root`` from the snapshot ``prev`` taken before it was rebuilt.
 * ``ctx``: {mover: the seat that just moved or -1, me: this screen's seat, stockDrop: the stock
 * got smaller with no card showing up (an opponent drew)}.
 */
export function animate(prev, root, ctx = {}) {
  for (const g of ghosts) g.remove();
  ghosts = [];
  if (!prev || reducedMotion() || !Element.prototype.animate) return;
  const mover = ctx.mover ?? -1;
  const moverPod = mover >= 0 ? prev.pods[mover] || null : null;
  const fromOpponent = mover >= 0 && mover !== ctx.me;
  const seen = new Set();
  root.querySelectorAll("[data-k]").forEach((el) => {
    const k = el.dataset.k;
    seen.add(k);
    const old = prev.cards.get(k);
    const to = rectOf(el);
    if (to.w === 0) return;
    if (old) flyFrom(el, old.r, to);
    else if (prev.stock && (el.closest(".pod-hand") || (mover === ctx.me && el.closest(".hand")))) flyFrom(el, prev.stock, to);
    else if (fromOpponent && moverPod) flyFrom(el, moverPod, to);
  });
  if (fromOpponent && moverPod) {
    const pod = root.querySelector(`[data-pod="${mover}"]`);
    const target = pod ? rectOf(pod) : moverPod;
    for (const [k, old] of prev.cards) {
      if (seen.has(k) || !old.el.closest(".rowzone, .seatmelds")) continue;
      ghost(old.el.cloneNode(true), old.r, target); // taken into a hidden hand
    }
    if (ctx.stockDrop && prev.stock) ghost(back(), prev.stock, target);
  }
}
