// A few DOM helpers: h() builds elements, svg() wraps trusted SVG markup made by cards.js.

// Markup given as ``html`` (card faces, icons: the same few strings over and over) is parsed once
// into a template and cloned after that: a table redraw clones its cards instead of running the
// HTML parser once per card.
const parsed = new Map();
const PARSED_MAX = 600;

function markup(html) {
  let tpl = parsed.get(html);
  if (!tpl) {
    tpl = document.createElement("template");
    tpl.innerHTML = html;
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(html, tpl);
  }
  return tpl.content.cloneNode(true);
}

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "html") el.appendChild(markup(v));
      else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "dataset") {
        // a null or undefined entry is no attribute (not the text "null")
        for (const [dk, dv] of Object.entries(v)) if (dv !== null && dv !== undefined) el.dataset[dk] = dv;
      }
      else if (v === true) el.setAttribute(k, "");
      else el.setAttribute(k, String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** A short message at the bottom of the screen, also read by screen readers. */
export function toast(text, ms = 2500) {
  const el = h("div", { class: "toast", role: "status" }, text);
  document.body.appendChild(el);
  setTimeout(() => el.remove(), ms);
}

const openModals = new Set();

/** Close every open dialog (as its Cancel would): a page left for another takes none with it. */
export function closeModals() {
  for (const close of [...openModals]) close(null);
}

/** Show a modal <dialog> built by ``build(close)``; resolves with what close() was given. */
export function modal(build, { label } = {}) {
  return new Promise((resolve) => {
    const dlg = h("dialog", { "aria-label": label || null });
    let done = false;
    const close = (value) => {
      if (done) return;
      done = true;
      openModals.delete(close);
      dlg.close();
      dlg.remove();
      resolve(value);
    };
    openModals.add(close);
    dlg.addEventListener("cancel", (e) => {
      e.preventDefault();
      close(null);
    });
    append(dlg, [build(close)]);
    document.body.appendChild(dlg);
    dlg.showModal();
  });
}
