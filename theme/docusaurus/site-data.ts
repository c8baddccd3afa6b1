// What Docusaurus client modules know of the site, as plain data made from site.config.json: the server reads it from
// the config; island chunks get the same JSON baked in (cli/islands/bundle.ts), so both draw the same first render.

export interface DocsVersionData {
  name: string;
  label: string;
  /** From the site root, without the trailing slash, as Docusaurus gives it. */
  path: string;
  isLast: boolean;
  mainDocId: string;
  /** The docs instance (Docusaurus' plugin id; "default" for the main one). */
  pluginId: string;
}

export interface SiteData {
  baseUrl: string;
  title: string;
  url: string;
  tagline?: string;
  trailingSlash?: boolean;
  /** Docusaurus' `customFields`, as the import carried them over (JSON values). */
  customFields?: Record<string, unknown>;
  defaultLocale?: string;
  locales?: string[];
  localeConfigs?: Record<string, { label: string; direction: string; htmlLang?: string; calendar?: string }>;
  defaultMode?: string;
  /** The docs versions of every docs instance, for `@docusaurus/plugin-content-docs/client` and global data. */
  docsVersions?: DocsVersionData[];
  /** Each docs instance's path from the site root (Docusaurus' global data `path`), by plugin id. */
  docsPaths?: Record<string, string>;
  docsBreadcrumbs?: boolean;
  /**
   * Docusaurus' `themeConfig` as far as docsite has it (navbar, footer, colour mode, announcement bar, and the
   * defaults of the rest): larger than the rest, so island chunks carry it only where a module reads it.
   */
  themeConfig?: Record<string, unknown>;
}

interface ConfigForSiteData {
  baseUrl: string;
  title: string;
  url: string;
  tagline?: string;
  trailingSlash?: boolean;
  i18n?: {
    defaultLocale: string;
    locales: string[];
    localeConfigs?: Record<string, { label: string; direction: string; htmlLang?: string; calendar?: string }>;
  };
  colorMode?: { defaultMode: string; disableSwitch?: boolean; respectPrefersColorScheme?: boolean };
  navbar?: { title: string; hideOnScroll: boolean; logo?: unknown; items: unknown[] };
  footer?: { links: unknown[]; copyright: string; style?: string };
  announcementBar?: {
    id: string;
    content: string;
    isCloseable: boolean;
    backgroundColor?: string;
    textColor?: string;
  } | null;
  docs?: {
    routeBasePath: string;
    pluginId?: string;
    breadcrumbs?: boolean;
    versions: Array<{
      name: string;
      label: string;
      path: string;
      isLast: boolean;
      mainDocId: string;
      pluginId?: string;
      routeBasePath?: string;
    }>;
  };
  docusaurus?: { customFields?: Record<string, unknown>; prism?: Record<string, unknown> };
}

const join = (...parts: string[]) => parts.filter(Boolean).join("/");

/** The site data of a config (the server's side; the browser's is baked into island chunks). */
export function siteData(config: ConfigForSiteData): SiteData {
  const docs = config.docs;
  const pluginOf = (v: { pluginId?: string }) => v.pluginId ?? docs?.pluginId ?? "default";
  const baseOf = (v: { routeBasePath?: string }) => v.routeBasePath ?? docs?.routeBasePath ?? "docs";
  // As Docusaurus gives a path: from the site root, without the trailing slash.
  const fromRoot = (path: string) => `${config.baseUrl}${path}`.replace(/(.)\/$/, "$1");
  return {
    baseUrl: config.baseUrl,
    title: config.title,
    url: config.url,
    tagline: config.tagline ?? "",
    trailingSlash: config.trailingSlash,
    customFields: config.docusaurus?.customFields ?? {},
    defaultLocale: config.i18n?.defaultLocale,
    locales: config.i18n?.locales,
    localeConfigs: config.i18n?.localeConfigs,
    defaultMode: config.colorMode?.defaultMode,
    docsVersions: docs?.versions.map((v) => ({
      name: v.name,
      label: v.label,
      path: fromRoot(join(baseOf(v), v.path)),
      isLast: v.isLast,
      mainDocId: v.mainDocId,
      pluginId: pluginOf(v),
    })),
    docsPaths: docs ? Object.fromEntries(docs.versions.map((v) => [pluginOf(v), fromRoot(baseOf(v))])) : undefined,
    docsBreadcrumbs: docs?.breadcrumbs,
    themeConfig: themeConfigOf(config),
  };
}

/** Docusaurus' `themeConfig` from what docsite's config holds, with Docusaurus' defaults for the rest. */
function themeConfigOf(config: ConfigForSiteData): Record<string, unknown> {
  return {
    colorMode: {
      defaultMode: config.colorMode?.defaultMode ?? "light",
      disableSwitch: config.colorMode?.disableSwitch ?? false,
      respectPrefersColorScheme: config.colorMode?.respectPrefersColorScheme ?? false,
    },
    navbar: {
      title: config.navbar?.title,
      hideOnScroll: config.navbar?.hideOnScroll ?? false,
      logo: config.navbar?.logo,
      items: config.navbar?.items ?? [],
    },
    footer: {
      style: config.footer?.style ?? "light",
      links: config.footer?.links ?? [],
      copyright: config.footer?.copyright,
    },
    announcementBar: config.announcementBar
      ? {
          id: config.announcementBar.id,
          content: config.announcementBar.content,
          isCloseable: config.announcementBar.isCloseable,
          backgroundColor: config.announcementBar.backgroundColor,
          textColor: config.announcementBar.textColor,
        }
      : undefined,
    docs: { versionPersistence: "localStorage", sidebar: { hideable: false, autoCollapseCategories: false } },
    blog: { sidebar: { groupByYear: true } },
    // The site's Prism settings for a swizzled CodeBlock (docsite's own code blocks keep docsite's colours); an empty
    // theme for a site without one, and Docusaurus' default magic comment.
    prism: {
      theme: { plain: {}, styles: [] },
      additionalLanguages: [],
      magicComments: [
        {
          className: "theme-code-block-highlighted-line",
          line: "highlight-next-line",
          block: { start: "highlight-start", end: "highlight-end" },
        },
      ],
      ...config.docusaurus?.prism,
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    metadata: [],
  };
}

/** Docusaurus' `siteConfig`, as much as docsite knows of it (useDocusaurusContext, a page's `config` prop). */
export const siteConfigOf = (site: SiteData) => ({
  baseUrl: site.baseUrl,
  title: site.title,
  url: site.url,
  tagline: site.tagline ?? "",
  titleDelimiter: "|",
  trailingSlash: site.trailingSlash,
  customFields: site.customFields ?? {},
  themeConfig: site.themeConfig ?? {},
  i18n: {
    defaultLocale: site.defaultLocale ?? "en",
    locales: site.locales ?? [site.defaultLocale ?? "en"],
    localeConfigs: site.localeConfigs ?? {},
  },
  future: { experimental_router: "browser" },
  noIndex: false,
});

/** Docusaurus' `hasProtocol`: a URL with a scheme (`https:`, `mailto:`) or protocol-relative (`//host`). */
export const hasProtocol = (url: string): boolean => /^(?:\w*:|\/\/)/.test(url);

/**
 * Docusaurus' addBaseUrl: the site's base before a site path; anchors, full URLs and paths that have the base
 * already stay as they are. `absolute` adds the site's URL, `forcePrependBaseUrl` adds the base whatever the path.
 */
export function addBaseUrl(
  site: Pick<SiteData, "baseUrl" | "url">,
  url: string,
  options: { forcePrependBaseUrl?: boolean; absolute?: boolean } = {},
): string {
  if (!url || url.startsWith("#") || hasProtocol(url)) return url;
  if (options.forcePrependBaseUrl) return site.baseUrl + url.replace(/^\//, "");
  if (url === site.baseUrl.replace(/\/$/, "")) return site.baseUrl;
  const path = url.startsWith(site.baseUrl) ? url : site.baseUrl + url.replace(/^\//, "");
  return options.absolute ? site.url.replace(/\/$/, "") + path : path;
}

/** A URL with the site's base (addBaseUrl without options). */
export const withBase = (site: Pick<SiteData, "baseUrl" | "url">, url: string): string => addBaseUrl(site, url);
