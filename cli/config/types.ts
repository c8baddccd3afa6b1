// The shape of site.config.json after validation and defaults. Mirrors site-config.schema.json.

export type Severity = "throw" | "warn" | "ignore";

export interface LocaleConfig {
  label: string;
  direction: "ltr" | "rtl";
  htmlLang: string;
  calendar: string;
}

export interface SidebarLink {
  path: string;
  label: string;
}

export interface VersionConfig {
  name: string;
  label: string;
  path: string;
  status: "current" | "unmaintained" | "unreleased";
  isLast: boolean;
  mainDocId: string;
  sidebarsFile: string;
  releaseNotes?: string;
}

export interface NavLink {
  label: string;
  to?: string;
  href?: string;
}

export type NavbarItem =
  | { type: "link"; label: string; to?: string; href?: string; position?: "left" | "right"; icon?: string }
  | { type: "docSidebar"; sidebarId: string; label: string; position?: "left" | "right" }
  | { type: "docsVersionDropdown"; position?: "left" | "right"; extraLinks?: NavLink[] }
  | { type: "localeDropdown"; position?: "left" | "right" }
  | { type: "search"; position?: "left" | "right" }
  | { type: "colorMode"; position?: "left" | "right" };

export interface FooterGroup {
  title: string;
  items: NavLink[];
}

export interface AlgoliaConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  host?: string;
  contextualSearch: boolean;
  facetFilters?: string[];
  replaceSearchResultPathname?: { from: string; to: string };
}

export interface SiteConfig {
  title: string;
  tagline: string;
  favicon: string;
  url: string;
  baseUrl: string;
  /** true: folder URLs (`/x/`, `x/index.html`); false: slash-less URLs (`/x`, `x.html`), as Docusaurus has them. */
  trailingSlash: boolean;
  i18n: { defaultLocale: string; locales: string[]; localeConfigs: Record<string, LocaleConfig> };
  docs: { routeBasePath: string; pluginId: string; versions: VersionConfig[] };
  blog: {
    routeBasePath: string;
    postsPerPage: number;
    feed: boolean;
    wordsPerMinute: number;
    /** Tag pages (`<blog>/tags/`, `<blog>/tags/<tag>/`) for the posts' tags. */
    tagPages: boolean;
    /** What a list shows of a post: its description, or the content before a truncate marker where it has one. */
    excerpts: "description" | "truncate";
  };
  navbar: {
    title: string;
    logo: { src: string; alt: string; width: number; height: number };
    hideOnScroll: boolean;
    items: NavbarItem[];
  };
  footer: { links: FooterGroup[]; icons: Array<{ label: string; href: string; icon: string }>; copyright: string };
  announcementBar: { id: string; content: string; isCloseable: boolean } | null;
  colorMode: { defaultMode: "light" | "dark" | "system"; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  search: { provider: "local" | "algolia"; algolia?: AlgoliaConfig; reportIssueUrl?: string };
  analytics: {
    yandexMetrika?: { counterId: string; webvisor: boolean; trackHash: boolean; scriptUrl?: string };
  } | null;
  webFont: { stylesheet: string; preconnect: string[]; family?: string } | null;
  onBrokenLinks: Severity;
  onBrokenAnchors: Severity;
  onDuplicateRoutes: Severity;
  onMissingTranslations: Severity;
  /** Written by `docsite import`: where the Docusaurus project's folders went (`@site/docs/...` imports). */
  docusaurus?: { aliases?: Record<string, string> };
  /** Absolute folder the config was read from; every relative path in the config is resolved against it. */
  rootDir: string;
}
