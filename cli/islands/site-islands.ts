// The islands of a whole site, for the build and the dev server: which island modules its pages use, and their
// browser chunks once the client bundle (whose shared React they import) is made.
import type { SiteConfig } from "../config/types.ts";
import type { ClientBundle } from "../client/bundle.ts";
import type { Route } from "../routes/types.ts";
import { siteData } from "../../theme/docusaurus/site-modules.tsx";
import { bundleIslands, type IslandChunks } from "./bundle.ts";

/** The island keys the routes' pages use (their compiled content, and `more`: the site's React pages'). */
export function siteIslandKeys(routes: Iterable<Route>, more: Iterable<string> = []): string[] {
  const keys = new Set<string>(more);
  for (const r of routes) if ("compiled" in r) for (const k of r.compiled.modules?.islands ?? []) keys.add(k);
  return [...keys].sort();
}

/** The chunks of `keys` (none for a site without islands). */
export async function siteIslandChunks(
  config: SiteConfig,
  keys: string[],
  bundle: ClientBundle,
  dev = false,
): Promise<IslandChunks> {
  if (!keys.length) return { files: new Map(), urls: new Map(), frames: [] };
  if (!bundle.shared) throw new Error("internal: the client bundle was made without the islands' shared modules");
  return bundleIslands(keys, {
    rootDir: config.rootDir,
    baseUrl: config.baseUrl,
    aliases: config.docusaurus?.aliases ?? {},
    shared: bundle.shared,
    site: siteData(config),
    dev,
  });
}
