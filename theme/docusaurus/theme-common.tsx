// `@docusaurus/theme-common` and `@docusaurus/theme-common/internal`: the hooks and helpers that sites' components
// and swizzled theme parts use, over docsite's page. docsite draws the navbar, sidebar, table of contents and code
// blocks itself, so the hooks that drive Docusaurus' own (the mobile sidebar, the secondary menu, the TOC highlight)
// answer as a page without them would; helpers that compute something (the plural form, `isRegexpStringMatch`,
// `splitNavbarItems`, the TOC tree) compute it as Docusaurus does. As in site-modules.tsx, a hook's first render is
// the server's; what the browser knows comes after mounting.
import { createElement, Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { docsClientModule } from "./docs-client.ts";
import { useAfterMount, useColorModeOf, useCurrentLocale } from "./page-state.ts";
import { siteConfigOf, type SiteData } from "./site-data.ts";

export const ThemeClassNames = {
  page: {
    blogListPage: "blog-list-page",
    blogPostPage: "blog-post-page",
    blogTagsListPage: "blog-tags-list-page",
    blogTagPostListPage: "blog-tags-post-list-page",
    docsDocPage: "docs-doc-page",
    docsTagsListPage: "docs-tags-list-page",
    docsTagDocListPage: "docs-tags-doc-list-page",
    mdxPage: "mdx-page",
  },
  wrapper: { main: "main-wrapper", blogPages: "blog-wrapper", docsPages: "docs-wrapper", mdxPages: "mdx-wrapper" },
  common: {
    editThisPage: "theme-edit-this-page",
    lastUpdated: "theme-last-updated",
    backToTopButton: "theme-back-to-top-button",
    codeBlock: "theme-code-block",
    admonition: "theme-admonition",
    unlistedBanner: "theme-unlisted-banner",
    admonitionType: (type: string) => `theme-admonition-${type}`,
  },
  layout: {},
  docs: {
    docVersionBanner: "theme-doc-version-banner",
    docVersionBadge: "theme-doc-version-badge",
    docBreadcrumbs: "theme-doc-breadcrumbs",
    docMarkdown: "theme-doc-markdown",
    docTocMobile: "theme-doc-toc-mobile",
    docTocDesktop: "theme-doc-toc-desktop",
    docFooter: "theme-doc-footer",
    docFooterTagsRow: "theme-doc-footer-tags-row",
    docFooterEditMetaRow: "theme-doc-footer-edit-meta-row",
    docSidebarContainer: "theme-doc-sidebar-container",
    docSidebarMenu: "theme-doc-sidebar-menu",
    docSidebarItemCategory: "theme-doc-sidebar-item-category",
    docSidebarItemLink: "theme-doc-sidebar-item-link",
    docSidebarItemCategoryLevel: (level: number) => `theme-doc-sidebar-item-category-level-${level}`,
    docSidebarItemLinkLevel: (level: number) => `theme-doc-sidebar-item-link-level-${level}`,
  },
  blog: { blogFooterTagsRow: "theme-blog-footer-tags-row", blogFooterEditMetaRow: "theme-blog-footer-edit-meta-row" },
  pages: { pageFooterEditMetaRow: "theme-pages-footer-edit-meta-row" },
};

const passThrough = ({ children }: { children?: ReactNode }) => children ?? null;
const noop = () => {};

/** Docusaurus' ReactContextError: a hook used outside its provider. */
class ReactContextError extends Error {
  constructor(providerName: string, additionalInfo?: string) {
    super(`Hook is called outside the <${providerName}>. ${additionalInfo ?? ""}`);
    this.name = "ReactContextError";
  }
}

/** `usePluralForm().selectMessage(count, "one|other")`: the locale's plural form, as Docusaurus picks it. */
function pluralForms(locale: string) {
  const order = ["zero", "one", "two", "few", "many", "other"];
  try {
    const rules = new Intl.PluralRules(locale);
    const forms = rules.resolvedOptions().pluralCategories as string[];
    return { forms: order.filter((f) => forms.includes(f)), select: (n: number) => rules.select(n) as string };
  } catch {
    return { forms: ["one", "other"], select: (n: number) => (n === 1 ? "one" : "other") };
  }
}

/** react's useState for a collapsible part (Docusaurus' useCollapsible). */
function useCollapsible({ initialState }: { initialState: boolean | (() => boolean) }) {
  const [collapsed, setCollapsed] = useState(initialState);
  const toggleCollapsed = useCallback(() => setCollapsed((c) => !c), []);
  return { collapsed, setCollapsed, toggleCollapsed };
}

/**
 * A part shown or hidden (Docusaurus' Collapsible): hidden with the style Docusaurus gives it before its animation,
 * and, when `lazy`, not drawn at all until first opened.
 */
function Collapsible({
  as = "div",
  collapsed,
  children,
  className,
  lazy,
  onCollapseTransitionEnd,
  disableSSRStyle: _ssr,
  animation: _animation,
  ...rest
}: {
  as?: string;
  collapsed: boolean;
  children?: ReactNode;
  className?: string;
  lazy?: boolean;
  onCollapseTransitionEnd?: (collapsed: boolean) => void;
  disableSSRStyle?: boolean;
  animation?: unknown;
  [prop: string]: unknown;
}) {
  const [opened, setOpened] = useState(!collapsed);
  const first = useRef(true);
  useEffect(() => {
    if (!collapsed) setOpened(true);
    // Reported when the state changes (after Docusaurus' transition), not on mounting.
    if (!first.current) onCollapseTransitionEnd?.(collapsed);
    first.current = false;
  }, [collapsed]);
  const style = collapsed ? { display: "none", overflow: "hidden", height: "0px" } : undefined;
  return createElement(as, { ...rest, className, style }, lazy && !opened ? null : children);
}

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

/** Docusaurus' listTagsByLetters: tags grouped by their first letter, letters and tags sorted. */
function listTagsByLetters<T extends { label: string }>(tags: readonly T[]): Array<{ letter: string; tags: T[] }> {
  const groups = new Map<string, T[]>();
  for (const tag of tags) {
    const letter = tag.label[0]?.toUpperCase() ?? "";
    groups.set(letter, [...(groups.get(letter) ?? []), tag]);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([letter, list]) => ({ letter, tags: list.sort((a, b) => a.label.localeCompare(b.label)) }));
}

function duplicates<T>(values: readonly T[], same: (a: T, b: T) => boolean = (a, b) => a === b): T[] {
  return values.filter((v, i) => values.findIndex((w) => same(v, w)) !== i);
}

/** Browser storage in Docusaurus' createStorageSlot shape; nothing is stored where storage is unavailable. */
function createStorageSlot(key: string) {
  const store = () => {
    try {
      return typeof localStorage === "undefined" ? null : localStorage;
    } catch {
      return null;
    }
  };
  return {
    get: () => store()?.getItem(key) ?? null,
    set: (value: string) => {
      store()?.setItem(key, value);
      dispatchEvent(new StorageEvent("storage", { key }));
    },
    del: () => {
      store()?.removeItem(key);
      dispatchEvent(new StorageEvent("storage", { key }));
    },
    listen: (onChange: (e: StorageEvent) => void) => {
      const listener = (e: StorageEvent) => {
        if (e.key === key) onChange(e);
      };
      addEventListener("storage", listener);
      return () => removeEventListener("storage", listener);
    },
  };
}

/** The theme-common modules (the main one and `/internal`, which has all of the main one's too). */
export function themeCommonModules(site: SiteData): Record<string, Record<string, unknown>> {
  const docs = docsClientModule(site);
  const themeConfig = siteConfigOf(site).themeConfig as {
    navbar?: { hideOnScroll?: boolean };
    prism?: { theme: { plain: Record<string, string> } };
  };
  const useStorageSlot = (key: string | null) => {
    const slot = key === null ? null : createStorageSlot(key);
    const value = useAfterMount<string | null>(
      null,
      () => slot?.get() ?? null,
      (update) => slot?.listen(update) ?? noop,
    );
    return [value, { set: slot?.set ?? noop, del: slot?.del ?? noop }] as const;
  };
  const usePluralForm = () => {
    const locale = useCurrentLocale(site);
    const plural = useMemo(() => pluralForms(locale), [locale]);
    return {
      selectMessage: (count: number, messages: string) => {
        const parts = messages.split("|");
        if (parts.length === 1) return parts[0];
        const index = plural.forms.indexOf(plural.select(count));
        return parts[Math.min(index, parts.length - 1)];
      },
    };
  };
  // "ssr" until mounted, as Docusaurus' hook gives while the server draws; then the viewport's kind.
  const useWindowSize = () =>
    useAfterMount<"desktop" | "mobile" | "ssr">(
      "ssr",
      () => (innerWidth > 996 ? "desktop" : "mobile"),
      (update) => {
        addEventListener("resize", update);
        return () => removeEventListener("resize", update);
      },
    );
  const useQueryStringValue = (key: string | null) =>
    useAfterMount<string | null>(null, () => (key ? new URLSearchParams(location.search).get(key) : null));
  const setQuery = (key: string, value: string | string[] | null) => {
    const params = new URLSearchParams(location.search);
    params.delete(key);
    for (const v of value === null ? [] : ([] as string[]).concat(value)) params.append(key, v);
    const search = params.toString();
    history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
  };
  const useScrollPosition = (
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

  const main: Record<string, unknown> = {
    useThemeConfig: () => themeConfig,
    ThemedComponent: ({
      children,
      className,
    }: {
      children: (p: { theme: "light" | "dark"; className: string }) => ReactNode;
      className?: string;
    }) => {
      // Both until mounted (CSS shows the one of the page's mode), then the page's: as Docusaurus draws it.
      const { colorMode } = useColorModeOf(site);
      const mounted = useAfterMount(false, () => true);
      const themes: Array<"light" | "dark"> = mounted ? [colorMode] : ["light", "dark"];
      return createElement(
        Fragment,
        null,
        ...themes.map((theme) =>
          createElement(
            Fragment,
            { key: theme },
            children({ theme, className: [className, `themed-image--${theme}`].filter(Boolean).join(" ") }),
          ),
        ),
      );
    },
    createStorageSlot,
    useStorageSlot,
    listStorageKeys: () => {
      try {
        return Object.keys(localStorage);
      } catch {
        return [];
      }
    },
    useContextualSearchFilters: () => ({ locale: useCurrentLocale(site), tags: ["default"] }),
    filterDocCardListItems: (items: SidebarItem[]) => items.filter((i) => !i.unlisted),
    usePluralForm,
    useCollapsible,
    Collapsible,
    ThemeClassNames,
    prefersReducedMotion: () =>
      typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches,
    useEvent: <T extends (...args: never[]) => unknown>(callback: T) => {
      const ref = useRef(callback);
      ref.current = callback;
      return useCallback((...args: Parameters<T>) => ref.current(...args), []) as unknown as T;
    },
    usePrevious: <T,>(value: T) => {
      const ref = useRef<T | undefined>(undefined);
      useEffect(() => {
        ref.current = value;
      });
      return ref.current;
    },
    composeProviders:
      (providers: Array<(p: { children: ReactNode }) => ReactNode>) =>
      ({ children }: { children: ReactNode }) =>
        providers.reduceRight<ReactNode>((acc, P) => createElement(P, null, acc), children),
    ReactContextError,
    // The page's title and description come from Layout and Head (page-frame.tsx); a class on <html> is not set.
    PageMetadata: () => null,
    HtmlClassNameProvider: passThrough,
    useColorMode: () => useColorModeOf(site),
    NavbarSecondaryMenuFiller: () => null,
    useWindowSize,
    translateTagsPageTitle: () => "Tags",
    listTagsByLetters,
    useSearchQueryString: () => {
      const value = useQueryStringValue("q") ?? "";
      return [value, (q: string) => setQuery("q", q || null)] as const;
    },
    useSearchLinkCreator: () => (q: string) => `${site.baseUrl}search?q=${encodeURIComponent(q)}`,
    isMultiColumnFooterLinks: (links: unknown[]) =>
      Boolean(links[0] && typeof links[0] === "object" && "title" in (links[0] as object)),
    isRegexpStringMatch: (regexp: string | undefined, value: string) =>
      typeof regexp !== "undefined" && new RegExp(regexp, "gi").test(value),
    duplicates,
    uniq: <T,>(values: readonly T[]) => [...new Set(values)],
    usePrismTheme: () => themeConfig.prism?.theme ?? { plain: {}, styles: [] },
    useDocsPreferredVersion: docs.useDocsPreferredVersion,
    processAdmonitionProps: <T,>(props: T) => props,
    useHistorySelector: <T,>(selector: (h: { location: { pathname: string; search: string; hash: string } }) => T) =>
      useAfterMount<T | undefined>(undefined, () =>
        selector({ location: { pathname: location.pathname, search: location.search, hash: location.hash } }),
      ),
    useQueryString: (key: string) =>
      [useQueryStringValue(key) ?? "", (value: string | null) => setQuery(key, value || null)] as const,
    useQueryStringList: (key: string) => {
      const list = useAfterMount<string[]>([], () => new URLSearchParams(location.search).getAll(key));
      return [list, (values: string[]) => setQuery(key, values)] as const;
    },
    useClearQueryString: () => () => history.replaceState(history.state, "", `${location.pathname}${location.hash}`),
    SkipToContentFallbackId: "__docusaurus_skipToContent_fallback",
    // docsite's layout draws its own skip link.
    SkipToContentLink: () => null,
    UnlistedBannerTitle: () => "Unlisted page",
    UnlistedBannerMessage: () =>
      "This page is unlisted. Search engines will not index it, and only users having a direct link can access it.",
    UnlistedMetadata: () => null,
    ErrorBoundaryTryAgainButton: (props: object) => createElement("button", { type: "button", ...props }, "Try again"),
    ErrorBoundaryError: ({ error }: { error: Error }) =>
      createElement("p", { style: { whiteSpace: "pre-wrap" } }, error.message),
    ErrorBoundaryErrorMessageFallback: ({ error }: { error: Error }) => createElement("p", null, error.message),
    ErrorCauseBoundary: ({ children }: { children?: ReactNode }) => children ?? null,
  };

  const internal: Record<string, unknown> = {
    ...main,
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
  return { "theme-common": main, "theme-common/internal": internal };
}
