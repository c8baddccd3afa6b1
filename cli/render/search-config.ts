// What pages carry of search: the client config the modal and the search page read (provider settings, where the
// local index bundles are, the locale's search strings, suggestions), and the hosted provider's preconnect hint.
import type { SiteConfig } from "../config/types.ts";
import { convertPipePlural, type Strings } from "../i18n/strings.ts";
import type { RouteTable } from "../routes/types.ts";
import type { SidebarNode } from "../routes/sidebar-nodes.ts";
import { instanceVersions, lastVersionOf, localeBase } from "../content/paths.ts";
import { publicPath } from "../routes/public-url.ts";
import { escapeHtml } from "./html.ts";
import { DocsiteError } from "../log.ts";
import type { SearchClientConfig } from "../../theme/search/types.ts";
import { configUrl } from "../../theme/search/text.ts";

/** The hosted provider's address when the config names none (also allowed by the CSP: emit/security-headers.ts). */
export const ALGOLIA_DEFAULT_HOST = (appId: string) => `https://${appId}-dsn.algolia.net`;

export const searchRoot = (config: SiteConfig, locale: string) => `${config.baseUrl}search-index/${locale}/`;
/** The same place the browser looks (theme/search/text.ts). */
export const searchConfigPath = (config: SiteConfig, locale: string) => configUrl(config.baseUrl, locale);
/** The main docs instance's last version (another instance's docs are searched with it: search/index.ts). */
export const lastVersion = (config: SiteConfig) => lastVersionOf(config);

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
