// The islands of a whole site, for the build and the dev server: which island modules its pages use, and their
// browser chunks once the client bundle (whose shared React they import) is made.
import type { SiteConfig } from "../config/types.ts";
import type { Route } from "../routes/types.ts";
import { siteData } from "../../theme/docusaurus/site-modules.tsx";
import type { BuildCache } from "../cache/cache.ts";
import { readRecorded, writeRecorded } from "../cache/recorded-inputs.ts";
import { bundleIslands, ISLANDS_STORE, type IslandChunks } from "./bundle.ts";
import { bundleIslandsRuntime, type IslandsRuntime } from "./runtime.ts";

/** The runtime as the store keeps it: its files' bytes in base64. */
type KeptRuntime = Omit<IslandsRuntime, "files"> & { files: Array<[string, string]> };

/**
 * The islands' runtime: made of docsite's own files and packages only (the toolchain identity), so kept by its
 * options alone.
 */
async function islandsRuntime(opts: { baseUrl: string; dev: boolean }, root: string, cache?: BuildCache) {
  const key = cache?.key(ISLANDS_STORE, "runtime", opts);
  const kept = cache && key ? readRecorded<KeptRuntime>(cache, ISLANDS_STORE, key, root) : undefined;
  if (kept)
    return {
      ...kept,
      files: new Map(kept.files.map(([f, b]) => [f, new Uint8Array(Buffer.from(b, "base64"))] as const)),
    };
  const made = await bundleIslandsRuntime(opts);
  if (cache && key) {
    const files = [...made.files].map(([f, b]) => [f, Buffer.from(b).toString("base64")] as [string, string]);
    writeRecorded<KeptRuntime>(cache, ISLANDS_STORE, key, root, { ...made, files }, []);
  }
  return made;
}

/** The island keys the routes' pages use (their compiled content, and `more`: the site's React pages'). */
export function siteIslandKeys(routes: Iterable<Route>, more: Iterable<string> = []): string[] {
  const keys = new Set<string>(more);
  for (const r of routes) if ("compiled" in r) for (const k of r.compiled.modules?.islands ?? []) keys.add(k);
  return [...keys].sort();
}

/** The islands' runtime and chunks of `keys` (nothing for a site without islands). */
export async function siteIslandChunks(
  config: SiteConfig,
  keys: string[],
  dev = false,
  cache?: BuildCache,
): Promise<IslandChunks & { loader?: string }> {
  if (!keys.length) return { files: new Map(), urls: new Map(), frames: [] };
  const runtime = await islandsRuntime({ baseUrl: config.baseUrl, dev }, config.rootDir, cache);
  const chunks = await bundleIslands(
    keys,
    {
      rootDir: config.rootDir,
      baseUrl: config.baseUrl,
      aliases: config.docusaurus?.aliases ?? {},
      shared: runtime.shared,
      site: siteData(config),
      ...(config.docusaurus?.themeOverrides ? { overrides: config.docusaurus.themeOverrides } : {}),
      dev,
    },
    cache,
  );
  return { ...chunks, files: new Map([...runtime.files, ...chunks.files]), loader: runtime.loader };
}
