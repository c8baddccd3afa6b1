// Search at build time: the per-locale client config, the local provider's index bundles (one per locale and
// docs version) and the preconnect hint of the hosted provider. Runs in the extras step; reads the route table only.
import type { SiteConfig } from "../config/types.ts";
import type { Strings } from "../i18n/strings.ts";
import { convertPipePlural } from "../i18n/strings.ts";
import type { Route, RouteTable, DocRoute, BlogPostRoute } from "../routes/types.ts";
import type { SidebarNode } from "../routes/sidebars.ts";
import { docsInstances, instanceVersions, lastVersionOf, localeBase } from "../routes/paths.ts";
import { publicPath } from "../routes/public-url.ts";
import { escapeHtml } from "../render/html.ts";
import { localIndexFiles, type IndexedPage } from "./local-index.ts";
import type { Synonyms } from "../../theme/search/local-format.ts";
import { loadSynonyms } from "./synonyms.ts";
import { DocsiteError } from "../log.ts";
import type { SearchClientConfig } from "../../theme/search/types.ts";
import { configUrl } from "../../theme/search/text.ts";

const ALGOLIA_DEFAULT_HOST = (appId: string) => `https://${appId}-dsn.algolia.net`;

export const searchRoot = (config: SiteConfig, locale: string) => `${config.baseUrl}search-index/${locale}/`;
/** The same place the browser looks (theme/search/text.ts). */
export const searchConfigPath = (config: SiteConfig, locale: string) => configUrl(config.baseUrl, locale);
const lastVersion = (config: SiteConfig) => lastVersionOf(config);

/** What the modal and the search page get: provider settings, bundle locations and the locale's raw messages. */
export function searchClientConfig(config: SiteConfig, table: RouteTable, strings: Strings): SearchClientConfig {
  const locale = strings.locale;
  const last = lastVersion(config);
  const messages: Record<string, string> = {};
  for (const [k, v] of Object.entries(strings.messages)) {
    if (k.startsWith("theme.SearchModal.") || k.startsWith("theme.SearchPage.") || k === "theme.common.opensInNewTab")
      messages[k] = convertPipePlural(v, locale);
  }
  const a = config.search.algolia;
  const hosted = config.search.provider === "algolia";
  if (hosted && !a)
    throw new DocsiteError(
      'search.provider is "algolia" but search.algolia is missing',
      { file: "site.config.json" },
      "add search.algolia with appId, apiKey and indexName",
    );
  return {
    locale,
    provider: config.search.provider,
    defaultVersion: last.name,
    bundles: hosted
      ? {}
      : Object.fromEntries(
          instanceVersions(config, config.docs.pluginId).map((v) => [
            v.name,
            `${searchRoot(config, locale)}${v.name}/`,
          ]),
        ),
    algolia:
      hosted && a
        ? {
            appId: a.appId,
            apiKey: a.apiKey,
            indexName: a.indexName,
            host: (a.host ?? ALGOLIA_DEFAULT_HOST(a.appId)).replace(/\/$/, ""),
            contextualSearch: a.contextualSearch,
            facetFilters: a.facetFilters ?? [],
            replaceSearchResultPathname: a.replaceSearchResultPathname,
            siteUrl: config.url,
            language: `language:${locale}`,
            versionTags: Object.fromEntries(
              instanceVersions(config, config.docs.pluginId).map((v) => [
                v.name,
                `docusaurus_tag:docs-${config.docs.pluginId}-${v.name}`,
              ]),
            ),
          }
        : undefined,
    searchPage: publicPath(config, `${localeBase(config, locale)}search/`),
    reportIssueUrl: config.search.reportIssueUrl,
    suggestions: firstTitles(table, `${locale}|${last.name}|`, 3),
    strings: messages,
  };
}

/** The first few page labels of the latest version's sidebars: what the no-results screen suggests. */
function firstTitles(table: RouteTable, keyPrefix: string, count: number): string[] {
  const out: string[] = [];
  const walk = (nodes: SidebarNode[]) => {
    for (const n of nodes) {
      if (out.length >= count) return;
      if (n.type === "link" && !n.hidden && n.docId) out.push(n.label);
      else if (n.type === "category") walk(n.items);
    }
  };
  for (const [key, nodes] of table.sidebars) if (key.startsWith(keyPrefix)) walk(nodes);
  return [...new Set(out)].slice(0, count);
}

/** `<link rel="preconnect">` to the hosted service, so the first query does not wait for DNS and TLS. */
export function searchPreconnect(config: SiteConfig): string {
  const a = config.search.algolia;
  if (config.search.provider !== "algolia" || !a) return "";
  return `<link rel="preconnect" href="${escapeHtml(new URL(a.host ?? ALGOLIA_DEFAULT_HOST(a.appId)).origin)}" crossorigin>`;
}

/** Breadcrumbs of a doc: the sidebar categories above its link. */
function breadcrumbs(table: RouteTable, route: DocRoute): string[] {
  const nodes = route.sidebarKey ? table.sidebars.get(route.sidebarKey) : undefined;
  const find = (items: SidebarNode[], trail: string[]): string[] | null => {
    for (const n of items) {
      if (n.href === route.path) return trail;
      if (n.type === "category") {
        const r = find(n.items, [...trail, n.label]);
        if (r) return r;
      }
    }
    return null;
  };
  return (nodes && find(nodes, [])) ?? [];
}

function indexedRoutes(
  config: SiteConfig,
  table: RouteTable,
  locale: string,
  version: string,
): Array<DocRoute | BlogPostRoute> {
  const isLast = lastVersion(config).name === version;
  // Unlisted pages stay out of search; blog posts go into the latest version's bundle.
  return table.routes.filter(
    (r: Route): r is DocRoute | BlogPostRoute =>
      r.locale === locale &&
      !r.unlisted &&
      ((r.kind === "doc" && r.version.name === version) || (r.kind === "blogPost" && isLast)),
  );
}

/** Client configs for every locale and, for the local provider, the index bundles. Paths are relative to dist/. */
export function searchFiles(
  config: SiteConfig,
  table: RouteTable,
  strings: Map<string, Strings>,
  /** Builds a bundle, or takes it from a cache keyed by its pages (the build's cache: pipeline/cache.ts). */
  bundle: (pages: IndexedPage[], synonyms?: Synonyms) => Map<string, string> = localIndexFiles,
): Map<string, string> {
  const files = new Map<string, string>();
  const rel = (p: string) => p.slice(config.baseUrl.length);
  for (const [locale, s] of strings)
    files.set(rel(searchConfigPath(config, locale)), JSON.stringify(searchClientConfig(config, table, s)));
  if (config.search.provider !== "local") return files;
  const synonyms = loadSynonyms(config.rootDir, config.i18n.locales);
  for (const locale of config.i18n.locales) {
    const s = strings.get(locale)!;
    const blogLabel = s.has("theme.blog.title") ? s.t("theme.blog.title") : "Blog";
    // A bundle per version of the main docs; the other docs instances' last versions are searched with its last.
    const others = docsInstances(config)
      .filter((id) => id !== config.docs.pluginId)
      .map((id) => lastVersionOf(config, id).name);
    for (const v of instanceVersions(config, config.docs.pluginId)) {
      const names = v.isLast ? [v.name, ...others] : [v.name];
      const pages: IndexedPage[] = names
        .flatMap((name) => indexedRoutes(config, table, locale, name))
        .map((r) => ({
          url: publicPath(config, r.path),
          title: r.kind === "doc" ? r.title : r.post.title,
          description: r.kind === "doc" ? r.description : r.post.description,
          keywords: r.source.data.keywords ?? [],
          breadcrumbs: r.kind === "doc" ? breadcrumbs(table, r) : [blogLabel],
          sections: r.compiled.sections,
        }));
      const dir = rel(`${searchRoot(config, locale)}${v.name}/`);
      for (const [f, c] of bundle(pages, synonyms.get(locale))) files.set(dir + f, c);
    }
  }
  return files;
}
