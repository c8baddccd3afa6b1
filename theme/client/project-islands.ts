// Hydrates the site's own islands: project components that need the browser, drawn by the server inside
// `<docsite-island data-src=…>` (cli/islands/ssr.ts). Each loads its chunk when it is on screen at load time (above
// the fold), or when it scrolls near the viewport; `client:load` loads it at once. Its props are the JSON the server
// wrote; its slots (children, element props) are the HTML the server drew, handed back as static HTML.
//
// Leaving a page keeps its hydrated islands, detached, for a while: going back to it in history (back/forward) puts
// them back as they were left, state included, as the browser's back-forward cache keeps a page. Following a link to
// the page again shows it fresh. Only loaded by pages that have such islands (the entry imports it on demand).
import { Component, h, hydrate, render, type ComponentChild, type ComponentType } from "preact";

type OnError = (err: unknown) => void;

/** Reports errors thrown while an island renders or runs its effects, instead of a blank widget. */
class Boundary extends Component<{ onError: OnError; children: ComponentChild }> {
  componentDidCatch(err: unknown): void {
    this.props.onError(err);
  }
  render() {
    return this.props.children;
  }
}

/**
 * A slot's server-drawn HTML, never redrawn by Preact. Hydrated, it keeps the nodes it found (islands inside it
 * hydrate on their own); mounted later (a closed accordion opened), it gets the HTML and hydrates the islands in it.
 */
class StaticSlot extends Component<{ slot: string; html: string; onError: OnError }> {
  private el: HTMLElement | null = null;
  shouldComponentUpdate(): boolean {
    return false;
  }
  componentDidMount(): void {
    if (this.el?.querySelector("docsite-island[data-src]")) hydrateWithin(this.el, this.props.onError);
  }
  render() {
    return h("docsite-slot", {
      ref: (el: HTMLElement | null) => {
        this.el = el;
      },
      "data-slot": this.props.slot,
      dangerouslySetInnerHTML: { __html: this.props.html },
    });
  }
}

/** `data` with `value` at a slot's path (`items.0.title`), copying the objects on the way, as the server did. */
function withSlot(data: unknown, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split(".");
  const copy = (Array.isArray(data) ? [...data] : { ...(data as object) }) as Record<string, unknown>;
  copy[head] = rest.length ? withSlot(copy[head], rest.join("."), value) : value;
  return copy;
}

const mounted = new Set<Element>();
const modules = new Map<string, Promise<Record<string, unknown>>>();
let observer: IntersectionObserver | undefined;
const waiting = new Map<Element, () => void>();

/** The island elements of `root` that are its own (not inside a slot's template). */
const islandsOf = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>("docsite-island[data-src]")];

/** The first box of an island: its element is `display: contents` and has none of its own. */
function boxOf(el: HTMLElement): Element | null {
  for (const c of el.children) if (c.tagName !== "TEMPLATE") return c;
  return null;
}

function onScreen(box: Element): boolean {
  const r = box.getBoundingClientRect();
  return r.bottom >= 0 && r.top <= innerHeight && r.right >= 0 && r.left <= innerWidth;
}

/** Starts each island of `root`: now, or when it comes near the viewport. */
function hydrateWithin(root: ParentNode, onError: OnError): void {
  for (const el of islandsOf(root)) {
    if (mounted.has(el) || waiting.has(el)) continue;
    const start = () => {
      waiting.delete(el);
      void startIsland(el, onError);
    };
    const box = boxOf(el);
    const load = el.getAttribute("data-load");
    if (load === "eager" || !box || typeof IntersectionObserver === "undefined") start();
    else if (load !== "visible" && onScreen(box)) start();
    else {
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (!e.isIntersecting) continue;
            observer!.unobserve(e.target);
            const island = e.target.closest("docsite-island[data-src]");
            if (island) waiting.get(island)?.();
          }
        },
        { rootMargin: "200px" },
      );
      waiting.set(el, start);
      observer.observe(box);
    }
  }
}

function loadModule(src: string): Promise<Record<string, unknown>> {
  let p = modules.get(src);
  if (!p) {
    p = import(/* @vite-ignore */ src) as Promise<Record<string, unknown>>;
    // A chunk that failed (a new deployment renamed it) is asked for again next time.
    p.catch(() => modules.delete(src));
    modules.set(src, p);
  }
  return p;
}

/** The component an island names: its module's export (a CommonJS package's default may be one level down). */
function componentOf(mod: Record<string, unknown>, exportName: string): ComponentType<object> {
  const ns = (mod.__docsiteModule ?? mod) as Record<string, unknown>;
  let c = ns[exportName];
  if (exportName === "default" && c && typeof c === "object" && "default" in c) c = (c as { default: unknown }).default;
  if (typeof c !== "function" && !(c && typeof c === "object" && "$$typeof" in c))
    throw new Error(`the island chunk ${mod.__docsiteName ?? ""} has no component "${exportName}"`);
  return c as ComponentType<object>;
}

async function startIsland(el: HTMLElement, onError: OnError): Promise<void> {
  if (mounted.has(el)) return;
  mounted.add(el);
  try {
    const mod = await loadModule(el.getAttribute("data-src")!);
    if (!el.isConnected) {
      mounted.delete(el);
      return;
    }
    const Island = componentOf(mod, el.getAttribute("data-export") ?? "default");
    let props: Record<string, unknown> = JSON.parse(el.getAttribute("data-props") ?? "{}");
    const id = el.getAttribute("data-id") ?? "";
    for (const name of (el.getAttribute("data-slots") ?? "").split(",").filter(Boolean)) {
      const slot = `${id}:${name}`;
      const template = el.querySelector<HTMLTemplateElement>(`:scope > template[data-docsite-slot="${slot}"]`);
      const drawn = [...el.querySelectorAll(`docsite-slot[data-slot="${slot}"]`)].find(
        (s) => s.closest("docsite-island[data-src]") === el,
      );
      const html = template?.innerHTML ?? drawn?.innerHTML ?? "";
      props = withSlot(props, name, h(StaticSlot, { slot, html, onError }));
    }
    for (const t of el.querySelectorAll(":scope > template[data-docsite-slot]")) t.remove();
    // The site context the server drew the island with (its strings, layout, sidebar), given by the island's own
    // chunk: the context objects are that chunk's copies of theme/context.tsx (theme/island-context.tsx).
    const provide = mod.__docsiteProvide as ((element: unknown, island: Element) => unknown) | undefined;
    const drawn = provide ? provide(h(Island, props), el) : h(Island, props);
    el.querySelector(":scope > template[data-docsite-context]")?.remove();
    const vnode = h(Boundary, { onError, children: drawn as ComponentChild });
    if (checking()) await import("./hydration-check.ts").then((m) => m.checkHydration(el, vnode));
    hydrate(vnode, el);
    el.setAttribute("data-island-ready", "");
  } catch (err) {
    mounted.delete(el);
    console.error(err);
    onError(err);
  }
}

/** Hydration mismatches are errors in `dev` and where a test asks for the check. */
const checking = () =>
  process.env.NODE_ENV !== "production" ||
  (globalThis as { __docsiteCheckHydration?: boolean }).__docsiteCheckHydration === true;

/** Pages left, most recent last, with their hydrated islands (detached, alive). */
const kept = new Map<string, HTMLElement[]>();
const KEEP_PAGES = 5;
let shownPath = "";
/** The address a history traversal (back/forward) went to, until the page swap that follows it. */
let traversedTo: string | null = null;
const here = () => location.pathname + location.search;
addEventListener("popstate", () => {
  traversedTo = here();
});

function unmount(els: Iterable<Element>): void {
  for (const el of els) {
    if (mounted.delete(el)) render(null, el);
  }
}

/** Before a client navigation swaps the page out: keeps its hydrated islands for a way back. */
export function leavePage(root: ParentNode): void {
  if (traversedTo !== here()) traversedTo = null;
  for (const el of islandsOf(root)) {
    const box = boxOf(el);
    if (box && waiting.delete(el)) observer?.unobserve(box);
  }
  const live = islandsOf(root).filter((el) => mounted.has(el));
  if (!live.length || !shownPath) return;
  unmount(kept.get(shownPath) ?? []);
  kept.delete(shownPath);
  kept.set(shownPath, live);
  while (kept.size > KEEP_PAGES) {
    const [oldest, els] = kept.entries().next().value!;
    kept.delete(oldest);
    unmount(els);
  }
}

/** Hydrates the islands of the page shown (the first one, or one a client navigation just put in). */
export function hydrateProjectIslands(root: ParentNode, onError: OnError): void {
  shownPath = here();
  const back = traversedTo === shownPath;
  traversedTo = null;
  const old = kept.get(shownPath);
  kept.delete(shownPath);
  if (old && back) {
    // The same islands in the same places, with the same props: the live ones go back, state and all.
    const fresh = islandsOf(root);
    old.forEach((el, i) => {
      const now = fresh[i];
      if (now && sameIsland(now, el)) now.replaceWith(el);
      else unmount([el]);
    });
  } else if (old) unmount(old);
  hydrateWithin(root, onError);
}

const sameIsland = (a: Element, b: Element) =>
  ["data-src", "data-export", "data-props", "data-id"].every((n) => a.getAttribute(n) === b.getAttribute(n));
