// Sharing a table: the phone's share sheet (Web Share API) where there is one, else the link is
// copied to the clipboard, else it is shown to copy by hand; and a QR code of the link, drawn by
// the server (GET /api/tables/CODE/qr.svg), so friends at one real table join with a camera; and a
// "send by LINE" button (LINE's web share address, a plain link), the way Thai players invite.

import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

/** Share ``url``; resolves with how: "shared", "copied", "shown" (or "cancelled"). */
export async function shareLink(url, title) {
  if (navigator.share) {
    try {
      await navigator.share({ title, text: title, url });
      return "shared";
    } catch (e) {
      if (e && e.name === "AbortError") return "cancelled";
      // no share target or not allowed here: fall back to copying
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(t("share.copied"));
    return "copied";
  } catch {
    toast(url, 6000);
    return "shown";
  }
}

/** The QR image of a table's link (``watch``: the watcher's link of a private table). */
export function qrImage(code, watch) {
  const q = watch ? `?watch=${encodeURIComponent(watch)}` : "";
  return h("img", {
    class: "qr",
    src: `/api/tables/${encodeURIComponent(code)}/qr.svg${q}`,
    width: 168,
    height: 168,
    alt: t(watch ? "share.qrWatchAlt" : "share.qrAlt", { code }),
    loading: "lazy",
  });
}

/** LINE's web share address for a message (issue 23.8): a plain link that opens LINE (the app on a
 *  phone, its web page elsewhere) with the text filled in. No SDK and nothing loaded from LINE. */
export function lineShareUrl(text) {
  return `https://line.me/R/share?text=${encodeURIComponent(text)}`;
}

/** The "send by LINE" button of a link: the invitation and the link as the message. */
export function lineButton(url, title, id = "lineshare") {
  return h(
    "a",
    { class: "btn line", id, href: lineShareUrl(`${title}\n${url}`), target: "_blank", rel: "noopener noreferrer" },
    t("share.line"),
  );
}

/**
 * A share panel for a table: its code, its link, a share button and the QR code (shown on a tap,
 * so a table page loads no image it does not need). ``watch``: also offer the watcher's link.
 */
export function sharePanel(code, link, { watch = null, title = "" } = {}) {
  const qrBox = h("div", { class: "qr-box", hidden: true });
  const showQr = h(
    "button",
    {
      type: "button",
      class: "qr-toggle",
      "aria-expanded": "false",
      onclick: () => {
        const open = qrBox.hidden;
        qrBox.hidden = !open;
        showQr.setAttribute("aria-expanded", open ? "true" : "false");
        if (open && !qrBox.firstChild) qrBox.append(qrImage(code, null), h("p", { class: "muted" }, t("share.qrHelp")));
      },
    },
    t("share.qr"),
  );
  const watchUrl = watch ? `${link}?watch=${encodeURIComponent(watch)}` : null;
  return h(
    "div",
    { class: "share" },
    h("p", null, t("share.codeIs"), " ", h("strong", { class: "mono code", "data-code": code }, code)),
    h("p", null, h("a", { href: link, class: "mono", "data-link": "1" }, link)),
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", class: "primary", id: "sharebtn", onclick: () => shareLink(link, title || t("share.title", { code })) }, t("share.button")),
      lineButton(link, title || t("share.title", { code })),
      showQr,
      watchUrl ? h("button", { type: "button", id: "sharewatch", onclick: () => shareLink(watchUrl, t("share.watchTitle", { code })) }, t("share.watch")) : null,
    ),
    qrBox,
  );
}
