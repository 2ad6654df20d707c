// A page's own stylesheet, added once when the page is first shown (the home page does not load
// the table's styles). Resolves when the sheet has loaded (or failed: the page still works).

const loading = {};

export function needCss(name) {
  if (!loading[name]) {
    loading[name] = new Promise((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = `/static/${name}.css`;
      link.onload = () => resolve(true);
      link.onerror = () => resolve(false);
      document.head.appendChild(link);
    });
  }
  return loading[name];
}
