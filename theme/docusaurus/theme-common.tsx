// `@docusaurus/theme-common`: the hooks and helpers that sites' components and swizzled theme parts use, over
// docsite's page (`/internal` adds Docusaurus' layout hooks: theme-common-internal.tsx). Helpers that compute
// something (the plural form, `isRegexpStringMatch`, `duplicates`) compute it as Docusaurus does. As in
// site-modules.tsx, a hook's first render is the server's; what the browser knows comes after mounting.
import { createElement, Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useOptionalLayout } from "../context.tsx";
import { docsClientModule } from "./docs-client.ts";
import { localizedThemeConfig } from "./localized-theme-config.ts";
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

export const passThrough = ({ children }: { children?: ReactNode }) => children ?? null;
export const noop = () => {};

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

/** A query-string parameter once mounted (null on the server and while hydrating). */
export const useQueryStringValue = (key: string | null) =>
  useAfterMount<string | null>(null, () => (key ? new URLSearchParams(location.search).get(key) : null));
/** Sets (or with null removes) a query-string parameter of the address, without loading a page. */
export const setQuery = (key: string, value: string | string[] | null) => {
  const params = new URLSearchParams(location.search);
  params.delete(key);
  for (const v of value === null ? [] : ([] as string[]).concat(value)) params.append(key, v);
  const search = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
};

/** `@docusaurus/theme-common` (`/internal` adds to it: theme-common-internal.tsx). */
export function themeCommonMain(site: SiteData): Record<string, unknown> {
  const docs = docsClientModule(site);
  const themeConfig = siteConfigOf(site).themeConfig as {
    navbar?: { hideOnScroll?: boolean };
    prism?: { theme: { plain: Record<string, string> }; darkTheme?: { plain: Record<string, string> } };
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
  const main: Record<string, unknown> = {
    // In the page's locale, as Docusaurus translates it (a swizzled Footer reads its titles and labels here).
    useThemeConfig: () => {
      const layout = useOptionalLayout();
      return useMemo(() => (layout ? localizedThemeConfig(themeConfig, layout) : themeConfig), [layout]);
    },
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
    filterDocCardListItems: <T extends { unlisted?: boolean }>(items: T[]) => items.filter((i) => !i.unlisted),
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
    // The dark theme in dark mode, known once mounted (Docusaurus' CodeBlock draws again then, keyed on it).
    usePrismTheme: () => {
      const { colorMode } = useColorModeOf(site);
      const prism = themeConfig.prism;
      return (colorMode === "dark" && prism?.darkTheme) || prism?.theme || { plain: {}, styles: [] };
    },
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

  return main;
}
