// Build steps whose output is a pure function of their inputs and the code, taken from the build cache when
// those are unchanged: the client bundle (esbuild) and the local search index bundles.
import { bundleClient, type ClientBundle } from "../client/bundle.ts";
import { analysePage, localIndexFiles, type IndexedPage, type PageAnalysis } from "../search/local-index.ts";
import type { Synonyms } from "../../theme/search/local-format.ts";
import { cacheKey, type BuildCache } from "./cache.ts";

export async function cachedClientBundle(
  cache: BuildCache,
  opts: Parameters<typeof bundleClient>[0],
): Promise<ClientBundle> {
  const key = cacheKey("client", opts);
  const hit = cache.get("client", key);
  if (hit !== undefined) {
    const b = JSON.parse(hit) as Omit<ClientBundle, "files"> & { files: Array<[string, string]> };
    return { ...b, files: new Map(b.files.map(([f, data]) => [f, Buffer.from(data, "base64")])) };
  }
  const b = await bundleClient(opts);
  const files = [...b.files].map(([f, data]) => [f, Buffer.from(data).toString("base64")]);
  cache.set("client", key, JSON.stringify({ ...b, files }));
  return b;
}

/**
 * A search index bundle, built again only when one of its pages' indexed text changes; then only the changed pages
 * are analysed again (tokens, stems, term counts: most of the work), the others come from per-page entries. The
 * assembly (weights, shards) always runs over every page, so the bundle is the one a cold build writes. The bundle's
 * key is made of its pages' keys, so each page's text is hashed once.
 */
export const cachedSearchBundle =
  (cache: BuildCache) =>
  (pages: IndexedPage[], synonyms?: Synonyms): Map<string, string> => {
    // As a string: JSON.stringify without cacheKey's replacer, which is called for every value of the page.
    const pageKeys = pages.map((page) => cacheKey("search-page", JSON.stringify(page)));
    const key = cacheKey("search", pageKeys, synonyms ?? {});
    const hit = cache.get("search", key);
    if (hit !== undefined) {
      cache.keep("search-page", pageKeys);
      return new Map(JSON.parse(hit) as Array<[string, string]>);
    }
    const files = localIndexFiles(pages, synonyms, (all) =>
      all.map((page, i) => {
        const k = pageKeys[i];
        const known = cache.get("search-page", k);
        if (known !== undefined) return JSON.parse(known) as PageAnalysis;
        const analysis = analysePage(page);
        cache.set("search-page", k, JSON.stringify(analysis));
        return analysis;
      }),
    );
    cache.set("search", key, JSON.stringify([...files]));
    return files;
  };
