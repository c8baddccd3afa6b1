// Islands on the server: a component that needs the browser (cli/mdx/island-classify.ts) is drawn as usual, inside a
// `<docsite-island>` element that names its browser chunk and carries its props as JSON, so the browser can hydrate
// it where the page uses it (theme/client/project-islands.ts). Props that are React elements (children, or an
// `icon={<X/>}`) are slots: drawn here as static HTML in `<docsite-slot>`, and handed back to the component in the
// browser as that HTML. A slot the component does not draw at first (the body of a closed accordion) is also kept
// in a `<template>`, so the browser has it when the component shows it later. No inline script: the CSP allows none.
import {
  createContext,
  createElement as h,
  isValidElement,
  useContext,
  type ComponentType,
  type ReactNode,
} from "react";
import { RecordIslandContext, WithSite } from "../../theme/island-context.tsx";
import { useOptionalSite } from "../../theme/context.tsx";

/** What a render of one tree knows about islands: the chunk of each island key, and a counter for slot ids. */
export interface IslandRenderState {
  urls: Readonly<Record<string, string>>;
  /** Slot ids are `<prefix><n>`: trees drawn apart (a page's content, its layout) use different prefixes. */
  prefix: string;
  next: number;
}

export const islandRenderState = (urls: Readonly<Record<string, string>>, prefix: string): IslandRenderState => ({
  urls,
  prefix,
  next: 0,
});

export const IslandRender = createContext<IslandRenderState | null>(null);

/**
 * True inside an island's own drawing: a component there is part of that island's code in the browser, not an island
 * of its own (a whole-page island drawing an interactive component). Slots are outside again.
 */
const InsideIsland = createContext(false);

/** How an island loads: `client:load` at once, `client:visible` when scrolled to; by default at once when on screen. */
const DIRECTIVES: Record<string, string> = { "client:load": "eager", "client:visible": "visible" };

/**
 * The props of an island as JSON data and slots: an element (or a list holding elements) anywhere in the props is a
 * slot, named by its path (`children`, `icon`, `items.0.title`) and left `null` in the data; an error names a prop
 * that is neither data nor elements.
 */
export function splitProps(
  props: Record<string, unknown>,
  name: string,
): { data: Record<string, unknown>; slots: Record<string, ReactNode>; load: string } {
  const data: Record<string, unknown> = {};
  const slots: Record<string, ReactNode> = {};
  let load = "auto";
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith("client:")) {
      if (value !== false) load = DIRECTIVES[key] ?? load;
      continue;
    }
    if (value === undefined) continue;
    data[key] = dataOf(value, key, name, slots, []);
  }
  return { data, slots, load };
}

const isNode = (v: unknown): boolean =>
  isValidElement(v) || (Array.isArray(v) && v.every((x) => x == null || typeof x !== "object" || isNode(x)));
const hasElement = (v: unknown): boolean => isValidElement(v) || (Array.isArray(v) && v.some(hasElement));

/** `value` as JSON data, its elements moved to `slots` (by path); throws for what the browser cannot receive. */
function dataOf(
  value: unknown,
  path: string,
  name: string,
  slots: Record<string, ReactNode>,
  seen: unknown[],
): unknown {
  const fail = (what: string): never => {
    throw new Error(
      `the island <${name}> cannot send its prop "${path}" to the browser: it is ${what}. ` +
        "Pass JSON data (strings, numbers, booleans, null, arrays, plain objects) or elements, " +
        "or mark the component static with a `// @docsite-static` comment at its top",
    );
  };
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : fail(String(value));
  if (typeof value === "function") fail("a function");
  if (typeof value !== "object") fail(`a ${typeof value}`);
  if (isNode(value) && hasElement(value)) {
    slots[path] = value as ReactNode;
    return null;
  }
  if (seen.includes(value)) fail("a circular structure");
  if (Array.isArray(value))
    return value.map((v, i) =>
      v === undefined
        ? fail(`an array holding undefined at [${i}]`)
        : dataOf(v, `${path}.${i}`, name, slots, [...seen, value]),
    );
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) fail(`an instance of ${proto?.constructor?.name ?? "a class"}`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as object))
    if (v !== undefined) out[k] = dataOf(v, `${path}.${k}`, name, slots, [...seen, value]);
  return out;
}

/** `data` with `value` at a slot's path (`items.0.title`), copying the objects on the way. */
export function withSlot(data: unknown, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split(".");
  const copy = (Array.isArray(data) ? [...data] : { ...(data as object) }) as Record<string, unknown>;
  copy[head] = rest.length ? withSlot(copy[head], rest.join("."), value) : value;
  return copy;
}

/** A component drawn as an island: `key` names its module's browser chunk, `exportName` the export it is. */
export function islandComponent<P extends object>(
  Component: ComponentType<P>,
  key: string,
  exportName: string,
): ComponentType<P> {
  const name =
    exportName === "default"
      ? ((Component as { displayName?: string }).displayName ?? (Component as { name?: string }).name ?? key) || key
      : exportName;
  function Island(props: P) {
    const state = useContext(IslandRender);
    const inside = useContext(InsideIsland);
    const site = useOptionalSite();
    if (inside || !state) return h(Component, props);
    const url = state.urls[key];
    if (!url) throw new Error(`internal: the island <${name}> (${key}) has no browser chunk`);
    const { data, slots, load } = splitProps(props as Record<string, unknown>, name);
    const id = `${state.prefix}${state.next++}`;
    let drawn: Record<string, unknown> = data;
    const templates: ReactNode[] = [];
    for (const [slot, content] of Object.entries(slots)) {
      const ref = `${id}:${slot}`;
      // A slot is drawn with the page's own site context: what it reads is not the island's to carry.
      const outside = h(InsideIsland.Provider, { value: false }, h(WithSite, { site, children: content }));
      drawn = withSlot(drawn, slot, h("docsite-slot", { "data-slot": ref }, outside));
      templates.push(h("template", { key: ref, "data-docsite-slot": ref }, outside));
    }
    return h(
      "docsite-island",
      {
        "data-src": url,
        "data-export": exportName,
        "data-id": id,
        "data-props": JSON.stringify(data),
        ...(templates.length ? { "data-slots": Object.keys(slots).join(",") } : {}),
        ...(load !== "auto" ? { "data-load": load } : {}),
      },
      ...templates,
      // The site context the drawing reads goes with the island, for the browser (theme/island-context.tsx).
      h(InsideIsland.Provider, { value: true }, h(RecordIslandContext, { children: h(Component, drawn as P) })),
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

const wrapped = new WeakMap<object, Record<string, unknown>>();

/**
 * A component module's exports with its components drawn as islands: the default export and the exports named like
 * components (a capital first letter). Other exports (helpers, constants) are passed through as they are.
 */
export function islandExports(exports: Record<string, unknown>, key: string): Record<string, unknown> {
  const known = wrapped.get(exports);
  if (known) return known;
  const out: Record<string, unknown> = { __esModule: true };
  for (const name of Object.keys(exports)) {
    const value = exports[name];
    // A component is a function, or an object React draws (forwardRef, memo).
    const component =
      typeof value === "function" || (typeof value === "object" && value !== null && "$$typeof" in value);
    out[name] =
      component && (name === "default" || /^[A-Z]/.test(name))
        ? islandComponent(value as ComponentType<object>, key, name)
        : value;
  }
  wrapped.set(exports, out);
  return out;
}

/**
 * Drops the `<template>` copy of each slot the components drew (the browser reads those from the page), keeping the
 * copies of slots that are not on the page yet.
 */
export function pruneSlotTemplates(html: string): string {
  if (!html.includes("<template data-docsite-slot=")) return html;
  let out = html;
  for (const m of [...html.matchAll(/<template data-docsite-slot="([^"]+)">/g)].reverse()) {
    if (!out.includes(`<docsite-slot data-slot="${m[1]}">`)) continue;
    const start = out.indexOf(m[0]);
    const end = templateEnd(out, start + m[0].length);
    if (end > 0) out = out.slice(0, start) + out.slice(end);
  }
  return out;
}

/** The index just after the `</template>` that closes a template opened before `from` (nested ones counted). */
function templateEnd(html: string, from: number): number {
  let depth = 1;
  const tag = /<(\/?)template\b[^>]*>/gi;
  tag.lastIndex = from;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}
