// Drag and drop with pointer events, the same for a finger and a mouse: a hand card is lifted
// after a few pixels of movement, a copy follows the pointer, and on release the element under
// it that carries ``data-drop`` (the discard spot, a meld to lay off on, the new-meld spot)
// receives it; released over the hand the card moves to that place instead. A plain tap never
// starts a drag, so it stays a click on the card.

const THRESHOLD = 8;

/**
 * Make ``el`` (a hand card's list item) draggable.
 *   handlers.start()          the drag began (the caller lights the targets, may re-render)
 *   handlers.drop(target, e)  released on a ``data-drop`` element (its value: "discard", "meld:3", "newmeld")
 *   handlers.place(e)         released anywhere else (reorder within the hand)
 *   handlers.cancel()         the pointer was lost
 *   handlers.ghost()          the element to show under the pointer
 */
export function draggable(el, handlers) {
  el.addEventListener("pointerdown", (down) => {
    if (down.button !== 0 || down.isPrimary === false) return;
    let ghost = null;
    let over = null;
    let offX = 0;
    let offY = 0;
    const move = (e) => {
      if (e.pointerId !== down.pointerId) return;
      const dx = e.clientX - down.clientX;
      const dy = e.clientY - down.clientY;
      if (!ghost) {
        if (Math.hypot(dx, dy) < THRESHOLD) return;
        const r = el.getBoundingClientRect();
        offX = down.clientX - r.left;
        offY = down.clientY - r.top;
        ghost = document.createElement("div");
        ghost.className = "drag-ghost";
        ghost.setAttribute("aria-hidden", "true");
        ghost.appendChild(handlers.ghost());
        ghost.style.width = `${r.width}px`;
        document.body.appendChild(ghost);
        document.body.classList.add("dragging-card");
        handlers.start();
      }
      e.preventDefault();
      ghost.style.transform = `translate(${e.clientX - offX}px, ${e.clientY - offY}px)`;
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      const target = hit ? hit.closest("[data-drop]") : null;
      if (target !== over) {
        if (over) over.classList.remove("drop-over");
        if (target) target.classList.add("drop-over");
        over = target;
      }
    };
    const end = (e) => {
      if (e.pointerId !== down.pointerId) return;
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      if (!ghost) return;
      ghost.remove();
      document.body.classList.remove("dragging-card");
      // swallow the click that follows the release
      const swallow = (c) => {
        c.stopPropagation();
        c.preventDefault();
      };
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
      const hit = document.elementFromPoint(e.clientX, e.clientY);
      const target = hit ? hit.closest("[data-drop]") : null;
      if (over) over.classList.remove("drop-over");
      if (e.type === "pointercancel") handlers.cancel();
      else if (target) handlers.drop(target.dataset.drop, e);
      else handlers.place(e);
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  });
}
