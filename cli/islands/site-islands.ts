// The islands of a whole site, for the build and the dev server: which island modules its pages use, and their
// browser chunks once the client bundle (whose shared React they import) is made.
import type { SiteConfig } from "../config/types.ts";
import type { Route } from "../routes/types.ts";
import { siteData } from "../../theme/docusaurus/site-modules.tsx";
import { bundleIslands, type IslandChunks } from "./bundle.ts";
import { bundleIslandsRuntime } from "./runtime.ts";

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
): Promise<IslandChunks & { loader?: string }> {
  if (!keys.length) return { files: new Map(), urls: new Map(), frames: [] };
  const runtime = await bundleIslandsRuntime({ baseUrl: config.baseUrl, dev });
  const chunks = await bundleIslands(keys, {
    rootDir: config.rootDir,
    baseUrl: config.baseUrl,
    aliases: config.docusaurus?.aliases ?? {},
    shared: runtime.shared,
    site: siteData(config),
    dev,
  });
  return { ...chunks, files: new Map([...runtime.files, ...chunks.files]), loader: runtime.loader };
}
