// The local provider: the index the build wrote for this locale and docs version (cli/search/local-index.ts),
// fetched piece by piece on first use. This module sits in the modal's and the search page's chunks, so nothing of
// it reaches the first-load JavaScript.
import type { SearchClientConfig, SearchHit, SearchProvider, SearchResults } from "./types.ts";
import { localEngine, type RankedPage } from "./local-engine.ts";
import { MANIFEST, type Fragment } from "./local-format.ts";
import { excerpt, highlight } from "./excerpt.ts";
import { yieldToMain } from "./yield.ts";

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

  function hit(r: RankedPage, f: Fragment, stems: string[]): SearchHit {
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
      const shown = pages.slice(page * size, (page + 1) * size);
      const fragments = await Promise.all(shown.map((r) => engine.fragment(r.page)));
      // Marking the query's words stems every word of each snippet's text: for a page of ten results, on a phone's
      // CPU, done at once that is one long task (the search page's total blocking time, when it is opened with ?q=).
      // One result per task keeps each one short.
      const hits: SearchHit[] = [];
      for (const [i, r] of shown.entries()) {
        await yieldToMain();
        hits.push(hit(r, fragments[i], stems));
      }
      const results = { hits, total: pages.length, more: (page + 1) * size < pages.length };
      return searched ? { ...results, searched } : results;
    },
  };
}
