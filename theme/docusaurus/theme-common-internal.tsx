// `@docusaurus/theme-common/internal`: all of theme-common (theme-common.tsx), and the hooks and helpers of
// Docusaurus' own layout parts that swizzled components use. docsite draws the navbar, mobile menu, announcement bar,
// table of contents and code blocks itself, so their hooks answer as a page without Docusaurus' would; the helpers
// compute what Docusaurus' do. Its own module, so an island importing theme-common alone does not carry it.
import { useEffect, useRef, useState } from "react";
import { docsClientModule } from "./docs-client.ts";
import { useAfterMount, useCurrentLocale } from "./page-state.ts";
import { siteConfigOf, type SiteData } from "./site-data.ts";
import { noop, passThrough, themeCommonMain, useQueryStringValue } from "./theme-common.tsx";

/** The treeified table of contents (Docusaurus' useTreeifiedTOC / useFilteredAndTreeifiedTOC). */
interface TocItem {
  value: string;
  id: string;
  level: number;
}
type TocNode = TocItem & { children: TocNode[] };
function treeifyToc(items: readonly TocItem[], min = 2, max = 6): TocNode[] {
  const root: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    if (item.level < min || item.level > max) continue;
    const node: TocNode = { ...item, children: [] };
    while (stack.length && stack[stack.length - 1].level >= item.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : root).push(node);
    stack.push(node);
  }
  return root;
}

interface SidebarItem {
  type: string;
  href?: string;
  label?: string;
  items?: SidebarItem[];
  unlisted?: boolean;
  customProps?: Record<string, unknown>;
}

const samePath = (a?: string, b?: string) =>
  a !== undefined && b !== undefined && a.replace(/\/$/, "").toLowerCase() === b.replace(/\/$/, "").toLowerCase();

function findFirstSidebarItemLink(item: SidebarItem): string | undefined {
  if (item.href && !item.unlisted) return item.href;
  for (const i of item.items ?? []) {
    const found = findFirstSidebarItemLink(i);
    if (found) return found;
  }
  return undefined;
}

function isActiveSidebarItem(item: SidebarItem, activePath: string): boolean {
  if (samePath(item.href, activePath)) return true;
  return item.type === "category" && (item.items ?? []).some((i) => isActiveSidebarItem(i, activePath));
}

function isVisibleSidebarItem(item: SidebarItem, activePath: string): boolean {
  if (item.type === "category") return (item.items ?? []).some((i) => isVisibleSidebarItem(i, activePath));
  return !item.unlisted || isActiveSidebarItem(item, activePath);
}

function findSidebarCategory(sidebar: SidebarItem[], predicate: (c: SidebarItem) => boolean): SidebarItem | undefined {
  for (const item of sidebar) {
    if (item.type !== "category") continue;
    if (predicate(item)) return item;
    const inner = findSidebarCategory(item.items ?? [], predicate);
    if (inner) return inner;
  }
  return undefined;
}

/** Docusaurus' splitNavbarItems: [left, right] by each item's `position` (left by default). */
const splitNavbarItems = <T extends { position?: string }>(items: T[]): [T[], T[]] => [
  items.filter((i) => (i.position ?? "left") === "left"),
  items.filter((i) => i.position === "right"),
];

/** A code block's `title="…"` from its metastring (Docusaurus' parseCodeBlockTitle). */
const parseCodeBlockTitle = (metastring?: string) =>
  /title=(?<quote>["'])(?<title>.*?)\1/.exec(metastring ?? "")?.groups?.title ?? "";

const parseLanguage = (className: string) =>
  className
    .split(" ")
    .find((c) => c.startsWith("language-"))
    ?.replace(/language-/, "");

const containsLineNumbers = (metastring?: string) => Boolean(metastring?.includes("showLineNumbers"));

/** Prism theme colours as Docusaurus' CSS variables (the theme is empty: docsite highlights with its own). */
function getPrismCssVariables(theme: { plain?: Record<string, string> }): Record<string, string> {
  const map: Record<string, string> = { color: "--prism-color", backgroundColor: "--prism-background-color" };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(theme.plain ?? {})) if (map[k]) out[map[k]] = v;
  return out;
}

export const useScrollPosition = (
  effect: (pos: { scrollX: number; scrollY: number }, last: { scrollX: number; scrollY: number } | null) => void,
  deps: unknown[] = [],
) => {
  const last = useRef<{ scrollX: number; scrollY: number } | null>(null);
  useEffect(() => {
    const onScroll = () => {
      const pos = { scrollX, scrollY };
      effect(pos, last.current);
      last.current = pos;
    };
    addEventListener("scroll", onScroll, { passive: true });
    return () => removeEventListener("scroll", onScroll);
  }, deps);
};
const useLockBodyScroll = (lock = true) => {
  useEffect(() => {
    document.body.style.overflow = lock ? "hidden" : "visible";
    return () => {
      document.body.style.overflow = "visible";
    };
  }, [lock]);
};

/** The module. */
export function themeCommonInternal(site: SiteData): Record<string, unknown> {
  const docs = docsClientModule(site);
  return {
    ...themeCommonMain(site),
    DocSidebarItemsExpandedStateProvider: passThrough,
    useDocSidebarItemsExpandedState: () => ({ expandedItem: null, setExpandedItem: noop }),
    DocsVersionProvider: passThrough,
    useDocsVersion: docs.useDocsVersion,
    DocsSidebarProvider: passThrough,
    useDocsPreferredVersionByPluginId: () => ({}),
    DocsPreferredVersionContextProvider: passThrough,
    AnnouncementBarProvider: passThrough,
    // docsite draws the announcement bar and its close button itself.
    useAnnouncementBar: () => ({ isActive: Boolean(siteConfigOf(site).themeConfig.announcementBar), close: noop }),
    // docsite's navbar has its own mobile menu; a swizzled toggle has nothing to open.
    useNavbarMobileSidebar: () => ({ disabled: true, shouldRender: false, toggle: noop, shown: false }),
    useNavbarSecondaryMenu: () => ({ shown: false, hide: noop, content: null }),
    ColorModeProvider: passThrough,
    useAlternatePageUtils: () => {
      const current = useCurrentLocale(site);
      const pathname = useAfterMount("", () => location.pathname);
      const defaultLocale = site.defaultLocale ?? current;
      const baseOf = (l: string) => (l === defaultLocale ? site.baseUrl : `${site.baseUrl}${l}/`);
      return {
        createUrl: ({ locale, fullyQualified }: { locale: string; fullyQualified?: boolean }) => {
          const rest = pathname.startsWith(baseOf(current)) ? pathname.slice(baseOf(current).length) : "";
          return `${fullyQualified ? site.url.replace(/\/$/, "") : ""}${baseOf(locale)}${rest}`;
        },
      };
    },
    parseCodeBlockTitle,
    parseLanguage,
    parseLines: (content: string) => ({ lineClassNames: {}, code: content.replace(/\n$/, "") }),
    containsLineNumbers,
    docVersionSearchTag: (pluginId: string, versionName: string) => `docs-${pluginId}-${versionName}`,
    DEFAULT_SEARCH_TAG: "default",
    isDocsPluginEnabled: docs.isDocsPluginEnabled,
    findSidebarCategory,
    findFirstSidebarItemLink,
    isActiveSidebarItem,
    isVisibleSidebarItem,
    useVisibleSidebarItems: (items: SidebarItem[], activePath: string) =>
      items.filter((i) => isVisibleSidebarItem(i, activePath)),
    useDocsVersionCandidates: (pluginId?: string) => {
      const active = (docs.useActiveVersion as (id?: string) => unknown)(pluginId);
      const latest = (docs.useLatestVersion as (id?: string) => unknown)(pluginId);
      return [...new Set([active, latest].filter(Boolean))];
    },
    useTitleFormatter: () => ({
      format: (title?: string) => (title?.trim() ? `${title.trim()} | ${site.title}` : site.title),
    }),
    // Each page is its own document: a component is drawn afresh on every page, so no location changes under it.
    useLocationChange: noop,
    useLocalPathname: () => {
      const pathname = useAfterMount("", () => location.pathname);
      return pathname.startsWith(site.baseUrl) ? `/${pathname.slice(site.baseUrl.length)}` : pathname;
    },
    useHistoryPopHandler: (handler: () => boolean | undefined) => {
      useEffect(() => {
        addEventListener("popstate", handler);
        return () => removeEventListener("popstate", handler);
      }, [handler]);
    },
    useQueryStringValue,
    useFilteredAndTreeifiedTOC: ({
      toc,
      minHeadingLevel,
      maxHeadingLevel,
    }: {
      toc: readonly TocItem[];
      minHeadingLevel: number;
      maxHeadingLevel: number;
    }) => treeifyToc(toc, minHeadingLevel, maxHeadingLevel),
    useTreeifiedTOC: (toc: readonly TocItem[]) => treeifyToc(toc, 1, 6),
    ScrollControllerProvider: passThrough,
    useScrollController: () => ({
      scrollEventsEnabledRef: { current: true },
      enableScrollEvents: noop,
      disableScrollEvents: noop,
    }),
    useScrollPosition,
    useScrollPositionBlocker: () => ({ blockElementScrollPositionUntilNextRender: noop }),
    useSmoothScrollTo: () => ({
      startScroll: (top: number) => scrollTo({ top, behavior: "smooth" }),
      cancelScroll: noop,
    }),
    isSamePath: samePath,
    PluginHtmlClassNameProvider: passThrough,
    splitNavbarItems,
    NavbarProvider: passThrough,
    // docsite's table of contents highlights the heading being read itself.
    useTOCHighlight: noop,
    useVisibleBlogSidebarItems: <T,>(items: T[]) => items,
    useDateTimeFormat: (options?: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(useCurrentLocale(site), { calendar: "gregory", ...options }),
    // docsite's navbar hides on scroll itself (navbar.hideOnScroll).
    useHideableNavbar: () => ({ navbarRef: noop, isNavbarVisible: true }),
    useKeyboardNavigation: noop,
    keyboardFocusedClassName: "navigation-with-keyboard",
    useLockBodyScroll,
    useCodeWordWrap: () => {
      const codeBlockRef = useRef<HTMLPreElement>(null);
      const [isEnabled, setEnabled] = useState(false);
      return { codeBlockRef, isEnabled, isCodeScrollable: false, toggle: () => setEnabled((e) => !e) };
    },
    getPrismCssVariables,
    useBackToTopButton: () => ({ shown: false, scrollToTop: () => scrollTo({ top: 0, behavior: "smooth" }) }),
  };
}
