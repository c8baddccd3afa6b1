// Build steps whose output is a pure function of their inputs and the toolchain, taken from the build cache when
// those are unchanged: the client bundle (esbuild) and the local search index bundles.
import { bundleClient, type ClientBundle } from "../client/bundle.ts";
import { analysePage, localIndexFiles, type IndexedPage, type PageAnalysis } from "../search/local-index.ts";
import type { Synonyms } from "../../theme/search/local-format.ts";
import { randomUUID } from "node:crypto";
import type { BuildCache } from "../cache/cache.ts";
import { appendToPack, PackReader, stagePack, type PackedRef } from "../cache/packs.ts";

/** The stores of these steps. */
export const CLIENT_STORE = "client";
export const SEARCH_STORE = "search";
export const SEARCH_PAGE_STORE = "search-page";
const SEARCH_PAGE_INDEX = "search-page-index.json";

/** JSON from an entry, or undefined (counted as damaged) when it does not parse. */
function parsed<T>(cache: BuildCache, store: string, text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    cache.damaged(store);
    return undefined;
  }
}

export async function cachedClientBundle(
  cache: BuildCache,
  opts: Parameters<typeof bundleClient>[0],
): Promise<ClientBundle> {
  const key = cache.key(CLIENT_STORE, opts);
  const hit = parsed<Omit<ClientBundle, "files"> & { files: Array<[string, string]> }>(
    cache,
    CLIENT_STORE,
    cache.readText(CLIENT_STORE, key),
  );
  if (hit) return { ...hit, files: new Map(hit.files.map(([f, data]) => [f, Buffer.from(data, "base64")])) };
  const b = await bundleClient(opts);
  const files = [...b.files].map(([f, data]) => [f, Buffer.from(data).toString("base64")]);
  cache.write(CLIENT_STORE, key, JSON.stringify({ ...b, files }));
  return b;
}

/**
 * The search index bundles of one build (one per locale and version). A bundle is built again only when one of its
 * pages' indexed text changes; then only the changed pages are analysed again (tokens, stems, term counts: most of
 * the work), the others' analyses come from the cache. The assembly (weights, shards) always runs over every page,
 * so the bundle is the one a cold build writes. The bundle's key is made of its pages' keys, so each page's text is
 * hashed once. The analyses are appended to one pack per build (cli/cache/packs.ts); `finish` writes their index
 * once every bundle is made.
 */
export function cachedSearchBundles(cache: BuildCache): {
  bundle: (pages: IndexedPage[], synonyms?: Synonyms) => Map<string, string>;
  finish(): void;
} {
  let reader: PackReader<PackedRef> | undefined;
  const packs = () => (reader ??= new PackReader<PackedRef>(cache, SEARCH_PAGE_STORE, SEARCH_PAGE_INDEX));
  // The analyses of the pages this build indexes: the next index.
  const next = new Map<string, PackedRef>();
  const pack = stagePack(SEARCH_PAGE_STORE, randomUUID());
  const bundle = (pages: IndexedPage[], synonyms?: Synonyms): Map<string, string> => {
    const pageKeys = pages.map((page) => cache.key(SEARCH_PAGE_STORE, JSON.stringify(page)));
    const key = cache.key(SEARCH_STORE, pageKeys, synonyms ?? {});
    const hit = parsed<Array<[string, string]>>(cache, SEARCH_STORE, cache.readText(SEARCH_STORE, key));
    if (hit) {
      for (const k of pageKeys) {
        const ref = packs().index.get(k);
        if (ref) next.set(k, ref);
      }
      return new Map(hit);
    }
    const files = localIndexFiles(pages, synonyms, (all) =>
      all.map((page, i) => {
        const k = pageKeys[i];
        const known = next.get(k) ?? packs().index.get(k);
        const analysis = known && parsed<PageAnalysis>(cache, SEARCH_PAGE_STORE, packs().read(known));
        if (known && analysis) {
          next.set(k, known);
          return analysis;
        }
        const fresh = analysePage(page);
        const at = appendToPack(cache, SEARCH_PAGE_STORE, pack, JSON.stringify(fresh));
        if (at) next.set(k, at);
        return fresh;
      }),
    );
    cache.write(SEARCH_STORE, key, JSON.stringify([...files]));
    return files;
  };
  return { bundle, finish: () => reader?.finish(next) };
}
