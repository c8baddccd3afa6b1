// The shape of site.config.json after validation and defaults. Mirrors site-config.schema.json.

export type Severity = "throw" | "warn" | "ignore";

interface LocaleConfig {
  label: string;
  direction: "ltr" | "rtl";
  htmlLang: string;
  calendar: string;
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
  /**
   * The docs instance (Docusaurus' `plugin-content-docs` with an `id`) the version belongs to; `docs.pluginId` when
   * absent. Each instance has its own route base, its own last version and its own version dropdown.
   */
  pluginId?: string;
  /** The instance's URL path; `docs.routeBasePath` when absent. */
  routeBasePath?: string;
  /** A "Version: <label>" badge above the version's docs. */
  badge?: boolean;
}

export interface NavLink {
  label: string;
  to?: string;
  href?: string;
}

export type NavbarItem =
  | {
      type: "link";
      /** An i18n key; a link drawn by `icon` or `className` may have none (then `ariaLabel` names it). */
      label?: string;
      to?: string;
      href?: string;
      position?: "left" | "right";
      icon?: string;
      /** Class of the link: an icon link whose picture the site's custom CSS draws (Docusaurus' way). */
      className?: string;
      ariaLabel?: string;
    }
  | { type: "dropdown"; label: string; items: NavLink[]; position?: "left" | "right" }
  | { type: "docSidebar"; sidebarId: string; label: string; position?: "left" | "right" }
  | { type: "docsVersionDropdown"; position?: "left" | "right"; extraLinks?: NavLink[] }
  | { type: "localeDropdown"; position?: "left" | "right" }
  | { type: "search"; position?: "left" | "right" }
  | { type: "colorMode"; position?: "left" | "right" };

interface FooterGroup {
  title: string;
  items: NavLink[];
}

interface AlgoliaConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  host?: string;
  contextualSearch: boolean;
  facetFilters?: string[];
  replaceSearchResultPathname?: { from: string; to: string };
}

/** A remark or rehype plugin the Docusaurus project configured: a package or a project module, and its options. */
export interface MdxPluginRef {
  /** A package name (`@docusaurus/remark-plugin-npm2yarn`) or a path from the site root (`./src/remark/x.mjs`). */
  module: string;
  /** The export that is the plugin ("default" when absent). */
  export?: string;
  options?: unknown;
}

export interface MdxPluginLists {
  remarkPlugins?: MdxPluginRef[];
  rehypePlugins?: MdxPluginRef[];
  beforeDefaultRemarkPlugins?: MdxPluginRef[];
  beforeDefaultRehypePlugins?: MdxPluginRef[];
}

/** How an imported Docusaurus project's content is read, so it reads as it did there. */
export interface DocusaurusOptions {
  /** Where the Docusaurus project's folders went (`@site/docs/...` imports, `/docs/x.md` links). */
  aliases?: Record<string, string>;
  /** The project's `trailingSlash` (null: unset): relative links resolve against the address it gives a page. */
  trailingSlash?: boolean | null;
  /** `markdown.format`: "mdx" (Docusaurus 3's default: `.md` files are MDX too), "md", or "detect" (by extension). */
  format?: "mdx" | "md" | "detect";
  /**
   * The project's remark and rehype plugins, per content kind: "docs", "blog", "pages", and "docs:<pluginId>" for a
   * docs instance whose lists differ from the main docs'.
   */
  mdxPlugins?: Record<string, MdxPluginLists>;
  /** A module exporting extra MDX components every page may use (the swizzled `@theme/MDXComponents`). */
  mdxComponents?: string;
  /**
   * The site's theme overrides (Docusaurus' swizzled components): Docusaurus theme name (`Footer`, `Navbar/Logo`,
   * `DocSidebarItem/Category`…) → module from the site root, drawn where docsite draws that part
   * (cli/theme-overrides/). Written by `docsite import` for the overrides docsite can run.
   */
  themeOverrides?: Record<string, string>;
  /**
   * Which files of a content folder are pages, as the Docusaurus plugin's `include`/`exclude` options chose them
   * (globs from the folder, Docusaurus' defaults for the one not given), per content kind: "docs" (each version's
   * folder), "docs:<pluginId>" for another docs instance, "blog", "pages". A file left out is not a page; pages may
   * still import it. Absent: docsite's rule (Markdown files, none with a `_` in their path).
   */
  pageFiles?: Record<string, { include?: string[]; exclude?: string[] }>;
  /** Docusaurus' pages folder (src/pages) and each locale's folder of translated Markdown pages. */
  pages?: { dir: string; translations?: Record<string, string> };
  /** Docusaurus' `markdown.anchors`: `maintainCase` keeps capital letters in heading ids. */
  anchors?: { maintainCase?: boolean };
  /** Docusaurus' `customFields` (what useDocusaurusContext().siteConfig.customFields gives components). */
  customFields?: Record<string, unknown>;
  /**
   * The classic theme's `prism` settings (`theme`, `darkTheme`: prism-react-renderer themes as JSON,
   * `magicComments`, `defaultLanguage`): what a swizzled CodeBlock highlights with (usePrismTheme).
   */
  prism?: Record<string, unknown>;
  /**
   * The PostCSS plugins the site's CSS goes through, as Docusaurus' webpack runs them (a plugin's `configurePostCss`,
   * the project's PostCSS config): package names, or [name, options], loaded from the site's node_modules (cli/css/).
   */
  postcss?: { plugins: PostcssPluginSpec[] };
}

/** A PostCSS plugin by package name, with its options. */
export type PostcssPluginSpec = string | [string, Record<string, unknown>];

/** Addresses that lead on to a page (Docusaurus' client-redirects plugin). */
export interface RedirectsConfig {
  rules?: Array<{ from: string | string[]; to: string }>;
  fromExtensions?: string[];
  toExtensions?: string[];
  /** An ES module exporting createRedirects(path), run without imports. */
  module?: string;
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
  docs: {
    routeBasePath: string;
    pluginId: string;
    versions: VersionConfig[];
    /** Breadcrumbs above a doc's title (the Testplane site has none). */
    breadcrumbs: boolean;
  };
  blog: {
    /** False for `"blog": false`: no blog routes, feeds or links. */
    enabled: boolean;
    /** Recent posts listed in the sidebar of blog pages (0: no sidebar). */
    sidebarCount: number;
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
    logo: { src: string; srcDark?: string; alt: string; width: number; height: number };
    hideOnScroll: boolean;
    items: NavbarItem[];
    /** Infima's dark or primary-coloured navbar (Docusaurus' `navbar.style`), in both colour modes. */
    style?: "light" | "dark" | "primary";
  };
  footer: {
    links: FooterGroup[];
    icons: Array<{ label: string; href: string; icon: string }>;
    copyright: string;
    style?: "light" | "dark";
  };
  announcementBar: {
    id: string;
    content: string;
    isCloseable: boolean;
    /** The content's text is HTML, drawn as written (Docusaurus'). */
    html?: boolean;
    backgroundColor?: string;
    textColor?: string;
  } | null;
  colorMode: { defaultMode: "light" | "dark" | "system"; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  search: { provider: "local" | "algolia"; algolia?: AlgoliaConfig; reportIssueUrl?: string };
  analytics: {
    yandexMetrika?: { counterId: string; webvisor: boolean; trackHash: boolean; scriptUrl?: string };
  } | null;
  webFont: { stylesheet: string; preconnect: string[]; family?: string } | null;
  /** The site's own stylesheets, loaded after the theme's (site-relative paths). */
  customCss: string[];
  redirects?: RedirectsConfig;
  onBrokenLinks: Severity;
  onBrokenAnchors: Severity;
  onDuplicateRoutes: Severity;
  onMissingTranslations: Severity;
  /** Seconds a page's compile or a route's render may take before the page fails (pipeline/time-limit.ts: 60). */
  pageTimeLimit?: number;
  /** Written by `docsite import`: how the Docusaurus project's content is read (see DocusaurusOptions). */
  docusaurus?: DocusaurusOptions;
  /** Absolute folder the config was read from; every relative path in the config is resolved against it. */
  rootDir: string;
}
