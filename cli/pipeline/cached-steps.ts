// Build steps whose output is a pure function of their inputs and the toolchain, taken from the build cache when
// those are unchanged: the client bundle (esbuild) and the local search index bundles.
import { bundleClient, type ClientBundle } from "../client/bundle.ts";
import { analysePage, localIndexFiles, type IndexedPage, type PageAnalysis } from "../search/local-index.ts";
import type { Synonyms } from "../../theme/search/local-format.ts";
import { randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { join } from "node:path";
import { entryFileSize, type BuildCache } from "../cache/cache.ts";
import { checksum } from "../cache/hash.ts";
import { appendToPack, PackReader, stagePack, type PackedRef } from "../cache/packs.ts";
import type { Content, StoredContent } from "../output/output-update.ts";
import { DocsiteError } from "../log.ts";

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

/** A search bundle's entry: `<key>.json`, each file's name, length and content hash; `<key>.bin`, the files. */
const SEARCH_META = ".json";
const SEARCH_BULK = ".bin";

interface SearchMeta {
  files: Array<[string, number, string]>;
  /** The size of the `.bin` entry file: checked by a stat when the files are not read. */
  bulkFileSize: number;
}

const isSearchMeta = (m: unknown): m is SearchMeta =>
  typeof m === "object" &&
  m !== null &&
  Number.isInteger((m as SearchMeta).bulkFileSize) &&
  Array.isArray((m as SearchMeta).files) &&
  (m as SearchMeta).files.every(
    (f) => Array.isArray(f) && typeof f[0] === "string" && Number.isInteger(f[1]) && typeof f[2] === "string",
  );

/** The `.bin` entry's files, cut by the lengths its description gives; undefined when it is missing or damaged. */
function readBulk(cache: BuildCache, key: string, meta: SearchMeta): Map<string, Uint8Array> | undefined {
  const bytes = cache.read(SEARCH_STORE, key, SEARCH_BULK);
  if (!bytes) return undefined;
  const out = new Map<string, Uint8Array>();
  let at = 0;
  for (const [name, length] of meta.files) {
    out.set(name, bytes.subarray(at, at + length));
    at += length;
  }
  if (at === bytes.length) return out;
  cache.damaged(SEARCH_STORE);
  return undefined;
}

/**
 * A bundle's files from its entry, known by their content hashes, or undefined (a miss; a damaged entry counted).
 * When the output lacks one of them (`needed`), the files are read and checked now, so a damaged entry is a miss here,
 * where the bundle can be made again. Otherwise they are read only if the output asks for one (a file of it changed
 * meanwhile): a no-change build reads none of their megabytes. One found damaged then fails the build with "run the
 * build again" and the entry goes (the render store and the image cache do the same).
 */
function storedBundle(
  cache: BuildCache,
  key: string,
  needed: (name: string, hash: string) => boolean,
): Map<string, Content> | undefined {
  const text = cache.readText(SEARCH_STORE, key, SEARCH_META);
  if (text === undefined) return undefined;
  let meta: unknown;
  try {
    meta = JSON.parse(text);
  } catch {
    meta = undefined;
  }
  const bulkFile = join(cache.folder(SEARCH_STORE), key + SEARCH_BULK);
  const size = isSearchMeta(meta) ? statSync(bulkFile, { throwIfNoEntry: false })?.size : undefined;
  if (!isSearchMeta(meta) || size !== meta.bulkFileSize) {
    cache.damaged(SEARCH_STORE);
    return undefined;
  }
  const found = meta;
  cache.keep(SEARCH_STORE, [key]);
  if (found.files.some(([name, , hash]) => needed(name, hash))) {
    const files = readBulk(cache, key, found);
    if (!files) return undefined;
    return new Map(found.files.map(([name, , hash]) => [name, { hash, read: () => files.get(name)! }]));
  }
  let bulk: Map<string, Uint8Array> | undefined;
  const read = (name: string): Uint8Array => {
    bulk ??= readBulk(cache, key, found);
    const bytes = bulk?.get(name);
    if (!bytes) {
      cache.remove(SEARCH_STORE, key, SEARCH_META);
      cache.remove(SEARCH_STORE, key, SEARCH_BULK);
      throw new DocsiteError(
        `the build cache lost the search index file ${name} while the build ran`,
        {},
        "run the build again (was .docsite/cache changed meanwhile?)",
      );
    }
    return bytes;
  };
  return new Map(
    found.files.map(([name, , hash]): [string, StoredContent] => [name, { hash, read: () => read(name) }]),
  );
}

/** Keeps a bundle's files: the `.bin` first, then the description that vouches for it. */
function storeBundle(cache: BuildCache, key: string, files: Map<string, string>): void {
  const parts = [...files].map(([name, text]) => [name, Buffer.from(text, "utf8")] as const);
  const bulk = Buffer.concat(parts.map(([, b]) => b));
  const meta: SearchMeta = {
    files: parts.map(([name, b]) => [name, b.length, checksum(b)]),
    bulkFileSize: entryFileSize(SEARCH_STORE, key, bulk.length),
  };
  if (cache.write(SEARCH_STORE, key, bulk, SEARCH_BULK))
    cache.write(SEARCH_STORE, key, JSON.stringify(meta), SEARCH_META);
}

/**
 * The search index bundles of one build (one per locale and version). A bundle is built again only when one of its
 * pages' indexed text changes; then only the changed pages are analysed again (tokens, stems, term counts: most of
 * the work), the others' analyses come from the cache. The assembly (weights, shards) always runs over every page,
 * so the bundle is the one a cold build writes. The bundle's key is made of its pages' keys, so each page's text is
 * hashed once. The analyses are appended to one pack per build (cli/cache/packs.ts); `finish` writes their index
 * once every bundle is made. A bundle from the cache is read only when the output needs its files (storedBundle);
 * `outputHas` says what the output folder holds (by output path and content hash).
 */
export function cachedSearchBundles(
  cache: BuildCache,
  outputHas: (rel: string, hash: string) => boolean = () => false,
): {
  bundle: (pages: IndexedPage[], synonyms: Synonyms | undefined, dir: string) => Map<string, Content>;
  finish(): void;
} {
  let reader: PackReader<PackedRef> | undefined;
  const packs = () => (reader ??= new PackReader<PackedRef>(cache, SEARCH_PAGE_STORE, SEARCH_PAGE_INDEX));
  // The analyses of the pages this build indexes: the next index.
  const next = new Map<string, PackedRef>();
  const pack = stagePack(SEARCH_PAGE_STORE, randomUUID());
  const bundle = (pages: IndexedPage[], synonyms: Synonyms | undefined, dir: string): Map<string, Content> => {
    const pageKeys = pages.map((page) => cache.key(SEARCH_PAGE_STORE, JSON.stringify(page)));
    const key = cache.key(SEARCH_STORE, pageKeys, synonyms ?? {});
    const hit = storedBundle(cache, key, (name, hash) => !outputHas(dir + name, hash));
    if (hit) {
      for (const k of pageKeys) {
        const ref = packs().index.get(k);
        if (ref) next.set(k, ref);
      }
      return hit;
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
    storeBundle(cache, key, files);
    return files;
  };
  return { bundle, finish: () => reader?.finish(next) };
}
