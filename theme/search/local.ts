// The local provider: the index the build wrote for this locale and docs version (cli/search/local-index.ts),
// fetched piece by piece on first use. This module sits in the modal's and the search page's chunks, so nothing of
// it reaches the first-load JavaScript.
import type { SearchClientConfig, SearchHit, SearchProvider, SearchResults } from "./types.ts";
import { localEngine, type RankedPage } from "./local-engine.ts";
import { MANIFEST } from "./local-format.ts";
import { excerpt, highlight } from "./excerpt.ts";

/** Heading results shown under a page result. */
const HEADINGS = 3;

export function localProvider(cfg: SearchClientConfig, version: string): SearchProvider {
  const basePath = cfg.bundles[version] ?? cfg.bundles[cfg.defaultVersion];
  const engine = localEngine(async (file) => {
    // The manifest is revalidated so a new deployment never pairs an old manifest with new files; the files it
    // names carry a content hash and may be cached for good.
    const res = await fetch(basePath + file, file === MANIFEST ? { cache: "no-cache" } : undefined);
    if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
    return res.json();
  });
  // Each query's ranking, so "more results" pages through the same list without searching again.
  let last: { query: string; pages: RankedPage[]; stems: string[]; searched?: string } | null = null;

  async function hit(r: RankedPage, stems: string[]): Promise<SearchHit> {
    const f = await engine.fragment(r.page);
    const title = highlight(f.title, stems);
    const most = r.sections[0]?.matched ?? 0;
    return {
      url: f.url,
      title,
      breadcrumbs: f.breadcrumbs,
      snippet: excerpt(f.sections[0]?.[2] ?? "", stems),
      // Headings with (nearly) as many of the query's words as the page's best section.
      headings: r.sections
        .filter((s) => s.index > 0 && s.matched >= Math.max(1, most - 1))
        .slice(0, HEADINGS)
        .map((s) => {
          const [anchor, heading, text] = f.sections[s.index];
          return {
            url: `${f.url}#${anchor}`,
            title: highlight(heading, stems),
            page: f.title,
            breadcrumbs: f.breadcrumbs,
            snippet: excerpt(text, stems),
            headings: [],
          };
        }),
    };
  }

  return {
    preload: engine.preload,
    async search(query, page, size): Promise<SearchResults> {
      if (last?.query !== query) last = { query, ...(await engine.rank(query)) };
      const { pages, stems, searched } = last;
      const hits = await Promise.all(pages.slice(page * size, (page + 1) * size).map((r) => hit(r, stems)));
      const results = { hits, total: pages.length, more: (page + 1) * size < pages.length };
      return searched ? { ...results, searched } : results;
    },
  };
}
