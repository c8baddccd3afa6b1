// The dev server's browser side (only `docsite dev` serves it; the site's bundle never imports it): listens to the
// server's events, puts a saved page's new content in place (scroll position kept), reloads when the layout
// changed, and shows an overlay naming file, line and message while the site has a problem.

interface Problem {
  file: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}
type LiveEvent =
  | { type: "page"; path: string; html: string }
  | { type: "reload" }
  | { type: "problems"; problems: Problem[] };

/** Regions of a page that content changes: the main column and the table of contents beside it. */
const REGIONS = ["#main-content", ".doc-toc"];
const OVERLAY = "data-docsite-error";

const samePath = (a: string, b: string): boolean => {
  const norm = (p: string) => {
    try {
      return decodeURI(p);
    } catch {
      return p;
    }
  };
  return norm(a) === norm(b);
};

/** Puts the new page's regions in place of the old ones; false when the page's shape differs (then reload). */
function patch(html: string): boolean {
  const next = new DOMParser().parseFromString(html, "text/html");
  if (!document.getElementById("__docsite") || !next.getElementById("__docsite")) return false;
  const pairs = REGIONS.map((sel) => [document.querySelector(sel), next.querySelector(sel)] as const);
  if (pairs.some(([mine, theirs]) => !mine !== !theirs)) return false;
  const y = scrollY;
  for (const [mine, theirs] of pairs) {
    if (!mine || !theirs) continue;
    for (const a of Array.from(theirs.attributes)) mine.setAttribute(a.name, a.value);
    mine.replaceChildren(...Array.from(theirs.childNodes).map((n) => document.adoptNode(n)));
  }
  document.title = next.title;
  scrollTo(0, y);
  return true;
}

let dismissed = "";

function showProblems(problems: Problem[]): void {
  document.querySelector(`[${OVERLAY}]`)?.remove();
  const key = JSON.stringify(problems);
  if (!problems.length || key === dismissed) return;
  const box = document.createElement("div");
  box.setAttribute(OVERLAY, "");
  box.setAttribute("role", "alertdialog");
  box.setAttribute("aria-labelledby", "docsite-error-title");
  box.style.cssText =
    "position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,20,20,.92);color:#eee;" +
    "font:15px/1.5 system-ui,sans-serif;padding:40px 20px";
  const inner = document.createElement("div");
  inner.style.cssText = "max-width:900px;margin:0 auto";
  const h = document.createElement("h1");
  h.id = "docsite-error-title";
  h.style.cssText = "color:#ff8080;font-size:20px;margin:0 0 16px";
  h.textContent = problems.length === 1 ? "docsite: build error" : `docsite: ${problems.length} build errors`;
  inner.append(h);
  for (const p of problems) {
    const pre = document.createElement("pre");
    pre.style.cssText = "white-space:pre-wrap;background:#2b2b2b;padding:16px;border-radius:6px;margin:0 0 12px";
    const where = document.createElement("strong");
    where.textContent = p.line ? `${p.file}:${p.line}${p.column ? `:${p.column}` : ""}` : p.file;
    pre.append(where, ` ${p.message}${p.hint ? `\n→ ${p.hint}` : ""}`);
    inner.append(pre);
  }
  const note = document.createElement("p");
  note.textContent = "Fix the file and save: this goes away by itself.";
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.style.cssText = "font:inherit;padding:4px 14px;cursor:pointer";
  const hide = () => {
    dismissed = key;
    box.remove();
  };
  close.addEventListener("click", hide);
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hide();
  });
  inner.append(note, close);
  box.append(inner);
  document.body.append(box);
  close.focus({ preventScroll: true });
}

let hadProblems = false;
const events = new EventSource(new URL("events", import.meta.url));
events.onmessage = (e: MessageEvent<string>) => {
  const event = JSON.parse(e.data) as LiveEvent;
  if (event.type === "reload") location.reload();
  else if (event.type === "page") {
    if (samePath(event.path, location.pathname) && !patch(event.html)) location.reload();
  } else if (event.type === "problems") {
    showProblems(event.problems);
    // The error page (shown where a page could not be made at all) goes once the problems are fixed.
    if (event.problems.length) hadProblems = true;
    else if (hadProblems && !document.getElementById("__docsite")) location.reload();
  }
};
