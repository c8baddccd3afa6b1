// The local provider: Pagefind's browser API over the bundle the build wrote for this locale and docs version.
// pagefind.js, its WebAssembly and the index chunks load on first use only; the URL is computed at run time, so
// the bundler leaves the import alone and nothing of it reaches the first-load JavaScript.
import type { SearchClientConfig, SearchHit, SearchProvider, SearchResults } from "./types.ts";
import { highlightTerms, markedSegments } from "./text.ts";

interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string; breadcrumbs?: string };
  sub_results?: Array<{ title: string; url: string; excerpt: string }>;
}
interface PagefindApi {
  search(q: string): Promise<{ results: Array<{ id: string; data(): Promise<PagefindData> }> } | null>;
  preload(q: string): Promise<void>;
}
interface PagefindModule { createInstance(opts: Record<string, unknown>): PagefindApi }

export function localProvider(cfg: SearchClientConfig, version: string): SearchProvider {
  const basePath = cfg.bundles[version] ?? cfg.bundles[cfg.defaultVersion];
  let engine: Promise<PagefindApi> | null = null;
  const load = () => {
    const url = `${basePath}pagefind.js`;
    engine ??= (import(url) as Promise<PagefindModule>).then((m) =>
      // No worker: one file (12 KB gzip) less to download, and the index is small enough for the main thread.
      // Result URLs are site paths already, hence baseUrl "/". The entry file is always fetched fresh (Pagefind's
      // default), so a new deployment never pairs an old entry with new index files.
      m.createInstance({ basePath, baseUrl: "/", language: cfg.language, noWorker: true, excerptLength: 24 }));
    // A failed load must not stick: the next attempt (say, after the network is back) tries again.
    engine.catch(() => { engine = null; });
    return engine;
  };
  // Each query's results, so "more results" pages through the same list without searching again.
  let last: { query: string; results: Array<{ data(): Promise<PagefindData> }> } | null = null;

  return {
    async preload() { await load(); },
    async search(query, page, size): Promise<SearchResults> {
      const pf = await load();
      if (last?.query !== query) {
        const res = await pf.search(query);
        if (!res) return { hits: [], total: 0, more: false }; // superseded by a newer search
        last = { query, results: res.results };
      }
      const slice = last.results.slice(page * size, (page + 1) * size);
      const hits = await Promise.all(slice.map(async (r): Promise<SearchHit> => {
        const d = await r.data();
        const title = d.meta.title ?? d.url;
        const breadcrumbs = d.meta.breadcrumbs ? d.meta.breadcrumbs.split(" › ") : [];
        return {
          url: d.url,
          title: highlightTerms(title, query),
          breadcrumbs,
          snippet: markedSegments(d.excerpt),
          // The first sub-result is the page itself (text before the first heading): skip it.
          headings: (d.sub_results ?? []).filter((s) => s.url.includes("#")).slice(0, 3).map((s) => ({
            url: s.url, title: highlightTerms(s.title, query), page: title, breadcrumbs, snippet: markedSegments(s.excerpt), headings: [],
          })),
        };
      }));
      return { hits, total: last.results.length, more: (page + 1) * size < last.results.length };
    },
  };
}
