// The `@docusaurus/*` client modules docsite provides, and the names each exports: what the build checks an import
// against (content, server bundles and island bundles alike), so that an unknown module or name is an error naming
// the importing file and line instead of "is not a function" while a page is drawn. Plain data, so the CLI reads it
// without loading React; tests/unit/docusaurus-client-api.test.ts checks it against the implementations
// (site-modules.tsx, theme-common.tsx, theme-common-internal.tsx, docs-client.ts, and theme/mdx/docusaurus.tsx for
// the server-only ones).

/** A module: the names it exports (`default` included where it has one). */
interface ClientModule {
  exports: readonly string[];
  /**
   * Names drawn on the server only (they read the page being rendered, which an island in the browser does not
   * know): an island importing one is an error telling to keep the component on the server.
   */
  serverOnly?: readonly string[];
  /** Names Docusaurus has that docsite does not provide, with why (the error says it). */
  unsupported?: Readonly<Record<string, string>>;
}

const DOCS_ONLY = "docsite draws the docs' layout itself; this hook has no meaning outside Docusaurus' doc layout";
const BLOG_ONLY = "docsite draws the blog's pages itself; components are not given the blog post";
const TABS = "docsite's own Tabs and TabItem (@theme/Tabs) draw tabs";

const THEME_COMMON = [
  "useThemeConfig",
  "ThemedComponent",
  "createStorageSlot",
  "useStorageSlot",
  "listStorageKeys",
  "useContextualSearchFilters",
  "useCurrentSidebarCategory",
  "filterDocCardListItems",
  "usePluralForm",
  "useCollapsible",
  "Collapsible",
  "ThemeClassNames",
  "prefersReducedMotion",
  "useEvent",
  "usePrevious",
  "composeProviders",
  "ReactContextError",
  "PageMetadata",
  "HtmlClassNameProvider",
  "useColorMode",
  "NavbarSecondaryMenuFiller",
  "useWindowSize",
  "translateTagsPageTitle",
  "listTagsByLetters",
  "useSearchQueryString",
  "useSearchLinkCreator",
  "isMultiColumnFooterLinks",
  "isRegexpStringMatch",
  "duplicates",
  "uniq",
  "usePrismTheme",
  "useDocsPreferredVersion",
  "processAdmonitionProps",
  "useHistorySelector",
  "useQueryString",
  "useQueryStringList",
  "useClearQueryString",
  "SkipToContentFallbackId",
  "SkipToContentLink",
  "UnlistedBannerTitle",
  "UnlistedBannerMessage",
  "UnlistedMetadata",
  "ErrorBoundaryTryAgainButton",
  "ErrorBoundaryError",
  "ErrorBoundaryErrorMessageFallback",
  "ErrorCauseBoundary",
  "useDocsSidebar",
] as const;

const THEME_COMMON_UNSUPPORTED = {
  useBlogListPageStructuredData: BLOG_ONLY,
  useBlogPostStructuredData: BLOG_ONLY,
} as const;

const THEME_COMMON_INTERNAL = [
  ...THEME_COMMON,
  "DocSidebarItemsExpandedStateProvider",
  "useDocSidebarItemsExpandedState",
  "DocsVersionProvider",
  "useDocsVersion",
  "DocsSidebarProvider",
  "useDocsPreferredVersionByPluginId",
  "DocsPreferredVersionContextProvider",
  "AnnouncementBarProvider",
  "useAnnouncementBar",
  "useNavbarMobileSidebar",
  "useNavbarSecondaryMenu",
  "ColorModeProvider",
  "useAlternatePageUtils",
  "parseCodeBlockTitle",
  "parseLanguage",
  "parseLines",
  "containsLineNumbers",
  "getLineNumbersStart",
  "createCodeBlockMetadata",
  "CodeBlockContextProvider",
  "useCodeBlockContext",
  "docVersionSearchTag",
  "DEFAULT_SEARCH_TAG",
  "isDocsPluginEnabled",
  "findSidebarCategory",
  "findFirstSidebarItemLink",
  "isActiveSidebarItem",
  "isVisibleSidebarItem",
  "useVisibleSidebarItems",
  "useDocsVersionCandidates",
  "useTitleFormatter",
  "useLocationChange",
  "useLocalPathname",
  "useHistoryPopHandler",
  "useQueryStringValue",
  "useFilteredAndTreeifiedTOC",
  "useTreeifiedTOC",
  "ScrollControllerProvider",
  "useScrollController",
  "useScrollPosition",
  "useScrollPositionBlocker",
  "useSmoothScrollTo",
  "isSamePath",
  "PluginHtmlClassNameProvider",
  "splitNavbarItems",
  "NavbarProvider",
  "useTOCHighlight",
  "useVisibleBlogSidebarItems",
  "useDateTimeFormat",
  "useHideableNavbar",
  "useKeyboardNavigation",
  "keyboardFocusedClassName",
  "useLockBodyScroll",
  "useCodeWordWrap",
  "getPrismCssVariables",
  "useBackToTopButton",
] as const;

const DOCS_CLIENT = [
  "useAllDocsData",
  "useDocsData",
  "useActivePlugin",
  "useActivePluginAndVersion",
  "useVersions",
  "useLatestVersion",
  "useActiveVersion",
  "useActiveDocContext",
  "useDocVersionSuggestions",
  // Docusaurus 3.5+ has the docs' theme hooks here too.
  "useDocsVersion",
  "useDocsSidebar",
  "useCurrentSidebarCategory",
  "DocsVersionProvider",
  "DocsSidebarProvider",
  "useDocsPreferredVersion",
  "isDocsPluginEnabled",
  "findSidebarCategory",
  "findFirstSidebarItemLink",
  "isActiveSidebarItem",
  "isVisibleSidebarItem",
  "useVisibleSidebarItems",
  "useDocsVersionCandidates",
  "filterDocCardListItems",
  "DocSidebarItemsExpandedStateProvider",
  "useDocSidebarItemsExpandedState",
  "useDocsPreferredVersionByPluginId",
  "DocsPreferredVersionContextProvider",
  "getDocsVersionSearchTag",
  "useDocsContextualSearchTags",
] as const;

/** The modules, by their name after `@docusaurus/` (deep paths are mapped onto these: canonicalModule). */
export const CLIENT_MODULES: Readonly<Record<string, ClientModule>> = {
  Link: { exports: ["default"] },
  Head: { exports: ["default"] },
  Translate: { exports: ["default", "translate"] },
  Interpolate: { exports: ["default", "interpolate"] },
  BrowserOnly: { exports: ["default"] },
  ExecutionEnvironment: {
    exports: ["default", "canUseDOM", "canUseEventListeners", "canUseIntersectionObserver", "canUseViewport"],
  },
  isInternalUrl: { exports: ["default", "hasProtocol"] },
  useBaseUrl: { exports: ["default", "useBaseUrlUtils", "addBaseUrl"] },
  useDocusaurusContext: { exports: ["default"] },
  useIsBrowser: { exports: ["default"] },
  useRouteContext: { exports: ["default"] },
  useGlobalData: { exports: ["default", "usePluginData", "useAllPluginInstancesData"] },
  useBrokenLinks: { exports: ["default"] },
  useIsomorphicLayoutEffect: { exports: ["default"] },
  router: { exports: ["useLocation", "useHistory", "Redirect", "matchPath"] },
  ErrorBoundary: { exports: ["default"] },
  Noop: { exports: ["default"] },
  constants: { exports: ["DEFAULT_PLUGIN_ID"] },
  // Types only: `import type` is dropped when compiled, and a value import from it is an error.
  types: { exports: [] },
  "theme-common": {
    exports: THEME_COMMON,
    serverOnly: ["useCurrentSidebarCategory", "useDocsSidebar"],
    unsupported: THEME_COMMON_UNSUPPORTED,
  },
  "theme-common/internal": {
    exports: THEME_COMMON_INTERNAL,
    serverOnly: ["useCurrentSidebarCategory", "useDocsSidebar"],
    unsupported: {
      ...THEME_COMMON_UNSUPPORTED,
      DocProvider: DOCS_ONLY,
      useDoc: DOCS_ONLY,
      useDocById: DOCS_ONLY,
      useSidebarBreadcrumbs: DOCS_ONLY,
      useLayoutDoc: DOCS_ONLY,
      useLayoutDocsSidebar: DOCS_ONLY,
      useDocRootMetadata: DOCS_ONLY,
      useHomePageRoute: "docsite has no Docusaurus route tree; link to the site's base URL (useBaseUrl('/'))",
      BlogPostProvider: BLOG_ONLY,
      useBlogPost: BLOG_ONLY,
      useTabs: TABS,
      sanitizeTabsChildren: TABS,
    },
  },
  "theme-common/Details": { exports: ["default", "Details"] },
  "plugin-content-docs/client": {
    exports: DOCS_CLIENT,
    serverOnly: ["useCurrentSidebarCategory", "useDocsSidebar"],
    unsupported: {
      useDoc: DOCS_ONLY,
      DocProvider: DOCS_ONLY,
      useDocById: DOCS_ONLY,
      useSidebarBreadcrumbs: DOCS_ONLY,
      useLayoutDoc: DOCS_ONLY,
      useLayoutDocsSidebar: DOCS_ONLY,
      useDocRootMetadata: DOCS_ONLY,
      useCurrentSidebarSiblings: DOCS_ONLY,
      useBreadcrumbsStructuredData: DOCS_ONLY,
    },
  },
};

/** Modules Docusaurus has that docsite does not provide, with why. */
const UNSUPPORTED_MODULES: Readonly<Record<string, string>> = {
  renderRoutes: "docsite has no client router of Docusaurus' kind; each route is a static page",
  ComponentCreator: "docsite has no client router of Docusaurus' kind; each route is a static page",
  "theme-classic": "docsite draws the theme itself; import theme components as @theme/<Name>",
  "theme-search-algolia": "docsite draws its own search (search.provider in site.config.json)",
};

/**
 * The module a specifier after `@docusaurus/` names: deep paths into the packages' files are the documented modules
 * (`core/lib/client/exports/useBaseUrl` is `useBaseUrl`, `theme-common/lib/internal` is `theme-common/internal`).
 */
export function canonicalModule(name: string): string {
  const clean = name.replace(/\.(js|jsx|ts|tsx)$/, "").replace(/\/index$/, "");
  const core = /^core\/lib\/client\/exports\/(.+)$/.exec(clean);
  if (core) return core[1];
  if (/^theme-common\/lib(\/index)?$/.test(clean)) return "theme-common";
  if (clean === "theme-common/lib/internal") return "theme-common/internal";
  if (/^theme-common\/lib\/components\/Details$/.test(clean)) return "theme-common/Details";
  if (/^plugin-content-docs\/(lib\/)?client$/.test(clean)) return "plugin-content-docs/client";
  return clean;
}

/** What an import of `@docusaurus/<name>` is: the module docsite has, or why it is not provided. */
export function clientModule(name: string): { name: string; module: ClientModule } | { name: string; why: string } {
  const canonical = canonicalModule(name);
  const module = CLIENT_MODULES[canonical];
  if (module) return { name: canonical, module };
  const why =
    UNSUPPORTED_MODULES[canonical] ??
    UNSUPPORTED_MODULES[canonical.split("/")[0]] ??
    (/^(plugin-|preset-|theme-|core$|types$|utils|logger$|module-type-aliases)/.test(canonical)
      ? "it is Docusaurus' build side, not a client module (import it with `import type` if it gives only types)"
      : "docsite has no such module");
  return { name: canonical, why };
}

/** The provided modules' names, for an error's hint. */
export const providedModules = (): string[] => Object.keys(CLIENT_MODULES).filter((n) => n !== "types");

/**
 * What is wrong with importing `imported` (a name, `default`, or `*` for the whole module) from a module, or null
 * when it is provided. `island`: the importer is drawn in the browser too.
 */
export function importProblem(spec: string, imported: string, island = false): string | null {
  const found = clientModule(spec.replace(/^@docusaurus\//, ""));
  if ("why" in found) return `"${spec}" is not provided by docsite: ${found.why}`;
  const { module } = found;
  if (imported === "*") return null;
  const why = module.unsupported?.[imported];
  if (why) return `${imported} from "${spec}" is not provided by docsite: ${why}`;
  if (!module.exports.includes(imported))
    return `"${spec}" has no export ${imported === "default" ? "default" : `"${imported}"`} in docsite (it has ${
      module.exports.join(", ") || "types only"
    })`;
  if (island && module.serverOnly?.includes(imported))
    return `${imported} from "${spec}" reads the page being rendered, which only the server knows: keep this component on the server (a \`// @docsite-static\` comment at its top)`;
  return null;
}
