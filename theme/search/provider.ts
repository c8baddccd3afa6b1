// Picks the provider the site is configured with; one instance per locale and version, kept for the session.
import type { SearchClientConfig, SearchProvider } from "./types.ts";
import { localProvider } from "./local.ts";
import { algoliaProvider } from "./algolia.ts";

const providers = new Map<string, SearchProvider>();

export function providerFor(cfg: SearchClientConfig, version: string): SearchProvider {
  const key = `${cfg.locale}|${version}`;
  let p = providers.get(key);
  if (!p) {
    p = cfg.provider === "algolia" ? algoliaProvider(cfg, version) : localProvider(cfg, version);
    providers.set(key, p);
  }
  return p;
}

/** The docs version of the page being read, else the latest one. */
export function currentVersion(cfg: SearchClientConfig): string {
  const v = document.getElementById("__docsite")?.getAttribute("data-docs-version")?.split("|")[1];
  return v && (v in cfg.bundles || cfg.algolia?.versionTags[v]) ? v : cfg.defaultVersion;
}
