// Search at build time: the per-locale client config, the local provider's Pagefind bundles (one per locale and
// docs version) and the preconnect hint of the hosted provider. Runs in the extras step; reads the route table only.
import * as pagefind from "pagefind";
import type { SiteConfig } from "../config/types.ts";
import type { Strings } from "../i18n/strings.ts";
import { convertPipePlural } from "../i18n/strings.ts";
import type { Route, RouteTable, DocRoute, BlogPostRoute } from "../routes/types.ts";
import type { SidebarNode } from "../routes/sidebars.ts";
import { localeBase } from "../routes/paths.ts";
import { escapeHtml } from "../render/html.ts";
import { DocsiteError } from "../log.ts";
import type { SearchClientConfig } from "../../theme/search/types.ts";
import { configUrl } from "../../theme/search/text.ts";

const ALGOLIA_DEFAULT_HOST = (appId: string) => `https://${appId}-dsn.algolia.net`;
/** Pagefind's own files the browser needs; its UI bundles and the worker are left out (we have our own modal). */
const KEEP = /^(pagefind\.js|pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|wasm\.(?!unknown)[a-z-]+\.pagefind|(index|fragment|filter)\/.+)$/;

export const searchRoot = (config: SiteConfig, locale: string) => `${config.baseUrl}search-index/${locale}/`;
/** The same place the browser looks (theme/search/text.ts). */
export const searchConfigPath = (config: SiteConfig, locale: string) => configUrl(config.baseUrl, locale);
const languageOf = (config: SiteConfig, locale: string) => config.i18n.localeConfigs[locale].htmlLang.split("-")[0].toLowerCase();
const lastVersion = (config: SiteConfig) => config.docs.versions.find((v) => v.isLast) ?? config.docs.versions[0];

/** What the modal and the search page get: provider settings, bundle locations and the locale's raw messages. */
export function searchClientConfig(config: SiteConfig, table: RouteTable, strings: Strings): SearchClientConfig {
  const locale = strings.locale;
  const last = lastVersion(config);
  const messages: Record<string, string> = {};
  for (const [k, v] of Object.entries(strings.messages)) {
    if (k.startsWith("theme.SearchModal.") || k.startsWith("theme.SearchPage.")) messages[k] = convertPipePlural(v, locale);
  }
  const a = config.search.algolia;
  const hosted = config.search.provider === "algolia";
  if (hosted && !a) throw new DocsiteError('search.provider is "algolia" but search.algolia is missing', { file: "site.config.json" }, "add search.algolia with appId, apiKey and indexName");
  return {
    locale,
    provider: config.search.provider,
    defaultVersion: last.name,
    bundles: hosted ? {} : Object.fromEntries(config.docs.versions.map((v) => [v.name, `${searchRoot(config, locale)}${v.name}/`])),
    language: languageOf(config, locale),
    algolia: hosted && a ? {
      appId: a.appId,
      apiKey: a.apiKey,
      indexName: a.indexName,
      host: (a.host ?? ALGOLIA_DEFAULT_HOST(a.appId)).replace(/\/$/, ""),
      contextualSearch: a.contextualSearch,
      facetFilters: a.facetFilters ?? [],
      replaceSearchResultPathname: a.replaceSearchResultPathname,
      siteUrl: config.url,
      language: `language:${locale}`,
      versionTags: Object.fromEntries(config.docs.versions.map((v) => [v.name, `docusaurus_tag:docs-${config.docs.pluginId}-${v.name}`])),
    } : undefined,
    searchPage: `${localeBase(config, locale)}search/`,
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

/**
 * A minimal HTML page for Pagefind made of the sections remark-docsite extracted: the title as h1, each heading
 * with its id (Pagefind turns these into per-heading sub-results with anchors), the text as paragraphs; the title and
 * the description (a summary in the page's own words) weigh more than body text. Indexing
 * this rather than the rendered page keeps navigation, sidebars and footers out of the index.
 */
export function pagefindHtml(lang: string, title: string, description: string, crumbs: string[], sections: Array<{ id: string; title: string; text: string }>): string {
  const e = escapeHtml;
  const body = sections.map((s) => (s.id ? `<h2 id="${e(s.id)}">${e(s.title)}</h2>` : "") + (s.text ? `<p>${e(s.text)}</p>` : "")).join("\n");
  const meta = crumbs.length ? `<div data-pagefind-meta="breadcrumbs:${e(crumbs.join(" › "))}"></div>` : "";
  return `<!doctype html><html lang="${e(lang)}"><head><title>${e(title)}</title></head><body>${meta}<main data-pagefind-body><h1 data-pagefind-weight="10">${e(title)}</h1>\n${description ? `<p data-pagefind-weight="2">${e(description)}</p>` : ""}${body}</main></body></html>`;
}

function indexedRoutes(config: SiteConfig, table: RouteTable, locale: string, version: string): Array<DocRoute | BlogPostRoute> {
  const isLast = lastVersion(config).name === version;
  // Unlisted pages stay out of search; blog posts go into the latest version's bundle.
  return table.routes.filter((r: Route): r is DocRoute | BlogPostRoute => r.locale === locale && !r.unlisted &&
    ((r.kind === "doc" && r.version.name === version) || (r.kind === "blogPost" && isLast)));
}

/** Client configs for every locale and, for the local provider, the Pagefind bundles. Paths are relative to dist/. */
export async function searchFiles(config: SiteConfig, table: RouteTable, strings: Map<string, Strings>): Promise<Map<string, string | Uint8Array>> {
  const files = new Map<string, string | Uint8Array>();
  const rel = (p: string) => p.slice(config.baseUrl.length);
  for (const [locale, s] of strings) files.set(rel(searchConfigPath(config, locale)), JSON.stringify(searchClientConfig(config, table, s)));
  if (config.search.provider !== "local") return files;
  try {
    await Promise.all(config.i18n.locales.flatMap((locale) => config.docs.versions.map(async (v) => {
      const lang = languageOf(config, locale);
      const { index, errors } = await pagefind.createIndex({ forceLanguage: lang });
      if (!index) throw new Error(errors.join("; "));
      const blogLabel = strings.get(locale)!.has("theme.blog.title") ? strings.get(locale)!.t("theme.blog.title") : "Blog";
      for (const r of indexedRoutes(config, table, locale, v.name)) {
        const title = r.kind === "doc" ? r.title : r.post.title;
        const crumbs = r.kind === "doc" ? breadcrumbs(table, r) : [blogLabel];
        const res = await index.addHTMLFile({ url: r.path, content: pagefindHtml(lang, title, r.kind === "doc" ? r.description : r.post.description, crumbs, r.compiled.sections) });
        if (res.errors.length) throw new Error(`${r.origin}: ${res.errors.join("; ")}`);
      }
      const out = await index.getFiles();
      if (out.errors.length) throw new Error(out.errors.join("; "));
      const dir = rel(`${searchRoot(config, locale)}${v.name}/`);
      for (const f of out.files) if (KEEP.test(f.path)) files.set(dir + f.path, f.content);
      await index.deleteIndex();
    })));
  } catch (err) {
    throw new DocsiteError(`search index could not be built: ${(err as Error).message}`, {}, "check that the pagefind package and its @pagefind/<platform> binary are installed (npm ci)");
  } finally {
    await pagefind.close();
  }
  return files;
}
