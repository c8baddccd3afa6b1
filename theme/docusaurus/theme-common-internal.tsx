// `@docusaurus/theme-common/internal`: all of theme-common (theme-common.tsx), and the hooks and helpers of
// Docusaurus' own layout parts that swizzled components use. docsite draws the navbar, mobile menu, announcement bar,
// table of contents and code blocks itself, so their hooks answer as a page without Docusaurus' would; the helpers
// compute what Docusaurus' do. Its own module, so an island importing theme-common alone does not carry it.
import { useEffect, useRef } from "react";
import { docsClientModule } from "./docs-client.ts";
import { useAfterMount, useCurrentLocale } from "./page-state.ts";
import { siteConfigOf, type SiteData } from "./site-data.ts";
import { noop, passThrough, themeCommonMain, useQueryStringValue } from "./theme-common.tsx";
import {
  findFirstSidebarItemLink,
  findSidebarCategory,
  isActiveSidebarItem,
  isSamePath,
  isVisibleSidebarItem,
  type SidebarItem,
} from "./sidebar-helpers.ts";
import {
  CodeBlockContextProvider,
  containsLineNumbers,
  createCodeBlockMetadata,
  getLineNumbersStart,
  parseCodeBlockTitle,
  parseLanguage,
  parseLines,
  useCodeBlockContext,
  prismCssVariables,
  useCodeWordWrap,
} from "./code-block-utils.ts";

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

/** Docusaurus' splitNavbarItems: [left, right] by each item's `position` (left by default). */
const splitNavbarItems = <T extends { position?: string }>(items: T[]): [T[], T[]] => [
  items.filter((i) => (i.position ?? "left") === "left"),
  items.filter((i) => i.position === "right"),
];

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
    DocSidebarItemsExpandedStateProvider: docs.DocSidebarItemsExpandedStateProvider,
    useDocSidebarItemsExpandedState: docs.useDocSidebarItemsExpandedState,
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
    parseLines,
    containsLineNumbers,
    getLineNumbersStart,
    createCodeBlockMetadata,
    CodeBlockContextProvider,
    useCodeBlockContext,
    docVersionSearchTag: (pluginId: string, versionName: string) => `docs-${pluginId}-${versionName}`,
    DEFAULT_SEARCH_TAG: "default",
    isDocsPluginEnabled: docs.isDocsPluginEnabled,
    findSidebarCategory,
    findFirstSidebarItemLink,
    isActiveSidebarItem,
    isVisibleSidebarItem,
    useVisibleSidebarItems: (items: SidebarItem[], activePath: string) =>
      items.filter((i) => isVisibleSidebarItem(i, activePath)),
    useDocsVersionCandidates: docs.useDocsVersionCandidates,
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
    isSamePath,
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
    useCodeWordWrap,
    getPrismCssVariables: prismCssVariables,
    useBackToTopButton: () => ({ shown: false, scrollToTop: () => scrollTo({ top: 0, behavior: "smooth" }) }),
  };
}
