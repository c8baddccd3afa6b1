// The hydration check of project islands (`dev`, and tests that set `window.__docsiteCheckHydration`): before an
// island is hydrated, the browser draws it once on its own and compares that with what the server drew. Preact
// hydrates without looking at attributes, so a difference would otherwise stay on the page unnoticed; here it is an
// error naming the island and the first node that differs.
import { render, type VNode } from "preact";

export async function checkHydration(el: HTMLElement, vnode: VNode<any>): Promise<void> {
  const probe = document.createElement("div");
  render(vnode, probe);
  try {
    const difference = firstDifference(el, probe);
    if (difference)
      throw new Error(
        `hydration mismatch in the island ${el.getAttribute("data-src")} (${el.getAttribute("data-export")}): ${difference}`,
      );
  } finally {
    render(null, probe);
  }
}

/** The nodes that count: elements and text with content, comments (React's text separators) left out. */
function nodesOf(parent: Node): Node[] {
  const out: Node[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push(document.createTextNode(text));
    text = "";
  };
  for (const n of parent.childNodes) {
    if (n.nodeType === Node.TEXT_NODE) text += (n as Text).data;
    else if (n.nodeType === Node.ELEMENT_NODE && (n as Element).tagName !== "TEMPLATE") {
      flush();
      out.push(n);
    }
  }
  flush();
  return out;
}

const describe = (n: Node | undefined): string =>
  !n
    ? "nothing"
    : n.nodeType === Node.TEXT_NODE
      ? JSON.stringify((n as Text).data)
      : (n as Element).outerHTML.slice(0, 200);

/** Attributes that Preact sets as properties (so they are not in its markup) or that only the server writes. */
const SKIPPED = new Set(["value", "checked", "selected", "data-island-ready"]);

function attributesOf(el: Element): Map<string, string> {
  const out = new Map<string, string>();
  // Namespace declarations (`xmlns:xlink`) mean nothing in HTML, and React draws them where Preact does not.
  for (const a of el.attributes) if (!SKIPPED.has(a.name) && !a.name.startsWith("xml")) out.set(a.name, a.value);
  // Styles as the browser reads them: a property it does not know (`enable-background`) is nothing on either side.
  out.delete("style");
  // An empty class is no class: React writes `class=""` for `className=""`, Preact's markup leaves it out.
  if (out.get("class") === "") out.delete("class");
  const style = (el as HTMLElement).style?.cssText;
  if (style) out.set("style", style);
  return out;
}

function firstDifference(server: Node, browser: Node): string | null {
  const a = nodesOf(server);
  const b = nodesOf(browser);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    const differs = `the server drew ${describe(x)} where the browser draws ${describe(y)}`;
    if (!x || !y || x.nodeType !== y.nodeType) return differs;
    if (x.nodeType === Node.TEXT_NODE) {
      if ((x as Text).data !== (y as Text).data) return differs;
      continue;
    }
    const ex = x as Element;
    const ey = y as Element;
    if (ex.tagName !== ey.tagName) return differs;
    const ax = attributesOf(ex);
    const ay = attributesOf(ey);
    for (const name of new Set([...ax.keys(), ...ay.keys()]))
      if (ax.get(name) !== ay.get(name))
        return `<${ex.tagName.toLowerCase()}> has ${name}=${JSON.stringify(ax.get(name) ?? null)} from the server and ${JSON.stringify(ay.get(name) ?? null)} in the browser`;
    // A slot is the server's HTML in both; islands inside it are checked on their own.
    if (ex.tagName === "DOCSITE-SLOT") continue;
    const deeper = firstDifference(ex, ey);
    if (deeper) return deeper;
  }
  return null;
}
