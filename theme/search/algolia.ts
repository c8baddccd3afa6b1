// The hosted provider: an Algolia DocSearch-compatible index, asked with one multi-query request per search.
// Plain fetch rather than the algoliasearch client: one request shape is all we need, for a few hundred bytes.
import type { SearchClientConfig, SearchHit, SearchProvider, SearchResults, Segment } from "./types.ts";
import { markedSegments } from "./text.ts";

type Level = "lvl0" | "lvl1" | "lvl2" | "lvl3" | "lvl4" | "lvl5" | "lvl6";
const LEVELS: Level[] = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"];

export interface DocSearchHit {
  url: string;
  type?: string;
  hierarchy: Partial<Record<Level, string | null>>;
  content?: string | null;
  _highlightResult?: { hierarchy?: Partial<Record<Level, { value: string }>>; content?: { value: string } };
  _snippetResult?: { content?: { value: string }; hierarchy?: Partial<Record<Level, { value: string }>> };
}
interface MultiResponse {
  results: Array<{ hits: DocSearchHit[]; nbHits: number; nbPages?: number; page?: number }>;
}

/** Facet filters as DocSearch's contextual search builds them: this language and this docs version (or none). */
export function facetFilters(a: NonNullable<SearchClientConfig["algolia"]>, version: string): Array<string | string[]> {
  const own = a.facetFilters;
  if (!a.contextualSearch) return own;
  const tag = a.versionTags[version];
  return [a.language, tag ? ["docusaurus_tag:default", tag] : "docusaurus_tag:default", ...own];
}

/** Site-relative URL of a hit, with the configured pathname rewrite (a regular expression, as in Docusaurus). */
export function hitUrl(a: NonNullable<SearchClientConfig["algolia"]>, raw: string): string {
  const u = new URL(raw, a.siteUrl);
  if (a.replaceSearchResultPathname)
    u.pathname = u.pathname.replace(new RegExp(a.replaceSearchResultPathname.from), a.replaceSearchResultPathname.to);
  const own = new URL(a.siteUrl);
  return u.origin === own.origin ? u.pathname + u.search + u.hash : u.href;
}

/** Whether a hit's URL may become a link: http(s) only, never javascript:, data: or anything else an index holds. */
export function safeHitUrl(a: NonNullable<SearchClientConfig["algolia"]>, raw: unknown): boolean {
  if (typeof raw !== "string") return false;
  try {
    return /^https?:$/.test(new URL(raw, a.siteUrl).protocol);
  } catch {
    return false;
  }
}

export function toHit(a: NonNullable<SearchClientConfig["algolia"]>, h: DocSearchHit): SearchHit {
  // A hit of type lvlN is that heading; a content hit belongs to its deepest heading.
  const depth = LEVELS.includes(h.type as Level)
    ? LEVELS.indexOf(h.type as Level)
    : LEVELS.reduce((d, l, i) => (h.hierarchy[l] ? i : d), 0);
  const level = LEVELS[depth];
  const hl = (l: Level): Segment[] =>
    h._highlightResult?.hierarchy?.[l]
      ? markedSegments(h._highlightResult.hierarchy[l]!.value)
      : [{ text: h.hierarchy[l] ?? "", mark: false }];
  const snippet = h._snippetResult?.content?.value ?? h._highlightResult?.content?.value ?? "";
  return {
    url: hitUrl(a, h.url),
    title: hl(level),
    page: depth > 1 ? (h.hierarchy.lvl1 ?? undefined) : undefined,
    breadcrumbs: LEVELS.slice(0, depth)
      .map((l) => h.hierarchy[l])
      .filter((x): x is string => Boolean(x)),
    snippet: markedSegments(snippet),
    headings: [],
  };
}

export function algoliaProvider(cfg: SearchClientConfig, version: string): SearchProvider {
  const a = cfg.algolia!;
  // Credentials in the query string keep this a "simple" CORS request: no preflight round trip.
  const endpoint = `${a.host}/1/indexes/*/queries?x-algolia-application-id=${encodeURIComponent(a.appId)}&x-algolia-api-key=${encodeURIComponent(a.apiKey)}`;
  return {
    async preload() {
      /* nothing to load: the preconnect hint already warmed the connection */
    },
    async search(query, page, size): Promise<SearchResults> {
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: JSON.stringify({
          requests: [
            {
              indexName: a.indexName,
              query,
              page,
              hitsPerPage: size,
              facetFilters: facetFilters(a, version),
              highlightPreTag: "<mark>",
              highlightPostTag: "</mark>",
              attributesToSnippet: ["content:20"],
              snippetEllipsisText: "…",
            },
          ],
        }),
      });
      if (!res.ok) throw new Error(`search service answered ${res.status}`);
      const r = ((await res.json()) as MultiResponse).results[0];
      const hits = r.hits.filter((h) => safeHitUrl(a, h?.url)).map((h) => toHit(a, h));
      return { hits, total: r.nbHits, more: (page + 1) * size < r.nbHits };
    },
  };
}
