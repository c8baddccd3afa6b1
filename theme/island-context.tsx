// The site context an island had on the server, for the browser: the interface strings its drawing formatted, the
// parts of the layout data and the doc sidebar it read, and the page's locale. The server records what the island's
// drawing reads (only that: an island that reads nothing adds nothing to the page) into a `<template>` after it,
// inside its `<docsite-island>` (cli/islands/ssr.ts); the browser gives the island the same `<SiteProvider>` from
// it (theme/client/project-islands.ts, through the chunk's `__docsiteProvide`), so any `@theme/*` component drawn in
// an island — docsite's own DocSidebarItems inside a site's category, say — answers as it did on the server.
import { createElement as h, Fragment, useContext, type ComponentType, type ReactNode } from "react";
import { SiteProvider, useOptionalSite, type Translator } from "./context.tsx";
import { DocContext } from "./docs/DocCards.tsx";
import type { DocSidebarContext } from "./docs/sidebar-context.ts";
import { ThemeOverrides } from "./layout/overrides.tsx";
import type { LayoutData } from "./types.ts";

export interface IslandSiteContext {
  locale: string;
  /** Formatted strings by `key`, or `key` and its values (`stringKey`). */
  strings: Record<string, string>;
  /** The fields of the page's layout data the drawing read. */
  layout?: Partial<LayoutData>;
  /** The page's doc sidebar, when the drawing read it. */
  sidebar?: DocSidebarContext;
}

/** The attribute of the template that carries an island's context. */
export const CONTEXT_ATTRIBUTE = "data-docsite-context";

const stringKey = (key: string, values?: Record<string, string | number>) =>
  values && Object.keys(values).length ? `${key}\u0000${JSON.stringify(values)}` : key;

/** What the island's drawing read, written as JSON once the drawing before it is done (siblings render in order). */
function Written({ context }: { context: IslandSiteContext }) {
  const empty = !Object.keys(context.strings).length && !context.layout && !context.sidebar;
  if (empty) return null;
  return h("template", { [CONTEXT_ATTRIBUTE]: "" }, JSON.stringify(context));
}

/**
 * The server's side: `children` (an island's drawing) with the site context, what it reads recorded, and the record
 * after it. Outside a `<SiteProvider>` (a component drawn on its own) nothing is recorded.
 */
export function RecordIslandContext({ children }: { children: ReactNode }) {
  const site = useOptionalSite();
  const doc = useContext(DocContext);
  if (!site) return h(Fragment, null, children);
  const context: IslandSiteContext = { locale: site.i18n.locale, strings: {} };
  const i18n: Translator = {
    locale: site.i18n.locale,
    t(key, values) {
      const text = site.i18n.t(key, values);
      context.strings[stringKey(key, values)] = text;
      return text;
    },
  };
  const layout = new Proxy(site.layout, {
    get(target, key, receiver) {
      if (typeof key === "string" && key in target) {
        context.layout ??= {};
        (context.layout as Record<string, unknown>)[key] = (target as unknown as Record<string, unknown>)[key];
      }
      return Reflect.get(target, key, receiver);
    },
  });
  let drawn = children;
  if (doc) {
    const sidebar = new Proxy(doc, {
      get(target, key, receiver) {
        context.sidebar = doc;
        return Reflect.get(target, key, receiver);
      },
    });
    drawn = h(DocContext.Provider, { value: sidebar }, drawn);
  }
  return h(Fragment, null, h(SiteProvider, { i18n, layout, children: drawn }), h(Written, { context }));
}

/** `children` with the site context `site` (a slot of an island drawn with the page's, not the island's recorder). */
export function WithSite({ site, children }: { site: ReturnType<typeof useOptionalSite>; children: ReactNode }) {
  return site ? h(SiteProvider, { i18n: site.i18n, layout: site.layout, children }) : h(Fragment, null, children);
}

/** The context the server wrote for an island element, or null (none written, or unreadable). */
export function readIslandContext(el: Element): IslandSiteContext | null {
  const template = el.querySelector<HTMLTemplateElement>(`:scope > template[${CONTEXT_ATTRIBUTE}]`);
  if (!template) return null;
  template.remove();
  try {
    return JSON.parse(template.content.textContent ?? "") as IslandSiteContext;
  } catch {
    return null;
  }
}

/** The page's locale as its root says (the browser's fallback when the island's drawing read no string). */
const pageLocale = () =>
  (typeof document !== "undefined" && document.getElementById("__docsite")?.dataset.locale) || "en";

/** The browser's side for the island element `island` (an island chunk's `__docsiteProvide`). */
export const provideIslandSite = (
  element: ReactNode,
  island: Element,
  overrides?: Readonly<Record<string, ComponentType<any>>>,
): ReactNode => provideIslandContext(element, readIslandContext(island), overrides);

/**
 * `element` (an island) inside the site context the server recorded for it, and the theme
 * overrides its chunk holds (a site's category drawing docsite's DocSidebarItems, which draw the site's category).
 * A string the server did not format (a state the server never drew) is its key.
 */
export function provideIslandContext(
  element: ReactNode,
  context: IslandSiteContext | null,
  overrides?: Readonly<Record<string, ComponentType<any>>>,
): ReactNode {
  const strings = context?.strings ?? {};
  const i18n: Translator = {
    locale: context?.locale ?? pageLocale(),
    t: (key, values) => strings[stringKey(key, values)] ?? strings[key] ?? key,
  };
  let tree = element;
  if (context?.sidebar) tree = h(DocContext.Provider, { value: context.sidebar }, tree);
  if (overrides && Object.keys(overrides).length) tree = h(ThemeOverrides.Provider, { value: overrides }, tree);
  return h(SiteProvider, { i18n, layout: (context?.layout ?? {}) as LayoutData, children: tree });
}
