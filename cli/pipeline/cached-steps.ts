// Build steps whose output is a pure function of their inputs and the code, taken from the build cache when
// those are unchanged: the client bundle (esbuild) and the local search index bundles.
import { bundleClient, type ClientBundle } from "../client/bundle.ts";
import { analysePage, localIndexFiles, type IndexedPage, type PageAnalysis } from "../search/local-index.ts";
import type { Synonyms } from "../../theme/search/local-format.ts";
import { randomUUID } from "node:crypto";
import { cacheKey, type BuildCache } from "./cache.ts";
import { appendToPack, PackReader, stagePack, type PackedRef } from "./pack-store.ts";

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

/** The namespace of the page analyses' packs, and their index. */
export const SEARCH_PAGE_NS = "search-page";
export const SEARCH_PAGE_INDEX = "search-page-index.json";

/**
 * The search index bundles of one build (one per locale and version). A bundle is built again only when one of its
 * pages' indexed text changes; then only the changed pages are analysed again (tokens, stems, term counts: most of
 * the work), the others' analyses come from the cache. The assembly (weights, shards) always runs over every page,
 * so the bundle is the one a cold build writes. The bundle's key is made of its pages' keys, so each page's text is
 * hashed once. The analyses are appended to one pack per build (pipeline/pack-store.ts: a file per page cost a
 * cold build about 0.4 s); `finish` writes their index once every bundle is made.
 */
export function cachedSearchBundles(cache: BuildCache): {
  bundle: (pages: IndexedPage[], synonyms?: Synonyms) => Map<string, string>;
  finish(): void;
} {
  let reader: PackReader<PackedRef> | undefined;
  const packs = () => (reader ??= new PackReader<PackedRef>(cache, SEARCH_PAGE_NS, SEARCH_PAGE_INDEX));
  // The analyses of the pages this build indexes: the next index.
  const next = new Map<string, PackedRef>();
  const pack = stagePack(SEARCH_PAGE_NS, randomUUID());
  const bundle = (pages: IndexedPage[], synonyms?: Synonyms): Map<string, string> => {
    // As a string: JSON.stringify without cacheKey's replacer, which is called for every value of the page.
    const pageKeys = pages.map((page) => cacheKey("search-page", JSON.stringify(page)));
    const key = cacheKey("search", pageKeys, synonyms ?? {});
    const hit = cache.get("search", key);
    if (hit !== undefined) {
      for (const k of pageKeys) {
        const ref = packs().index.get(k);
        if (ref) next.set(k, ref);
      }
      return new Map(JSON.parse(hit) as Array<[string, string]>);
    }
    const files = localIndexFiles(pages, synonyms, (all) =>
      all.map((page, i) => {
        const k = pageKeys[i];
        const known = next.get(k) ?? packs().index.get(k);
        const text = known && packs().read(known);
        if (known && text !== undefined) {
          next.set(k, known);
          return JSON.parse(text) as PageAnalysis;
        }
        const analysis = analysePage(page);
        const at = appendToPack(cache, SEARCH_PAGE_NS, pack, JSON.stringify(analysis));
        if (at) next.set(k, at);
        return analysis;
      }),
    );
    cache.set("search", key, JSON.stringify([...files]));
    return files;
  };
  return { bundle, finish: () => reader?.finish(next) };
}
